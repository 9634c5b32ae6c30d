//! @file
//! AgentScan: what one thread block does inside DeviceScan.
//!
//! The block takes one tile of the input, `BLOCK_THREADS * ITEMS_PER_THREAD`
//! items, and writes that tile of the output. Its phases:
//!   1. load the tile into registers, blocked (BlockLoad): thread r holds
//!      items r * ITEMS_PER_THREAD ... ; the last, partial tile pads its
//!      missing items with a copy of its first item, so that the operator
//!      only ever sees real values;
//!   2. wait for the grid before it, if it was launched as a programmatic
//!      dependent of the init kernel: the tile states must be reset first,
//!      and the loads of phase 1 overlap that wait;
//!   3. scan the tile (BlockScan). Tile 0 scans with the initial value, if
//!      any, and publishes its inclusive prefix straight away. Every other
//!      tile hands BlockScan the look-back (single_pass_scan_operators.cuh)
//!      as its prefix callback: BlockScan reduces the tile, the first warp
//!      publishes the aggregate, looks back for the exclusive prefix,
//!      publishes the inclusive prefix, and BlockScan folds the exclusive
//!      prefix into every item;
//!   4. store the tile (BlockStore), converting to the output's type.
//! In place (`d_out == d_in`) is safe: a tile reads only its own items, and
//! stores them after it has read them all.
#pragma once

#include <cstdint>
#include <iterator>
#include <type_traits>

#include <cubling/agent/single_pass_scan_operators.cuh>
#include <cubling/block/block_load.cuh>
#include <cubling/block/block_scan.cuh>
#include <cubling/block/block_store.cuh>
#include <cubling/util/macros.cuh>

#include <cooperative_groups.h>

namespace cubling
{

//! @brief The tuning of AgentScan: one link's worth of a DeviceScan policy.
//!
//! @tparam BLOCK_THREADS_     threads per block
//! @tparam NOMINAL_ITEMS_4B   items per thread for 4-byte items; other sizes
//!                            keep the tile's bytes about the same
//! @tparam LOAD_ALGORITHM_    how the tile is read (BlockLoad)
//! @tparam STORE_ALGORITHM_   how the tile is written (BlockStore)
//! @tparam SCAN_ALGORITHM_    how the block scans (BlockScan)
//! @tparam MAX_SPIN_NS_       the longest back-off between two reads of a
//!                            look-back window that is not ready (0: none)
template <int BLOCK_THREADS_, int NOMINAL_ITEMS_4B, BlockLoadAlgorithm LOAD_ALGORITHM_,
          BlockStoreAlgorithm STORE_ALGORITHM_, BlockScanAlgorithm SCAN_ALGORITHM_, int MAX_SPIN_NS_ = 0>
struct AgentScanPolicy
{
  static constexpr int BLOCK_THREADS                     = BLOCK_THREADS_;
  static constexpr BlockLoadAlgorithm LOAD_ALGORITHM     = LOAD_ALGORITHM_;
  static constexpr BlockStoreAlgorithm STORE_ALGORITHM   = STORE_ALGORITHM_;
  static constexpr BlockScanAlgorithm SCAN_ALGORITHM     = SCAN_ALGORITHM_;
  static constexpr int MAX_SPIN_NS                       = MAX_SPIN_NS_;
  //! Items per thread per tile, for items of `bytes` bytes.
  static constexpr int items_per_thread(int bytes)
  {
    const int items = NOMINAL_ITEMS_4B * 4 / (bytes > 0 ? bytes : 1);
    return items < 1 ? 1 : (items > NOMINAL_ITEMS_4B ? NOMINAL_ITEMS_4B : items);
  }
};

namespace detail
{

//! Which scan a DeviceScan call asks for.
enum class ScanKind
{
  inclusive,      //!< out[i] = in[0] op ... op in[i]
  inclusive_init, //!< out[i] = init op in[0] op ... op in[i]
  exclusive,      //!< out[0] = init, out[i] = init op in[0] op ... op in[i - 1]
};

//! Wait for the grid this one depends on (a programmatic dependent launch),
//! until its writes are visible; nothing to wait for otherwise.
__device__ CUBLING_FORCEINLINE void wait_for_prerequisite_grid()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  cudaGridDependencySynchronize();
#endif
}

//! Let the grid that depends on this one be scheduled (it still waits for
//! this grid's end before it reads what this grid wrote).
__device__ CUBLING_FORCEINLINE void allow_dependent_grid()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  cudaTriggerProgrammaticLaunchCompletion();
#endif
}

} // namespace detail

//! @brief One thread block's tile of a device-wide scan.
//!
//! @tparam Policy    an AgentScanPolicy
//! @tparam InputIt   random-access input iterator (or pointer)
//! @tparam OutputIt  random-access output iterator (or pointer); may alias the input
//! @tparam ScanOp    associative `AccumT op(AccumT, AccumT)`, not necessarily commutative
//! @tparam InitT     the initial value's type (any type for ScanKind::inclusive: unused)
//! @tparam AccumT    the accumulator type
//! @tparam KIND      inclusive, inclusive with an initial value, or exclusive
template <typename Policy, typename InputIt, typename OutputIt, typename ScanOp, typename InitT, typename AccumT,
          detail::ScanKind KIND>
struct AgentScan
{
  using InputT = typename std::iterator_traits<InputIt>::value_type;

  static constexpr int BLOCK_THREADS    = Policy::BLOCK_THREADS;
  static constexpr int ITEMS_PER_THREAD = Policy::items_per_thread(static_cast<int>(sizeof(AccumT)));
  static constexpr int TILE_ITEMS       = BLOCK_THREADS * ITEMS_PER_THREAD;

  using BlockLoadT  = BlockLoad<AccumT, BLOCK_THREADS, ITEMS_PER_THREAD, Policy::LOAD_ALGORITHM>;
  using BlockStoreT = BlockStore<AccumT, BLOCK_THREADS, ITEMS_PER_THREAD, Policy::STORE_ALGORITHM>;
  using BlockScanT  = BlockScan<AccumT, BLOCK_THREADS, Policy::SCAN_ALGORITHM>;
  using TileState   = detail::ScanTileState<AccumT>;
  using LookBack    = detail::TileLookBack<AccumT, ScanOp, Policy::MAX_SPIN_NS>;

  //! The shared memory of the three phases, which never overlap in time.
  union _TempStorage
  {
    typename BlockLoadT::TempStorage load;
    struct
    {
      typename BlockScanT::TempStorage block;
      typename LookBack::TempStorage look_back;
      Uninitialized<AccumT> tile_prefix; //!< the cooperative path's prefix, for every thread
    } scan;
    typename BlockStoreT::TempStorage store;
  };
  struct TempStorage : Uninitialized<_TempStorage>
  {};

  _TempStorage& temp_storage;
  InputIt d_in;
  OutputIt d_out;
  ScanOp scan_op;
  InitT init;

  __device__ CUBLING_FORCEINLINE AgentScan(TempStorage& temp_storage, InputIt d_in, OutputIt d_out, ScanOp scan_op,
                                           InitT init)
      : temp_storage(temp_storage.Alias())
      , d_in(d_in)
      , d_out(d_out)
      , scan_op(scan_op)
      , init(init)
  {}

  //! Phase 1: this thread's items of the tile at `offset`; a partial tile
  //! (`valid` < TILE_ITEMS) pads with its first item.
  __device__ CUBLING_FORCEINLINE void Load(int64_t offset, int valid, AccumT (&items)[ITEMS_PER_THREAD])
  {
    if (valid == TILE_ITEMS)
    {
      BlockLoadT(temp_storage.load).Load(d_in + offset, items);
    }
    else
    {
      const AccumT pad = static_cast<AccumT>(d_in[offset]);
      BlockLoadT(temp_storage.load).Load(d_in + offset, items, valid, pad);
    }
  }

  //! Phase 3 for tile 0: scan with the initial value, if any; return the tile's inclusive prefix.
  __device__ CUBLING_FORCEINLINE AccumT ScanFirstTile(AccumT (&items)[ITEMS_PER_THREAD])
  {
    AccumT aggregate;
    if constexpr (KIND == detail::ScanKind::exclusive)
    {
      BlockScanT(temp_storage.scan.block).ExclusiveScan(items, items, static_cast<AccumT>(init), scan_op, aggregate);
      return scan_op(static_cast<AccumT>(init), aggregate);
    }
    else if constexpr (KIND == detail::ScanKind::inclusive_init)
    {
      BlockScanT(temp_storage.scan.block).InclusiveScan(items, items, static_cast<AccumT>(init), scan_op, aggregate);
      return scan_op(static_cast<AccumT>(init), aggregate);
    }
    else
    {
      BlockScanT(temp_storage.scan.block).InclusiveScan(items, items, scan_op, aggregate);
      return aggregate;
    }
  }

  // example-begin consume-tile
  //! Scan tile `tile` of `num_items` items. `state` holds the tile states of
  //! a grid of several tiles; a grid of one tile never touches it.
  __device__ CUBLING_FORCEINLINE void ConsumeTile(int64_t tile, int64_t num_items, const TileState& state,
                                                  bool single_tile)
  {
    const int64_t offset = tile * TILE_ITEMS;
    const int valid = num_items - offset < TILE_ITEMS ? static_cast<int>(num_items - offset) : TILE_ITEMS;
    AccumT items[ITEMS_PER_THREAD];
    Load(offset, valid, items);
    detail::wait_for_prerequisite_grid();
    __syncthreads(); // the load's shared memory becomes the scan's
    if (tile == 0)
    {
      const AccumT inclusive_prefix = ScanFirstTile(items);
      if (!single_tile && threadIdx.x == 0)
      {
        state.Publish(0, SCAN_TILE_PREFIX, inclusive_prefix);
      }
    }
    else
    {
      LookBack look_back(temp_storage.scan.look_back, state, scan_op, tile);
      if constexpr (KIND == detail::ScanKind::exclusive)
      {
        BlockScanT(temp_storage.scan.block).ExclusiveScan(items, items, scan_op, look_back);
      }
      else
      {
        BlockScanT(temp_storage.scan.block).InclusiveScan(items, items, scan_op, look_back);
      }
    }
    __syncthreads(); // the scan's shared memory becomes the store's
    if (valid == TILE_ITEMS)
    {
      BlockStoreT(temp_storage.store).Store(d_out + offset, items);
    }
    else
    {
      BlockStoreT(temp_storage.store).Store(d_out + offset, items, valid);
    }
  }
  // example-end consume-tile

  // example-begin cooperative-tile
  //! The same for a grid that is all resident at once, launched
  //! cooperatively (a small input: see kernels/scan.cuh). No tile states and
  //! no look-back: every tile scans its items alone and writes its
  //! aggregate (tile 0: its inclusive prefix, the initial value in it) to
  //! `aggregates[tile]`; after a grid-wide barrier, the first warp folds the
  //! aggregates before the tile, left to right, and the block folds that
  //! prefix into its items. Nothing read was written by an earlier call.
  __device__ CUBLING_FORCEINLINE void ConsumeTileCooperative(int64_t tile, int64_t num_items, AccumT* aggregates)
  {
    const int64_t offset = tile * TILE_ITEMS;
    const int valid = num_items - offset < TILE_ITEMS ? static_cast<int>(num_items - offset) : TILE_ITEMS;
    AccumT items[ITEMS_PER_THREAD];
    Load(offset, valid, items);
    __syncthreads(); // the load's shared memory becomes the scan's
    AccumT aggregate;
    if (tile == 0)
    {
      aggregate = ScanFirstTile(items);
    }
    else if constexpr (KIND == detail::ScanKind::exclusive)
    {
      BlockScanT(temp_storage.scan.block).ExclusiveScan(items, items, scan_op, aggregate);
    }
    else
    {
      BlockScanT(temp_storage.scan.block).InclusiveScan(items, items, scan_op, aggregate);
    }
    if (threadIdx.x == 0)
    {
      aggregates[tile] = aggregate;
    }
    cooperative_groups::this_grid().sync(); // every aggregate written, and visible
    if (tile > 0)
    {
      if (threadIdx.x < warp_threads)
      {
        AccumT prefix;
        for (int64_t first = 0; first < tile; first += warp_threads)
        {
          const int64_t mine = first + threadIdx.x;
          AccumT value;
          if (mine < tile)
          {
            value = aggregates[mine]; // after the barrier: no earlier copy of it in L1
          }
          const int end = tile - first < warp_threads ? static_cast<int>(tile - first) : warp_threads;
          if (first == 0)
          {
            prefix = detail::shuffle_words(value, [](unsigned int word) { return __shfl_sync(0xffffffffu, word, 0); });
          }
          prefix = detail::fold_lanes(prefix, value, first == 0 ? 1 : 0, end, scan_op);
        }
        if (threadIdx.x == 0)
        {
          temp_storage.scan.tile_prefix.Alias() = prefix;
        }
      }
      __syncthreads();
      const AccumT prefix = temp_storage.scan.tile_prefix.Alias();
#pragma unroll
      for (int i = 0; i < ITEMS_PER_THREAD; ++i)
      {
        // Exclusive: the tile's first output is the prefix itself (BlockScan
        // left the first thread's first item undefined).
        const bool first_item = KIND == detail::ScanKind::exclusive && threadIdx.x == 0 && i == 0;
        items[i]              = first_item ? prefix : scan_op(prefix, items[i]);
      }
    }
    __syncthreads(); // the scan's shared memory becomes the store's
    if (valid == TILE_ITEMS)
    {
      BlockStoreT(temp_storage.store).Store(d_out + offset, items);
    }
    else
    {
      BlockStoreT(temp_storage.store).Store(d_out + offset, items, valid);
    }
  }
  // example-end cooperative-tile
};

} // namespace cubling
