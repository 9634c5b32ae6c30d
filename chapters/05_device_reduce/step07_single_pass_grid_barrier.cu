// Step 7: one launch, with a grid-wide barrier instead of a counter.
//
// What changes: step 6 needed a counter, and the counter needed a memset.
// Here the kernel is launched cooperatively (cudaLaunchKernelEx with the
// attribute cudaLaunchAttributeCooperative):
// the runtime guarantees that all its blocks are resident at once, which
// lets them wait for each other at a grid-wide barrier,
// cooperative_groups::this_grid().sync(). Every block writes its partial and
// arrives at the barrier; once all have, block 0 folds the partials in index
// order and writes the result. The barrier's bookkeeping lives in memory the
// runtime provides for the launch, so nothing of ours needs clearing first:
// one operation in the stream, and nothing else.
// This is the design cubling::DeviceReduce uses (see
// lib/include/cubling/device/dispatch/kernels/reduce.cuh).
// Why: the grid of steps 4 to 6 is already no larger than what fits on the
// GPU at once, which is exactly what a cooperative launch requires.
// Expected: faster than step 6 at small and medium sizes by about the cost
// of the memset; the same at large sizes.
#include <cstdint>

#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <cubling/block/block_load.cuh>
#include <cubling/block/block_reduce.cuh>
#include <cubling/thread/thread_operators.cuh>
#include <cubling/thread/thread_reduce.cuh>
#include <cubling/util/math.cuh>

#include "check.h"
#include "reduce_partials.cuh"
#include "problems.h"

namespace step07_single_pass_grid_barrier
{

constexpr int BLOCK = 256;
constexpr int ITEMS = 16;
constexpr int TILE  = BLOCK * ITEMS;


// example-begin kernel
template <int BLOCK_THREADS, int ITEMS_PER_THREAD>
__global__ void __launch_bounds__(BLOCK_THREADS)
    reduce_kernel(const int* __restrict__ in, int* out, int64_t n, int* partials)
{
  using BlockLoadT         = cubling::BlockLoad<int, BLOCK_THREADS, ITEMS_PER_THREAD, cubling::BLOCK_LOAD_VECTORIZE>;
  using BlockReduceT       = cubling::BlockReduce<int, BLOCK_THREADS>;
  constexpr int TILE_ITEMS = BLOCK_THREADS * ITEMS_PER_THREAD;
  // BLOCK_LOAD_VECTORIZE reads straight into registers; its TempStorage is
  // empty, so one tile's Load may follow another's without a barrier.
  __shared__ typename BlockLoadT::TempStorage load_storage;
  __shared__ typename BlockReduceT::TempStorage temp_storage;
  const int tid    = threadIdx.x;
  const bool alone = gridDim.x == 1; // a grid of one block has nothing to wait for

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
  if (alone)
  {
    if (tid == 0)
    {
      *out = block_sum;
    }
    return;
  }

  // Every block: write the partial, then wait for all the others.
  if (tid == 0)
  {
    partials[blockIdx.x] = block_sum;
  }
  cooperative_groups::this_grid().sync(); // every partial is written, and visible, past here
  if (blockIdx.x != 0)
  {
    return;
  }

  // Block 0: fold the partials in index order.
  const int total = ch05::fold_partials<BLOCK_THREADS>(partials, gridDim.x, temp_storage);
  if (tid == 0)
  {
    *out = total;
  }
}
// example-end kernel

void launch(const runner::Args<problems::reduce_sum_i32>& a)
{
  // As many blocks as are resident at once, but no more than there are tiles.
  const int64_t full_grid = runner::resident_grid<reduce_kernel<BLOCK, ITEMS>>(BLOCK, a.device);
  const int64_t tiles     = cubling::ceil_div(a.n, TILE);
  const int64_t blocks    = tiles < full_grid ? (tiles > 0 ? tiles : 1) : full_grid;
  // One partial per block. The grid is at most what is resident at once,
  // as a cooperative launch requires; a grid of one block launches plainly.
  int* partials = static_cast<int*>(a.scratch);
  if (blocks == 1)
  {
    reduce_kernel<BLOCK, ITEMS><<<1, BLOCK, 0, a.stream>>>(a.in(), a.out(), a.n, partials);
    return;
  }
  // A typed launch with the cooperative attribute: the arguments are checked
  // against the kernel's parameters at compile time.
  cudaLaunchAttribute cooperative{};
  cooperative.id              = cudaLaunchAttributeCooperative;
  cooperative.val.cooperative = 1;
  cudaLaunchConfig_t config{};
  config.gridDim  = dim3(static_cast<unsigned>(blocks));
  config.blockDim = dim3(BLOCK);
  config.stream   = a.stream;
  config.attrs    = &cooperative;
  config.numAttrs = 1;
  CHECK_CUDA(cudaLaunchKernelEx(&config, reduce_kernel<BLOCK, ITEMS>, a.in(), a.out(), a.n, partials));
}

} // namespace step07_single_pass_grid_barrier
