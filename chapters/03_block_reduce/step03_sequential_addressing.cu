// Step 3: sequential addressing.
//
// What changes: the tree is walked the other way round. Round s starts at
// half the block and halves: thread tid < s adds sdata[tid + s] into
// sdata[tid]. The busy threads are still a prefix of the block, and now
// they also read and write consecutive words.
// Why: consecutive threads touching consecutive 4-byte words hit 32
// different banks, so no access of the tree conflicts any more. (The sum is
// taken in a different order, which is fine for integer addition: it is
// associative and commutative.)
// Expected: faster than step 2 by removing the conflicts. Still, half of the
// threads go idle right after the load: in the first round only 128 of 256
// threads add anything.
// Expected on many tiles (tile_sums_i32): faster than step 2 (the same
// kernel, one 512-thread block per tile), by the conflicts that are gone.
#include <cstdint>

#include <cuda_runtime.h>

#include <cubling/util/math.cuh>

#include "sum_partials.cuh"
#include "problems.h"

namespace step03_sequential_addressing
{

constexpr int BLOCK = 256;

// example-begin kernel
__global__ void reduce_kernel(const int* in, int* partials, int64_t n)
{
  extern __shared__ int sdata[]; // one int per thread, sized at launch
  const unsigned tid = threadIdx.x;
  const int64_t i    = blockIdx.x * int64_t{blockDim.x} + tid;
  sdata[tid]         = i < n ? in[i] : 0;
  __syncthreads();

  for (unsigned s = blockDim.x / 2; s > 0; s /= 2)
  {
    if (tid < s)
    {
      sdata[tid] += sdata[tid + s];
    }
    __syncthreads();
  }
  if (tid == 0)
  {
    partials[blockIdx.x] = sdata[0];
  }
}
// example-end kernel

void launch(const runner::Args<problems::reduce_sum_i32>& a)
{
  const int64_t blocks = cubling::ceil_div(a.n, BLOCK);
  int* partials        = static_cast<int*>(a.scratch);
  reduce_kernel<<<static_cast<unsigned>(blocks), BLOCK, BLOCK * sizeof(int), a.stream>>>(a.in(), partials, a.n);
  ch03::sum_partials(partials, a.out(), blocks, a.stream);
}

void launch(const runner::Args<problems::tile_sums_i32>& a)
{
  constexpr int threads = problems::tile_sums_i32::segment_items; // one item each
  ch03::launch_tiles(reduce_kernel, threads, a, threads * sizeof(int));
}

} // namespace step03_sequential_addressing
