// Step 9: several loads in flight per thread.
//
// What changes: step 8's loop issues UNROLL = 4 independent int4 loads per
// iteration, and adds them only once all four are on their way (chapter 01's
// unrolling, and phase 1 of chapter 02). The grid, the 16-byte loads and the
// tree are step 8's.
// Why: memory bandwidth is a matter of bytes in flight (Little's law:
// bandwidth x latency): an H200 needs a few megabytes of loads outstanding
// to reach its HBM bandwidth. Step 8 kept 16 bytes in flight per thread,
// waiting out a whole memory latency for each; four independent loads make
// it 64 bytes, with one instruction per 16 bytes.
// Expected: close to memory speed at large sizes, in the neighbourhood of
// cub::DeviceReduce::Sum, and the same fraction of the copy bandwidth that
// a well-written copy achieves for its reads.
// Expected on many tiles (tile_sums_i32): each block of 128 threads loads
// UNROLL tiles at once (tiles t, t + G, t + 2G, t + 3G of its grid-stride
// series, one int4 per thread each), then runs their UNROLL trees one after
// another. Four times the bytes in flight per block, with the same trees;
// but if step 8 already reads near the copy's speed, there is little left
// to gain: expect about step 8's time.
#include <cstdint>

#include <cuda_runtime.h>

#include "grid_stride_frame.cuh"
#include "problems.h"

namespace step09_unrolled_loads
{

constexpr int BLOCK  = 256;
constexpr int UNROLL = 4;

// example-begin kernel
template <int BLOCK_THREADS>
__global__ void __launch_bounds__(BLOCK_THREADS) reduce_kernel(const int* __restrict__ in, int* partials, int64_t n)
{
  __shared__ int sdata[BLOCK_THREADS];
  const int4* in4      = reinterpret_cast<const int4*>(in);
  const int64_t n4     = n / 4;
  const int64_t stride = int64_t{gridDim.x} * BLOCK_THREADS;
  int64_t i            = blockIdx.x * int64_t{BLOCK_THREADS} + threadIdx.x;
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
      sum += ch03::add4(v[u]);
    }
  }
  for (; i < n4; i += stride) // the last, partial pass
  {
    sum += ch03::add4(in4[i]);
  }
  if (blockIdx.x == 0 && threadIdx.x < n % 4) // the last n % 4 items, which make no whole vector
  {
    sum += in[4 * n4 + threadIdx.x];
  }
  sum = ch03::tree_sum<BLOCK_THREADS>(sdata, sum);
  if (threadIdx.x == 0)
  {
    partials[blockIdx.x] = sum;
  }
}
// example-end kernel

// example-begin tile-kernel
// tile_sums_i32: each block takes UNROLL tiles of its grid-stride series at
// a time: first every thread loads its int4 of each, then the block runs
// one tree per tile. TILE = 4 x BLOCK_THREADS.
template <int BLOCK_THREADS>
__global__ void __launch_bounds__(BLOCK_THREADS) tile_kernel(const int* __restrict__ in, int* out, int64_t n)
{
  static_assert(4 * BLOCK_THREADS == ch03::TILE, "one int4 per thread makes a tile");
  __shared__ int sdata[BLOCK_THREADS];
  const int64_t tiles = cubling::ceil_div(n, int64_t{ch03::TILE});
  for (int64_t first = blockIdx.x; first < tiles; first += UNROLL * int64_t{gridDim.x})
  {
    int sums[UNROLL];
#pragma unroll
    for (int u = 0; u < UNROLL; ++u)
    {
      const int64_t tile = first + u * int64_t{gridDim.x};
      sums[u]            = tile < tiles ? ch03::quad_sum(in, n, tile, threadIdx.x) : 0;
    }
#pragma unroll
    for (int u = 0; u < UNROLL; ++u)
    {
      const int64_t tile = first + u * int64_t{gridDim.x};
      if (tile < tiles) // the same in every thread of the block
      {
        const int sum = ch03::tree_sum<BLOCK_THREADS>(sdata, sums[u]);
        if (threadIdx.x == 0)
        {
          out[tile] = sum;
        }
      }
    }
  }
}
// example-end tile-kernel

void launch(const runner::Args<problems::reduce_sum_i32>& a)
{
  ch03::launch_resident<reduce_kernel<BLOCK>, BLOCK>(a, 4 * UNROLL);
}

void launch(const runner::Args<problems::tile_sums_i32>& a)
{
  ch03::launch_resident<tile_kernel<ch03::TILE / 4>, ch03::TILE / 4>(a);
}

} // namespace step09_unrolled_loads
