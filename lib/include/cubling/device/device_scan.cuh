//! @file
//! DeviceScan: prefix scans over a whole array in GPU memory, with CUB's API.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <type_traits>

#include <cuda/std/functional>
#include <cuda_runtime_api.h>

#include <cubling/agent/agent_scan_by_key.cuh>
#include <cubling/device/dispatch/dispatch_scan.cuh>
#include <cubling/device/dispatch/dispatch_scan_by_key.cuh>
#include <cubling/util/macros.cuh>

namespace cubling
{

//! @brief An initial value that is read from device memory when the scan
//! runs, not when it is called (CUB's `FutureValue`): for example the total
//! of an earlier scan in the same stream.
//!
//! @tparam T      the value's type
//! @tparam IterT  where it is read from (a pointer or an input iterator)
template <typename T, typename IterT = T*>
struct FutureValue
{
  using value_type    = T;
  using iterator_type = IterT;
  //! @param iter  where the value will be, once earlier work in the stream has run
  explicit CUBLING_HOST_DEVICE FutureValue(IterT iter)
      : m_iter(iter)
  {}
  //! The value, read through the iterator (on the device, in the kernel).
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE operator T() const
  {
    return *m_iter;
  }
  //! Where it is read from.
  CUBLING_HOST_DEVICE IterT Iterator() const
  {
    return m_iter;
  }

private:
  IterT m_iter;
};

namespace detail
{

//! The type of an initial value: `T` for a FutureValue<T>, the type itself otherwise.
template <typename InitT>
struct init_value
{
  using type = InitT;
};
template <typename T, typename IterT>
struct init_value<FutureValue<T, IterT>>
{
  using type = T;
};

//! The type a scan accumulates in: what the operator returns for
//! (initial value, item), or for (item, item) when there is no initial value.
template <typename ScanOp, typename A, typename B>
using scan_accum_t = std::decay_t<std::invoke_result_t<ScanOp, typename init_value<A>::type, B>>;

//! The value type of an iterator.
template <typename It>
using scan_item_t = typename std::iterator_traits<It>::value_type;

} // namespace detail

//! @brief Device-wide prefix scans: sums, scans with any associative
//! operator, with or without an initial value, and the by-key family.
//!
//! The API is CUB's (3.0). Every function:
//! - uses the **two-phase temporary-storage protocol**: called with
//!   `d_temp_storage == nullptr`, it only writes the bytes it needs to
//!   `temp_storage_bytes`, from the count alone (no device is touched, the
//!   data pointers are not looked at); call it again with that much storage;
//! - takes any integer type as its count, used as 64 bits: more than 2^31
//!   items work;
//! - returns `cudaErrorInvalidValue`, before any launch and without writing
//!   anything, for a negative count, for too little temporary storage, and
//!   for a null data pointer when there are items;
//! - succeeds on an empty input, and writes nothing;
//! - works in place (`d_out == d_in`) and with iterators for input and output;
//! - launches on `stream` and does not wait: one kernel for an input of one
//!   tile, otherwise a kernel that resets the look-back's tile states and
//!   the scan itself, a single pass over the data.
//!
//! The operator must be associative; it need not be commutative, and it is
//! only ever applied to real items and the initial value.
//!
//! **Deterministic.** For a given input, count, operator and device, the
//! output is the same bit for bit on every run, floating-point scans
//! included: each tile's items are combined in a fixed order, and the
//! look-back folds the tiles' aggregates left to right, so no result depends
//! on which tile finished first. (CUB's look-back does not promise this.)
struct DeviceScan
{
  //! @brief Exclusive prefix sum: `out[0] = 0`, `out[i] = in[0] + ... + in[i - 1]`.
  //!
  //! @tparam InputIteratorT   random-access input
  //! @tparam OutputIteratorT  random-access output (may be `d_in`)
  //! @tparam NumItemsT        an integer type
  //! @param d_temp_storage      temporary storage, or `nullptr` for the size query
  //! @param temp_storage_bytes  its size in bytes; written by the size query
  //! @param d_in                the items
  //! @param d_out               the sums
  //! @param num_items           how many items
  //! @param stream              the stream to run on
  template <typename InputIteratorT, typename OutputIteratorT, typename NumItemsT>
  static cudaError_t ExclusiveSum(void* d_temp_storage, size_t& temp_storage_bytes, InputIteratorT d_in,
                                  OutputIteratorT d_out, NumItemsT num_items, cudaStream_t stream = 0)
  {
    using InitT = detail::scan_item_t<InputIteratorT>;
    return ExclusiveScan(d_temp_storage, temp_storage_bytes, d_in, d_out, cuda::std::plus<>{}, InitT{}, num_items,
                         stream);
  }

  //! @brief Exclusive prefix sum in place.
  //!
  //! @tparam IteratorT  random-access input and output
  //! @tparam NumItemsT  an integer type
  //! @param d_temp_storage      temporary storage, or `nullptr` for the size query
  //! @param temp_storage_bytes  its size in bytes; written by the size query
  //! @param d_data              the items, replaced by their sums
  //! @param num_items           how many items
  //! @param stream              the stream to run on
  template <typename IteratorT, typename NumItemsT>
  static cudaError_t ExclusiveSum(void* d_temp_storage, size_t& temp_storage_bytes, IteratorT d_data,
                                  NumItemsT num_items, cudaStream_t stream = 0)
  {
    return ExclusiveSum(d_temp_storage, temp_storage_bytes, d_data, d_data, num_items, stream);
  }

  //! @brief Exclusive scan: `out[0] = init`, `out[i] = init op in[0] op ... op in[i - 1]`.
  //!
  //! @tparam InputIteratorT   random-access input
  //! @tparam OutputIteratorT  random-access output (may be `d_in`)
  //! @tparam ScanOpT          associative `op(a, b)`
  //! @tparam InitValueT       the initial value's type, or a FutureValue read when the scan runs
  //! @tparam NumItemsT        an integer type
  //! @param d_temp_storage      temporary storage, or `nullptr` for the size query
  //! @param temp_storage_bytes  its size in bytes; written by the size query
  //! @param d_in                the items
  //! @param d_out               the scan
  //! @param scan_op             the operator
  //! @param init_value          the initial value
  //! @param num_items           how many items
  //! @param stream              the stream to run on
  template <typename InputIteratorT, typename OutputIteratorT, typename ScanOpT, typename InitValueT,
            typename NumItemsT>
  static cudaError_t ExclusiveScan(void* d_temp_storage, size_t& temp_storage_bytes, InputIteratorT d_in,
                                   OutputIteratorT d_out, ScanOpT scan_op, InitValueT init_value, NumItemsT num_items,
                                   cudaStream_t stream = 0)
  {
    using AccumT = detail::scan_accum_t<ScanOpT, InitValueT, detail::scan_item_t<InputIteratorT>>;
    return detail::DispatchScan<detail::ScanKind::exclusive, InputIteratorT, OutputIteratorT, ScanOpT, InitValueT,
                                AccumT>::Dispatch(d_temp_storage, temp_storage_bytes, d_in, d_out, scan_op,
                                                  init_value, static_cast<int64_t>(num_items), stream);
  }

  //! @brief Exclusive scan in place.
  //!
  //! @tparam IteratorT   random-access input and output
  //! @tparam ScanOpT     associative `op(a, b)`
  //! @tparam InitValueT  the initial value's type, or a FutureValue
  //! @tparam NumItemsT   an integer type
  //! @param d_temp_storage      temporary storage, or `nullptr` for the size query
  //! @param temp_storage_bytes  its size in bytes; written by the size query
  //! @param d_data              the items, replaced by their scan
  //! @param scan_op             the operator
  //! @param init_value          the initial value
  //! @param num_items           how many items
  //! @param stream              the stream to run on
  template <typename IteratorT, typename ScanOpT, typename InitValueT, typename NumItemsT>
  static cudaError_t ExclusiveScan(void* d_temp_storage, size_t& temp_storage_bytes, IteratorT d_data,
                                   ScanOpT scan_op, InitValueT init_value, NumItemsT num_items,
                                   cudaStream_t stream = 0)
  {
    return ExclusiveScan(d_temp_storage, temp_storage_bytes, d_data, d_data, scan_op, init_value, num_items, stream);
  }

  //! @brief Inclusive prefix sum: `out[i] = in[0] + ... + in[i]`.
  //!
  //! @tparam InputIteratorT   random-access input
  //! @tparam OutputIteratorT  random-access output (may be `d_in`)
  //! @tparam NumItemsT        an integer type
  //! @param d_temp_storage      temporary storage, or `nullptr` for the size query
  //! @param temp_storage_bytes  its size in bytes; written by the size query
  //! @param d_in                the items
  //! @param d_out               the sums
  //! @param num_items           how many items
  //! @param stream              the stream to run on
  template <typename InputIteratorT, typename OutputIteratorT, typename NumItemsT>
  static cudaError_t InclusiveSum(void* d_temp_storage, size_t& temp_storage_bytes, InputIteratorT d_in,
                                  OutputIteratorT d_out, NumItemsT num_items, cudaStream_t stream = 0)
  {
    return InclusiveScan(d_temp_storage, temp_storage_bytes, d_in, d_out, cuda::std::plus<>{}, num_items, stream);
  }

  //! @brief Inclusive prefix sum in place.
  //!
  //! @tparam IteratorT  random-access input and output
  //! @tparam NumItemsT  an integer type
  //! @param d_temp_storage      temporary storage, or `nullptr` for the size query
  //! @param temp_storage_bytes  its size in bytes; written by the size query
  //! @param d_data              the items, replaced by their sums
  //! @param num_items           how many items
  //! @param stream              the stream to run on
  template <typename IteratorT, typename NumItemsT>
  static cudaError_t InclusiveSum(void* d_temp_storage, size_t& temp_storage_bytes, IteratorT d_data,
                                  NumItemsT num_items, cudaStream_t stream = 0)
  {
    return InclusiveSum(d_temp_storage, temp_storage_bytes, d_data, d_data, num_items, stream);
  }

  //! @brief Inclusive scan: `out[i] = in[0] op ... op in[i]`.
  //!
  //! @tparam InputIteratorT   random-access input
  //! @tparam OutputIteratorT  random-access output (may be `d_in`)
  //! @tparam ScanOpT          associative `op(a, b)`
  //! @tparam NumItemsT        an integer type
  //! @param d_temp_storage      temporary storage, or `nullptr` for the size query
  //! @param temp_storage_bytes  its size in bytes; written by the size query
  //! @param d_in                the items
  //! @param d_out               the scan
  //! @param scan_op             the operator
  //! @param num_items           how many items
  //! @param stream              the stream to run on
  template <typename InputIteratorT, typename OutputIteratorT, typename ScanOpT, typename NumItemsT>
  static cudaError_t InclusiveScan(void* d_temp_storage, size_t& temp_storage_bytes, InputIteratorT d_in,
                                   OutputIteratorT d_out, ScanOpT scan_op, NumItemsT num_items,
                                   cudaStream_t stream = 0)
  {
    using ItemT  = detail::scan_item_t<InputIteratorT>;
    using AccumT = detail::scan_accum_t<ScanOpT, ItemT, ItemT>;
    return detail::DispatchScan<detail::ScanKind::inclusive, InputIteratorT, OutputIteratorT, ScanOpT, AccumT,
                                AccumT>::Dispatch(d_temp_storage, temp_storage_bytes, d_in, d_out, scan_op, AccumT{},
                                                  static_cast<int64_t>(num_items), stream);
  }

  //! @brief Inclusive scan in place.
  //!
  //! @tparam IteratorT  random-access input and output
  //! @tparam ScanOpT    associative `op(a, b)`
  //! @tparam NumItemsT  an integer type
  //! @param d_temp_storage      temporary storage, or `nullptr` for the size query
  //! @param temp_storage_bytes  its size in bytes; written by the size query
  //! @param d_data              the items, replaced by their scan
  //! @param scan_op             the operator
  //! @param num_items           how many items
  //! @param stream              the stream to run on
  template <typename IteratorT, typename ScanOpT, typename NumItemsT>
  static cudaError_t InclusiveScan(void* d_temp_storage, size_t& temp_storage_bytes, IteratorT d_data,
                                   ScanOpT scan_op, NumItemsT num_items, cudaStream_t stream = 0)
  {
    return InclusiveScan(d_temp_storage, temp_storage_bytes, d_data, d_data, scan_op, num_items, stream);
  }

  //! @brief Inclusive scan with an initial value: `out[i] = init op in[0] op ... op in[i]`.
  //!
  //! @tparam InputIteratorT   random-access input
  //! @tparam OutputIteratorT  random-access output (may be `d_in`)
  //! @tparam ScanOpT          associative `op(a, b)`
  //! @tparam InitValueT       the initial value's type
  //! @tparam NumItemsT        an integer type
  //! @param d_temp_storage      temporary storage, or `nullptr` for the size query
  //! @param temp_storage_bytes  its size in bytes; written by the size query
  //! @param d_in                the items
  //! @param d_out               the scan
  //! @param scan_op             the operator
  //! @param init_value          the initial value, folded in on the left of every output
  //! @param num_items           how many items
  //! @param stream              the stream to run on
  template <typename InputIteratorT, typename OutputIteratorT, typename ScanOpT, typename InitValueT,
            typename NumItemsT>
  static cudaError_t InclusiveScanInit(void* d_temp_storage, size_t& temp_storage_bytes, InputIteratorT d_in,
                                       OutputIteratorT d_out, ScanOpT scan_op, InitValueT init_value,
                                       NumItemsT num_items, cudaStream_t stream = 0)
  {
    using AccumT = detail::scan_accum_t<ScanOpT, InitValueT, detail::scan_item_t<InputIteratorT>>;
    return detail::DispatchScan<detail::ScanKind::inclusive_init, InputIteratorT, OutputIteratorT, ScanOpT,
                                InitValueT, AccumT>::Dispatch(d_temp_storage, temp_storage_bytes, d_in, d_out,
                                                              scan_op, init_value, static_cast<int64_t>(num_items),
                                                              stream);
  }

  //! @brief Exclusive prefix sums of the runs of equal keys: each run's sums start again from 0.
  //!
  //! @tparam KeysInputIteratorT     random-access keys
  //! @tparam ValuesInputIteratorT   random-access values
  //! @tparam ValuesOutputIteratorT  random-access output (may be `d_values_in`)
  //! @tparam EqualityOpT            `bool eq(key, key)`: two neighbours in one run
  //! @tparam NumItemsT              an integer type
  //! @param d_temp_storage      temporary storage, or `nullptr` for the size query
  //! @param temp_storage_bytes  its size in bytes; written by the size query
  //! @param d_keys_in           the keys: a run of equal neighbours is a segment
  //! @param d_values_in         the values
  //! @param d_values_out        the scans (may be `d_values_in`)
  //! @param num_items           how many items
  //! @param equality_op         the key comparison
  //! @param stream              the stream to run on
  template <typename KeysInputIteratorT, typename ValuesInputIteratorT, typename ValuesOutputIteratorT,
            typename EqualityOpT = cuda::std::equal_to<>, typename NumItemsT = uint32_t>
  static cudaError_t ExclusiveSumByKey(void* d_temp_storage, size_t& temp_storage_bytes, KeysInputIteratorT d_keys_in,
                                       ValuesInputIteratorT d_values_in, ValuesOutputIteratorT d_values_out,
                                       NumItemsT num_items, EqualityOpT equality_op = EqualityOpT(),
                                       cudaStream_t stream = 0)
  {
    using InitT = detail::scan_item_t<ValuesInputIteratorT>;
    return ExclusiveScanByKey(d_temp_storage, temp_storage_bytes, d_keys_in, d_values_in, d_values_out,
                              cuda::std::plus<>{}, InitT{}, num_items, equality_op, stream);
  }

  //! @brief Exclusive scans of the runs of equal keys, each run starting from `init_value`.
  //!
  //! @tparam KeysInputIteratorT     random-access keys
  //! @tparam ValuesInputIteratorT   random-access values
  //! @tparam ValuesOutputIteratorT  random-access output (may be `d_values_in`)
  //! @tparam ScanOpT                associative `op(a, b)`
  //! @tparam InitValueT             the initial value's type
  //! @tparam EqualityOpT            `bool eq(key, key)`
  //! @tparam NumItemsT              an integer type
  //! @param d_temp_storage      temporary storage, or `nullptr` for the size query
  //! @param temp_storage_bytes  its size in bytes; written by the size query
  //! @param d_keys_in           the keys: a run of equal neighbours is a segment
  //! @param d_values_in         the values
  //! @param d_values_out        the scans (may be `d_values_in`)
  //! @param scan_op             the operator
  //! @param init_value          the value each run starts from
  //! @param num_items           how many items
  //! @param equality_op         the key comparison
  //! @param stream              the stream to run on
  template <typename KeysInputIteratorT, typename ValuesInputIteratorT, typename ValuesOutputIteratorT,
            typename ScanOpT, typename InitValueT, typename EqualityOpT = cuda::std::equal_to<>,
            typename NumItemsT = uint32_t>
  static cudaError_t ExclusiveScanByKey(void* d_temp_storage, size_t& temp_storage_bytes,
                                        KeysInputIteratorT d_keys_in, ValuesInputIteratorT d_values_in,
                                        ValuesOutputIteratorT d_values_out, ScanOpT scan_op, InitValueT init_value,
                                        NumItemsT num_items, EqualityOpT equality_op = EqualityOpT(),
                                        cudaStream_t stream = 0)
  {
    using AccumT = detail::scan_accum_t<ScanOpT, InitValueT, detail::scan_item_t<ValuesInputIteratorT>>;
    return detail::DispatchScanByKey<true, KeysInputIteratorT, ValuesInputIteratorT, ValuesOutputIteratorT,
                                     EqualityOpT, ScanOpT, InitValueT, AccumT>::
      Dispatch(d_temp_storage, temp_storage_bytes, d_keys_in, d_values_in, d_values_out, equality_op, scan_op,
               init_value, static_cast<int64_t>(num_items), stream);
  }

  //! @brief Inclusive prefix sums of the runs of equal keys.
  //!
  //! @tparam KeysInputIteratorT     random-access keys
  //! @tparam ValuesInputIteratorT   random-access values
  //! @tparam ValuesOutputIteratorT  random-access output (may be `d_values_in`)
  //! @tparam EqualityOpT            `bool eq(key, key)`
  //! @tparam NumItemsT              an integer type
  //! @param d_temp_storage      temporary storage, or `nullptr` for the size query
  //! @param temp_storage_bytes  its size in bytes; written by the size query
  //! @param d_keys_in           the keys: a run of equal neighbours is a segment
  //! @param d_values_in         the values
  //! @param d_values_out        the scans (may be `d_values_in`)
  //! @param num_items           how many items
  //! @param equality_op         the key comparison
  //! @param stream              the stream to run on
  template <typename KeysInputIteratorT, typename ValuesInputIteratorT, typename ValuesOutputIteratorT,
            typename EqualityOpT = cuda::std::equal_to<>, typename NumItemsT = uint32_t>
  static cudaError_t InclusiveSumByKey(void* d_temp_storage, size_t& temp_storage_bytes, KeysInputIteratorT d_keys_in,
                                       ValuesInputIteratorT d_values_in, ValuesOutputIteratorT d_values_out,
                                       NumItemsT num_items, EqualityOpT equality_op = EqualityOpT(),
                                       cudaStream_t stream = 0)
  {
    return InclusiveScanByKey(d_temp_storage, temp_storage_bytes, d_keys_in, d_values_in, d_values_out,
                              cuda::std::plus<>{}, num_items, equality_op, stream);
  }

  //! @brief Inclusive scans of the runs of equal keys.
  //!
  //! @tparam KeysInputIteratorT     random-access keys
  //! @tparam ValuesInputIteratorT   random-access values
  //! @tparam ValuesOutputIteratorT  random-access output (may be `d_values_in`)
  //! @tparam ScanOpT                associative `op(a, b)`
  //! @tparam EqualityOpT            `bool eq(key, key)`
  //! @tparam NumItemsT              an integer type
  //! @param d_temp_storage      temporary storage, or `nullptr` for the size query
  //! @param temp_storage_bytes  its size in bytes; written by the size query
  //! @param d_keys_in           the keys: a run of equal neighbours is a segment
  //! @param d_values_in         the values
  //! @param d_values_out        the scans (may be `d_values_in`)
  //! @param scan_op             the operator
  //! @param num_items           how many items
  //! @param equality_op         the key comparison
  //! @param stream              the stream to run on
  template <typename KeysInputIteratorT, typename ValuesInputIteratorT, typename ValuesOutputIteratorT,
            typename ScanOpT, typename EqualityOpT = cuda::std::equal_to<>, typename NumItemsT = uint32_t>
  static cudaError_t InclusiveScanByKey(void* d_temp_storage, size_t& temp_storage_bytes,
                                        KeysInputIteratorT d_keys_in, ValuesInputIteratorT d_values_in,
                                        ValuesOutputIteratorT d_values_out, ScanOpT scan_op, NumItemsT num_items,
                                        EqualityOpT equality_op = EqualityOpT(), cudaStream_t stream = 0)
  {
    using ItemT  = detail::scan_item_t<ValuesInputIteratorT>;
    using AccumT = detail::scan_accum_t<ScanOpT, ItemT, ItemT>;
    return detail::DispatchScanByKey<false, KeysInputIteratorT, ValuesInputIteratorT, ValuesOutputIteratorT,
                                     EqualityOpT, ScanOpT, AccumT, AccumT>::
      Dispatch(d_temp_storage, temp_storage_bytes, d_keys_in, d_values_in, d_values_out, equality_op, scan_op,
               AccumT{}, static_cast<int64_t>(num_items), stream);
  }
};

} // namespace cubling
