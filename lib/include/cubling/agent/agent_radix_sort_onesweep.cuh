//! @file
//! AgentRadixSortOnesweep: one tile of one digit pass of Onesweep (Adinets
//! and Merrill, "Onesweep: A Faster Least Significant Digit Radix Sort for
//! GPUs", 2022).
//!
//! A classic LSD pass reads the keys twice: once to count the digits of
//! every tile, once more to scatter them after a scan of those counts.
//! Onesweep reads them once. The global start of every digit comes from the
//! up-front histogram (agent_radix_sort_histogram.cuh); what a tile still
//! needs is how many keys of each digit the tiles before it hold, and it
//! finds that by a decoupled look-back over per-digit counts:
//!   1. block b takes tile b. The tiles a tile waits for are those of lower
//!      blocks, which the GPU starts first, as chapter 08's scan relies on
//!      too. (The paper, CUB and chapter 10's step 3 take the next number
//!      from an atomic counter instead, which makes the order explicit; on
//!      the H200 that cost each tile a round trip to L2 and a barrier before
//!      its loads, and the sort up to 4% of its time: figures/probes/radix_sweep.cu);
//!   2. load the tile's keys warp-striped (the order in which the ranking
//!      keeps equal digits stable), pad a partial tile with keys that rank
//!      last, and turn the keys into ordered bits;
//!   3. rank the keys (BlockRadixRankMatchEarlyCounts). As soon as the
//!      ranking has the tile's digit counts, and before it finishes, it
//!      hands them to a callback that publishes them in the look-back words:
//!      an AGGREGATE (this tile's count), or for tile 0 a PREFIX (the count
//!      of the tiles up to and including this one);
//!   4. look back, one thread per digit: add the AGGREGATEs of the tiles
//!      before this one, nearest first, until a PREFIX; publish this tile's
//!      PREFIX. The digit's output offset for this tile is the digit's
//!      global start + that sum - the digit's start inside the tile. The
//!      thread reads a window of words at once (LOOK_BACK_WINDOW): each
//!      read is a round trip to L2, and a PREFIX reaches the tiles behind
//!      it only through their look-backs, so the fewer round trips a
//!      look-back takes, the sooner every tile after it can finish;
//!   5. scatter the keys by rank into shared memory, so that each digit's
//!      keys lie together, and write them out from there: consecutive
//!      threads write consecutive addresses of one digit's run. Then the
//!      values: loaded only now, so that they take no registers while the
//!      keys are ranked, and moved the same way.
//! One read and one write per key, and the look-back words.
//!
//! **The exchange apart** (EXCHANGE_APART). The shared memory of step 5's
//! exchange is, by default, the ranking's own, free only once every key is
//! ranked: each thread holds all its keys, and then all their ranks, in
//! registers until then, and at the three blocks per SM that hide the
//! ranking's waits, a thread of 24 keys spills. With the exchange in shared
//! memory of its own, the ranking hands each rank over as soon as it has it
//! (BlockRadixRankMatchEarlyCounts's `ranked` hook), the key goes straight
//! to its place, and its register is free; one barrier then covers the
//! exchange and the look-back.
//!
//! **Pairs: ranks in shared memory, keys read twice** (RANKS_SHARED,
//! KEYS_TWICE). A pair's value moves by its key's rank, and the values come
//! only after the keys are out, so each rank must wait somewhere. In
//! registers, at two blocks an SM and 80 registers a thread, a large tile
//! spills. With RANKS_SHARED each rank waits in shared memory instead (16
//! bits, in load order), and so does the digit of the key written from
//! each slot of the exchange (8 bits), which places the value written from
//! the same slot. The keys themselves wait too: loaded before the count,
//! they are needed again only after the block scan. With KEYS_TWICE the
//! ranking lets them go after the count and reads them again from global
//! memory (BlockRadixRankMatchEarlyCounts's `reload` hook): the tile was
//! read a moment ago, so the second read comes from L2, and DRAM still
//! sees one read a key. Freed of both, a Hopper pairs tile of 384x36 runs
//! at two blocks an SM with all but 16 bytes a thread in registers.
//!
//! **The look-back word.** 32 bits per digit per tile: the status in the top
//! two bits (0: not ready, AGGREGATE, PREFIX), a launch tag in the next two,
//! the count in the low 28. Every count a tile reads must fit: the
//! AGGREGATEs (at most a tile) and the PREFIXes of every tile but the last,
//! whose PREFIX no tile reads (it is stored cut to COUNT_BITS). So a launch
//! covers whole tiles up to 2^28 - 1 keys, and one tile more (2^28 keys take
//! one launch a pass); larger inputs are cut into portions, one launch each.
//! Status and count travel in one store, so a reader never sees one
//! without the other. The words are zeroed once per sort, by the histogram
//! kernel; the launches after the first reuse them without another reset, because each one counts only
//! words that carry its own tag (1, 2, 3, 1, ... by launch): every launch
//! writes every word of its tiles, so everything a launch can find there
//! was written by the two launches before it, or is still zero.
//!
//! **A pass on one digit.** When the up-front histogram shows that every key
//! has the same digit in this pass, the pass keeps the order of the keys:
//! each block copies its tile, with no ranking and no look-back (inputs of
//! few distinct keys, and the untouched high bits of small integers). It
//! still stamps its tile's look-back words with its tag. The copy is a
//! function of its own, not inlined, so that its registers do not add to
//! the ranking's (detail::onesweep_copy_tile_out_of_line).
//!
//! **A resident grid** (ProcessResident, the cooperative sort of a small
//! input: every tile resident at once, block b on tile b). Step 4 needs no
//! look-back there. A grid-wide barrier after the ranking makes every
//! tile's counts visible; a digit's count in the tiles before this one is
//! the tile's prefix, and in all of them the digit's total, which an
//! exclusive scan over the digits turns into the digits' starts (so no
//! up-front histogram either). A few tiles: each block reads every tile's
//! counts (DirectColumnSums). More: a warp per digit scans the digit's
//! counts over the tiles in place, and each tile reads its prefixes after a
//! second barrier (ScanColumns). The words are plain counts, each written
//! before it is read with a barrier between, so nothing is reset.
//!
//! **Words over read keys** (WORDS_OVER_READ_KEYS, a resident grid of small
//! tiles). The tiles' words take storage per tile, and small tiles would
//! need more of it than CUB's temporary storage holds. Instead, each tile
//! writes its words over the keys it has just read: over its own part of
//! the pass's input, which no other tile reads (or, where the input is the
//! caller's and must stay as it is, over the same part of the buffer that
//! the next pass writes and this one does not touch). The last tile's words
//! could fall past the end of a partial tile: they go to the storage
//! (d_last_tile_words), which holds at least one tile's.
#pragma once

#include <cstdint>
#include <type_traits>

#include <cooperative_groups.h>

#include <cubling/agent/agent_radix_sort_histogram.cuh>
#include <cubling/agent/agent_scan.cuh>
#include <cubling/block/block_radix_rank.cuh>
#include <cubling/block/block_scan.cuh>
#include <cubling/block/radix_rank_sort_operations.cuh>
#include <cubling/util/macros.cuh>
#include <cubling/util/uninitialized.cuh>
#include <cubling/warp/warp_scan.cuh>

//! Where a probe may time the cooperative sort (figures/probes/radix_sweep.cu):
//! `step` 0 at the kernel's start; in each pass 10 at its start, 11
//! ranked, 14 past the first barrier, 15 columns scanned, 16 past the
//! second barrier, 12 offsets found, 13 scattered. Nothing, unless a probe
//! defines it.
#ifndef CUBLING_RADIX_SORT_PHASE
#define CUBLING_RADIX_SORT_PHASE(step)
#endif
//! Where a probe may time each tile of a Onesweep pass
//! (figures/probes/radix_sweep.cu, -DP_STAMPS=1): `step` 0 once the tile has
//! its number, 1 ranked, 2 offsets found (the look-back), 3 keys stored, 4
//! values stored; `bit` is the pass's first bit. Nothing, unless a probe
//! defines it.
#ifndef CUBLING_ONESWEEP_STAMP
#define CUBLING_ONESWEEP_STAMP(bit, tile, step)
#endif

namespace cubling
{

//! @brief The tuning of AgentRadixSortOnesweep (and of the single-tile sort of small inputs).
//!
//! @tparam BLOCK_THREADS_     threads per block, a multiple of 32
//! @tparam ITEMS_PER_THREAD_  keys per thread per tile
//! @tparam RADIX_BITS_        bits per digit
//! @tparam SCAN_ALGORITHM_    the ranking's block scan
//! @tparam MATCH_ALGORITHM_   how the ranking finds equal digits in a warp
//! @tparam RANK_NUM_PARTS_    copies of the ranking's per-warp histograms
//! @tparam MIN_BLOCKS_        blocks that must fit on one SM at once: the
//!                            kernel's registers are capped to allow them
//! @tparam LOOK_BACK_WINDOW_  look-back words a digit's thread reads at once
//! @tparam EXCHANGE_APART_    the keys' exchange has shared memory of its own,
//!                            beside the ranking's: each key goes to its
//!                            place as soon as it is ranked (see the file comment)
//! @tparam RANKS_SHARED_      pairs: each key's rank waits for its value in
//!                            shared memory, not in a register, and each
//!                            written key's digit too (see the file
//!                            comment); with EXCHANGE_APART_
//! @tparam KEYS_TWICE_        the keys are read again after the digits are
//!                            counted, instead of waiting in registers
template <int BLOCK_THREADS_, int ITEMS_PER_THREAD_, int RADIX_BITS_, BlockScanAlgorithm SCAN_ALGORITHM_,
          WarpMatchAlgorithm MATCH_ALGORITHM_ = WARP_MATCH_ANY, int RANK_NUM_PARTS_ = 1, int MIN_BLOCKS_ = 1,
          int LOOK_BACK_WINDOW_ = 1, bool EXCHANGE_APART_ = false, bool RANKS_SHARED_ = false,
          bool KEYS_TWICE_ = false>
struct AgentRadixSortOnesweepPolicy
{
  static constexpr int BLOCK_THREADS                  = BLOCK_THREADS_;
  static constexpr int ITEMS_PER_THREAD               = ITEMS_PER_THREAD_;
  static constexpr int RADIX_BITS                     = RADIX_BITS_;
  static constexpr BlockScanAlgorithm SCAN_ALGORITHM  = SCAN_ALGORITHM_;
  static constexpr WarpMatchAlgorithm MATCH_ALGORITHM = MATCH_ALGORITHM_;
  static constexpr int RANK_NUM_PARTS                 = RANK_NUM_PARTS_;
  static constexpr int MIN_BLOCKS                     = MIN_BLOCKS_;
  static constexpr int LOOK_BACK_WINDOW               = LOOK_BACK_WINDOW_;
  static constexpr bool EXCHANGE_APART                = EXCHANGE_APART_;
  static constexpr bool RANKS_SHARED                  = RANKS_SHARED_;
  static constexpr bool KEYS_TWICE                    = KEYS_TWICE_;
  static_assert(!RANKS_SHARED || EXCHANGE_APART, "the ranks wait in shared memory only beside an exchange apart");
  static constexpr int TILE_ITEMS                     = BLOCK_THREADS * ITEMS_PER_THREAD;
};

namespace detail
{

//! The look-back word of one digit of one tile (see the file comment).
struct onesweep_word
{
  static constexpr uint32_t COUNT_BITS = 28;
  static constexpr uint32_t COUNT_MASK = (1u << COUNT_BITS) - 1;
  static constexpr uint32_t AGGREGATE  = 1u << 30;
  static constexpr uint32_t PREFIX     = 2u << 30;
  static constexpr uint32_t STATUS     = 3u << 30;
  //! The most keys one launch of tiles of `tile_items` keys may cover:
  //! every count that a tile reads fits in COUNT_BITS (see the file comment).
  static CUBLING_HOST_DEVICE constexpr int64_t max_launch_items(int64_t tile_items)
  {
    return (COUNT_MASK / tile_items + 1) * tile_items;
  }

  //! The tag of launch `launch` (0, 1, ... over the whole sort): 1, 2, 3, 1, ...
  static CUBLING_HOST_DEVICE constexpr uint32_t tag_of_launch(int64_t launch)
  {
    return static_cast<uint32_t>(launch % 3) + 1;
  }

  static CUBLING_HOST_DEVICE constexpr uint32_t make(uint32_t status, uint32_t tag, uint32_t count)
  {
    return status | (tag << COUNT_BITS) | count;
  }

  //! Is `word` this launch's, and published?
  static CUBLING_HOST_DEVICE constexpr bool ready(uint32_t word, uint32_t tag)
  {
    return (word & STATUS) != 0 && ((word >> COUNT_BITS) & 3u) == tag;
  }
};

//! A store that other blocks see (through L2), in one piece.
__device__ CUBLING_FORCEINLINE void store_relaxed(uint32_t* address, uint32_t value)
{
  asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" ::"l"(address), "r"(value) : "memory");
}

//! A load that sees other blocks' stores, never cached in L1 nor hoisted out of a loop.
__device__ CUBLING_FORCEINLINE uint32_t load_relaxed(const uint32_t* address)
{
  uint32_t value;
  asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(value) : "l"(address) : "memory");
  return value;
}

//! What one launch of the Onesweep kernel works on: one pass over one portion of the keys.
template <typename KeyT, typename ValueT, typename OffsetT> struct OnesweepLaunchArgs
{
  const KeyT* d_keys_in;        //!< the portion's keys
  KeyT* d_keys_out;             //!< the whole output (offsets are global)
  const ValueT* d_values_in;    //!< the portion's values (keys only: unused)
  ValueT* d_values_out;         //!< the whole output of values
  uint32_t* d_lookback;         //!< RADIX_DIGITS words per tile
  const OffsetT* d_bins_in;     //!< where each digit's keys of this portion start
  OffsetT* d_bins_out;          //!< where they start for the next portion (null for the last)
  const OffsetT* d_pass_bins;   //!< the pass's exclusive digit offsets over the whole input
  uint32_t* d_last_tile_words;  //!< a resident grid with words over read keys: the last tile's words
  OffsetT* d_digit_totals;      //!< a resident grid: the pass's count of each digit, by the column scan
  //! A resident grid's top-digit pass, which splits the keys into buckets
  //! (DeviceRadixSortCooperativeKernel): the most keys a bucket may hold;
  //! 0 for every other pass
  int bucket_capacity;
  int64_t num_items;            //!< keys in the whole input
  int64_t portion_offset;       //!< the portion's first key
  int portion_items;            //!< keys in the portion
  int current_bit;              //!< the pass's first bit
  int num_bits;                 //!< the pass's bits
  uint32_t tag;                 //!< the launch's look-back tag
};

// example-begin copy-tile
//! One tile of a pass on one digit, which keeps every key where it is: a
//! copy of `valid` items, warp-striped, so that each warp reads and writes
//! whole lines. Every load is in flight before the first store. Out of
//! line: inlined into the Onesweep kernel, the copy's registers counted
//! against the ranking's, which is capped for three blocks per SM, and the
//! ranking spilled more.
template <int ITEMS_PER_THREAD, typename T>
__device__ __noinline__ void onesweep_copy_tile_out_of_line(const T* in, T* out, int valid)
{
  const int first = static_cast<int>(threadIdx.x / 32) * 32 * ITEMS_PER_THREAD + static_cast<int>(threadIdx.x % 32);
  T items[ITEMS_PER_THREAD];
#pragma unroll
  for (int u = 0; u < ITEMS_PER_THREAD; ++u)
  {
    if (first + u * 32 < valid)
    {
      items[u] = in[first + u * 32];
    }
  }
#pragma unroll
  for (int u = 0; u < ITEMS_PER_THREAD; ++u)
  {
    if (first + u * 32 < valid)
    {
      out[first + u * 32] = items[u];
    }
  }
}
// example-end copy-tile

} // namespace detail

//! @brief One tile of one Onesweep pass (see the file comment).
//!
//! @tparam Policy         an AgentRadixSortOnesweepPolicy
//! @tparam IS_DESCENDING  whether the sort is descending
//! @tparam KeyT           the key type
//! @tparam ValueT         the value type; NullType to sort keys only
//! @tparam OffsetT        the unsigned type of global offsets
//! @tparam Decomposer     `detail::identity_decomposer_t`, or a decomposer of a custom key
//! @tparam WORDS_OVER_READ_KEYS  each tile's words lie over its own keys (see the file
//!                        comment); a cooperative launch only, one tile per block
template <typename Policy, bool IS_DESCENDING, typename KeyT, typename ValueT, typename OffsetT, typename Decomposer,
          bool WORDS_OVER_READ_KEYS = false>
struct AgentRadixSortOnesweep
{
  static constexpr bool KEYS_ONLY = std::is_same<ValueT, NullType>::value;
  using Bits                      = typename detail::radix_key_codec<KeyT, Decomposer>::bits_type;
  using Codec                     = detail::radix_key_codec<KeyT, Decomposer>;
  using Extractor                 = detail::radix_digit_extractor<KeyT, Decomposer>;
  using Word                      = detail::onesweep_word;

  static constexpr int BLOCK_THREADS    = Policy::BLOCK_THREADS;
  static constexpr int ITEMS_PER_THREAD = Policy::ITEMS_PER_THREAD;
  static constexpr int TILE_ITEMS       = BLOCK_THREADS * ITEMS_PER_THREAD;
  static constexpr int RADIX_BITS       = Policy::RADIX_BITS;
  static constexpr int RADIX_DIGITS     = 1 << RADIX_BITS;
  static constexpr int BINS_PER_THREAD  = (RADIX_DIGITS + BLOCK_THREADS - 1) / BLOCK_THREADS;
  static constexpr int WARP_ITEMS       = 32 * ITEMS_PER_THREAD;
  static constexpr int LOOK_BACK_WINDOW = Policy::LOOK_BACK_WINDOW;
  static_assert(BLOCK_THREADS % 32 == 0, "Onesweep's blocks are whole warps");
  //! Words between one tile's look-back words and the next tile's: over the
  //! keys, a tile's worth of keys, which must hold a word per digit.
  static constexpr int64_t WORDS_PER_TILE =
      WORDS_OVER_READ_KEYS ? int64_t{TILE_ITEMS} * int64_t{sizeof(KeyT)} / int64_t{sizeof(uint32_t)} : RADIX_DIGITS;
  static_assert(!WORDS_OVER_READ_KEYS || (int64_t{TILE_ITEMS} * int64_t{sizeof(KeyT)} % 4 == 0 &&
                                          WORDS_PER_TILE >= RADIX_DIGITS),
                "a tile's keys must hold its look-back words");

  using Rank = BlockRadixRankMatchEarlyCounts<BLOCK_THREADS, RADIX_BITS, false, Policy::SCAN_ALGORITHM,
                                              Policy::MATCH_ALGORITHM, Policy::RANK_NUM_PARTS>;
  //! A resident grid's scans: a column of counts by a warp, the totals by the block.
  using ColumnScan = WarpScan<uint32_t>;
  using DigitScan  = BlockScan<OffsetT, BLOCK_THREADS>;
  //! A resident grid of at most this many tiles reads every tile's counts
  //! (DirectColumnSums); a larger one scans the columns (ScanColumns). Each
  //! block's read grows with the tiles (1 KiB a tile), the column scan's
  //! second barrier does not: measured with figures/probes/radix_sweep.cu
  //! on the H200 (its comment has the times), the direct read won at 32
  //! tiles, tied at 64 and lost at 114 and 128.
  static constexpr int DIRECT_MAX_TILES = 64;
  //! The threads that read one digit's counts, in DirectColumnSums.
  static constexpr int READERS = BLOCK_THREADS >= RADIX_DIGITS ? BLOCK_THREADS / RADIX_DIGITS : 1;
  //! Keys only: the values' exchange is a byte that is never used.
  using ValueSlot = std::conditional_t<KEYS_ONLY, unsigned char, ValueT>;

  static constexpr bool EXCHANGE_APART = Policy::EXCHANGE_APART;
  //! Pairs' ranks and digits in shared memory (RANKS_SHARED); keys alone have none to keep.
  static constexpr bool RANKS_SHARED = Policy::RANKS_SHARED && !KEYS_ONLY;
  static_assert(!RANKS_SHARED || TILE_ITEMS <= (1 << 16), "a rank in shared memory takes 16 bits");
  //! The tile's keys, then its values, in their places in the tile's output.
  union Items
  {
    Uninitialized<Bits[TILE_ITEMS]> keys;
    Uninitialized<ValueSlot[KEYS_ONLY ? 1 : TILE_ITEMS]> values;
  };
  //! Ranking, the keys' exchange and the values' exchange never overlap in
  //! time, unless the exchange is apart (EXCHANGE_APART); the digits'
  //! offsets live through the whole tile.
  struct _TempStorage
  {
    union
    {
      typename Rank::TempStorage rank;
      struct
      {
        uint32_t before[READERS][RADIX_DIGITS]; // a reader's sum over the tiles before this one
        uint32_t all[READERS][RADIX_DIGITS];    // and over every tile
        typename DigitScan::TempStorage scan;
      } digits;
      std::conditional_t<EXCHANGE_APART, NullType, Items> items;
      uint8_t slot_digits[RANKS_SHARED ? TILE_ITEMS : 1]; // RANKS_SHARED: the digit of the key written from each slot
    } exchange;
    std::conditional_t<EXCHANGE_APART, Items, NullType> apart; // the exchange apart (EXCHANGE_APART)
    uint16_t ranks[RANKS_SHARED ? TILE_ITEMS : 1];              // RANKS_SHARED: each key's rank, in load order
    OffsetT digit_offsets[RADIX_DIGITS];
  };
  struct TempStorage : Uninitialized<_TempStorage>
  {
  };

  _TempStorage& s;
  const detail::OnesweepLaunchArgs<KeyT, ValueT, OffsetT>& args;
  Decomposer decomposer;
  int tile;
  int counts[BINS_PER_THREAD]; //!< this tile's count of each of this thread's digits
  bool buckets_fit = false;    //!< a top-digit pass: no digit has more keys than args.bucket_capacity

  //! @param temp_storage  the block's shared memory
  //! @param args          the launch's arguments
  //! @param decomposer    splits a custom key into fields
  __device__ CUBLING_FORCEINLINE AgentRadixSortOnesweep(TempStorage& temp_storage,
                                                        const detail::OnesweepLaunchArgs<KeyT, ValueT, OffsetT>& args,
                                                        Decomposer decomposer)
      : s(temp_storage.Alias()), args(args), decomposer(decomposer), tile(0)
  {
  }

  //! The exchange of the tile's keys and values.
  __device__ CUBLING_FORCEINLINE Items& Exchange()
  {
    if constexpr (EXCHANGE_APART)
    {
      return s.apart;
    }
    else
    {
      return s.exchange.items;
    }
  }

  //! The digit thread `threadIdx.x` looks after in slot `u` (RADIX_DIGITS or more: none).
  __device__ CUBLING_FORCEINLINE static int ThreadDigit(int u)
  {
    return static_cast<int>(threadIdx.x) * BINS_PER_THREAD + u;
  }

  //! Where this thread's first key lies in the tile, warp-striped: each warp
  //! holds WARP_ITEMS consecutive keys, and its lanes take every 32nd.
  __device__ CUBLING_FORCEINLINE static int WarpStripedOffset()
  {
    return static_cast<int>(threadIdx.x / 32) * WARP_ITEMS + static_cast<int>(threadIdx.x % 32);
  }

  //! The look-back word of digit `digit` of tile `t`.
  __device__ CUBLING_FORCEINLINE uint32_t* LookBackWord(int t, int digit) const
  {
    return args.d_lookback + static_cast<int64_t>(t) * WORDS_PER_TILE + digit;
  }

  //! A resident grid's word of digit `digit` of tile `t`: its count, then,
  //! after the column scan, its exclusive prefix. Over read keys, the last
  //! tile's words are in storage: past a partial tile's keys they could fall
  //! past the input's end.
  __device__ CUBLING_FORCEINLINE uint32_t* ColumnWord(int t, int digit) const
  {
    return WORDS_OVER_READ_KEYS && t + 1 == static_cast<int>(gridDim.x) ? args.d_last_tile_words + digit
                                                                        : LookBackWord(t, digit);
  }

  //! Step 3's callback: the ranking hands over the tile's counts of this
  //! thread's digits. RESIDENT: plain counts, for the column scan;
  //! otherwise look-back words.
  template <bool RESIDENT> struct PublishCounts
  {
    AgentRadixSortOnesweep& agent;
    __device__ CUBLING_FORCEINLINE void operator()(int (&bins)[BINS_PER_THREAD])
    {
      const uint32_t status = agent.tile == 0 ? Word::PREFIX : Word::AGGREGATE;
#pragma unroll
      for (int u = 0; u < BINS_PER_THREAD; ++u)
      {
        agent.counts[u] = bins[u];
        const int digit = ThreadDigit(u);
        if (digit < RADIX_DIGITS)
        {
          detail::store_relaxed(RESIDENT ? agent.ColumnWord(agent.tile, digit) : agent.LookBackWord(agent.tile, digit),
                                RESIDENT ? static_cast<uint32_t>(bins[u])
                                         : Word::make(status, agent.args.tag, static_cast<uint32_t>(bins[u])));
        }
      }
    }
  };

  //! Step 4: the output offset of each of this thread's digits, less the digit's start in the tile.
  __device__ CUBLING_FORCEINLINE void LookBack(const int (&tile_digit_starts)[BINS_PER_THREAD], bool last_tile)
  {
#pragma unroll
    for (int u = 0; u < BINS_PER_THREAD; ++u)
    {
      const int digit = ThreadDigit(u);
      if (digit >= RADIX_DIGITS)
      {
        continue;
      }
      uint32_t before = 0; // keys of this digit in the portion's tiles before this one
      // example-begin look-back-window
      if (tile > 0)
      {
        // Back from the tile before this one, LOOK_BACK_WINDOW words a read
        // (all in flight at once), adding counts up to the nearest prefix;
        // a word not yet published ends the read, and is read again. Tile 0
        // always publishes a prefix, so no read reaches before it.
        int t = tile - 1;
        for (bool found = false; !found;)
        {
          uint32_t words[LOOK_BACK_WINDOW];
#pragma unroll
          for (int k = 0; k < LOOK_BACK_WINDOW; ++k)
          {
            words[k] = t - k >= 0 ? detail::load_relaxed(LookBackWord(t - k, digit))
                                  : Word::make(Word::PREFIX, args.tag, 0);
          }
          int passed = 0; // words read and added, none of them a prefix
#pragma unroll
          for (int k = 0; k < LOOK_BACK_WINDOW; ++k)
          {
            if (found || passed < k || !Word::ready(words[k], args.tag))
            {
              continue;
            }
            before += words[k] & Word::COUNT_MASK;
            found = (words[k] & Word::STATUS) == Word::PREFIX;
            passed += found ? 0 : 1;
          }
          t -= passed;
        }
        // example-end look-back-window
        // The last tile's PREFIX may not fit in COUNT_BITS; no tile reads it.
        detail::store_relaxed(LookBackWord(tile, digit),
                              Word::make(Word::PREFIX, args.tag,
                                         (before + static_cast<uint32_t>(counts[u])) & Word::COUNT_MASK));
      }
      const OffsetT start    = args.d_bins_in[digit];
      s.digit_offsets[digit] = start + before - static_cast<OffsetT>(tile_digit_starts[u]);
      if (last_tile && args.d_bins_out != nullptr)
      {
        args.d_bins_out[digit] = start + before + static_cast<OffsetT>(counts[u]);
      }
    }
  }

  // example-begin column-scan
  //! A resident grid's step 4a, once every tile's counts are published: the
  //! column scan. Each digit's column (its count in every tile) is scanned
  //! by one warp: digit d by warp d / G of block d % G, for G tiles, so the
  //! work spreads over the grid. A lane loads the counts of COLUMN_RUN
  //! consecutive tiles at once, adds them, and the warp scans the lanes'
  //! sums; the exclusive prefixes go back in place, and the column's total
  //! to d_digit_totals.
  __device__ CUBLING_FORCEINLINE void ScanColumns()
  {
    constexpr int COLUMN_RUN = 8;
    const int tiles          = static_cast<int>(gridDim.x);
    const int lane           = static_cast<int>(threadIdx.x % 32);
    for (int digit = static_cast<int>(blockIdx.x) + static_cast<int>(threadIdx.x / 32) * tiles; digit < RADIX_DIGITS;
         digit += tiles * (BLOCK_THREADS / 32))
    {
      uint32_t carry = 0; // the column's count in the runs before this one
      for (int first = 0; first < tiles; first += 32 * COLUMN_RUN)
      {
        uint32_t run[COLUMN_RUN];
        uint32_t sum = 0;
#pragma unroll
        for (int k = 0; k < COLUMN_RUN; ++k)
        {
          const int t = first + lane * COLUMN_RUN + k;
          run[k]      = t < tiles ? detail::load_relaxed(ColumnWord(t, digit)) : 0u;
          sum += run[k];
        }
        uint32_t before = 0, all = 0;
        typename ColumnScan::TempStorage no_storage; // shuffles: the storage is never touched
        ColumnScan(no_storage).ExclusiveSum(sum, before, all);
        before += carry;
#pragma unroll
        for (int k = 0; k < COLUMN_RUN; ++k)
        {
          const int t = first + lane * COLUMN_RUN + k;
          if (t < tiles)
          {
            detail::store_relaxed(ColumnWord(t, digit), before);
          }
          before += run[k];
        }
        carry += all;
      }
      if (lane == 0)
      {
        args.d_digit_totals[digit] = static_cast<OffsetT>(carry);
      }
    }
  }
  // example-end column-scan

  // example-begin direct-column-sums
  //! A resident grid's step 4a for a few tiles, once every tile's counts are
  //! published: each block reads them all. READERS threads share a digit,
  //! each taking every READERS-th tile, DIRECT_RUN loads in flight; a
  //! tile's counts are consecutive words, so a warp's loads are whole
  //! lines. The digit's count in the tiles before this one, and in all of
  //! them, go to `before` and `all` (thread `digit`).
  __device__ CUBLING_FORCEINLINE void DirectColumnSums(uint32_t& before, uint32_t& all)
  {
    constexpr int DIRECT_RUN = 8;
    const int tiles          = static_cast<int>(gridDim.x);
    const int digit          = static_cast<int>(threadIdx.x) % RADIX_DIGITS;
    const int reader         = static_cast<int>(threadIdx.x) / RADIX_DIGITS;
    uint32_t mine_before = 0, mine_all = 0;
    if (reader < READERS)
    {
      for (int first = reader; first < tiles; first += READERS * DIRECT_RUN)
      {
        uint32_t run[DIRECT_RUN];
#pragma unroll
        for (int k = 0; k < DIRECT_RUN; ++k)
        {
          const int t = first + k * READERS;
          run[k]      = t < tiles ? detail::load_relaxed(ColumnWord(t, digit)) : 0u;
        }
#pragma unroll
        for (int k = 0; k < DIRECT_RUN; ++k)
        {
          mine_before += first + k * READERS < tile ? run[k] : 0u;
          mine_all += run[k];
        }
      }
      s.exchange.digits.before[reader][digit] = mine_before;
      s.exchange.digits.all[reader][digit]    = mine_all;
    }
    __syncthreads();
    before = 0;
    all    = 0;
    if (threadIdx.x < RADIX_DIGITS)
    {
#pragma unroll
      for (int r = 0; r < READERS; ++r)
      {
        before += s.exchange.digits.before[r][threadIdx.x];
        all += s.exchange.digits.all[r][threadIdx.x];
      }
    }
  }
  // example-end direct-column-sums

  // example-begin resident-offsets
  //! A resident grid's step 4, in place of the look-back: a grid-wide
  //! barrier once every tile has published its counts; then, for a few
  //! tiles, every block reads them all, and for more, the grid scans the
  //! columns and waits at a second barrier. Each digit's output offset for
  //! this tile is the digit's start (an exclusive scan of the totals, in
  //! every block) + the tile's prefix - the digit's start inside the tile.
  __device__ CUBLING_FORCEINLINE void ResidentOffsets(const int (&tile_digit_starts)[BINS_PER_THREAD])
  {
    static_assert(BLOCK_THREADS >= RADIX_DIGITS && BINS_PER_THREAD == 1, "a resident grid has a thread per digit");
    const cooperative_groups::grid_group grid = cooperative_groups::this_grid();
    const int digit                           = static_cast<int>(threadIdx.x);
    grid.sync(); // every tile's counts published
    CUBLING_RADIX_SORT_PHASE(14);
    uint32_t before = 0, all = 0;
    if (static_cast<int>(gridDim.x) <= DIRECT_MAX_TILES)
    {
      DirectColumnSums(before, all);
      CUBLING_RADIX_SORT_PHASE(15);
    }
    else
    {
      ScanColumns();
      CUBLING_RADIX_SORT_PHASE(15);
      grid.sync(); // every prefix and total written
      CUBLING_RADIX_SORT_PHASE(16);
      if (digit < RADIX_DIGITS)
      {
        before = detail::load_relaxed(ColumnWord(tile, digit));
        all    = static_cast<uint32_t>(__ldcg(args.d_digit_totals + digit));
      }
    }
    if (args.bucket_capacity > 0) // a top-digit pass: the buckets' sizes, and whether each fits
    {
      if (static_cast<int>(gridDim.x) <= DIRECT_MAX_TILES && blockIdx.x == 0 && digit < RADIX_DIGITS)
      {
        args.d_digit_totals[digit] = static_cast<OffsetT>(all); // the column scan writes them otherwise
      }
      // The last tile's padding keys rank last: the last digit counts them,
      // and they belong to no bucket.
      const uint32_t padding = static_cast<uint32_t>(gridDim.x) * TILE_ITEMS - static_cast<uint32_t>(args.portion_items);
      const uint32_t keys    = digit == RADIX_DIGITS - 1 ? all - padding : all;
      buckets_fit = __syncthreads_or(digit < RADIX_DIGITS && keys > static_cast<uint32_t>(args.bucket_capacity)) == 0;
    }
    OffsetT start;
    DigitScan(s.exchange.digits.scan).ExclusiveSum(static_cast<OffsetT>(all), start);
    if (digit < RADIX_DIGITS)
    {
      s.digit_offsets[digit] = start + static_cast<OffsetT>(before) - static_cast<OffsetT>(tile_digit_starts[0]);
    }
  }
  // example-end resident-offsets

  //! Is every key's digit the same in this pass (one digit's count is the
  //! whole input)? Each warp reads the pass's offsets and votes on its own,
  //! so the answer needs no block barrier.
  __device__ CUBLING_FORCEINLINE bool OneDigitPass() const
  {
    bool one_digit = false;
#pragma unroll
    for (int digit = static_cast<int>(threadIdx.x % 32); digit < RADIX_DIGITS; digit += 32)
    {
      const OffsetT start = args.d_pass_bins[digit];
      const OffsetT end   = digit + 1 < RADIX_DIGITS ? args.d_pass_bins[digit + 1] : OffsetT(args.num_items);
      one_digit           = one_digit || end - start == OffsetT(args.num_items);
    }
    return __any_sync(0xffffffffu, one_digit) != 0;
  }

  //! A pass on one digit: copy tile `t` of the portion where it is, and
  //! stamp the tile's look-back words with this launch's tag, as a ranked
  //! tile would. Without the stamp, the words of the launch three before
  //! (the same tag) would survive two copying passes and read as this
  //! launch's. The copy is a call, not inlined (detail::onesweep_copy_tile_out_of_line).
  __device__ CUBLING_FORCEINLINE void CopyTile(int t)
  {
    for (int digit = threadIdx.x; digit < RADIX_DIGITS; digit += BLOCK_THREADS)
    {
      detail::store_relaxed(LookBackWord(t, digit), Word::make(Word::PREFIX, args.tag, 0));
    }
    const int tile_offset = t * TILE_ITEMS;
    if (tile_offset >= args.portion_items)
    {
      return;
    }
    const int valid = args.portion_items - tile_offset < TILE_ITEMS ? args.portion_items - tile_offset : TILE_ITEMS;
    detail::onesweep_copy_tile_out_of_line<ITEMS_PER_THREAD>(args.d_keys_in + tile_offset,
                                                             args.d_keys_out + args.portion_offset + tile_offset, valid);
    if constexpr (!KEYS_ONLY)
    {
      detail::onesweep_copy_tile_out_of_line<ITEMS_PER_THREAD>(
          args.d_values_in + tile_offset, args.d_values_out + args.portion_offset + tile_offset, valid);
    }
  }

  //! Step 2: this thread's keys, warp-striped, as ordered bits; a partial
  //! tile is padded with keys that rank last.
  template <bool FULL_TILE>
  __device__ CUBLING_FORCEINLINE void LoadKeys(int tile_offset, int valid, Bits (&bits)[ITEMS_PER_THREAD]) const
  {
    const int warp_offset = WarpStripedOffset();
    const KeyT padding    = Codec::template padding_key<IS_DESCENDING>(decomposer);
#pragma unroll
    for (int u = 0; u < ITEMS_PER_THREAD; ++u)
    {
      const int i    = warp_offset + u * 32;
      const KeyT key = FULL_TILE || i < valid ? args.d_keys_in[tile_offset + i] : padding;
      bits[u]        = detail::radix_sort_bits_in<IS_DESCENDING>(key, decomposer);
    }
  }

  //! Step 5, the values' loads: this thread's, warp-striped like its keys.
  template <bool FULL_TILE>
  __device__ CUBLING_FORCEINLINE void LoadValues(int tile_offset, int valid, ValueSlot (&values)[ITEMS_PER_THREAD]) const
  {
    const int warp_offset = WarpStripedOffset();
#pragma unroll
    for (int u = 0; u < ITEMS_PER_THREAD; ++u)
    {
      const int i = warp_offset + u * 32;
      if (FULL_TILE || i < valid)
      {
        values[u] = args.d_values_in[tile_offset + i];
      }
    }
  }

  //! Step 5, keys: out of the exchange, in tile order, each to its digit's
  //! offset; `key_digits` keeps each one's digit for the values.
  template <bool FULL_TILE>
  __device__ CUBLING_FORCEINLINE void
  ScatterKeys(int valid, const Extractor& digits, int (&key_digits)[ITEMS_PER_THREAD])
  {
    const Bits* keys = Exchange().keys.Alias();
#pragma unroll
    for (int u = 0; u < ITEMS_PER_THREAD; ++u)
    {
      const int i = u * BLOCK_THREADS + static_cast<int>(threadIdx.x);
      if (FULL_TILE || i < valid)
      {
        const Bits b  = keys[i];
        key_digits[u] = static_cast<int>(digits.Digit(b));
        args.d_keys_out[s.digit_offsets[key_digits[u]] + static_cast<OffsetT>(i)] =
            detail::radix_sort_bits_out<IS_DESCENDING, KeyT>(b, decomposer);
      }
    }
  }

  //! Step 5, values: loaded only now (so that they hold no registers while
  //! the keys are ranked), put in place by the keys' ranks through the
  //! exchange, and written where their keys went.
  template <bool FULL_TILE>
  __device__ CUBLING_FORCEINLINE void ScatterValues(int tile_offset, int valid, const int (&ranks)[ITEMS_PER_THREAD],
                                                    const int (&key_digits)[ITEMS_PER_THREAD])
  {
    const int warp_offset = WarpStripedOffset();
    ValueSlot values[ITEMS_PER_THREAD];
    LoadValues<FULL_TILE>(tile_offset, valid, values);
    ValueT* exchanged = Exchange().values.Alias();
    __syncthreads(); // every key is out of the exchange
#pragma unroll
    for (int u = 0; u < ITEMS_PER_THREAD; ++u)
    {
      if (FULL_TILE || warp_offset + u * 32 < valid)
      {
        exchanged[ranks[u]] = values[u];
      }
    }
    __syncthreads();
#pragma unroll
    for (int u = 0; u < ITEMS_PER_THREAD; ++u)
    {
      const int i = u * BLOCK_THREADS + static_cast<int>(threadIdx.x);
      if (FULL_TILE || i < valid)
      {
        args.d_values_out[s.digit_offsets[key_digits[u]] + static_cast<OffsetT>(i)] = exchanged[i];
      }
    }
  }

  //! Step 5 for pairs whose ranks wait in shared memory (RANKS_SHARED):
  //! the values' loads go out first, and land while the keys are written;
  //! each slot's digit is noted for its value, in the ranking's memory,
  //! free by now; the values go to their places by the stored ranks.
  template <bool FULL_TILE>
  __device__ CUBLING_FORCEINLINE void ScatterPairsRanksShared(int tile_offset, int valid, const Extractor& digits)
  {
    const int warp_offset = WarpStripedOffset();
    ValueSlot values[ITEMS_PER_THREAD];
    LoadValues<FULL_TILE>(tile_offset, valid, values);
    // ScatterKeys, but each digit goes to shared memory, by slot. (One loop
    // for both, the digit handed to a callback, changed the machine code of
    // the cooperative sort of keys alone.)
    const Bits* keys = Exchange().keys.Alias();
#pragma unroll
    for (int u = 0; u < ITEMS_PER_THREAD; ++u)
    {
      const int i = u * BLOCK_THREADS + static_cast<int>(threadIdx.x);
      if (FULL_TILE || i < valid)
      {
        const Bits b              = keys[i];
        const uint32_t digit      = digits.Digit(b);
        s.exchange.slot_digits[i] = static_cast<uint8_t>(digit);
        args.d_keys_out[s.digit_offsets[digit] + static_cast<OffsetT>(i)] =
            detail::radix_sort_bits_out<IS_DESCENDING, KeyT>(b, decomposer);
      }
    }
    CUBLING_ONESWEEP_STAMP(args.current_bit, tile, 3);
    ValueT* exchanged = Exchange().values.Alias();
    __syncthreads(); // every key is out of the exchange
#pragma unroll
    for (int u = 0; u < ITEMS_PER_THREAD; ++u)
    {
      const int i = warp_offset + u * 32;
      if (FULL_TILE || i < valid)
      {
        exchanged[s.ranks[i]] = values[u];
      }
    }
    __syncthreads();
#pragma unroll
    for (int u = 0; u < ITEMS_PER_THREAD; ++u)
    {
      const int i = u * BLOCK_THREADS + static_cast<int>(threadIdx.x);
      if (FULL_TILE || i < valid)
      {
        args.d_values_out[s.digit_offsets[s.exchange.slot_digits[i]] + static_cast<OffsetT>(i)] = exchanged[i];
      }
    }
    CUBLING_ONESWEEP_STAMP(args.current_bit, tile, 4);
  }

  //! Steps 2 to 5 for one tile; FULL_TILE: every one of its keys is there;
  //! RESIDENT: a resident grid's tile, whose offsets come from every tile's
  //! counts (ResidentOffsets), not from a look-back.
  template <bool FULL_TILE, bool RESIDENT>
  __device__ CUBLING_FORCEINLINE void ProcessTile(int tile_offset, int valid)
  {
    Bits bits[ITEMS_PER_THREAD];
    LoadKeys<FULL_TILE>(tile_offset, valid, bits);

    // Steps 3 and 4: rank, publishing the counts early; look back.
    const Extractor digits(static_cast<uint32_t>(args.current_bit), static_cast<uint32_t>(args.num_bits), decomposer);
    int ranks[ITEMS_PER_THREAD];
    int tile_digit_starts[BINS_PER_THREAD];
    const bool last_tile = tile_offset + TILE_ITEMS >= args.portion_items;
    Bits* keys           = Exchange().keys.Alias();
    if constexpr (EXCHANGE_APART && !RESIDENT)
    {
      // example-begin exchange-apart
      // Each key goes to its place in the exchange as soon as it is ranked:
      // no key waits in a register for the others' ranks. One barrier then
      // covers the exchange and the look-back.
      const int first  = WarpStripedOffset();
      auto to_exchange = [&](int u, int rank) {
        keys[rank] = bits[u];
        if constexpr (RANKS_SHARED)
        {
          s.ranks[first + u * 32] = static_cast<uint16_t>(rank);
        }
      };
      if constexpr (Policy::KEYS_TWICE)
      {
        auto reload = [&] { LoadKeys<FULL_TILE>(tile_offset, valid, bits); };
        Rank(s.exchange.rank)
            .RankKeys(bits, ranks, digits, tile_digit_starts, PublishCounts<false>{*this}, to_exchange, reload);
      }
      else
      {
        Rank(s.exchange.rank)
            .RankKeys(bits, ranks, digits, tile_digit_starts, PublishCounts<false>{*this}, to_exchange);
      }
      CUBLING_ONESWEEP_STAMP(args.current_bit, tile, 1);
      LookBack(tile_digit_starts, last_tile);
      CUBLING_ONESWEEP_STAMP(args.current_bit, tile, 2);
      __syncthreads(); // every key in the exchange; the offsets are in
      // example-end exchange-apart
    }
    else
    {
      Rank(s.exchange.rank).RankKeys(bits, ranks, digits, tile_digit_starts, PublishCounts<RESIDENT>{*this});
      CUBLING_RADIX_SORT_PHASE(11);
      if constexpr (RESIDENT)
      {
        __syncthreads(); // the ranking's storage becomes the column sums' and the totals' scan
        ResidentOffsets(tile_digit_starts);
      }
      else
      {
        CUBLING_ONESWEEP_STAMP(args.current_bit, tile, 1);
        LookBack(tile_digit_starts, last_tile);
        CUBLING_ONESWEEP_STAMP(args.current_bit, tile, 2);
      }
      CUBLING_RADIX_SORT_PHASE(12);
      __syncthreads(); // the ranking's storage becomes the keys' exchange; the offsets are in

      // Step 5: keys by rank into shared memory, then out, digit run by digit run.
#pragma unroll
      for (int u = 0; u < ITEMS_PER_THREAD; ++u)
      {
        keys[ranks[u]] = bits[u];
      }
      __syncthreads();
    }
    if constexpr (RANKS_SHARED && !RESIDENT)
    {
      ScatterPairsRanksShared<FULL_TILE>(tile_offset, valid, digits);
      return;
    }
    int key_digits[ITEMS_PER_THREAD];
    ScatterKeys<FULL_TILE>(valid, digits, key_digits);
    CUBLING_ONESWEEP_STAMP(args.current_bit, tile, 3);
    if constexpr (!KEYS_ONLY)
    {
      ScatterValues<FULL_TILE>(tile_offset, valid, ranks, key_digits);
      CUBLING_ONESWEEP_STAMP(args.current_bit, tile, 4);
    }
  }

  //! Steps 2 to 5 for tile `t` of the portion.
  template <bool RESIDENT> __device__ CUBLING_FORCEINLINE void ProcessTileAt(int t)
  {
    tile                  = t;
    const int tile_offset = tile * TILE_ITEMS;
    const int valid = args.portion_items - tile_offset < TILE_ITEMS ? args.portion_items - tile_offset : TILE_ITEMS;
    if (valid == TILE_ITEMS)
    {
      ProcessTile<true, RESIDENT>(tile_offset, valid);
    }
    else
    {
      ProcessTile<false, RESIDENT>(tile_offset, valid);
    }
  }

  //! Steps 1 to 5 (see the file comment).
  __device__ CUBLING_FORCEINLINE void Process()
  {
    const int t = static_cast<int>(blockIdx.x);
    CUBLING_ONESWEEP_STAMP(args.current_bit, t, 0);
    if (OneDigitPass())
    {
      CopyTile(t);
      return;
    }
    ProcessTileAt<false>(t);
  }

  //! Steps 2 to 5 in a grid whose blocks are all resident at once (the
  //! cooperative sort of a small input): block b takes tile b, with no
  //! counter, and finds its offsets from every tile's counts (see the file comment).
  __device__ CUBLING_FORCEINLINE void ProcessResident()
  {
    ProcessTileAt<true>(static_cast<int>(blockIdx.x));
  }
};

} // namespace cubling
