// Step 2: the same tree, without the divergent branch.
//
// What changes: round s still adds pairs s apart at multiples of 2s, but the
// work goes to the lowest-numbered threads: thread tid handles the pair at
// index 2 * s * tid. In every round the busy threads are now a prefix of the
// block, so whole warps either work or sit out, and the slow `%` is gone.
// Why: in step 1, round s = 1 keeps every warp busy with only half of its
// threads, round s = 2 with a quarter, and so on: every warp runs every
// round. Packing the work into the low warps lets the others skip rounds.
// Expected: clearly faster than step 1. The new cost is shared-memory bank
// conflicts: in round s the threads of a warp touch addresses 2s words
// apart, so with s = 4 the 32 threads of a warp hit only 4 of the 32 banks,
// and each access is serialised into 8 (an 8-way conflict).
// Expected on many tiles (tile_sums_i32): faster than step 1 (the same
// kernel, one 512-thread block per tile), by the rounds that whole warps now
// skip, less what the bank conflicts cost.
#include <cstdint>

#include <cuda_runtime.h>

#include <cubling/util/math.cuh>

#include "sum_partials.cuh"
#include "problems.h"

namespace step02_interleaved_strided
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

  for (unsigned s = 1; s < blockDim.x; s *= 2)
  {
    const unsigned index = 2 * s * tid;
    if (index < blockDim.x)
    {
      sdata[index] += sdata[index + s];
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

} // namespace step02_interleaved_strided
