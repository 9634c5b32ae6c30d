//! @file
//! BLOCK_REDUCE_RAKING: threads share their values through shared memory,
//! one warp rakes them in order, then reduces its 32 partials.
#pragma once

#include <cubling/util/macros.cuh>
#include <cubling/util/math.cuh>
#include <cubling/warp/warp_reduce.cuh>

namespace cubling
{
namespace detail
{

//! @brief The raking algorithm of cubling::BlockReduce: ordered, so it
//! accepts any associative operator, commutative or not.
//!
//! **How it works.** Phase 1: every thread stores its value in a shared
//! array (the *raking grid*), cut into `RAKING_THREADS` segments of
//! `SEGMENT_LENGTH` consecutive ranks. After one `__syncthreads()`, phase 2:
//! the threads of the first warp each *rake* one segment, folding its values
//! sequentially and in order. Phase 3: that warp reduces the segments'
//! results with cubling::WarpReduce, in lane order, leaving the block's
//! result in thread 0. Every value is combined in rank order, so
//! `op(op(x0, x1), x2)...` is what the block computes, up to the grouping
//! that associativity allows. Segments are padded to an odd number of words
//! so that the 32 raking threads read from 32 different banks. A block of 32
//! threads or fewer skips phases 1 and 2: it is a single (logical) warp.
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
  static constexpr int WARP_THREADS = 32;
  //! Threads that rake: one warp, or the whole block when it is smaller.
  static constexpr int RAKING_THREADS = BLOCK_THREADS < WARP_THREADS ? BLOCK_THREADS : WARP_THREADS;
  //! A block of one warp or less reduces with WarpReduce alone.
  static constexpr bool WARP_SYNCHRONOUS = BLOCK_THREADS <= WARP_THREADS;
  //! Consecutive ranks folded by one raking thread.
  static constexpr int SEGMENT_LENGTH = (BLOCK_THREADS + RAKING_THREADS - 1) / RAKING_THREADS;
  //! Words between two segments: odd, so that the raking threads' reads fall in different banks.
  static constexpr int SEGMENT_STRIDE = SEGMENT_LENGTH | 1;
  //! Every segment is full (the block is a multiple of the raking threads): no guards.
  static constexpr bool UNGUARDED = BLOCK_THREADS % RAKING_THREADS == 0;

  using WarpReduceT = WarpReduce<T, RAKING_THREADS>;

  //! Shared memory: the raking grid and the raking warp's WarpReduce storage.
  //! The warp reduction may start in one lane while another still rakes, so
  //! the two do not share space.
  struct TempStorage
  {
    typename WarpReduceT::TempStorage warp_reduce;
    T raking_grid[WARP_SYNCHRONOUS ? 1 : RAKING_THREADS * SEGMENT_STRIDE];
  };

  TempStorage& storage;
  int linear_tid;

  __device__ CUBLING_FORCEINLINE BlockReduceRaking(TempStorage& storage_, int linear_tid_)
      : storage(storage_)
      , linear_tid(linear_tid_)
  {}

  //! Reduce `input` of the first `num_valid` threads (all of them when
  //! FULL_TILE); the result is valid in thread 0.
  template <bool FULL_TILE, typename ReductionOp>
  __device__ CUBLING_FORCEINLINE T Reduce(T input, int num_valid, ReductionOp reduction_op)
  {
    if (WARP_SYNCHRONOUS)
    {
      WarpReduceT warp_reduce(storage.warp_reduce);
      return FULL_TILE ? warp_reduce.Reduce(input, reduction_op) : warp_reduce.Reduce(input, reduction_op, num_valid);
    }

    // Phase 1: share. Rank r goes to slot r % SEGMENT_LENGTH of segment r / SEGMENT_LENGTH.
    const int slot            = (linear_tid / SEGMENT_LENGTH) * SEGMENT_STRIDE + linear_tid % SEGMENT_LENGTH;
    storage.raking_grid[slot] = input;
    __syncthreads();

    T partial = input;
    if (linear_tid < RAKING_THREADS)
    {
      // Phase 2: rake. Lane l folds ranks [l * SEGMENT_LENGTH, (l + 1) * SEGMENT_LENGTH), in order.
      const int valid = FULL_TILE ? BLOCK_THREADS : num_valid;
      const int first = linear_tid * SEGMENT_LENGTH;
      const T* values = storage.raking_grid + linear_tid * SEGMENT_STRIDE;
      if ((FULL_TILE && UNGUARDED) || first < valid)
      {
        partial = values[0];
      }
      CUBLING_UNROLL
      for (int j = 1; j < SEGMENT_LENGTH; ++j)
      {
        if ((FULL_TILE && UNGUARDED) || first + j < valid)
        {
          partial = reduction_op(partial, values[j]);
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
};

} // namespace detail
} // namespace cubling
