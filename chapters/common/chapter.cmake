# chapter.cmake: cubling_add_chapter() turns a chapter folder into programs and tests.
#
# Called from chapters/NN_name/CMakeLists.txt. It reads the folder's steps.def
# (the one table of steps) and makes:
#   chNN_<name>            the chapter runner (all steps; the tour runs it)
#   chNN_stepMM_<idea>     one standalone program per step
#   CTest chNN.stepMM_...  each step checked against the CPU reference and CUB
#   CTest chNN.<versus>    each VERSUS (or VERSUS_ON) row: a library kernel and its CUB twin, both checked
set(CUBLING_CHAPTERS_COMMON ${CMAKE_CURRENT_LIST_DIR})

function(cubling_add_chapter)
  get_filename_component(folder ${CMAKE_CURRENT_SOURCE_DIR} NAME)
  string(SUBSTRING ${folder} 0 2 number)
  string(SUBSTRING ${folder} 3 -1 topic)
  set(prefix ch${number})
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS steps.def)
  file(STRINGS steps.def chapter_line REGEX "^CHAPTER\\(")
  file(STRINGS steps.def step_lines REGEX "^STEP\\(")
  file(STRINGS steps.def versus_lines REGEX "^VERSUS(_ON)?\\(")

  # Every step file, compiled once.
  add_library(${prefix}_steps OBJECT)
  target_link_libraries(${prefix}_steps PRIVATE cubling::headers cubling_check)
  target_include_directories(${prefix}_steps PRIVATE ${CUBLING_CHAPTERS_COMMON})
  target_compile_options(${prefix}_steps PRIVATE ${CUBLING_WARNING_FLAGS} -lineinfo)

  foreach(line IN LISTS step_lines)
    if(NOT line MATCHES "^STEP\\(([0-9]+), *([A-Za-z0-9_]+),")
      message(FATAL_ERROR "${folder}/steps.def: cannot read '${line}'")
    endif()
    set(step ${CMAKE_MATCH_2})
    target_sources(${prefix}_steps PRIVATE ${step}.cu)

    # The step's own program: chapter_main.cu over a one-step table.
    set(table_dir ${CMAKE_CURRENT_BINARY_DIR}/${step})
    file(CONFIGURE OUTPUT ${table_dir}/steps.def CONTENT "${chapter_line}\n${line}\n")
    add_executable(${prefix}_${step} ${CUBLING_CHAPTERS_COMMON}/chapter_main.cu)
    target_include_directories(${prefix}_${step} PRIVATE ${table_dir})
    target_link_libraries(${prefix}_${step} PRIVATE ${prefix}_steps cubling_runner)

    add_test(NAME ${prefix}.${step} COMMAND ${prefix}_${step} --check)
    set_tests_properties(${prefix}.${step} PROPERTIES LABELS gpu SKIP_RETURN_CODE 77)
  endforeach()

  # Library-versus-CUB rows: compiled with the steps, run by the chapter runner.
  foreach(line IN LISTS versus_lines)
    if(line MATCHES "^VERSUS\\(([A-Za-z0-9_]+),")
      set(versus ${CMAKE_MATCH_1})
    elseif(line MATCHES "^VERSUS_ON\\([A-Za-z0-9_]+, *([A-Za-z0-9_]+),")
      set(versus ${CMAKE_MATCH_1})
    else()
      message(FATAL_ERROR "${folder}/steps.def: cannot read '${line}'")
    endif()
    target_sources(${prefix}_steps PRIVATE ${versus}.cu)
    add_test(NAME ${prefix}.${versus} COMMAND ${prefix}_${topic} --versus ${versus} --check)
    set_tests_properties(${prefix}.${versus} PROPERTIES LABELS gpu SKIP_RETURN_CODE 77)
  endforeach()

  # The chapter runner: every step, in order.
  add_executable(${prefix}_${topic} ${CUBLING_CHAPTERS_COMMON}/chapter_main.cu)
  target_include_directories(${prefix}_${topic} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
  target_link_libraries(${prefix}_${topic} PRIVATE ${prefix}_steps cubling_runner)
  add_test(NAME ${prefix}.runner_help COMMAND ${prefix}_${topic} --help)
  set_tests_properties(${prefix}.runner_help PROPERTIES LABELS cpu)
  set_property(GLOBAL APPEND PROPERTY CUBLING_TOUR_RUNNERS ${prefix}_${topic})
endfunction()
