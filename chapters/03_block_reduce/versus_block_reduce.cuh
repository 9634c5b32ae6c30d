// versus_block_reduce.cuh: the kernel that puts cubling::BlockReduce next to
// cub::BlockReduce. Each VERSUS file instantiates it twice, once per library,
// with the same algorithm, and the runner checks and times both in one run.
//
// The kernel is a device-wide int32 sum in two passes, written the way a
// library would use a block reduction:
//   pass 1: a grid that fills the GPU once walks the input tile by tile. A
//           tile is BLOCK x ITEMS_PER_THREAD items; each thread loads its
//           ITEMS_PER_THREAD with 16-byte, striped loads (a warp's loads are
//           512 contiguous bytes), and the block reduces the tile with
//           BlockReduce::Sum(items). Thread 0 keeps the running total. The
//           last, partial tile uses guarded loads and Sum(x, num_valid).
//           One partial per block goes to scratch memory.
//   pass 2: one block sums the partials, again with BlockReduce::Sum.
// A block reduction per 4096 items keeps the primitive on the critical path:
// a slow BlockReduce shows up in the time, which a single reduction at the
// end of a long loop would hide. Everything but the BlockReduce type is the
// same code on both sides.
//
// A second kernel computes tile_sums_i32, where the three algorithms part
// ways more clearly: one block of 256 threads per 512-item tile, two items
// per thread, so that a block's whole life is two coalesced loads, an add
// and one BlockReduce::Sum. Nothing amortises the block reduction there; what differs
// between the algorithms (a raking warp's serial adds, a barrier, warp
// reductions) is what differs in the time.
#pragma once

#include <cstdint>

#include <cuda_runtime.h>

#include <cubling/util/math.cuh>

#include "problems.h"
#include "sum_partials.cuh"

namespace versus
{

constexpr int BLOCK              = 256;
constexpr int VECTORS_PER_THREAD = 4;                      // int4 loads per thread per tile
constexpr int ITEMS_PER_THREAD   = 4 * VECTORS_PER_THREAD; // 16 ints
constexpr int TILE               = BLOCK * ITEMS_PER_THREAD;

// example-begin versus-kernel
template <typename BlockReduceT>
__global__ void __launch_bounds__(BLOCK) tile_sums_kernel(const int* __restrict__ in, int* partials, int64_t n)
{
  __shared__ typename BlockReduceT::TempStorage temp_storage;
  const int tid       = threadIdx.x;
  const int64_t tiles = n / TILE; // full tiles
  int block_sum       = 0;        // meaningful in thread 0

  for (int64_t tile = blockIdx.x; tile < tiles; tile += gridDim.x)
  {
    const int4* vectors = reinterpret_cast<const int4*>(in + tile * TILE);
    int items[ITEMS_PER_THREAD];
#pragma unroll
    for (int v = 0; v < VECTORS_PER_THREAD; ++v)
    {
      const int4 x     = vectors[v * BLOCK + tid];
      items[4 * v + 0] = x.x;
      items[4 * v + 1] = x.y;
      items[4 * v + 2] = x.z;
      items[4 * v + 3] = x.w;
    }
    block_sum += BlockReduceT(temp_storage).Sum(items);
    __syncthreads(); // the next tile reuses temp_storage
  }

  // The partial tile, if any, goes to the block whose turn it would be.
  const int64_t rest = n - tiles * TILE;
  if (rest > 0 && blockIdx.x == tiles % gridDim.x)
  {
    const int* tail = in + tiles * TILE;
    int thread_sum  = 0;
    for (int64_t i = tid; i < rest; i += BLOCK)
    {
      thread_sum += tail[i];
    }
    block_sum += BlockReduceT(temp_storage).Sum(thread_sum, rest < BLOCK ? static_cast<int>(rest) : BLOCK);
  }
  if (tid == 0)
  {
    partials[blockIdx.x] = block_sum;
  }
}

template <typename BlockReduceT>
__global__ void __launch_bounds__(BLOCK) final_sum_kernel(const int* partials, int* out, int count)
{
  __shared__ typename BlockReduceT::TempStorage temp_storage;
  int thread_sum = 0;
  for (int i = threadIdx.x; i < count; i += BLOCK)
  {
    thread_sum += partials[i];
  }
  const int sum = BlockReduceT(temp_storage).Sum(thread_sum);
  if (threadIdx.x == 0)
  {
    *out = sum;
  }
}
// example-end versus-kernel

//! The two passes. The grid is as many blocks as fit on the GPU at once
//! (asked of the occupancy calculator, for this very kernel), or fewer when
//! the input has fewer tiles. The input must be 16-byte aligned.
template <typename BlockReduceT>
void launch(const runner::Args<problems::reduce_sum_i32>& a)
{
  const int64_t full_grid = runner::resident_grid<tile_sums_kernel<BlockReduceT>>(BLOCK, a.device);
  const int64_t needed    = cubling::ceil_div(a.n, TILE);
  const int64_t blocks    = needed < full_grid ? (needed > 0 ? needed : 1) : full_grid;
  int* partials           = static_cast<int*>(a.scratch);
  tile_sums_kernel<BlockReduceT><<<static_cast<unsigned>(blocks), BLOCK, 0, a.stream>>>(a.in(), partials, a.n);
  final_sum_kernel<BlockReduceT><<<1, BLOCK, 0, a.stream>>>(partials, a.out(), static_cast<int>(blocks));
}

// example-begin versus-tile-kernel
// tile_sums_i32: block b reduces tile b, two items per thread (BLOCK apart,
// so that both loads of a warp are coalesced), and writes its sum. Items past
// n, in a last partial tile, count as 0, the identity of +.
template <typename BlockReduceT>
__global__ void __launch_bounds__(BLOCK) one_tile_kernel(const int* __restrict__ in, int* out, int64_t n)
{
  static_assert(2 * BLOCK == problems::tile_sums_i32::segment_items, "a tile is two items per thread");
  __shared__ typename BlockReduceT::TempStorage temp_storage;
  const int64_t i = blockIdx.x * int64_t{2 * BLOCK} + threadIdx.x;
  const int item  = (i < n ? in[i] : 0) + (i + BLOCK < n ? in[i + BLOCK] : 0);
  const int sum   = BlockReduceT(temp_storage).Sum(item);
  if (threadIdx.x == 0)
  {
    out[blockIdx.x] = sum;
  }
}
// example-end versus-tile-kernel

//! tile_sums_i32: one block per tile, no second pass.
template <typename BlockReduceT>
void launch(const runner::Args<problems::tile_sums_i32>& a)
{
  const int64_t tiles = problems::tile_sums_i32::out_count(0, a.n);
  if (tiles > 0)
  {
    one_tile_kernel<BlockReduceT><<<static_cast<unsigned>(tiles), BLOCK, 0, a.stream>>>(a.in(), a.out(), a.n);
  }
}

} // namespace versus
