# tour.cmake: run every chapter runner in order, then print one summary line per chapter.
#   cmake -DRUNNER_LIST=<file, one runner per line> -DSUMMARY=<file> [-DRUNNER_ARGS=<a;b;c>] -P tour.cmake
# The `tour` target (the README's command) and the CTest test `tour` both run this script.
file(STRINGS "${RUNNER_LIST}" runners)
if(NOT runners)
  message(FATAL_ERROR "tour.cmake: no runners listed in ${RUNNER_LIST}")
endif()
file(REMOVE "${SUMMARY}")
string(TIMESTAMP tour_start "%s")
set(durations "")
foreach(runner IN LISTS runners)
  string(TIMESTAMP runner_start "%s")
  execute_process(COMMAND ${runner} ${RUNNER_ARGS} --summary ${SUMMARY} RESULT_VARIABLE status)
  string(TIMESTAMP runner_end "%s")
  math(EXPR seconds "${runner_end} - ${runner_start}")
  get_filename_component(runner_name "${runner}" NAME)
  string(APPEND durations "  ${runner_name}: ${seconds} s\n")
  if(status EQUAL 77)
    message(FATAL_ERROR "\nThe tour needs an NVIDIA GPU, and this machine has none: no step was run.\n"
      "The tests still run here, with the GPU tests skipped:  cmake --workflow --preset test")
  elseif(NOT status EQUAL 0)
    message(FATAL_ERROR "\n${runner} FAILED (status ${status}): see its table above.")
  endif()
endforeach()
file(READ "${SUMMARY}" summary)
message("\nThe tour, one line per chapter: its fastest step's time over CUB's at the largest size it ran\n"
  "(below 1.00x: faster than CUB; CUB is the oracle each chapter's steps solve the same problem with)\n\n${summary}")
string(TIMESTAMP tour_end "%s")
math(EXPR tour_seconds "${tour_end} - ${tour_start}")
message("The time each chapter took:\n${durations}"
  "  all chapters: ${tour_seconds} s\n")
message(STATUS "The tour is over: every step of every chapter was correct.")
