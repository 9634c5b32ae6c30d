// scratch.cu: the device scratch chapter 07's steps need (SCRATCH in steps.def).
#include <cstddef>
#include <cstdint>

#include "scan_frame.cuh"

//! The tile totals of pass 1 and pass 2's own totals (scan_frame.cuh).
size_t ch07_scratch_bytes(int64_t n)
{
  return sizeof(int) * static_cast<size_t>(ch07::scratch_ints(n));
}
