// Step 2: four bits per pass: count the digits, then scan the counts.
//
// What changes: a pass sorts by a digit of 4 bits, 16 values, instead of one
// bit: 8 passes for 32-bit keys instead of 32. The one-bit split generalises
// with one counter per digit and per thread, in shared memory (16 x 256
// counters of 32 bits, `counters[digit][thread]`). Each thread walks its 16
// keys in order; for each it notes how many keys of the same digit it has
// already counted (the key's rank among its own), and adds one to that
// counter. Then one exclusive scan of all 4096 counters, taken digit by digit
// and, within a digit, thread by thread, turns each counter into the number
// of keys that go before that thread's keys of that digit: every key of a
// smaller digit, and the keys of the same digit in the threads before. A
// key's rank is its counter's scanned value plus its rank among its own. The
// scan is the library's BlockScan over 16 consecutive counters per thread.
// Why: the radix sort's classic trade (Zagha and Blelloch, 1991; Merrill
// and Grimshaw, 2011): a digit of r bits costs 2^r counters to count and to
// scan, but divides the passes by r. The scatter, a round trip of the whole
// tile through shared memory, is paid 8 times instead of 32, and the scan of
// 4096 counters costs about what step 1's scan of 4096 flags cost.
// Expected: about three times faster than step 1 (a quarter of the passes,
// each a little dearer: the counters are cleared, incremented and read
// back). Two costs remain that step 3 removes: the counters take 16 KB and
// 16 words per thread to scan, and the scan's accesses of 16 consecutive
// counters per thread, 16 words apart from lane to lane, conflict: the
// compiler makes them four 16-byte loads (and stores), and each quarter of
// a warp meets four to a bank.
#include <cstdint>

#include <cubling/block/block_scan.cuh>

#include "sort_frame.cuh"
#include "sort_problems.h"

namespace step02_digit_counts
{

using ch09::BLOCK;
using ch09::ITEMS;

// example-begin rank
struct RankDigitCounts
{
  static constexpr int RADIX_BITS    = 4;
  static constexpr int DIGITS        = 1 << RADIX_BITS;
  static constexpr bool WARP_STRIPED = false; // blocked: thread t holds tile items t * 16 .. t * 16 + 15
  using BlockScan                    = cubling::BlockScan<int, BLOCK>;
  struct TempStorage
  {
    int counters[DIGITS][BLOCK]; // one per digit and thread; scanned digit by digit
    BlockScan::TempStorage scan;
  };

  static __device__ void rank(TempStorage& temp, const uint32_t (&keys)[ITEMS], int (&ranks)[ITEMS],
                              ch09::DigitOf digit)
  {
    const int tid = threadIdx.x;
#pragma unroll
    for (int d = 0; d < DIGITS; ++d) // each thread clears its own counters
    {
      temp.counters[d][tid] = 0;
    }
    int own_before[ITEMS]; // the keys of the same digit before this one, in this thread
#pragma unroll
    for (int i = 0; i < ITEMS; ++i)
    {
      int& counter  = temp.counters[digit(keys[i])][tid];
      own_before[i] = counter;
      counter       = own_before[i] + 1;
    }
    __syncthreads();

    // Scan the counters in their order in memory: thread t takes 16 consecutive ones.
    int* flat = &temp.counters[0][0];
    int counts[DIGITS]; // DIGITS * BLOCK counters over BLOCK threads
#pragma unroll
    for (int k = 0; k < DIGITS; ++k)
    {
      counts[k] = flat[tid * DIGITS + k];
    }
    BlockScan(temp.scan).ExclusiveSum(counts, counts);
#pragma unroll
    for (int k = 0; k < DIGITS; ++k)
    {
      flat[tid * DIGITS + k] = counts[k];
    }
    __syncthreads();

#pragma unroll
    for (int i = 0; i < ITEMS; ++i)
    {
      ranks[i] = temp.counters[digit(keys[i])][tid] + own_before[i];
    }
  }
};
// example-end rank

void launch(const runner::Args<problems::tile_sort_keys_u32>& a)
{
  ch09::launch(ch09::sort_kernel<RankDigitCounts, false>, a);
}

void launch(const runner::Args<problems::tile_sort_pairs_u32>& a)
{
  ch09::launch(ch09::sort_kernel<RankDigitCounts, true>, a);
}

} // namespace step02_digit_counts
