//! @file
//! BlockRadixSort: the threads of a block sort the keys (and values) they
//! hold, least significant digit first, one cubling::BlockRadixRank and one
//! scatter per digit.
#pragma once

#include <cubling/block/block_exchange.cuh>
#include <cubling/block/block_radix_rank.cuh>
#include <cubling/block/block_scan.cuh>
#include <cubling/block/radix_rank_sort_operations.cuh>
#include <cubling/util/macros.cuh>
#include <cubling/util/thread_id.cuh>
#include <cubling/util/uninitialized.cuh>

#include <cuda/std/type_traits>

#include <cuda_runtime.h>

namespace cubling
{
namespace detail
{

//! The type that carries a key's ordered bits through a sort: the unsigned
//! bits of a plain key, the key type itself for a struct key.
//! @tparam KeyT The key type.
//! @tparam IsPlain Leave it defaulted.
template <typename KeyT, bool IsPlain = is_radix_plain_key_v<KeyT>>
struct radix_sort_bits
{
  //! The bits type.
  using type = KeyT;
};

//! Plain keys travel as their unsigned bits.
//! @tparam KeyT The key type.
template <typename KeyT>
struct radix_sort_bits<KeyT, true>
{
  //! The bits type.
  using type = radix_unsigned_bits_t<KeyT>;
};

} // namespace detail

//! @brief Cooperative radix sort of the keys (or key-value pairs) held by the
//! threads of a block.
//!
//! Every thread calls the same member function with its `ITEMS_PER_THREAD`
//! keys (and values), a blocked arrangement: thread `r` holds tile items
//! `r * ITEMS_PER_THREAD` on. The sorted tile comes back blocked (`Sort`,
//! `SortDescending`) or striped (`...BlockedToStriped`: thread `r`'s item `i`
//! is sorted item `i * BLOCK_THREADS + r`, ready for a coalesced store).
//!
//! **How it works.** Keys are mapped to ordered bits (see the radix key
//! traits), so that unsigned order is key order. Then, for each digit of
//! `RADIX_BITS` bits from `begin_bit` up to `end_bit`, a
//! cubling::BlockRadixRank ranks the keys by that digit (stably: ties keep
//! their order), and a cubling::BlockExchange scatters keys and values to
//! their ranks. After the last digit the bits are mapped back to keys.
//!
//! **Order.** Ascending or descending by the key bits in `[begin_bit,
//! end_bit)`; the sort is stable, so keys equal in those bits keep their
//! input order. Floating-point keys order as `cub::BlockRadixSort` orders
//! them: -0.0 and +0.0 are equal (and keep their input order), NaNs sort by
//! their sign bit and payload beyond the infinities.
//!
//! **Custom keys.** The overloads taking a `decomposer` sort a struct key: the
//! decomposer maps a `KeyT&` to a `cuda::std::tuple<T&...>` of its arithmetic
//! fields, most significant first, and the bit range counts over the fields
//! laid end to end (bit 0 is the lowest bit of the last field).
//!
//! Shared memory comes from a `TempStorage` that the caller declares
//! `__shared__`, or from a private one with the default constructor. To call
//! again with the same `TempStorage`, the block must first pass a `__syncthreads()`.
//!
//! ```
//! using BlockRadixSortT = cubling::BlockRadixSort<unsigned, 256, 16>;
//! __shared__ typename BlockRadixSortT::TempStorage temp_storage;
//! unsigned keys[16];
//! ...
//! BlockRadixSortT(temp_storage).Sort(keys);
//! ```
//!
//! The API is CUB's: code written for `cub::BlockRadixSort` compiles with
//! `cubling::BlockRadixSort` in its place.
//!
//! @tparam KeyT                 key type: an integer of 1 to 8 bytes, `float`, `double`, `__half`, `__nv_bfloat16`, or a struct sorted through a decomposer
//! @tparam BLOCK_DIM_X          threads of the block along x
//! @tparam ITEMS_PER_THREAD     keys per thread
//! @tparam ValueT               value type (cubling::NullType for keys only)
//! @tparam RADIX_BITS           bits per digit (one rank and scatter each)
//! @tparam MEMOIZE_OUTER_SCAN   see cubling::BlockRadixRank
//! @tparam INNER_SCAN_ALGORITHM see cubling::BlockRadixRank
//! @tparam SMEM_CONFIG          see cubling::BlockRadixRank
//! @tparam BLOCK_DIM_Y          threads of the block along y
//! @tparam BLOCK_DIM_Z          threads of the block along z
template <typename KeyT,
          int BLOCK_DIM_X,
          int ITEMS_PER_THREAD,
          typename ValueT                         = NullType,
          int RADIX_BITS                          = 4,
          bool MEMOIZE_OUTER_SCAN                 = true,
          BlockScanAlgorithm INNER_SCAN_ALGORITHM = BLOCK_SCAN_WARP_SCANS,
          cudaSharedMemConfig SMEM_CONFIG         = cudaSharedMemBankSizeFourByte,
          int BLOCK_DIM_Y                         = 1,
          int BLOCK_DIM_Z                         = 1>
class BlockRadixSort
{
  static constexpr bool KEYS_ONLY = ::cuda::std::is_same_v<ValueT, NullType>;

  template <bool IS_DESCENDING>
  using BlockRadixRankT = BlockRadixRank<BLOCK_DIM_X,
                                         RADIX_BITS,
                                         IS_DESCENDING,
                                         MEMOIZE_OUTER_SCAN,
                                         INNER_SCAN_ALGORITHM,
                                         SMEM_CONFIG,
                                         BLOCK_DIM_Y,
                                         BLOCK_DIM_Z>;

  // Keys travel as the bits that rank them: unsigned bits for plain keys, the
  // struct itself (fields holding ordered bits) for decomposed ones.
  template <typename Decomposer>
  using codec_t = detail::radix_key_codec<KeyT, Decomposer>;
  using KeyBits = typename detail::radix_sort_bits<KeyT>::type;

  using BlockExchangeKeys = BlockExchange<KeyBits, BLOCK_DIM_X, ITEMS_PER_THREAD, false, BLOCK_DIM_Y, BLOCK_DIM_Z>;
  using BlockExchangeValues =
    BlockExchange<::cuda::std::conditional_t<KEYS_ONLY, char, ValueT>, BLOCK_DIM_X, ITEMS_PER_THREAD, false, BLOCK_DIM_Y, BLOCK_DIM_Z>;

  union _TempStorage
  {
    typename BlockRadixRankT<false>::TempStorage ascending_rank;
    typename BlockRadixRankT<true>::TempStorage descending_rank;
    typename BlockExchangeKeys::TempStorage exchange_keys;
    typename BlockExchangeValues::TempStorage exchange_values;
  };

  __device__ CUBLING_FORCEINLINE static _TempStorage& PrivateStorage()
  {
    __shared__ _TempStorage private_storage;
    return private_storage;
  }

  _TempStorage& temp_storage;

  template <bool IS_DESCENDING, typename DigitExtractor>
  __device__ CUBLING_FORCEINLINE void
  Rank(KeyBits (&bits)[ITEMS_PER_THREAD], int (&ranks)[ITEMS_PER_THREAD], DigitExtractor digit_extractor)
  {
    if constexpr (IS_DESCENDING)
    {
      BlockRadixRankT<true>(temp_storage.descending_rank).RankKeys(bits, ranks, digit_extractor);
    }
    else
    {
      BlockRadixRankT<false>(temp_storage.ascending_rank).RankKeys(bits, ranks, digit_extractor);
    }
  }

  // Moves keys and values to their ranks, the block arranged blocked or striped.
  template <bool KEYS_ONLY_, bool TO_STRIPED, typename ValuesT>
  __device__ CUBLING_FORCEINLINE void
  Scatter(KeyBits (&bits)[ITEMS_PER_THREAD], ValuesT (&values)[ITEMS_PER_THREAD], int (&ranks)[ITEMS_PER_THREAD])
  {
    if constexpr (TO_STRIPED)
    {
      BlockExchangeKeys(temp_storage.exchange_keys).ScatterToStriped(bits, ranks);
    }
    else
    {
      BlockExchangeKeys(temp_storage.exchange_keys).ScatterToBlocked(bits, ranks);
    }
    if constexpr (!KEYS_ONLY_)
    {
      __syncthreads();
      if constexpr (TO_STRIPED)
      {
        BlockExchangeValues(temp_storage.exchange_values).ScatterToStriped(values, ranks);
      }
      else
      {
        BlockExchangeValues(temp_storage.exchange_values).ScatterToBlocked(values, ranks);
      }
    }
    else
    {
      (void) values;
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
  __device__ CUBLING_FORCEINLINE BlockRadixSort()
      : temp_storage(PrivateStorage())
  {}

  //! Collective constructor with caller-provided shared memory.
  //! @param temp_storage The shared memory.
  __device__ CUBLING_FORCEINLINE BlockRadixSort(TempStorage& temp_storage)
      : temp_storage(temp_storage.Alias())
  {}

  //! @brief The sort behind every overload (CUB has it public too): sorts
  //! blocked to blocked.
  //! @tparam DESCENDING Sort descending.
  //! @tparam KEYS_ONLY_ Ignore `values`.
  //! @tparam Decomposer `detail::identity_decomposer_t`, or a decomposer of `KeyT`.
  //! @param keys This thread's keys, blocked; sorted on return.
  //! @param values This thread's values, blocked; permuted with the keys.
  //! @param begin_bit The lowest key bit to sort by.
  //! @param end_bit One past the highest key bit to sort by.
  //! @param is_descending `DESCENDING` as a value.
  //! @param is_keys_only `KEYS_ONLY_` as a value.
  //! @param decomposer Splits a struct key into fields.
  template <bool DESCENDING, bool KEYS_ONLY_, typename Decomposer = detail::identity_decomposer_t>
  __device__ CUBLING_FORCEINLINE void SortBlocked(KeyT (&keys)[ITEMS_PER_THREAD],
                                                  ValueT (&values)[ITEMS_PER_THREAD],
                                                  int begin_bit,
                                                  int end_bit,
                                                  ::cuda::std::bool_constant<DESCENDING> is_descending,
                                                  ::cuda::std::bool_constant<KEYS_ONLY_> is_keys_only,
                                                  Decomposer decomposer = {})
  {
    SortPasses<DESCENDING, KEYS_ONLY_, false>(keys, values, begin_bit, end_bit, decomposer);
    (void) is_descending;
    (void) is_keys_only;
  }

  //! @brief The sort behind every `...BlockedToStriped` overload (CUB has it
  //! public too): sorts blocked to striped.
  //! @tparam DESCENDING Sort descending.
  //! @tparam KEYS_ONLY_ Ignore `values`.
  //! @tparam Decomposer `detail::identity_decomposer_t`, or a decomposer of `KeyT`.
  //! @param keys This thread's keys, blocked; sorted and striped on return.
  //! @param values This thread's values, blocked; permuted with the keys.
  //! @param begin_bit The lowest key bit to sort by.
  //! @param end_bit One past the highest key bit to sort by.
  //! @param is_descending `DESCENDING` as a value.
  //! @param is_keys_only `KEYS_ONLY_` as a value.
  //! @param decomposer Splits a struct key into fields.
  template <bool DESCENDING, bool KEYS_ONLY_, typename Decomposer = detail::identity_decomposer_t>
  __device__ CUBLING_FORCEINLINE void SortBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD],
                                                           ValueT (&values)[ITEMS_PER_THREAD],
                                                           int begin_bit,
                                                           int end_bit,
                                                           ::cuda::std::bool_constant<DESCENDING> is_descending,
                                                           ::cuda::std::bool_constant<KEYS_ONLY_> is_keys_only,
                                                           Decomposer decomposer = {})
  {
    SortPasses<DESCENDING, KEYS_ONLY_, true>(keys, values, begin_bit, end_bit, decomposer);
    (void) is_descending;
    (void) is_keys_only;
  }

private:
  // One rank and scatter per digit, lowest digit first. The last scatter
  // goes to the requested arrangement; the earlier ones stay blocked, since
  // the next rank needs blocked order for stability.
  template <bool DESCENDING, bool KEYS_ONLY_, bool TO_STRIPED, typename Decomposer, typename ValuesT>
  __device__ CUBLING_FORCEINLINE void SortPasses(KeyT (&keys)[ITEMS_PER_THREAD],
                                                 ValuesT (&values)[ITEMS_PER_THREAD],
                                                 int begin_bit,
                                                 int end_bit,
                                                 Decomposer decomposer)
  {
    using codec = codec_t<Decomposer>;
    static_assert(::cuda::std::is_same_v<typename codec::bits_type, KeyBits>, "a plain key needs no decomposer");
    KeyBits bits[ITEMS_PER_THREAD];
    CUBLING_UNROLL
    for (int i = 0; i < ITEMS_PER_THREAD; ++i)
    {
      bits[i] = codec::to_bits(keys[i], decomposer);
    }

    while (true)
    {
      const int pass_bits = detail::radix_sort_pass_bits(begin_bit, end_bit, RADIX_BITS);
      int ranks[ITEMS_PER_THREAD];
      Rank<DESCENDING>(
        bits, ranks, detail::radix_digit_extractor<KeyT, Decomposer>(begin_bit, pass_bits, decomposer));
      begin_bit += RADIX_BITS;
      __syncthreads();
      if (begin_bit >= end_bit)
      {
        Scatter<KEYS_ONLY_, TO_STRIPED>(bits, values, ranks);
        break;
      }
      Scatter<KEYS_ONLY_, false>(bits, values, ranks);
      __syncthreads();
    }

    CUBLING_UNROLL
    for (int i = 0; i < ITEMS_PER_THREAD; ++i)
    {
      keys[i] = codec::from_bits(bits[i], decomposer);
    }
  }

  template <typename Decomposer>
  using if_decomposer_t = ::cuda::std::enable_if_t<!::cuda::std::is_convertible_v<Decomposer, int>>;

public:
  //! @brief Sorts keys ascending, blocked to blocked.
  //! @param keys This thread's keys; sorted on return.
  //! @param begin_bit The lowest key bit to sort by.
  //! @param end_bit One past the highest key bit to sort by.
  __device__ CUBLING_FORCEINLINE void
  Sort(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit = 0, int end_bit = sizeof(KeyT) * 8)
  {
    NullType values[ITEMS_PER_THREAD];
    SortPasses<false, true, false>(keys, values, begin_bit, end_bit, detail::identity_decomposer_t{});
  }

  //! @brief Sorts struct keys ascending by a bit range, blocked to blocked.
  //! @tparam Decomposer Maps a `KeyT&` to a `cuda::std::tuple<T&...>` of its fields, most significant first.
  //! @param keys This thread's keys; sorted on return.
  //! @param decomposer Splits a key into fields.
  //! @param begin_bit The lowest bit to sort by, over the fields end to end.
  //! @param end_bit One past the highest bit to sort by.
  template <typename Decomposer>
  __device__ CUBLING_FORCEINLINE if_decomposer_t<Decomposer>
  Sort(KeyT (&keys)[ITEMS_PER_THREAD], Decomposer decomposer, int begin_bit, int end_bit)
  {
    NullType values[ITEMS_PER_THREAD];
    SortPasses<false, true, false>(keys, values, begin_bit, end_bit, decomposer);
  }

  //! @brief Sorts struct keys ascending by all their bits, blocked to blocked.
  //! @tparam Decomposer Maps a `KeyT&` to a `cuda::std::tuple<T&...>` of its fields, most significant first.
  //! @param keys This thread's keys; sorted on return.
  //! @param decomposer Splits a key into fields.
  template <typename Decomposer>
  __device__ CUBLING_FORCEINLINE if_decomposer_t<Decomposer> Sort(KeyT (&keys)[ITEMS_PER_THREAD], Decomposer decomposer)
  {
    Sort(keys, decomposer, 0, codec_t<Decomposer>::key_bits(decomposer));
  }

  //! @brief Sorts key-value pairs ascending, blocked to blocked.
  //! @param keys This thread's keys; sorted on return.
  //! @param values This thread's values; permuted with the keys.
  //! @param begin_bit The lowest key bit to sort by.
  //! @param end_bit One past the highest key bit to sort by.
  __device__ CUBLING_FORCEINLINE void Sort(KeyT (&keys)[ITEMS_PER_THREAD],
                                           ValueT (&values)[ITEMS_PER_THREAD],
                                           int begin_bit = 0,
                                           int end_bit   = sizeof(KeyT) * 8)
  {
    SortPasses<false, KEYS_ONLY, false>(keys, values, begin_bit, end_bit, detail::identity_decomposer_t{});
  }

  //! @brief Sorts struct-key pairs ascending by a bit range, blocked to blocked.
  //! @tparam Decomposer Maps a `KeyT&` to a `cuda::std::tuple<T&...>` of its fields, most significant first.
  //! @param keys This thread's keys; sorted on return.
  //! @param values This thread's values; permuted with the keys.
  //! @param decomposer Splits a key into fields.
  //! @param begin_bit The lowest bit to sort by, over the fields end to end.
  //! @param end_bit One past the highest bit to sort by.
  template <typename Decomposer>
  __device__ CUBLING_FORCEINLINE if_decomposer_t<Decomposer> Sort(
    KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD], Decomposer decomposer, int begin_bit, int end_bit)
  {
    SortPasses<false, KEYS_ONLY, false>(keys, values, begin_bit, end_bit, decomposer);
  }

  //! @brief Sorts struct-key pairs ascending by all key bits, blocked to blocked.
  //! @tparam Decomposer Maps a `KeyT&` to a `cuda::std::tuple<T&...>` of its fields, most significant first.
  //! @param keys This thread's keys; sorted on return.
  //! @param values This thread's values; permuted with the keys.
  //! @param decomposer Splits a key into fields.
  template <typename Decomposer>
  __device__ CUBLING_FORCEINLINE if_decomposer_t<Decomposer>
  Sort(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD], Decomposer decomposer)
  {
    Sort(keys, values, decomposer, 0, codec_t<Decomposer>::key_bits(decomposer));
  }

  //! @brief Sorts keys descending, blocked to blocked.
  //! @param keys This thread's keys; sorted on return.
  //! @param begin_bit The lowest key bit to sort by.
  //! @param end_bit One past the highest key bit to sort by.
  __device__ CUBLING_FORCEINLINE void
  SortDescending(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit = 0, int end_bit = sizeof(KeyT) * 8)
  {
    NullType values[ITEMS_PER_THREAD];
    SortPasses<true, true, false>(keys, values, begin_bit, end_bit, detail::identity_decomposer_t{});
  }

  //! @brief Sorts struct keys descending by a bit range, blocked to blocked.
  //! @tparam Decomposer Maps a `KeyT&` to a `cuda::std::tuple<T&...>` of its fields, most significant first.
  //! @param keys This thread's keys; sorted on return.
  //! @param decomposer Splits a key into fields.
  //! @param begin_bit The lowest bit to sort by, over the fields end to end.
  //! @param end_bit One past the highest bit to sort by.
  template <typename Decomposer>
  __device__ CUBLING_FORCEINLINE if_decomposer_t<Decomposer>
  SortDescending(KeyT (&keys)[ITEMS_PER_THREAD], Decomposer decomposer, int begin_bit, int end_bit)
  {
    NullType values[ITEMS_PER_THREAD];
    SortPasses<true, true, false>(keys, values, begin_bit, end_bit, decomposer);
  }

  //! @brief Sorts struct keys descending by all their bits, blocked to blocked.
  //! @tparam Decomposer Maps a `KeyT&` to a `cuda::std::tuple<T&...>` of its fields, most significant first.
  //! @param keys This thread's keys; sorted on return.
  //! @param decomposer Splits a key into fields.
  template <typename Decomposer>
  __device__ CUBLING_FORCEINLINE if_decomposer_t<Decomposer>
  SortDescending(KeyT (&keys)[ITEMS_PER_THREAD], Decomposer decomposer)
  {
    SortDescending(keys, decomposer, 0, codec_t<Decomposer>::key_bits(decomposer));
  }

  //! @brief Sorts key-value pairs descending, blocked to blocked.
  //! @param keys This thread's keys; sorted on return.
  //! @param values This thread's values; permuted with the keys.
  //! @param begin_bit The lowest key bit to sort by.
  //! @param end_bit One past the highest key bit to sort by.
  __device__ CUBLING_FORCEINLINE void SortDescending(KeyT (&keys)[ITEMS_PER_THREAD],
                                                     ValueT (&values)[ITEMS_PER_THREAD],
                                                     int begin_bit = 0,
                                                     int end_bit   = sizeof(KeyT) * 8)
  {
    SortPasses<true, KEYS_ONLY, false>(keys, values, begin_bit, end_bit, detail::identity_decomposer_t{});
  }

  //! @brief Sorts struct-key pairs descending by a bit range, blocked to blocked.
  //! @tparam Decomposer Maps a `KeyT&` to a `cuda::std::tuple<T&...>` of its fields, most significant first.
  //! @param keys This thread's keys; sorted on return.
  //! @param values This thread's values; permuted with the keys.
  //! @param decomposer Splits a key into fields.
  //! @param begin_bit The lowest bit to sort by, over the fields end to end.
  //! @param end_bit One past the highest bit to sort by.
  template <typename Decomposer>
  __device__ CUBLING_FORCEINLINE if_decomposer_t<Decomposer> SortDescending(
    KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD], Decomposer decomposer, int begin_bit, int end_bit)
  {
    SortPasses<true, KEYS_ONLY, false>(keys, values, begin_bit, end_bit, decomposer);
  }

  //! @brief Sorts struct-key pairs descending by all key bits, blocked to blocked.
  //! @tparam Decomposer Maps a `KeyT&` to a `cuda::std::tuple<T&...>` of its fields, most significant first.
  //! @param keys This thread's keys; sorted on return.
  //! @param values This thread's values; permuted with the keys.
  //! @param decomposer Splits a key into fields.
  template <typename Decomposer>
  __device__ CUBLING_FORCEINLINE if_decomposer_t<Decomposer>
  SortDescending(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD], Decomposer decomposer)
  {
    SortDescending(keys, values, decomposer, 0, codec_t<Decomposer>::key_bits(decomposer));
  }

  //! @brief Sorts keys ascending, blocked to striped.
  //! @param keys This thread's keys, blocked; sorted and striped on return.
  //! @param begin_bit The lowest key bit to sort by.
  //! @param end_bit One past the highest key bit to sort by.
  __device__ CUBLING_FORCEINLINE void
  SortBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit = 0, int end_bit = sizeof(KeyT) * 8)
  {
    NullType values[ITEMS_PER_THREAD];
    SortPasses<false, true, true>(keys, values, begin_bit, end_bit, detail::identity_decomposer_t{});
  }

  //! @brief Sorts struct keys ascending by a bit range, blocked to striped.
  //! @tparam Decomposer Maps a `KeyT&` to a `cuda::std::tuple<T&...>` of its fields, most significant first.
  //! @param keys This thread's keys, blocked; sorted and striped on return.
  //! @param decomposer Splits a key into fields.
  //! @param begin_bit The lowest bit to sort by, over the fields end to end.
  //! @param end_bit One past the highest bit to sort by.
  template <typename Decomposer>
  __device__ CUBLING_FORCEINLINE if_decomposer_t<Decomposer>
  SortBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], Decomposer decomposer, int begin_bit, int end_bit)
  {
    NullType values[ITEMS_PER_THREAD];
    SortPasses<false, true, true>(keys, values, begin_bit, end_bit, decomposer);
  }

  //! @brief Sorts struct keys ascending by all their bits, blocked to striped.
  //! @tparam Decomposer Maps a `KeyT&` to a `cuda::std::tuple<T&...>` of its fields, most significant first.
  //! @param keys This thread's keys, blocked; sorted and striped on return.
  //! @param decomposer Splits a key into fields.
  template <typename Decomposer>
  __device__ CUBLING_FORCEINLINE if_decomposer_t<Decomposer>
  SortBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], Decomposer decomposer)
  {
    SortBlockedToStriped(keys, decomposer, 0, codec_t<Decomposer>::key_bits(decomposer));
  }

  //! @brief Sorts key-value pairs ascending, blocked to striped.
  //! @param keys This thread's keys, blocked; sorted and striped on return.
  //! @param values This thread's values; permuted with the keys.
  //! @param begin_bit The lowest key bit to sort by.
  //! @param end_bit One past the highest key bit to sort by.
  __device__ CUBLING_FORCEINLINE void SortBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD],
                                                           ValueT (&values)[ITEMS_PER_THREAD],
                                                           int begin_bit = 0,
                                                           int end_bit   = sizeof(KeyT) * 8)
  {
    SortPasses<false, KEYS_ONLY, true>(keys, values, begin_bit, end_bit, detail::identity_decomposer_t{});
  }

  //! @brief Sorts struct-key pairs ascending by a bit range, blocked to striped.
  //! @tparam Decomposer Maps a `KeyT&` to a `cuda::std::tuple<T&...>` of its fields, most significant first.
  //! @param keys This thread's keys, blocked; sorted and striped on return.
  //! @param values This thread's values; permuted with the keys.
  //! @param decomposer Splits a key into fields.
  //! @param begin_bit The lowest bit to sort by, over the fields end to end.
  //! @param end_bit One past the highest bit to sort by.
  template <typename Decomposer>
  __device__ CUBLING_FORCEINLINE if_decomposer_t<Decomposer> SortBlockedToStriped(
    KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD], Decomposer decomposer, int begin_bit, int end_bit)
  {
    SortPasses<false, KEYS_ONLY, true>(keys, values, begin_bit, end_bit, decomposer);
  }

  //! @brief Sorts struct-key pairs ascending by all key bits, blocked to striped.
  //! @tparam Decomposer Maps a `KeyT&` to a `cuda::std::tuple<T&...>` of its fields, most significant first.
  //! @param keys This thread's keys, blocked; sorted and striped on return.
  //! @param values This thread's values; permuted with the keys.
  //! @param decomposer Splits a key into fields.
  template <typename Decomposer>
  __device__ CUBLING_FORCEINLINE if_decomposer_t<Decomposer>
  SortBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD], Decomposer decomposer)
  {
    SortBlockedToStriped(keys, values, decomposer, 0, codec_t<Decomposer>::key_bits(decomposer));
  }

  //! @brief Sorts keys descending, blocked to striped.
  //! @param keys This thread's keys, blocked; sorted and striped on return.
  //! @param begin_bit The lowest key bit to sort by.
  //! @param end_bit One past the highest key bit to sort by.
  __device__ CUBLING_FORCEINLINE void
  SortDescendingBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit = 0, int end_bit = sizeof(KeyT) * 8)
  {
    NullType values[ITEMS_PER_THREAD];
    SortPasses<true, true, true>(keys, values, begin_bit, end_bit, detail::identity_decomposer_t{});
  }

  //! @brief Sorts struct keys descending by a bit range, blocked to striped.
  //! @tparam Decomposer Maps a `KeyT&` to a `cuda::std::tuple<T&...>` of its fields, most significant first.
  //! @param keys This thread's keys, blocked; sorted and striped on return.
  //! @param decomposer Splits a key into fields.
  //! @param begin_bit The lowest bit to sort by, over the fields end to end.
  //! @param end_bit One past the highest bit to sort by.
  template <typename Decomposer>
  __device__ CUBLING_FORCEINLINE if_decomposer_t<Decomposer>
  SortDescendingBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], Decomposer decomposer, int begin_bit, int end_bit)
  {
    NullType values[ITEMS_PER_THREAD];
    SortPasses<true, true, true>(keys, values, begin_bit, end_bit, decomposer);
  }

  //! @brief Sorts struct keys descending by all their bits, blocked to striped.
  //! @tparam Decomposer Maps a `KeyT&` to a `cuda::std::tuple<T&...>` of its fields, most significant first.
  //! @param keys This thread's keys, blocked; sorted and striped on return.
  //! @param decomposer Splits a key into fields.
  template <typename Decomposer>
  __device__ CUBLING_FORCEINLINE if_decomposer_t<Decomposer>
  SortDescendingBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], Decomposer decomposer)
  {
    SortDescendingBlockedToStriped(keys, decomposer, 0, codec_t<Decomposer>::key_bits(decomposer));
  }

  //! @brief Sorts key-value pairs descending, blocked to striped.
  //! @param keys This thread's keys, blocked; sorted and striped on return.
  //! @param values This thread's values; permuted with the keys.
  //! @param begin_bit The lowest key bit to sort by.
  //! @param end_bit One past the highest key bit to sort by.
  __device__ CUBLING_FORCEINLINE void SortDescendingBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD],
                                                                     ValueT (&values)[ITEMS_PER_THREAD],
                                                                     int begin_bit = 0,
                                                                     int end_bit   = sizeof(KeyT) * 8)
  {
    SortPasses<true, KEYS_ONLY, true>(keys, values, begin_bit, end_bit, detail::identity_decomposer_t{});
  }

  //! @brief Sorts struct-key pairs descending by a bit range, blocked to striped.
  //! @tparam Decomposer Maps a `KeyT&` to a `cuda::std::tuple<T&...>` of its fields, most significant first.
  //! @param keys This thread's keys, blocked; sorted and striped on return.
  //! @param values This thread's values; permuted with the keys.
  //! @param decomposer Splits a key into fields.
  //! @param begin_bit The lowest bit to sort by, over the fields end to end.
  //! @param end_bit One past the highest bit to sort by.
  template <typename Decomposer>
  __device__ CUBLING_FORCEINLINE if_decomposer_t<Decomposer> SortDescendingBlockedToStriped(
    KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD], Decomposer decomposer, int begin_bit, int end_bit)
  {
    SortPasses<true, KEYS_ONLY, true>(keys, values, begin_bit, end_bit, decomposer);
  }

  //! @brief Sorts struct-key pairs descending by all key bits, blocked to striped.
  //! @tparam Decomposer Maps a `KeyT&` to a `cuda::std::tuple<T&...>` of its fields, most significant first.
  //! @param keys This thread's keys, blocked; sorted and striped on return.
  //! @param values This thread's values; permuted with the keys.
  //! @param decomposer Splits a key into fields.
  template <typename Decomposer>
  __device__ CUBLING_FORCEINLINE if_decomposer_t<Decomposer>
  SortDescendingBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD], Decomposer decomposer)
  {
    SortDescendingBlockedToStriped(keys, values, decomposer, 0, codec_t<Decomposer>::key_bits(decomposer));
  }
};

} // namespace cubling
