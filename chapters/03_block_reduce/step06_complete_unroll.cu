// Step 6: the block size becomes a compile-time constant.
//
// What changes: the kernel is a template on BLOCK, the block size, and the
// loops use BLOCK instead of blockDim.x. Every loop bound is now known to
// the compiler, so `#pragma unroll` turns the tree into straight-line code:
// no loop counter, no compare-and-branch per round, and the `tid < s` tests
// become comparisons with constants. The launch picks the instance.
// Why: after step 5 the kernel is short, and the loop's bookkeeping is a
// visible share of the instructions that every block executes. A program
// that fixes its block size (CUB's primitives all take it as a template
// parameter for this reason) gets the unrolled tree for free.
// Expected: a modest gain over step 5; the kernel now reads memory nearly as
// fast as a one-item-per-thread kernel can. What is left is the grid: one
// block per 512 items means hundreds of thousands of short-lived blocks at
// large sizes, a partial sum per block for the second pass, and only one
// load in flight per thread. Step 7 deals with all three.
// Expected on many tiles (tile_sums_i32): the same kernel and grid as on the
// sum, one block per tile; a modest gain over step 5, as on the sum.
#include <cstdint>

#include <cuda_runtime.h>

#include <cubling/util/math.cuh>

#include "sum_partials.cuh"
#include "problems.h"

namespace step06_complete_unroll
{

constexpr int BLOCK = 256;

// example-begin kernel
template <int BLOCK_THREADS>
__global__ void __launch_bounds__(BLOCK_THREADS) reduce_kernel(const int* in, int* partials, int64_t n)
{
  static_assert(BLOCK_THREADS >= 64 && (BLOCK_THREADS & (BLOCK_THREADS - 1)) == 0, "a power of two, at least 64");
  __shared__ int sdata[BLOCK_THREADS];
  const unsigned tid = threadIdx.x;
  const int64_t i    = blockIdx.x * (2 * int64_t{BLOCK_THREADS}) + tid;
  int sum            = i < n ? in[i] : 0;
  if (i + BLOCK_THREADS < n)
  {
    sum += in[i + BLOCK_THREADS];
  }
  sdata[tid] = sum;
  __syncthreads();

#pragma unroll
  for (unsigned s = BLOCK_THREADS / 2; s > 32; s /= 2)
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
#pragma unroll
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
  reduce_kernel<BLOCK><<<static_cast<unsigned>(blocks), BLOCK, 0, a.stream>>>(a.in(), partials, a.n);
  ch03::sum_partials(partials, a.out(), blocks, a.stream);
}

void launch(const runner::Args<problems::tile_sums_i32>& a)
{
  constexpr int threads = problems::tile_sums_i32::segment_items / 2; // two items each
  ch03::launch_tiles(reduce_kernel<threads>, threads, a);
}

} // namespace step06_complete_unroll
