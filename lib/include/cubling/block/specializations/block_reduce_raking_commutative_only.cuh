//! @file
//! BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY: the first warp keeps its values in
//! registers and rakes everyone else's from shared memory, in any order.
//! The reduction operator must be commutative.
#pragma once

#include <cubling/block/specializations/block_reduce_raking.cuh>
#include <cubling/util/arch.cuh>
#include <cubling/util/macros.cuh>
#include <cubling/util/uninitialized.cuh>
#include <cubling/warp/warp_reduce.cuh>

#include <cuda/std/type_traits>

namespace cubling
{
namespace detail
{

//! @brief The commutative-only raking algorithm of cubling::BlockReduce.
//!
//! @warning The reduction operator must be **commutative** as well as
//! associative (sum, min, max, bitwise and/or/xor, ...). Values are combined
//! out of rank order, so a non-commutative operator (composing affine maps,
//! for instance) gives a wrong result, silently. Floating-point sums are
//! commutative, but the order of the additions differs from the other
//! algorithms, so the rounding may too.
//!
//! **How it works.** The block's first warp are the raking threads; they
//! keep their own values in registers. Phase 1: every other thread (a
//! *sharing* thread) stores its value in shared memory, rank `32 + k` at
//! slot `k`. After one `__syncthreads()`, phase 2: lane `l` of the first
//! warp folds slots `l, l + 32, l + 64, ...` into its own value; the 32
//! lanes read 32 consecutive words at each step, so there are no bank
//! conflicts and no padding. Phase 3: the warp reduces its 32 values with
//! cubling::WarpReduce, leaving the block's result in thread 0. A block of
//! 32 threads or fewer is a single warp and uses BlockReduceRaking's warp
//! path.
//!
//! **When to pick it.** For commutative operators, when the block is large:
//! the raking warp stores nothing and keeps its own values in registers,
//! the reads are conflict-free without padding, and the raking loop has
//! `(BLOCK_THREADS - 32) / 32` steps instead of BLOCK_REDUCE_RAKING's
//! `BLOCK_THREADS / 32`.
//! Like BLOCK_REDUCE_RAKING it leaves all warps but one idle after the
//! barrier, which suits kernels where the reduction overlaps other blocks'
//! memory traffic. Block sizes that are not multiples of 32 and partial
//! tiles are handled directly, with guards, rather than by falling back.
//!
//! **Why not BlockRakingLayout.** CUB's version places the sharing threads'
//! values in a raking grid (contiguous segments, padded where they would
//! conflict). The grid exists to keep each raking thread's values in rank
//! order; with a commutative operator nothing needs that order, so lane `l`
//! reads the striped slots `l, l + 32, ...`: conflict-free for every block
//! size, with no padding and no index arithmetic beyond `+ 32`.
//!
//! @tparam T            item type
//! @tparam BLOCK_THREADS threads in the block (`BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z`)
template <typename T, int BLOCK_THREADS>
struct BlockReduceRakingCommutativeOnly
{
  //! A block of one warp or less has nothing to share: BlockReduceRaking's warp path does it.
  static constexpr bool USE_FALLBACK = BLOCK_THREADS <= warp_threads;
  //! Threads that rake: the first warp.
  static constexpr int RAKING_THREADS = warp_threads;
  //! Threads that store their value for the raking warp.
  static constexpr int SHARING_THREADS = USE_FALLBACK ? 1 : BLOCK_THREADS - RAKING_THREADS;
  //! Shared values folded by each raking lane (the last round may be partial).
  static constexpr int ROUNDS = (SHARING_THREADS + RAKING_THREADS - 1) / RAKING_THREADS;
  //! Every round is full: no guards on full tiles.
  static constexpr bool UNGUARDED = SHARING_THREADS % RAKING_THREADS == 0;

  using FallBack    = BlockReduceRaking<T, BLOCK_THREADS>;
  using WarpReduceT = WarpReduce<T, RAKING_THREADS>;

  //! The sharing threads' values and the raking warp's WarpReduce storage,
  //! live at the same time.
  struct DefaultStorage
  {
    typename WarpReduceT::TempStorage warp_reduce;
    T shared[SHARING_THREADS];
  };
  using _TempStorage = cuda::std::conditional_t<USE_FALLBACK, typename FallBack::TempStorage, DefaultStorage>;

  //! The shared memory of one reduction (see util/uninitialized.cuh).
  struct TempStorage : Uninitialized<_TempStorage>
  {};

  _TempStorage& storage;
  int linear_tid;

  __device__ CUBLING_FORCEINLINE BlockReduceRakingCommutativeOnly(TempStorage& temp_storage, int linear_tid_)
      : storage(temp_storage.Alias())
      , linear_tid(linear_tid_)
  {}

  //! Reduce `input` of the first `num_valid` threads (all of them when
  //! FULL_TILE), with a commutative operator; the result is valid in thread 0.
  template <bool FULL_TILE, typename ReductionOp>
  __device__ CUBLING_FORCEINLINE T Reduce(T input, int num_valid, ReductionOp reduction_op)
  {
    if constexpr (USE_FALLBACK)
    {
      return FallBack(storage, linear_tid).template Reduce<FULL_TILE>(input, num_valid, reduction_op);
    }
    else
    {
      // Phase 1: the sharing threads store their values, rank 32 + k at slot k.
      if (linear_tid >= RAKING_THREADS)
      {
        storage.shared[linear_tid - RAKING_THREADS] = input;
      }
      __syncthreads();

      T partial = input;
      if (linear_tid < RAKING_THREADS)
      {
        // Phase 2: lane l folds slots l, l + 32, ... into its own value.
        // (On a partial tile, a lane at or past num_valid has no valid value, own or shared.)
        const int valid_shared = (FULL_TILE ? BLOCK_THREADS : num_valid) - RAKING_THREADS;
        CUBLING_UNROLL
        for (int r = 0; r < ROUNDS; ++r)
        {
          const int slot = r * RAKING_THREADS + linear_tid;
          if ((FULL_TILE && UNGUARDED) || slot < valid_shared)
          {
            partial = reduction_op(partial, storage.shared[slot]);
          }
        }

        // Phase 3: the warp reduces its 32 values.
        // The whole raking warp is here: saying so lets the compiler drop its
        // divergence checks around the shuffles.
        __syncwarp();
        WarpReduceT warp_reduce(storage.warp_reduce);
        if (FULL_TILE)
        {
          partial = warp_reduce.Reduce(partial, reduction_op);
        }
        else
        {
          // One path for every partial tile, without a branch on num_valid.
          const int valid_lanes = num_valid < 1 ? 1 : (num_valid > RAKING_THREADS ? RAKING_THREADS : num_valid);
          partial               = warp_reduce.Reduce(partial, reduction_op, valid_lanes);
        }
      }
      return partial;
    }
  }
};

} // namespace detail
} // namespace cubling
