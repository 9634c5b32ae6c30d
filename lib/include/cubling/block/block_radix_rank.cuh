//! @file
//! Block radix ranking: every thread of a block holds a few keys, and each
//! key learns its rank in the tile when the keys are ordered by one radix
//! digit, ties kept in tile order. One counting sort pass of a radix sort is
//! a rank followed by a scatter to the ranks.
//!
//! Three rankers, as in CUB:
//! - cubling::BlockRadixRank: every thread counts its own keys in private
//!   16-bit counters, packed two (or four) to a shared-memory word, and the
//!   block scans all counters at once with a raking scan of the packed words.
//!   Tile order is the *blocked* order (thread by thread, each thread's keys
//!   in index order).
//! - cubling::BlockRadixRankMatch: each warp finds, per key, the lanes that
//!   share its digit with one vote per digit bit (what `__match_any_sync`
//!   computes), and counts per warp and digit; the block then scans the
//!   (digit, warp) counters. Tile order is *warp-striped* (warp by warp, then
//!   key index, then lane).
//! - cubling::BlockRadixRankMatchEarlyCounts: per-warp histograms first, so
//!   that the digit counts of the tile are known (and handed to a callback)
//!   before the ranks; a device sort uses this to publish its counts early.
//!   Tile order is warp-striped.
#pragma once

#include <cubling/block/block_scan.cuh>
#include <cubling/block/radix_rank_sort_operations.cuh>
#include <cubling/thread/thread_reduce.cuh>
#include <cubling/thread/thread_scan.cuh>
#include <cubling/util/arch.cuh>
#include <cubling/util/lane_id.cuh>
#include <cubling/util/macros.cuh>
#include <cubling/util/thread_id.cuh>
#include <cubling/util/uninitialized.cuh>

#include <cuda/std/cstdint>
#include <cuda/std/type_traits>
#include <cuda/std/functional>
#include <cuda/std/type_traits>

#include <cuda_runtime.h>

namespace cubling
{

//! The ranking algorithms a device radix sort can pick (CUB's names).
enum RadixRankAlgorithm
{
  //! BlockRadixRank, the outer scan not memoized.
  RADIX_RANK_BASIC,
  //! BlockRadixRank, the raking segment kept in registers between sweeps.
  RADIX_RANK_MEMOIZE,
  //! BlockRadixRankMatch.
  RADIX_RANK_MATCH,
  //! BlockRadixRankMatchEarlyCounts with WARP_MATCH_ANY.
  RADIX_RANK_MATCH_EARLY_COUNTS_ANY,
  //! BlockRadixRankMatchEarlyCounts with WARP_MATCH_ATOMIC_OR.
  RADIX_RANK_MATCH_EARLY_COUNTS_ATOMIC_OR
};

//! How BlockRadixRankMatchEarlyCounts finds the lanes of a warp that share a digit.
enum WarpMatchAlgorithm
{
  //! One warp vote per digit bit (the set `__match_any_sync` returns).
  WARP_MATCH_ANY,
  //! Each lane ORs its bit into a shared mask per digit, and reads it back.
  WARP_MATCH_ATOMIC_OR
};

//! The callback that does nothing with the digit counts.
//! @tparam BINS_PER_THREAD The number of digits each thread is given.
template <int BINS_PER_THREAD>
struct BlockRadixRankEmptyCallback
{
  //! @param bins The counts (ignored).
  __device__ CUBLING_FORCEINLINE void operator()(int (&bins)[BINS_PER_THREAD])
  {
    (void) bins;
  }
};

namespace detail
{

//! The lanes below this one, as a mask.
__device__ CUBLING_FORCEINLINE ::cuda::std::uint32_t lanemask_lt()
{
  ::cuda::std::uint32_t mask;
  asm("mov.u32 %0, %%lanemask_lt;" : "=r"(mask));
  return mask;
}

//! This lane and the lanes below it, as a mask.
__device__ CUBLING_FORCEINLINE ::cuda::std::uint32_t lanemask_le()
{
  ::cuda::std::uint32_t mask;
  asm("mov.u32 %0, %%lanemask_le;" : "=r"(mask));
  return mask;
}

//! `value`, unchanged, but opaque to the compiler: what is computed from it
//! afterwards is computed again, not taken from an earlier computation of
//! the same thing. The match-based rankers read every key's digit twice, to
//! count and to rank, with a block-wide scan in between; without this, the
//! compiler keeps all the digits of the first reading in registers across
//! the scan, one register per key, and a Onesweep tile of 20 keys a thread
//! needs 96 registers instead of 80. Re-extracting a digit costs one or two
//! instructions. Plain integers of up to 64 bits pass through an empty asm
//! statement; other types (decomposed keys) are returned as they are.
template <typename T>
__device__ CUBLING_FORCEINLINE T opaque_value(T value)
{
  if constexpr (::cuda::std::is_integral<T>::value && sizeof(T) <= 4)
  {
    ::cuda::std::uint32_t word = static_cast<::cuda::std::uint32_t>(value);
    asm volatile("" : "+r"(word));
    return static_cast<T>(word);
  }
  else if constexpr (::cuda::std::is_integral<T>::value && sizeof(T) == 8)
  {
    ::cuda::std::uint64_t word = static_cast<::cuda::std::uint64_t>(value);
    asm volatile("" : "+l"(word));
    return static_cast<T>(word);
  }
  else
  {
    return value;
  }
}

//! The lanes of `member_mask` whose `label` equals this lane's, found with
//! one warp vote per label bit: the set `__match_any_sync` returns, for
//! labels of `LABEL_BITS` bits.
//! @tparam LABEL_BITS The label's width in bits.
//! @param label This lane's label (only the low `LABEL_BITS` bits count).
//! @param member_mask The lanes taking part (all of them call this).
//! @return The mask of lanes with the same label.
template <int LABEL_BITS>
__device__ CUBLING_FORCEINLINE ::cuda::std::uint32_t warp_match_label(::cuda::std::uint32_t label,
                                                                      ::cuda::std::uint32_t member_mask)
{
  // example-begin match-vote
  ::cuda::std::uint32_t peers = member_mask;
  CUBLING_UNROLL
  for (int bit = 0; bit < LABEL_BITS; ++bit)
  {
    // The lanes that agree with this one on the bit: the vote's lanes if
    // the bit is set, the others if not. The vote and the complement share
    // one predicate, so a lane with the bit clear flips the vote with one
    // predicated NOT (no select), and ptxas draws the predicates of several
    // bits out of the label in one instruction: three instructions a bit.
    ::cuda::std::uint32_t agreeing;
    asm("{\n\t"
        ".reg .pred bit_set;\n\t"
        "setp.ne.u32 bit_set, %1, 0;\n\t"
        "vote.sync.ballot.b32 %0, bit_set, %2;\n\t"
        "@!bit_set not.b32 %0, %0;\n\t"
        "}"
        : "=r"(agreeing)
        : "r"(label & (1u << bit)), "r"(member_mask));
    peers &= agreeing;
  }
  // example-end match-vote
  return peers;
}

//! The mask of lanes present in warp `warp_id` of a block of `BLOCK_THREADS` threads.
//! @tparam BLOCK_THREADS The threads of the block.
//! @param warp_id The warp.
//! @return All lanes, or the low lanes of a last, partial warp.
template <int BLOCK_THREADS>
__device__ CUBLING_FORCEINLINE ::cuda::std::uint32_t warp_member_mask(int warp_id)
{
  constexpr int partial_lanes = BLOCK_THREADS % warp_threads;
  if constexpr (partial_lanes == 0)
  {
    (void) warp_id;
    return 0xffffffffu;
  }
  else
  {
    return (warp_id == BLOCK_THREADS / warp_threads) ? ((1u << partial_lanes) - 1u) : 0xffffffffu;
  }
}

//! BlockRadixRankMatchEarlyCounts's `ranked` hook, when nobody listens.
struct ignore_rank
{
  __device__ CUBLING_FORCEINLINE void operator()(int, int) const {}
};

//! log2 of a power of two, at compile time.
//! @param n A power of two.
//! @return Its log2.
constexpr int log2_exact(int n)
{
  return n <= 1 ? 0 : 1 + log2_exact(n / 2);
}

} // namespace detail

//! @brief Ranks the keys of a tile by one radix digit, with private packed
//! counters per thread and a raking scan of them.
//!
//! **How it works.** Each thread owns a column of 16-bit counters in shared
//! memory, one per digit, packed `PACKING_RATIO` to a word: word `(lane,
//! thread)` holds the counters of digits `lane`, `lane + COUNTER_LANES`, ...
//! A thread counts its keys in its own column, each key remembering the count
//! before it (its rank among the thread's keys of that digit). Then one scan
//! over all words, in the order (lane, thread), adds up every column at once:
//! each 16-bit field of a word is scanned in parallel, and the scan's prefix
//! callback shifts the total of each field into the fields above, so field
//! `p` starts after all the digits of fields below it. Each thread rakes a
//! contiguous segment of words (one more than the lanes, which keeps the
//! segments' starts on different banks), the segment totals go through a
//! cubling::BlockScan, and the segments are scanned again with their prefix.
//! A key's rank is then its counter's scanned value plus its remembered count.
//!
//! **When to pick it.** Any block shape, no warp-level synchronization, and
//! the keys ranked in blocked order (what cubling::BlockRadixSort needs).
//! It costs `(COUNTER_LANES + 1) * BLOCK_THREADS` words of shared memory. A
//! tile holds at most 65535 keys (the counters are 16-bit).
//!
//! Descending ranks come from reversing the counter positions, so larger
//! digits take the lower ranks.
//!
//! @tparam BLOCK_DIM_X          threads of the block along x
//! @tparam RADIX_BITS           the digit's width in bits
//! @tparam IS_DESCENDING        rank larger digits first
//! @tparam MEMOIZE_OUTER_SCAN   keep the raking segment in registers between the two sweeps
//! @tparam INNER_SCAN_ALGORITHM the cubling::BlockScanAlgorithm of the scan of segment totals
//! @tparam SMEM_CONFIG          `cudaSharedMemBankSizeEightByte` packs four counters in 64-bit words, else two in 32-bit words
//! @tparam BLOCK_DIM_Y          threads of the block along y
//! @tparam BLOCK_DIM_Z          threads of the block along z
template <int BLOCK_DIM_X,
          int RADIX_BITS,
          bool IS_DESCENDING,
          bool MEMOIZE_OUTER_SCAN                 = true,
          BlockScanAlgorithm INNER_SCAN_ALGORITHM = BLOCK_SCAN_WARP_SCANS,
          cudaSharedMemConfig SMEM_CONFIG         = cudaSharedMemBankSizeFourByte,
          int BLOCK_DIM_Y                         = 1,
          int BLOCK_DIM_Z                         = 1>
class BlockRadixRank
{
  using DigitCounter  = unsigned short;
  using PackedCounter = ::cuda::std::
    conditional_t<SMEM_CONFIG == cudaSharedMemBankSizeEightByte, unsigned long long, unsigned int>;

  static constexpr int BLOCK_THREADS     = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  static constexpr int RADIX_DIGITS      = 1 << RADIX_BITS;
  static constexpr int PACKING_RATIO     = int(sizeof(PackedCounter) / sizeof(DigitCounter));
  static constexpr int LOG_PACKING_RATIO = detail::log2_exact(PACKING_RATIO);
  static constexpr int LOG_COUNTER_LANES = RADIX_BITS > LOG_PACKING_RATIO ? RADIX_BITS - LOG_PACKING_RATIO : 0;
  static constexpr int COUNTER_LANES     = 1 << LOG_COUNTER_LANES;
  // One spare lane, always zero: a thread's raking segment is then an odd
  // number of words, so the segments of neighbouring threads start on different banks.
  static constexpr int PADDED_COUNTER_LANES = COUNTER_LANES + 1;
  static constexpr int RAKING_SEGMENT       = PADDED_COUNTER_LANES;
  static constexpr int MAX_TILE_ITEMS       = 0xffff;

  static_assert(RADIX_BITS >= 1 && RADIX_BITS <= 16, "RADIX_BITS must be 1 to 16");

public:
  //! The number of digits whose prefix each thread receives from the
  //! `exclusive_digit_prefix` overload: digits `linear_tid * BINS_TRACKED_PER_THREAD` on.
  //! @hideinitializer
  static constexpr int BINS_TRACKED_PER_THREAD =
    (RADIX_DIGITS + BLOCK_THREADS - 1) / BLOCK_THREADS > 1 ? (RADIX_DIGITS + BLOCK_THREADS - 1) / BLOCK_THREADS : 1;

private:
  using BlockScanT = BlockScan<PackedCounter, BLOCK_DIM_X, INNER_SCAN_ALGORITHM, BLOCK_DIM_Y, BLOCK_DIM_Z>;

  struct alignas(16) _TempStorage
  {
    union Aliasable
    {
      // Counting view: [lane][thread][field].
      DigitCounter digit_counters[PADDED_COUNTER_LANES][BLOCK_THREADS][PACKING_RATIO];
      // The same words as [lane][thread], for clearing.
      PackedCounter packed_counters[PADDED_COUNTER_LANES][BLOCK_THREADS];
      // The same words as each thread's raking segment.
      PackedCounter raking_grid[BLOCK_THREADS][RAKING_SEGMENT];
    } aliasable;
    typename BlockScanT::TempStorage block_scan;
  };

  __device__ CUBLING_FORCEINLINE static _TempStorage& PrivateStorage()
  {
    __shared__ _TempStorage private_storage;
    return private_storage;
  }

  _TempStorage& temp_storage;
  int linear_tid;

  // The position, in DigitCounter units from the start of the counters, of
  // this thread's counter of `digit`.
  __device__ CUBLING_FORCEINLINE ::cuda::std::uint32_t CounterOffset(::cuda::std::uint32_t digit) const
  {
    ::cuda::std::uint32_t field = digit >> LOG_COUNTER_LANES;
    ::cuda::std::uint32_t lane  = digit & (COUNTER_LANES - 1);
    if constexpr (IS_DESCENDING)
    {
      field = PACKING_RATIO - 1 - field;
      lane  = COUNTER_LANES - 1 - lane;
    }
    return (lane * BLOCK_THREADS + ::cuda::std::uint32_t(linear_tid)) * PACKING_RATIO + field;
  }

  // Thread 0's scanned counter of `digit`: the number of keys ranked before the digit.
  __device__ CUBLING_FORCEINLINE int DigitPrefix(int digit) const
  {
    ::cuda::std::uint32_t field = ::cuda::std::uint32_t(digit) >> LOG_COUNTER_LANES;
    ::cuda::std::uint32_t lane  = ::cuda::std::uint32_t(digit) & (COUNTER_LANES - 1);
    if constexpr (IS_DESCENDING)
    {
      field = PACKING_RATIO - 1 - field;
      lane  = COUNTER_LANES - 1 - lane;
    }
    return temp_storage.aliasable.digit_counters[lane][0][field];
  }

  // Turns the total of each 16-bit field into the start of the fields above it.
  struct FieldCarry
  {
    __device__ CUBLING_FORCEINLINE PackedCounter operator()(PackedCounter block_aggregate) const
    {
      PackedCounter carry = 0;
      CUBLING_UNROLL
      for (int field = 1; field < PACKING_RATIO; ++field)
      {
        carry += block_aggregate << (sizeof(DigitCounter) * 8 * field);
      }
      return carry;
    }
  };

  // Exclusive scan of all counter words in (lane, thread) order, every field at once.
  __device__ CUBLING_FORCEINLINE void ScanCounters()
  {
    PackedCounter* segment = temp_storage.aliasable.raking_grid[linear_tid];
    PackedCounter cached[RAKING_SEGMENT];

    // Upsweep: this thread's segment total.
    PackedCounter segment_total = 0;
    CUBLING_UNROLL
    for (int i = 0; i < RAKING_SEGMENT; ++i)
    {
      const PackedCounter word = segment[i];
      if constexpr (MEMOIZE_OUTER_SCAN)
      {
        cached[i] = word;
      }
      segment_total += word;
    }

    PackedCounter segment_prefix;
    FieldCarry carry;
    BlockScanT(temp_storage.block_scan).ExclusiveSum(segment_total, segment_prefix, carry);

    // Downsweep: the segment scanned, seeded with its prefix.
    PackedCounter running = segment_prefix;
    CUBLING_UNROLL
    for (int i = 0; i < RAKING_SEGMENT; ++i)
    {
      const PackedCounter word = MEMOIZE_OUTER_SCAN ? cached[i] : segment[i];
      segment[i]               = running;
      running += word;
    }
  }

public:
  //! Opaque shared memory for the collective: declare it `__shared__`, alone
  //! or in a union with other primitives' storage.
  struct TempStorage
  //! @cond
      : Uninitialized<_TempStorage>
  //! @endcond
  {};

  //! Collective constructor with a private `__shared__` allocation.
  __device__ CUBLING_FORCEINLINE BlockRadixRank()
      : temp_storage(PrivateStorage())
      , linear_tid(RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
  {}

  //! Collective constructor with caller-provided shared memory.
  //! @param temp_storage The shared memory.
  __device__ CUBLING_FORCEINLINE BlockRadixRank(TempStorage& temp_storage)
      : temp_storage(temp_storage.Alias())
      , linear_tid(RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
  {}

  //! @brief Ranks the keys of the tile (blocked arrangement) by the digit
  //! `digit_extractor` reads; ties keep tile order.
  //! @tparam UnsignedBits The keys' bits type (what `digit_extractor.Digit` takes).
  //! @tparam KEYS_PER_THREAD The keys each thread holds.
  //! @tparam DigitExtractorT A type with `uint32_t Digit(UnsignedBits) const`, digits below `2^RADIX_BITS`.
  //! @param keys This thread's keys.
  //! @param ranks Out: each key's rank in the tile, 0 to tile size - 1.
  //! @param digit_extractor Reads a key's digit.
  template <typename UnsignedBits, int KEYS_PER_THREAD, typename DigitExtractorT>
  __device__ CUBLING_FORCEINLINE void
  RankKeys(UnsignedBits (&keys)[KEYS_PER_THREAD], int (&ranks)[KEYS_PER_THREAD], DigitExtractorT digit_extractor)
  {
    static_assert(BLOCK_THREADS * KEYS_PER_THREAD <= MAX_TILE_ITEMS,
                  "BlockRadixRank counts in 16 bits: at most 65535 keys per tile");
    DigitCounter* counters = &temp_storage.aliasable.digit_counters[0][0][0];
    ::cuda::std::uint32_t counter_offsets[KEYS_PER_THREAD];
    DigitCounter thread_prefixes[KEYS_PER_THREAD];

    // Clear this thread's column (the spare lane too).
    CUBLING_UNROLL
    for (int lane = 0; lane < PADDED_COUNTER_LANES; ++lane)
    {
      temp_storage.aliasable.packed_counters[lane][linear_tid] = 0;
    }

    // Count this thread's keys; each remembers the count before it.
    CUBLING_UNROLL
    for (int item = 0; item < KEYS_PER_THREAD; ++item)
    {
      counter_offsets[item]  = CounterOffset(digit_extractor.Digit(keys[item]));
      thread_prefixes[item]  = counters[counter_offsets[item]];
      counters[counter_offsets[item]] = DigitCounter(thread_prefixes[item] + 1);
    }

    __syncthreads();
    ScanCounters();
    __syncthreads();

    CUBLING_UNROLL
    for (int item = 0; item < KEYS_PER_THREAD; ++item)
    {
      ranks[item] = int(thread_prefixes[item]) + int(counters[counter_offsets[item]]);
    }
  }

  //! @brief Ranks the keys, and gives each thread the exclusive prefix of
  //! the digit counts for its digits `linear_tid * BINS_TRACKED_PER_THREAD`
  //! on (threads past the last digit get nothing written): the number of
  //! keys ranked before the digit.
  //! @tparam UnsignedBits The keys' bits type (what `digit_extractor.Digit` takes).
  //! @tparam KEYS_PER_THREAD The keys each thread holds.
  //! @tparam DigitExtractorT A type with `uint32_t Digit(UnsignedBits) const`, digits below `2^RADIX_BITS`.
  //! @param keys This thread's keys.
  //! @param ranks Out: each key's rank in the tile.
  //! @param digit_extractor Reads a key's digit.
  //! @param exclusive_digit_prefix Out: the prefixes of this thread's digits.
  template <typename UnsignedBits, int KEYS_PER_THREAD, typename DigitExtractorT>
  __device__ CUBLING_FORCEINLINE void RankKeys(UnsignedBits (&keys)[KEYS_PER_THREAD],
                                               int (&ranks)[KEYS_PER_THREAD],
                                               DigitExtractorT digit_extractor,
                                               int (&exclusive_digit_prefix)[BINS_TRACKED_PER_THREAD])
  {
    RankKeys(keys, ranks, digit_extractor);
    CUBLING_UNROLL
    for (int track = 0; track < BINS_TRACKED_PER_THREAD; ++track)
    {
      const int digit = linear_tid * BINS_TRACKED_PER_THREAD + track;
      if (BLOCK_THREADS == RADIX_DIGITS || digit < RADIX_DIGITS)
      {
        exclusive_digit_prefix[track] = DigitPrefix(digit);
      }
    }
  }
};

//! @brief Ranks the keys of a tile by one radix digit, with warp-level digit
//! matching and per-warp counters.
//!
//! **How it works.** Key by key (all lanes of a warp on their `item`-th key
//! together), a warp finds which of its lanes share each digit, with one
//! vote per digit bit. The lowest of those lanes reads the warp's counter
//! for the digit and adds the group's size; every lane's rank within the
//! warp is that counter plus the lanes below it in the group. After all keys,
//! the counters, laid out `[digit][warp]`, are scanned by the block: each
//! thread loads a short contiguous segment and a cubling::BlockScan scans the
//! segments. The scanned counter is then added to each rank.
//!
//! **When to pick it.** Fewer shared-memory round trips than
//! cubling::BlockRadixRank for wide digits, at the price of warp-striped
//! tile order: ties are ordered by warp, then by key index, then by lane,
//! which is the key order when keys were loaded warp-striped.
//!
//! @tparam BLOCK_DIM_X          threads of the block along x
//! @tparam RADIX_BITS           the digit's width in bits
//! @tparam IS_DESCENDING        rank larger digits first
//! @tparam INNER_SCAN_ALGORITHM the cubling::BlockScanAlgorithm of the counters' scan
//! @tparam BLOCK_DIM_Y          threads of the block along y
//! @tparam BLOCK_DIM_Z          threads of the block along z
template <int BLOCK_DIM_X,
          int RADIX_BITS,
          bool IS_DESCENDING,
          BlockScanAlgorithm INNER_SCAN_ALGORITHM = BLOCK_SCAN_WARP_SCANS,
          int BLOCK_DIM_Y                         = 1,
          int BLOCK_DIM_Z                         = 1>
class BlockRadixRankMatch
{
  static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  static constexpr int RADIX_DIGITS  = 1 << RADIX_BITS;
  static constexpr int WARPS         = (BLOCK_THREADS + warp_threads - 1) / warp_threads;
  // An odd row length spreads one digit's counters of consecutive warps over banks.
  static constexpr int PADDED_WARPS          = (WARPS % 2 == 0) ? WARPS + 1 : WARPS;
  static constexpr int COUNTERS              = PADDED_WARPS * RADIX_DIGITS;
  static constexpr int RAKING_SEGMENT        = (COUNTERS + BLOCK_THREADS - 1) / BLOCK_THREADS;
  static constexpr int PADDED_RAKING_SEGMENT = (RAKING_SEGMENT % 2 == 0) ? RAKING_SEGMENT + 1 : RAKING_SEGMENT;

public:
  //! The number of digits whose count or prefix each thread receives:
  //! digits `linear_tid * BINS_TRACKED_PER_THREAD` on.
  //! @hideinitializer
  static constexpr int BINS_TRACKED_PER_THREAD =
    (RADIX_DIGITS + BLOCK_THREADS - 1) / BLOCK_THREADS > 1 ? (RADIX_DIGITS + BLOCK_THREADS - 1) / BLOCK_THREADS : 1;

private:
  using BlockScanT = BlockScan<int, BLOCK_DIM_X, INNER_SCAN_ALGORITHM, BLOCK_DIM_Y, BLOCK_DIM_Z>;

  struct alignas(16) _TempStorage
  {
    typename BlockScanT::TempStorage block_scan;
    union alignas(16) Aliasable
    {
      // Counting view. Volatile: lanes read a counter that their group's
      // leader rewrites between two warp barriers.
      volatile int warp_digit_counters[RADIX_DIGITS][PADDED_WARPS];
      // The same ints as each thread's scan segment (the tail past the counters is spare).
      int raking_grid[BLOCK_THREADS][PADDED_RAKING_SEGMENT];
    } aliasable;
  };

  _TempStorage& temp_storage;
  int linear_tid;

  __device__ CUBLING_FORCEINLINE int RankedDigit(int digit) const
  {
    return IS_DESCENDING ? RADIX_DIGITS - 1 - digit : digit;
  }

  // The scanned counter of (ranked) digit `d`, warp 0: keys ranked before it.
  __device__ CUBLING_FORCEINLINE int ScannedDigitStart(int d) const
  {
    return temp_storage.aliasable.warp_digit_counters[d][0];
  }

  template <int KEYS_PER_THREAD, typename CountsCallback>
  __device__ CUBLING_FORCEINLINE void CallBack(CountsCallback& callback)
  {
    constexpr int TILE_ITEMS = KEYS_PER_THREAD * BLOCK_THREADS;
    int bins[BINS_TRACKED_PER_THREAD];
    CUBLING_UNROLL
    for (int track = 0; track < BINS_TRACKED_PER_THREAD; ++track)
    {
      const int digit = linear_tid * BINS_TRACKED_PER_THREAD + track;
      if (BLOCK_THREADS == RADIX_DIGITS || digit < RADIX_DIGITS)
      {
        const int d   = RankedDigit(digit);
        const int end = (d + 1 < RADIX_DIGITS) ? ScannedDigitStart(d + 1) : TILE_ITEMS;
        bins[track]   = end - ScannedDigitStart(d);
      }
    }
    callback(bins);
  }

public:
  //! Opaque shared memory for the collective.
  struct TempStorage
  //! @cond
      : Uninitialized<_TempStorage>
  //! @endcond
  {};

  //! Collective constructor with caller-provided shared memory.
  //! @param temp_storage The shared memory.
  __device__ CUBLING_FORCEINLINE BlockRadixRankMatch(TempStorage& temp_storage)
      : temp_storage(temp_storage.Alias())
      , linear_tid(RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
  {}

  //! @brief Ranks the keys (warp-striped tile order), then calls
  //! `callback(bins)` with the tile's count of each of this thread's digits
  //! `linear_tid * BINS_TRACKED_PER_THREAD` on, before the ranks are final.
  //! @tparam UnsignedBits The keys' bits type.
  //! @tparam KEYS_PER_THREAD The keys each thread holds.
  //! @tparam DigitExtractorT A type with `uint32_t Digit(UnsignedBits) const`.
  //! @tparam CountsCallback A type with `void operator()(int (&)[BINS_TRACKED_PER_THREAD])`.
  //! @param keys This thread's keys.
  //! @param ranks Out: each key's rank in the tile.
  //! @param digit_extractor Reads a key's digit.
  //! @param callback Receives the digit counts.
  template <typename UnsignedBits, int KEYS_PER_THREAD, typename DigitExtractorT, typename CountsCallback>
  __device__ CUBLING_FORCEINLINE void RankKeys(UnsignedBits (&keys)[KEYS_PER_THREAD],
                                               int (&ranks)[KEYS_PER_THREAD],
                                               DigitExtractorT digit_extractor,
                                               CountsCallback callback)
  {
    // Clear the counters through the segments that cover them.
    CUBLING_UNROLL
    for (int i = 0; i < PADDED_RAKING_SEGMENT; ++i)
    {
      temp_storage.aliasable.raking_grid[linear_tid][i] = 0;
    }
    __syncthreads();

    // Per-warp ranks, key by key.
    const int warp_id                        = linear_tid / warp_threads;
    const ::cuda::std::uint32_t member_mask  = detail::warp_member_mask<BLOCK_THREADS>(warp_id);
    const ::cuda::std::uint32_t lanes_before = detail::lanemask_lt();
    volatile int* counters[KEYS_PER_THREAD];
    CUBLING_UNROLL
    for (int item = 0; item < KEYS_PER_THREAD; ++item)
    {
      const ::cuda::std::uint32_t digit = RankedDigit(int(digit_extractor.Digit(keys[item])));
      const ::cuda::std::uint32_t peers = detail::warp_match_label<RADIX_BITS>(digit, member_mask);
      counters[item]                    = &temp_storage.aliasable.warp_digit_counters[digit][warp_id];
      const int warp_prefix             = *counters[item];
      __syncwarp(member_mask);
      const int peers_below = __popc(peers & lanes_before);
      if (peers_below == 0)
      {
        *counters[item] = warp_prefix + __popc(peers);
      }
      __syncwarp(member_mask);
      ranks[item] = warp_prefix + peers_below;
    }
    __syncthreads();

    // Scan the [digit][warp] counters in place.
    int segment[PADDED_RAKING_SEGMENT];
    CUBLING_UNROLL
    for (int i = 0; i < PADDED_RAKING_SEGMENT; ++i)
    {
      segment[i] = temp_storage.aliasable.raking_grid[linear_tid][i];
    }
    BlockScanT(temp_storage.block_scan).ExclusiveSum(segment, segment);
    CUBLING_UNROLL
    for (int i = 0; i < PADDED_RAKING_SEGMENT; ++i)
    {
      temp_storage.aliasable.raking_grid[linear_tid][i] = segment[i];
    }
    __syncthreads();

    if constexpr (!::cuda::std::is_same_v<CountsCallback, BlockRadixRankEmptyCallback<BINS_TRACKED_PER_THREAD>>)
    {
      CallBack<KEYS_PER_THREAD>(callback);
    }

    CUBLING_UNROLL
    for (int item = 0; item < KEYS_PER_THREAD; ++item)
    {
      ranks[item] += *counters[item];
    }
  }

  //! @brief Ranks the keys (warp-striped tile order).
  //! @tparam UnsignedBits The keys' bits type.
  //! @tparam KEYS_PER_THREAD The keys each thread holds.
  //! @tparam DigitExtractorT A type with `uint32_t Digit(UnsignedBits) const`.
  //! @param keys This thread's keys.
  //! @param ranks Out: each key's rank in the tile.
  //! @param digit_extractor Reads a key's digit.
  template <typename UnsignedBits, int KEYS_PER_THREAD, typename DigitExtractorT>
  __device__ CUBLING_FORCEINLINE void
  RankKeys(UnsignedBits (&keys)[KEYS_PER_THREAD], int (&ranks)[KEYS_PER_THREAD], DigitExtractorT digit_extractor)
  {
    RankKeys(keys, ranks, digit_extractor, BlockRadixRankEmptyCallback<BINS_TRACKED_PER_THREAD>());
  }

  //! @brief Ranks the keys, calls `callback` with the digit counts, and gives
  //! each thread the exclusive prefix of the counts of its digits (threads
  //! past the last digit get nothing written).
  //! @tparam UnsignedBits The keys' bits type.
  //! @tparam KEYS_PER_THREAD The keys each thread holds.
  //! @tparam DigitExtractorT A type with `uint32_t Digit(UnsignedBits) const`.
  //! @tparam CountsCallback A type with `void operator()(int (&)[BINS_TRACKED_PER_THREAD])`.
  //! @param keys This thread's keys.
  //! @param ranks Out: each key's rank in the tile.
  //! @param digit_extractor Reads a key's digit.
  //! @param exclusive_digit_prefix Out: the number of keys ranked before each of this thread's digits.
  //! @param callback Receives the digit counts.
  template <typename UnsignedBits, int KEYS_PER_THREAD, typename DigitExtractorT, typename CountsCallback>
  __device__ CUBLING_FORCEINLINE void RankKeys(UnsignedBits (&keys)[KEYS_PER_THREAD],
                                               int (&ranks)[KEYS_PER_THREAD],
                                               DigitExtractorT digit_extractor,
                                               int (&exclusive_digit_prefix)[BINS_TRACKED_PER_THREAD],
                                               CountsCallback callback)
  {
    RankKeys(keys, ranks, digit_extractor, callback);
    CUBLING_UNROLL
    for (int track = 0; track < BINS_TRACKED_PER_THREAD; ++track)
    {
      const int digit = linear_tid * BINS_TRACKED_PER_THREAD + track;
      if (BLOCK_THREADS == RADIX_DIGITS || digit < RADIX_DIGITS)
      {
        exclusive_digit_prefix[track] = ScannedDigitStart(RankedDigit(digit));
      }
    }
  }

  //! @brief Ranks the keys and gives each thread the exclusive prefix of the
  //! counts of its digits.
  //! @tparam UnsignedBits The keys' bits type.
  //! @tparam KEYS_PER_THREAD The keys each thread holds.
  //! @tparam DigitExtractorT A type with `uint32_t Digit(UnsignedBits) const`.
  //! @param keys This thread's keys.
  //! @param ranks Out: each key's rank in the tile.
  //! @param digit_extractor Reads a key's digit.
  //! @param exclusive_digit_prefix Out: the number of keys ranked before each of this thread's digits.
  template <typename UnsignedBits, int KEYS_PER_THREAD, typename DigitExtractorT>
  __device__ CUBLING_FORCEINLINE void RankKeys(UnsignedBits (&keys)[KEYS_PER_THREAD],
                                               int (&ranks)[KEYS_PER_THREAD],
                                               DigitExtractorT digit_extractor,
                                               int (&exclusive_digit_prefix)[BINS_TRACKED_PER_THREAD])
  {
    RankKeys(
      keys, ranks, digit_extractor, exclusive_digit_prefix, BlockRadixRankEmptyCallback<BINS_TRACKED_PER_THREAD>());
  }
};

//! @brief Ranks the keys of a tile by one radix digit, counting the digits
//! first so that the tile's digit counts are known before the ranks.
//!
//! **How it works.** (1) Each warp builds a histogram of its keys' digits in
//! shared memory with shared atomics; with `NUM_PARTS > 1` the lanes spread
//! over that many copies (less contention on skewed keys), added up after.
//! (2) Each thread takes `BINS_PER_THREAD` digits, scans their counts across
//! warps (giving each warp its start within the digit) and hands the totals
//! to the callback: the tile's digit counts, early. (3) A cubling::BlockScan
//! of the totals gives each digit's start in the tile, added to every warp's
//! start. (4) Key by key, each warp groups its lanes by digit (votes for
//! `WARP_MATCH_ANY`, a shared OR-mask for `WARP_MATCH_ATOMIC_OR`); the
//! group's highest lane claims the group's slots with one atomic add on the
//! warp's offset of the digit, and the lanes take consecutive slots.
//!
//! **When to pick it.** In a single-pass (Onesweep) device sort, where a
//! tile publishes its digit counts as soon as it can. Needs a block of whole
//! warps along x only. Tile order is warp-striped.
//!
//! `IS_DESCENDING` is accepted for CUB's signature and, as in CUB, leaves
//! the order ascending by digit (a descending sort inverts the key bits
//! instead).
//!
//! @tparam BLOCK_DIM_X          threads of the block (a multiple of 32)
//! @tparam RADIX_BITS           the digit's width in bits
//! @tparam IS_DESCENDING        see above
//! @tparam INNER_SCAN_ALGORITHM the cubling::BlockScanAlgorithm of the digit totals' scan
//! @tparam MATCH_ALGORITHM      how lanes with equal digits are grouped
//! @tparam NUM_PARTS            copies of each warp's histogram
template <int BLOCK_DIM_X,
          int RADIX_BITS,
          bool IS_DESCENDING,
          BlockScanAlgorithm INNER_SCAN_ALGORITHM = BLOCK_SCAN_WARP_SCANS,
          WarpMatchAlgorithm MATCH_ALGORITHM      = WARP_MATCH_ANY,
          int NUM_PARTS                           = 1>
struct BlockRadixRankMatchEarlyCounts
{
  //! The threads of the block.
  static constexpr int BLOCK_THREADS = BLOCK_DIM_X;
  //! The number of digits.
  static constexpr int RADIX_DIGITS = 1 << RADIX_BITS;
  //! The digits each thread handles: digits `threadIdx.x * BINS_PER_THREAD` on.
  static constexpr int BINS_PER_THREAD = (RADIX_DIGITS + BLOCK_THREADS - 1) / BLOCK_THREADS;
  //! The same as BINS_PER_THREAD (the other rankers' name).
  static constexpr int BINS_TRACKED_PER_THREAD = BINS_PER_THREAD;
  //! Do the threads' digits cover exactly the digits?
  static constexpr bool FULL_BINS = BINS_PER_THREAD * BLOCK_THREADS == RADIX_DIGITS;
  //! The warps of the block.
  static constexpr int BLOCK_WARPS = BLOCK_THREADS / warp_threads;
  //! The number of OR-masks per digit (one per warp for WARP_MATCH_ATOMIC_OR).
  static constexpr int NUM_MATCH_MASKS = MATCH_ALGORITHM == WARP_MATCH_ATOMIC_OR ? BLOCK_WARPS : 0;
  //! Rows of OR-masks allocated (at least one).
  static constexpr int MATCH_MASKS_ALLOC_SIZE = NUM_MATCH_MASKS < 1 ? 1 : NUM_MATCH_MASKS;

  static_assert(BLOCK_THREADS % warp_threads == 0, "BlockRadixRankMatchEarlyCounts needs whole warps");
  static_assert(NUM_PARTS == 1 || RADIX_DIGITS % warp_threads == 0,
                "NUM_PARTS > 1 needs a multiple of 32 digits");

  //! The scan of the digit totals.
  using BlockScan = cubling::BlockScan<int, BLOCK_THREADS, INNER_SCAN_ALGORITHM>;

  //! Shared memory for the collective (a plain struct, as in CUB).
  struct TempStorage
  {
    //! @cond
    //! The warps' histograms, then (aliased) the warps' offsets per digit.
    union
    {
      //! Each warp's running offset of each digit.
      int warp_offsets[BLOCK_WARPS][RADIX_DIGITS];
      //! Each warp's histogram copies.
      int warp_histograms[BLOCK_WARPS][RADIX_DIGITS][NUM_PARTS];
    };
    //! Each warp's OR-mask of lanes per digit (WARP_MATCH_ATOMIC_OR).
    int match_masks[MATCH_MASKS_ALLOC_SIZE][RADIX_DIGITS];
    //! The block scan's storage.
    typename BlockScan::TempStorage prefix_tmp;
    //! @endcond
  };

  //! The shared memory.
  TempStorage& temp_storage;

  //! Collective constructor.
  //! @param temp_storage The shared memory.
  __device__ CUBLING_FORCEINLINE BlockRadixRankMatchEarlyCounts(TempStorage& temp_storage)
      : temp_storage(temp_storage)
  {}

private:
  // (1) This warp's histogram of its keys' digits, in warp_offsets[warp].
  template <typename UnsignedBits, int KEYS_PER_THREAD, typename DigitExtractorT>
  __device__ CUBLING_FORCEINLINE void
  CountWarpDigits(UnsignedBits (&keys)[KEYS_PER_THREAD], DigitExtractorT& digit_extractor, int warp, int lane)
  {
    int(&histograms)[RADIX_DIGITS][NUM_PARTS] = temp_storage.warp_histograms[warp];
    CUBLING_UNROLL
    for (int digit = lane; digit < RADIX_DIGITS; digit += warp_threads)
    {
      CUBLING_UNROLL
      for (int part = 0; part < NUM_PARTS; ++part)
      {
        histograms[digit][part] = 0;
      }
      if constexpr (MATCH_ALGORITHM == WARP_MATCH_ATOMIC_OR)
      {
        temp_storage.match_masks[warp][digit] = 0;
      }
    }
    __syncwarp();

    const int part = lane % NUM_PARTS;
    CUBLING_UNROLL
    for (int item = 0; item < KEYS_PER_THREAD; ++item)
    {
      atomicAdd(&histograms[digit_extractor.Digit(keys[item])][part], 1);
    }

    if constexpr (NUM_PARTS > 1)
    {
      // Fold the copies; the offsets alias other warps' copies, so the
      // whole block reads before any warp writes.
      __syncwarp();
      constexpr int DIGITS_PER_LANE = RADIX_DIGITS / warp_threads;
      int totals[DIGITS_PER_LANE];
      CUBLING_UNROLL
      for (int i = 0; i < DIGITS_PER_LANE; ++i)
      {
        totals[i] = ThreadReduce(histograms[lane + i * warp_threads], ::cuda::std::plus<>{});
      }
      __syncthreads();
      CUBLING_UNROLL
      for (int i = 0; i < DIGITS_PER_LANE; ++i)
      {
        temp_storage.warp_offsets[warp][lane + i * warp_threads] = totals[i];
      }
    }
  }

  // (4) Ranks, key by key: group lanes by digit, one atomic per group;
  // `ranked(item, rank)` hears of each rank as soon as it is found.
  template <typename UnsignedBits, int KEYS_PER_THREAD, typename DigitExtractorT, typename RankedCallback>
  __device__ CUBLING_FORCEINLINE void RankWithinWarps(UnsignedBits (&keys)[KEYS_PER_THREAD],
                                                      int (&ranks)[KEYS_PER_THREAD],
                                                      DigitExtractorT& digit_extractor,
                                                      int warp,
                                                      int lane,
                                                      RankedCallback& ranked)
  {
    int* warp_offsets                       = temp_storage.warp_offsets[warp];
    const ::cuda::std::uint32_t lanes_up_to = detail::lanemask_le();
    CUBLING_UNROLL
    for (int item = 0; item < KEYS_PER_THREAD; ++item)
    {
      const ::cuda::std::uint32_t digit = digit_extractor.Digit(detail::opaque_value(keys[item]));
      ::cuda::std::uint32_t peers;
      if constexpr (MATCH_ALGORITHM == WARP_MATCH_ATOMIC_OR)
      {
        int* mask = &temp_storage.match_masks[warp][digit];
        atomicOr(mask, int(1u << lane));
        __syncwarp();
        peers = ::cuda::std::uint32_t(*mask);
      }
      else
      {
        peers = detail::warp_match_label<RADIX_BITS>(digit, 0xffffffffu);
      }
      const int leader        = (warp_threads - 1) - __clz(int(peers));
      const int slot_in_group = __popc(peers & lanes_up_to);
      int group_start         = 0;
      if (lane == leader)
      {
        group_start = atomicAdd(&warp_offsets[digit], slot_in_group);
      }
      group_start = __shfl_sync(0xffffffffu, group_start, leader);
      if constexpr (MATCH_ALGORITHM == WARP_MATCH_ATOMIC_OR)
      {
        if (lane == leader)
        {
          temp_storage.match_masks[warp][digit] = 0;
        }
        __syncwarp();
      }
      ranks[item] = group_start + slot_in_group - 1;
      ranked(item, ranks[item]);
    }
  }

public:
  //! @brief Ranks the keys (warp-striped tile order); calls `callback(bins)`
  //! with the tile's count of each of this thread's digits as soon as they
  //! are known, and gives the exclusive prefix of those counts.
  //! @tparam UnsignedBits The keys' bits type.
  //! @tparam KEYS_PER_THREAD The keys each thread holds.
  //! @tparam DigitExtractorT A type with `uint32_t Digit(UnsignedBits) const`.
  //! @tparam CountsCallback A type with `void operator()(int (&)[BINS_PER_THREAD])`.
  //! @param keys This thread's keys.
  //! @param ranks Out: each key's rank in the tile.
  //! @param digit_extractor Reads a key's digit.
  //! @param exclusive_digit_prefix Out: the number of keys before each of this thread's digits.
  //! @param callback Receives the digit counts (zero for digits past the last).
  template <typename UnsignedBits, int KEYS_PER_THREAD, typename DigitExtractorT, typename CountsCallback>
  __device__ CUBLING_FORCEINLINE void RankKeys(UnsignedBits (&keys)[KEYS_PER_THREAD],
                                               int (&ranks)[KEYS_PER_THREAD],
                                               DigitExtractorT digit_extractor,
                                               int (&exclusive_digit_prefix)[BINS_PER_THREAD],
                                               CountsCallback callback)
  {
    RankKeys(keys, ranks, digit_extractor, exclusive_digit_prefix, callback, detail::ignore_rank{});
  }

  // example-begin rank-keys-reload
  //! RankKeys whose keys are refilled by `reload()` between the count and
  //! the ranks, so that they need not wait in registers through the scan.
  template <typename UnsignedBits,
            int KEYS_PER_THREAD,
            typename DigitExtractorT,
            typename CountsCallback,
            typename RankedCallback,
            typename ReloadCallback>
  __device__ CUBLING_FORCEINLINE void RankKeys(UnsignedBits (&keys)[KEYS_PER_THREAD],
                                               int (&ranks)[KEYS_PER_THREAD],
                                               DigitExtractorT digit_extractor,
                                               int (&exclusive_digit_prefix)[BINS_PER_THREAD],
                                               CountsCallback callback,
                                               RankedCallback ranked,
                                               ReloadCallback reload)
  {
    const int warp = int(threadIdx.x) / warp_threads;
    const int lane = int(LaneId());
    CountWarpDigits(keys, digit_extractor, warp, lane);
    __syncthreads();
    Prefixes(exclusive_digit_prefix, callback);
    reload();
    __syncthreads();
    RankWithinWarps(keys, ranks, digit_extractor, warp, lane, ranked);
  }
  // example-end rank-keys-reload

  //! @brief RankKeys that also calls `ranked(item, rank)` as soon as key
  //! `item`'s rank is known, so that the caller (cubling's Onesweep pass)
  //! may put the key in its place at once, and need not hold every rank.
  //! @tparam UnsignedBits The keys' bits type.
  //! @tparam KEYS_PER_THREAD The keys each thread holds.
  //! @tparam DigitExtractorT A type with `uint32_t Digit(UnsignedBits) const`.
  //! @tparam CountsCallback A type with `void operator()(int (&)[BINS_PER_THREAD])`.
  //! @tparam RankedCallback A type with `void operator()(int item, int rank)`.
  //! @param keys This thread's keys.
  //! @param ranks Out: each key's rank in the tile.
  //! @param digit_extractor Reads a key's digit.
  //! @param exclusive_digit_prefix Out: the number of keys before each of this thread's digits.
  //! @param callback Receives the digit counts (zero for digits past the last).
  //! @param ranked Hears of each key's rank (`item`: the key's index in `keys`) as soon as it is known.
  template <typename UnsignedBits,
            int KEYS_PER_THREAD,
            typename DigitExtractorT,
            typename CountsCallback,
            typename RankedCallback>
  __device__ CUBLING_FORCEINLINE void RankKeys(UnsignedBits (&keys)[KEYS_PER_THREAD],
                                               int (&ranks)[KEYS_PER_THREAD],
                                               DigitExtractorT digit_extractor,
                                               int (&exclusive_digit_prefix)[BINS_PER_THREAD],
                                               CountsCallback callback,
                                               RankedCallback ranked)
  {
    RankKeys(keys, ranks, digit_extractor, exclusive_digit_prefix, callback, ranked, [] {});
  }

private:
  // Steps (2) and (3).
  template <typename CountsCallback>
  __device__ CUBLING_FORCEINLINE void Prefixes(int (&exclusive_digit_prefix)[BINS_PER_THREAD], CountsCallback& callback)
  {
    // (2) Per digit: each warp's start within the digit, and the digit's total.
    int bins[BINS_PER_THREAD];
    CUBLING_UNROLL
    for (int u = 0; u < BINS_PER_THREAD; ++u)
    {
      bins[u]         = 0;
      const int digit = int(threadIdx.x) * BINS_PER_THREAD + u;
      if (FULL_BINS || digit < RADIX_DIGITS)
      {
        CUBLING_UNROLL
        for (int w = 0; w < BLOCK_WARPS; ++w)
        {
          const int count                     = temp_storage.warp_offsets[w][digit];
          temp_storage.warp_offsets[w][digit] = bins[u];
          bins[u] += count;
        }
      }
    }
    callback(bins);

    // (3) Each digit's start in the tile, added to every warp's start.
    BlockScan(temp_storage.prefix_tmp).ExclusiveSum(bins, exclusive_digit_prefix);
    CUBLING_UNROLL
    for (int u = 0; u < BINS_PER_THREAD; ++u)
    {
      const int digit = int(threadIdx.x) * BINS_PER_THREAD + u;
      if (FULL_BINS || digit < RADIX_DIGITS)
      {
        CUBLING_UNROLL
        for (int w = 0; w < BLOCK_WARPS; ++w)
        {
          temp_storage.warp_offsets[w][digit] += exclusive_digit_prefix[u];
        }
      }
    }
  }

public:

  //! @brief Ranks the keys and gives the exclusive prefix of the digit counts.
  //! @tparam UnsignedBits The keys' bits type.
  //! @tparam KEYS_PER_THREAD The keys each thread holds.
  //! @tparam DigitExtractorT A type with `uint32_t Digit(UnsignedBits) const`.
  //! @param keys This thread's keys.
  //! @param ranks Out: each key's rank in the tile.
  //! @param digit_extractor Reads a key's digit.
  //! @param exclusive_digit_prefix Out: the number of keys before each of this thread's digits.
  template <typename UnsignedBits, int KEYS_PER_THREAD, typename DigitExtractorT>
  __device__ CUBLING_FORCEINLINE void RankKeys(UnsignedBits (&keys)[KEYS_PER_THREAD],
                                               int (&ranks)[KEYS_PER_THREAD],
                                               DigitExtractorT digit_extractor,
                                               int (&exclusive_digit_prefix)[BINS_PER_THREAD])
  {
    RankKeys(keys, ranks, digit_extractor, exclusive_digit_prefix, BlockRadixRankEmptyCallback<BINS_PER_THREAD>());
  }

  //! @brief Ranks the keys.
  //! @tparam UnsignedBits The keys' bits type.
  //! @tparam KEYS_PER_THREAD The keys each thread holds.
  //! @tparam DigitExtractorT A type with `uint32_t Digit(UnsignedBits) const`.
  //! @param keys This thread's keys.
  //! @param ranks Out: each key's rank in the tile.
  //! @param digit_extractor Reads a key's digit.
  template <typename UnsignedBits, int KEYS_PER_THREAD, typename DigitExtractorT>
  __device__ CUBLING_FORCEINLINE void
  RankKeys(UnsignedBits (&keys)[KEYS_PER_THREAD], int (&ranks)[KEYS_PER_THREAD], DigitExtractorT digit_extractor)
  {
    int exclusive_digit_prefix[BINS_PER_THREAD];
    RankKeys(keys, ranks, digit_extractor, exclusive_digit_prefix);
  }
};

namespace detail
{

//! The ranker of a cubling::RadixRankAlgorithm (CUB's `block_radix_rank_t`).
//! @tparam RankAlgorithm The algorithm.
//! @tparam BlockDimX Threads of the block.
//! @tparam RadixBits The digit's width in bits.
//! @tparam IsDescending Rank larger digits first.
//! @tparam ScanAlgorithm The inner scan's algorithm.
template <RadixRankAlgorithm RankAlgorithm, int BlockDimX, int RadixBits, bool IsDescending, BlockScanAlgorithm ScanAlgorithm>
using block_radix_rank_t = ::cuda::std::conditional_t<
  RankAlgorithm == RADIX_RANK_BASIC,
  BlockRadixRank<BlockDimX, RadixBits, IsDescending, false, ScanAlgorithm>,
  ::cuda::std::conditional_t<
    RankAlgorithm == RADIX_RANK_MEMOIZE,
    BlockRadixRank<BlockDimX, RadixBits, IsDescending, true, ScanAlgorithm>,
    ::cuda::std::conditional_t<
      RankAlgorithm == RADIX_RANK_MATCH,
      BlockRadixRankMatch<BlockDimX, RadixBits, IsDescending, ScanAlgorithm>,
      ::cuda::std::conditional_t<
        RankAlgorithm == RADIX_RANK_MATCH_EARLY_COUNTS_ANY,
        BlockRadixRankMatchEarlyCounts<BlockDimX, RadixBits, IsDescending, ScanAlgorithm, WARP_MATCH_ANY>,
        BlockRadixRankMatchEarlyCounts<BlockDimX, RadixBits, IsDescending, ScanAlgorithm, WARP_MATCH_ATOMIC_OR>>>>>;

} // namespace detail

} // namespace cubling
