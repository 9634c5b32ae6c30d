# build.cmake: Doxygen XML, then Sphinx with -W. Used by the `docs` target and the docs.html test.
# doctrees too: Sphinx 7's C++ domain loses unscoped enumerators (BLOCK_REDUCE_WARP_REDUCTIONS, ...)
# when it re-reads only some pages, and every page depends on the fresh XML anyway.
file(REMOVE_RECURSE ${BINARY}/xml ${BINARY}/html ${BINARY}/doctrees)
execute_process(COMMAND ${DOXYGEN} ${DOXYFILE} WORKING_DIRECTORY ${BINARY} RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "doxygen failed (status ${status}); it treats every warning as an error")
endif()
set(ENV{CUBLING_DOXYGEN_XML} ${BINARY}/xml)
execute_process(COMMAND ${PYTHON} -m sphinx -W --keep-going -n -q -b html -d ${BINARY}/doctrees
    ${SOURCE} ${BINARY}/html RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "sphinx-build -W failed (status ${status}): every warning is an error")
endif()
message(STATUS "docs: ${BINARY}/html/index.html")
