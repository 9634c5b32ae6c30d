//! @file
//! DeviceRadixSort: stable radix sorts of whole arrays in GPU memory, with CUB's API.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <cuda_runtime_api.h>

#include <cubling/block/radix_rank_sort_operations.cuh>
#include <cubling/device/dispatch/dispatch_radix_sort.cuh>
#include <cubling/util/double_buffer.cuh>
#include <cubling/util/uninitialized.cuh>

namespace cubling
{

//! @brief Device-wide radix sorts: keys, or keys with values, ascending or
//! descending, on all of a key's bits or a range of them.
//!
//! The API is CUB's (3.0). Every function:
//! - sorts **stably**: keys that rank equal keep their input order, and so
//!   do their values;
//! - orders keys as CUB does: integers by value; floating-point keys
//!   (`float`, `double`, `__half`, `__nv_bfloat16`) with the negative NaNs
//!   first, then -inf ... +inf, then the positive NaNs; -0.0 and +0.0 rank
//!   equal (and keep their input order and their bits);
//! - sorts on bits `[begin_bit, end_bit)` of the key's ordered bits; other
//!   bits do not take part. `begin_bit == end_bit` copies the input;
//! - uses the **two-phase temporary-storage protocol**: called with
//!   `d_temp_storage == nullptr`, it only writes the bytes it needs to
//!   `temp_storage_bytes` (never more than CUB asks for the same call), from
//!   the count, the bit range and the types alone;
//! - takes any integer type as its count: more than 2^31 keys work. For
//!   4-byte keys with values, a 64-bit count of at most 2^31 - 1 runs the
//!   kernels an `int` count runs (32-bit offsets, the faster ones there);
//! - returns `cudaErrorInvalidValue`, before any launch and without writing
//!   anything, for a negative count, a bit range outside the key
//!   (`begin_bit < 0`, `end_bit` past the key's bits, `begin_bit > end_bit`),
//!   too little temporary storage, and a null data pointer when there are
//!   keys;
//! - succeeds on an empty input, and writes nothing;
//! - launches on `stream` and does not wait: one kernel for an input of one
//!   tile; otherwise a reset, a histogram of every pass, and one Onesweep
//!   kernel per 8-bit digit, each a single read and write of the keys.
//!
//! The plain-pointer overloads leave the input as it is and write the
//! output. The DoubleBuffer overloads may use both buffers and say in the
//! selector where the result is; they need less temporary storage.
//!
//! Custom key types (CUB 3.0's decomposer overloads): a decomposer maps a
//! `KeyT&` to a `cuda::std::tuple` of references to the key's arithmetic
//! fields, most significant first; bit 0 is the lowest bit of the last one.
struct DeviceRadixSort
{
  //! @brief Sort key-value pairs in ascending order.
  //!
  //! @tparam KeyT         the key type: an integer, floating-point, `__half` or `__nv_bfloat16` type
  //! @tparam ValueT       the value type
  //! @tparam NumItemsT    an integer type
  //! @param d_temp_storage      temporary storage, or `nullptr` for the size query
  //! @param temp_storage_bytes  its size in bytes; written by the size query
  //! @param d_keys_in           the keys (left unchanged)
  //! @param d_keys_out          the sorted keys
  //! @param d_values_in         the values (left unchanged)
  //! @param d_values_out        the values, in their keys' order
  //! @param num_items           how many keys
  //! @param begin_bit           the first bit sorted on (0: the least significant)
  //! @param end_bit             one past the last bit sorted on
  //! @param stream              the stream to run on
  template <typename KeyT, typename ValueT, typename NumItemsT>
  static cudaError_t SortPairs(void* d_temp_storage, size_t& temp_storage_bytes, const KeyT* d_keys_in,
                               KeyT* d_keys_out, const ValueT* d_values_in, ValueT* d_values_out, NumItemsT num_items,
                               int begin_bit = 0, int end_bit = sizeof(KeyT) * 8, cudaStream_t stream = 0)
  {
    DoubleBuffer<KeyT> keys(const_cast<KeyT*>(d_keys_in), d_keys_out);
    DoubleBuffer<ValueT> values(const_cast<ValueT*>(d_values_in), d_values_out);
    return dispatch<false>(d_temp_storage, temp_storage_bytes, keys, values, num_items, begin_bit, end_bit, false,
                           stream, detail::identity_decomposer_t{});
  }

  //! @brief Sort key-value pairs in ascending order, by a custom key's fields.
  //!
  //! @tparam KeyT         the key type: one with a decomposer
  //! @tparam ValueT       the value type
  //! @tparam NumItemsT    an integer type
  //! @tparam DecomposerT  maps a `KeyT&` to a `cuda::std::tuple` of references to its fields, most significant first
  //! @param d_temp_storage      temporary storage, or `nullptr` for the size query
  //! @param temp_storage_bytes  its size in bytes; written by the size query
  //! @param d_keys_in           the keys (left unchanged)
  //! @param d_keys_out          the sorted keys
  //! @param d_values_in         the values (left unchanged)
  //! @param d_values_out        the values, in their keys' order
  //! @param num_items           how many keys
  //! @param decomposer          splits a key into its fields
  //! @param begin_bit           the first bit sorted on (0: the least significant)
  //! @param end_bit             one past the last bit sorted on
  //! @param stream              the stream to run on
  template <typename KeyT, typename ValueT, typename NumItemsT, typename DecomposerT>
  static std::enable_if_t<detail::is_radix_decomposer_v<KeyT, DecomposerT>, cudaError_t>
  SortPairs(void* d_temp_storage, size_t& temp_storage_bytes, const KeyT* d_keys_in, KeyT* d_keys_out,
            const ValueT* d_values_in, ValueT* d_values_out, NumItemsT num_items, DecomposerT decomposer, int begin_bit,
            int end_bit, cudaStream_t stream = 0)
  {
    DoubleBuffer<KeyT> keys(const_cast<KeyT*>(d_keys_in), d_keys_out);
    DoubleBuffer<ValueT> values(const_cast<ValueT*>(d_values_in), d_values_out);
    return dispatch<false>(d_temp_storage, temp_storage_bytes, keys, values, num_items, begin_bit, end_bit, false,
                           stream, decomposer);
  }

  //! @brief Sort key-value pairs in ascending order, by a custom key's fields (all their bits).
  //!
  //! @tparam KeyT         the key type: one with a decomposer
  //! @tparam ValueT       the value type
  //! @tparam NumItemsT    an integer type
  //! @tparam DecomposerT  maps a `KeyT&` to a `cuda::std::tuple` of references to its fields, most significant first
  //! @param d_temp_storage      temporary storage, or `nullptr` for the size query
  //! @param temp_storage_bytes  its size in bytes; written by the size query
  //! @param d_keys_in           the keys (left unchanged)
  //! @param d_keys_out          the sorted keys
  //! @param d_values_in         the values (left unchanged)
  //! @param d_values_out        the values, in their keys' order
  //! @param num_items           how many keys
  //! @param decomposer          splits a key into its fields
  //! @param stream              the stream to run on
  template <typename KeyT, typename ValueT, typename NumItemsT, typename DecomposerT>
  static std::enable_if_t<detail::is_radix_decomposer_v<KeyT, DecomposerT>, cudaError_t>
  SortPairs(void* d_temp_storage, size_t& temp_storage_bytes, const KeyT* d_keys_in, KeyT* d_keys_out,
            const ValueT* d_values_in, ValueT* d_values_out, NumItemsT num_items, DecomposerT decomposer,
            cudaStream_t stream = 0)
  {
    DoubleBuffer<KeyT> keys(const_cast<KeyT*>(d_keys_in), d_keys_out);
    DoubleBuffer<ValueT> values(const_cast<ValueT*>(d_values_in), d_values_out);
    return dispatch<false>(d_temp_storage, temp_storage_bytes, keys, values, num_items, 0,
                           detail::radix_key_codec<KeyT, DecomposerT>::key_bits(decomposer), false, stream, decomposer);
  }

  //! @brief Sort key-value pairs in ascending order, in a DoubleBuffer.
  //!
  //! @tparam KeyT         the key type: an integer, floating-point, `__half` or `__nv_bfloat16` type
  //! @tparam ValueT       the value type
  //! @tparam NumItemsT    an integer type
  //! @param d_temp_storage      temporary storage, or `nullptr` for the size query
  //! @param temp_storage_bytes  its size in bytes; written by the size query
  //! @param d_keys              the keys in `Current()`; afterwards `Current()` holds them sorted, and both buffers may
  //! have been written
  //! @param d_values            the values in `Current()`; afterwards `Current()` holds them in their keys' order
  //! @param num_items           how many keys
  //! @param begin_bit           the first bit sorted on (0: the least significant)
  //! @param end_bit             one past the last bit sorted on
  //! @param stream              the stream to run on
  template <typename KeyT, typename ValueT, typename NumItemsT>
  static cudaError_t SortPairs(void* d_temp_storage, size_t& temp_storage_bytes, DoubleBuffer<KeyT>& d_keys,
                               DoubleBuffer<ValueT>& d_values, NumItemsT num_items, int begin_bit = 0,
                               int end_bit = sizeof(KeyT) * 8, cudaStream_t stream = 0)
  {
    return dispatch<false>(d_temp_storage, temp_storage_bytes, d_keys, d_values, num_items, begin_bit, end_bit, true,
                           stream, detail::identity_decomposer_t{});
  }

  //! @brief Sort key-value pairs in ascending order, in a DoubleBuffer, by a custom key's fields.
  //!
  //! @tparam KeyT         the key type: one with a decomposer
  //! @tparam ValueT       the value type
  //! @tparam NumItemsT    an integer type
  //! @tparam DecomposerT  maps a `KeyT&` to a `cuda::std::tuple` of references to its fields, most significant first
  //! @param d_temp_storage      temporary storage, or `nullptr` for the size query
  //! @param temp_storage_bytes  its size in bytes; written by the size query
  //! @param d_keys              the keys in `Current()`; afterwards `Current()` holds them sorted, and both buffers may
  //! have been written
  //! @param d_values            the values in `Current()`; afterwards `Current()` holds them in their keys' order
  //! @param num_items           how many keys
  //! @param decomposer          splits a key into its fields
  //! @param begin_bit           the first bit sorted on (0: the least significant)
  //! @param end_bit             one past the last bit sorted on
  //! @param stream              the stream to run on
  template <typename KeyT, typename ValueT, typename NumItemsT, typename DecomposerT>
  static std::enable_if_t<detail::is_radix_decomposer_v<KeyT, DecomposerT>, cudaError_t>
  SortPairs(void* d_temp_storage, size_t& temp_storage_bytes, DoubleBuffer<KeyT>& d_keys,
            DoubleBuffer<ValueT>& d_values, NumItemsT num_items, DecomposerT decomposer, int begin_bit, int end_bit,
            cudaStream_t stream = 0)
  {
    return dispatch<false>(d_temp_storage, temp_storage_bytes, d_keys, d_values, num_items, begin_bit, end_bit, true,
                           stream, decomposer);
  }

  //! @brief Sort key-value pairs in ascending order, in a DoubleBuffer, by a custom key's fields (all their bits).
  //!
  //! @tparam KeyT         the key type: one with a decomposer
  //! @tparam ValueT       the value type
  //! @tparam NumItemsT    an integer type
  //! @tparam DecomposerT  maps a `KeyT&` to a `cuda::std::tuple` of references to its fields, most significant first
  //! @param d_temp_storage      temporary storage, or `nullptr` for the size query
  //! @param temp_storage_bytes  its size in bytes; written by the size query
  //! @param d_keys              the keys in `Current()`; afterwards `Current()` holds them sorted, and both buffers may
  //! have been written
  //! @param d_values            the values in `Current()`; afterwards `Current()` holds them in their keys' order
  //! @param num_items           how many keys
  //! @param decomposer          splits a key into its fields
  //! @param stream              the stream to run on
  template <typename KeyT, typename ValueT, typename NumItemsT, typename DecomposerT>
  static std::enable_if_t<detail::is_radix_decomposer_v<KeyT, DecomposerT>, cudaError_t>
  SortPairs(void* d_temp_storage, size_t& temp_storage_bytes, DoubleBuffer<KeyT>& d_keys,
            DoubleBuffer<ValueT>& d_values, NumItemsT num_items, DecomposerT decomposer, cudaStream_t stream = 0)
  {
    return dispatch<false>(d_temp_storage, temp_storage_bytes, d_keys, d_values, num_items, 0,
                           detail::radix_key_codec<KeyT, DecomposerT>::key_bits(decomposer), true, stream, decomposer);
  }

  //! @brief Sort key-value pairs in descending order.
  //!
  //! @tparam KeyT         the key type: an integer, floating-point, `__half` or `__nv_bfloat16` type
  //! @tparam ValueT       the value type
  //! @tparam NumItemsT    an integer type
  //! @param d_temp_storage      temporary storage, or `nullptr` for the size query
  //! @param temp_storage_bytes  its size in bytes; written by the size query
  //! @param d_keys_in           the keys (left unchanged)
  //! @param d_keys_out          the sorted keys
  //! @param d_values_in         the values (left unchanged)
  //! @param d_values_out        the values, in their keys' order
  //! @param num_items           how many keys
  //! @param begin_bit           the first bit sorted on (0: the least significant)
  //! @param end_bit             one past the last bit sorted on
  //! @param stream              the stream to run on
  template <typename KeyT, typename ValueT, typename NumItemsT>
  static cudaError_t SortPairsDescending(void* d_temp_storage, size_t& temp_storage_bytes, const KeyT* d_keys_in,
                                         KeyT* d_keys_out, const ValueT* d_values_in, ValueT* d_values_out,
                                         NumItemsT num_items, int begin_bit = 0, int end_bit = sizeof(KeyT) * 8,
                                         cudaStream_t stream = 0)
  {
    DoubleBuffer<KeyT> keys(const_cast<KeyT*>(d_keys_in), d_keys_out);
    DoubleBuffer<ValueT> values(const_cast<ValueT*>(d_values_in), d_values_out);
    return dispatch<true>(d_temp_storage, temp_storage_bytes, keys, values, num_items, begin_bit, end_bit, false,
                          stream, detail::identity_decomposer_t{});
  }

  //! @brief Sort key-value pairs in descending order, by a custom key's fields.
  //!
  //! @tparam KeyT         the key type: one with a decomposer
  //! @tparam ValueT       the value type
  //! @tparam NumItemsT    an integer type
  //! @tparam DecomposerT  maps a `KeyT&` to a `cuda::std::tuple` of references to its fields, most significant first
  //! @param d_temp_storage      temporary storage, or `nullptr` for the size query
  //! @param temp_storage_bytes  its size in bytes; written by the size query
  //! @param d_keys_in           the keys (left unchanged)
  //! @param d_keys_out          the sorted keys
  //! @param d_values_in         the values (left unchanged)
  //! @param d_values_out        the values, in their keys' order
  //! @param num_items           how many keys
  //! @param decomposer          splits a key into its fields
  //! @param begin_bit           the first bit sorted on (0: the least significant)
  //! @param end_bit             one past the last bit sorted on
  //! @param stream              the stream to run on
  template <typename KeyT, typename ValueT, typename NumItemsT, typename DecomposerT>
  static std::enable_if_t<detail::is_radix_decomposer_v<KeyT, DecomposerT>, cudaError_t>
  SortPairsDescending(void* d_temp_storage, size_t& temp_storage_bytes, const KeyT* d_keys_in, KeyT* d_keys_out,
                      const ValueT* d_values_in, ValueT* d_values_out, NumItemsT num_items, DecomposerT decomposer,
                      int begin_bit, int end_bit, cudaStream_t stream = 0)
  {
    DoubleBuffer<KeyT> keys(const_cast<KeyT*>(d_keys_in), d_keys_out);
    DoubleBuffer<ValueT> values(const_cast<ValueT*>(d_values_in), d_values_out);
    return dispatch<true>(d_temp_storage, temp_storage_bytes, keys, values, num_items, begin_bit, end_bit, false,
                          stream, decomposer);
  }

  //! @brief Sort key-value pairs in descending order, by a custom key's fields (all their bits).
  //!
  //! @tparam KeyT         the key type: one with a decomposer
  //! @tparam ValueT       the value type
  //! @tparam NumItemsT    an integer type
  //! @tparam DecomposerT  maps a `KeyT&` to a `cuda::std::tuple` of references to its fields, most significant first
  //! @param d_temp_storage      temporary storage, or `nullptr` for the size query
  //! @param temp_storage_bytes  its size in bytes; written by the size query
  //! @param d_keys_in           the keys (left unchanged)
  //! @param d_keys_out          the sorted keys
  //! @param d_values_in         the values (left unchanged)
  //! @param d_values_out        the values, in their keys' order
  //! @param num_items           how many keys
  //! @param decomposer          splits a key into its fields
  //! @param stream              the stream to run on
  template <typename KeyT, typename ValueT, typename NumItemsT, typename DecomposerT>
  static std::enable_if_t<detail::is_radix_decomposer_v<KeyT, DecomposerT>, cudaError_t>
  SortPairsDescending(void* d_temp_storage, size_t& temp_storage_bytes, const KeyT* d_keys_in, KeyT* d_keys_out,
                      const ValueT* d_values_in, ValueT* d_values_out, NumItemsT num_items, DecomposerT decomposer,
                      cudaStream_t stream = 0)
  {
    DoubleBuffer<KeyT> keys(const_cast<KeyT*>(d_keys_in), d_keys_out);
    DoubleBuffer<ValueT> values(const_cast<ValueT*>(d_values_in), d_values_out);
    return dispatch<true>(d_temp_storage, temp_storage_bytes, keys, values, num_items, 0,
                          detail::radix_key_codec<KeyT, DecomposerT>::key_bits(decomposer), false, stream, decomposer);
  }

  //! @brief Sort key-value pairs in descending order, in a DoubleBuffer.
  //!
  //! @tparam KeyT         the key type: an integer, floating-point, `__half` or `__nv_bfloat16` type
  //! @tparam ValueT       the value type
  //! @tparam NumItemsT    an integer type
  //! @param d_temp_storage      temporary storage, or `nullptr` for the size query
  //! @param temp_storage_bytes  its size in bytes; written by the size query
  //! @param d_keys              the keys in `Current()`; afterwards `Current()` holds them sorted, and both buffers may
  //! have been written
  //! @param d_values            the values in `Current()`; afterwards `Current()` holds them in their keys' order
  //! @param num_items           how many keys
  //! @param begin_bit           the first bit sorted on (0: the least significant)
  //! @param end_bit             one past the last bit sorted on
  //! @param stream              the stream to run on
  template <typename KeyT, typename ValueT, typename NumItemsT>
  static cudaError_t SortPairsDescending(void* d_temp_storage, size_t& temp_storage_bytes, DoubleBuffer<KeyT>& d_keys,
                                         DoubleBuffer<ValueT>& d_values, NumItemsT num_items, int begin_bit = 0,
                                         int end_bit = sizeof(KeyT) * 8, cudaStream_t stream = 0)
  {
    return dispatch<true>(d_temp_storage, temp_storage_bytes, d_keys, d_values, num_items, begin_bit, end_bit, true,
                          stream, detail::identity_decomposer_t{});
  }

  //! @brief Sort key-value pairs in descending order, in a DoubleBuffer, by a custom key's fields.
  //!
  //! @tparam KeyT         the key type: one with a decomposer
  //! @tparam ValueT       the value type
  //! @tparam NumItemsT    an integer type
  //! @tparam DecomposerT  maps a `KeyT&` to a `cuda::std::tuple` of references to its fields, most significant first
  //! @param d_temp_storage      temporary storage, or `nullptr` for the size query
  //! @param temp_storage_bytes  its size in bytes; written by the size query
  //! @param d_keys              the keys in `Current()`; afterwards `Current()` holds them sorted, and both buffers may
  //! have been written
  //! @param d_values            the values in `Current()`; afterwards `Current()` holds them in their keys' order
  //! @param num_items           how many keys
  //! @param decomposer          splits a key into its fields
  //! @param begin_bit           the first bit sorted on (0: the least significant)
  //! @param end_bit             one past the last bit sorted on
  //! @param stream              the stream to run on
  template <typename KeyT, typename ValueT, typename NumItemsT, typename DecomposerT>
  static std::enable_if_t<detail::is_radix_decomposer_v<KeyT, DecomposerT>, cudaError_t>
  SortPairsDescending(void* d_temp_storage, size_t& temp_storage_bytes, DoubleBuffer<KeyT>& d_keys,
                      DoubleBuffer<ValueT>& d_values, NumItemsT num_items, DecomposerT decomposer, int begin_bit,
                      int end_bit, cudaStream_t stream = 0)
  {
    return dispatch<true>(d_temp_storage, temp_storage_bytes, d_keys, d_values, num_items, begin_bit, end_bit, true,
                          stream, decomposer);
  }

  //! @brief Sort key-value pairs in descending order, in a DoubleBuffer, by a custom key's fields (all their bits).
  //!
  //! @tparam KeyT         the key type: one with a decomposer
  //! @tparam ValueT       the value type
  //! @tparam NumItemsT    an integer type
  //! @tparam DecomposerT  maps a `KeyT&` to a `cuda::std::tuple` of references to its fields, most significant first
  //! @param d_temp_storage      temporary storage, or `nullptr` for the size query
  //! @param temp_storage_bytes  its size in bytes; written by the size query
  //! @param d_keys              the keys in `Current()`; afterwards `Current()` holds them sorted, and both buffers may
  //! have been written
  //! @param d_values            the values in `Current()`; afterwards `Current()` holds them in their keys' order
  //! @param num_items           how many keys
  //! @param decomposer          splits a key into its fields
  //! @param stream              the stream to run on
  template <typename KeyT, typename ValueT, typename NumItemsT, typename DecomposerT>
  static std::enable_if_t<detail::is_radix_decomposer_v<KeyT, DecomposerT>, cudaError_t>
  SortPairsDescending(void* d_temp_storage, size_t& temp_storage_bytes, DoubleBuffer<KeyT>& d_keys,
                      DoubleBuffer<ValueT>& d_values, NumItemsT num_items, DecomposerT decomposer,
                      cudaStream_t stream = 0)
  {
    return dispatch<true>(d_temp_storage, temp_storage_bytes, d_keys, d_values, num_items, 0,
                          detail::radix_key_codec<KeyT, DecomposerT>::key_bits(decomposer), true, stream, decomposer);
  }

  //! @brief Sort keys in ascending order.
  //!
  //! @tparam KeyT         the key type: an integer, floating-point, `__half` or `__nv_bfloat16` type
  //! @tparam NumItemsT    an integer type
  //! @param d_temp_storage      temporary storage, or `nullptr` for the size query
  //! @param temp_storage_bytes  its size in bytes; written by the size query
  //! @param d_keys_in           the keys (left unchanged)
  //! @param d_keys_out          the sorted keys
  //! @param num_items           how many keys
  //! @param begin_bit           the first bit sorted on (0: the least significant)
  //! @param end_bit             one past the last bit sorted on
  //! @param stream              the stream to run on
  template <typename KeyT, typename NumItemsT>
  static cudaError_t SortKeys(void* d_temp_storage, size_t& temp_storage_bytes, const KeyT* d_keys_in, KeyT* d_keys_out,
                              NumItemsT num_items, int begin_bit = 0, int end_bit = sizeof(KeyT) * 8,
                              cudaStream_t stream = 0)
  {
    DoubleBuffer<KeyT> keys(const_cast<KeyT*>(d_keys_in), d_keys_out);
    DoubleBuffer<NullType> values;
    return dispatch<false>(d_temp_storage, temp_storage_bytes, keys, values, num_items, begin_bit, end_bit, false,
                           stream, detail::identity_decomposer_t{});
  }

  //! @brief Sort keys in ascending order, by a custom key's fields.
  //!
  //! @tparam KeyT         the key type: one with a decomposer
  //! @tparam NumItemsT    an integer type
  //! @tparam DecomposerT  maps a `KeyT&` to a `cuda::std::tuple` of references to its fields, most significant first
  //! @param d_temp_storage      temporary storage, or `nullptr` for the size query
  //! @param temp_storage_bytes  its size in bytes; written by the size query
  //! @param d_keys_in           the keys (left unchanged)
  //! @param d_keys_out          the sorted keys
  //! @param num_items           how many keys
  //! @param decomposer          splits a key into its fields
  //! @param begin_bit           the first bit sorted on (0: the least significant)
  //! @param end_bit             one past the last bit sorted on
  //! @param stream              the stream to run on
  template <typename KeyT, typename NumItemsT, typename DecomposerT>
  static std::enable_if_t<detail::is_radix_decomposer_v<KeyT, DecomposerT>, cudaError_t>
  SortKeys(void* d_temp_storage, size_t& temp_storage_bytes, const KeyT* d_keys_in, KeyT* d_keys_out,
           NumItemsT num_items, DecomposerT decomposer, int begin_bit, int end_bit, cudaStream_t stream = 0)
  {
    DoubleBuffer<KeyT> keys(const_cast<KeyT*>(d_keys_in), d_keys_out);
    DoubleBuffer<NullType> values;
    return dispatch<false>(d_temp_storage, temp_storage_bytes, keys, values, num_items, begin_bit, end_bit, false,
                           stream, decomposer);
  }

  //! @brief Sort keys in ascending order, by a custom key's fields (all their bits).
  //!
  //! @tparam KeyT         the key type: one with a decomposer
  //! @tparam NumItemsT    an integer type
  //! @tparam DecomposerT  maps a `KeyT&` to a `cuda::std::tuple` of references to its fields, most significant first
  //! @param d_temp_storage      temporary storage, or `nullptr` for the size query
  //! @param temp_storage_bytes  its size in bytes; written by the size query
  //! @param d_keys_in           the keys (left unchanged)
  //! @param d_keys_out          the sorted keys
  //! @param num_items           how many keys
  //! @param decomposer          splits a key into its fields
  //! @param stream              the stream to run on
  template <typename KeyT, typename NumItemsT, typename DecomposerT>
  static std::enable_if_t<detail::is_radix_decomposer_v<KeyT, DecomposerT>, cudaError_t>
  SortKeys(void* d_temp_storage, size_t& temp_storage_bytes, const KeyT* d_keys_in, KeyT* d_keys_out,
           NumItemsT num_items, DecomposerT decomposer, cudaStream_t stream = 0)
  {
    DoubleBuffer<KeyT> keys(const_cast<KeyT*>(d_keys_in), d_keys_out);
    DoubleBuffer<NullType> values;
    return dispatch<false>(d_temp_storage, temp_storage_bytes, keys, values, num_items, 0,
                           detail::radix_key_codec<KeyT, DecomposerT>::key_bits(decomposer), false, stream, decomposer);
  }

  //! @brief Sort keys in ascending order, in a DoubleBuffer.
  //!
  //! @tparam KeyT         the key type: an integer, floating-point, `__half` or `__nv_bfloat16` type
  //! @tparam NumItemsT    an integer type
  //! @param d_temp_storage      temporary storage, or `nullptr` for the size query
  //! @param temp_storage_bytes  its size in bytes; written by the size query
  //! @param d_keys              the keys in `Current()`; afterwards `Current()` holds them sorted, and both buffers may
  //! have been written
  //! @param num_items           how many keys
  //! @param begin_bit           the first bit sorted on (0: the least significant)
  //! @param end_bit             one past the last bit sorted on
  //! @param stream              the stream to run on
  template <typename KeyT, typename NumItemsT>
  static cudaError_t SortKeys(void* d_temp_storage, size_t& temp_storage_bytes, DoubleBuffer<KeyT>& d_keys,
                              NumItemsT num_items, int begin_bit = 0, int end_bit = sizeof(KeyT) * 8,
                              cudaStream_t stream = 0)
  {
    DoubleBuffer<NullType> values;
    return dispatch<false>(d_temp_storage, temp_storage_bytes, d_keys, values, num_items, begin_bit, end_bit, true,
                           stream, detail::identity_decomposer_t{});
  }

  //! @brief Sort keys in ascending order, in a DoubleBuffer, by a custom key's fields.
  //!
  //! @tparam KeyT         the key type: one with a decomposer
  //! @tparam NumItemsT    an integer type
  //! @tparam DecomposerT  maps a `KeyT&` to a `cuda::std::tuple` of references to its fields, most significant first
  //! @param d_temp_storage      temporary storage, or `nullptr` for the size query
  //! @param temp_storage_bytes  its size in bytes; written by the size query
  //! @param d_keys              the keys in `Current()`; afterwards `Current()` holds them sorted, and both buffers may
  //! have been written
  //! @param num_items           how many keys
  //! @param decomposer          splits a key into its fields
  //! @param begin_bit           the first bit sorted on (0: the least significant)
  //! @param end_bit             one past the last bit sorted on
  //! @param stream              the stream to run on
  template <typename KeyT, typename NumItemsT, typename DecomposerT>
  static std::enable_if_t<detail::is_radix_decomposer_v<KeyT, DecomposerT>, cudaError_t>
  SortKeys(void* d_temp_storage, size_t& temp_storage_bytes, DoubleBuffer<KeyT>& d_keys, NumItemsT num_items,
           DecomposerT decomposer, int begin_bit, int end_bit, cudaStream_t stream = 0)
  {
    DoubleBuffer<NullType> values;
    return dispatch<false>(d_temp_storage, temp_storage_bytes, d_keys, values, num_items, begin_bit, end_bit, true,
                           stream, decomposer);
  }

  //! @brief Sort keys in ascending order, in a DoubleBuffer, by a custom key's fields (all their bits).
  //!
  //! @tparam KeyT         the key type: one with a decomposer
  //! @tparam NumItemsT    an integer type
  //! @tparam DecomposerT  maps a `KeyT&` to a `cuda::std::tuple` of references to its fields, most significant first
  //! @param d_temp_storage      temporary storage, or `nullptr` for the size query
  //! @param temp_storage_bytes  its size in bytes; written by the size query
  //! @param d_keys              the keys in `Current()`; afterwards `Current()` holds them sorted, and both buffers may
  //! have been written
  //! @param num_items           how many keys
  //! @param decomposer          splits a key into its fields
  //! @param stream              the stream to run on
  template <typename KeyT, typename NumItemsT, typename DecomposerT>
  static std::enable_if_t<detail::is_radix_decomposer_v<KeyT, DecomposerT>, cudaError_t>
  SortKeys(void* d_temp_storage, size_t& temp_storage_bytes, DoubleBuffer<KeyT>& d_keys, NumItemsT num_items,
           DecomposerT decomposer, cudaStream_t stream = 0)
  {
    DoubleBuffer<NullType> values;
    return dispatch<false>(d_temp_storage, temp_storage_bytes, d_keys, values, num_items, 0,
                           detail::radix_key_codec<KeyT, DecomposerT>::key_bits(decomposer), true, stream, decomposer);
  }

  //! @brief Sort keys in descending order.
  //!
  //! @tparam KeyT         the key type: an integer, floating-point, `__half` or `__nv_bfloat16` type
  //! @tparam NumItemsT    an integer type
  //! @param d_temp_storage      temporary storage, or `nullptr` for the size query
  //! @param temp_storage_bytes  its size in bytes; written by the size query
  //! @param d_keys_in           the keys (left unchanged)
  //! @param d_keys_out          the sorted keys
  //! @param num_items           how many keys
  //! @param begin_bit           the first bit sorted on (0: the least significant)
  //! @param end_bit             one past the last bit sorted on
  //! @param stream              the stream to run on
  template <typename KeyT, typename NumItemsT>
  static cudaError_t SortKeysDescending(void* d_temp_storage, size_t& temp_storage_bytes, const KeyT* d_keys_in,
                                        KeyT* d_keys_out, NumItemsT num_items, int begin_bit = 0,
                                        int end_bit = sizeof(KeyT) * 8, cudaStream_t stream = 0)
  {
    DoubleBuffer<KeyT> keys(const_cast<KeyT*>(d_keys_in), d_keys_out);
    DoubleBuffer<NullType> values;
    return dispatch<true>(d_temp_storage, temp_storage_bytes, keys, values, num_items, begin_bit, end_bit, false,
                          stream, detail::identity_decomposer_t{});
  }

  //! @brief Sort keys in descending order, by a custom key's fields.
  //!
  //! @tparam KeyT         the key type: one with a decomposer
  //! @tparam NumItemsT    an integer type
  //! @tparam DecomposerT  maps a `KeyT&` to a `cuda::std::tuple` of references to its fields, most significant first
  //! @param d_temp_storage      temporary storage, or `nullptr` for the size query
  //! @param temp_storage_bytes  its size in bytes; written by the size query
  //! @param d_keys_in           the keys (left unchanged)
  //! @param d_keys_out          the sorted keys
  //! @param num_items           how many keys
  //! @param decomposer          splits a key into its fields
  //! @param begin_bit           the first bit sorted on (0: the least significant)
  //! @param end_bit             one past the last bit sorted on
  //! @param stream              the stream to run on
  template <typename KeyT, typename NumItemsT, typename DecomposerT>
  static std::enable_if_t<detail::is_radix_decomposer_v<KeyT, DecomposerT>, cudaError_t>
  SortKeysDescending(void* d_temp_storage, size_t& temp_storage_bytes, const KeyT* d_keys_in, KeyT* d_keys_out,
                     NumItemsT num_items, DecomposerT decomposer, int begin_bit, int end_bit, cudaStream_t stream = 0)
  {
    DoubleBuffer<KeyT> keys(const_cast<KeyT*>(d_keys_in), d_keys_out);
    DoubleBuffer<NullType> values;
    return dispatch<true>(d_temp_storage, temp_storage_bytes, keys, values, num_items, begin_bit, end_bit, false,
                          stream, decomposer);
  }

  //! @brief Sort keys in descending order, by a custom key's fields (all their bits).
  //!
  //! @tparam KeyT         the key type: one with a decomposer
  //! @tparam NumItemsT    an integer type
  //! @tparam DecomposerT  maps a `KeyT&` to a `cuda::std::tuple` of references to its fields, most significant first
  //! @param d_temp_storage      temporary storage, or `nullptr` for the size query
  //! @param temp_storage_bytes  its size in bytes; written by the size query
  //! @param d_keys_in           the keys (left unchanged)
  //! @param d_keys_out          the sorted keys
  //! @param num_items           how many keys
  //! @param decomposer          splits a key into its fields
  //! @param stream              the stream to run on
  template <typename KeyT, typename NumItemsT, typename DecomposerT>
  static std::enable_if_t<detail::is_radix_decomposer_v<KeyT, DecomposerT>, cudaError_t>
  SortKeysDescending(void* d_temp_storage, size_t& temp_storage_bytes, const KeyT* d_keys_in, KeyT* d_keys_out,
                     NumItemsT num_items, DecomposerT decomposer, cudaStream_t stream = 0)
  {
    DoubleBuffer<KeyT> keys(const_cast<KeyT*>(d_keys_in), d_keys_out);
    DoubleBuffer<NullType> values;
    return dispatch<true>(d_temp_storage, temp_storage_bytes, keys, values, num_items, 0,
                          detail::radix_key_codec<KeyT, DecomposerT>::key_bits(decomposer), false, stream, decomposer);
  }

  //! @brief Sort keys in descending order, in a DoubleBuffer.
  //!
  //! @tparam KeyT         the key type: an integer, floating-point, `__half` or `__nv_bfloat16` type
  //! @tparam NumItemsT    an integer type
  //! @param d_temp_storage      temporary storage, or `nullptr` for the size query
  //! @param temp_storage_bytes  its size in bytes; written by the size query
  //! @param d_keys              the keys in `Current()`; afterwards `Current()` holds them sorted, and both buffers may
  //! have been written
  //! @param num_items           how many keys
  //! @param begin_bit           the first bit sorted on (0: the least significant)
  //! @param end_bit             one past the last bit sorted on
  //! @param stream              the stream to run on
  template <typename KeyT, typename NumItemsT>
  static cudaError_t SortKeysDescending(void* d_temp_storage, size_t& temp_storage_bytes, DoubleBuffer<KeyT>& d_keys,
                                        NumItemsT num_items, int begin_bit = 0, int end_bit = sizeof(KeyT) * 8,
                                        cudaStream_t stream = 0)
  {
    DoubleBuffer<NullType> values;
    return dispatch<true>(d_temp_storage, temp_storage_bytes, d_keys, values, num_items, begin_bit, end_bit, true,
                          stream, detail::identity_decomposer_t{});
  }

  //! @brief Sort keys in descending order, in a DoubleBuffer, by a custom key's fields.
  //!
  //! @tparam KeyT         the key type: one with a decomposer
  //! @tparam NumItemsT    an integer type
  //! @tparam DecomposerT  maps a `KeyT&` to a `cuda::std::tuple` of references to its fields, most significant first
  //! @param d_temp_storage      temporary storage, or `nullptr` for the size query
  //! @param temp_storage_bytes  its size in bytes; written by the size query
  //! @param d_keys              the keys in `Current()`; afterwards `Current()` holds them sorted, and both buffers may
  //! have been written
  //! @param num_items           how many keys
  //! @param decomposer          splits a key into its fields
  //! @param begin_bit           the first bit sorted on (0: the least significant)
  //! @param end_bit             one past the last bit sorted on
  //! @param stream              the stream to run on
  template <typename KeyT, typename NumItemsT, typename DecomposerT>
  static std::enable_if_t<detail::is_radix_decomposer_v<KeyT, DecomposerT>, cudaError_t>
  SortKeysDescending(void* d_temp_storage, size_t& temp_storage_bytes, DoubleBuffer<KeyT>& d_keys, NumItemsT num_items,
                     DecomposerT decomposer, int begin_bit, int end_bit, cudaStream_t stream = 0)
  {
    DoubleBuffer<NullType> values;
    return dispatch<true>(d_temp_storage, temp_storage_bytes, d_keys, values, num_items, begin_bit, end_bit, true,
                          stream, decomposer);
  }

  //! @brief Sort keys in descending order, in a DoubleBuffer, by a custom key's fields (all their bits).
  //!
  //! @tparam KeyT         the key type: one with a decomposer
  //! @tparam NumItemsT    an integer type
  //! @tparam DecomposerT  maps a `KeyT&` to a `cuda::std::tuple` of references to its fields, most significant first
  //! @param d_temp_storage      temporary storage, or `nullptr` for the size query
  //! @param temp_storage_bytes  its size in bytes; written by the size query
  //! @param d_keys              the keys in `Current()`; afterwards `Current()` holds them sorted, and both buffers may
  //! have been written
  //! @param num_items           how many keys
  //! @param decomposer          splits a key into its fields
  //! @param stream              the stream to run on
  template <typename KeyT, typename NumItemsT, typename DecomposerT>
  static std::enable_if_t<detail::is_radix_decomposer_v<KeyT, DecomposerT>, cudaError_t>
  SortKeysDescending(void* d_temp_storage, size_t& temp_storage_bytes, DoubleBuffer<KeyT>& d_keys, NumItemsT num_items,
                     DecomposerT decomposer, cudaStream_t stream = 0)
  {
    DoubleBuffer<NullType> values;
    return dispatch<true>(d_temp_storage, temp_storage_bytes, d_keys, values, num_items, 0,
                          detail::radix_key_codec<KeyT, DecomposerT>::key_bits(decomposer), true, stream, decomposer);
  }

private:
  //! The call every overload above makes: the dispatch for `DESCENDING`,
  //! the key, value and count types, and the decomposer, with the offsets
  //! that with_radix_sort_offsets picks: a 64-bit count that an `int` holds
  //! runs the kernels of 32-bit offsets where the policy asks for it
  //! (DeviceRadixSortPolicy::narrow_offsets).
  template <bool DESCENDING, typename KeyT, typename ValueT, typename NumItemsT, typename DecomposerT>
  static cudaError_t dispatch(void* d_temp_storage, size_t& temp_storage_bytes, DoubleBuffer<KeyT>& d_keys,
                              DoubleBuffer<ValueT>& d_values, NumItemsT num_items, int begin_bit, int end_bit,
                              bool is_overwrite_okay, cudaStream_t stream, DecomposerT decomposer)
  {
    return detail::with_radix_sort_offsets<detail::DeviceRadixSortPolicy<KeyT, ValueT>, NumItemsT>(
        static_cast<int64_t>(num_items), [&](auto offset) {
          return detail::DispatchRadixSort<DESCENDING, KeyT, ValueT, decltype(offset), DecomposerT>::Dispatch(
              d_temp_storage, temp_storage_bytes, d_keys, d_values, static_cast<int64_t>(num_items), begin_bit,
              end_bit, is_overwrite_okay, stream, decomposer);
        });
  }
};

} // namespace cubling
