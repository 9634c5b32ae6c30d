//! @file
//! AgentRadixSortSingleTile: a whole small input sorted by one block, every
//! pass in shared memory, in one launch.
//!
//! Below a tile's worth of keys, Onesweep's fixed costs (a reset, a
//! histogram, a launch per pass) are the whole run time. One block can hold
//! the input in registers instead and sort it there:
//!   1. load the keys (and values), padded with keys that rank last, as
//!      ordered bits, in the arrangement the ranker is stable in: blocked
//!      for the counter-based rankers (BlockRadixRank), warp-striped for
//!      the match-based ones;
//!   2. for each digit, least significant first: rank the keys, scatter
//!      them to shared memory by rank, and read them back in the same
//!      arrangement, so that the next pass ranks them in their new order;
//!      the values follow through the same exchange;
//!   3. the last pass reads its keys (and values) back striped, not in the
//!      ranker's arrangement, so that each warp writes them out coalesced:
//!      the first `num_items` ranks are the real keys, in order.
//! The whole sort is one block's latency, not the GPU's throughput, so its
//! policy is its own: a narrow digit ranked with packed counters costs
//! more passes, but each pass waits far less than a 256-digit one.
#pragma once

#include <cstdint>
#include <type_traits>

#include <cubling/agent/agent_radix_sort_histogram.cuh>
#include <cubling/block/block_radix_rank.cuh>
#include <cubling/block/radix_rank_sort_operations.cuh>
#include <cubling/util/macros.cuh>
#include <cubling/util/uninitialized.cuh>

namespace cubling
{

//! @brief The tuning of AgentRadixSortSingleTile.
//!
//! @tparam BLOCK_THREADS_     threads of the block (whole warps)
//! @tparam ITEMS_PER_THREAD_  keys per thread: the tile is the largest input sorted this way
//! @tparam RADIX_BITS_        the digit's width: the passes are `ceil(bits / RADIX_BITS_)`
//! @tparam RANK_ALGORITHM_    the ranker (cubling::RadixRankAlgorithm)
//! @tparam SCAN_ALGORITHM_    the ranker's inner block scan
template <int BLOCK_THREADS_, int ITEMS_PER_THREAD_, int RADIX_BITS_, RadixRankAlgorithm RANK_ALGORITHM_,
          BlockScanAlgorithm SCAN_ALGORITHM_>
struct AgentRadixSortSingleTilePolicy
{
  static constexpr int BLOCK_THREADS                 = BLOCK_THREADS_;
  static constexpr int ITEMS_PER_THREAD              = ITEMS_PER_THREAD_;
  static constexpr int RADIX_BITS                    = RADIX_BITS_;
  static constexpr RadixRankAlgorithm RANK_ALGORITHM = RANK_ALGORITHM_;
  static constexpr BlockScanAlgorithm SCAN_ALGORITHM = SCAN_ALGORITHM_;
  static constexpr int TILE_ITEMS                    = BLOCK_THREADS * ITEMS_PER_THREAD;
};

//! @brief A radix sort of at most one tile of keys by one block (see the file comment).
//!
//! @tparam Policy         an AgentRadixSortSingleTilePolicy
//! @tparam IS_DESCENDING  whether the sort is descending
//! @tparam KeyT           the key type
//! @tparam ValueT         the value type; NullType to sort keys only
//! @tparam Decomposer     `detail::identity_decomposer_t`, or a decomposer of a custom key
template <typename Policy, bool IS_DESCENDING, typename KeyT, typename ValueT, typename Decomposer>
struct AgentRadixSortSingleTile
{
  static constexpr bool KEYS_ONLY = std::is_same<ValueT, NullType>::value;
  using Bits                      = typename detail::radix_key_codec<KeyT, Decomposer>::bits_type;
  using Codec                     = detail::radix_key_codec<KeyT, Decomposer>;
  using Extractor                 = detail::radix_digit_extractor<KeyT, Decomposer>;

  static constexpr int BLOCK_THREADS    = Policy::BLOCK_THREADS;
  static constexpr int ITEMS_PER_THREAD = Policy::ITEMS_PER_THREAD;
  static constexpr int TILE_ITEMS       = BLOCK_THREADS * ITEMS_PER_THREAD;
  static constexpr int RADIX_BITS       = Policy::RADIX_BITS;
  static constexpr int WARP_ITEMS       = 32 * ITEMS_PER_THREAD;
  static_assert(BLOCK_THREADS % 32 == 0, "the single-tile sort's blocks are whole warps");
  //! The counter-based rankers are stable in blocked order, the match-based ones in warp-striped order.
  static constexpr bool BLOCKED =
      Policy::RANK_ALGORITHM == RADIX_RANK_BASIC || Policy::RANK_ALGORITHM == RADIX_RANK_MEMOIZE;

  using Rank =
      detail::block_radix_rank_t<Policy::RANK_ALGORITHM, BLOCK_THREADS, RADIX_BITS, false, Policy::SCAN_ALGORITHM>;
  using ValueSlot = std::conditional_t<KEYS_ONLY, unsigned char, ValueT>;

  //! Ranking and the two exchanges never overlap in time.
  union _TempStorage
  {
    typename Rank::TempStorage rank;
    Uninitialized<Bits[TILE_ITEMS]> keys;
    Uninitialized<ValueSlot[KEYS_ONLY ? 1 : TILE_ITEMS]> values;
  };
  struct TempStorage : Uninitialized<_TempStorage>
  {
  };

  _TempStorage& s;
  Decomposer decomposer;

  //! @param temp_storage  the block's shared memory
  //! @param decomposer    splits a custom key into fields
  __device__ CUBLING_FORCEINLINE AgentRadixSortSingleTile(TempStorage& temp_storage, Decomposer decomposer)
      : s(temp_storage.Alias()), decomposer(decomposer)
  {
  }

  //! Where this thread's item `u` sits in the tile: in the ranker's
  //! arrangement (blocked, or warp-striped), or striped (for the output).
  static __device__ CUBLING_FORCEINLINE int Position(int u, bool striped = false)
  {
    const int thread = static_cast<int>(threadIdx.x);
    if (striped)
    {
      return u * BLOCK_THREADS + thread;
    }
    return BLOCKED ? thread * ITEMS_PER_THREAD + u : (thread / 32) * WARP_ITEMS + thread % 32 + u * 32;
  }

  //! Move `items` to the positions `ranks` say, through shared memory, and
  //! read back this thread's positions (`striped`: for the output).
  template <typename T>
  __device__ CUBLING_FORCEINLINE void Exchange(T* shared, T (&items)[ITEMS_PER_THREAD],
                                               const int (&ranks)[ITEMS_PER_THREAD], bool striped)
  {
    __syncthreads(); // the storage's previous use is over
#pragma unroll
    for (int u = 0; u < ITEMS_PER_THREAD; ++u)
    {
      shared[ranks[u]] = items[u];
    }
    __syncthreads();
#pragma unroll
    for (int u = 0; u < ITEMS_PER_THREAD; ++u)
    {
      items[u] = shared[Position(u, striped)];
    }
  }

  //! Sort `num_items` (at most TILE_ITEMS) keys, and their values, on bits `[begin_bit, end_bit)`.
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
    const KeyT padding = Codec::template padding_key<IS_DESCENDING>(decomposer);
    Bits bits[ITEMS_PER_THREAD];
    ValueSlot values[ITEMS_PER_THREAD];
#pragma unroll
    for (int u = 0; u < ITEMS_PER_THREAD; ++u)
    {
      const int i    = Position(u);
      const KeyT key = i < num_items ? d_keys_in[i] : padding;
      bits[u]        = detail::radix_sort_bits_in<IS_DESCENDING>(key, decomposer);
      if constexpr (!KEYS_ONLY)
      {
        if (i < num_items)
        {
          values[u] = d_values_in[i];
        }
      }
    }
    for (int bit = begin_bit; bit < end_bit; bit += RADIX_BITS)
    {
      const int num_bits = detail::radix_sort_pass_bits(bit, end_bit, RADIX_BITS);
      const bool last    = end_bit - bit <= RADIX_BITS;
      const Extractor digits(static_cast<uint32_t>(bit), static_cast<uint32_t>(num_bits), decomposer);
      int ranks[ITEMS_PER_THREAD];
      __syncthreads(); // the exchange's storage becomes the ranking's
      Rank(s.rank).RankKeys(bits, ranks, digits);
      Exchange(s.keys.Alias(), bits, ranks, last);
      if constexpr (!KEYS_ONLY)
      {
        Exchange(s.values.Alias(), values, ranks, last);
      }
    }
#pragma unroll
    for (int u = 0; u < ITEMS_PER_THREAD; ++u)
    {
      const int i = Position(u, true);
      if (i < num_items)
      {
        d_keys_out[i] = detail::radix_sort_bits_out<IS_DESCENDING, KeyT>(bits[u], decomposer);
        if constexpr (!KEYS_ONLY)
        {
          d_values_out[i] = values[u];
        }
      }
    }
  }
};

} // namespace cubling
