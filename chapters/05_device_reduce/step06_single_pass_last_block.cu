// Step 6: one kernel; the last block to finish folds the partials.
//
// What changes: steps 3 to 5 launched a second kernel just to add about a
// thousand partials. Here every block still writes its partial, then takes a
// ticket from a counter in scratch memory (atomicAdd); the block that draws
// the last ticket knows that every other partial is written, folds them all
// in index order with fold_partials(), and writes the result. A grid of one
// block writes its sum directly.
// The catch is the counter: it must be 0 when the kernel starts, and the
// scratch memory is not zeroed. So the launch function clears it first with
// cudaMemsetAsync, a second operation in the stream, much smaller than a
// kernel but not free. (Making the kernel clear its own counter, and tell the
// other blocks when it has, is possible, but it puts extra fences and a wait
// on every block's path, and reads memory before anything has written it:
// the page's exercises come back to it.)
// Why: at small sizes a reduction is two launches and very little work; one
// launch is a large share of the time. CUB's DeviceReduce launches twice
// (once only for inputs small enough for its single-block kernel).
// Expected: faster than step 5 at small and medium sizes by the difference
// between a memset and a kernel launch, and clearly faster when the input
// fits in one tile (one block: no counter, no memset); the same at large
// sizes, where reading the input is everything.
#include <cstdint>

#include <cuda_runtime.h>

#include <cubling/block/block_load.cuh>
#include <cubling/block/block_reduce.cuh>
#include <cubling/thread/thread_operators.cuh>
#include <cubling/thread/thread_reduce.cuh>
#include <cubling/util/math.cuh>

#include "check.h"
#include "reduce_partials.cuh"
#include "problems.h"

namespace step06_single_pass_last_block
{

constexpr int BLOCK = 256;
constexpr int ITEMS = 16;
constexpr int TILE  = BLOCK * ITEMS;


// example-begin kernel
template <int BLOCK_THREADS, int ITEMS_PER_THREAD>
__global__ void __launch_bounds__(BLOCK_THREADS)
    reduce_kernel(const int* __restrict__ in, int* out, int64_t n, unsigned int* finished, int* partials)
{
  using BlockLoadT         = cubling::BlockLoad<int, BLOCK_THREADS, ITEMS_PER_THREAD, cubling::BLOCK_LOAD_VECTORIZE>;
  using BlockReduceT       = cubling::BlockReduce<int, BLOCK_THREADS>;
  constexpr int TILE_ITEMS = BLOCK_THREADS * ITEMS_PER_THREAD;
  // BLOCK_LOAD_VECTORIZE reads straight into registers; its TempStorage is
  // empty, so one tile's Load may follow another's without a barrier.
  __shared__ typename BlockLoadT::TempStorage load_storage;
  __shared__ typename BlockReduceT::TempStorage temp_storage;
  __shared__ bool is_last;
  const int tid    = threadIdx.x;
  const bool alone = gridDim.x == 1; // a grid of one block needs no counter

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

  // Every block: write the partial, then take a ticket.
  if (tid == 0)
  {
    partials[blockIdx.x] = block_sum;
    __threadfence(); // the partial is visible to all before the ticket is taken
    is_last = atomicAdd(finished, 1u) == gridDim.x - 1;
  }
  __syncthreads(); // is_last is set; temp_storage may be used again
  if (!is_last)
  {
    return;
  }

  // The last block: every partial is written. Fold them in index order.
  __threadfence();
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
  const int64_t tiles            = cubling::ceil_div(a.n, TILE);
  const int64_t blocks           = tiles < full_grid ? (tiles > 0 ? tiles : 1) : full_grid;
  // The counter, then one partial per block: 4 + 4 x blocks bytes, which the
  // problem's scratch (4 bytes per 64 items, plus 4) covers.
  unsigned int* finished = static_cast<unsigned int*>(a.scratch);
  int* partials          = reinterpret_cast<int*>(finished + 1);
  if (blocks > 1)
  {
    CHECK_CUDA(cudaMemsetAsync(finished, 0, sizeof *finished, a.stream));
  }
  reduce_kernel<BLOCK, ITEMS><<<static_cast<unsigned>(blocks), BLOCK, 0, a.stream>>>(a.in(), a.out(), a.n, finished, partials);
}

} // namespace step06_single_pass_last_block
