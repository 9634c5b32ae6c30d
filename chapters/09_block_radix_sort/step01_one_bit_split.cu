// Step 1: a split on one bit per pass, ranked by a block scan of the bit.
//
// What changes: this is the first sort of the book, so everything is new.
// The block holds its tile of 4096 keys in registers, 16 consecutive keys per
// thread, and sorts it one bit at a time, from the lowest bit up: 32 passes
// for 32-bit keys. A pass is a *split*: the keys whose bit is 0 go to the
// front of the tile, in their order, and the keys whose bit is 1 to the back,
// in theirs. Where each key goes follows from one exclusive scan of the bits
// (chapter 07's BlockScan): a key with bit 1 goes after every key with bit 0
// (the tile's zeros) and after the ones before it (its scan value); a key
// with bit 0 goes after the zeros before it, which are its position minus
// the ones before it. Every thread then writes its keys to shared memory at
// those ranks and reads back 16 consecutive keys of the new order
// (sort_frame.cuh).
// Why: a split is stable, and a sequence of stable splits from the lowest
// bit to the highest sorts by the whole key (the least significant digit
// radix sort). It needs nothing but a scan, which chapter 07 built, and it
// is the scheme of the first GPU radix sorts, built on scan primitives
// (Blelloch's split, 1990).
// Expected: correct, and slow: 32 passes, each a block scan of 4096 flags
// and a scatter of the tile through shared memory, with 5 barriers per pass
// (two in the scan), so 160 barriers and 32 round trips of the tile through
// shared memory per tile. A pass costs about what a pass of the later steps
// costs, and they need 8, so this step should be several times slower than
// CUB.
#include <cstdint>

#include <cubling/block/block_scan.cuh>

#include "sort_frame.cuh"
#include "sort_problems.h"

namespace step01_one_bit_split
{

using ch09::BLOCK;
using ch09::ITEMS;

// example-begin rank
struct RankOneBit
{
  static constexpr int RADIX_BITS    = 1;
  static constexpr bool WARP_STRIPED = false; // blocked: thread t holds tile items t * 16 .. t * 16 + 15
  using BlockScan                    = cubling::BlockScan<int, BLOCK>;
  using TempStorage                  = BlockScan::TempStorage;

  static __device__ void rank(TempStorage& temp, const uint32_t (&keys)[ITEMS], int (&ranks)[ITEMS],
                              ch09::DigitOf digit)
  {
    int ones[ITEMS], ones_before[ITEMS], tile_ones;
#pragma unroll
    for (int i = 0; i < ITEMS; ++i)
    {
      ones[i] = static_cast<int>(digit(keys[i]));
    }
    BlockScan(temp).ExclusiveSum(ones, ones_before, tile_ones);
    const int tile_zeros = ch09::TILE - tile_ones;
#pragma unroll
    for (int i = 0; i < ITEMS; ++i)
    {
      const int position = threadIdx.x * ITEMS + i;
      ranks[i]           = ones[i] ? tile_zeros + ones_before[i] : position - ones_before[i];
    }
  }
};
// example-end rank

void launch(const runner::Args<problems::tile_sort_keys_u32>& a)
{
  ch09::launch(ch09::sort_kernel<RankOneBit, false>, a);
}

void launch(const runner::Args<problems::tile_sort_pairs_u32>& a)
{
  ch09::launch(ch09::sort_kernel<RankOneBit, true>, a);
}

} // namespace step01_one_bit_split
