// Step 5: many threads, one chunk each, then a final pass.
//
// What changes: the array is cut into chunks of CHUNK = 4096 items. Pass 1
// starts one thread per chunk; each folds its chunk with step 4's loop and
// writes one partial sum to scratch memory. Pass 2 is a single thread that
// folds the partial sums, with the same loop.
// Why: one thread, however clever, keeps a few dozen loads in flight. The
// GPU needs tens of thousands in flight to cover memory latency, and that
// takes many threads: at 2^26 items, pass 1 runs 16384 of them.
// Expected: hundreds of times faster than step 4 at large sizes, yet still
// far from the copy bandwidth. Neighbouring threads read addresses 16 KB
// apart, so a warp's 32 loads touch 32 different cache lines (uncoalesced),
// and at small sizes there are too few chunks to fill the GPU. Chapters 02
// to 04 fix exactly these two things.
#include <cstdint>

#include <cuda_runtime.h>

#include <cubling/thread/thread_operators.cuh>
#include <cubling/thread/thread_reduce.cuh>
#include <cubling/util/math.cuh>

#include "problems.h"

namespace step05_chunk_per_thread
{

constexpr int ITEMS        = 8;
constexpr int ACCUMULATORS = 4;
constexpr int CHUNK        = 4096;
constexpr int BLOCK        = 128;

// example-begin kernel
// Step 4's loop, now a function: fold in[begin, end).
__device__ int reduce_range(const int* in, int64_t begin, int64_t end)
{
  int partial[ACCUMULATORS] = {};
  int64_t i                 = begin;
#pragma unroll 1
  for (; i + ITEMS * ACCUMULATORS <= end; i += ITEMS * ACCUMULATORS)
  {
#pragma unroll
    for (int a = 0; a < ACCUMULATORS; ++a)
    {
      int items[ITEMS];
#pragma unroll
      for (int j = 0; j < ITEMS; ++j)
      {
        items[j] = in[i + a * ITEMS + j];
      }
      partial[a] = cubling::ThreadReduce(items, cubling::Sum(), partial[a]);
    }
  }
  int sum = cubling::ThreadReduce(partial, cubling::Sum());
  for (; i < end; ++i)
  {
    sum += in[i];
  }
  return sum;
}

// Pass 1: thread t folds chunk t.
__global__ void chunk_kernel(const int* in, int* partials, int64_t n)
{
  const int64_t chunk = blockIdx.x * int64_t{BLOCK} + threadIdx.x;
  const int64_t begin = chunk * CHUNK;
  if (begin < n)
  {
    partials[chunk] = reduce_range(in, begin, begin + CHUNK < n ? begin + CHUNK : n);
  }
}

// Pass 2: one thread folds the partial sums.
__global__ void final_kernel(const int* partials, int* out, int64_t chunks)
{
  *out = reduce_range(partials, 0, chunks);
}
// example-end kernel

void launch(const runner::Args<problems::reduce_sum_i32>& a)
{
  const int64_t chunks = cubling::ceil_div(a.n, CHUNK);
  int* partials        = static_cast<int*>(a.scratch);
  chunk_kernel<<<static_cast<unsigned>(cubling::ceil_div(chunks, BLOCK)), BLOCK, 0, a.stream>>>(a.in(), partials, a.n);
  final_kernel<<<1, 1, 0, a.stream>>>(partials, a.out(), chunks);
}

} // namespace step05_chunk_per_thread
