//! @file
//! DeviceReduce: reductions over a whole array in GPU memory, with CUB's API.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <limits>
#include <type_traits>

#include <cuda_runtime_api.h>

#include <cubling/agent/agent_reduce.cuh>
#include <cubling/device/dispatch/dispatch_reduce.cuh>
#include <cubling/thread/thread_operators.cuh>
#include <cubling/util/key_value_pair.cuh>

namespace cubling
{
namespace detail
{

//! The value type of an iterator.
template <typename It>
using it_value_t = typename std::iterator_traits<It>::value_type;

//! The value type of an output iterator, or `Fallback` when it has none (`void`).
template <typename It, typename Fallback>
using non_void_value_t =
  typename std::conditional<std::is_void<it_value_t<It>>::value, Fallback, it_value_t<It>>::type;

//! An output that splits an (index, value) pair into two outputs, for the
//! two-output form of ArgMin and ArgMax: `*out = pair` writes `pair.value`
//! through `values` and `pair.key` through `indices`.
template <typename ValueIt, typename IndexIt>
struct ArgOutput
{
  using difference_type   = std::ptrdiff_t;
  using value_type        = void;
  using pointer           = void;
  using reference         = void;
  using iterator_category = std::output_iterator_tag;

  ValueIt values;
  IndexIt indices;

  struct Proxy
  {
    ValueIt values;
    IndexIt indices;
    template <typename Key, typename Value>
    __device__ CUBLING_FORCEINLINE void operator=(const KeyValuePair<Key, Value>& pair) const
    {
      *values  = pair.value;
      *indices = pair.key;
    }
  };
  __device__ CUBLING_FORCEINLINE Proxy operator*() const
  {
    return Proxy{values, indices};
  }
};

//! Null if either output is a null pointer.
template <typename ValueIt, typename IndexIt>
bool is_null(const ArgOutput<ValueIt, IndexIt>& out)
{
  return is_null(out.values) || is_null(out.indices);
}

} // namespace detail

//! @brief Device-wide reductions: Sum, Min, Max, ArgMin, ArgMax, Reduce, TransformReduce.
//!
//! The API is CUB's. Every function:
//! - uses the **two-phase temporary-storage protocol**: call it once with
//!   `d_temp_storage == nullptr` and it only writes the bytes it needs to
//!   `temp_storage_bytes` (from the count alone: no device is touched, and
//!   the data pointers are not looked at); allocate that much, then call it
//!   again with the same arguments to run;
//! - takes its count as a 64-bit integer: more than 2^31 items work;
//! - returns `cudaErrorInvalidValue`, before any launch and without writing
//!   anything, for a negative count, for too little temporary storage, for a
//!   null output pointer and for a null input pointer when there are items;
//! - succeeds on an empty input and writes the documented empty result;
//! - launches one kernel on `stream` (two for a large input, or on a device
//!   that cannot launch cooperatively) and does not wait for it.
//!
//! The reduction operator must be associative and commutative, as in CUB.
//! For a given input, count and device, the result is the same bit for bit on
//! every run, floating-point sums included: the grid depends only on the
//! count and the device, each block reduces a fixed range, and the partials
//! are combined in a fixed order.
struct DeviceReduce
{
  //! @brief Reduce with `reduction_op`, starting from `init`: `op(op(...), init)` over all items.
  //!
  //! @tparam InputIteratorT   random-access input (a pointer gets 16-byte vector loads)
  //! @tparam OutputIteratorT  output; the result is written to `*d_out`
  //! @tparam ReductionOpT     associative, commutative `op(a, b)`
  //! @tparam T                type of `init`
  //! @tparam NumItemsT        an integer type
  //! @param d_temp_storage      temporary storage, or `nullptr` for the size query
  //! @param temp_storage_bytes  its size in bytes; written by the size query
  //! @param d_in                the items
  //! @param d_out               where the result goes (`init` for an empty input)
  //! @param num_items           how many items
  //! @param reduction_op        the operator
  //! @param init                the initial value
  //! @param stream              the stream to run on
  template <typename InputIteratorT, typename OutputIteratorT, typename ReductionOpT, typename T, typename NumItemsT>
  static cudaError_t Reduce(void* d_temp_storage, size_t& temp_storage_bytes, InputIteratorT d_in,
                            OutputIteratorT d_out, NumItemsT num_items, ReductionOpT reduction_op, T init,
                            cudaStream_t stream = 0)
  {
    return TransformReduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, reduction_op,
                           detail::Identity{}, init, stream);
  }

  //! @brief Sum of the items (`+`); 0 for an empty input.
  //!
  //! Small integer types add in `int`, as C++ promotes them, and the sum is
  //! converted to the output type at the end (CUB does the same).
  //! @param d_temp_storage      temporary storage, or `nullptr` for the size query
  //! @param temp_storage_bytes  its size in bytes; written by the size query
  //! @param d_in                the items
  //! @param d_out               where the sum goes
  //! @param num_items           how many items
  //! @param stream              the stream to run on
  template <typename InputIteratorT, typename OutputIteratorT, typename NumItemsT>
  static cudaError_t Sum(void* d_temp_storage, size_t& temp_storage_bytes, InputIteratorT d_in, OutputIteratorT d_out,
                         NumItemsT num_items, cudaStream_t stream = 0)
  {
    using InitT = detail::non_void_value_t<OutputIteratorT, detail::it_value_t<InputIteratorT>>;
    return Reduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, cubling::Sum{}, InitT{}, stream);
  }

  //! @brief Smallest item (`<`); `std::numeric_limits<T>::max()` for an empty input.
  //!
  //! A NaN anywhere in a floating-point input makes the result NaN (cubling::Min).
  //! @param d_temp_storage      temporary storage, or `nullptr` for the size query
  //! @param temp_storage_bytes  its size in bytes; written by the size query
  //! @param d_in                the items
  //! @param d_out               where the minimum goes
  //! @param num_items           how many items
  //! @param stream              the stream to run on
  template <typename InputIteratorT, typename OutputIteratorT, typename NumItemsT>
  static cudaError_t Min(void* d_temp_storage, size_t& temp_storage_bytes, InputIteratorT d_in, OutputIteratorT d_out,
                         NumItemsT num_items, cudaStream_t stream = 0)
  {
    using InputT = detail::it_value_t<InputIteratorT>;
    return Reduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, cubling::Min{},
                  std::numeric_limits<InputT>::max(), stream);
  }

  //! @brief Largest item (`<`); `std::numeric_limits<T>::lowest()` for an empty input.
  //!
  //! A NaN anywhere in a floating-point input makes the result NaN (cubling::Max).
  //! @param d_temp_storage      temporary storage, or `nullptr` for the size query
  //! @param temp_storage_bytes  its size in bytes; written by the size query
  //! @param d_in                the items
  //! @param d_out               where the maximum goes
  //! @param num_items           how many items
  //! @param stream              the stream to run on
  template <typename InputIteratorT, typename OutputIteratorT, typename NumItemsT>
  static cudaError_t Max(void* d_temp_storage, size_t& temp_storage_bytes, InputIteratorT d_in, OutputIteratorT d_out,
                         NumItemsT num_items, cudaStream_t stream = 0)
  {
    using InputT = detail::it_value_t<InputIteratorT>;
    return Reduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, cubling::Max{},
                  std::numeric_limits<InputT>::lowest(), stream);
  }

  //! @brief The first smallest item and its index, written to two outputs (CUB 3's form).
  //!
  //! Ties go to the smallest index. An empty input writes
  //! `std::numeric_limits<T>::max()` and index 1, as CUB's pair form does.
  //! @param d_temp_storage      temporary storage, or `nullptr` for the size query
  //! @param temp_storage_bytes  its size in bytes; written by the size query
  //! @param d_in                the items
  //! @param d_min_out           where the minimum goes
  //! @param d_index_out         where its index goes (an integer type, `int64_t` in CUB)
  //! @param num_items           how many items
  //! @param stream              the stream to run on
  template <typename InputIteratorT, typename ExtremumOutIteratorT, typename IndexOutIteratorT>
  static cudaError_t ArgMin(void* d_temp_storage, size_t& temp_storage_bytes, InputIteratorT d_in,
                            ExtremumOutIteratorT d_min_out, IndexOutIteratorT d_index_out, int64_t num_items,
                            cudaStream_t stream = 0)
  {
    using InputT = detail::it_value_t<InputIteratorT>;
    return Arg(d_temp_storage, temp_storage_bytes, d_in, detail::ArgOutput<ExtremumOutIteratorT, IndexOutIteratorT>{d_min_out, d_index_out},
               num_items, cubling::ArgMin{}, std::numeric_limits<InputT>::max(), stream);
  }

  //! @brief The first smallest item and its index, as one `KeyValuePair` (key: index).
  //!
  //! The output's value type is a `KeyValuePair<Key, T>`; `Key` may be `int`
  //! (CUB's legacy form) or a 64-bit type. Empty input: `{1, max()}`.
  //! @param d_temp_storage      temporary storage, or `nullptr` for the size query
  //! @param temp_storage_bytes  its size in bytes; written by the size query
  //! @param d_in                the items
  //! @param d_out               where the (index, minimum) pair goes
  //! @param num_items           how many items
  //! @param stream              the stream to run on
  template <typename InputIteratorT, typename OutputIteratorT>
  static cudaError_t ArgMin(void* d_temp_storage, size_t& temp_storage_bytes, InputIteratorT d_in,
                            OutputIteratorT d_out, int64_t num_items, cudaStream_t stream = 0)
  {
    using InputT = detail::it_value_t<InputIteratorT>;
    return Arg(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, cubling::ArgMin{},
               std::numeric_limits<InputT>::max(), stream);
  }

  //! @brief The first largest item and its index, written to two outputs (CUB 3's form).
  //!
  //! Ties go to the smallest index. An empty input writes
  //! `std::numeric_limits<T>::lowest()` and index 1.
  //! @param d_temp_storage      temporary storage, or `nullptr` for the size query
  //! @param temp_storage_bytes  its size in bytes; written by the size query
  //! @param d_in                the items
  //! @param d_max_out           where the maximum goes
  //! @param d_index_out         where its index goes
  //! @param num_items           how many items
  //! @param stream              the stream to run on
  template <typename InputIteratorT, typename ExtremumOutIteratorT, typename IndexOutIteratorT>
  static cudaError_t ArgMax(void* d_temp_storage, size_t& temp_storage_bytes, InputIteratorT d_in,
                            ExtremumOutIteratorT d_max_out, IndexOutIteratorT d_index_out, int64_t num_items,
                            cudaStream_t stream = 0)
  {
    using InputT = detail::it_value_t<InputIteratorT>;
    return Arg(d_temp_storage, temp_storage_bytes, d_in, detail::ArgOutput<ExtremumOutIteratorT, IndexOutIteratorT>{d_max_out, d_index_out},
               num_items, cubling::ArgMax{}, std::numeric_limits<InputT>::lowest(), stream);
  }

  //! @brief The first largest item and its index, as one `KeyValuePair`. Empty input: `{1, lowest()}`.
  //! @param d_temp_storage      temporary storage, or `nullptr` for the size query
  //! @param temp_storage_bytes  its size in bytes; written by the size query
  //! @param d_in                the items
  //! @param d_out               where the (index, maximum) pair goes
  //! @param num_items           how many items
  //! @param stream              the stream to run on
  template <typename InputIteratorT, typename OutputIteratorT>
  static cudaError_t ArgMax(void* d_temp_storage, size_t& temp_storage_bytes, InputIteratorT d_in,
                            OutputIteratorT d_out, int64_t num_items, cudaStream_t stream = 0)
  {
    using InputT = detail::it_value_t<InputIteratorT>;
    return Arg(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, cubling::ArgMax{},
               std::numeric_limits<InputT>::lowest(), stream);
  }

  //! @brief Transform every item, then reduce: `op(op(...), init)` over `transform_op(item)`.
  //!
  //! @tparam TransformOpT  `transform_op(item)`, applied to each item as it is loaded
  //! @param d_temp_storage      temporary storage, or `nullptr` for the size query
  //! @param temp_storage_bytes  its size in bytes; written by the size query
  //! @param d_in                the items
  //! @param d_out               where the result goes (`init` for an empty input)
  //! @param num_items           how many items
  //! @param reduction_op        the operator
  //! @param transform_op        the transform
  //! @param init                the initial value
  //! @param stream              the stream to run on
  template <typename InputIteratorT, typename OutputIteratorT, typename ReductionOpT, typename TransformOpT, typename T,
            typename NumItemsT>
  static cudaError_t TransformReduce(void* d_temp_storage, size_t& temp_storage_bytes, InputIteratorT d_in,
                                     OutputIteratorT d_out, NumItemsT num_items, ReductionOpT reduction_op,
                                     TransformOpT transform_op, T init, cudaStream_t stream = 0)
  {
    static_assert(std::is_integral<NumItemsT>::value, "num_items must be an integer");
    using InputT       = detail::it_value_t<InputIteratorT>;
    using TransformedT = std::invoke_result_t<TransformOpT, InputT>;
    using AccumT       = std::decay_t<std::invoke_result_t<ReductionOpT, T, TransformedT>>;
    using Transform    = detail::IgnoreIndex<TransformOpT>;
    if (std::is_unsigned<NumItemsT>::value && static_cast<uint64_t>(num_items) > uint64_t{INT64_MAX})
    {
      return cudaErrorInvalidValue;
    }
    return detail::DispatchReduce<false, InputIteratorT, OutputIteratorT, ReductionOpT, T, AccumT, Transform>::Dispatch(
      d_temp_storage, temp_storage_bytes, d_in, d_out, static_cast<int64_t>(num_items), reduction_op, init,
      Transform{transform_op}, stream);
  }

private:
  //! ArgMin and ArgMax: reduce (index, item) pairs; `extreme` is the value of the empty result.
  template <typename InputIteratorT, typename OutputIteratorT, typename ArgOp, typename InputT>
  static cudaError_t Arg(void* d_temp_storage, size_t& temp_storage_bytes, InputIteratorT d_in, OutputIteratorT d_out,
                         int64_t num_items, ArgOp arg_op, InputT extreme, cudaStream_t stream)
  {
    using AccumT = KeyValuePair<int64_t, InputT>;
    return detail::DispatchReduce<true, InputIteratorT, OutputIteratorT, ArgOp, AccumT, AccumT,
                                  detail::PairWithIndex<int64_t>>::Dispatch(d_temp_storage, temp_storage_bytes, d_in,
                                                                            d_out, num_items, arg_op,
                                                                            AccumT(1, extreme),
                                                                            detail::PairWithIndex<int64_t>{}, stream);
  }
};

} // namespace cubling
