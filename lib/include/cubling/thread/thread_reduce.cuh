//! @file
//! ThreadReduce: one thread folds a register array of compile-time length.
#pragma once

#include <cubling/util/macros.cuh>

namespace cubling
{

//! @brief Reduce the `LENGTH` items of a thread-private array, starting from `prefix`.
//!
//! The fold is sequential and left to right:
//! `op(op(op(prefix, input[0]), input[1]), ..., input[LENGTH - 1])`.
//! Because the order is fixed, the operator only has to be associative for
//! the result to mean "the reduction"; it may be non-commutative, and a
//! floating-point result is the same on the host and on the device.
//! Because `LENGTH` is a compile-time constant the loop unrolls fully and
//! the array lives in registers.
//!
//! Runs on the host and on the device.
//!
//! @tparam LENGTH       number of items, known at compile time (at least 1)
//! @tparam T            item type
//! @tparam ReductionOp  binary operator `AccumT op(AccumT, T)`, associative
//! @tparam PrefixT      type of the running value carried in
//! @param input         the items, usually a register array
//! @param reduction_op  the operator
//! @param prefix        value folded in before `input[0]`
//! @return the reduction of `prefix` and all items
// example-begin thread-reduce-prefix
template <int LENGTH, typename T, typename ReductionOp, typename PrefixT>
CUBLING_HOST_DEVICE CUBLING_FORCEINLINE PrefixT
ThreadReduce(const T (&input)[LENGTH], ReductionOp reduction_op, PrefixT prefix)
{
  static_assert(LENGTH > 0, "ThreadReduce needs at least one item");
  PrefixT accumulator = prefix;
  CUBLING_UNROLL
  for (int i = 0; i < LENGTH; ++i)
  {
    accumulator = reduction_op(accumulator, input[i]);
  }
  return accumulator;
}
// example-end thread-reduce-prefix

//! @brief Reduce the `LENGTH` items of a thread-private array.
//!
//! Returns `op(...op(op(input[0], input[1]), input[2])..., input[LENGTH - 1])`.
//! The result type is the operator's result type for two items, so
//! `ThreadReduce(int8_array, cuda::std::plus<>{})` accumulates in `int`,
//! as CUB does.
//!
//! @tparam LENGTH       number of items, known at compile time (at least 1)
//! @tparam T            item type
//! @tparam ReductionOp  binary operator, associative
//! @param input         the items
//! @param reduction_op  the operator
//! @return the reduction of all items
// example-begin thread-reduce-no-prefix
template <int LENGTH, typename T, typename ReductionOp>
CUBLING_HOST_DEVICE CUBLING_FORCEINLINE auto ThreadReduce(const T (&input)[LENGTH], ReductionOp reduction_op)
  -> decltype(reduction_op(input[0], input[0]))
{
  static_assert(LENGTH > 0, "ThreadReduce needs at least one item");
  using AccumT        = decltype(reduction_op(input[0], input[0]));
  AccumT accumulator  = static_cast<AccumT>(input[0]);
  CUBLING_UNROLL
  for (int i = 1; i < LENGTH; ++i)
  {
    accumulator = reduction_op(accumulator, input[i]);
  }
  return accumulator;
}
// example-end thread-reduce-no-prefix

} // namespace cubling
