// Step 5: the last warp folds its values with shuffles.
//
// What changes: the shared-memory tree stops when 64 values are left. Then
// the first warp alone finishes: each of its 32 threads adds two of the 64
// values, and five __shfl_down_sync rounds (offsets 16, 8, 4, 2, 1) fold the
// 32 sums in registers, leaving the total in thread 0.
// Why: once s <= 32 only one warp is working, yet step 4 still paid a
// __syncthreads() for the whole block and a shared-memory round trip in each
// of its last 6 rounds. The threads of a warp can exchange registers
// directly with shuffles (chapter 02), which need neither shared memory nor
// a block-wide barrier: the warp's lanes synchronise among themselves.
// Expected: faster than step 4, by the 6 barriers and the shared-memory
// rounds that are gone. (This step needs a block of at least 64 threads.)
// Expected on many tiles (tile_sums_i32): the same kernel and grid as on the
// sum, one block per tile; the 6 barriers saved are paid once per tile, so
// faster than step 4, as on the sum.
#include <cstdint>

#include <cuda_runtime.h>

#include <cubling/util/math.cuh>

#include "sum_partials.cuh"
#include "problems.h"

namespace step05_unroll_last_warp
{

constexpr int BLOCK = 256;

// example-begin kernel
__global__ void reduce_kernel(const int* in, int* partials, int64_t n)
{
  __shared__ int sdata[BLOCK];
  const unsigned tid = threadIdx.x;
  const int64_t i    = blockIdx.x * (2 * int64_t{blockDim.x}) + tid;
  int sum            = i < n ? in[i] : 0;
  if (i + blockDim.x < n)
  {
    sum += in[i + blockDim.x];
  }
  sdata[tid] = sum;
  __syncthreads();

  for (unsigned s = blockDim.x / 2; s > 32; s /= 2)
  {
    if (tid < s)
    {
      sdata[tid] += sdata[tid + s];
    }
    __syncthreads();
  }
  if (tid < 32)
  {
    sum = sdata[tid] + sdata[tid + 32];
    for (int offset = 16; offset > 0; offset /= 2)
    {
      sum += __shfl_down_sync(0xffffffffu, sum, offset);
    }
    if (tid == 0)
    {
      partials[blockIdx.x] = sum;
    }
  }
}
// example-end kernel

void launch(const runner::Args<problems::reduce_sum_i32>& a)
{
  const int64_t blocks = cubling::ceil_div(a.n, 2 * BLOCK);
  int* partials        = static_cast<int*>(a.scratch);
  reduce_kernel<<<static_cast<unsigned>(blocks), BLOCK, 0, a.stream>>>(a.in(), partials, a.n);
  ch03::sum_partials(partials, a.out(), blocks, a.stream);
}

void launch(const runner::Args<problems::tile_sums_i32>& a)
{
  constexpr int threads = problems::tile_sums_i32::segment_items / 2; // two items each
  static_assert(threads <= BLOCK, "sdata has a slot for every thread");
  ch03::launch_tiles(reduce_kernel, threads, a);
}

} // namespace step05_unroll_last_warp
