// Step 2: each block reduces a tile first, then adds it with one atomic.
//
// What changes: a block of 256 threads takes a tile of 4096 consecutive
// items, 16 per thread, and folds them with cubling::BlockReduce (chapter
// 03): each thread adds its 16 items in registers, the block adds the
// threads' sums, and thread 0 alone does atomicAdd(out, block_sum). A warp's
// loads stay coalesced: item i of thread t is item i * 256 + t of the tile,
// so on each of the 16 loads the 32 threads of a warp read 128 consecutive
// bytes. The last tile, when n is not a multiple of 4096, loads with a
// bounds test and zeros in place of the missing items. The output is still
// cleared by a cudaMemsetAsync first.
// Why: step 1 queued n updates on one word. Here the same word sees one
// update per 4096 items, and the additions that remain happen in registers
// and shared memory, where thousands of them run in parallel.
// Expected: more than an order of magnitude faster than step 1 at large
// sizes, and already close to the copy's read rate: the atomics are no
// longer on the critical path. What is left: the memset before the kernel,
// and an atomic that makes the order of the additions, and so the rounding
// of a float sum, change from run to run.
#include <cstdint>

#include <cuda_runtime.h>

#include <cubling/block/block_reduce.cuh>
#include <cubling/util/math.cuh>

#include "problems.h"

namespace step02_atomic_per_block
{

constexpr int BLOCK = 256;
constexpr int ITEMS = 16;
constexpr int TILE  = BLOCK * ITEMS;

// example-begin kernel
template <int BLOCK_THREADS, int ITEMS_PER_THREAD>
__global__ void __launch_bounds__(BLOCK_THREADS) reduce_kernel(const int* __restrict__ in, int* out, int64_t n)
{
  using BlockReduceT       = cubling::BlockReduce<int, BLOCK_THREADS>;
  constexpr int TILE_ITEMS = BLOCK_THREADS * ITEMS_PER_THREAD;
  __shared__ typename BlockReduceT::TempStorage temp_storage;
  const int tid         = threadIdx.x;
  const int64_t tile    = blockIdx.x;
  const int* tile_items = in + tile * TILE_ITEMS;

  int items[ITEMS_PER_THREAD];
  if ((tile + 1) * TILE_ITEMS <= n) // a full tile: no bounds tests
  {
#pragma unroll
    for (int i = 0; i < ITEMS_PER_THREAD; ++i)
    {
      items[i] = tile_items[i * BLOCK_THREADS + tid];
    }
  }
  else // the last tile of the input: zeros where it has no items
  {
    const int64_t valid = n - tile * TILE_ITEMS;
#pragma unroll
    for (int i = 0; i < ITEMS_PER_THREAD; ++i)
    {
      const int rank = i * BLOCK_THREADS + tid;
      items[i]       = rank < valid ? tile_items[rank] : 0;
    }
  }
  const int block_sum = BlockReduceT(temp_storage).Sum(items);
  if (tid == 0)
  {
    atomicAdd(out, block_sum);
  }
}
// example-end kernel

void launch(const runner::Args<problems::reduce_sum_i32>& a)
{
  cudaMemsetAsync(a.out(), 0, sizeof(int), a.stream);
  const int64_t tiles = cubling::ceil_div(a.n, TILE);
  if (tiles > 0)
  {
    reduce_kernel<BLOCK, ITEMS><<<static_cast<unsigned>(tiles), BLOCK, 0, a.stream>>>(a.in(), a.out(), a.n);
  }
}

} // namespace step02_atomic_per_block
