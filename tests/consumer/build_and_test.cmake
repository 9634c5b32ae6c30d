# build_and_test.cmake: configure, build and run the consumer project, as a
# consumer would (cmake -P; tests/CMakeLists.txt passes the variables below).
#   SOURCE, BINARY   the consumer project and its build directory
#   GENERATOR        the build's generator
#   MODE             find_package or subdirectory (CUBLING_CONSUME)
#   CUBLING_SOURCE   cubling's source tree (for add_subdirectory)
#   PREFIX           where cubling is installed (for find_package)
#   ARCHITECTURES, FLAGS_RELEASE   this build's CUDA architectures and Release flags
#   JOBS             parallel build jobs
# Not `ctest --build-and-test`: it builds serially, whatever the environment
# asks (the GPU build's copy of libcubling then took over four minutes).
foreach(required SOURCE BINARY GENERATOR MODE CUBLING_SOURCE PREFIX ARCHITECTURES JOBS)
  if(NOT DEFINED ${required})
    message(FATAL_ERROR "build_and_test.cmake: -D${required}=... is missing")
  endif()
endforeach()

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "failed (${status}): ${ARGN}")
  endif()
endfunction()

# --fresh: a cache from an earlier run must not hide a configure problem
run(${CMAKE_COMMAND} --fresh -S ${SOURCE} -B ${BINARY} -G ${GENERATOR}
    -DCUBLING_CONSUME=${MODE} -DCUBLING_SOURCE_DIR=${CUBLING_SOURCE} -DCMAKE_PREFIX_PATH=${PREFIX}
    -DCMAKE_CUDA_ARCHITECTURES=${ARCHITECTURES} -DCMAKE_BUILD_TYPE=Release
    "-DCMAKE_CUDA_FLAGS_RELEASE=${FLAGS_RELEASE}")
run(${CMAKE_COMMAND} --build ${BINARY} --parallel ${JOBS})
run(${BINARY}/consumer_cxx)
run(${BINARY}/consumer_c)
