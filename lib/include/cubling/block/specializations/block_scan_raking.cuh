//! @file
//! BLOCK_SCAN_RAKING and BLOCK_SCAN_RAKING_MEMOIZE: threads share their
//! values through a raking grid; one warp reduces contiguous segments,
//! scans the segments' totals, and scans each segment again with its prefix.
#pragma once

#include <cubling/block/block_raking_layout.cuh>
#include <cubling/thread/thread_scan.cuh>
#include <cubling/util/arch.cuh>
#include <cubling/util/macros.cuh>
#include <cubling/util/uninitialized.cuh>
#include <cubling/warp/warp_scan.cuh>

#include <cuda/std/type_traits>

namespace cubling
{
namespace detail
{

//! @brief The raking algorithms of cubling::BlockScan: reduce, scan, then
//! scan again ("reduce-then-scan"), with one warp doing the middle.
//!
//! **How it works.** Phase 1: every thread places its value in a
//! cubling::BlockRakingLayout grid, which cuts the ranks into
//! `RAKING_THREADS` segments of `SEGMENT_LENGTH` consecutive ranks; one
//! `__syncthreads()`. Phase 2 (upsweep): each lane of the first warp with a
//! segment folds it in order, giving the segment's total. Phase 3: that warp
//! scans the totals with cubling::WarpScan, so each lane learns the prefix
//! of everything before its segment (and, from the last segment, the
//! block's total). Phase 4 (downsweep): each lane scans its segment again
//! with cubling::internal::ThreadScanExclusive or ThreadScanInclusive,
//! seeded with that prefix, and writes every rank's result back into its
//! slot; a second `__syncthreads()`, and every thread reads its own slot.
//! Two barriers per scan, whatever the variant.
//!
//! Every combination is in rank order, so the operator only needs to be
//! associative. A block of 32 threads or fewer is one (logical) warp and
//! scans with WarpScan alone, with no barrier. When the block is not a
//! multiple of the segment length, the last segment is short: its missing
//! slots are never read from shared memory (the segment is padded in
//! registers with a copy of its first value, so the operator never sees an
//! unwritten slot) and their results are never read back. The whole first
//! warp takes part in phase 3 even where fewer lanes rake (40 threads: 20
//! segments of 2): a lane without a segment scans its own value, after all
//! real segments, so it changes nothing before it, and the warp keeps the
//! 32-lane shuffle scan.
//!
//! `MEMOIZE` (BLOCK_SCAN_RAKING_MEMOIZE) keeps the segment in registers
//! from the upsweep to the downsweep instead of reading it from shared
//! memory again: `SEGMENT_LENGTH` fewer shared loads per raking lane, for
//! `SEGMENT_LENGTH` more live registers across the warp scan. (Without it,
//! the compiler may still keep the segment when nothing is stored to shared
//! memory between the two sweeps, as with a shuffle warp scan: the code
//! below takes care not to store there; MEMOIZE makes it certain.)
//!
//! **When to pick it.** BLOCK_SCAN_RAKING (CUB's default) does the least
//! work: after the placement, only one warp computes, and the other warps'
//! issue slots stay free for other blocks on the multiprocessor, so it does
//! well on throughput with many resident blocks. The serial upsweep and
//! downsweep (`SEGMENT_LENGTH` dependent operations each, 8 for 256
//! threads, 32 for 1024) make it slower in latency than
//! BLOCK_SCAN_WARP_SCANS, the better pick when the scan sits on a critical
//! path. It serves any block size, multiples of 32 or not, and any
//! associative operator. Pick BLOCK_SCAN_RAKING_MEMOIZE when the raking
//! warp's registers are not the limit (items of 4 bytes, blocks up to 512
//! threads): it saves a round of shared-memory reads on the raking warp's
//! critical path.
//!
//! @tparam T             item type
//! @tparam BLOCK_THREADS threads in the block (`BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z`)
//! @tparam MEMOIZE       keep the raking segment in registers between the two sweeps
template <typename T, int BLOCK_THREADS, bool MEMOIZE>
struct BlockScanRaking
{
  //! The grid that the block's values go through.
  using BlockRakingLayoutT = BlockRakingLayout<T, BLOCK_THREADS>;
  //! A block of one warp or less scans with WarpScan alone.
  static constexpr bool WARP_SYNCHRONOUS = BLOCK_THREADS <= warp_threads;
  //! The lanes of the scanning warp: one warp, or the whole block when it is smaller.
  static constexpr int RAKING_WARP_THREADS = BlockRakingLayoutT::MAX_RAKING_THREADS;
  //! Lanes that rake a segment (the others only join the warp scan).
  static constexpr int RAKING_THREADS = BlockRakingLayoutT::RAKING_THREADS;
  //! Consecutive ranks per segment.
  static constexpr int SEGMENT_LENGTH = BlockRakingLayoutT::SEGMENT_LENGTH;
  //! Every lane of the scanning warp has a segment.
  static constexpr bool ALL_LANES_RAKE = RAKING_THREADS == RAKING_WARP_THREADS;

  using WarpScanT = WarpScan<T, RAKING_WARP_THREADS>;
  //! Whether WarpScanT scans with shuffles (else through shared memory: blocks
  //! of fewer than 32 threads, not a power of two).
  static constexpr bool IS_POW_OF_TWO = (RAKING_WARP_THREADS & (RAKING_WARP_THREADS - 1)) == 0;
  //! The lanes of the scanning warp.
  static constexpr unsigned int WARP_MASK = 0xffffffffu >> (warp_threads - RAKING_WARP_THREADS);

  //! The raking grid, the warp scan's storage (none for a whole warp), and
  //! the block's total, which the last segment's lane hands to everyone.
  struct RakingStorage
  {
    typename BlockRakingLayoutT::TempStorage raking_grid;
    typename WarpScanT::TempStorage warp_scan;
    T block_aggregate;
  };
  struct WarpStorage
  {
    typename WarpScanT::TempStorage warp_scan;
  };
  using _TempStorage = cuda::std::conditional_t<WARP_SYNCHRONOUS, WarpStorage, RakingStorage>;

  //! The shared memory of one scan (see util/uninitialized.cuh).
  struct TempStorage : Uninitialized<_TempStorage>
  {};

  _TempStorage& storage;
  int linear_tid;

  __device__ CUBLING_FORCEINLINE BlockScanRaking(TempStorage& temp_storage, int linear_tid_)
      : storage(temp_storage.Alias())
      , linear_tid(linear_tid_)
  {}

  //! Whether rank `linear_tid * SEGMENT_LENGTH + j` exists.
  __device__ CUBLING_FORCEINLINE bool InBlock(int j) const
  {
    return BlockRakingLayoutT::UNGUARDED || linear_tid * SEGMENT_LENGTH + j < BLOCK_THREADS;
  }

  //! Copy the calling lane's segment into registers. Slots past the last
  //! rank are never read: they get a copy of the first value instead.
  __device__ CUBLING_FORCEINLINE void LoadSegment(T (&segment)[SEGMENT_LENGTH])
  {
    const T* slots = BlockRakingLayoutT::RakingPtr(storage.raking_grid, linear_tid);
    segment[0]     = slots[0];
#pragma unroll
    for (int j = 1; j < SEGMENT_LENGTH; ++j)
    {
      segment[j] = InBlock(j) ? slots[j] : segment[0];
    }
  }

  //! Write the calling lane's segment back (only the slots of real ranks).
  __device__ CUBLING_FORCEINLINE void StoreSegment(const T (&segment)[SEGMENT_LENGTH])
  {
    T* slots = BlockRakingLayoutT::RakingPtr(storage.raking_grid, linear_tid);
#pragma unroll
    for (int j = 0; j < SEGMENT_LENGTH; ++j)
    {
      if (InBlock(j))
      {
        slots[j] = segment[j];
      }
    }
  }

  //! Phase 2: the segment's total, in order, over real ranks only.
  template <typename ScanOp>
  __device__ CUBLING_FORCEINLINE T Upsweep(const T (&segment)[SEGMENT_LENGTH], ScanOp scan_op) const
  {
    T partial = segment[0];
#pragma unroll
    for (int j = 1; j < SEGMENT_LENGTH; ++j)
    {
      if (InBlock(j))
      {
        partial = static_cast<T>(scan_op(partial, segment[j]));
      }
    }
    return partial;
  }

  //! Phase 4: scan the segment seeded with `prefix` (not folded in when
  //! `apply_prefix` is false: thread 0 without an initial value) and write it back.
  template <bool INCLUSIVE, typename ScanOp>
  __device__ CUBLING_FORCEINLINE void
  Downsweep(T (&segment)[SEGMENT_LENGTH], ScanOp scan_op, T prefix, bool apply_prefix)
  {
    if constexpr (!MEMOIZE)
    {
      LoadSegment(segment);
    }
    if constexpr (INCLUSIVE)
    {
      internal::ThreadScanInclusive(segment, segment, scan_op, prefix, apply_prefix);
    }
    else
    {
      internal::ThreadScanExclusive(segment, segment, scan_op, prefix, apply_prefix);
    }
    StoreSegment(segment);
  }

  //! The scans without a callback (the same contract as BlockScanWarpScans::Scan).
  //!   - INCLUSIVE: `output` is the inclusive scan; otherwise the exclusive
  //!     one, thread 0's unspecified unless SEEDED.
  //!   - SEEDED (exclusive only): `initial_value` comes before thread 0's item.
  //!   - AGGREGATE: `block_aggregate` = the scan of all items, without
  //!     `initial_value`, in every thread.
  template <bool INCLUSIVE, bool SEEDED, bool AGGREGATE, typename ScanOp>
  __device__ CUBLING_FORCEINLINE void
  Scan(T input, T& output, ScanOp scan_op, const T& initial_value, T& block_aggregate)
  {
    static_assert(!(INCLUSIVE && SEEDED), "a seeded inclusive block scan is built from the exclusive one");
    if constexpr (WARP_SYNCHRONOUS)
    {
      WarpScanT warp_scan(storage.warp_scan);
      warp_scan_as_block<INCLUSIVE, SEEDED, AGGREGATE>(warp_scan, input, output, scan_op, initial_value,
                                                     block_aggregate);
    }
    else
    {
      // Phase 1: place.
      T* slot = BlockRakingLayoutT::PlacementPtr(storage.raking_grid, linear_tid);
      *slot   = input;
      __syncthreads();

      if (linear_tid < RAKING_WARP_THREADS)
      {
        // Phase 2: upsweep (a lane without a segment scans its own value).
        T segment[SEGMENT_LENGTH];
        T partial = input;
        if (ALL_LANES_RAKE || linear_tid < RAKING_THREADS)
        {
          LoadSegment(segment);
          partial = Upsweep(segment, scan_op);
        }

        // Phase 3: scan the segments' totals.
        T inclusive, exclusive;
        WarpScanT(storage.warp_scan).Scan(partial, inclusive, exclusive, scan_op);

        // Phase 4: downsweep, seeded with the prefix of the segments before.
        if (ALL_LANES_RAKE || linear_tid < RAKING_THREADS)
        {
          if constexpr (SEEDED)
          {
            const T prefix = (linear_tid == 0) ? initial_value : static_cast<T>(scan_op(initial_value, exclusive));
            Downsweep<INCLUSIVE>(segment, scan_op, prefix, true);
          }
          else
          {
            Downsweep<INCLUSIVE>(segment, scan_op, exclusive, linear_tid != 0);
          }
        }
        // The block's total, published only now: a shared store between the
        // two sweeps would keep the compiler from reusing the upsweep's loads
        // of the segment (it cannot tell that the store misses the grid).
        if (AGGREGATE && linear_tid == RAKING_THREADS - 1)
        {
          storage.block_aggregate = inclusive;
        }
      }
      __syncthreads();

      output = *slot;
      if constexpr (AGGREGATE)
      {
        block_aggregate = storage.block_aggregate;
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
    if constexpr (WARP_SYNCHRONOUS)
    {
      WarpScanT warp_scan(storage.warp_scan);
      T block_aggregate;
      if constexpr (INCLUSIVE)
      {
        warp_scan.InclusiveScan(input, output, scan_op, block_aggregate);
      }
      else
      {
        warp_scan.ExclusiveScan(input, output, scan_op, block_aggregate);
      }
      if constexpr (!IS_POW_OF_TWO)
      {
        __syncwarp(WARP_MASK); // the shared-memory warp scan's slots are reused by Broadcast
      }
      const T block_prefix = warp_scan.Broadcast(callback(block_aggregate), 0);
      if (INCLUSIVE || linear_tid != 0)
      {
        output = static_cast<T>(scan_op(block_prefix, output));
      }
      else
      {
        output = block_prefix;
      }
    }
    else
    {
      T* slot = BlockRakingLayoutT::PlacementPtr(storage.raking_grid, linear_tid);
      *slot   = input;
      __syncthreads();

      if (linear_tid < RAKING_WARP_THREADS)
      {
        T segment[SEGMENT_LENGTH];
        T partial = input;
        if (ALL_LANES_RAKE || linear_tid < RAKING_THREADS)
        {
          LoadSegment(segment);
          partial = Upsweep(segment, scan_op);
        }

        WarpScanT warp_scan(storage.warp_scan);
        T inclusive, exclusive;
        warp_scan.Scan(partial, inclusive, exclusive, scan_op);
        // The block's total is the last segment's inclusive result, in every lane.
        const T block_aggregate = warp_scan.Broadcast(inclusive, RAKING_THREADS - 1);
        const T block_prefix    = warp_scan.Broadcast(callback(block_aggregate), 0);

        if (ALL_LANES_RAKE || linear_tid < RAKING_THREADS)
        {
          const T prefix = (linear_tid == 0) ? block_prefix : static_cast<T>(scan_op(block_prefix, exclusive));
          Downsweep<INCLUSIVE>(segment, scan_op, prefix, true);
        }
      }
      __syncthreads();

      output = *slot;
    }
  }
};

} // namespace detail
} // namespace cubling
