//! @file
//! AgentRadixSortCluster: a small input sorted by one thread-block cluster
//! (sm_90 and later), the keys in the blocks' shared memory from the first
//! pass to the last.
//!
//! Above one block's tile, a sort of a few tiles spends each pass loading its
//! keys from memory, ranking them, looking back and scattering them to
//! memory again, with a grid-wide barrier between passes. A cluster's blocks
//! can read and write each other's shared memory (distributed shared
//! memory), and wait for each other at a cluster barrier, so a small input
//! can stay on chip:
//!   1. each block loads its tile of the input into its shared memory, as
//!      ordered bits; past the input's end, keys that rank last;
//!   2. for each digit, least significant first:
//!      a. each block reads its keys (and values) from its shared memory,
//!         warp-striped, and ranks them (BlockRadixRankMatchEarlyCounts),
//!         keeping its count of each digit in shared memory;
//!      b. cluster barrier: every block's counts are written, and every
//!         block holds its keys in registers, so their shared memory may be
//!         overwritten;
//!      c. one thread per digit reads that digit's count in every block of
//!         the cluster: the digit's total, and the keys of it in the blocks
//!         before this one; a block scan of the totals gives each digit's
//!         start in the cluster;
//!      d. each key goes to its place in the cluster's sorted order, which
//!         is a place in some block's shared memory (block = place / tile),
//!         written there directly; the values follow;
//!      e. cluster barrier: every key is in place, and every count read;
//!   3. each block writes its tile out, striped: the first `num_items`
//!      places are the real keys, in order.
//! One read and one write of each key in memory for the whole sort, and no
//! temporary storage.
#pragma once

#include <cstdint>
#include <type_traits>

#include <cooperative_groups.h>

#include <cubling/block/block_radix_rank.cuh>
#include <cubling/block/block_scan.cuh>
#include <cubling/block/radix_rank_sort_operations.cuh>
#include <cubling/util/macros.cuh>
#include <cubling/util/uninitialized.cuh>

namespace cubling
{

//! @brief The tuning of AgentRadixSortCluster.
//!
//! @tparam BLOCK_THREADS_     threads per block, a multiple of 32
//! @tparam ITEMS_PER_THREAD_  keys per thread: a block's tile
//! @tparam MAX_BLOCKS_        the most blocks of one cluster (above 8: a non-portable cluster size)
//! @tparam RADIX_BITS_        bits per digit
template <int BLOCK_THREADS_, int ITEMS_PER_THREAD_, int MAX_BLOCKS_, int RADIX_BITS_>
struct AgentRadixSortClusterPolicy
{
  static constexpr int BLOCK_THREADS    = BLOCK_THREADS_;
  static constexpr int ITEMS_PER_THREAD = ITEMS_PER_THREAD_;
  static constexpr int MAX_BLOCKS       = MAX_BLOCKS_;
  static constexpr int RADIX_BITS       = RADIX_BITS_;
  static constexpr int TILE_ITEMS       = BLOCK_THREADS * ITEMS_PER_THREAD;
};

//! @brief One block's part of a sort by one cluster (see the file comment).
//!
//! @tparam Policy         an AgentRadixSortClusterPolicy
//! @tparam IS_DESCENDING  whether the sort is descending
//! @tparam KeyT           the key type
//! @tparam ValueT         the value type; NullType to sort keys only
//! @tparam Decomposer     `detail::identity_decomposer_t`, or a decomposer of a custom key
template <typename Policy, bool IS_DESCENDING, typename KeyT, typename ValueT, typename Decomposer>
struct AgentRadixSortCluster
{
  static constexpr bool KEYS_ONLY = std::is_same<ValueT, NullType>::value;
  using Bits                      = typename detail::radix_key_codec<KeyT, Decomposer>::bits_type;
  using Codec                     = detail::radix_key_codec<KeyT, Decomposer>;
  using Extractor                 = detail::radix_digit_extractor<KeyT, Decomposer>;

  static constexpr int BLOCK_THREADS    = Policy::BLOCK_THREADS;
  static constexpr int ITEMS_PER_THREAD = Policy::ITEMS_PER_THREAD;
  static constexpr int TILE_ITEMS       = Policy::TILE_ITEMS;
  static constexpr int RADIX_BITS       = Policy::RADIX_BITS;
  static constexpr int RADIX_DIGITS     = 1 << RADIX_BITS;
  static constexpr int WARP_ITEMS       = 32 * ITEMS_PER_THREAD;
  static_assert(BLOCK_THREADS % 32 == 0, "the cluster sort's blocks are whole warps");

  using Rank = BlockRadixRankMatchEarlyCounts<BLOCK_THREADS, RADIX_BITS, false, BLOCK_SCAN_WARP_SCANS, WARP_MATCH_ANY>;
  static constexpr int BINS_PER_THREAD = Rank::BINS_PER_THREAD;
  using DigitScan                      = BlockScan<int, BLOCK_THREADS, BLOCK_SCAN_WARP_SCANS>;
  using ValueSlot                      = std::conditional_t<KEYS_ONLY, unsigned char, ValueT>;

  //! The keys (and values) live through the whole sort, written by every
  //! block of the cluster; the ranking's and the digit scan's storage do not.
  struct _TempStorage
  {
    Bits keys[TILE_ITEMS];
    ValueSlot values[KEYS_ONLY ? 1 : TILE_ITEMS];
    int counts[RADIX_DIGITS];        //!< this block's keys of each digit, in this pass
    int digit_offsets[RADIX_DIGITS]; //!< a digit's first place in the cluster, less its start in this tile
    union
    {
      typename Rank::TempStorage rank;
      typename DigitScan::TempStorage scan;
    } work;
  };
  struct TempStorage : Uninitialized<_TempStorage>
  {
  };

  _TempStorage& s;
  Decomposer decomposer;

  //! @param temp_storage  the block's shared memory
  //! @param decomposer    splits a custom key into fields
  __device__ CUBLING_FORCEINLINE AgentRadixSortCluster(TempStorage& temp_storage, Decomposer decomposer)
      : s(temp_storage.Alias()), decomposer(decomposer)
  {
  }

  //! The digit thread `threadIdx.x` looks after in slot `u` (RADIX_DIGITS or more: none).
  __device__ CUBLING_FORCEINLINE static int ThreadDigit(int u)
  {
    return static_cast<int>(threadIdx.x) * BINS_PER_THREAD + u;
  }

  //! Step 2a's callback: the ranking hands over this block's counts of this thread's digits.
  struct KeepCounts
  {
    _TempStorage& s;
    __device__ CUBLING_FORCEINLINE void operator()(int (&bins)[BINS_PER_THREAD])
    {
#pragma unroll
      for (int u = 0; u < BINS_PER_THREAD; ++u)
      {
        if (ThreadDigit(u) < RADIX_DIGITS)
        {
          s.counts[ThreadDigit(u)] = bins[u];
        }
      }
    }
  };

  //! Sort `num_items` keys (at most `TILE_ITEMS` times the cluster's blocks), and their values.
  //! @param d_keys_in     the keys
  //! @param d_keys_out    the sorted keys
  //! @param d_values_in   the values (keys only: unused)
  //! @param d_values_out  the values, in the keys' order (keys only: unused)
  //! @param num_items     how many keys
  //! @param begin_bit     the first bit sorted on
  //! @param end_bit       one past the last bit sorted on
  __device__ CUBLING_FORCEINLINE void Sort(const KeyT* d_keys_in, KeyT* d_keys_out, const ValueT* d_values_in,
                                           ValueT* d_values_out, int num_items, int begin_bit, int end_bit)
  {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    namespace cg         = cooperative_groups;
    cg::cluster_group cluster = cg::this_cluster();
    const int block      = static_cast<int>(cluster.block_rank());
    const int blocks     = static_cast<int>(cluster.num_blocks());
    const int tile_start = block * TILE_ITEMS;
    const int thread     = static_cast<int>(threadIdx.x);

    // 1. This block's tile, into its shared memory; padding past the end.
    const KeyT padding = Codec::template padding_key<IS_DESCENDING>(decomposer);
    for (int i = thread; i < TILE_ITEMS; i += BLOCK_THREADS)
    {
      const int j = tile_start + i;
      s.keys[i]   = detail::radix_sort_bits_in<IS_DESCENDING>(j < num_items ? d_keys_in[j] : padding, decomposer);
      if constexpr (!KEYS_ONLY)
      {
        if (j < num_items)
        {
          s.values[i] = d_values_in[j];
        }
      }
    }
    __syncthreads();

    // 2. The passes.
    const int warp_offset = (thread / 32) * WARP_ITEMS + thread % 32;
    for (int bit = begin_bit; bit < end_bit; bit += RADIX_BITS)
    {
      // example-begin cluster-pass
      const int num_bits = detail::radix_sort_pass_bits(bit, end_bit, RADIX_BITS);
      const Extractor digits(static_cast<uint32_t>(bit), static_cast<uint32_t>(num_bits), decomposer);

      // a. This block's keys, warp-striped, ranked; its counts kept.
      Bits bits[ITEMS_PER_THREAD];
      ValueSlot values[ITEMS_PER_THREAD];
#pragma unroll
      for (int u = 0; u < ITEMS_PER_THREAD; ++u)
      {
        bits[u] = s.keys[warp_offset + u * 32];
        if constexpr (!KEYS_ONLY)
        {
          values[u] = s.values[warp_offset + u * 32];
        }
      }
      int ranks[ITEMS_PER_THREAD];
      int tile_digit_starts[BINS_PER_THREAD];
      Rank(s.work.rank).RankKeys(bits, ranks, digits, tile_digit_starts, KeepCounts{s});

      // b. Every block's counts written; every block's keys in registers.
      cluster.sync();

      // c. Each digit's total over the cluster, and its keys in the blocks before this one.
      int totals[BINS_PER_THREAD];
      int before[BINS_PER_THREAD];
#pragma unroll
      for (int u = 0; u < BINS_PER_THREAD; ++u)
      {
        totals[u] = 0;
        before[u] = 0;
        if (ThreadDigit(u) < RADIX_DIGITS)
        {
          for (int r = 0; r < blocks; ++r)
          {
            const int count = *cluster.map_shared_rank(&s.counts[ThreadDigit(u)], r);
            totals[u] += count;
            before[u] += r < block ? count : 0;
          }
        }
      }
      int digit_starts[BINS_PER_THREAD];
      __syncthreads(); // the ranking's storage becomes the scan's
      DigitScan(s.work.scan).ExclusiveSum(totals, digit_starts);
#pragma unroll
      for (int u = 0; u < BINS_PER_THREAD; ++u)
      {
        if (ThreadDigit(u) < RADIX_DIGITS)
        {
          s.digit_offsets[ThreadDigit(u)] = digit_starts[u] + before[u] - tile_digit_starts[u];
        }
      }
      __syncthreads();

      // d. Each key (and value) to its place, in whichever block holds it.
#pragma unroll
      for (int u = 0; u < ITEMS_PER_THREAD; ++u)
      {
        const int place  = s.digit_offsets[digits.Digit(bits[u])] + ranks[u];
        const int target = place / TILE_ITEMS;
        const int slot   = place - target * TILE_ITEMS;
        *cluster.map_shared_rank(&s.keys[slot], target) = bits[u];
        if constexpr (!KEYS_ONLY)
        {
          *cluster.map_shared_rank(&s.values[slot], target) = values[u];
        }
      }

      // e. Every key in place, every count read.
      cluster.sync();
      // example-end cluster-pass
    }

    // 3. This block's places of the sorted order, out.
    for (int i = thread; i < TILE_ITEMS; i += BLOCK_THREADS)
    {
      const int j = tile_start + i;
      if (j < num_items)
      {
        d_keys_out[j] = detail::radix_sort_bits_out<IS_DESCENDING, KeyT>(s.keys[i], decomposer);
        if constexpr (!KEYS_ONLY)
        {
          d_values_out[j] = s.values[i];
        }
      }
    }
#else
    (void) d_keys_in, (void) d_keys_out, (void) d_values_in, (void) d_values_out;
    (void) num_items, (void) begin_bit, (void) end_bit;
#endif
  }
};

} // namespace cubling
