// Step 5: the tiles are loaded with BlockLoad and 16-byte vector loads.
//
// What changes: the loops that loaded a tile one int at a time become one
// call to cubling::BlockLoad<int, 256, 16, BLOCK_LOAD_VECTORIZE>, chapter
// 04's collective loader, with CUB's API. For a full tile, Load(ptr, items)
// gives each thread 16 consecutive ints (a "blocked" arrangement), read as
// four int4 vectors, 16 bytes per load instruction. For the last tile,
// Load(ptr, items, valid, 0) reads only the first `valid` items and puts 0
// in the rest: the guarded form of the same call.
// Vector loads need aligned addresses: every tile starts 4096 items (16 KB)
// after `in`, and cudaMalloc returns 256-byte aligned memory, so each
// thread's four vectors are aligned whenever `in` is a cudaMalloc pointer,
// which the runner guarantees.
// Why: step 4 issued 16 load instructions per thread per tile, each moving
// 4 bytes. One instruction per 16 bytes means a quarter of the load
// instructions and of the address arithmetic, and more bytes in flight for
// the same number of outstanding loads (Little's law again, as in chapter 03).
// Expected: a small gain over step 4 at large sizes, back to the copy's read
// rate; none at small sizes, where launches dominate.
// The kernel now has the shape of CUB's reduction kernel: a persistent grid,
// an even share of tiles, vector loads, ThreadReduce, one BlockReduce.
#include <cstdint>

#include <cuda_runtime.h>

#include <cubling/block/block_load.cuh>
#include <cubling/block/block_reduce.cuh>
#include <cubling/thread/thread_operators.cuh>
#include <cubling/thread/thread_reduce.cuh>
#include <cubling/util/math.cuh>

#include "reduce_partials.cuh"
#include "problems.h"

namespace step05_vectorized_block_load
{

constexpr int BLOCK = 256;
constexpr int ITEMS = 16;
constexpr int TILE  = BLOCK * ITEMS;

// example-begin kernel
template <int BLOCK_THREADS, int ITEMS_PER_THREAD>
__global__ void __launch_bounds__(BLOCK_THREADS) reduce_kernel(const int* __restrict__ in, int* partials, int64_t n)
{
  using BlockLoadT         = cubling::BlockLoad<int, BLOCK_THREADS, ITEMS_PER_THREAD, cubling::BLOCK_LOAD_VECTORIZE>;
  using BlockReduceT       = cubling::BlockReduce<int, BLOCK_THREADS>;
  constexpr int TILE_ITEMS = BLOCK_THREADS * ITEMS_PER_THREAD;
  // BLOCK_LOAD_VECTORIZE reads straight into registers; its TempStorage is
  // empty, so one tile's Load may follow another's without a barrier.
  __shared__ typename BlockLoadT::TempStorage load_storage;
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
    int items[ITEMS_PER_THREAD];
    BlockLoadT(load_storage).Load(in + tile * TILE_ITEMS, items);
    thread_sum = cubling::ThreadReduce(items, cubling::Sum(), thread_sum);
  }
  if (tile < end) // the last tile of the input: zeros where it has no items
  {
    const int valid = static_cast<int>(n - tile * TILE_ITEMS); // 1 .. TILE_ITEMS - 1
    int items[ITEMS_PER_THREAD];
    BlockLoadT(load_storage).Load(in + tile * TILE_ITEMS, items, valid, 0);
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

} // namespace step05_vectorized_block_load
