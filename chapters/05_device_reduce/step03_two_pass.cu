// Step 3: two passes, partial sums in scratch memory, no atomics.
//
// What changes: the kernel of step 2 keeps its tiles and its BlockReduce,
// but thread 0 now writes the block's sum to partials[blockIdx.x], in the
// scratch memory the caller provides, instead of adding it to the output. A
// second kernel of one block (reduce_partials.cuh) folds the partials, in
// index order, and writes the result. The output is written exactly once,
// so it no longer needs to be zeroed: the memset is gone, and the second
// launch takes its place.
// Why: this is the structure of cub::DeviceReduce: a reduction kernel that
// leaves one partial per block, then a single-block kernel over the
// partials. It needs no atomics at all, and because every partial has a
// fixed place and the second pass adds them in a fixed order, a float sum
// gives the same bits every time.
// Expected: about as fast as step 2 at large sizes, where one atomic per
// 4096 items cost little, and the second pass (65536 partials at 2^28
// items) is a few microseconds of work for one block. Slower at small sizes:
// a second kernel launch costs more than the memset of one int it replaces.
#include <cstdint>

#include <cuda_runtime.h>

#include <cubling/block/block_reduce.cuh>
#include <cubling/util/math.cuh>

#include "reduce_partials.cuh"
#include "problems.h"

namespace step03_two_pass
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
    partials[tile] = block_sum;
  }
}
// example-end kernel

void launch(const runner::Args<problems::reduce_sum_i32>& a)
{
  // One partial per tile: n / 4096 ints, well inside the scratch the chapter asks for (ch05_scratch_bytes).
  const int64_t tiles  = cubling::ceil_div(a.n, TILE);
  const int64_t blocks = tiles > 0 ? tiles : 1;
  int* partials        = static_cast<int*>(a.scratch);
  reduce_kernel<BLOCK, ITEMS><<<static_cast<unsigned>(blocks), BLOCK, 0, a.stream>>>(a.in(), partials, a.n);
  ch05::final_pass(partials, a.out(), blocks, a.stream);
}

} // namespace step03_two_pass
