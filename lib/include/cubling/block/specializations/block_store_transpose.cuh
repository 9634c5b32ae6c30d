//! @file
//! The transposing stores, BLOCK_STORE_TRANSPOSE and
//! BLOCK_STORE_WARP_TRANSPOSE: rearrange the blocked items into the striped
//! (or warp-striped) arrangement through shared memory with
//! cubling::BlockExchange, then write them coalesced.
//!
//! **When to pick which.** The mirror of the transposing loads (see
//! block_load_transpose.cuh): both keep every global store coalesced at the
//! price of one trip through shared memory, and pay when `ITEMS_PER_THREAD`
//! is large. BLOCK_STORE_WARP_TRANSPOSE is usually faster (warp-local, no
//! block barrier) but needs a block of whole warps; BLOCK_STORE_TRANSPOSE
//! takes any block size.
//!
//! Unlike CUB's, these stores leave the caller's `items` unchanged: the
//! exchange writes into a separate register array.
#pragma once

#include <cubling/block/block_exchange.cuh>
#include <cubling/block/specializations/block_store_direct.cuh>
#include <cubling/util/arch.cuh>
#include <cubling/util/macros.cuh>
#include <cubling/util/uninitialized.cuh>

namespace cubling
{
namespace detail
{

//! @brief BLOCK_STORE_TRANSPOSE: cubling::BlockExchange::BlockedToStriped,
//! then a striped store (coalesced).
//!
//! Any block size. One `__syncthreads()` inside; the shared memory is
//! BlockExchange's (one tile of `T`).
//!
//! @tparam T                 item type
//! @tparam BLOCK_DIM_X       threads of the block along x
//! @tparam ITEMS_PER_THREAD  items per thread
//! @tparam BLOCK_DIM_Y       threads of the block along y
//! @tparam BLOCK_DIM_Z       threads of the block along z
template <typename T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, int BLOCK_DIM_Y, int BLOCK_DIM_Z>
struct BlockStoreTranspose
{
  static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  using Exchange                     = BlockExchange<T, BLOCK_DIM_X, ITEMS_PER_THREAD, false, BLOCK_DIM_Y, BLOCK_DIM_Z>;
  using _TempStorage                 = typename Exchange::TempStorage;

  //! BlockExchange's shared memory (see util/uninitialized.cuh).
  struct TempStorage : Uninitialized<_TempStorage>
  {};

  _TempStorage& storage;
  int linear_tid;

  __device__ CUBLING_FORCEINLINE BlockStoreTranspose(TempStorage& temp_storage, int linear_tid_)
      : storage(temp_storage.Alias()), linear_tid(linear_tid_)
  {
  }

  template <typename It> __device__ CUBLING_FORCEINLINE void Store(It block_itr, T (&items)[ITEMS_PER_THREAD])
  {
    T striped[ITEMS_PER_THREAD];
    Exchange(storage).BlockedToStriped(items, striped);
    StoreDirectStriped<BLOCK_THREADS>(linear_tid, block_itr, striped);
  }

  template <typename It>
  __device__ CUBLING_FORCEINLINE void Store(It block_itr, T (&items)[ITEMS_PER_THREAD], int valid_items)
  {
    T striped[ITEMS_PER_THREAD];
    Exchange(storage).BlockedToStriped(items, striped);
    StoreDirectStriped<BLOCK_THREADS>(linear_tid, block_itr, striped, valid_items);
  }
};

//! @brief BLOCK_STORE_WARP_TRANSPOSE: cubling::BlockExchange::BlockedToWarpStriped,
//! then a warp-striped store (coalesced).
//!
//! The block must be whole warps (a multiple of 32 threads; checked at
//! compile time). No block barrier: each warp synchronizes only itself.
//!
//! @tparam T                 item type
//! @tparam BLOCK_DIM_X       threads of the block along x
//! @tparam ITEMS_PER_THREAD  items per thread
//! @tparam BLOCK_DIM_Y       threads of the block along y
//! @tparam BLOCK_DIM_Z       threads of the block along z
template <typename T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, int BLOCK_DIM_Y, int BLOCK_DIM_Z>
struct BlockStoreWarpTranspose
{
  static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  static_assert(BLOCK_THREADS % warp_threads == 0, "BLOCK_STORE_WARP_TRANSPOSE needs a block of whole warps (a multiple of 32 "
                                         "threads); use BLOCK_STORE_TRANSPOSE for other block sizes");
  using Exchange     = BlockExchange<T, BLOCK_DIM_X, ITEMS_PER_THREAD, false, BLOCK_DIM_Y, BLOCK_DIM_Z>;
  using _TempStorage = typename Exchange::TempStorage;

  //! BlockExchange's shared memory (see util/uninitialized.cuh).
  struct TempStorage : Uninitialized<_TempStorage>
  {};

  _TempStorage& storage;
  int linear_tid;

  __device__ CUBLING_FORCEINLINE BlockStoreWarpTranspose(TempStorage& temp_storage, int linear_tid_)
      : storage(temp_storage.Alias()), linear_tid(linear_tid_)
  {
  }

  template <typename It> __device__ CUBLING_FORCEINLINE void Store(It block_itr, T (&items)[ITEMS_PER_THREAD])
  {
    T striped[ITEMS_PER_THREAD];
    Exchange(storage).BlockedToWarpStriped(items, striped);
    StoreDirectWarpStriped(linear_tid, block_itr, striped);
  }

  template <typename It>
  __device__ CUBLING_FORCEINLINE void Store(It block_itr, T (&items)[ITEMS_PER_THREAD], int valid_items)
  {
    T striped[ITEMS_PER_THREAD];
    Exchange(storage).BlockedToWarpStriped(items, striped);
    StoreDirectWarpStriped(linear_tid, block_itr, striped, valid_items);
  }
};

} // namespace detail
} // namespace cubling
