//! @file
//! BLOCK_REDUCE_WARP_REDUCTIONS: every warp reduces its own values with
//! shuffles, then thread 0 folds the warps' results.
#pragma once

#include <cubling/util/arch.cuh>
#include <cubling/util/macros.cuh>
#include <cubling/util/uninitialized.cuh>
#include <cubling/warp/warp_reduce.cuh>

namespace cubling
{
namespace detail
{

//! @brief The warp-reductions algorithm of cubling::BlockReduce.
//!
//! **How it works.** Phase 1: each warp reduces its threads' values with
//! cubling::WarpReduce (shuffles: no shared memory and no block barrier).
//! Phase 2: lane 0 of every warp writes its warp's result to shared memory;
//! after one `__syncthreads()`, thread 0 folds the warp results in warp
//! order. When the block has a single warp, phase 2 disappears and the
//! reduction has no barrier at all.
//!
//! **When to pick it.** It is the default, and the fastest choice when the
//! reduction itself is on the critical path: one barrier, and every thread
//! is busy during phase 1, so the block's latency is about one warp
//! reduction plus one barrier plus `WARPS - 1` shared-memory reads. The
//! operator need not be commutative: warps are folded in order and each
//! warp reduction keeps lane order. Its cost is a few more instructions per
//! thread than the raking algorithms, which matters only when many blocks
//! compete for issue slots (the raking algorithms leave most warps idle).
//!
//! Threads are grouped into warps by their row-major rank, as the hardware
//! does; a last, partial warp (block sizes that are not multiples of 32) is
//! reduced with the valid-items form of WarpReduce.
//!
//! @tparam T            item type
//! @tparam BLOCK_THREADS threads in the block (`BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z`)
template <typename T, int BLOCK_THREADS>
struct BlockReduceWarpReductions
{
  //! Threads per logical warp: a block smaller than a warp is one logical warp.
  static constexpr int LOGICAL_WARP_THREADS = BLOCK_THREADS < warp_threads ? BLOCK_THREADS : warp_threads;
  static constexpr int WARPS                = (BLOCK_THREADS + warp_threads - 1) / warp_threads;
  //! Every warp is whole, so full tiles need no valid-items guard.
  static constexpr bool EVEN_WARPS = BLOCK_THREADS % LOGICAL_WARP_THREADS == 0;

  using WarpReduceT = WarpReduce<T, LOGICAL_WARP_THREADS>;

  //! Each warp's WarpReduce storage, and the warps' results. The two are
  //! live at the same time (a fast warp publishes its result while a slow
  //! one is still reducing), so they do not share space.
  struct _TempStorage
  {
    typename WarpReduceT::TempStorage warp_reduce[WARPS];
    T warp_results[WARPS];
  };

  //! The shared memory of one reduction (see util/uninitialized.cuh).
  struct TempStorage : Uninitialized<_TempStorage>
  {};

  _TempStorage& storage;
  int linear_tid;

  __device__ CUBLING_FORCEINLINE BlockReduceWarpReductions(TempStorage& temp_storage, int linear_tid_)
      : storage(temp_storage.Alias())
      , linear_tid(linear_tid_)
  {}

  //! Reduce `input` of the first `num_valid` threads (all of them when
  //! FULL_TILE); the result is valid in thread 0.
  template <bool FULL_TILE, typename ReductionOp>
  __device__ CUBLING_FORCEINLINE T Reduce(T input, int num_valid, ReductionOp reduction_op)
  {
    const int warp_id    = (WARPS == 1) ? 0 : linear_tid / warp_threads;
    const int warp_first = warp_id * warp_threads;
    T warp_result        = input;

    // Phase 1: each warp reduces its own threads' values.
    if (FULL_TILE && EVEN_WARPS)
    {
      warp_result = WarpReduceT(storage.warp_reduce[warp_id]).Reduce(input, reduction_op);
    }
    else
    {
      // The valid threads of this warp: all of them but in the last, partial
      // warp. Every warp takes the same path, with no branch on the warp: a
      // warp entirely past num_valid reduces one (unused) value.
      const int block_valid = FULL_TILE ? BLOCK_THREADS : num_valid;
      const int past_first  = block_valid - warp_first;
      const int warp_valid =
          past_first < 1 ? 1 : (past_first < LOGICAL_WARP_THREADS ? past_first : LOGICAL_WARP_THREADS);

      warp_result = WarpReduceT(storage.warp_reduce[warp_id]).Reduce(input, reduction_op, warp_valid);
    }
    if (WARPS == 1)
    {
      return warp_result;
    }

    // Phase 2: publish each warp's result, then thread 0 folds them in order.
    if (linear_tid == warp_first)
    {
      storage.warp_results[warp_id] = warp_result;
    }
    __syncthreads();
    if (linear_tid == 0)
    {
      CUBLING_UNROLL
      for (int w = 1; w < WARPS; ++w)
      {
        if (FULL_TILE || w * warp_threads < num_valid)
        {
          warp_result = reduction_op(warp_result, storage.warp_results[w]);
        }
      }
    }
    return warp_result;
  }
};

} // namespace detail
} // namespace cubling
