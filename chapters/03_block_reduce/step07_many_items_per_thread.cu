// Step 7: many items per thread, over a grid that fills the GPU once.
//
// What changes: the grid no longer grows with n. It has BLOCKS_PER_SM blocks
// per multiprocessor, just enough to be resident all at once, and each
// thread loops over the array with a grid-wide stride, UNROLL 16-byte
// (int4) loads at a time, before step 6's tree folds the block's threads.
// Why: steps 1 to 6 gave every thread one or two items, so each thread had
// one load in flight and spent most of its life in the tree and the
// barriers. Memory bandwidth is a matter of bytes in flight (Little's law:
// bandwidth x latency): an H200 needs a few megabytes of loads outstanding
// to reach its HBM bandwidth. Here a thread keeps UNROLL x 16 = 64 bytes in
// flight, with one instruction per 16 bytes, and the tree, the barriers and
// the block launches are paid once per block instead of once per 512 items.
// The second pass now adds a few hundred partials instead of n / 512.
// Expected: close to memory speed at large sizes, in the neighbourhood of
// cub::DeviceReduce::Sum, and the same fraction of the copy bandwidth that
// a well-written copy achieves for its reads. The input must be 16-byte
// aligned (cudaMalloc gives 256 bytes).
#include <cstdint>

#include <cuda_runtime.h>

#include <cubling/util/math.cuh>

#include "sum_partials.cuh"
#include "problems.h"

namespace step07_many_items_per_thread
{

constexpr int BLOCK         = 256;
constexpr int BLOCKS_PER_SM = 4;
constexpr int UNROLL        = 4;

// example-begin kernel
__device__ __forceinline__ int add4(int4 v)
{
  return (v.x + v.y) + (v.z + v.w);
}

template <int BLOCK_THREADS>
__global__ void __launch_bounds__(BLOCK_THREADS) reduce_kernel(const int* __restrict__ in, int* partials, int64_t n)
{
  static_assert(BLOCK_THREADS >= 64 && (BLOCK_THREADS & (BLOCK_THREADS - 1)) == 0, "a power of two, at least 64");
  __shared__ int sdata[BLOCK_THREADS];
  const unsigned tid = threadIdx.x;

  // Every thread folds a grid-strided series of int4 vectors, UNROLL at a time.
  const int4* in4      = reinterpret_cast<const int4*>(in);
  const int64_t n4     = n / 4;
  const int64_t stride = int64_t{gridDim.x} * BLOCK_THREADS;
  int64_t i            = blockIdx.x * int64_t{BLOCK_THREADS} + tid;
  int sum              = 0;
  for (; i + (UNROLL - 1) * stride < n4; i += UNROLL * stride)
  {
    int4 v[UNROLL];
#pragma unroll
    for (int u = 0; u < UNROLL; ++u)
    {
      v[u] = in4[i + u * stride];
    }
#pragma unroll
    for (int u = 0; u < UNROLL; ++u)
    {
      sum += add4(v[u]);
    }
  }
  for (; i < n4; i += stride)
  {
    sum += add4(in4[i]);
  }
  // The last n % 4 items, which make no whole vector.
  if (blockIdx.x == 0 && tid < n % 4)
  {
    sum += in[4 * n4 + tid];
  }
  sdata[tid] = sum;
  __syncthreads();

  // Step 6's tree.
#pragma unroll
  for (unsigned s = BLOCK_THREADS / 2; s > 32; s /= 2)
  {
    if (tid < s)
    {
      sdata[tid] += sdata[tid + s];
    }
    __syncthreads();
  }
  if (tid < 32)
  {
    sum = sdata[tid] + sdata[tid + 32];
#pragma unroll
    for (int offset = 16; offset > 0; offset /= 2)
    {
      sum += __shfl_down_sync(0xffffffffu, sum, offset);
    }
    if (tid == 0)
    {
      partials[blockIdx.x] = sum;
    }
  }
}
// example-end kernel

void launch(const runner::Args<problems::reduce_sum_i32>& a)
{
  // As many blocks as fit on the GPU at once, but no more than the data needs.
  const int64_t full_grid = int64_t{BLOCKS_PER_SM} * runner::sm_count(a.device);
  const int64_t needed    = cubling::ceil_div(a.n, int64_t{BLOCK} * 4 * UNROLL);
  const int64_t blocks    = needed < full_grid ? (needed > 0 ? needed : 1) : full_grid;
  int* partials           = static_cast<int*>(a.scratch);
  reduce_kernel<BLOCK><<<static_cast<unsigned>(blocks), BLOCK, 0, a.stream>>>(a.in(), partials, a.n);
  ch03::sum_partials(partials, a.out(), blocks, a.stream);
}

} // namespace step07_many_items_per_thread
