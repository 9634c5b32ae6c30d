// Step 4: the first add happens during the load.
//
// What changes: each block covers 2 x 256 items. Every thread loads two
// items, 256 apart (so both loads of a warp stay coalesced), adds them, and
// stores the sum to shared memory; the tree is step 3's. The grid has half
// as many blocks.
// Why: in step 3, half of the threads did nothing but load one item and
// wait through the tree. Here every thread does one add before the tree,
// and the tree itself (8 rounds, 8 __syncthreads) now runs once per 512
// items instead of once per 256.
// Expected: close to twice as fast as step 3, since the same tree now
// reduces twice the data. The tree's rounds and barriers are now the cost
// that remains.
// Expected on many tiles (tile_sums_i32): the same kernel and grid as on the
// sum, one 256-thread block per 512-item tile. The tile is fixed, so the idea
// shows as half the threads per tile: a tree one round shorter, two loads in
// flight per thread, and twice the tiles resident per multiprocessor (8
// blocks of 256 threads where 4 of 512 fitted). Close to twice step 3.
#include <cstdint>

#include <cuda_runtime.h>

#include <cubling/util/math.cuh>

#include "sum_partials.cuh"
#include "problems.h"

namespace step04_first_add_during_load
{

constexpr int BLOCK = 256;

// example-begin kernel
__global__ void reduce_kernel(const int* in, int* partials, int64_t n)
{
  __shared__ int sdata[BLOCK];
  const unsigned tid = threadIdx.x;
  const int64_t i    = blockIdx.x * (2 * int64_t{blockDim.x}) + tid;
  int sum            = i < n ? in[i] : 0;
  if (i + blockDim.x < n)
  {
    sum += in[i + blockDim.x];
  }
  sdata[tid] = sum;
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
  const int64_t blocks = cubling::ceil_div(a.n, 2 * BLOCK);
  int* partials        = static_cast<int*>(a.scratch);
  reduce_kernel<<<static_cast<unsigned>(blocks), BLOCK, 0, a.stream>>>(a.in(), partials, a.n);
  ch03::sum_partials(partials, a.out(), blocks, a.stream);
}

void launch(const runner::Args<problems::tile_sums_i32>& a)
{
  constexpr int threads = problems::tile_sums_i32::segment_items / 2; // two items each
  static_assert(threads <= BLOCK, "sdata has a slot for every thread");
  ch03::launch_tiles(reduce_kernel, threads, a);
}

} // namespace step04_first_add_during_load
