//! @file
//! WarpReduceSmem: the reduction of a logical warp of any size, through shared memory.
//!
//! A shuffle tree needs the logical warp to tile the hardware warp, so it
//! works for power-of-two sizes only. This specialization works for any size
//! from 1 to 32 (WarpReduce uses it for the others: 3, 7, 9, 31, ...): the
//! lanes trade values through a small array in shared memory, with a
//! __syncwarp() on each side of every exchange. As in CUB, only the first
//! logical warp of each hardware warp may call it (lanes 0 to
//! LOGICAL_WARP_THREADS - 1): logical warps of a size that does not divide 32
//! would straddle hardware warps.
#pragma once

#include <cubling/util/arch.cuh>
#include <cubling/util/lane_id.cuh>
#include <cubling/util/macros.cuh>
#include <cubling/util/uninitialized.cuh>

namespace cubling
{
namespace detail
{

//! @brief Reduction across the first LOGICAL_WARP_THREADS lanes of a hardware
//! warp, through shared memory.
//!
//! @tparam T                     item type
//! @tparam LOGICAL_WARP_THREADS  1 to 32
template <typename T, int LOGICAL_WARP_THREADS>
struct WarpReduceSmem
{
  static_assert(LOGICAL_WARP_THREADS >= 1 && LOGICAL_WARP_THREADS <= warp_threads,
                "WarpReduceSmem needs a logical warp of 1 to 32 threads");

  //! One slot per lane.
  struct _TempStorage
  {
    T items[LOGICAL_WARP_THREADS];
  };

  //! The slots, as opaque bytes (see util/uninitialized.cuh).
  struct TempStorage : Uninitialized<_TempStorage>
  {};

  _TempStorage& temp_storage;
  int lane;                 //!< lane in the logical warp, which is the hardware lane
  unsigned int member_mask; //!< lanes 0 .. LOGICAL_WARP_THREADS - 1

  __device__ CUBLING_FORCEINLINE explicit WarpReduceSmem(TempStorage& storage)
      : temp_storage(storage.Alias())
      , lane(static_cast<int>(LaneId()))
      , member_mask(0xffffffffu >> (warp_threads - LOGICAL_WARP_THREADS))
  {}

  //! Reduce the logical warp's values; the result is valid in lane 0.
  //! ALL_LANES_VALID says, at compile time, that valid_items is the whole
  //! logical warp.
  template <bool ALL_LANES_VALID, typename ReductionOp>
  __device__ CUBLING_FORCEINLINE T Reduce(T input, int valid_items, ReductionOp reduction_op)
  {
    const int valid = (ALL_LANES_VALID || valid_items > LOGICAL_WARP_THREADS) ? LOGICAL_WARP_THREADS : valid_items;
    // The same tree as the shuffle version, ceil(log2(LOGICAL_WARP_THREADS))
    // rounds: before the round with `offset`, lane i holds the reduction of
    // lanes [i, i + offset) clipped to the valid lanes, and folds in the slot
    // of lane i + offset when that lane is valid. Each round is
    //   1. publish: every lane writes its value to its own slot;
    //   2. __syncwarp: all slots are written and visible;
    //   3. read: lane i reads slot i + offset;
    //   4. __syncwarp: all reads are done before the next round overwrites.
    // Dropping barrier 4 lets a fast lane overwrite its slot while a slow lane
    // still has to read it: the bug of the old warp-synchronous idiom (see
    // chapter 02, step 2). After the last round's barrier 4 no lane reads
    // the storage any more.
    T value = input;
#pragma unroll
    for (int offset = 1; offset < LOGICAL_WARP_THREADS; offset *= 2)
    {
      temp_storage.items[lane] = value;
      __syncwarp(member_mask);
      if (lane + offset < valid)
      {
        value = static_cast<T>(reduction_op(value, temp_storage.items[lane + offset]));
      }
      __syncwarp(member_mask);
    }
    return value;
  }
};

} // namespace detail
} // namespace cubling
