//! @file
//! ThreadScan: one thread scans a register array of compile-time length.
//!
//! The building block under every scan of the layers above: a block scan
//! first reduces each thread's few items, then scans the threads' totals
//! cooperatively, then scans each thread's items with these functions from
//! the thread's offset (the `prefix` argument).
//!
//! As in CUB, the functions live in namespace `internal`:
//! `cub::internal::ThreadScanInclusive` becomes
//! `cubling::internal::ThreadScanInclusive`. They are deliberately not
//! re-exported into namespace `cubling`: CUB's own array forms call their
//! pointer forms unqualified, so argument-dependent lookup through a
//! `cubling::` operator (cubling::Sum, ...) would find a same-named cubling
//! overload there and make CUB's call ambiguous in code that uses both.
//! For the same reason, the calls between the forms below are qualified.
//!
//! Every form:
//!   - is sequential and left to right, so the operator must be associative
//!     and may be non-commutative (`op(earlier, later)` always);
//!   - returns the aggregate: the inclusive result of the last item, which
//!     is what the caller needs to carry into the next stage;
//!   - works in place: `output` may be the same array as `input`, since item
//!     `i` is read before output `i` is written;
//!   - runs on the host and on the device.
#pragma once

#include <cubling/util/macros.cuh>

namespace cubling
{
namespace internal
{

// --- exclusive -----------------------------------------------------------------

//! @brief Exclusive scan of the `LENGTH` items at `input`, seeded with `prefix`;
//! returns the aggregate.
//!
//! `output[0] = prefix` always. With `apply_prefix` (the default),
//! `output[i] = op(...op(prefix, input[0])..., input[i - 1])` and the return
//! value is `op(...op(prefix, input[0])..., input[LENGTH - 1])`. Without it,
//! the prefix is written to `output[0]` but not folded into anything else:
//! `output[i] = op(...op(input[0], input[1])..., input[i - 1])` for `i >= 1`
//! (this is how a block scan's first thread, which has no predecessor, uses it).
//!
//! @tparam LENGTH        number of items (at least 1)
//! @tparam T             item type
//! @tparam ScanOp        binary operator `T op(T, T)`, associative
//! @param input          the items
//! @param output         the results; may be `input`
//! @param scan_op        the operator
//! @param prefix         the value that comes before `input[0]`
//! @param apply_prefix   whether `prefix` is folded into the results
//! @return the aggregate (see above)
template <int LENGTH, typename T, typename ScanOp>
CUBLING_HOST_DEVICE CUBLING_FORCEINLINE T
ThreadScanExclusive(T* input, T* output, ScanOp scan_op, T prefix, bool apply_prefix = true)
{
  static_assert(LENGTH > 0, "ThreadScanExclusive needs at least one item");
  // `running` is the inclusive result so far; it becomes the next exclusive one.
  T running = apply_prefix ? static_cast<T>(scan_op(prefix, input[0])) : input[0];
  output[0] = prefix;
  CUBLING_UNROLL
  for (int i = 1; i < LENGTH; ++i)
  {
    const T item = input[i]; // read before the write: in place is allowed
    output[i]    = running;
    running      = static_cast<T>(scan_op(running, item));
  }
  return running;
}

//! @brief Exclusive scan of a register array, seeded with `prefix`; returns
//! the aggregate. See the pointer form for the meaning of `apply_prefix`.
//!
//! @tparam LENGTH        number of items, inferred from the array (at least 1)
//! @tparam T             item type
//! @tparam ScanOp        binary operator `T op(T, T)`, associative
//! @param input          the items
//! @param output         the results; may be `input`
//! @param scan_op        the operator
//! @param prefix         the value that comes before `input[0]`
//! @param apply_prefix   whether `prefix` is folded into the results
//! @return the aggregate
// example-begin thread-scan-exclusive
template <int LENGTH, typename T, typename ScanOp>
CUBLING_HOST_DEVICE CUBLING_FORCEINLINE T
ThreadScanExclusive(T (&input)[LENGTH], T (&output)[LENGTH], ScanOp scan_op, T prefix, bool apply_prefix = true)
{
  return internal::ThreadScanExclusive<LENGTH>(&input[0], &output[0], scan_op, prefix, apply_prefix);
}
// example-end thread-scan-exclusive

// --- inclusive -----------------------------------------------------------------

//! @brief Inclusive scan of the `LENGTH` items at `input`; returns the aggregate.
//!
//! `output[i] = op(...op(input[0], input[1])..., input[i])`; the return value
//! is `output[LENGTH - 1]`.
//!
//! @tparam LENGTH   number of items (at least 1)
//! @tparam T        item type
//! @tparam ScanOp   binary operator `T op(T, T)`, associative
//! @param input     the items
//! @param output    the results; may be `input`
//! @param scan_op   the operator
//! @return the aggregate of all items
template <int LENGTH, typename T, typename ScanOp>
CUBLING_HOST_DEVICE CUBLING_FORCEINLINE T ThreadScanInclusive(T* input, T* output, ScanOp scan_op)
{
  static_assert(LENGTH > 0, "ThreadScanInclusive needs at least one item");
  T running = input[0];
  output[0] = running;
  CUBLING_UNROLL
  for (int i = 1; i < LENGTH; ++i)
  {
    running   = static_cast<T>(scan_op(running, input[i]));
    output[i] = running;
  }
  return running;
}

//! @brief Inclusive scan of a register array; returns the aggregate.
//!
//! @tparam LENGTH   number of items, inferred from the array (at least 1)
//! @tparam T        item type
//! @tparam ScanOp   binary operator `T op(T, T)`, associative
//! @param input     the items
//! @param output    the results; may be `input`
//! @param scan_op   the operator
//! @return the aggregate of all items
template <int LENGTH, typename T, typename ScanOp>
CUBLING_HOST_DEVICE CUBLING_FORCEINLINE T ThreadScanInclusive(T (&input)[LENGTH], T (&output)[LENGTH], ScanOp scan_op)
{
  return internal::ThreadScanInclusive<LENGTH>(&input[0], &output[0], scan_op);
}

//! @brief Inclusive scan of the `LENGTH` items at `input`, seeded with
//! `prefix`; returns the aggregate.
//!
//! With `apply_prefix` (the default), `output[i] = op(...op(prefix, input[0])..., input[i])`;
//! without it, the prefix is ignored and this is the plain inclusive scan.
//!
//! @tparam LENGTH        number of items (at least 1)
//! @tparam T             item type
//! @tparam ScanOp        binary operator `T op(T, T)`, associative
//! @param input          the items
//! @param output         the results; may be `input`
//! @param scan_op        the operator
//! @param prefix         the value that comes before `input[0]`
//! @param apply_prefix   whether `prefix` is folded in
//! @return `output[LENGTH - 1]`
template <int LENGTH, typename T, typename ScanOp>
CUBLING_HOST_DEVICE CUBLING_FORCEINLINE T
ThreadScanInclusive(T* input, T* output, ScanOp scan_op, T prefix, bool apply_prefix = true)
{
  static_assert(LENGTH > 0, "ThreadScanInclusive needs at least one item");
  T running = apply_prefix ? static_cast<T>(scan_op(prefix, input[0])) : input[0];
  output[0] = running;
  CUBLING_UNROLL
  for (int i = 1; i < LENGTH; ++i)
  {
    running   = static_cast<T>(scan_op(running, input[i]));
    output[i] = running;
  }
  return running;
}

//! @brief Inclusive scan of a register array, seeded with `prefix`; returns
//! the aggregate.
//!
//! @tparam LENGTH        number of items, inferred from the array (at least 1)
//! @tparam T             item type
//! @tparam ScanOp        binary operator `T op(T, T)`, associative
//! @param input          the items
//! @param output         the results; may be `input`
//! @param scan_op        the operator
//! @param prefix         the value that comes before `input[0]`
//! @param apply_prefix   whether `prefix` is folded in
//! @return `output[LENGTH - 1]`
// example-begin thread-scan-inclusive
template <int LENGTH, typename T, typename ScanOp>
CUBLING_HOST_DEVICE CUBLING_FORCEINLINE T
ThreadScanInclusive(T (&input)[LENGTH], T (&output)[LENGTH], ScanOp scan_op, T prefix, bool apply_prefix = true)
{
  return internal::ThreadScanInclusive<LENGTH>(&input[0], &output[0], scan_op, prefix, apply_prefix);
}
// example-end thread-scan-inclusive

} // namespace internal

} // namespace cubling
