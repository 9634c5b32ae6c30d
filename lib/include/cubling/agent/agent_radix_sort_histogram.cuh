//! @file
//! AgentRadixSortHistogram: the digit counts of every pass of a radix sort,
//! from one read of the keys.
//!
//! Onesweep needs, before its first pass, where each digit's keys start in
//! the output of every pass: the exclusive prefix sums of the digit counts.
//! A key's digits for all passes are known as soon as the key is read, so
//! one read of the keys counts them all:
//!   1. each block takes tiles of the keys (a grid-stride loop), turns each
//!      key into its ordered bits (inverted for a descending sort), and adds
//!      one per pass to a histogram in shared memory, an atomic per digit;
//!   2. the block adds its histograms to the global ones (`d_bins`, zeroed
//!      before the launch), one atomic per non-zero count;
//!   3. the last block to finish (a counter, also zeroed before the launch)
//!      turns the global counts into exclusive prefix sums in place, pass by
//!      pass. So the passes read ready offsets, and no separate kernel scans
//!      them.
//!
//! **Where the counters lie.** Four shared atomics a key cost more than the
//! read itself. Their cost is bank conflicts: a warp's 32 atomics go to 32
//! random digits, and the bank of digit d is d % 32, so the atomic waits for
//! the bank that most of its lanes hit (three, on average). Two layouts:
//!   - shared copies (`NUM_PARTS`): each pass's 256 counters, one copy per
//!     group of warps, so that warps that add to the same digit spread
//!     over copies. Small (1 KiB a copy a pass), but a warp's lanes still
//!     meet on banks;
//!   - lane columns (`LANE_COLUMNS`): lane l of every warp has a counter of
//!     its own for each digit, in bank l (32 KiB a pass), so a warp's
//!     atomics never share a bank. Four passes take 128 KiB: one block of
//!     1024 threads an SM, in dynamic shared memory.
//! On the H200, at 2^28 uniform 4-byte keys, this kernel took 1.9 times the
//! read of the keys with copies, 1.4 times with lane columns, and 1.2 times
//! once lane columns counted a digit in three instructions (CountShifted)
//! (figures/probes/histogram_pairs.cu, whose comment has the runs).
#pragma once

#include <cstdint>

#include <cubling/block/block_scan.cuh>
#include <cubling/block/radix_rank_sort_operations.cuh>
#include <cubling/util/macros.cuh>
#include <cubling/util/uninitialized.cuh>

namespace cubling
{

//! @brief The tuning of AgentRadixSortHistogram.
//!
//! @tparam BLOCK_THREADS_     threads per block
//! @tparam ITEMS_PER_THREAD_  keys per thread per tile
//! @tparam NUM_PARTS_         copies of each shared histogram (fewer conflicts on a popular digit)
//! @tparam RADIX_BITS_        bits per digit
//! @tparam LANE_COLUMNS_      a column of counters per lane instead of copies (`NUM_PARTS_` must be 1)
template <int BLOCK_THREADS_, int ITEMS_PER_THREAD_, int NUM_PARTS_, int RADIX_BITS_, bool LANE_COLUMNS_ = false>
struct AgentRadixSortHistogramPolicy
{
  static constexpr int BLOCK_THREADS    = BLOCK_THREADS_;
  static constexpr int ITEMS_PER_THREAD = ITEMS_PER_THREAD_;
  static constexpr int NUM_PARTS        = NUM_PARTS_;
  static constexpr int RADIX_BITS       = RADIX_BITS_;
  static constexpr bool LANE_COLUMNS    = LANE_COLUMNS_;
  static_assert(!LANE_COLUMNS || NUM_PARTS == 1, "lane columns replace the copies");
};

namespace detail
{

//! A key as the sort ranks it: its ordered bits, inverted for a descending sort.
template <bool IS_DESCENDING, typename KeyT, typename Decomposer>
__device__ CUBLING_FORCEINLINE typename radix_key_codec<KeyT, Decomposer>::bits_type
radix_sort_bits_in(KeyT key, Decomposer decomposer)
{
  using Codec = radix_key_codec<KeyT, Decomposer>;
  auto bits   = Codec::to_bits(key, decomposer);
  if constexpr (IS_DESCENDING)
  {
    bits = Codec::invert(bits, decomposer);
  }
  return bits;
}

//! The key back from `radix_sort_bits_in`.
template <bool IS_DESCENDING, typename KeyT, typename Decomposer>
__device__ CUBLING_FORCEINLINE KeyT radix_sort_bits_out(typename radix_key_codec<KeyT, Decomposer>::bits_type bits,
                                                        Decomposer decomposer)
{
  using Codec = radix_key_codec<KeyT, Decomposer>;
  if constexpr (IS_DESCENDING)
  {
    bits = Codec::invert(bits, decomposer);
  }
  return Codec::from_bits(bits, decomposer);
}

} // namespace detail

//! @brief One block's share of the up-front histograms of a radix sort (see the file comment).
//!
//! @tparam Policy         an AgentRadixSortHistogramPolicy
//! @tparam IS_DESCENDING  whether the sort is descending
//! @tparam KeyT           the key type
//! @tparam OffsetT        the unsigned type of the global counts
//! @tparam Decomposer     `detail::identity_decomposer_t`, or a decomposer of a custom key
template <typename Policy, bool IS_DESCENDING, typename KeyT, typename OffsetT, typename Decomposer>
struct AgentRadixSortHistogram
{
  using Bits      = typename detail::radix_key_codec<KeyT, Decomposer>::bits_type;
  using Extractor = detail::radix_digit_extractor<KeyT, Decomposer>;

  static constexpr int BLOCK_THREADS     = Policy::BLOCK_THREADS;
  static constexpr int ITEMS_PER_THREAD  = Policy::ITEMS_PER_THREAD;
  static constexpr int NUM_PARTS         = Policy::NUM_PARTS;
  static constexpr bool LANE_COLUMNS     = Policy::LANE_COLUMNS;
  //! Counters of one digit of one pass: one per copy, or one per lane.
  static constexpr int DIGIT_COUNTERS    = LANE_COLUMNS ? 32 : NUM_PARTS;
  static constexpr int RADIX_BITS        = Policy::RADIX_BITS;
  static constexpr int RADIX_DIGITS      = 1 << RADIX_BITS;
  static constexpr int TILE_ITEMS        = BLOCK_THREADS * ITEMS_PER_THREAD;
  static constexpr int MAX_PASSES        = (static_cast<int>(sizeof(Bits)) * 8 + RADIX_BITS - 1) / RADIX_BITS;
  static constexpr int DIGITS_PER_THREAD = (RADIX_DIGITS + BLOCK_THREADS - 1) / BLOCK_THREADS;

  using BlockScanT = BlockScan<OffsetT, BLOCK_THREADS>;

  //! Counting and the final scan never overlap in time.
  struct _TempStorage
  {
    union
    {
      unsigned int counts[MAX_PASSES * RADIX_DIGITS * DIGIT_COUNTERS]; // see Counter
      typename BlockScanT::TempStorage scan;
    };
    bool last_block;
  };
  struct TempStorage : Uninitialized<_TempStorage>
  {
  };

  _TempStorage& s;
  OffsetT* d_bins;
  unsigned int* d_blocks_done;
  const KeyT* d_keys;
  int64_t num_items;
  int begin_bit;
  int end_bit;
  int num_passes;
  Decomposer decomposer;

  //! @param temp_storage   the block's shared memory
  //! @param d_bins         `num_passes x RADIX_DIGITS` counts, zero at launch; exclusive offsets when the grid is done
  //! @param d_blocks_done  a counter, zero at launch
  //! @param d_keys         the keys
  //! @param num_items      how many keys
  //! @param begin_bit      the first bit sorted on
  //! @param end_bit        one past the last bit sorted on
  //! @param decomposer     splits a custom key into fields
  __device__ CUBLING_FORCEINLINE AgentRadixSortHistogram(TempStorage& temp_storage, OffsetT* d_bins,
                                                         unsigned int* d_blocks_done, const KeyT* d_keys,
                                                         int64_t num_items, int begin_bit, int end_bit,
                                                         Decomposer decomposer)
      : s(temp_storage.Alias()), d_bins(d_bins), d_blocks_done(d_blocks_done), d_keys(d_keys), num_items(num_items),
        begin_bit(begin_bit), end_bit(end_bit), num_passes(detail::radix_sort_passes(begin_bit, end_bit, RADIX_BITS)),
        decomposer(decomposer)
  {
  }

  //! The bits that pass `pass` sorts on: `count` bits from bit `first`.
  struct PassBits
  {
    int first;
    int count;
  };
  __device__ CUBLING_FORCEINLINE PassBits BitsOfPass(int pass) const
  {
    const int first = begin_bit + pass * RADIX_BITS;
    return {first, detail::radix_sort_pass_bits(first, end_bit, RADIX_BITS)};
  }

  //! The digit extractor of pass `pass`.
  __device__ CUBLING_FORCEINLINE Extractor PassDigits(int pass) const
  {
    const PassBits bits = BitsOfPass(pass);
    return Extractor(static_cast<uint32_t>(bits.first), static_cast<uint32_t>(bits.count), decomposer);
  }

  // example-begin lane-columns
  //! The word of counter `k` of digit `digit` of pass `pass`: copy k, or
  //! lane k's column (bank k).
  CUBLING_HOST_DEVICE static constexpr int CounterWord(int pass, int digit, int k)
  {
    if constexpr (LANE_COLUMNS)
    {
      return (pass * RADIX_DIGITS + digit) * 32 + k;
    }
    else
    {
      return (pass * NUM_PARTS + k) * RADIX_DIGITS + digit;
    }
  }

  //! Where this thread counts digit `digit` of pass `pass`: in its lane's
  //! column, or in its warp's copy of the pass's histogram.
  __device__ CUBLING_FORCEINLINE static int Counter(int pass, uint32_t digit)
  {
    const int k = LANE_COLUMNS ? static_cast<int>(threadIdx.x % 32) : static_cast<int>(threadIdx.x / 32) % NUM_PARTS;
    return CounterWord(pass, static_cast<int>(digit), k);
  }

  //! The block's count of digit `digit` of pass `pass`: the sum of its
  //! counters. Lane columns: lane l starts at column l, so that a warp's
  //! reads of 32 rows never share a bank either.
  __device__ CUBLING_FORCEINLINE unsigned int BlockCount(int pass, int digit) const
  {
    unsigned int count = 0;
#pragma unroll
    for (int k = 0; k < DIGIT_COUNTERS; ++k)
    {
      count += s.counts[CounterWord(pass, digit, LANE_COLUMNS ? (static_cast<int>(threadIdx.x) + k) % 32 : k)];
    }
    return count;
  }
  // example-end lane-columns

  // example-begin shifted-counts
  //! Lane columns of plain keys of up to 4 bytes count a digit in three
  //! instructions (SHF, LOP3, ATOMS; see CountShifted).
  static constexpr bool SHIFTED_COUNTS =
      LANE_COLUMNS && detail::is_radix_plain_key_v<KeyT> && sizeof(Bits) <= sizeof(uint32_t);
  //! In lane columns, a digit's counters take 32 words: the digit is the
  //! byte offset's bits from DIGIT_SHIFT up.
  static constexpr int DIGIT_SHIFT = 7;
  static_assert(!LANE_COLUMNS || CounterWord(0, 1, 0) * sizeof(unsigned int) == 1u << DIGIT_SHIFT,
                "a digit's lane columns are 128 bytes");

  //! Counts one pass's digit of this thread's keys, each key given as its
  //! rank bits shifted up by DIGIT_SHIFT (64 bits, as two words).
  //!
  //! The counter's byte offset, 4 x CounterWord(pass, digit, lane), is
  //! pass x RADIX_DIGITS x 128 + digit x 128 + lane x 4 (32 KiB a pass of
  //! 8-bit digits): three fields that share no bit.
  //! A funnel shift of (bits << 7) right by the digit's first bit puts the
  //! digit at bit 7; one LOP3 masks it and ORs in the lane's and the pass's
  //! fields, which are the same for every key. So a key's digit costs a
  //! shift, a LOP3 and the atomic, where extracting the digit and computing
  //! CounterWord from it took six instructions.
  __device__ CUBLING_FORCEINLINE void CountShifted(int pass, const uint32_t (&low)[ITEMS_PER_THREAD],
                                                   const uint32_t (&high)[ITEMS_PER_THREAD],
                                                   const bool (&valid)[ITEMS_PER_THREAD])
  {
    const PassBits bits         = BitsOfPass(pass);
    const uint32_t digit_field  = ((1u << bits.count) - 1u) << DIGIT_SHIFT;
    const uint32_t fixed_fields = CounterWord(pass, 0, static_cast<int>(threadIdx.x % 32)) * sizeof(unsigned int);
    char* const counts          = reinterpret_cast<char*>(s.counts);
#pragma unroll
    for (int u = 0; u < ITEMS_PER_THREAD; ++u)
    {
      if (valid[u])
      {
        const uint32_t offset = (__funnelshift_r(low[u], high[u], bits.first) & digit_field) | fixed_fields;
        atomicAdd(reinterpret_cast<unsigned int*>(counts + offset), 1u);
      }
    }
  }
  // example-end shifted-counts

  //! Phase 1 for one tile: count every pass's digit of its keys in shared
  //! memory. FULL_TILE: every key of the tile is there, so no key is checked.
  template <bool FULL_TILE>
  __device__ CUBLING_FORCEINLINE void CountTile(int64_t tile_offset)
  {
    Bits bits[ITEMS_PER_THREAD];
    bool valid[ITEMS_PER_THREAD];
#pragma unroll
    for (int u = 0; u < ITEMS_PER_THREAD; ++u)
    {
      const int64_t i = tile_offset + u * BLOCK_THREADS + threadIdx.x;
      valid[u]        = FULL_TILE || i < num_items;
      if (valid[u])
      {
        bits[u] = detail::radix_sort_bits_in<IS_DESCENDING>(d_keys[i], decomposer);
      }
    }
    if constexpr (SHIFTED_COUNTS)
    {
      uint32_t low[ITEMS_PER_THREAD], high[ITEMS_PER_THREAD]; // (rank bits << DIGIT_SHIFT), as two words
#pragma unroll
      for (int u = 0; u < ITEMS_PER_THREAD; ++u)
      {
        const uint32_t rank = valid[u] ? static_cast<uint32_t>(detail::rank_bits<KeyT>(bits[u])) : 0u;
        low[u]              = rank << DIGIT_SHIFT;
        high[u]             = rank >> (32 - DIGIT_SHIFT);
      }
      for (int pass = 0; pass < num_passes; ++pass)
      {
        CountShifted(pass, low, high, valid);
      }
    }
    else
    {
      for (int pass = 0; pass < num_passes; ++pass)
      {
        const Extractor digits = PassDigits(pass);
#pragma unroll
        for (int u = 0; u < ITEMS_PER_THREAD; ++u)
        {
          if (valid[u])
          {
            atomicAdd(&s.counts[Counter(pass, digits.Digit(bits[u]))], 1u);
          }
        }
      }
    }
  }

  //! Phase 3, in the last block: the counts of every pass become exclusive prefix sums.
  __device__ CUBLING_FORCEINLINE void ScanCounts()
  {
    for (int pass = 0; pass < num_passes; ++pass)
    {
      OffsetT* pass_bins = d_bins + pass * RADIX_DIGITS;
      OffsetT counts[DIGITS_PER_THREAD];
#pragma unroll
      for (int k = 0; k < DIGITS_PER_THREAD; ++k)
      {
        const int digit = threadIdx.x * DIGITS_PER_THREAD + k;
        counts[k]       = digit < RADIX_DIGITS ? __ldcg(pass_bins + digit) : OffsetT(0);
      }
      BlockScanT(s.scan).ExclusiveSum(counts, counts);
#pragma unroll
      for (int k = 0; k < DIGITS_PER_THREAD; ++k)
      {
        const int digit = threadIdx.x * DIGITS_PER_THREAD + k;
        if (digit < RADIX_DIGITS)
        {
          pass_bins[digit] = counts[k];
        }
      }
      __syncthreads(); // the scan's storage is reused by the next pass
    }
  }

  //! Phases 1 and 2: this block's tiles counted, and added to `d_bins`.
  __device__ CUBLING_FORCEINLINE void CountAndAdd()
  {
    for (int i = threadIdx.x; i < num_passes * RADIX_DIGITS * DIGIT_COUNTERS; i += BLOCK_THREADS)
    {
      s.counts[i] = 0;
    }
    __syncthreads();
    const int64_t stride = int64_t{gridDim.x} * TILE_ITEMS;
    int64_t tile_offset  = int64_t{blockIdx.x} * TILE_ITEMS;
    for (; tile_offset + TILE_ITEMS <= num_items; tile_offset += stride)
    {
      CountTile<true>(tile_offset);
    }
    if (tile_offset < num_items) // the last, partial tile
    {
      CountTile<false>(tile_offset);
    }
    __syncthreads();
    for (int i = threadIdx.x; i < num_passes * RADIX_DIGITS; i += BLOCK_THREADS)
    {
      const unsigned int count = BlockCount(i / RADIX_DIGITS, i % RADIX_DIGITS);
      if (count > 0)
      {
        atomicAdd(d_bins + i, static_cast<OffsetT>(count));
      }
    }
  }

  //! All three phases (see the file comment).
  __device__ CUBLING_FORCEINLINE void Process()
  {
    CountAndAdd();
    __threadfence(); // this block's counts reach L2 before it says it is done
    __syncthreads();
    if (threadIdx.x == 0)
    {
      s.last_block = atomicAdd(d_blocks_done, 1u) == gridDim.x - 1;
    }
    __syncthreads();
    if (s.last_block)
    {
      __threadfence(); // every other block's counts are read after its "done"
      ScanCounts();
    }
  }
};

} // namespace cubling
