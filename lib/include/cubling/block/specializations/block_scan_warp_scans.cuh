//! @file
//! BLOCK_SCAN_WARP_SCANS: every warp scans its own values with shuffles, then
//! the warps' totals are combined through shared memory after one barrier.
#pragma once

#include <cubling/util/arch.cuh>
#include <cubling/util/lane_id.cuh>
#include <cubling/util/macros.cuh>
#include <cubling/util/uninitialized.cuh>
#include <cubling/warp/warp_scan.cuh>

namespace cubling
{
namespace detail
{

//! @brief The warp-scans algorithm of cubling::BlockScan, for blocks whose
//! size is a multiple of 32 threads.
//!
//! **How it works.** Phase 1: each warp scans its 32 values with
//! cubling::WarpScan (five shuffle rounds, no shared memory), so every lane
//! knows its prefix *within* its warp, and the warp's last lane knows the
//! warp's total. Phase 2: the last lane of each warp writes that total to
//! one shared slot per warp; one `__syncthreads()`. Phase 3: every thread
//! reads the `WARPS` totals (broadcast reads, one per warp, all issued at
//! once) and folds them in warp order, keeping the fold of the warps before
//! its own: that is its warp's prefix, and the full fold is the block's
//! total. Each thread then puts its warp's prefix in front of its own
//! result. The order of every combination is rank order, so the operator
//! only needs to be associative. A block of a single warp skips phases 2
//! and 3: it is a warp scan, with no barrier at all.
//!
//! With a block prefix callback, warp 0 calls the callback with the block's
//! total once phase 3 is done, its lane 0 publishes the returned prefix, and
//! a second `__syncthreads()` hands it to the other warps (a single warp
//! broadcasts it with a shuffle instead).
//!
//! **When to pick it.** For the lowest latency: one barrier, and all warps
//! busy in every phase, where raking leaves all but one warp idle between
//! its two barriers. That makes it the usual choice inside a single-pass
//! device scan, where the block scan sits on the critical path of every
//! tile. It costs a few more instructions per thread than raking (the fold
//! of the warp totals is done by every thread, `WARPS - 1` operations), so
//! on very large blocks of cheap items with many blocks per multiprocessor
//! BLOCK_SCAN_RAKING can win on throughput. Blocks that are not a multiple of
//! 32 threads cannot use it; cubling::BlockScan then uses
//! BLOCK_SCAN_RAKING in its place, as CUB does.
//!
//! @tparam T             item type
//! @tparam BLOCK_THREADS threads in the block, a multiple of 32
template <typename T, int BLOCK_THREADS>
struct BlockScanWarpScans
{
  static_assert(BLOCK_THREADS % warp_threads == 0, "BLOCK_SCAN_WARP_SCANS needs whole warps");

  //! Warps in the block.
  static constexpr int WARPS = BLOCK_THREADS / warp_threads;

  using WarpScanT = WarpScan<T, warp_threads>;

  //! One total per warp, the prefix that the callback returned, and the
  //! warp scans' own storage (none, for the shuffle scan of whole warps).
  //! The totals start on 16 bytes: ptxas may merge a warp's reads of
  //! neighbouring totals into one wider load, aligned on its width, and an
  //! unaligned array would let that load take in the 4 bytes before it,
  //! which the caller may be writing (compute-sanitizer's racecheck
  //! reported it in the cluster sort's digit scan).
  struct _TempStorage
  {
    alignas(16) T warp_aggregates[WARPS];
    T block_prefix;
    typename WarpScanT::TempStorage warp_scan[WARPS];
  };

  //! The shared memory of one scan (see util/uninitialized.cuh).
  struct TempStorage : Uninitialized<_TempStorage>
  {};

  _TempStorage& storage;
  int linear_tid;
  int warp_id;
  int lane;

  __device__ CUBLING_FORCEINLINE BlockScanWarpScans(TempStorage& temp_storage, int linear_tid_)
      : storage(temp_storage.Alias())
      , linear_tid(linear_tid_)
      , warp_id(WARPS == 1 ? 0 : linear_tid_ / warp_threads)
      , lane(static_cast<int>(LaneId()))
  {}

  //! Phases 2 and 3: publish each warp's total (the inclusive result of its
  //! last lane), then fold the totals in warp order. Returns the prefix of
  //! the calling thread's warp (unspecified in warp 0, which has none) and
  //! sets `block_aggregate` to the total of all warps.
  template <typename ScanOp>
  __device__ CUBLING_FORCEINLINE T WarpPrefix(T inclusive, ScanOp scan_op, T& block_aggregate)
  {
    if (lane == warp_threads - 1)
    {
      storage.warp_aggregates[warp_id] = inclusive;
    }
    __syncthreads();

    T total       = storage.warp_aggregates[0];
    T warp_prefix = total; // warp 0's is never used
#pragma unroll
    for (int w = 1; w < WARPS; ++w)
    {
      if (warp_id == w)
      {
        warp_prefix = total;
      }
      total = static_cast<T>(scan_op(total, storage.warp_aggregates[w]));
    }
    block_aggregate = total;
    return warp_prefix;
  }

  //! The scans without a callback.
  //!   - INCLUSIVE: `output` is the inclusive scan; otherwise the exclusive
  //!     one, thread 0's unspecified unless SEEDED.
  //!   - SEEDED (exclusive only): `initial_value` comes before thread 0's item.
  //!   - AGGREGATE: `block_aggregate` = the scan of all items, without
  //!     `initial_value`, in every thread (with several warps it is computed
  //!     in any case, as a by-product of the warps' prefixes).
  template <bool INCLUSIVE, bool SEEDED, bool AGGREGATE, typename ScanOp>
  __device__ CUBLING_FORCEINLINE void
  Scan(T input, T& output, ScanOp scan_op, const T& initial_value, T& block_aggregate)
  {
    static_assert(!(INCLUSIVE && SEEDED), "a seeded inclusive block scan is built from the exclusive one");
    WarpScanT warp_scan(storage.warp_scan[warp_id]);
    if constexpr (WARPS == 1)
    {
      warp_scan_as_block<INCLUSIVE, SEEDED, AGGREGATE>(warp_scan, input, output, scan_op, initial_value,
                                                     block_aggregate);
    }
    else
    {
      T inclusive, exclusive;
      if constexpr (INCLUSIVE)
      {
        warp_scan.InclusiveScan(input, inclusive, scan_op);
      }
      else
      {
        warp_scan.Scan(input, inclusive, exclusive, scan_op);
      }
      const T warp_prefix = WarpPrefix(inclusive, scan_op, block_aggregate);

      if constexpr (INCLUSIVE)
      {
        output = (warp_id == 0) ? inclusive : static_cast<T>(scan_op(warp_prefix, inclusive));
      }
      else if constexpr (SEEDED)
      {
        const T prefix = (warp_id == 0) ? initial_value : static_cast<T>(scan_op(initial_value, warp_prefix));
        output         = (lane == 0) ? prefix : static_cast<T>(scan_op(prefix, exclusive));
      }
      else
      {
        // Thread 0 keeps the warp scan's unspecified exclusive value.
        if (warp_id != 0)
        {
          output = (lane == 0) ? warp_prefix : static_cast<T>(scan_op(warp_prefix, exclusive));
        }
        else
        {
          output = exclusive;
        }
      }
    }
  }

  //! The scans with a block prefix callback: the first warp calls
  //! `callback(block_aggregate)`, and lane 0's return value is the prefix of
  //! the whole block (thread 0's exclusive output).
  template <bool INCLUSIVE, typename ScanOp, typename BlockPrefixCallbackOp>
  __device__ CUBLING_FORCEINLINE void
  ScanWithCallback(T input, T& output, ScanOp scan_op, BlockPrefixCallbackOp& callback)
  {
    T block_aggregate;
    Scan<INCLUSIVE, false, true>(input, output, scan_op, input, block_aggregate);

    T block_prefix;
    if constexpr (WARPS == 1)
    {
      WarpScanT warp_scan(storage.warp_scan[0]);
      block_prefix = warp_scan.Broadcast(callback(block_aggregate), 0);
    }
    else
    {
      if (warp_id == 0)
      {
        const T returned = callback(block_aggregate);
        if (lane == 0)
        {
          storage.block_prefix = returned;
        }
      }
      __syncthreads();
      block_prefix = storage.block_prefix;
    }

    if constexpr (INCLUSIVE)
    {
      output = static_cast<T>(scan_op(block_prefix, output));
    }
    else
    {
      output = (linear_tid == 0) ? block_prefix : static_cast<T>(scan_op(block_prefix, output));
    }
  }
};

} // namespace detail
} // namespace cubling
