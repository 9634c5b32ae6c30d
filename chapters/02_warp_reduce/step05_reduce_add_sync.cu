// Step 5: one instruction, __reduce_add_sync.
//
// What changes: the five rounds become one call. Since Ampere (sm_80) the
// hardware reduces a warp's 32-bit integers itself: `redux.sync`, exposed
// as __reduce_add_sync, __reduce_min_sync and __reduce_max_sync (and the
// bitwise __reduce_and/or/xor_sync), for `int` and `unsigned int`. Every
// lane in the mask gets the result. Older GPUs do not have the instruction;
// for them the code falls back to step 4's butterfly at compile time.
// Why: one instruction instead of ten, and one latency instead of a chain
// of five shuffle-then-add latencies. The limits are the instruction's:
// 32-bit integers only (no float, no 64-bit, no custom operator), and only
// the operations it knows.
// Expected: phase 2 is one instruction; the kernel's time, as for steps 3
// and 4, should not move, since phase 1 sets it (see step 1).
// Expected on many segments (segment_sums_i32): faster than steps 3 and 4,
// the fastest combine of the chapter: one instruction and one latency per
// segment instead of a chain of five shuffle-then-add rounds. How much
// shows depends on how much of each segment's time is its load.
#include <cstdint>

#include <cuda_runtime.h>

#include "sum_frame.cuh"
#include "problems.h"

namespace step05_reduce_add_sync
{

// example-begin kernel
// Phase 2: the hardware adds up the warp. The total ends in every lane.
__device__ __forceinline__ int warp_sum(int value)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  return __reduce_add_sync(0xffffffffu, value); // one redux.sync instruction
#else
#  pragma unroll
  for (int offset = 16; offset > 0; offset /= 2) // before sm_80: step 4's butterfly
  {
    value += __shfl_xor_sync(0xffffffffu, value, offset);
  }
  return value;
#endif
}

__global__ void __launch_bounds__(ch02::BLOCK) reduce_kernel(const int* in, int* out, int64_t n)
{
  const int sum = warp_sum(ch02::thread_sum(in, n));
  if (threadIdx.x % 32 == 0)
  {
    atomicAdd(out, sum); // phase 3: one atomic per warp
  }
}
// example-end kernel

// example-begin segment-kernel
// The same phase 2 on segment_sums_i32: one combine per 32-item segment (sum_frame.cuh).
__global__ void __launch_bounds__(ch02::BLOCK) segment_kernel(const int* in, int* out, int64_t n)
{
  ch02::segment_sums(in, out, n, [](int value) { return warp_sum(value); });
}
// example-end segment-kernel

void launch(const runner::Args<problems::reduce_sum_i32>& a)
{
  ch02::launch_sum(reduce_kernel, a);
}

void launch(const runner::Args<problems::segment_sums_i32>& a)
{
  ch02::launch_segments<segment_kernel>(a);
}

} // namespace step05_reduce_add_sync
