// Step 5: the library's block sort, cubling::BlockRadixSort.
//
// What changes: the sort loop of sort_frame.cuh and step 3's ranking become
// one call, cubling::BlockRadixSort<uint32_t, 256, 16>::Sort(keys) (with the
// values, BlockRadixSort<uint32_t, 256, 16, uint32_t>::Sort(keys, values)),
// with the defaults: 4 bits per pass, the packed counters of step 3 with the
// raking segment kept in registers (MEMOIZE_OUTER_SCAN), and a BlockScan of
// the segment totals with warp scans. The loads and the stores around it are
// the frame's (the kernel is versus_tile_sort.cuh's, which the VERSUS rows
// also build on CUB, and which is the problems' oracle on CUB).
// Why: this is what the chapter put into lib/, with CUB's template
// parameters and members: keys of any type that the radix traits order
// (signed integers and floats through their bit twiddles), values, a bit
// range, descending order, and a blocked or striped result. Its ranking
// (cubling::BlockRadixRank) is step 3's, not step 4's: the match-based
// ranking wants warp-striped keys, and BlockRadixSort, like CUB's, takes
// and returns blocked ones.
// Expected: about step 3's time, since the ranking is the same; within a
// few percent of CUB, which the VERSUS rows measure.
#include <cstdint>

#include <cubling/block/block_radix_sort.cuh>

#include "sort_frame.cuh"
#include "sort_problems.h"
#include "versus_tile_sort.cuh"

namespace step05_block_radix_sort
{

// example-begin block-radix-sort
using SortKeys  = cubling::BlockRadixSort<uint32_t, ch09::BLOCK, ch09::ITEMS>;           // keys only
using SortPairs = cubling::BlockRadixSort<uint32_t, ch09::BLOCK, ch09::ITEMS, uint32_t>; // keys and values
// example-end block-radix-sort

void launch(const runner::Args<problems::tile_sort_keys_u32>& a)
{
  versus::launch<SortKeys>(a);
}

void launch(const runner::Args<problems::tile_sort_pairs_u32>& a)
{
  versus::launch<SortPairs>(a);
}

} // namespace step05_block_radix_sort
