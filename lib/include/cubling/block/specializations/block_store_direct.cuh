//! @file
//! The direct stores: each thread writes its own items straight from
//! registers to memory, with no shared memory. The free functions
//! (StoreDirectBlocked, StoreDirectBlockedVectorized, StoreDirectStriped,
//! StoreDirectWarpStriped) are public API, available through
//! `<cubling/block/block_store.cuh>`; the structs below are the
//! BLOCK_STORE_DIRECT, BLOCK_STORE_STRIPED and BLOCK_STORE_VECTORIZE
//! algorithms of cubling::BlockStore.
//!
//! **When to pick which.** The mirror of the direct loads (see
//! block_load_direct.cuh): a striped store is coalesced; a blocked store
//! writes each thread's contiguous run, uncoalesced, which costs more as
//! `ITEMS_PER_THREAD` grows; the vectorized blocked store writes that run in
//! a few 4-, 8- or 16-byte vectors when the pointer is aligned, and falls
//! back to the blocked store otherwise.
#pragma once

#include <cubling/block/specializations/block_load_direct.cuh>
#include <cubling/util/arch.cuh>
#include <cubling/util/macros.cuh>
#include <cubling/util/uninitialized.cuh>

#include <cuda/std/type_traits>

namespace cubling
{

//! @brief Store a tile from the blocked arrangement: thread `linear_tid`
//! writes items `linear_tid * ITEMS_PER_THREAD + i`.
//!
//! @tparam T                 item type of the registers
//! @tparam ITEMS_PER_THREAD  items per thread
//! @tparam OutputIteratorT   a pointer or a random-access output iterator
//! @param linear_tid         the thread's rank in the block (cubling::RowMajorTid)
//! @param block_itr          the start of the block's tile
//! @param items              this thread's items
template <typename T, int ITEMS_PER_THREAD, typename OutputIteratorT>
__device__ CUBLING_FORCEINLINE void StoreDirectBlocked(int linear_tid, OutputIteratorT block_itr,
                                                       T (&items)[ITEMS_PER_THREAD])
{
#pragma unroll
  for (int i = 0; i < ITEMS_PER_THREAD; ++i)
  {
    block_itr[linear_tid * ITEMS_PER_THREAD + i] = items[i];
  }
}

//! @brief Store the first `valid_items` items of a tile from the blocked
//! arrangement; nothing at or past `valid_items` is written.
//!
//! @tparam T                 item type of the registers
//! @tparam ITEMS_PER_THREAD  items per thread
//! @tparam OutputIteratorT   a pointer or a random-access output iterator
//! @param linear_tid         the thread's rank in the block
//! @param block_itr          the start of the block's tile
//! @param items              this thread's items
//! @param valid_items        number of items to write (any value; 0 writes nothing)
template <typename T, int ITEMS_PER_THREAD, typename OutputIteratorT>
__device__ CUBLING_FORCEINLINE void StoreDirectBlocked(int linear_tid, OutputIteratorT block_itr,
                                                       T (&items)[ITEMS_PER_THREAD], int valid_items)
{
#pragma unroll
  for (int i = 0; i < ITEMS_PER_THREAD; ++i)
  {
    const int item = linear_tid * ITEMS_PER_THREAD + i;
    if (item < valid_items)
    {
      block_itr[item] = items[i];
    }
  }
}

//! @brief Store a tile from the blocked arrangement with vector stores
//! where the pointer allows it.
//!
//! Each thread's run of `ITEMS_PER_THREAD * sizeof(T)` bytes is written in
//! the widest vectors, of 16, 8, 4 or 2 bytes, that divide it.
//!
//! **Contract.** The check is made at run time, on `block_ptr`: when it is
//! not aligned to the vector width, every thread falls back to
//! cubling::StoreDirectBlocked, with one store per item. A misaligned
//! pointer therefore never faults and never writes outside the tile; it is
//! only slower. (CUB's StoreDirectBlockedVectorized does not check, and
//! faults on such a pointer.) The fallback is also taken, at compile time,
//! when no vector is wider than `T`'s own alignment or when `T` is not
//! trivially copyable. There is no guarded form: store a partial tile with
//! the guarded cubling::StoreDirectBlocked.
//!
//! @tparam T                 item type
//! @tparam ITEMS_PER_THREAD  items per thread
//! @param linear_tid         the thread's rank in the block
//! @param block_ptr          the start of the block's tile (global or shared memory)
//! @param items              this thread's items
template <typename T, int ITEMS_PER_THREAD>
__device__ CUBLING_FORCEINLINE void StoreDirectBlockedVectorized(int linear_tid, T* block_ptr,
                                                                 T (&items)[ITEMS_PER_THREAD])
{
  using Run = detail::VectorRun<T, ITEMS_PER_THREAD>;
  if constexpr (Run::PAYS)
  {
    if (Run::Aligned(block_ptr))
    {
      typename Run::Vector vectors[Run::COUNT];
      memcpy(&vectors[0], &items[0], Run::BYTES); // registers to registers: no code of its own
      typename Run::Vector* thread_dst = reinterpret_cast<typename Run::Vector*>(block_ptr) + linear_tid * Run::COUNT;
#pragma unroll
      for (int v = 0; v < Run::COUNT; ++v)
      {
        thread_dst[v] = vectors[v];
      }
      return;
    }
  }
  StoreDirectBlocked(linear_tid, block_ptr, items);
}

//! @brief Store a tile from the striped arrangement: thread `linear_tid`
//! writes items `i * BLOCK_THREADS + linear_tid` (coalesced).
//!
//! @tparam BLOCK_THREADS     threads in the block
//! @tparam T                 item type of the registers
//! @tparam ITEMS_PER_THREAD  items per thread
//! @tparam OutputIteratorT   a pointer or a random-access output iterator
//! @param linear_tid         the thread's rank in the block
//! @param block_itr          the start of the block's tile
//! @param items              this thread's items
template <int BLOCK_THREADS, typename T, int ITEMS_PER_THREAD, typename OutputIteratorT>
__device__ CUBLING_FORCEINLINE void StoreDirectStriped(int linear_tid, OutputIteratorT block_itr,
                                                       T (&items)[ITEMS_PER_THREAD])
{
#pragma unroll
  for (int i = 0; i < ITEMS_PER_THREAD; ++i)
  {
    block_itr[i * BLOCK_THREADS + linear_tid] = items[i];
  }
}

//! @brief Store the first `valid_items` items of a tile from the striped
//! arrangement; nothing at or past `valid_items` is written.
//!
//! @tparam BLOCK_THREADS     threads in the block
//! @tparam T                 item type of the registers
//! @tparam ITEMS_PER_THREAD  items per thread
//! @tparam OutputIteratorT   a pointer or a random-access output iterator
//! @param linear_tid         the thread's rank in the block
//! @param block_itr          the start of the block's tile
//! @param items              this thread's items
//! @param valid_items        number of items to write
template <int BLOCK_THREADS, typename T, int ITEMS_PER_THREAD, typename OutputIteratorT>
__device__ CUBLING_FORCEINLINE void StoreDirectStriped(int linear_tid, OutputIteratorT block_itr,
                                                       T (&items)[ITEMS_PER_THREAD], int valid_items)
{
#pragma unroll
  for (int i = 0; i < ITEMS_PER_THREAD; ++i)
  {
    const int item = i * BLOCK_THREADS + linear_tid;
    if (item < valid_items)
    {
      block_itr[item] = items[i];
    }
  }
}

//! @brief Store a tile from the warp-striped arrangement: lane `l` of warp
//! `w` writes items `w * 32 * ITEMS_PER_THREAD + i * 32 + l` (coalesced,
//! and each warp stays within its own run).
//!
//! @tparam T                 item type of the registers
//! @tparam ITEMS_PER_THREAD  items per thread
//! @tparam OutputIteratorT   a pointer or a random-access output iterator
//! @param linear_tid         the thread's rank in the block
//! @param block_itr          the start of the block's tile
//! @param items              this thread's items
template <typename T, int ITEMS_PER_THREAD, typename OutputIteratorT>
__device__ CUBLING_FORCEINLINE void StoreDirectWarpStriped(int linear_tid, OutputIteratorT block_itr,
                                                           T (&items)[ITEMS_PER_THREAD])
{
  const int first = (linear_tid / warp_threads) * warp_threads * ITEMS_PER_THREAD + linear_tid % warp_threads;
#pragma unroll
  for (int i = 0; i < ITEMS_PER_THREAD; ++i)
  {
    block_itr[first + i * warp_threads] = items[i];
  }
}

//! @brief Store the first `valid_items` items of a tile from the
//! warp-striped arrangement; nothing at or past `valid_items` is written.
//!
//! @tparam T                 item type of the registers
//! @tparam ITEMS_PER_THREAD  items per thread
//! @tparam OutputIteratorT   a pointer or a random-access output iterator
//! @param linear_tid         the thread's rank in the block
//! @param block_itr          the start of the block's tile
//! @param items              this thread's items
//! @param valid_items        number of items to write
template <typename T, int ITEMS_PER_THREAD, typename OutputIteratorT>
__device__ CUBLING_FORCEINLINE void StoreDirectWarpStriped(int linear_tid, OutputIteratorT block_itr,
                                                           T (&items)[ITEMS_PER_THREAD], int valid_items)
{
  const int first = (linear_tid / warp_threads) * warp_threads * ITEMS_PER_THREAD + linear_tid % warp_threads;
#pragma unroll
  for (int i = 0; i < ITEMS_PER_THREAD; ++i)
  {
    const int item = first + i * warp_threads;
    if (item < valid_items)
    {
      block_itr[item] = items[i];
    }
  }
}

namespace detail
{

//! @brief BLOCK_STORE_DIRECT: cubling::StoreDirectBlocked, no shared memory.
//!
//! The simplest store; right when the items are few per thread. Not
//! coalesced, which shows as `ITEMS_PER_THREAD` grows.
//!
//! @tparam T                 item type
//! @tparam BLOCK_THREADS     threads in the block
//! @tparam ITEMS_PER_THREAD  items per thread
template <typename T, int BLOCK_THREADS, int ITEMS_PER_THREAD> struct BlockStoreDirect
{
  //! No shared memory (see util/uninitialized.cuh).
  struct TempStorage : Uninitialized<NullType>
  {};

  int linear_tid;

  __device__ CUBLING_FORCEINLINE BlockStoreDirect(TempStorage&, int linear_tid_) : linear_tid(linear_tid_) {}

  template <typename It> __device__ CUBLING_FORCEINLINE void Store(It block_itr, T (&items)[ITEMS_PER_THREAD])
  {
    StoreDirectBlocked(linear_tid, block_itr, items);
  }

  template <typename It>
  __device__ CUBLING_FORCEINLINE void Store(It block_itr, T (&items)[ITEMS_PER_THREAD], int valid_items)
  {
    StoreDirectBlocked(linear_tid, block_itr, items, valid_items);
  }
};

//! @brief BLOCK_STORE_STRIPED: cubling::StoreDirectStriped, no shared memory.
//!
//! Coalesced, for items that are already striped (after BLOCK_LOAD_STRIPED
//! and an element-wise map, say): the tile is written in striped order.
//!
//! @tparam T                 item type
//! @tparam BLOCK_THREADS     threads in the block
//! @tparam ITEMS_PER_THREAD  items per thread
template <typename T, int BLOCK_THREADS, int ITEMS_PER_THREAD> struct BlockStoreStriped
{
  //! No shared memory (see util/uninitialized.cuh).
  struct TempStorage : Uninitialized<NullType>
  {};

  int linear_tid;

  __device__ CUBLING_FORCEINLINE BlockStoreStriped(TempStorage&, int linear_tid_) : linear_tid(linear_tid_) {}

  template <typename It> __device__ CUBLING_FORCEINLINE void Store(It block_itr, T (&items)[ITEMS_PER_THREAD])
  {
    StoreDirectStriped<BLOCK_THREADS>(linear_tid, block_itr, items);
  }

  template <typename It>
  __device__ CUBLING_FORCEINLINE void Store(It block_itr, T (&items)[ITEMS_PER_THREAD], int valid_items)
  {
    StoreDirectStriped<BLOCK_THREADS>(linear_tid, block_itr, items, valid_items);
  }
};

//! @brief BLOCK_STORE_VECTORIZE: cubling::StoreDirectBlockedVectorized for
//! full tiles written through a pointer, cubling::StoreDirectBlocked otherwise.
//!
//! Pick it for small `ITEMS_PER_THREAD` that makes a 4-, 8- or 16-byte run
//! per thread, when the pointer is usually aligned. It falls back to the
//! plain blocked store, decided at run time, for a misaligned pointer, and
//! always for an iterator that is not a pointer to `T` and for a guarded
//! (partial-tile) store.
//!
//! @tparam T                 item type
//! @tparam BLOCK_THREADS     threads in the block
//! @tparam ITEMS_PER_THREAD  items per thread
template <typename T, int BLOCK_THREADS, int ITEMS_PER_THREAD> struct BlockStoreVectorize
{
  //! No shared memory (see util/uninitialized.cuh).
  struct TempStorage : Uninitialized<NullType>
  {};

  int linear_tid;

  __device__ CUBLING_FORCEINLINE BlockStoreVectorize(TempStorage&, int linear_tid_) : linear_tid(linear_tid_) {}

  template <typename It> __device__ CUBLING_FORCEINLINE void Store(It block_itr, T (&items)[ITEMS_PER_THREAD])
  {
    if constexpr (cuda::std::is_same_v<It, T*>)
    {
      StoreDirectBlockedVectorized(linear_tid, block_itr, items);
    }
    else
    {
      StoreDirectBlocked(linear_tid, block_itr, items);
    }
  }

  template <typename It>
  __device__ CUBLING_FORCEINLINE void Store(It block_itr, T (&items)[ITEMS_PER_THREAD], int valid_items)
  {
    StoreDirectBlocked(linear_tid, block_itr, items, valid_items);
  }
};

} // namespace detail
} // namespace cubling
