// Step 3: packed 16-bit counters and a raking scan, as CUB's BlockRadixRank.
//
// What changes: step 2's ranking, with its counters made smaller and its
// scan laid out for shared memory. A tile has 4096 keys, so a counter never
// exceeds 4096 and 16 bits hold it: two digits share one 32-bit word, digit
// d in half d / 8 of word d % 8 (8 *counter lanes* of packed words per
// thread, `words[lane][thread]`). Adding two packed words adds both halves
// at once, and no half can carry into the other, so the scan runs on 2048
// words instead of 4096 counters. In the order of memory (lane by lane,
// thread by thread), the low halves are digits 0 to 7 and the high halves
// digits 8 to 15: after the scan, each high half still needs every low
// half's total, the block total's low half, added to it. The scan is written
// out as *raking*: each thread owns 8 consecutive words (its segment), adds
// them up in registers, the library's BlockScan scans the 256 segment totals,
// and each thread writes its segment's prefixes back. A word is left empty
// after every segment, so that the 32 lanes of a warp, reading segments 8
// words apart, read 9 words apart and hit 32 different banks.
// Why: this is the layout of CUB's BlockRadixRank, in outline (the
// library's, like CUB's, pads with a spare lane of counters instead of a
// word after each segment, and adds the high halves' carry through the
// scan): half the shared memory of step 2 to clear, increment, scan and
// read back; a conflict-free raking pass where step 2's accesses of 16
// consecutive counters per thread met four to a bank in each quarter-warp;
// and the segment kept in registers between the two raking passes (CUB's
// MEMOIZE_OUTER_SCAN).
// Expected: faster than step 2: its scan did twice the work and
// conflicted four ways on its loads and its stores; the counting and the scatter are
// unchanged, so perhaps 1.3 to 1.5 times, and near CUB, which uses this very
// layout.
#include <cstdint>

#include <cubling/block/block_scan.cuh>

#include "sort_frame.cuh"
#include "sort_problems.h"

namespace step03_packed_counters
{

using ch09::BLOCK;
using ch09::ITEMS;

// example-begin rank
struct RankPackedCounters
{
  static constexpr int RADIX_BITS    = 4;
  static constexpr int DIGITS        = 1 << RADIX_BITS;
  static constexpr bool WARP_STRIPED = false; // blocked: thread t holds tile items t * 16 .. t * 16 + 15
  static constexpr int LANES         = DIGITS / 2;        // packed words per thread: two 16-bit counters each
  static constexpr int SEGMENT       = LANES; // LANES * BLOCK words, raked by BLOCK threads: 8 each
  using BlockScan                    = cubling::BlockScan<uint32_t, BLOCK>;
  struct TempStorage
  {
    uint32_t words[BLOCK * (SEGMENT + 1)]; // every segment followed by an unused word
    BlockScan::TempStorage scan;
  };

  //! Word (lane, tid) of the counters, in the padded layout.
  static __device__ uint32_t& word(TempStorage& temp, int lane, int tid)
  {
    const int w = lane * BLOCK + tid;
    return temp.words[w + w / SEGMENT];
  }

  //! The 16-bit counter of digit d for thread tid: half d / LANES of word (d % LANES, tid).
  static __device__ uint16_t* counter(TempStorage& temp, uint32_t d, int tid)
  {
    return reinterpret_cast<uint16_t*>(&word(temp, static_cast<int>(d % LANES), tid)) + d / LANES;
  }

  static __device__ void rank(TempStorage& temp, const uint32_t (&keys)[ITEMS], int (&ranks)[ITEMS],
                              ch09::DigitOf digit)
  {
    const int tid = threadIdx.x;
#pragma unroll
    for (int lane = 0; lane < LANES; ++lane) // each thread clears its own words
    {
      word(temp, lane, tid) = 0;
    }
    int own_before[ITEMS]; // the keys of the same digit before this one, in this thread
#pragma unroll
    for (int i = 0; i < ITEMS; ++i)
    {
      uint16_t* c   = counter(temp, digit(keys[i]), tid);
      own_before[i] = *c;
      *c            = static_cast<uint16_t>(own_before[i] + 1);
    }
    __syncthreads();

    // Rake: thread t scans the 8 consecutive words of segment t, kept in registers.
    uint32_t* segment = &temp.words[tid * (SEGMENT + 1)];
    uint32_t cached[SEGMENT], total = 0;
#pragma unroll
    for (int k = 0; k < SEGMENT; ++k)
    {
      cached[k] = segment[k];
      total += cached[k];
    }
    uint32_t prefix, block_total;
    BlockScan(temp.scan).ExclusiveSum(total, prefix, block_total);
    prefix += block_total << 16; // digits 8..15 (high halves) come after digits 0..7 (low halves)
#pragma unroll
    for (int k = 0; k < SEGMENT; ++k)
    {
      segment[k] = prefix;
      prefix += cached[k];
    }
    __syncthreads();

#pragma unroll
    for (int i = 0; i < ITEMS; ++i)
    {
      ranks[i] = *counter(temp, digit(keys[i]), tid) + own_before[i];
    }
  }
};
// example-end rank

void launch(const runner::Args<problems::tile_sort_keys_u32>& a)
{
  ch09::launch(ch09::sort_kernel<RankPackedCounters, false>, a);
}

void launch(const runner::Args<problems::tile_sort_pairs_u32>& a)
{
  ch09::launch(ch09::sort_kernel<RankPackedCounters, true>, a);
}

} // namespace step03_packed_counters
