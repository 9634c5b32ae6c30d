//! @file
//! WarpScan: the threads of a (logical) warp compute prefix scans of one value each.
#pragma once

#include <cuda/std/functional>
#include <cuda/std/type_traits>

#include <cubling/util/arch.cuh>
#include <cubling/util/macros.cuh>
#include <cubling/util/uninitialized.cuh>
#include <cubling/warp/specializations/warp_scan_shfl.cuh>
#include <cubling/warp/specializations/warp_scan_smem.cuh>

namespace cubling
{

//! @brief Cooperative prefix scan across the threads of a warp, or of a
//! logical warp of 1 to 32 threads: every thread brings one value, and lane
//! i gets the scan of lanes 0..i (inclusive) or 0..i-1 (exclusive).
//!
//! **Logical warps**, as in WarpReduce and CUB:
//!   - a power of two (1, 2, 4, 8, 16, 32) cuts each hardware warp into
//!     `32 / LOGICAL_WARP_THREADS` independent logical warps of consecutive
//!     lanes; lane ids count from 0 within each;
//!   - any other size (3, 7, 31, ...) is one logical warp per hardware warp,
//!     its lanes 0 to `LOGICAL_WARP_THREADS - 1`; the other lanes must not call.
//!   All threads of a logical warp must call together.
//!
//! **Order.** Lane i's results combine the lanes in lane order, `op(a, b)`
//! with `a` from lower lanes: the operator must be associative, need not be
//! commutative. The grouping is a tree (log2 rounds), so floating-point
//! results may differ from a left-to-right fold in the last bits.
//!
//! **Undefined outputs.** An exclusive scan without an initial value has
//! nothing to give lane 0: its exclusive output is unspecified
//! (`ExclusiveScan(input, out, op)`, its warp-aggregate form, and `Scan`
//! without an initial value). The `*Sum` members use the initial value 0, so
//! every lane's output is defined.
//!
//! **Warp aggregate.** The overloads with `warp_aggregate` also give every
//! lane the logical warp's total, the scan of all its inputs; the initial
//! value, if any, is not part of it.
//!
//! **Algorithms**, chosen at compile time as CUB chooses them:
//!   - power-of-two logical warps scan in registers with `__shfl_up_sync`,
//!     log2(`LOGICAL_WARP_THREADS`) rounds, no shared memory
//!     (%warp_scan_shfl.cuh in `specializations/`);
//!   - other sizes go through shared memory, one `T` per lane, with a
//!     `__syncwarp()` on each side of every exchange
//!     (%warp_scan_smem.cuh in `specializations/`).
//!
//! **TempStorage.** Each logical warp that calls at the same time needs its
//! own TempStorage, usually in `__shared__` memory. To call again with the
//! same TempStorage, put `__syncwarp()` between the calls; to use the memory
//! for something else that other warps touch, `__syncthreads()`.
//!
//! The API mirrors `cub::WarpScan`: swap `cub::` for `cubling::`.
//!
//! @tparam T                     item type: arithmetic, or any trivially
//!                               copyable struct
//! @tparam LOGICAL_WARP_THREADS  threads per logical warp, 1 to 32 (default 32)
template <typename T, int LOGICAL_WARP_THREADS = warp_threads>
class WarpScan
{
  static_assert(LOGICAL_WARP_THREADS >= 1 && LOGICAL_WARP_THREADS <= warp_threads,
                "a logical warp has 1 to 32 threads");
  static constexpr bool IS_POW_OF_TWO = (LOGICAL_WARP_THREADS & (LOGICAL_WARP_THREADS - 1)) == 0;

public:
  // The specialization chosen for this logical warp size: public, for the
  // block layer to use directly; not part of the documented API.
  using InternalWarpScan = cuda::std::conditional_t<IS_POW_OF_TWO,
                                                    detail::WarpScanShfl<T, LOGICAL_WARP_THREADS>,
                                                    detail::WarpScanSmem<T, LOGICAL_WARP_THREADS>>;

private:
  using _TempStorage = typename InternalWarpScan::TempStorage;
  _TempStorage& temp_storage;

  // The inclusive scan, then whatever the member asked for (see Finish in
  // the specializations). Outputs not asked for are written to `unused`.
  template <bool EXCLUSIVE, bool SEEDED, bool AGGREGATE, typename ScanOp>
  __device__ CUBLING_FORCEINLINE void
  Run(T input, T& inclusive, T& exclusive, T& aggregate, ScanOp scan_op, T initial_value)
  {
    InternalWarpScan internal(temp_storage);
    internal.InclusiveScan(input, inclusive, scan_op);
    internal.template Finish<EXCLUSIVE, SEEDED, AGGREGATE>(input, inclusive, exclusive, aggregate, scan_op,
                                                           initial_value);
  }

public:
  //! @brief The shared memory that one logical warp needs, as an opaque type
  //! with no constructor (see util/uninitialized.cuh).
  struct TempStorage
  //! @cond
      : Uninitialized<_TempStorage>
  //! @endcond
  {};

  //! @brief Construct the warp's view of its temporary storage; the lane is
  //! found from the hardware lane (the \%laneid register).
  //!
  //! @param temp_storage  the logical warp's TempStorage (the same object for
  //!                      all its threads)
  __device__ CUBLING_FORCEINLINE WarpScan(TempStorage& temp_storage)
      : temp_storage(temp_storage.Alias())
  {}

  // --- sums ----------------------------------------------------------------

  //! @brief Inclusive prefix sum (`cuda::std::plus<>`).
  //! @param input             the calling thread's value
  //! @param inclusive_output  its inclusive sum; may alias `input`
  __device__ CUBLING_FORCEINLINE void InclusiveSum(T input, T& inclusive_output)
  {
    InclusiveScan(input, inclusive_output, cuda::std::plus<>{});
  }

  //! @brief Inclusive prefix sum, and the logical warp's total.
  //! @param input             the calling thread's value
  //! @param inclusive_output  its inclusive sum; may alias `input`
  //! @param warp_aggregate    the sum of all the logical warp's inputs, in every lane
  __device__ CUBLING_FORCEINLINE void InclusiveSum(T input, T& inclusive_output, T& warp_aggregate)
  {
    InclusiveScan(input, inclusive_output, cuda::std::plus<>{}, warp_aggregate);
  }

  //! @brief Exclusive prefix sum; lane 0 gets `T{}` (zero).
  //! @param input             the calling thread's value
  //! @param exclusive_output  the sum of the lanes below; may alias `input`
  __device__ CUBLING_FORCEINLINE void ExclusiveSum(T input, T& exclusive_output)
  {
    ExclusiveScan(input, exclusive_output, T{}, cuda::std::plus<>{});
  }

  //! @brief Exclusive prefix sum (lane 0 gets `T{}`), and the logical warp's total.
  //! @param input             the calling thread's value
  //! @param exclusive_output  the sum of the lanes below; may alias `input`
  //! @param warp_aggregate    the sum of all the logical warp's inputs, in every lane
  __device__ CUBLING_FORCEINLINE void ExclusiveSum(T input, T& exclusive_output, T& warp_aggregate)
  {
    ExclusiveScan(input, exclusive_output, T{}, cuda::std::plus<>{}, warp_aggregate);
  }

  // --- inclusive scans -----------------------------------------------------

  //! @brief Inclusive scan with `scan_op`: lane i gets `op(x0, ..., xi)`.
  //! @tparam ScanOp            binary operator `T op(T, T)`, associative
  //! @param input              the calling thread's value
  //! @param inclusive_output   its result; may alias `input`
  //! @param scan_op            the operator
  template <typename ScanOp>
  __device__ CUBLING_FORCEINLINE void InclusiveScan(T input, T& inclusive_output, ScanOp scan_op)
  {
    InternalWarpScan(temp_storage).InclusiveScan(input, inclusive_output, scan_op);
  }

  //! @brief Inclusive scan seeded with `initial_value`: lane i gets
  //! `op(initial_value, x0, ..., xi)`.
  //! @tparam ScanOp            binary operator `T op(T, T)`, associative
  //! @param input              the calling thread's value
  //! @param inclusive_output   its result; may alias `input`
  //! @param initial_value      the value before lane 0's (the same in every lane)
  //! @param scan_op            the operator
  template <typename ScanOp>
  __device__ CUBLING_FORCEINLINE void InclusiveScan(T input, T& inclusive_output, T initial_value, ScanOp scan_op)
  {
    T unused_exclusive, unused_aggregate;
    Run<false, true, false>(input, inclusive_output, unused_exclusive, unused_aggregate, scan_op, initial_value);
  }

  //! @brief Inclusive scan, and the logical warp's total.
  //! @tparam ScanOp            binary operator `T op(T, T)`, associative
  //! @param input              the calling thread's value
  //! @param inclusive_output   its result; may alias `input`
  //! @param scan_op            the operator
  //! @param warp_aggregate     the scan of all the logical warp's inputs, in every lane
  template <typename ScanOp>
  __device__ CUBLING_FORCEINLINE void InclusiveScan(T input, T& inclusive_output, ScanOp scan_op, T& warp_aggregate)
  {
    T unused_exclusive;
    Run<false, false, true>(input, inclusive_output, unused_exclusive, warp_aggregate, scan_op, input);
  }

  //! @brief Inclusive scan seeded with `initial_value`, and the logical warp's
  //! total (which does not include `initial_value`).
  //! @tparam ScanOp            binary operator `T op(T, T)`, associative
  //! @param input              the calling thread's value
  //! @param inclusive_output   its result; may alias `input`
  //! @param initial_value      the value before lane 0's
  //! @param scan_op            the operator
  //! @param warp_aggregate     the scan of all the logical warp's inputs, in every lane
  template <typename ScanOp>
  __device__ CUBLING_FORCEINLINE void
  InclusiveScan(T input, T& inclusive_output, T initial_value, ScanOp scan_op, T& warp_aggregate)
  {
    T unused_exclusive;
    Run<false, true, true>(input, inclusive_output, unused_exclusive, warp_aggregate, scan_op, initial_value);
  }

  // --- exclusive scans -----------------------------------------------------

  //! @brief Exclusive scan: lane i > 0 gets `op(x0, ..., x(i-1))`; lane 0's
  //! output is unspecified.
  //! @tparam ScanOp            binary operator `T op(T, T)`, associative
  //! @param input              the calling thread's value
  //! @param exclusive_output   its result; may alias `input`
  //! @param scan_op            the operator
  template <typename ScanOp>
  __device__ CUBLING_FORCEINLINE void ExclusiveScan(T input, T& exclusive_output, ScanOp scan_op)
  {
    T unused_inclusive, unused_aggregate;
    Run<true, false, false>(input, unused_inclusive, exclusive_output, unused_aggregate, scan_op, input);
  }

  //! @brief Exclusive scan seeded with `initial_value`: lane 0 gets
  //! `initial_value`, lane i gets `op(initial_value, x0, ..., x(i-1))`.
  //! @tparam ScanOp            binary operator `T op(T, T)`, associative
  //! @param input              the calling thread's value
  //! @param exclusive_output   its result; may alias `input`
  //! @param initial_value      the value before lane 0's
  //! @param scan_op            the operator
  template <typename ScanOp>
  __device__ CUBLING_FORCEINLINE void ExclusiveScan(T input, T& exclusive_output, T initial_value, ScanOp scan_op)
  {
    T unused_inclusive, unused_aggregate;
    Run<true, true, false>(input, unused_inclusive, exclusive_output, unused_aggregate, scan_op, initial_value);
  }

  //! @brief Exclusive scan (lane 0's output unspecified), and the logical
  //! warp's total.
  //! @tparam ScanOp            binary operator `T op(T, T)`, associative
  //! @param input              the calling thread's value
  //! @param exclusive_output   its result; may alias `input`
  //! @param scan_op            the operator
  //! @param warp_aggregate     the scan of all the logical warp's inputs, in every lane
  template <typename ScanOp>
  __device__ CUBLING_FORCEINLINE void ExclusiveScan(T input, T& exclusive_output, ScanOp scan_op, T& warp_aggregate)
  {
    T unused_inclusive;
    Run<true, false, true>(input, unused_inclusive, exclusive_output, warp_aggregate, scan_op, input);
  }

  //! @brief Exclusive scan seeded with `initial_value`, and the logical
  //! warp's total (which does not include `initial_value`).
  //! @tparam ScanOp            binary operator `T op(T, T)`, associative
  //! @param input              the calling thread's value
  //! @param exclusive_output   its result; may alias `input`
  //! @param initial_value      the value before lane 0's
  //! @param scan_op            the operator
  //! @param warp_aggregate     the scan of all the logical warp's inputs, in every lane
  template <typename ScanOp>
  __device__ CUBLING_FORCEINLINE void
  ExclusiveScan(T input, T& exclusive_output, T initial_value, ScanOp scan_op, T& warp_aggregate)
  {
    T unused_inclusive;
    Run<true, true, true>(input, unused_inclusive, exclusive_output, warp_aggregate, scan_op, initial_value);
  }

  // --- both at once ----------------------------------------------------------

  //! @brief Inclusive and exclusive scans in one pass; lane 0's exclusive
  //! output is unspecified.
  //! @tparam ScanOp            binary operator `T op(T, T)`, associative
  //! @param input              the calling thread's value
  //! @param inclusive_output   its inclusive result
  //! @param exclusive_output   its exclusive result
  //! @param scan_op            the operator
  template <typename ScanOp>
  __device__ CUBLING_FORCEINLINE void Scan(T input, T& inclusive_output, T& exclusive_output, ScanOp scan_op)
  {
    T unused_aggregate;
    Run<true, false, false>(input, inclusive_output, exclusive_output, unused_aggregate, scan_op, input);
  }

  //! @brief Inclusive and exclusive scans in one pass, both seeded with
  //! `initial_value` (lane 0's exclusive output is `initial_value`).
  //! @tparam ScanOp            binary operator `T op(T, T)`, associative
  //! @param input              the calling thread's value
  //! @param inclusive_output   its inclusive result
  //! @param exclusive_output   its exclusive result
  //! @param initial_value      the value before lane 0's
  //! @param scan_op            the operator
  template <typename ScanOp>
  __device__ CUBLING_FORCEINLINE void
  Scan(T input, T& inclusive_output, T& exclusive_output, T initial_value, ScanOp scan_op)
  {
    T unused_aggregate;
    Run<true, true, false>(input, inclusive_output, exclusive_output, unused_aggregate, scan_op, initial_value);
  }

  // --- data movement ---------------------------------------------------------

  //! @brief Lane `src_lane`'s `input`, returned to every lane of the logical warp.
  //! @param input     the calling thread's value
  //! @param src_lane  the lane (within the logical warp) whose value is returned
  //! @return lane `src_lane`'s `input`
  __device__ CUBLING_FORCEINLINE T Broadcast(T input, unsigned int src_lane)
  {
    return InternalWarpScan(temp_storage).Broadcast(input, src_lane);
  }
};

namespace detail
{

//! The WarpScan member that a block scan of a single warp asks for, chosen at
//! compile time (what BlockScanRaking and BlockScanWarpScans do for a block
//! of one warp): INCLUSIVE or exclusive, SEEDED with `initial_value`
//! (exclusive only), and the AGGREGATE of the warp into `aggregate`.
template <bool INCLUSIVE, bool SEEDED, bool AGGREGATE, typename WarpScanT, typename T, typename ScanOp>
__device__ CUBLING_FORCEINLINE void
warp_scan_as_block(WarpScanT& warp_scan, T input, T& output, ScanOp scan_op, const T& initial_value, T& aggregate)
{
  if constexpr (INCLUSIVE && AGGREGATE)
  {
    warp_scan.InclusiveScan(input, output, scan_op, aggregate);
  }
  else if constexpr (INCLUSIVE)
  {
    warp_scan.InclusiveScan(input, output, scan_op);
  }
  else if constexpr (SEEDED && AGGREGATE)
  {
    warp_scan.ExclusiveScan(input, output, initial_value, scan_op, aggregate);
  }
  else if constexpr (SEEDED)
  {
    warp_scan.ExclusiveScan(input, output, initial_value, scan_op);
  }
  else if constexpr (AGGREGATE)
  {
    warp_scan.ExclusiveScan(input, output, scan_op, aggregate);
  }
  else
  {
    warp_scan.ExclusiveScan(input, output, scan_op);
  }
}

} // namespace detail

} // namespace cubling
