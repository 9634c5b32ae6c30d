// Step 3: unroll the outer loop.
//
// What changes: one pragma. The outer loop is unrolled UNROLL = 4 times, so
// each pass of the loop body covers 4 tiles of 8 items.
// Why: in step 2 the thread still waits once per tile of 8. Unrolled, the
// compiler sees 32 loads that depend on nothing but the loop counter, hoists
// them above the adds, and the thread waits once per 32 items. The cost is
// registers, which one lonely thread has plenty of.
// Expected: up to 4 times faster than step 2, if the memory system keeps
// that many loads of one thread in flight.
#include <cstdint>

#include <cuda_runtime.h>

#include <cubling/thread/thread_operators.cuh>
#include <cubling/thread/thread_reduce.cuh>

#include "problems.h"

namespace step03_unrolled
{

constexpr int ITEMS  = 8;
constexpr int UNROLL = 4;

// example-begin kernel
__global__ void reduce_kernel(const int* in, int* out, int64_t n)
{
  int sum   = 0;
  int64_t i = 0;
#pragma unroll UNROLL
  for (; i + ITEMS <= n; i += ITEMS)
  {
    int items[ITEMS];
#pragma unroll
    for (int j = 0; j < ITEMS; ++j)
    {
      items[j] = in[i + j]; // eight independent loads
    }
    sum = cubling::ThreadReduce(items, cubling::Sum(), sum);
  }
  for (; i < n; ++i) // the last n % ITEMS items
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

} // namespace step03_unrolled
