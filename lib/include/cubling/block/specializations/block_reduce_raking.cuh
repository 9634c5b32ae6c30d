//! @file
//! BLOCK_REDUCE_RAKING: threads share their values through shared memory,
//! one warp rakes them in order, then reduces its 32 partials.
#pragma once

#include <cubling/block/block_raking_layout.cuh>
#include <cubling/util/arch.cuh>
#include <cubling/util/macros.cuh>
#include <cubling/util/uninitialized.cuh>
#include <cubling/warp/warp_reduce.cuh>

#include <cuda/std/type_traits>

namespace cubling
{
namespace detail
{

//! @brief The raking algorithm of cubling::BlockReduce: ordered, so it
//! accepts any associative operator, commutative or not.
//!
//! **How it works.** Phase 1: every thread places its value in a
//! cubling::BlockRakingLayout grid, which cuts the ranks into
//! `RAKING_THREADS` segments of `SEGMENT_LENGTH` consecutive ranks. After one
//! `__syncthreads()`, phase 2: the threads of the first warp each *rake* one
//! segment, folding its values sequentially and in order. Phase 3: that warp
//! reduces the segments' results with cubling::WarpReduce, in lane order,
//! leaving the block's result in thread 0. Every value is combined in rank
//! order, so `op(op(x0, x1), x2)...` is what the block computes, up to the
//! grouping that associativity allows. The layout pads long even segments
//! so that the raking threads read from different banks. A block of 32
//! threads or fewer skips phases 1 and 2: it is a single (logical) warp.
//!
//! The whole first warp takes part in phase 3 even when fewer of its lanes
//! rake (a block of 40 threads has 20 segments of 2): the lanes without a
//! segment are left out by WarpReduce's `valid_items`, and the warp keeps
//! the 32-lane shuffle reduction, where a 20-lane logical warp would go
//! through shared memory.
//!
//! **When to pick it.** When the operator is associative but not
//! commutative (composing affine maps or matrices, string-like
//! concatenations, "first/last valid value" operators), and when the block
//! size is not a multiple of 32: both of those are handled at full speed.
//! It keeps all but one warp idle after the barrier, so it leaves issue
//! slots to the other blocks on the multiprocessor; raking is a sequential,
//! latency-bound loop of `SEGMENT_LENGTH` dependent operations, so for large
//! blocks and a reduction on the critical path BLOCK_REDUCE_WARP_REDUCTIONS
//! is usually a little faster.
//!
//! @tparam T            item type
//! @tparam BLOCK_THREADS threads in the block (`BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z`)
template <typename T, int BLOCK_THREADS>
struct BlockReduceRaking
{
  //! The grid that the block's values go through.
  using BlockRakingLayoutT = BlockRakingLayout<T, BLOCK_THREADS>;
  //! A block of one warp or less reduces with WarpReduce alone.
  static constexpr bool WARP_SYNCHRONOUS = BLOCK_THREADS <= warp_threads;
  //! The lanes of the raking warp: one warp, or the whole block when it is smaller.
  static constexpr int RAKING_WARP_THREADS = BlockRakingLayoutT::MAX_RAKING_THREADS;
  //! Lanes that rake a segment (the others only join the warp reduction).
  static constexpr int RAKING_THREADS = BlockRakingLayoutT::RAKING_THREADS;
  //! Consecutive ranks folded by one raking lane.
  static constexpr int SEGMENT_LENGTH = BlockRakingLayoutT::SEGMENT_LENGTH;
  //! Every lane of the raking warp has a full segment: full tiles need no guards.
  static constexpr bool UNGUARDED = BlockRakingLayoutT::UNGUARDED && RAKING_THREADS == RAKING_WARP_THREADS;

  using WarpReduceT = WarpReduce<T, RAKING_WARP_THREADS>;

  //! The raking grid and the raking warp's WarpReduce storage. The warp
  //! reduction may start in one lane while another still rakes, so the two
  //! do not share space. (A single warp needs no grid.)
  struct RakingStorage
  {
    typename WarpReduceT::TempStorage warp_reduce;
    typename BlockRakingLayoutT::TempStorage raking_grid;
  };
  struct WarpStorage
  {
    typename WarpReduceT::TempStorage warp_reduce;
  };
  using _TempStorage = cuda::std::conditional_t<WARP_SYNCHRONOUS, WarpStorage, RakingStorage>;

  //! The shared memory of one reduction (see util/uninitialized.cuh).
  struct TempStorage : Uninitialized<_TempStorage>
  {};

  _TempStorage& storage;
  int linear_tid;

  __device__ CUBLING_FORCEINLINE BlockReduceRaking(TempStorage& temp_storage, int linear_tid_)
      : storage(temp_storage.Alias())
      , linear_tid(linear_tid_)
  {}

  //! Reduce `input` of the first `num_valid` threads (all of them when
  //! FULL_TILE); the result is valid in thread 0.
  template <bool FULL_TILE, typename ReductionOp>
  __device__ CUBLING_FORCEINLINE T Reduce(T input, int num_valid, ReductionOp reduction_op)
  {
    if constexpr (WARP_SYNCHRONOUS)
    {
      WarpReduceT warp_reduce(storage.warp_reduce);
      return FULL_TILE ? warp_reduce.Reduce(input, reduction_op) : warp_reduce.Reduce(input, reduction_op, num_valid);
    }
    else
    {
      // Phase 1: place. Rank r's slot is in segment r / SEGMENT_LENGTH.
      *BlockRakingLayoutT::PlacementPtr(storage.raking_grid, linear_tid) = input;
      __syncthreads();

      T partial = input;
      if (linear_tid < RAKING_WARP_THREADS)
      {
        // Phase 2: rake. Lane l folds ranks [l * SEGMENT_LENGTH, (l + 1) * SEGMENT_LENGTH), in order.
        const int valid = FULL_TILE ? BLOCK_THREADS : num_valid;
        const T* values = BlockRakingLayoutT::RakingPtr(storage.raking_grid, linear_tid);
        if constexpr (FULL_TILE && BlockRakingLayoutT::UNGUARDED)
        {
          // Every segment is full: a lane that has one reads all of it, unguarded.
          if (RAKING_THREADS == RAKING_WARP_THREADS || linear_tid < RAKING_THREADS)
          {
            partial = values[0];
            CUBLING_UNROLL
            for (int j = 1; j < SEGMENT_LENGTH; ++j)
            {
              partial = reduction_op(partial, values[j]);
            }
          }
        }
        else
        {
          // Only ranks below `valid`. A lane past the last segment has
          // first >= BLOCK_THREADS >= valid, so it reads nothing.
          const int first = linear_tid * SEGMENT_LENGTH;
          if (first < valid)
          {
            partial = values[0];
          }
          CUBLING_UNROLL
          for (int j = 1; j < SEGMENT_LENGTH; ++j)
          {
            if (first + j < valid)
            {
              partial = reduction_op(partial, values[j]);
            }
          }
        }

        // Phase 3: the raking warp reduces its lanes' partials, in lane order.
        // The whole raking warp is here: saying so lets the compiler drop its
        // divergence checks around the shuffles.
        __syncwarp();
        WarpReduceT warp_reduce(storage.warp_reduce);
        if (FULL_TILE && UNGUARDED)
        {
          partial = warp_reduce.Reduce(partial, reduction_op);
        }
        else
        {
          // One path for every partial case, without a branch on num_valid.
          const int valid_lanes = (valid + SEGMENT_LENGTH - 1) / SEGMENT_LENGTH;

          partial = warp_reduce.Reduce(partial, reduction_op, valid_lanes < 1 ? 1 : valid_lanes);
        }
      }
      return partial;
    }
  }
};

} // namespace detail
} // namespace cubling
