// versus_tile_sort.cuh: the kernel that puts cubling::BlockRadixSort next to
// cub::BlockRadixSort. Each VERSUS file instantiates it twice, once per
// library, and the runner checks and times both in one run; step 5
// instantiates it with cubling's defaults, and the problems' oracle
// (sort_problems.cu) with CUB's.
//
// The kernel is the chapter's sort loop (sort_frame.cuh) with the loop handed
// to a library: a block of 256 threads loads its 4096-key tile, 16
// consecutive keys (and values) per thread, through chapter 04's warp
// transpose; BlockRadixSort sorts the tile in registers, blocked in and
// blocked out, by the bits [begin_bit, end_bit), ascending or descending; the
// block stores it through the same transpose. Keys past the end of a partial
// tile are the largest key (the smallest, descending), so they sort last and
// are not stored. Everything but the BlockRadixSort type is the same code on
// both sides.
#pragma once

#include <cstdint>

#include <cuda_runtime.h>

#include "sort_frame.cuh"
#include "sort_problems.h"

namespace versus
{

// example-begin versus-kernel
template <typename BlockRadixSortT, bool PAIRS>
__global__ void __launch_bounds__(ch09::BLOCK) sort_kernel(ch09::Tile tile)
{
  __shared__ union
  {
    ch09::IoStorage io;
    typename BlockRadixSortT::TempStorage sort;
  } temp;
  const int64_t base = blockIdx.x * int64_t{ch09::TILE};
  const int valid    = static_cast<int>(tile.n - base < ch09::TILE ? tile.n - base : ch09::TILE);
  uint32_t keys[ch09::ITEMS], values[ch09::ITEMS];
  ch09::load_blocked<PAIRS>(temp.io, tile, base, valid, keys, values);
  __syncthreads(); // the sort's storage overlaps the load's

  BlockRadixSortT sort(temp.sort);
  if constexpr (PAIRS)
  {
    tile.descending ? sort.SortDescending(keys, values, tile.begin_bit, tile.end_bit)
                    : sort.Sort(keys, values, tile.begin_bit, tile.end_bit);
  }
  else
  {
    tile.descending ? sort.SortDescending(keys, tile.begin_bit, tile.end_bit)
                    : sort.Sort(keys, tile.begin_bit, tile.end_bit);
  }

  __syncthreads(); // the store's storage overlaps the sort's
  ch09::store_blocked<PAIRS>(temp.io, tile, base, valid, keys, values);
}
// example-end versus-kernel

//! Keys: BlockRadixSortT sorts uint32_t keys alone.
template <typename BlockRadixSortT> void launch(const runner::Args<problems::tile_sort_keys_u32>& a)
{
  ch09::launch(sort_kernel<BlockRadixSortT, false>, a);
}

//! Pairs: BlockRadixSortT sorts uint32_t keys with uint32_t values.
template <typename BlockRadixSortT> void launch(const runner::Args<problems::tile_sort_pairs_u32>& a)
{
  ch09::launch(sort_kernel<BlockRadixSortT, true>, a);
}

} // namespace versus
