//! @file
//! BlockExchange: the threads of a block rearrange a tile of items between
//! the blocked, striped and warp-striped arrangements, or scatter it by rank
//! into the blocked or striped arrangement, through shared memory.
#pragma once

#include <cubling/util/arch.cuh>
#include <cubling/util/lane_id.cuh>
#include <cubling/util/macros.cuh>
#include <cubling/util/thread_id.cuh>
#include <cubling/util/uninitialized.cuh>

namespace cubling
{

//! @brief Cooperative rearrangement of a tile of `BLOCK_THREADS * ITEMS_PER_THREAD`
//! items between the three arrangements that the block layer uses, and
//! scatter of a tile by rank into the blocked or striped arrangement.
//!
//! Number the tile's items `0 .. TILE - 1`, and the threads by row-major rank
//! `r` (see cubling::RowMajorTid). Item `i` of thread `r` is, in the
//! - **blocked** arrangement: tile item `r * ITEMS_PER_THREAD + i` (each
//!   thread owns a contiguous run; what sorting and scanning want);
//! - **striped** arrangement: tile item `i * BLOCK_THREADS + r` (consecutive
//!   threads own consecutive items; what coalesced memory access wants);
//! - **warp-striped** arrangement: tile item
//!   `w * 32 * ITEMS_PER_THREAD + i * 32 + lane`, for warp `w = r / 32` and
//!   lane `r % 32` (striped within each warp's own run of
//!   `32 * ITEMS_PER_THREAD` items).
//!
//! Every exchange writes the items into shared memory in one arrangement and
//! reads them back in the other. Between the two it waits for the block
//! (`__syncthreads()`; striped exchanges) or only for the warp
//! (`__syncwarp()`; warp-striped exchanges, where each warp touches only its
//! own run). Each thread writes all its items before it reads any, so
//! `input_items` and `output_items` may be the same array (in place; each
//! exchange also has a one-array in-place overload, as in CUB).
//!
//! **Scatter by rank.** The scatter exchanges take, with each item, its
//! *rank*: the tile position it must go to (a radix sort's ranking pass
//! computes them). Each thread writes item `i` to tile position `ranks[i]`;
//! after a `__syncthreads()` each thread reads its items of the target
//! arrangement, blocked (ScatterToBlocked) or striped (ScatterToStriped and
//! the guarded and flagged forms). Where the items come from does not
//! matter, only their ranks: the ranks of the whole block must be distinct
//! positions `0 .. TILE - 1` (a permutation of the tile, or part of one for
//! the guarded and flagged forms, which skip some items).
//!
//! **Bank conflicts.** Striped accesses are conflict-free: a warp touches
//! 32 consecutive slots. Blocked accesses have a stride of
//! `ITEMS_PER_THREAD` slots, and when that is a multiple of 8 many lanes of
//! a warp land in the same bank (with 4-byte items, stride 8 gives 8-way
//! conflicts, stride 16 gives 16-way). For those sizes the layout inserts
//! one unused slot after every 32, which shifts each group of lanes to a
//! bank of its own and makes the blocked accesses conflict-free (for 4-byte
//! items; at most 2-way for other sizes), at a cost of 1/32 more shared
//! memory. Other strides are left unpadded: an odd stride is already
//! conflict-free, and a stride of 2 or 4 is one 8- or 16-byte vector access
//! per thread, which padding would misalign.
//!
//! All threads of the block must call each member function. To call again
//! with the same `TempStorage` (or to reuse it for anything else), the block
//! must first pass a `__syncthreads()` (a `__syncwarp()` is enough between
//! two warp-striped exchanges).
//!
//! The API is CUB's: the four `(input_items, output_items)` exchanges, the
//! four scatters, and their in-place overloads.
//!
//! @tparam InputT             item type: any copy-assignable type, a struct included
//! @tparam BLOCK_DIM_X        threads of the block along x
//! @tparam ITEMS_PER_THREAD   items per thread
//! @tparam WARP_TIME_SLICING  CUB's option to exchange one warp at a time in less shared
//!                            memory; not implemented in cubling (must be false)
//! @tparam BLOCK_DIM_Y        threads of the block along y (default 1)
//! @tparam BLOCK_DIM_Z        threads of the block along z (default 1)
template <typename InputT, int BLOCK_DIM_X, int ITEMS_PER_THREAD, bool WARP_TIME_SLICING = false, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1>
class BlockExchange
{
  static_assert(!WARP_TIME_SLICING,
                "cubling::BlockExchange does not implement WARP_TIME_SLICING = true (exchanging one warp at a time "
                "in less shared memory); use WARP_TIME_SLICING = false");
  static_assert(ITEMS_PER_THREAD >= 1, "BlockExchange needs at least one item per thread");

  static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  static_assert(BLOCK_DIM_X >= 1 && BLOCK_DIM_Y >= 1 && BLOCK_DIM_Z >= 1 && BLOCK_THREADS <= 1024,
                "a CUDA block has 1 to 1024 threads");

  static constexpr int TILE_ITEMS = BLOCK_THREADS * ITEMS_PER_THREAD;
  //! Pad one slot every `smem_banks` when blocked accesses would conflict (see above).
  static constexpr bool PADDED = ITEMS_PER_THREAD % 8 == 0;
  static constexpr int SLOTS   = TILE_ITEMS + (PADDED ? TILE_ITEMS / smem_banks : 0);

  //! The shared-memory layout: the tile (plus padding). 16-byte alignment
  //! lets the blocked side use vector accesses.
  struct alignas(16) _TempStorage
  {
    InputT slot[SLOTS];
  };

  __device__ CUBLING_FORCEINLINE static _TempStorage& PrivateStorage()
  {
    __shared__ TempStorage private_storage; // the opaque type: _TempStorage may hold T, which may have a constructor
    return private_storage.Alias();
  }

  //! Where tile item `item` lives in shared memory.
  __device__ CUBLING_FORCEINLINE static int Slot(int item)
  {
    return PADDED ? item + (item >> log2_smem_banks) : item;
  }

  // Phase 2 of every block-wide exchange and scatter: wait until every thread
  // has placed its items, then read this thread's items of the target
  // arrangement, blocked (a contiguous run) or striped (every
  // BLOCK_THREADS-th position from linear_tid on).
  template <typename OutputT>
  __device__ CUBLING_FORCEINLINE void ReadBlocked(OutputT (&output_items)[ITEMS_PER_THREAD])
  {
    __syncthreads();
#pragma unroll
    for (int i = 0; i < ITEMS_PER_THREAD; ++i)
    {
      output_items[i] = temp_storage.slot[Slot(linear_tid * ITEMS_PER_THREAD + i)];
    }
  }

  template <typename OutputT>
  __device__ CUBLING_FORCEINLINE void ReadStriped(OutputT (&output_items)[ITEMS_PER_THREAD])
  {
    __syncthreads();
#pragma unroll
    for (int i = 0; i < ITEMS_PER_THREAD; ++i)
    {
      output_items[i] = temp_storage.slot[Slot(i * BLOCK_THREADS + linear_tid)];
    }
  }

  _TempStorage& temp_storage;
  int linear_tid;

public:
  //! @brief The shared memory that one exchange needs (the tile, plus padding
  //! where it avoids bank conflicts), as opaque bytes with no constructor
  //! (see util/uninitialized.cuh). Declare it `__shared__` and pass it to
  //! the constructor.
  struct TempStorage
  //! @cond
      : Uninitialized<_TempStorage>
  //! @endcond
  {};

  //! @brief Use a private `__shared__` variable as temporary storage.
  __device__ CUBLING_FORCEINLINE BlockExchange()
      : temp_storage(PrivateStorage()), linear_tid(RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
  {
  }

  //! @brief Use `temp_storage`, which the caller declared `__shared__`.
  //!
  //! @param temp_storage  the block's shared TempStorage (the same object in every thread)
  __device__ CUBLING_FORCEINLINE BlockExchange(TempStorage& temp_storage)
      : temp_storage(temp_storage.Alias()), linear_tid(RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
  {
  }

  //! @brief Rearrange the tile from the striped to the blocked arrangement.
  //!
  //! Phase 1: each thread writes its striped items to their tile positions;
  //! `__syncthreads()`; phase 2: each thread reads its contiguous run.
  //!
  //! @tparam OutputT       output item type (`InputT` converts to it)
  //! @param input_items    this thread's items, striped
  //! @param output_items   this thread's items, blocked (may be `input_items`)
  template <typename OutputT>
  __device__ CUBLING_FORCEINLINE void StripedToBlocked(const InputT (&input_items)[ITEMS_PER_THREAD],
                                                       OutputT (&output_items)[ITEMS_PER_THREAD])
  {
#pragma unroll
    for (int i = 0; i < ITEMS_PER_THREAD; ++i)
    {
      temp_storage.slot[Slot(i * BLOCK_THREADS + linear_tid)] = input_items[i];
    }
    ReadBlocked(output_items);
  }

  //! @brief Rearrange the tile from the blocked to the striped arrangement.
  //!
  //! Phase 1: each thread writes its contiguous run; `__syncthreads()`;
  //! phase 2: each thread reads every `BLOCK_THREADS`-th item from its rank on.
  //!
  //! @tparam OutputT       output item type (`InputT` converts to it)
  //! @param input_items    this thread's items, blocked
  //! @param output_items   this thread's items, striped (may be `input_items`)
  template <typename OutputT>
  __device__ CUBLING_FORCEINLINE void BlockedToStriped(const InputT (&input_items)[ITEMS_PER_THREAD],
                                                       OutputT (&output_items)[ITEMS_PER_THREAD])
  {
#pragma unroll
    for (int i = 0; i < ITEMS_PER_THREAD; ++i)
    {
      temp_storage.slot[Slot(linear_tid * ITEMS_PER_THREAD + i)] = input_items[i];
    }
    ReadStriped(output_items);
  }

  //! @brief Rearrange each warp's run from the warp-striped to the blocked arrangement.
  //!
  //! Each warp works on its own `32 * ITEMS_PER_THREAD` items and waits only
  //! for itself (`__syncwarp()`), never for the block. Needs whole warps:
  //! `BLOCK_THREADS` must be a multiple of 32 (checked at compile time).
  //!
  //! @tparam OutputT       output item type (`InputT` converts to it)
  //! @param input_items    this thread's items, warp-striped
  //! @param output_items   this thread's items, blocked (may be `input_items`)
  template <typename OutputT>
  __device__ CUBLING_FORCEINLINE void WarpStripedToBlocked(const InputT (&input_items)[ITEMS_PER_THREAD],
                                                           OutputT (&output_items)[ITEMS_PER_THREAD])
  {
    static_assert(BLOCK_THREADS % warp_threads == 0,
                  "the warp-striped arrangement needs whole warps: BLOCK_THREADS must be a multiple of 32");
    const int lane        = static_cast<int>(LaneId());
    const int warp_offset = (linear_tid / warp_threads) * warp_threads * ITEMS_PER_THREAD;
#pragma unroll
    for (int i = 0; i < ITEMS_PER_THREAD; ++i)
    {
      temp_storage.slot[Slot(warp_offset + i * warp_threads + lane)] = input_items[i];
    }
    __syncwarp();
#pragma unroll
    for (int i = 0; i < ITEMS_PER_THREAD; ++i)
    {
      output_items[i] = temp_storage.slot[Slot(warp_offset + lane * ITEMS_PER_THREAD + i)];
    }
  }

  //! @brief Rearrange each warp's run from the blocked to the warp-striped arrangement.
  //!
  //! The inverse of WarpStripedToBlocked: warp-local, `__syncwarp()` only,
  //! `BLOCK_THREADS` a multiple of 32.
  //!
  //! @tparam OutputT       output item type (`InputT` converts to it)
  //! @param input_items    this thread's items, blocked
  //! @param output_items   this thread's items, warp-striped (may be `input_items`)
  template <typename OutputT>
  __device__ CUBLING_FORCEINLINE void BlockedToWarpStriped(const InputT (&input_items)[ITEMS_PER_THREAD],
                                                           OutputT (&output_items)[ITEMS_PER_THREAD])
  {
    static_assert(BLOCK_THREADS % warp_threads == 0,
                  "the warp-striped arrangement needs whole warps: BLOCK_THREADS must be a multiple of 32");
    const int lane        = static_cast<int>(LaneId());
    const int warp_offset = (linear_tid / warp_threads) * warp_threads * ITEMS_PER_THREAD;
#pragma unroll
    for (int i = 0; i < ITEMS_PER_THREAD; ++i)
    {
      temp_storage.slot[Slot(warp_offset + lane * ITEMS_PER_THREAD + i)] = input_items[i];
    }
    __syncwarp();
#pragma unroll
    for (int i = 0; i < ITEMS_PER_THREAD; ++i)
    {
      output_items[i] = temp_storage.slot[Slot(warp_offset + i * warp_threads + lane)];
    }
  }

  //! @brief Scatter the tile by rank into the blocked arrangement: thread `r`
  //! gets the items ranked `r * ITEMS_PER_THREAD .. r * ITEMS_PER_THREAD + ITEMS_PER_THREAD - 1`.
  //!
  //! Phase 1: each thread writes item `i` to tile position `ranks[i]`;
  //! `__syncthreads()`; phase 2: each thread reads its contiguous run.
  //!
  //! @tparam OutputT       output item type (`InputT` converts to it)
  //! @tparam OffsetT       integer type of the ranks
  //! @param input_items    this thread's items, in any arrangement
  //! @param output_items   this thread's items, blocked by rank (may be `input_items`)
  //! @param ranks          the tile position of each item; over the block, a
  //!                       permutation of `0 .. BLOCK_THREADS * ITEMS_PER_THREAD - 1`
  template <typename OutputT, typename OffsetT>
  __device__ CUBLING_FORCEINLINE void ScatterToBlocked(const InputT (&input_items)[ITEMS_PER_THREAD],
                                                       OutputT (&output_items)[ITEMS_PER_THREAD],
                                                       OffsetT (&ranks)[ITEMS_PER_THREAD])
  {
#pragma unroll
    for (int i = 0; i < ITEMS_PER_THREAD; ++i)
    {
      temp_storage.slot[Slot(static_cast<int>(ranks[i]))] = input_items[i];
    }
    ReadBlocked(output_items);
  }

  //! @brief Scatter the tile by rank into the striped arrangement: thread `r`'s
  //! item `i` is the item ranked `i * BLOCK_THREADS + r`.
  //!
  //! Phase 1: each thread writes item `i` to tile position `ranks[i]`;
  //! `__syncthreads()`; phase 2: each thread reads every `BLOCK_THREADS`-th
  //! position from its rank on (conflict-free; ready for a coalesced store).
  //!
  //! @tparam OutputT       output item type (`InputT` converts to it)
  //! @tparam OffsetT       integer type of the ranks
  //! @param input_items    this thread's items, in any arrangement
  //! @param output_items   this thread's items, striped by rank (may be `input_items`)
  //! @param ranks          the tile position of each item; over the block, a
  //!                       permutation of `0 .. BLOCK_THREADS * ITEMS_PER_THREAD - 1`
  template <typename OutputT, typename OffsetT>
  __device__ CUBLING_FORCEINLINE void ScatterToStriped(const InputT (&input_items)[ITEMS_PER_THREAD],
                                                       OutputT (&output_items)[ITEMS_PER_THREAD],
                                                       OffsetT (&ranks)[ITEMS_PER_THREAD])
  {
#pragma unroll
    for (int i = 0; i < ITEMS_PER_THREAD; ++i)
    {
      temp_storage.slot[Slot(static_cast<int>(ranks[i]))] = input_items[i];
    }
    ReadStriped(output_items);
  }

  //! @brief ScatterToStriped for a partial tile: items with a negative rank
  //! are not placed.
  //!
  //! The output items at tile positions that no item was ranked to are
  //! unspecified (whatever the shared memory held); the caller knows which
  //! they are (typically, positions from the number of valid items on).
  //!
  //! @tparam OutputT       output item type (`InputT` converts to it)
  //! @tparam OffsetT       signed integer type of the ranks
  //! @param input_items    this thread's items, in any arrangement
  //! @param output_items   this thread's items, striped by rank (may be `input_items`)
  //! @param ranks          the tile position of each item, or a negative value
  //!                       for an item to leave out; the non-negative ranks of
  //!                       the block are distinct
  template <typename OutputT, typename OffsetT>
  __device__ CUBLING_FORCEINLINE void ScatterToStripedGuarded(const InputT (&input_items)[ITEMS_PER_THREAD],
                                                              OutputT (&output_items)[ITEMS_PER_THREAD],
                                                              OffsetT (&ranks)[ITEMS_PER_THREAD])
  {
#pragma unroll
    for (int i = 0; i < ITEMS_PER_THREAD; ++i)
    {
      if (ranks[i] >= 0)
      {
        temp_storage.slot[Slot(static_cast<int>(ranks[i]))] = input_items[i];
      }
    }
    ReadStriped(output_items);
  }

  //! @brief ScatterToStriped for a partial tile: items whose flag is false
  //! are not placed.
  //!
  //! The output items at tile positions that no valid item was ranked to are
  //! unspecified.
  //!
  //! @tparam OutputT       output item type (`InputT` converts to it)
  //! @tparam OffsetT       integer type of the ranks
  //! @tparam ValidFlag     a type that converts to `bool`
  //! @param input_items    this thread's items, in any arrangement
  //! @param output_items   this thread's items, striped by rank (may be `input_items`)
  //! @param ranks          the tile position of each item (read only where
  //!                       `is_valid` is true; those ranks are distinct over the block)
  //! @param is_valid       whether each item takes part
  template <typename OutputT, typename OffsetT, typename ValidFlag>
  __device__ CUBLING_FORCEINLINE void ScatterToStripedFlagged(const InputT (&input_items)[ITEMS_PER_THREAD],
                                                              OutputT (&output_items)[ITEMS_PER_THREAD],
                                                              OffsetT (&ranks)[ITEMS_PER_THREAD],
                                                              ValidFlag (&is_valid)[ITEMS_PER_THREAD])
  {
#pragma unroll
    for (int i = 0; i < ITEMS_PER_THREAD; ++i)
    {
      if (is_valid[i])
      {
        temp_storage.slot[Slot(static_cast<int>(ranks[i]))] = input_items[i];
      }
    }
    ReadStriped(output_items);
  }

  //! @name In-place overloads (CUB's): the items are rearranged in their own array.
  //! @{

  //! @brief StripedToBlocked in place.
  //!
  //! @param items  this thread's items: striped in, blocked out
  __device__ CUBLING_FORCEINLINE void StripedToBlocked(InputT (&items)[ITEMS_PER_THREAD])
  {
    StripedToBlocked(items, items);
  }

  //! @brief BlockedToStriped in place.
  //!
  //! @param items  this thread's items: blocked in, striped out
  __device__ CUBLING_FORCEINLINE void BlockedToStriped(InputT (&items)[ITEMS_PER_THREAD])
  {
    BlockedToStriped(items, items);
  }

  //! @brief WarpStripedToBlocked in place.
  //!
  //! @param items  this thread's items: warp-striped in, blocked out
  __device__ CUBLING_FORCEINLINE void WarpStripedToBlocked(InputT (&items)[ITEMS_PER_THREAD])
  {
    WarpStripedToBlocked(items, items);
  }

  //! @brief BlockedToWarpStriped in place.
  //!
  //! @param items  this thread's items: blocked in, warp-striped out
  __device__ CUBLING_FORCEINLINE void BlockedToWarpStriped(InputT (&items)[ITEMS_PER_THREAD])
  {
    BlockedToWarpStriped(items, items);
  }

  //! @brief ScatterToBlocked in place.
  //!
  //! @tparam OffsetT  integer type of the ranks
  //! @param items     this thread's items: in any arrangement in, blocked by rank out
  //! @param ranks     the tile position of each item (a permutation over the block)
  template <typename OffsetT>
  __device__ CUBLING_FORCEINLINE void ScatterToBlocked(InputT (&items)[ITEMS_PER_THREAD],
                                                       OffsetT (&ranks)[ITEMS_PER_THREAD])
  {
    ScatterToBlocked(items, items, ranks);
  }

  //! @brief ScatterToStriped in place.
  //!
  //! @tparam OffsetT  integer type of the ranks
  //! @param items     this thread's items: in any arrangement in, striped by rank out
  //! @param ranks     the tile position of each item (a permutation over the block)
  template <typename OffsetT>
  __device__ CUBLING_FORCEINLINE void ScatterToStriped(InputT (&items)[ITEMS_PER_THREAD],
                                                       OffsetT (&ranks)[ITEMS_PER_THREAD])
  {
    ScatterToStriped(items, items, ranks);
  }

  //! @brief ScatterToStripedGuarded in place.
  //!
  //! @tparam OffsetT  signed integer type of the ranks
  //! @param items     this thread's items: in any arrangement in, striped by rank out
  //! @param ranks     the tile position of each item, or a negative value to leave it out
  template <typename OffsetT>
  __device__ CUBLING_FORCEINLINE void ScatterToStripedGuarded(InputT (&items)[ITEMS_PER_THREAD],
                                                              OffsetT (&ranks)[ITEMS_PER_THREAD])
  {
    ScatterToStripedGuarded(items, items, ranks);
  }

  //! @brief ScatterToStripedFlagged in place.
  //!
  //! @tparam OffsetT    integer type of the ranks
  //! @tparam ValidFlag  a type that converts to `bool`
  //! @param items       this thread's items: in any arrangement in, striped by rank out
  //! @param ranks       the tile position of each valid item
  //! @param is_valid    whether each item takes part
  template <typename OffsetT, typename ValidFlag>
  __device__ CUBLING_FORCEINLINE void ScatterToStripedFlagged(InputT (&items)[ITEMS_PER_THREAD],
                                                              OffsetT (&ranks)[ITEMS_PER_THREAD],
                                                              ValidFlag (&is_valid)[ITEMS_PER_THREAD])
  {
    ScatterToStripedFlagged(items, items, ranks, is_valid);
  }

  //! @}

};

} // namespace cubling
