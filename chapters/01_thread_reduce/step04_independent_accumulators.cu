// Step 4: several independent accumulators.
//
// What changes: instead of one running sum, the thread keeps ACCUMULATORS = 4
// of them. Each pass loads 4 tiles of 8 items and folds tile a into
// partial[a]; at the end, ThreadReduce folds the four partial sums.
// Why: in step 3 every add depends on the add before it, one chain of 32
// dependent adds per pass. Four accumulators make four independent chains of
// 8 that the core can overlap: instruction-level parallelism.
// Expected: little, for int32 sums. An integer add takes a few cycles while a
// trip to memory takes hundreds, so the add chain was never what we waited
// for. The step is here because the same trick matters for slow operators
// (double-precision math, a custom operator), and because it is the shape of
// BlockReduce's per-thread phase in chapter 03.
#include <cstdint>

#include <cuda_runtime.h>

#include <cubling/thread/thread_operators.cuh>
#include <cubling/thread/thread_reduce.cuh>

#include "problems.h"

namespace step04_independent_accumulators
{

constexpr int ITEMS        = 8;
constexpr int ACCUMULATORS = 4;

// example-begin kernel
__global__ void reduce_kernel(const int* in, int* out, int64_t n)
{
  int partial[ACCUMULATORS] = {};
  int64_t i                 = 0;
#pragma unroll 1
  for (; i + ITEMS * ACCUMULATORS <= n; i += ITEMS * ACCUMULATORS)
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
  for (; i < n; ++i) // the last n % (ITEMS * ACCUMULATORS) items
  {
    sum += in[i];
  }
  *out = sum;
}
// example-end kernel

void launch(const runner::Args<problems::reduce_sum_i32>& a)
{
  reduce_kernel<<<1, 1, 0, a.stream>>>(a.in(), a.out(), a.n);
}

} // namespace step04_independent_accumulators
