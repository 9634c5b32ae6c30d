// Step 2: one hand-written kernel squares each item as it loads it.
//
// What changes: the squares no longer go to memory. A block of 256 threads
// loads a tile of 4096 floats with cubling::BlockLoad<..., BLOCK_LOAD_VECTORIZE>
// (16 consecutive floats per thread, read as four 16-byte vectors), squares
// them in registers, adds a thread's squares with ThreadReduce and the
// block's with BlockReduce, and thread 0 writes the block's sum to a partial
// in scratch memory. A second kernel of one block adds the partials, in a
// fixed order. This is chapter 05's two-pass structure (its step 5's loads),
// with one multiplication added between the load and the sum.
// Why: this is how the fused computation is written without iterators:
// every new transform means a new kernel, or a template parameter threaded
// through one. It shows what one pass over the data is worth, before the
// library does it for us.
// Expected: much faster than step 1 at large sizes, close to the read rate
// of the copy, since the input is read once and nothing is written but the
// partials. At small sizes, two launches, as in step 1.
#include <cstdint>

#include <cuda_runtime.h>

#include <cubling/block/block_load.cuh>
#include <cubling/block/block_reduce.cuh>
#include <cubling/thread/thread_operators.cuh>
#include <cubling/thread/thread_reduce.cuh>
#include <cubling/util/math.cuh>

#include "sum_squares.cuh"
#include "problems.h"

namespace step02_fused_block_kernel
{

constexpr int BLOCK       = 256;
constexpr int ITEMS       = 16;
constexpr int TILE        = BLOCK * ITEMS;
constexpr int FINAL_BLOCK = 1024;

// example-begin kernel
// One tile per block: load, square, reduce; one partial per tile.
template <int BLOCK_THREADS, int ITEMS_PER_THREAD, typename Transform>
__global__ void __launch_bounds__(BLOCK_THREADS)
    transform_sum_kernel(const float* __restrict__ in, float* partials, int64_t n, Transform transform)
{
  using BlockLoadT         = cubling::BlockLoad<float, BLOCK_THREADS, ITEMS_PER_THREAD, cubling::BLOCK_LOAD_VECTORIZE>;
  using BlockReduceT       = cubling::BlockReduce<float, BLOCK_THREADS>;
  constexpr int TILE_ITEMS = BLOCK_THREADS * ITEMS_PER_THREAD;
  __shared__ typename BlockLoadT::TempStorage load_storage;
  __shared__ typename BlockReduceT::TempStorage reduce_storage;
  const int64_t offset = blockIdx.x * int64_t{TILE_ITEMS};

  float items[ITEMS_PER_THREAD];
  if (offset + TILE_ITEMS <= n) // a full tile: vector loads, no bounds tests
  {
    BlockLoadT(load_storage).Load(in + offset, items);
  }
  else // the last tile: zeros past the end (and 0 squared is 0)
  {
    BlockLoadT(load_storage).Load(in + offset, items, static_cast<int>(n - offset), 0.0f);
  }
#pragma unroll
  for (int i = 0; i < ITEMS_PER_THREAD; ++i)
  {
    items[i] = transform(items[i]); // the one line that makes this a sum of squares
  }
  const float thread_sum = cubling::ThreadReduce(items, cubling::Sum());
  const float block_sum  = BlockReduceT(reduce_storage).Sum(thread_sum);
  if (threadIdx.x == 0)
  {
    partials[blockIdx.x] = block_sum;
  }
}
// example-end kernel

// The second pass: one block adds the partials, thread t taking t, t + 1024, ...
template <int BLOCK_THREADS>
__global__ void __launch_bounds__(BLOCK_THREADS) final_pass_kernel(const float* partials, float* out, int64_t count)
{
  __shared__ typename cubling::BlockReduce<float, BLOCK_THREADS>::TempStorage reduce_storage;
  float thread_sum = 0.0f;
  for (int64_t i = threadIdx.x; i < count; i += BLOCK_THREADS)
  {
    thread_sum += partials[i];
  }
  const float total = cubling::BlockReduce<float, BLOCK_THREADS>(reduce_storage).Sum(thread_sum);
  if (threadIdx.x == 0)
  {
    *out = total;
  }
}

void launch(const runner::Args<problems::reduce_sum_squares_f32>& a)
{
  // One partial per tile: n / 4096 floats, well inside the scratch's room for n squares.
  float* partials      = static_cast<float*>(a.scratch);
  const int64_t blocks = cubling::ceil_div(a.n, TILE);
  if (blocks > 0)
  {
    transform_sum_kernel<BLOCK, ITEMS>
        <<<static_cast<unsigned>(blocks), BLOCK, 0, a.stream>>>(a.in(), partials, a.n, ch06::Square{});
  }
  final_pass_kernel<FINAL_BLOCK><<<1, FINAL_BLOCK, 0, a.stream>>>(partials, a.out(), blocks);
}

} // namespace step02_fused_block_kernel
