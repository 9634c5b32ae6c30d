// Step 3: only the last tile checks its items against n.
//
// What changes: step 2 compares every item's index with n, in every tile.
// Now the kernel asks once per tile whether the whole tile lies before n.
// A full tile, every tile but the last, copies its 16 items with no check;
// the last, partial tile keeps step 2's loops, each item checked. The
// arrangement (striped ints), the tile and the grid are step 2's.
// Why: all but one of the tiles are full, so all but one of the blocks were
// paying for comparisons that always come out true: per item, an index
// compare and a predicate on the load and the store. A full/partial split
// is how CUB's kernels are written (BlockLoad's Load(ptr, items) against
// Load(ptr, items, valid)), and the next step needs it: a 16-byte vector can
// only be read when all four of its items exist.
// Expected: no measurable difference in time. The copy waits for memory,
// and the few instructions saved per item are issued while it waits. The
// saving shows in the instruction count, not the time: in the SASS
// (cuobjdump -sass, the ISETP compares gone from the full-tile path) and in
// ncu's smsp__inst_executed.sum, which drops, while dram__throughput stays
// where it was.
#include <cstdint>

#include <cuda_runtime.h>

#include <cubling/util/math.cuh>

#include "problems.h"

namespace step03_full_tiles_unguarded
{

constexpr int BLOCK = 256; // threads per block
constexpr int ITEMS = 16;  // items per thread
constexpr int TILE  = BLOCK * ITEMS;

// example-begin kernel
template <int BLOCK_THREADS, int ITEMS_PER_THREAD>
__global__ void __launch_bounds__(BLOCK_THREADS) copy_kernel(const int* in, int* out, int64_t n)
{
  constexpr int TILE_ITEMS = BLOCK_THREADS * ITEMS_PER_THREAD;
  const int64_t tile_base  = blockIdx.x * int64_t{TILE_ITEMS};
  const int tid            = threadIdx.x;
  int items[ITEMS_PER_THREAD];

  // Striped: thread tid owns items k * BLOCK_THREADS + tid of the tile.
  if (tile_base + TILE_ITEMS <= n) // a full tile: every item exists
  {
#pragma unroll
    for (int k = 0; k < ITEMS_PER_THREAD; ++k)
    {
      items[k] = in[tile_base + k * BLOCK_THREADS + tid];
    }
#pragma unroll
    for (int k = 0; k < ITEMS_PER_THREAD; ++k)
    {
      out[tile_base + k * BLOCK_THREADS + tid] = items[k];
    }
  }
  else // the last tile: only the items before n exist
  {
#pragma unroll
    for (int k = 0; k < ITEMS_PER_THREAD; ++k)
    {
      const int64_t i = tile_base + k * BLOCK_THREADS + tid;
      if (i < n)
      {
        items[k] = in[i];
      }
    }
#pragma unroll
    for (int k = 0; k < ITEMS_PER_THREAD; ++k)
    {
      const int64_t i = tile_base + k * BLOCK_THREADS + tid;
      if (i < n)
      {
        out[i] = items[k];
      }
    }
  }
}
// example-end kernel

void launch(const runner::Args<problems::copy_i32>& a)
{
  const int64_t tiles = cubling::ceil_div(a.n, TILE);
  copy_kernel<BLOCK, ITEMS><<<static_cast<unsigned>(tiles), BLOCK, 0, a.stream>>>(a.in(), a.out(), a.n);
}

} // namespace step03_full_tiles_unguarded
