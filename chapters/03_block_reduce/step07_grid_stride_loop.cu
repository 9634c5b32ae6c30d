// Step 7: a grid that fills the GPU once, and a loop in every thread.
//
// What changes: the grid no longer grows with n. It has as many blocks of
// 256 threads as the GPU holds at once (the occupancy calculator's answer),
// and each thread loops over the array with a grid-wide stride, adding one
// int per iteration in a register; step 6's tree then folds the block's
// threads once, at the very end (grid_stride_frame.cuh). This is the only
// change: the loads are still 4-byte loads, one at a time.
// Why: steps 4 to 6 launched one block per 512 items (steps 1 to 3 one per
// 256), so at 2^26 items 131072 blocks, each paying a launch, a tree of barriers and a partial sum
// for the second pass, which then reads n / 512 partials with one block.
// Here the tree and the launches are paid once per resident block, and the
// second pass adds a few thousand partials.
// Expected: faster than step 6 at large sizes, by the trees, barriers and
// partials it no longer pays. It is still short of the copy: each thread has
// one 4-byte load in flight, 8 KB per multiprocessor, too little to cover the
// memory's latency (Little's law). Steps 8 and 9 put more bytes in flight.
// Expected on many tiles (tile_sums_i32): the same resident grid, each block
// looping over tiles (step 6's 256 threads, two items each, one tree per
// tile). The tree per tile cannot go away; what goes is a block's launch and
// retirement per tile (at 2^26 items, 131072 blocks), which the GPU's block
// scheduler pays one after another. Expect faster than step 6, though less
// than on the sum, where the trees go too.
#include <cstdint>

#include <cuda_runtime.h>

#include "grid_stride_frame.cuh"
#include "problems.h"

namespace step07_grid_stride_loop
{

constexpr int BLOCK = 256;

// example-begin kernel
template <int BLOCK_THREADS>
__global__ void __launch_bounds__(BLOCK_THREADS) reduce_kernel(const int* in, int* partials, int64_t n)
{
  __shared__ int sdata[BLOCK_THREADS];
  const int64_t stride = int64_t{gridDim.x} * BLOCK_THREADS;
  int sum              = 0;
  for (int64_t i = blockIdx.x * int64_t{BLOCK_THREADS} + threadIdx.x; i < n; i += stride)
  {
    sum += in[i];
  }
  sum = ch03::tree_sum<BLOCK_THREADS>(sdata, sum);
  if (threadIdx.x == 0)
  {
    partials[blockIdx.x] = sum;
  }
}
// example-end kernel

// example-begin tile-kernel
// tile_sums_i32: each block walks the tiles with a grid-wide stride; per
// tile, step 4's two loads per thread and step 6's tree. TILE = 2 x BLOCK_THREADS.
template <int BLOCK_THREADS>
__global__ void __launch_bounds__(BLOCK_THREADS) tile_kernel(const int* in, int* out, int64_t n)
{
  static_assert(2 * BLOCK_THREADS == ch03::TILE, "two items per thread make a tile");
  __shared__ int sdata[BLOCK_THREADS];
  const int64_t tiles = cubling::ceil_div(n, int64_t{ch03::TILE});
  for (int64_t tile = blockIdx.x; tile < tiles; tile += gridDim.x)
  {
    const int64_t i = tile * ch03::TILE + threadIdx.x;
    int sum         = i < n ? in[i] : 0;
    if (i + BLOCK_THREADS < n)
    {
      sum += in[i + BLOCK_THREADS];
    }
    sum = ch03::tree_sum<BLOCK_THREADS>(sdata, sum);
    if (threadIdx.x == 0)
    {
      out[tile] = sum;
    }
  }
}
// example-end tile-kernel

void launch(const runner::Args<problems::reduce_sum_i32>& a)
{
  ch03::launch_resident<reduce_kernel<BLOCK>, BLOCK>(a, 1);
}

void launch(const runner::Args<problems::tile_sums_i32>& a)
{
  ch03::launch_resident<tile_kernel<ch03::TILE / 2>, ch03::TILE / 2>(a);
}

} // namespace step07_grid_stride_loop
