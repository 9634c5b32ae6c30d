// Step 4: a persistent grid, each block taking an even share of the tiles.
//
// What changes: the grid no longer has one block per tile. It has exactly as
// many blocks as the GPU can hold at once (the multiprocessors times the
// blocks per multiprocessor that the occupancy calculator reports for this
// kernel), or fewer when there are fewer tiles. The tiles are dealt out
// evenly and contiguously: with T tiles and G blocks, each block gets
// T / G consecutive tiles, and the first T % G blocks one more. Each thread
// keeps a running sum over all the tiles of its block, and the block calls
// BlockReduce once, at the very end. The last tile of the input, the only
// one that may be partial, is the last tile of the last block. Still two
// passes, now with one partial per block: about a thousand on an H200
// (132 multiprocessors), where step 3 had 65536 at 2^28 items.
// Why: this is CUB's "even share" (GridEvenShare). It bounds the number of
// partials by the size of the GPU instead of the size of the input, so the
// second pass is short at every size, and it pays a block's start, its
// BlockReduce and its barriers once per block instead of once per tile.
// Steps 6 and 7 build on both: a few partials, and (step 7) a grid whose
// blocks are all resident at once.
// Expected: no gain on an H200, and perhaps a small loss at large sizes: its
// block scheduler starts blocks so cheaply that step 3's 65536 blocks cost
// almost nothing, and one block per tile lets the start of one block's loads
// overlap the end of another's, which a block's own loop over its tiles does
// not. At small sizes there are fewer tiles than resident blocks, and the
// grid is one block per tile as before.
#include <cstdint>

#include <cuda_runtime.h>

#include <cubling/block/block_reduce.cuh>
#include <cubling/thread/thread_operators.cuh>
#include <cubling/thread/thread_reduce.cuh>
#include <cubling/util/math.cuh>

#include "reduce_partials.cuh"
#include "problems.h"

namespace step04_persistent_even_share
{

constexpr int BLOCK = 256;
constexpr int ITEMS = 16;
constexpr int TILE  = BLOCK * ITEMS;

// example-begin kernel
template <int BLOCK_THREADS, int ITEMS_PER_THREAD>
__global__ void __launch_bounds__(BLOCK_THREADS) reduce_kernel(const int* __restrict__ in, int* partials, int64_t n)
{
  using BlockReduceT       = cubling::BlockReduce<int, BLOCK_THREADS>;
  constexpr int TILE_ITEMS = BLOCK_THREADS * ITEMS_PER_THREAD;
  __shared__ typename BlockReduceT::TempStorage temp_storage;
  const int tid = threadIdx.x;

  // This block's even share of the tiles: [tile, end).
  const int64_t tiles = cubling::ceil_div(n, TILE_ITEMS);
  const int64_t share = tiles / gridDim.x;
  const int64_t extra = tiles % gridDim.x; // the first `extra` blocks take one tile more
  int64_t tile        = blockIdx.x * share + (blockIdx.x < extra ? blockIdx.x : extra);
  const int64_t end   = tile + share + (blockIdx.x < extra ? 1 : 0);
  const int64_t full  = n / TILE_ITEMS; // tiles [0, full) are full

  int thread_sum = 0;
  for (; tile < end && tile < full; ++tile) // full tiles: no bounds tests
  {
    const int* tile_items = in + tile * TILE_ITEMS;
    int items[ITEMS_PER_THREAD];
#pragma unroll
    for (int i = 0; i < ITEMS_PER_THREAD; ++i)
    {
      items[i] = tile_items[i * BLOCK_THREADS + tid];
    }
    thread_sum = cubling::ThreadReduce(items, cubling::Sum(), thread_sum);
  }
  if (tile < end) // the last tile of the input: zeros where it has no items
  {
    const int* tile_items = in + tile * TILE_ITEMS;
    const int64_t valid   = n - tile * TILE_ITEMS;
    int items[ITEMS_PER_THREAD];
#pragma unroll
    for (int i = 0; i < ITEMS_PER_THREAD; ++i)
    {
      const int rank = i * BLOCK_THREADS + tid;
      items[i]       = rank < valid ? tile_items[rank] : 0;
    }
    thread_sum = cubling::ThreadReduce(items, cubling::Sum(), thread_sum);
  }
  const int block_sum = BlockReduceT(temp_storage).Sum(thread_sum);
  if (tid == 0)
  {
    partials[blockIdx.x] = block_sum;
  }
}
// example-end kernel

void launch(const runner::Args<problems::reduce_sum_i32>& a)
{
  // As many blocks as are resident at once, but no more than there are tiles.
  const int64_t full_grid = runner::resident_grid<reduce_kernel<BLOCK, ITEMS>>(BLOCK, a.device);
  const int64_t tiles     = cubling::ceil_div(a.n, TILE);
  const int64_t blocks    = tiles < full_grid ? (tiles > 0 ? tiles : 1) : full_grid;
  int* partials           = static_cast<int*>(a.scratch);
  reduce_kernel<BLOCK, ITEMS><<<static_cast<unsigned>(blocks), BLOCK, 0, a.stream>>>(a.in(), partials, a.n);
  ch05::final_pass(partials, a.out(), blocks, a.stream);
}

} // namespace step04_persistent_even_share
