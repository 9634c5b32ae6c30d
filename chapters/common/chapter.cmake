# chapter.cmake: the runner library, cubling_add_chapter(), and the tour.
#
# cubling_add_chapter([PREFIX chNN] [TOPIC name] [PROBLEMS_HEADER file] [NOT_IN_TOUR] [NO_CHECK_TESTS])
# is called from a chapter folder (chapters/NN_name/CMakeLists.txt, or a test
# folder that drives the runner). It reads the folder's steps.def (the one
# table of steps) and makes:
#   chNN_<name>            the chapter runner (all steps; the tour runs it)
#   chNN_stepMM_<idea>     one standalone program per step
#   CTest chNN.stepMM_...  each step checked against the CPU reference and CUB
#   CTest chNN.<versus>    each VERSUS (or VERSUS_ON) row: a library kernel and its CUB twin, both checked
# PREFIX and TOPIC default to the folder's NN_name; PROBLEMS_HEADER (default
# problems.h, chapters/common) declares the problems that steps.def names.
# NO_CHECK_TESTS: register no step or VERSUS test (steps that fail on purpose).
# The step and VERSUS files compile into chNN_steps, one object each, or, with
# CUBLING_UNITY_CHAPTERS (the nogpu preset), as one generated file; main() is
# chapter_main.cpp, host code, compiled once for each program.
set(CUBLING_CHAPTERS_COMMON ${CMAKE_CURRENT_LIST_DIR} CACHE INTERNAL "chapters/common")

# The runner and the problems (CPU references, CUB oracles) that every chapter shares.
execute_process(COMMAND git describe --always --dirty --abbrev=12
  WORKING_DIRECTORY ${PROJECT_SOURCE_DIR} OUTPUT_VARIABLE cubling_commit
  OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
add_library(cubling_runner STATIC ${CMAKE_CURRENT_LIST_DIR}/runner.cu ${CMAKE_CURRENT_LIST_DIR}/problems.cu)
target_include_directories(cubling_runner PUBLIC ${CMAKE_CURRENT_LIST_DIR})
target_link_libraries(cubling_runner PUBLIC cubling::headers cubling_check)
target_compile_definitions(cubling_runner PRIVATE CUBLING_GIT_COMMIT="${cubling_commit}")
target_compile_options(cubling_runner PRIVATE ${CUBLING_WARNING_FLAGS})

function(cubling_add_chapter)
  cmake_parse_arguments(arg "NOT_IN_TOUR;NO_CHECK_TESTS" "PREFIX;TOPIC;PROBLEMS_HEADER" "" ${ARGN})
  get_filename_component(folder ${CMAKE_CURRENT_SOURCE_DIR} NAME)
  string(SUBSTRING ${folder} 0 2 number)
  string(SUBSTRING ${folder} 3 -1 topic)
  set(prefix ch${number})
  if(arg_PREFIX)
    set(prefix ${arg_PREFIX})
  endif()
  if(arg_TOPIC)
    set(topic ${arg_TOPIC})
  endif()
  set(common ${CUBLING_CHAPTERS_COMMON})
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS steps.def)
  file(STRINGS steps.def chapter_lines REGEX "^(CHAPTER|ALSO_ON|SCRATCH)\\(")
  file(STRINGS steps.def step_lines REGEX "^STEP\\(")
  file(STRINGS steps.def versus_lines REGEX "^VERSUS(_ON)?\\(")
  string(JOIN "\n" chapter_text ${chapter_lines})
  set(definitions) # an absent CUBLING_HAS_... reads as 0 in chapter_main.cpp's #if
  if(chapter_text MATCHES "ALSO_ON\\(")
    list(APPEND definitions CUBLING_HAS_ALSO_ON=1)
  endif()
  if(chapter_text MATCHES "SCRATCH\\(")
    list(APPEND definitions CUBLING_HAS_SCRATCH=1)
  endif()
  if(arg_PROBLEMS_HEADER)
    list(APPEND definitions CUBLING_PROBLEMS_HEADER="${arg_PROBLEMS_HEADER}")
  endif()
  # Every step file, compiled once.
  add_library(${prefix}_steps OBJECT)
  target_link_libraries(${prefix}_steps PRIVATE cubling::headers cubling_check)
  target_include_directories(${prefix}_steps PRIVATE ${common} ${CMAKE_CURRENT_SOURCE_DIR})
  target_compile_options(${prefix}_steps PRIVATE ${CUBLING_WARNING_FLAGS} -lineinfo)
  set(step_sources) # the chapter's own .cu files, in steps.def's order
  if(EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/scratch.cu) # the SCRATCH function of steps.def
    list(APPEND step_sources scratch.cu)
  endif()

  foreach(line IN LISTS step_lines)
    if(NOT line MATCHES "^STEP\\(([0-9]+), *([A-Za-z0-9_]+),")
      message(FATAL_ERROR "${folder}/steps.def: cannot read '${line}'")
    endif()
    set(step ${CMAKE_MATCH_2})
    list(APPEND step_sources ${step}.cu)

    # The step's own program: chapter_main.cpp over a one-step table.
    set(table_dir ${CMAKE_CURRENT_BINARY_DIR}/${step})
    file(CONFIGURE OUTPUT ${table_dir}/steps.def CONTENT "${chapter_text}\n${line}\n")
    add_executable(${prefix}_${step} ${common}/chapter_main.cpp)
    target_include_directories(${prefix}_${step} PRIVATE ${table_dir} ${CMAKE_CURRENT_SOURCE_DIR})
    target_compile_definitions(${prefix}_${step} PRIVATE ${definitions})
    target_compile_options(${prefix}_${step} PRIVATE ${CUBLING_WARNING_FLAGS})
    target_link_libraries(${prefix}_${step} PRIVATE ${prefix}_steps cubling_runner)

    if(NOT arg_NO_CHECK_TESTS)
      add_test(NAME ${prefix}.${step} COMMAND ${prefix}_${step} --check)
      set_tests_properties(${prefix}.${step} PROPERTIES LABELS gpu SKIP_RETURN_CODE 77)
    endif()
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
    list(APPEND step_sources ${versus}.cu)
    if(NOT arg_NO_CHECK_TESTS)
      add_test(NAME ${prefix}.${versus} COMMAND ${prefix}_${topic} --versus ${versus} --check)
      set_tests_properties(${prefix}.${versus} PROPERTIES LABELS gpu SKIP_RETURN_CODE 77)
    endif()
  endforeach()

  # The step and VERSUS files: one object each, or (CUBLING_UNITY_CHAPTERS) one
  # generated file that includes them all, so that the CUDA and cubling headers
  # are read once a chapter, not once a file. Each file keeps to its own
  # namespace, so they combine; the build for a GPU keeps them apart.
  if(CUBLING_UNITY_CHAPTERS)
    list(TRANSFORM step_sources PREPEND "#include \"${CMAKE_CURRENT_SOURCE_DIR}/" OUTPUT_VARIABLE include_lines)
    list(TRANSFORM include_lines APPEND "\"")
    string(JOIN "\n" include_text "// Generated by chapter.cmake (CUBLING_UNITY_CHAPTERS): ${folder}'s steps in one file." ${include_lines})
    set(unity_file ${CMAKE_CURRENT_BINARY_DIR}/${prefix}_steps_unity.cu)
    file(CONFIGURE OUTPUT ${unity_file} CONTENT "${include_text}\n")
    target_sources(${prefix}_steps PRIVATE ${unity_file})
  else()
    target_sources(${prefix}_steps PRIVATE ${step_sources})
  endif()

  # The chapter runner: every step, in order.
  add_executable(${prefix}_${topic} ${common}/chapter_main.cpp)
  target_include_directories(${prefix}_${topic} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
  target_compile_definitions(${prefix}_${topic} PRIVATE ${definitions})
  target_compile_options(${prefix}_${topic} PRIVATE ${CUBLING_WARNING_FLAGS})
  target_link_libraries(${prefix}_${topic} PRIVATE ${prefix}_steps cubling_runner)
  add_test(NAME ${prefix}.runner_help COMMAND ${prefix}_${topic} --help)
  set_tests_properties(${prefix}.runner_help PROPERTIES LABELS cpu)
  if(NOT arg_NOT_IN_TOUR)
    set_property(GLOBAL APPEND PROPERTY CUBLING_TOUR_RUNNERS ${prefix}_${topic})
  endif()
endfunction()

# cubling_add_tour(): after every chapter, the `tour` target (the README's
# `cmake --workflow --preset tour`) and the CTest test `tour`, which run the
# same script, tour.cmake, over the same runners: the list of runner files is
# written to the build tree, so that nothing on a command line can split it.
function(cubling_add_tour)
  get_property(runners GLOBAL PROPERTY CUBLING_TOUR_RUNNERS)
  set(files)
  foreach(runner IN LISTS runners)
    list(APPEND files $<TARGET_FILE:${runner}>)
  endforeach()
  set(list_file ${CMAKE_BINARY_DIR}/tour_runners.txt)
  file(GENERATE OUTPUT ${list_file} CONTENT "$<JOIN:${files},\n>\n")
  set(script ${CUBLING_CHAPTERS_COMMON}/tour.cmake)
  add_custom_target(tour
    # 10 timed runs a measurement (the figures take 101): a walk through the
    # book, whose medians are steady enough to watch the steps get faster.
    COMMAND ${CMAKE_COMMAND} -DRUNNER_LIST=${list_file} -DSUMMARY=${CMAKE_BINARY_DIR}/tour_summary.txt
      "-DRUNNER_ARGS=--reps;10" -P ${script}
    DEPENDS ${runners}
    USES_TERMINAL VERBATIM
    COMMENT "The tour: every chapter's steps, in order")
  # The test: the same script over the same runners, at small sizes and few runs.
  add_test(NAME tour
    COMMAND ${CMAKE_COMMAND} -DRUNNER_LIST=${list_file} -DSUMMARY=${CMAKE_BINARY_DIR}/tour_test_summary.txt
      "-DRUNNER_ARGS=--sizes;10:12:2;--reps;3" -P ${script})
  set_tests_properties(tour PROPERTIES LABELS gpu
    SKIP_REGULAR_EXPRESSION "The tour needs an NVIDIA GPU"
    FAIL_REGULAR_EXPRESSION "CMake Error|FAILED")
endfunction()
