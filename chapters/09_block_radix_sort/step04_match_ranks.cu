// Step 4: ranks by matching inside a warp, with warp-private counters.
//
// What changes: the counters belong to warps instead of threads (16 digits x
// 8 warps, 128 counters in all, where step 3 had 16 x 256), and a warp
// ranks its keys together. The keys are held *warp-striped*: warp w's lane l
// holds tile items w * 512 + i * 32 + l, so that a warp's item i is 32
// consecutive keys of the tile, and the loads and stores need no transpose.
// For each i in turn, `__match_any_sync` gives every lane the set of lanes
// whose key has the same digit (its *peers*); the peers below a lane are
// the keys of its digit that come before it in this round, and the highest
// peer adds the round's count to the warp's counter of that digit and
// hands the counter's old value to the others with a shuffle. After the 16
// rounds, one scan of the 128 counters, digit by digit and within a digit
// warp by warp (the library's BlockScan, one counter per thread), turns each
// into the number of keys that go before that warp's keys of that digit,
// and a key's rank is that plus its rank inside its warp.
// Why: step 3 counted each key with a read-modify-write of a 16-bit counter
// in shared memory, 16 dependent ones per thread and pass, and scanned 2048
// words; here a warp counts 32 keys with one match, two population counts,
// one shuffle and one read-modify-write by one lane per distinct digit, and
// the scan is over 128 counters. This is CUB's BlockRadixRankMatch
// (RADIX_RANK_MATCH), whose variant that counts the tile's digits first is
// the ranking CUB's Onesweep sort (Adinets and Merrill, 2022; chapter 10)
// builds on.
// Expected: faster than step 3 on uniform keys, where the shared-memory
// traffic of the counting was the larger part of a pass; the scatter is
// the same round trip through shared memory, its keys now read back
// warp-striped. Low-entropy keys (--dist entropy_0.201)
// give fewer distinct digits per warp, so fewer counter updates, and
// should not slow it down.
#include <cstdint>

#include <cubling/block/block_scan.cuh>

#include "sort_frame.cuh"
#include "sort_problems.h"

namespace step04_match_ranks
{

using ch09::BLOCK;
using ch09::ITEMS;
using ch09::WARPS;

// example-begin rank
struct RankMatch
{
  static constexpr int RADIX_BITS    = 4;
  static constexpr int DIGITS        = 1 << RADIX_BITS;
  static constexpr bool WARP_STRIPED = true; // warp w's lane l holds tile items w * 512 + i * 32 + l
  using BlockScan                    = cubling::BlockScan<int, BLOCK>;
  struct TempStorage
  {
    int counters[DIGITS][WARPS]; // one per digit and warp; scanned digit by digit
    BlockScan::TempStorage scan;
  };

  static __device__ void rank(TempStorage& temp, const uint32_t (&keys)[ITEMS], int (&ranks)[ITEMS],
                              ch09::DigitOf digit)
  {
    const int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
    int* flat     = &temp.counters[0][0];
    if (tid < DIGITS * WARPS) // the first 128 threads clear the counters
    {
      flat[tid] = 0;
    }
    __syncthreads();
    const unsigned lanes_below = (1u << lane) - 1u;
    int warp_before[ITEMS]; // the keys of the same digit before this one, in this warp
#pragma unroll
    for (int i = 0; i < ITEMS; ++i)
    {
      const uint32_t d     = digit(keys[i]);
      const unsigned peers = __match_any_sync(0xffffffffu, d); // the lanes whose key i has digit d
      const int last_peer  = 31 - __clz(peers);
      int counted          = 0;
      if (lane == last_peer) // one lane per digit updates the warp's counter
      {
        counted                = temp.counters[d][warp];
        temp.counters[d][warp] = counted + __popc(peers);
      }
      __syncwarp(); // the next round's reads see this round's counts
      warp_before[i] = __shfl_sync(0xffffffffu, counted, last_peer) + __popc(peers & lanes_below);
    }
    __syncthreads();

    // Scan the counters in their order in memory: thread t < 128 takes one.
    int count = tid < DIGITS * WARPS ? flat[tid] : 0;
    BlockScan(temp.scan).ExclusiveSum(count, count);
    if (tid < DIGITS * WARPS)
    {
      flat[tid] = count;
    }
    __syncthreads();

#pragma unroll
    for (int i = 0; i < ITEMS; ++i)
    {
      ranks[i] = temp.counters[digit(keys[i])][warp] + warp_before[i];
    }
  }
};
// example-end rank

void launch(const runner::Args<problems::tile_sort_keys_u32>& a)
{
  ch09::launch(ch09::sort_kernel<RankMatch, false>, a);
}

void launch(const runner::Args<problems::tile_sort_pairs_u32>& a)
{
  ch09::launch(ch09::sort_kernel<RankMatch, true>, a);
}

} // namespace step04_match_ranks
