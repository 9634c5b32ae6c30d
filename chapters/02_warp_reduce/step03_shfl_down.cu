// Step 3: registers instead of shared memory, with __shfl_down_sync.
//
// What changes: the tree of steps 1 and 2 stays, the shared memory goes.
// `__shfl_down_sync(mask, value, offset)` hands each lane the `value` of the
// lane `offset` above it, register to register, in one instruction. Five
// rounds (offsets 16, 8, 4, 2, 1), each a shuffle and an add, leave the
// warp's total in lane 0. Lanes whose partner would lie past lane 31 get
// their own value back; their sums become meaningless, but they never reach
// lane 0.
// Why: a shuffle replaces the store, the barrier and the load of a
// shared-memory level. It synchronises by itself: the `_sync` suffix and the
// mask (0xffffffff, all 32 lanes) say which lanes must arrive before any of
// them gets its value, so no __syncwarp() and no `volatile` are needed. No
// shared memory is allocated either, which leaves more of it to the
// occupancy calculator and to other kernels.
// Expected: phase 2 shrinks to ten instructions, a shuffle and an add per
// level where steps 1 and 2 needed a load, an add, a store and (step 1) a
// compare, with a shorter chain of latencies and no shared memory. The
// kernel's time should not move: phase 2 was never what it waited for (see
// step 1).
// Expected on many segments (segment_sums_i32): faster than steps 1 and 2.
// Each segment's combine is now five register-to-register shuffles, a
// shorter chain than five shared-memory round trips, with no barriers, so
// each warp gets to its next segment sooner.
#include <cstdint>

#include <cuda_runtime.h>

#include "sum_frame.cuh"
#include "problems.h"

namespace step03_shfl_down
{

// example-begin kernel
// Phase 2: five shuffle-and-add rounds. The total ends in lane 0.
__device__ __forceinline__ int warp_sum(int value)
{
#pragma unroll
  for (int offset = 16; offset > 0; offset /= 2)
  {
    value += __shfl_down_sync(0xffffffffu, value, offset); // lane i gets lane i + offset's value
  }
  return value;
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

} // namespace step03_shfl_down
