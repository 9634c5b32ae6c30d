// grid_stride_frame.cuh: what steps 7 to 9 share.
//
// Steps 7 to 9 change how the items reach the block's tree: the grid, then
// the width of the loads, then how many loads are in flight. The tree itself
// is step 6's, written here once as a function; on tile_sums_i32 each block
// runs it once per tile, in a loop. Here too: the 16-byte helpers and the
// launches of a grid that fills the GPU once, on each problem.
#pragma once

#include <algorithm>
#include <cstdint>

#include <cuda_runtime.h>

#include <cubling/util/math.cuh>

#include "problems.h"
#include "sum_partials.cuh"

namespace ch03
{

//! Items per tile of tile_sums_i32.
constexpr int TILE = problems::tile_sums_i32::segment_items;

// example-begin block-tree
// Step 6's tree: the BLOCK_THREADS values `sum` of a block (one per thread)
// folded into one, valid in thread 0. `sdata` holds BLOCK_THREADS ints. Every
// thread of the block must call it; it returns after a barrier, so that the
// block may call it again at once (its next tile) with the same `sdata`.
template <int BLOCK_THREADS>
__device__ __forceinline__ int tree_sum(int* sdata, int sum)
{
  static_assert(BLOCK_THREADS >= 64 && (BLOCK_THREADS & (BLOCK_THREADS - 1)) == 0, "a power of two, at least 64");
  const unsigned tid = threadIdx.x;
  sdata[tid]         = sum;
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
  }
  __syncthreads(); // sdata is free again
  return sum;
}
// example-end block-tree

// example-begin quad-sum
__device__ __forceinline__ int add4(int4 v)
{
  return (v.x + v.y) + (v.z + v.w);
}

// The sum of items 4 q .. 4 q + 3 of tile `tile` (tile_sums_i32): one 16-byte
// load where the tile is whole, four guarded loads in a last, partial tile.
// A tile starts 2 KB after the last, so its vectors are aligned.
__device__ __forceinline__ int quad_sum(const int* in, int64_t n, int64_t tile, int q)
{
  const int64_t first = tile * TILE + 4 * q;
  if ((tile + 1) * TILE <= n)
  {
    return add4(reinterpret_cast<const int4*>(in)[first / 4]);
  }
  int sum = 0;
#pragma unroll
  for (int k = 0; k < 4; ++k)
  {
    sum += first + k < n ? in[first + k] : 0;
  }
  return sum;
}
// example-end quad-sum

//! reduce_sum_i32: a grid of Kernel with as many blocks as fit on the GPU at
//! once, or fewer when the input gives fewer than one pass of
//! `items_per_thread` to every thread; then the second pass over its partials.
template <auto Kernel, int BLOCK_THREADS>
void launch_resident(const runner::Args<problems::reduce_sum_i32>& a, int items_per_thread)
{
  const int64_t needed = std::max<int64_t>(cubling::ceil_div(a.n, int64_t{BLOCK_THREADS} * items_per_thread), 1);
  const int64_t blocks = std::min(needed, runner::resident_grid<Kernel>(BLOCK_THREADS, a.device));
  int* partials        = static_cast<int*>(a.scratch);
  Kernel<<<static_cast<unsigned>(blocks), BLOCK_THREADS, 0, a.stream>>>(a.in(), partials, a.n);
  sum_partials(partials, a.out(), blocks, a.stream);
}

//! tile_sums_i32: a grid of Kernel with as many blocks as fit on the GPU at
//! once, or one per tile when there are fewer tiles; each block writes the
//! sums of its tiles to out, and there is no second pass.
template <auto Kernel, int BLOCK_THREADS>
void launch_resident(const runner::Args<problems::tile_sums_i32>& a)
{
  const int64_t tiles  = cubling::ceil_div(a.n, int64_t{TILE});
  const int64_t blocks = std::min(tiles, runner::resident_grid<Kernel>(BLOCK_THREADS, a.device));
  if (blocks > 0)
  {
    Kernel<<<static_cast<unsigned>(blocks), BLOCK_THREADS, 0, a.stream>>>(a.in(), a.out(), a.n);
  }
}

} // namespace ch03
