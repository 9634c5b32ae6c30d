//! @file
//! The transposing loads, BLOCK_LOAD_TRANSPOSE and BLOCK_LOAD_WARP_TRANSPOSE:
//! read the tile coalesced (striped or warp-striped), then rearrange it into
//! the blocked arrangement through shared memory with cubling::BlockExchange.
//!
//! **When to pick which.** Both give every thread a contiguous run while
//! every global load stays coalesced, at the price of one trip through
//! shared memory. They pay when `ITEMS_PER_THREAD` is large (the direct
//! blocked load's scattered accesses grow with it) and when the input is
//! streamed from DRAM once. BLOCK_LOAD_WARP_TRANSPOSE is usually the faster
//! of the two: each warp exchanges only its own items and waits only for
//! itself (`__syncwarp()`), where BLOCK_LOAD_TRANSPOSE needs a block-wide
//! `__syncthreads()`. It needs a block of whole warps;
//! BLOCK_LOAD_TRANSPOSE takes any block size.
#pragma once

#include <cubling/block/block_exchange.cuh>
#include <cubling/block/specializations/block_load_direct.cuh>
#include <cubling/util/arch.cuh>
#include <cubling/util/macros.cuh>
#include <cubling/util/uninitialized.cuh>

namespace cubling
{
namespace detail
{

//! @brief BLOCK_LOAD_TRANSPOSE: a striped load (coalesced), then
//! cubling::BlockExchange::StripedToBlocked.
//!
//! Any block size. One `__syncthreads()` inside; the shared memory is
//! BlockExchange's (one tile of `T`).
//!
//! @tparam T                 item type
//! @tparam BLOCK_DIM_X       threads of the block along x
//! @tparam ITEMS_PER_THREAD  items per thread
//! @tparam BLOCK_DIM_Y       threads of the block along y
//! @tparam BLOCK_DIM_Z       threads of the block along z
template <typename T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, int BLOCK_DIM_Y, int BLOCK_DIM_Z> struct BlockLoadTranspose
{
  static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  using Exchange                     = BlockExchange<T, BLOCK_DIM_X, ITEMS_PER_THREAD, false, BLOCK_DIM_Y, BLOCK_DIM_Z>;
  using _TempStorage                 = typename Exchange::TempStorage;

  //! BlockExchange's shared memory (see util/uninitialized.cuh).
  struct TempStorage : Uninitialized<_TempStorage>
  {};

  _TempStorage& storage;
  int linear_tid;

  __device__ CUBLING_FORCEINLINE BlockLoadTranspose(TempStorage& temp_storage, int linear_tid_)
      : storage(temp_storage.Alias()), linear_tid(linear_tid_)
  {
  }

  template <typename It> __device__ CUBLING_FORCEINLINE void Load(It block_src_it, T (&dst_items)[ITEMS_PER_THREAD])
  {
    LoadDirectStriped<BLOCK_THREADS>(linear_tid, block_src_it, dst_items);
    Exchange(storage).StripedToBlocked(dst_items, dst_items);
  }

  //! Items past `valid_items` are not read; after the exchange their values are unspecified.
  template <typename It>
  __device__ CUBLING_FORCEINLINE void Load(It block_src_it, T (&dst_items)[ITEMS_PER_THREAD], int valid_items)
  {
    LoadDirectStriped<BLOCK_THREADS>(linear_tid, block_src_it, dst_items, valid_items);
    Exchange(storage).StripedToBlocked(dst_items, dst_items);
  }

  template <typename It, typename DefaultT>
  __device__ CUBLING_FORCEINLINE void Load(It block_src_it, T (&dst_items)[ITEMS_PER_THREAD], int valid_items,
                                           DefaultT oob_default)
  {
    LoadDirectStriped<BLOCK_THREADS>(linear_tid, block_src_it, dst_items, valid_items, oob_default);
    Exchange(storage).StripedToBlocked(dst_items, dst_items);
  }
};

//! @brief BLOCK_LOAD_WARP_TRANSPOSE: a warp-striped load (coalesced), then
//! cubling::BlockExchange::WarpStripedToBlocked.
//!
//! The block must be whole warps (a multiple of 32 threads; checked at
//! compile time). No block barrier: each warp synchronizes only itself.
//! The shared memory is BlockExchange's (one tile of `T`).
//!
//! @tparam T                 item type
//! @tparam BLOCK_DIM_X       threads of the block along x
//! @tparam ITEMS_PER_THREAD  items per thread
//! @tparam BLOCK_DIM_Y       threads of the block along y
//! @tparam BLOCK_DIM_Z       threads of the block along z
template <typename T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, int BLOCK_DIM_Y, int BLOCK_DIM_Z>
struct BlockLoadWarpTranspose
{
  static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  static_assert(BLOCK_THREADS % warp_threads == 0, "BLOCK_LOAD_WARP_TRANSPOSE needs a block of whole warps (a multiple of 32 "
                                         "threads); use BLOCK_LOAD_TRANSPOSE for other block sizes");
  using Exchange     = BlockExchange<T, BLOCK_DIM_X, ITEMS_PER_THREAD, false, BLOCK_DIM_Y, BLOCK_DIM_Z>;
  using _TempStorage = typename Exchange::TempStorage;

  //! BlockExchange's shared memory (see util/uninitialized.cuh).
  struct TempStorage : Uninitialized<_TempStorage>
  {};

  _TempStorage& storage;
  int linear_tid;

  __device__ CUBLING_FORCEINLINE BlockLoadWarpTranspose(TempStorage& temp_storage, int linear_tid_)
      : storage(temp_storage.Alias()), linear_tid(linear_tid_)
  {
  }

  template <typename It> __device__ CUBLING_FORCEINLINE void Load(It block_src_it, T (&dst_items)[ITEMS_PER_THREAD])
  {
    LoadDirectWarpStriped(linear_tid, block_src_it, dst_items);
    Exchange(storage).WarpStripedToBlocked(dst_items, dst_items);
  }

  //! Items past `valid_items` are not read; after the exchange their values are unspecified.
  template <typename It>
  __device__ CUBLING_FORCEINLINE void Load(It block_src_it, T (&dst_items)[ITEMS_PER_THREAD], int valid_items)
  {
    LoadDirectWarpStriped(linear_tid, block_src_it, dst_items, valid_items);
    Exchange(storage).WarpStripedToBlocked(dst_items, dst_items);
  }

  template <typename It, typename DefaultT>
  __device__ CUBLING_FORCEINLINE void Load(It block_src_it, T (&dst_items)[ITEMS_PER_THREAD], int valid_items,
                                           DefaultT oob_default)
  {
    LoadDirectWarpStriped(linear_tid, block_src_it, dst_items, valid_items, oob_default);
    Exchange(storage).WarpStripedToBlocked(dst_items, dst_items);
  }
};

} // namespace detail
} // namespace cubling
