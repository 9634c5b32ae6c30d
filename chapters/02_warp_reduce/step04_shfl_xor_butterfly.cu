// Step 4: the butterfly, with __shfl_xor_sync.
//
// What changes: one intrinsic. `__shfl_xor_sync(mask, value, offset)` hands
// lane i the value of lane i ^ offset: at offset 16, lanes 0 and 16 swap,
// 1 and 17, ...; at offset 8, lanes 0 and 8, ... Each pair adds the same two
// numbers, so after five rounds every lane, not only lane 0, holds the
// warp's total.
// Why: a butterfly is the reduction to use when every lane needs the result
// (to normalise its values by a sum, to take a warp-wide decision), since it
// costs exactly what the shuffle-down tree costs, and saves the broadcast
// that would follow it. Here only lane 0 uses the total, so the difference
// is in what the code promises, not in what it costs. (With a
// non-commutative operator the lanes would combine in different orders;
// integer addition does not mind.)
// Expected: the same time as step 3: the same 5 shuffles and 5 adds.
// Expected on many segments (segment_sums_i32): step 3's time. The butterfly
// is the same five shuffles and five adds, so even where phase 2 is on the
// critical path it costs nothing more; what it buys (the total in every lane)
// is not used here.
#include <cstdint>

#include <cuda_runtime.h>

#include "sum_frame.cuh"
#include "problems.h"

namespace step04_shfl_xor_butterfly
{

// example-begin kernel
// Phase 2: five exchange-and-add rounds. The total ends in every lane.
__device__ __forceinline__ int warp_sum(int value)
{
#pragma unroll
  for (int offset = 16; offset > 0; offset /= 2)
  {
    value += __shfl_xor_sync(0xffffffffu, value, offset); // lane i gets lane (i ^ offset)'s value
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

} // namespace step04_shfl_xor_butterfly
