// scratch.cu: the device scratch chapter 03's steps need (SCRATCH in steps.def).
#include <cstddef>
#include <cstdint>

#include <cubling/util/math.cuh>

//! One partial sum per block: no step's block takes fewer than 64 items.
size_t ch03_scratch_bytes(int64_t n)
{
  return sizeof(int) * static_cast<size_t>(cubling::ceil_div(n, int64_t{64}) + 1);
}
