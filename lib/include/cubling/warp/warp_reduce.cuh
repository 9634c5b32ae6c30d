//! @file
//! WarpReduce: the threads of a (logical) warp reduce one value each.
#pragma once

#include <cuda/std/type_traits>

#include <cubling/thread/thread_operators.cuh>
#include <cubling/util/arch.cuh>
#include <cubling/util/macros.cuh>
#include <cubling/util/uninitialized.cuh>
#include <cubling/warp/specializations/warp_reduce_shfl.cuh>
#include <cubling/warp/specializations/warp_reduce_smem.cuh>

namespace cubling
{

//! @brief Cooperative reduction across the threads of a warp, or of a logical
//! warp of 1 to 32 threads: every thread brings one value, and lane 0 of each
//! logical warp gets the reduction of them all.
//!
//! **Logical warps.** `LOGICAL_WARP_THREADS` may be smaller than the hardware
//! warp:
//!   - a power of two (1, 2, 4, 8, 16, 32) cuts each hardware warp into
//!     `32 / LOGICAL_WARP_THREADS` independent logical warps of consecutive
//!     lanes (lanes 0-7, 8-15, ... for 8). Each reduces its own values, and
//!     its lane 0 (hardware lanes 0, 8, 16, 24) gets its result. The number of
//!     threads that call must be a multiple of `LOGICAL_WARP_THREADS`, and all
//!     threads of a logical warp must call together;
//!   - any other size (3, 7, 9, ...) runs one logical warp per hardware warp:
//!     its lanes 0 to `LOGICAL_WARP_THREADS - 1` must call, and the other lanes
//!     must not.
//!
//! **Where the result is.** In lane 0 of each logical warp only. The value
//! returned to other lanes is unspecified (it is a partial result, or garbage).
//! To give every lane the result, broadcast it, for example with
//! `__shfl_sync(mask, result, 0, LOGICAL_WARP_THREADS)`.
//!
//! **Algorithms**, chosen at compile time:
//!   - power-of-two logical warps reduce in registers with `__shfl_down_sync`,
//!     log2(`LOGICAL_WARP_THREADS`) rounds, and use no shared memory
//!     (%warp_reduce_shfl.cuh in `specializations/`);
//!   - the sums, minima and maxima of `int` and `unsigned int` over a full
//!     32-thread warp, with no `valid_items`, compile to one `redux.sync`
//!     instruction (`__reduce_add_sync`, `__reduce_min_sync`,
//!     `__reduce_max_sync`) on sm_80 and newer. The operators recognised are
//!     cubling::Sum, cubling::Min, cubling::Max, `cuda::std::plus`,
//!     `cuda::minimum` and `cuda::maximum`;
//!   - other sizes go through shared memory, one `T` per lane, with a
//!     `__syncwarp()` on each side of every exchange
//!     (%warp_reduce_smem.cuh in `specializations/`).
//!
//! **Order.** Lane 0's result combines the lanes in lane order, `op(a, b)`
//! with `a` from lower lanes, as a balanced tree: the operator must be
//! associative, need not be commutative. Floating-point results may differ
//! from a left-to-right fold in the last bits, as the grouping differs.
//!
//! **TempStorage.** Each logical warp that calls at the same time needs its
//! own TempStorage, usually in `__shared__` memory (one per warp of the
//! block). To call again with the same TempStorage, put `__syncwarp()`
//! between the calls; to use the memory for something else that other warps
//! read or write, `__syncthreads()`. (The shuffle and `redux` versions use no
//! shared memory at all; code that follows these rules does not have to know
//! which version it got.)
//!
//! The API mirrors `cub::WarpReduce`: swap `cub::` for `cubling::`.
//!
//! @tparam T                     item type: arithmetic, or any trivially
//!                               copyable struct (items move between lanes as
//!                               raw 32-bit words)
//! @tparam LOGICAL_WARP_THREADS  threads per logical warp, 1 to 32 (default 32)
template <typename T, int LOGICAL_WARP_THREADS = warp_threads>
class WarpReduce
{
  static_assert(LOGICAL_WARP_THREADS >= 1 && LOGICAL_WARP_THREADS <= warp_threads,
                "a logical warp has 1 to 32 threads");
  static constexpr bool IS_POW_OF_TWO = (LOGICAL_WARP_THREADS & (LOGICAL_WARP_THREADS - 1)) == 0;

public:
  // The specialization chosen for this logical warp size: public, as in CUB,
  // for the block layer to use directly; not part of the documented API.
  using InternalWarpReduce =
    cuda::std::conditional_t<IS_POW_OF_TWO,
                             detail::WarpReduceShfl<T, LOGICAL_WARP_THREADS>,
                             detail::WarpReduceSmem<T, LOGICAL_WARP_THREADS>>;

private:
  using _TempStorage = typename InternalWarpReduce::TempStorage;
  _TempStorage& temp_storage;

public:
  //! @brief The shared memory that one logical warp needs, as an opaque type
  //! with no constructor, so that it can be `__shared__` and can share a
  //! union with other primitives' TempStorage (see util/uninitialized.cuh).
  struct TempStorage
  //! @cond
      : Uninitialized<_TempStorage>
  //! @endcond
  {};

  //! @brief Construct the warp's view of its temporary storage. Every thread
  //! of the logical warp constructs one; the lane and the logical warp are
  //! found from the hardware lane (the \%laneid register).
  //!
  //! @param temp_storage  the logical warp's TempStorage (the same object for
  //!                      all its threads)
  __device__ CUBLING_FORCEINLINE WarpReduce(TempStorage& temp_storage)
      : temp_storage(temp_storage.Alias())
  {}

  //! @brief The sum of the logical warp's values, valid in its lane 0.
  //!
  //! Computed with `a + b` (cubling::Sum), converted back to `T`: small
  //! integers wrap as they would when stored one sum at a time.
  //!
  //! @param input  the calling thread's value
  //! @return in lane 0 of the logical warp, the sum of all its threads' `input`;
  //!         in other lanes, an unspecified value
  __device__ CUBLING_FORCEINLINE T Sum(T input)
  {
    return InternalWarpReduce(temp_storage).template Reduce<true>(input, LOGICAL_WARP_THREADS, ::cubling::Sum{});
  }

  //! @brief The sum of the values of the first `valid_items` threads of the
  //! logical warp, valid in its lane 0.
  //!
  //! Every thread of the logical warp must still call, with the same
  //! `valid_items`; the `input` of threads at or past `valid_items` is ignored
  //! (it may be uninitialised).
  //!
  //! @param input        the calling thread's value
  //! @param valid_items  how many threads, from lane 0, hold valid values:
  //!                     1 to `LOGICAL_WARP_THREADS`
  //! @return in lane 0, the sum of lanes `0 .. valid_items - 1`; elsewhere, an
  //!         unspecified value
  __device__ CUBLING_FORCEINLINE T Sum(T input, int valid_items)
  {
    return InternalWarpReduce(temp_storage).template Reduce<false>(input, valid_items, ::cubling::Sum{});
  }

  //! @brief The reduction of the logical warp's values with `reduction_op`,
  //! valid in its lane 0.
  //!
  //! @tparam ReductionOp   binary operator `T op(T, T)` (its result is
  //!                       converted to `T`), associative
  //! @param input          the calling thread's value
  //! @param reduction_op   the operator, for example cubling::Max or a struct
  //!                       with a `__device__ operator()`
  //! @return in lane 0 of the logical warp, the reduction of all its threads'
  //!         `input`, in lane order; in other lanes, an unspecified value
  template <typename ReductionOp>
  __device__ CUBLING_FORCEINLINE T Reduce(T input, ReductionOp reduction_op)
  {
    return InternalWarpReduce(temp_storage).template Reduce<true>(input, LOGICAL_WARP_THREADS, reduction_op);
  }

  //! @brief The reduction with `reduction_op` of the values of the first
  //! `valid_items` threads of the logical warp, valid in its lane 0.
  //!
  //! Every thread of the logical warp must still call, with the same
  //! `valid_items`; the `input` of threads at or past `valid_items` is ignored.
  //!
  //! @tparam ReductionOp   binary operator `T op(T, T)`, associative
  //! @param input          the calling thread's value
  //! @param reduction_op   the operator
  //! @param valid_items    how many threads, from lane 0, hold valid values:
  //!                       1 to `LOGICAL_WARP_THREADS`
  //! @return in lane 0, the reduction of lanes `0 .. valid_items - 1` in lane
  //!         order; elsewhere, an unspecified value
  template <typename ReductionOp>
  __device__ CUBLING_FORCEINLINE T Reduce(T input, ReductionOp reduction_op, int valid_items)
  {
    return InternalWarpReduce(temp_storage).template Reduce<false>(input, valid_items, reduction_op);
  }
};

} // namespace cubling
