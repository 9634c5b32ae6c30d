// Step 1: a block of threads reduces through shared memory, as a tree.
//
// What changes: chapter 01 gave each thread a chunk of its own. Now a block
// of 256 threads cooperates on 256 items: each thread loads one item into
// shared memory, then the block folds the array as a binary tree, in
// log2(256) = 8 rounds separated by __syncthreads(). In round s (s = 1, 2,
// 4, ...), every thread whose index is a multiple of 2s adds the value s
// slots to its right. Thread 0 writes the block's sum to scratch memory, and
// the second pass that all steps share (sum_partials.cuh) adds the blocks'
// sums.
// Why: this is the textbook starting point (Mark Harris, "Optimizing
// parallel reduction in CUDA"). Neighbouring threads now read neighbouring
// items, so every load of a warp is one coalesced 128-byte transaction, and
// the GPU has n threads' worth of loads in flight.
// Expected: far faster than any one-thread-per-chunk step of chapter 01,
// yet well short of the copy bandwidth. The `tid % (2 * s)` test leaves most
// threads of every warp idle in each round (divergence), the modulo is slow,
// and half of the threads never add anything after their load.
// Expected on many tiles (tile_sums_i32): the same kernel on blocks of 512
// threads, one per 512-item tile, and its block sums are the answer: written
// to out, with no second pass. Each block's life is one load and this tree
// (9 rounds), so the tree is what sets the time, and step 1's divergent,
// modulo-heavy rounds make it the slowest step here too. (sdata is sized at
// launch, one int per thread, so that the same kernel serves both block
// sizes.)
#include <cstdint>

#include <cuda_runtime.h>

#include <cubling/util/math.cuh>

#include "sum_partials.cuh"
#include "problems.h"

namespace step01_interleaved_divergent
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
    if (tid % (2 * s) == 0)
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

} // namespace step01_interleaved_divergent
