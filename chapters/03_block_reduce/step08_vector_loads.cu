// Step 8: 16-byte loads.
//
// What changes: step 7's loop reads an int4 per iteration instead of an int:
// four items per load instruction, and a warp's load is 512 consecutive
// bytes (four 128-byte lines). The last n % 4 items, which make no whole
// vector, are added by the first threads of block 0. Still one load in
// flight per thread.
// Why: step 7 keeps 4 bytes in flight per thread. A wider load puts four
// times the bytes in flight with the same number of threads and
// instructions (and a quarter of the loop's iterations).
// Expected: clearly faster than step 7 at large sizes, 16 B in flight per
// thread where it had 4; still short of the copy. The input must be 16-byte
// aligned (cudaMalloc gives 256 bytes).
// Expected on many tiles (tile_sums_i32): a tile of 512 items is now 128
// int4, so a block of 128 threads covers it with one load each (guarded
// loads in a last, partial tile), and its tree has one shared-memory round
// before the last warp's shuffles. Four items per thread instead of two,
// twice the bytes per load, and a shorter tree: expect faster than step 7.
#include <cstdint>

#include <cuda_runtime.h>

#include "grid_stride_frame.cuh"
#include "problems.h"

namespace step08_vector_loads
{

constexpr int BLOCK = 256;

// example-begin kernel
template <int BLOCK_THREADS>
__global__ void __launch_bounds__(BLOCK_THREADS) reduce_kernel(const int* __restrict__ in, int* partials, int64_t n)
{
  __shared__ int sdata[BLOCK_THREADS];
  const int4* in4      = reinterpret_cast<const int4*>(in);
  const int64_t n4     = n / 4;
  const int64_t stride = int64_t{gridDim.x} * BLOCK_THREADS;
  int sum              = 0;
  for (int64_t i = blockIdx.x * int64_t{BLOCK_THREADS} + threadIdx.x; i < n4; i += stride)
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
// tile_sums_i32: each block walks the tiles with a grid-wide stride; per
// tile, one int4 per thread and step 6's tree. TILE = 4 x BLOCK_THREADS.
template <int BLOCK_THREADS>
__global__ void __launch_bounds__(BLOCK_THREADS) tile_kernel(const int* __restrict__ in, int* out, int64_t n)
{
  static_assert(4 * BLOCK_THREADS == ch03::TILE, "one int4 per thread makes a tile");
  __shared__ int sdata[BLOCK_THREADS];
  const int64_t tiles = cubling::ceil_div(n, int64_t{ch03::TILE});
  for (int64_t tile = blockIdx.x; tile < tiles; tile += gridDim.x)
  {
    const int sum = ch03::tree_sum<BLOCK_THREADS>(sdata, ch03::quad_sum(in, n, tile, threadIdx.x));
    if (threadIdx.x == 0)
    {
      out[tile] = sum;
    }
  }
}
// example-end tile-kernel

void launch(const runner::Args<problems::reduce_sum_i32>& a)
{
  ch03::launch_resident<reduce_kernel<BLOCK>, BLOCK>(a, 4);
}

void launch(const runner::Args<problems::tile_sums_i32>& a)
{
  ch03::launch_resident<tile_kernel<ch03::TILE / 4>, ch03::TILE / 4>(a);
}

} // namespace step08_vector_loads
