// scratch.cu: the device scratch chapter 01's steps need (SCRATCH in steps.def).
#include <cstddef>
#include <cstdint>

#include <cubling/util/math.cuh>

//! Step 5's partial sums: one int per chunk of 4096 items (its CHUNK).
size_t ch01_scratch_bytes(int64_t n)
{
  return sizeof(int) * static_cast<size_t>(cubling::ceil_div(n, int64_t{4096}) + 1);
}
