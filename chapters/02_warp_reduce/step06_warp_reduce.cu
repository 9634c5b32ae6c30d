// Step 6: the library version, cubling::WarpReduce.
//
// What changes: phase 2 is one line of library code. WarpReduce<int> is a
// cooperative type, as in CUB: the kernel gives each warp its TempStorage
// (empty here, since no shared memory is needed, but the same code then
// works for the versions that need some), each lane constructs a
// WarpReduce on its warp's storage and calls Sum with its value. The total
// is valid in lane 0.
// Why: the choice between a shuffle tree and step 5's instruction is made
// once, inside the library, at compile time: redux.sync for the sums, minima
// and maxima of 32-bit integers over a full warp on sm_80 and newer; a
// shuffle tree (step 3's, with its offsets going up so that the lanes stay
// in order) for other types and operators, and for logical warps of 1, 2, 4, 8 or 16
// threads; a shared-memory tree, with step 2's barriers, for logical warps
// of other sizes. lib/include/cubling/warp/ holds the three; the API is
// cub::WarpReduce's, so swapping cub:: for cubling:: is all it takes.
// Expected: the same time as step 5, since it compiles to the same
// instruction. The VERSUS row of this chapter runs this kernel on
// cub::WarpReduce too.
// Expected on many segments (segment_sums_i32): step 5's time, since it is
// the same redux.sync per segment; the library costs nothing over the
// hand-written instruction.
#include <cstdint>

#include <cuda_runtime.h>

#include <cubling/warp/warp_reduce.cuh>

#include "sum_frame.cuh"
#include "problems.h"

namespace step06_warp_reduce
{

// example-begin kernel
using WarpReduce = cubling::WarpReduce<int>; // 32 threads: the whole warp

__global__ void __launch_bounds__(ch02::BLOCK) reduce_kernel(const int* in, int* out, int64_t n)
{
  __shared__ WarpReduce::TempStorage temp_storage[ch02::WARPS]; // one per warp
  const int sum = WarpReduce(temp_storage[threadIdx.x / 32]).Sum(ch02::thread_sum(in, n));
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
  __shared__ WarpReduce::TempStorage temp_storage[ch02::WARPS]; // one per warp
  WarpReduce::TempStorage& warp_storage = temp_storage[threadIdx.x / 32];
  ch02::segment_sums(in, out, n, [&](int value) { return WarpReduce(warp_storage).Sum(value); });
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

} // namespace step06_warp_reduce
