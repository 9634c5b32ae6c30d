// cubling::BlockRadixSort against cub::BlockRadixSort on tile_sort_pairs_u32.
//
// The kernel of versus_tile_sort.cuh (one block of 256 threads per 4096-pair
// tile, 16 pairs per thread, blocked in and out), instantiated once with each
// library's BlockRadixSort<uint32_t, 256, 16, uint32_t> and its defaults.
// Expected: the same time within a few percent on both sides, at every size;
// each pass exchanges the values as well as the keys, so the scatter weighs
// more than in the keys-only row.
#include <cub/block/block_radix_sort.cuh>

#include <cubling/block/block_radix_sort.cuh>

#include "sort_problems.h"
#include "versus_tile_sort.cuh"

namespace versus_tile_sort_pairs
{

void launch_cubling(const runner::Args<problems::tile_sort_pairs_u32>& a)
{
  versus::launch<cubling::BlockRadixSort<uint32_t, ch09::BLOCK, ch09::ITEMS, uint32_t>>(a);
}

void launch_cub(const runner::Args<problems::tile_sort_pairs_u32>& a)
{
  versus::launch<cub::BlockRadixSort<uint32_t, ch09::BLOCK, ch09::ITEMS, uint32_t>>(a);
}

} // namespace versus_tile_sort_pairs
