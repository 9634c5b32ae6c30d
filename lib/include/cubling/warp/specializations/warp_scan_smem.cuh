//! @file
//! WarpScanSmem: the prefix scan of a logical warp of any size, through shared memory.
//!
//! How it works: the same Kogge-Stone rounds as the shuffle version, with a
//! small array in shared memory (one slot per lane) in place of the shuffle.
//! Each round is: every lane writes its running value to its slot;
//! `__syncwarp`; lane i reads slot i - d (when i >= d) and folds it in on the
//! left; `__syncwarp`, so that no lane overwrites a slot that another lane has
//! yet to read. ceil(log2(LOGICAL_WARP_THREADS)) rounds. The exclusive result
//! and the warp's total come from one more publish: each lane writes its
//! inclusive result, and after one barrier reads its left neighbour's slot and
//! the last lane's slot.
//!
//! When to pick it: WarpScan picks it for logical warps whose size is not a
//! power of two (3, 7, 31, ...), which the shuffle version cannot serve. As in
//! CUB, such a logical warp is lanes 0 to LOGICAL_WARP_THREADS - 1 of its
//! hardware warp, and only those lanes call. For power-of-two sizes it also
//! works (each logical warp of a hardware warp then needs its own
//! TempStorage), but the shuffle version is faster: no shared-memory round
//! trips and no barriers.
#pragma once

#include <cuda/std/functional>
#include <cuda/std/type_traits>

#include <cubling/util/arch.cuh>
#include <cubling/util/lane_id.cuh>
#include <cubling/util/macros.cuh>
#include <cubling/util/uninitialized.cuh>
#include <cubling/warp/specializations/warp_scan_shfl.cuh>

namespace cubling
{
namespace detail
{

//! @brief Prefix scan across a logical warp of 1 to 32 lanes, through shared memory.
//!
//! @tparam T                     item type
//! @tparam LOGICAL_WARP_THREADS  1 to 32
template <typename T, int LOGICAL_WARP_THREADS>
struct WarpScanSmem
{
  static_assert(LOGICAL_WARP_THREADS >= 1 && LOGICAL_WARP_THREADS <= warp_threads,
                "WarpScanSmem needs a logical warp of 1 to 32 threads");
  static constexpr bool IS_POW_OF_TWO = (LOGICAL_WARP_THREADS & (LOGICAL_WARP_THREADS - 1)) == 0;

  //! One slot per lane.
  struct _TempStorage
  {
    T items[LOGICAL_WARP_THREADS];
  };

  //! The slots, as opaque bytes (see util/uninitialized.cuh).
  struct TempStorage : Uninitialized<_TempStorage>
  {};

  _TempStorage& temp_storage;
  int lane;                 //!< lane in the logical warp
  unsigned int member_mask; //!< the hardware lanes of this logical warp

  __device__ CUBLING_FORCEINLINE explicit WarpScanSmem(TempStorage& storage)
      : temp_storage(storage.Alias())
      , lane(static_cast<int>(LaneId() % LOGICAL_WARP_THREADS))
      , member_mask((0xffffffffu >> (warp_threads - LOGICAL_WARP_THREADS))
                    << (IS_POW_OF_TWO ? LaneId() / LOGICAL_WARP_THREADS * LOGICAL_WARP_THREADS : 0u))
  {}

  //! Inclusive scan: lane i gets `op(x0, ..., xi)`. The storage is free again
  //! when it returns (the last round ends with a barrier).
  template <typename ScanOp>
  __device__ CUBLING_FORCEINLINE void InclusiveScan(T input, T& inclusive, ScanOp scan_op)
  {
    T value = input;
#pragma unroll
    for (int distance = 1; distance < LOGICAL_WARP_THREADS; distance *= 2)
    {
      temp_storage.items[lane] = value;
      __syncwarp(member_mask);
      if (lane >= distance)
      {
        value = static_cast<T>(scan_op(temp_storage.items[lane - distance], value));
      }
      __syncwarp(member_mask);
    }
    inclusive = value;
  }

  //! What follows a finished inclusive scan (the same contract as
  //! WarpScanShfl::Finish): the total without `initial_value` when
  //! AGGREGATE; `inclusive = op(initial_value, inclusive)` when SEEDED; the
  //! left neighbour's inclusive result when EXCLUSIVE (lane 0's is
  //! `initial_value` when SEEDED, else unspecified).
  template <bool EXCLUSIVE, bool SEEDED, bool AGGREGATE, typename ScanOp>
  __device__ CUBLING_FORCEINLINE void
  Finish(T input, T& inclusive, T& exclusive, T& aggregate, ScanOp scan_op, T initial_value)
  {
    constexpr bool INTEGER_SUM = scan_is_integer_sum<T, ScanOp>;
    constexpr bool PUBLISH     = AGGREGATE || (EXCLUSIVE && !INTEGER_SUM);
    // Published unseeded: the total must not include initial_value, and the
    // seed is folded into what each lane reads instead (the same operations
    // in the same order as seeding first, so the same bits).
    T left = inclusive;
    if constexpr (PUBLISH)
    {
      temp_storage.items[lane] = inclusive;
      __syncwarp(member_mask);
      if constexpr (AGGREGATE)
      {
        aggregate = temp_storage.items[LOGICAL_WARP_THREADS - 1];
      }
      if (EXCLUSIVE && !INTEGER_SUM && lane > 0)
      {
        left = temp_storage.items[lane - 1];
      }
    }
    if constexpr (SEEDED)
    {
      inclusive = static_cast<T>(scan_op(initial_value, inclusive));
    }
    if constexpr (EXCLUSIVE)
    {
      if constexpr (INTEGER_SUM)
      {
        exclusive = static_cast<T>(inclusive - input); // lane 0 gets 0 or initial_value
      }
      else if constexpr (SEEDED)
      {
        exclusive = lane == 0 ? initial_value : static_cast<T>(scan_op(initial_value, left));
      }
      else
      {
        exclusive = left; // lane 0: its own inclusive value (unspecified)
      }
    }
  }

  //! Lane `src_lane`'s `input`, in every lane of the logical warp.
  __device__ CUBLING_FORCEINLINE T Broadcast(T input, unsigned int src_lane)
  {
    if (lane == static_cast<int>(src_lane))
    {
      temp_storage.items[0] = input;
    }
    __syncwarp(member_mask);
    return temp_storage.items[0];
  }
};

} // namespace detail
} // namespace cubling
