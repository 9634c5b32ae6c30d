// scan_frame.cuh: what every step of chapter 07 shares, so that the steps
// differ in their block scan and nothing else.
//
// The chapter's problem is one inclusive sum over n items, done as
// scan-then-propagate in three passes:
//   pass 1: the step's own kernel. Block b scans tile b (TILE = 1024
//           consecutive items), writes the scanned tile to the output and
//           the tile's total to totals[b] in scratch memory;
//   pass 2: the tile totals are scanned, in place (scan_totals below: the
//           same idea once more, over tiles of 4096 totals, until one block
//           holds them all);
//   pass 3: block b adds totals[b - 1], the sum of every tile before tile b,
//           to each item of tile b (add_offsets below).
// Passes 2 and 3 are the same for every step: pass 2 touches one int per
// 1024 items, pass 3 reads and writes the output once more. Pass 1 is where
// the steps differ, and each step's better block scan shows in the time of
// the whole.
//
// The second problem, tile_scans_i32, is pass 1 alone: the same kernel, one
// block per 1024-item tile, with no totals (launch_tiles below). There the
// block scan is the whole cost of a block's life.
//
// Steps 5 and 6 (and the cubling-versus-CUB kernels) give each thread
// several consecutive items. They move them as chapter 04 taught (TileIo
// below): each warp reads and writes its part of the tile warp-striped, so
// that every access of a warp is 128 contiguous bytes, and a transpose
// through shared memory turns that into consecutive items per thread
// (BLOCK_LOAD_WARP_TRANSPOSE, BLOCK_STORE_WARP_TRANSPOSE). Loading the
// consecutive items directly, with 16-byte vector loads, would leave every
// load and store of a warp half-using 32 sectors (chapter 04's VECTORIZE).
#pragma once

#include <cstdint>

#include <cuda_runtime.h>

#include <cubling/block/block_load.cuh>
#include <cubling/block/block_store.cuh>
#include <cubling/util/math.cuh>

#include "problems.h"

namespace ch07
{

//! Items per tile of pass 1: every step scans tiles of this size, and
//! tile_scans_i32 restarts its sums at every tile of this size.
constexpr int TILE = problems::tile_scans_i32::tile_items;

//! Pass 2's tiles: 1024 threads of 4 consecutive totals each.
constexpr int TOTALS_BLOCK = 1024;
constexpr int TOTALS_TILE  = 4 * TOTALS_BLOCK;

//! Scratch ints for `count` totals, rounded up to whole int4 vectors so that
//! the next level of totals starts on a 16-byte boundary.
inline int64_t vector_ints(int64_t count)
{
  return cubling::ceil_div(count, int64_t{4}) * 4;
}

//! The scratch ints that scan_totals needs beyond the `count` totals it scans.
inline int64_t totals_scratch_ints(int64_t count)
{
  const int64_t blocks = cubling::ceil_div(count, int64_t{TOTALS_TILE});
  return blocks > 1 ? vector_ints(blocks) + totals_scratch_ints(blocks) : 0;
}

//! The scratch ints of the three passes over n items: one total per tile,
//! then pass 2's own totals.
inline int64_t scratch_ints(int64_t n)
{
  const int64_t tiles = cubling::ceil_div(n, int64_t{TILE});
  return vector_ints(tiles > 0 ? tiles : 1) + totals_scratch_ints(tiles);
}

// example-begin tile-io
//! A tile of BLOCK x ITEMS items, ITEMS consecutive items per thread, loaded
//! and stored through chapter 04's warp transpose. Each warp uses only its
//! own part of the TempStorage, and only between __syncwarp()s, so a load
//! and a later store may share it when a __syncthreads() (the block scan's)
//! lies between them. Items past the `valid` ones load as 0, the identity
//! of +, and are not stored.
template <int BLOCK, int ITEMS> struct TileIo
{
  using Load  = cubling::BlockLoad<int, BLOCK, ITEMS, cubling::BLOCK_LOAD_WARP_TRANSPOSE>;
  using Store = cubling::BlockStore<int, BLOCK, ITEMS, cubling::BLOCK_STORE_WARP_TRANSPOSE>;
  union TempStorage
  {
    typename Load::TempStorage load;
    typename Store::TempStorage store;
  };

  static __device__ __forceinline__ void load(TempStorage& temp, const int* tile, int64_t valid, int (&items)[ITEMS])
  {
    if (valid >= BLOCK * ITEMS)
    {
      Load(temp.load).Load(tile, items);
    }
    else
    {
      Load(temp.load).Load(tile, items, static_cast<int>(valid), 0);
    }
  }
  static __device__ __forceinline__ void store(TempStorage& temp, int* tile, int64_t valid, int (&items)[ITEMS])
  {
    if (valid >= BLOCK * ITEMS)
    {
      Store(temp.store).Store(tile, items);
    }
    else
    {
      Store(temp.store).Store(tile, items, static_cast<int>(valid));
    }
  }
};
// example-end tile-io

//! Pass 2's loads: thread `tid`'s 4 consecutive totals as one int4 (a warp
//! reads 512 contiguous bytes), or one by one (0 past the `valid` ones) in
//! a partial tile. `tile` must be 16-byte aligned.
__device__ __forceinline__ void load_vector(const int* tile, int64_t valid, int tid, int (&items)[4])
{
  const int first = 4 * tid;
  if (first + 4 <= valid)
  {
    const int4 x = *reinterpret_cast<const int4*>(tile + first);
    items[0] = x.x, items[1] = x.y, items[2] = x.z, items[3] = x.w;
  }
  else
  {
    for (int k = 0; k < 4; ++k)
    {
      items[k] = first + k < valid ? tile[first + k] : 0;
    }
  }
}

//! The mirror image, for pass 2's stores.
__device__ __forceinline__ void store_vector(int* tile, int64_t valid, int tid, const int (&items)[4])
{
  const int first = 4 * tid;
  if (first + 4 <= valid)
  {
    *reinterpret_cast<int4*>(tile + first) = make_int4(items[0], items[1], items[2], items[3]);
  }
  else
  {
    for (int k = 0; k < 4 && first + k < valid; ++k)
    {
      tile[first + k] = items[k];
    }
  }
}

// example-begin passes
// Pass 2, one level: block b scans totals [b * 4096, (b + 1) * 4096) in
// place, 4 per thread (one int4), and writes its own total to
// block_totals[b] unless block_totals is null. The block scan is a warp
// scan with shuffles, then a scan of the 32 warp totals by warp 0.
template <int BLOCK>
__global__ void __launch_bounds__(BLOCK) scan_totals_kernel(int* data, int* block_totals, int64_t count)
{
  static_assert(BLOCK == 1024, "32 warps: warp 0 scans one total per warp");
  __shared__ int warp_totals[32];
  const int tid  = threadIdx.x;
  const int lane = tid % 32, warp = tid / 32;
  int* tile = data + blockIdx.x * int64_t{4 * BLOCK};
  int items[4];
  load_vector(tile, count - blockIdx.x * int64_t{4 * BLOCK}, tid, items);
  items[1] += items[0];
  items[2] += items[1];
  items[3] += items[2];
  int x = items[3]; // the thread's total, then its inclusive scan over the block
  for (int offset = 1; offset < 32; offset *= 2)
  {
    const int y = __shfl_up_sync(0xffffffffu, x, offset);
    x += lane >= offset ? y : 0;
  }
  if (lane == 31)
  {
    warp_totals[warp] = x;
  }
  __syncthreads();
  if (warp == 0)
  {
    int w = warp_totals[lane];
    for (int offset = 1; offset < 32; offset *= 2)
    {
      const int y = __shfl_up_sync(0xffffffffu, w, offset);
      w += lane >= offset ? y : 0;
    }
    warp_totals[lane] = w;
  }
  __syncthreads();
  const int before = x - items[3] + (warp > 0 ? warp_totals[warp - 1] : 0); // the threads before this one
  for (int k = 0; k < 4; ++k)
  {
    items[k] += before;
  }
  store_vector(tile, count - blockIdx.x * int64_t{4 * BLOCK}, tid, items);
  if (block_totals != nullptr && tid == 0)
  {
    block_totals[blockIdx.x] = warp_totals[31];
  }
}

// Pass 3 (and pass 2's own): block b adds offsets[b], the sum of tiles 0 to
// b, to every item of tile b + 1; tiles of TILE_ITEMS, one int4 per thread.
template <int TILE_ITEMS>
__global__ void __launch_bounds__(TILE_ITEMS / 4) add_offsets_kernel(int* data, const int* offsets, int64_t count)
{
  const int64_t begin = (blockIdx.x + int64_t{1}) * TILE_ITEMS;
  const int64_t first = begin + 4 * int64_t{threadIdx.x};
  const int offset    = offsets[blockIdx.x];
  if (first + 4 <= count)
  {
    int4* vector = reinterpret_cast<int4*>(data + first);
    int4 x       = *vector;
    *vector      = make_int4(x.x + offset, x.y + offset, x.z + offset, x.w + offset);
  }
  else
  {
    for (int64_t i = first; i < first + 4 && i < count; ++i)
    {
      data[i] += offset;
    }
  }
}

//! Pass 2: the inclusive scan of `count` ints at `data`, in place, with
//! `scratch` (totals_scratch_ints(count) ints, 16-byte aligned) for its own
//! totals. Tiles of 4096, their totals scanned the same way, then added.
inline void scan_totals(int* data, int64_t count, int* scratch, cudaStream_t stream)
{
  const int64_t blocks = cubling::ceil_div(count, int64_t{TOTALS_TILE});
  scan_totals_kernel<TOTALS_BLOCK>
      <<<static_cast<unsigned>(blocks), TOTALS_BLOCK, 0, stream>>>(data, blocks > 1 ? scratch : nullptr, count);
  if (blocks > 1)
  {
    scan_totals(scratch, blocks, scratch + vector_ints(blocks), stream);
    add_offsets_kernel<TOTALS_TILE>
        <<<static_cast<unsigned>(blocks - 1), TOTALS_TILE / 4, 0, stream>>>(data, scratch, count);
  }
}
// example-end passes

// example-begin launch
//! inclusive_sum_i32 with a step's pass-1 kernel, run as `kernel<<<tiles,
//! block_threads>>>(in, out, totals, n)`. In place, the input is the output.
template <typename Kernel>
void launch_scan(Kernel kernel, int block_threads, const runner::Args<problems::inclusive_sum_i32>& a)
{
  const int* in       = a.axes.mode == runner::Mode::in_place ? a.out() : a.in();
  const int64_t tiles = cubling::ceil_div(a.n, int64_t{TILE});
  int* totals         = static_cast<int*>(a.scratch);
  if (tiles == 0)
  {
    return;
  }
  kernel<<<static_cast<unsigned>(tiles), block_threads, 0, a.stream>>>(in, a.out(), totals, a.n);
  if (tiles > 1)
  {
    scan_totals(totals, tiles, totals + vector_ints(tiles), a.stream);
    add_offsets_kernel<TILE><<<static_cast<unsigned>(tiles - 1), TILE / 4, 0, a.stream>>>(a.out(), totals, a.n);
  }
}

//! tile_scans_i32 with the same kernel: one block per tile, no totals, no
//! passes 2 and 3; each tile's scan is the answer.
template <typename Kernel>
void launch_tiles(Kernel kernel, int block_threads, const runner::Args<problems::tile_scans_i32>& a)
{
  const int64_t tiles = cubling::ceil_div(a.n, int64_t{TILE});
  if (tiles > 0)
  {
    kernel<<<static_cast<unsigned>(tiles), block_threads, 0, a.stream>>>(a.in(), a.out(), nullptr, a.n);
  }
}
// example-end launch

} // namespace ch07
