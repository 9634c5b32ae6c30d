# tour.cmake: run every chapter runner in order (cmake -DRUNNERS=a|b|c -P tour.cmake).
string(REPLACE "|" ";" runners "${RUNNERS}")
foreach(runner IN LISTS runners)
  execute_process(COMMAND ${runner} RESULT_VARIABLE status)
  if(status EQUAL 77)
    message(FATAL_ERROR "\nThe tour needs an NVIDIA GPU, and this machine has none: no step was run.\n"
      "The tests still run here, with the GPU tests skipped:  cmake --workflow --preset test")
  elseif(NOT status EQUAL 0)
    message(FATAL_ERROR "\n${runner} failed (status ${status}): see its table above.")
  endif()
endforeach()
message(STATUS "The tour is over: every step of every chapter was correct.")
