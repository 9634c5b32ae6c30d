//! @file
//! BlockRakingLayout: the shared-memory grid through which the threads of a
//! block hand one value each to a few *raking* threads, which then fold
//! contiguous runs of those values in rank order. BlockReduce
//! (BLOCK_REDUCE_RAKING) and BlockScan build on it.
#pragma once

#include <cubling/util/arch.cuh>
#include <cubling/util/macros.cuh>
#include <cubling/util/uninitialized.cuh>

namespace cubling
{

//! @brief The raking grid: `SHARED_ELEMENTS` values of type `T`, one per
//! sharing thread, cut into `RAKING_THREADS` segments of `SEGMENT_LENGTH`
//! consecutive ranks, one segment per raking thread.
//!
//! **The contract.**
//!   - *Placement.* Sharing thread `r` (0 <= r < `SHARED_ELEMENTS`) owns the
//!     one slot `PlacementPtr(temp_storage, r)`, and only it writes there.
//!   - *Raking.* Raking thread `l` (0 <= l < `RAKING_THREADS`) owns segment
//!     `l`: the `SEGMENT_LENGTH` slots from `RakingPtr(temp_storage, l)` on,
//!     which are the placement slots of ranks `l * SEGMENT_LENGTH` to
//!     `l * SEGMENT_LENGTH + SEGMENT_LENGTH - 1`, in that order. So segment
//!     `l` followed by segment `l + 1` is rank order, and a raking thread that
//!     folds its segment left to right combines values in rank order: what
//!     an ordered reduction or a scan needs. When `UNGUARDED` is false the
//!     last segments run past the last sharing thread; the raking thread must
//!     not read those slots (they hold garbage) and checks `rank < SHARED_ELEMENTS`.
//!     A raking thread may also write back into its own segment (a scan
//!     writes each rank's prefix there), and sharing thread `r` may then read
//!     its result back from `PlacementPtr(temp_storage, r)`.
//!   - *Visibility.* A slot may be read by another thread than its writer
//!     only after a barrier that both pass: `__syncthreads()` between the
//!     placement and the raking, and again between a raking write-back and
//!     the sharing threads' reads. Before the grid is placed into again (the
//!     next call with the same storage), every read of the previous call must
//!     be done: the block passes a `__syncthreads()`.
//!   - The raking threads are usually the block's first `RAKING_THREADS`
//!     ranks, which is part of the first warp, but the layout does not care
//!     which threads rake: only which segment each one takes.
//!
//! **The shape.** At most one warp rakes (`MAX_RAKING_THREADS`), so the
//! segment is as long as it must be for one warp to cover the block:
//! `SEGMENT_LENGTH = ceil(SHARED_ELEMENTS / MAX_RAKING_THREADS)`, and only as
//! many threads rake as that takes: `RAKING_THREADS = ceil(SHARED_ELEMENTS /
//! SEGMENT_LENGTH)`. A block of 96 threads is 32 segments of 3; a block of 40
//! is 20 segments of 2, not 32 segments, 12 of them empty.
//!
//! **Padding.** At raking step `j`, raking thread `l` reads word
//! `l * stride + j` (for 4-byte `T`; wider items scale it), and the 32
//! threads of the warp hit `32 / gcd(stride, 32)` distinct banks. An odd
//! stride is conflict-free. An even `SEGMENT_LENGTH` longer than 2 therefore
//! gets one unused slot after each segment (`USE_SEGMENT_PADDING`), making
//! the stride odd, at a cost of one `T` per raking thread: with 256 threads,
//! segments of 8 would be read with 8-way conflicts; with a stride of 9, with
//! none. Segments of 2 are left unpadded: the compiler reads the pair as one
//! 8-byte access, which costs the same two passes as two conflict-free reads
//! would, and the placement writes (consecutive ranks, consecutive words)
//! stay conflict-free. The rule is CUB's, so the two libraries' raking
//! reductions access shared memory in the same pattern.
//!
//! The members mirror CUB's `cub::BlockRakingLayout`.
//!
//! @tparam T              the type of the values placed in the grid
//! @tparam BLOCK_THREADS  the number of sharing threads (usually the block's threads), at least 1
template <typename T, int BLOCK_THREADS>
struct BlockRakingLayout
{
  static_assert(BLOCK_THREADS >= 1, "a raking grid holds at least one value");

  //! Values in the grid: one per sharing thread.
  static constexpr int SHARED_ELEMENTS = BLOCK_THREADS;

  //! At most one warp rakes (all threads, for a grid smaller than a warp).
  static constexpr int MAX_RAKING_THREADS = SHARED_ELEMENTS < warp_threads ? SHARED_ELEMENTS : warp_threads;

  //! Consecutive ranks per segment: as few as `MAX_RAKING_THREADS` segments allow.
  static constexpr int SEGMENT_LENGTH = (SHARED_ELEMENTS + MAX_RAKING_THREADS - 1) / MAX_RAKING_THREADS;

  //! Threads that rake: one per non-empty segment (at most MAX_RAKING_THREADS).
  static constexpr int RAKING_THREADS = (SHARED_ELEMENTS + SEGMENT_LENGTH - 1) / SEGMENT_LENGTH;

  //! Whether unpadded segments would be read with bank conflicts (the segment
  //! length divides the bank count, so several raking threads start in one bank).
  static constexpr bool HAS_CONFLICTS = smem_banks % SEGMENT_LENGTH == 0;

  //! How many raking threads would share a bank at each raking step, unpadded.
  static constexpr int CONFLICT_DEGREE =
      HAS_CONFLICTS ? (MAX_RAKING_THREADS * SEGMENT_LENGTH) / smem_banks : 1;

  //! One unused slot after each segment, for even segments longer than 2 (see above).
  static constexpr bool USE_SEGMENT_PADDING = (SEGMENT_LENGTH % 2 == 0) && (SEGMENT_LENGTH > 2);

  //! Slots from the start of one segment to the start of the next.
  static constexpr int SEGMENT_STRIDE = SEGMENT_LENGTH + (USE_SEGMENT_PADDING ? 1 : 0);

  //! Slots in the grid, padding included.
  static constexpr int GRID_ELEMENTS = RAKING_THREADS * SEGMENT_STRIDE;

  //! Every segment is full, so raking needs no bounds checks: the sharing
  //! threads are exactly `RAKING_THREADS * SEGMENT_LENGTH`.
  static constexpr bool UNGUARDED = SHARED_ELEMENTS % RAKING_THREADS == 0;
  static_assert(UNGUARDED == (SHARED_ELEMENTS == RAKING_THREADS * SEGMENT_LENGTH),
                "UNGUARDED means: every segment is full");

  //! The layout: the grid, 16-byte aligned so that unpadded segments can be
  //! read with vector accesses.
  struct alignas(16) _TempStorage
  {
    T buff[GRID_ELEMENTS];
  };

  //! The grid's shared memory, as opaque bytes (see util/uninitialized.cuh).
  //! Declare it `__shared__`, or make it part of a cooperative type's storage.
  struct TempStorage
  //! @cond
      : Uninitialized<_TempStorage>
  //! @endcond
  {};

  //! @brief The slot of sharing thread `linear_tid`: where it places its value,
  //! and where it finds a value that a raking thread wrote back for it.
  //!
  //! @param temp_storage  the grid
  //! @param linear_tid    the sharing thread's rank, 0 to `SHARED_ELEMENTS - 1`
  //! @return a pointer to the thread's one slot
  static __device__ CUBLING_FORCEINLINE T* PlacementPtr(TempStorage& temp_storage, unsigned int linear_tid)
  {
    unsigned int offset = linear_tid;
    if constexpr (USE_SEGMENT_PADDING)
    {
      offset += linear_tid / SEGMENT_LENGTH; // one padding slot per segment before it
    }
    return temp_storage.Alias().buff + offset;
  }

  //! @brief The segment of raking thread `linear_tid`: `SEGMENT_LENGTH`
  //! consecutive slots, holding ranks `linear_tid * SEGMENT_LENGTH` on.
  //!
  //! @param temp_storage  the grid
  //! @param linear_tid    the raking thread's index, 0 to `RAKING_THREADS - 1`
  //! @return a pointer to the first slot of the segment
  static __device__ CUBLING_FORCEINLINE T* RakingPtr(TempStorage& temp_storage, unsigned int linear_tid)
  {
    return temp_storage.Alias().buff + linear_tid * SEGMENT_STRIDE;
  }
};

} // namespace cubling
