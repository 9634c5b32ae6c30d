// Step 1: the baseline. One GPU thread adds every item, one at a time.
//
// What changes: nothing yet. This is the loop you would write for a CPU,
// run by the only thread of a one-thread grid.
// Why: it is the yardstick for every later step and chapter, and it shows
// what one GPU thread can do alone. Each add waits for its load; a load that
// misses the caches takes several hundred cycles. `#pragma unroll 1` holds
// the compiler back from unrolling the loop, so that the next steps can add
// one idea at a time and we can see what each is worth.
// Expected: a tiny fraction of the memory bandwidth, a few hundred MB/s at
// best. Every item pays an L1 hit at least, and a cache line's first item
// pays a trip to memory.
#include <cstdint>

#include <cuda_runtime.h>

#include "problems.h"

namespace step01_sequential_loop
{

// example-begin kernel
__global__ void reduce_kernel(const int* in, int* out, int64_t n)
{
  int sum = 0;
#pragma unroll 1
  for (int64_t i = 0; i < n; ++i)
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

} // namespace step01_sequential_loop
