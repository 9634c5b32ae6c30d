//! @file
//! AgentRadixSortSingleTile: a whole small input sorted by one block, every
//! pass in shared memory, in one launch.
//!
//! Below a tile's worth of keys, Onesweep's fixed costs (a reset, a
//! histogram, a launch per pass) are the whole run time. One block can hold
//! the input in registers instead and sort it there:
//!   1. load the keys (and values) warp-striped, padded with keys that rank
//!      last, as ordered bits;
//!   2. for each digit, least significant first: rank the keys
//!      (BlockRadixRankMatchEarlyCounts, stable in warp-striped order),
//!      scatter them to shared memory by rank, and read them back
//!      warp-striped, so that the next pass ranks them in their new order;
//!      the values follow through the same exchange;
//!   3. write the keys (and values) out, warp-striped: the first `num_items`
//!      ranks are the real keys, in order.
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

//! @brief A radix sort of at most one tile of keys by one block (see the file comment).
//!
//! @tparam Policy         an AgentRadixSortOnesweepPolicy (its block, tile and ranking)
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

  using Rank      = BlockRadixRankMatchEarlyCounts<BLOCK_THREADS, RADIX_BITS, false, Policy::SCAN_ALGORITHM,
                                              Policy::MATCH_ALGORITHM, Policy::RANK_NUM_PARTS>;
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

  //! Move `items` to the positions `ranks` say, through shared memory, and
  //! read them back warp-striped.
  template <typename T>
  __device__ CUBLING_FORCEINLINE void Exchange(T* shared, T (&items)[ITEMS_PER_THREAD],
                                               const int (&ranks)[ITEMS_PER_THREAD], int warp_offset)
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
      items[u] = shared[warp_offset + u * 32];
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
    const int warp_offset = static_cast<int>(threadIdx.x / 32) * WARP_ITEMS + static_cast<int>(threadIdx.x % 32);
    const KeyT padding    = Codec::template padding_key<IS_DESCENDING>(decomposer);
    Bits bits[ITEMS_PER_THREAD];
    ValueSlot values[ITEMS_PER_THREAD];
#pragma unroll
    for (int u = 0; u < ITEMS_PER_THREAD; ++u)
    {
      const int i    = warp_offset + u * 32;
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
      const int num_bits = end_bit - bit < RADIX_BITS ? end_bit - bit : RADIX_BITS;
      const Extractor digits(static_cast<uint32_t>(bit), static_cast<uint32_t>(num_bits), decomposer);
      int ranks[ITEMS_PER_THREAD];
      __syncthreads(); // the exchange's storage becomes the ranking's
      Rank(s.rank).RankKeys(bits, ranks, digits);
      Exchange(s.keys.Alias(), bits, ranks, warp_offset);
      if constexpr (!KEYS_ONLY)
      {
        Exchange(s.values.Alias(), values, ranks, warp_offset);
      }
    }
#pragma unroll
    for (int u = 0; u < ITEMS_PER_THREAD; ++u)
    {
      const int i = warp_offset + u * 32;
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
