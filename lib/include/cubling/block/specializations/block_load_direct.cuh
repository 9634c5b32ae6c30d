//! @file
//! The direct loads: each thread reads its own items straight from memory
//! into registers, with no shared memory. The free functions
//! (LoadDirectBlocked, LoadDirectBlockedVectorized, LoadDirectStriped,
//! LoadDirectWarpStriped) are public API, available through
//! `<cubling/block/block_load.cuh>`; the structs below are the
//! BLOCK_LOAD_DIRECT, BLOCK_LOAD_STRIPED and BLOCK_LOAD_VECTORIZE algorithms
//! of cubling::BlockLoad.
//!
//! **When to pick which.** A striped load is coalesced: on every
//! instruction a warp reads 32 consecutive items. A blocked load gives each
//! thread a contiguous run, which is what the algorithms after the load
//! usually want, but a warp's instruction then touches 32 items that are
//! `ITEMS_PER_THREAD` apart, so it needs several memory transactions; that
//! costs little while the run of each thread is short (the caches absorb
//! it) and more as it grows. The vectorized blocked load reads each
//! thread's run in a few 4-, 8- or 16-byte vector loads instead of one load
//! per item, which gives fewer, wider instructions; it needs an aligned
//! pointer and falls back to the plain blocked load otherwise.
#pragma once

#include <cubling/util/arch.cuh>
#include <cubling/util/macros.cuh>
#include <cubling/util/uninitialized.cuh>

#include <cuda/std/cstdint>
#include <cuda/std/type_traits>

namespace cubling
{

//! @brief Load a tile in the blocked arrangement: thread `linear_tid` reads
//! items `linear_tid * ITEMS_PER_THREAD + i`.
//!
//! @tparam T                     item type of the registers
//! @tparam ITEMS_PER_THREAD      items per thread
//! @tparam RandomAccessIterator  a pointer or a random-access input iterator
//! @param linear_tid             the thread's rank in the block (cubling::RowMajorTid)
//! @param block_src_it           the start of the block's tile
//! @param dst_items              this thread's items
template <typename T, int ITEMS_PER_THREAD, typename RandomAccessIterator>
__device__ CUBLING_FORCEINLINE void LoadDirectBlocked(int linear_tid, RandomAccessIterator block_src_it,
                                                      T (&dst_items)[ITEMS_PER_THREAD])
{
#pragma unroll
  for (int i = 0; i < ITEMS_PER_THREAD; ++i)
  {
    dst_items[i] = block_src_it[linear_tid * ITEMS_PER_THREAD + i];
  }
}

//! @brief Load the first `block_items_end` items of a tile in the blocked
//! arrangement; the items past them are not read, and their registers are
//! left unchanged.
//!
//! @tparam T                     item type of the registers
//! @tparam ITEMS_PER_THREAD      items per thread
//! @tparam RandomAccessIterator  a pointer or a random-access input iterator
//! @param linear_tid             the thread's rank in the block
//! @param block_src_it           the start of the block's tile
//! @param dst_items              this thread's items
//! @param block_items_end        number of valid items in the tile (any value; 0 reads nothing)
template <typename T, int ITEMS_PER_THREAD, typename RandomAccessIterator>
__device__ CUBLING_FORCEINLINE void LoadDirectBlocked(int linear_tid, RandomAccessIterator block_src_it,
                                                      T (&dst_items)[ITEMS_PER_THREAD], int block_items_end)
{
#pragma unroll
  for (int i = 0; i < ITEMS_PER_THREAD; ++i)
  {
    const int item = linear_tid * ITEMS_PER_THREAD + i;
    if (item < block_items_end)
    {
      dst_items[i] = block_src_it[item];
    }
  }
}

//! @brief Load the first `block_items_end` items of a tile in the blocked
//! arrangement; the items past them get `oob_default`.
//!
//! @tparam T                     item type of the registers
//! @tparam DefaultT              type of the default (converted to `T`)
//! @tparam ITEMS_PER_THREAD      items per thread
//! @tparam RandomAccessIterator  a pointer or a random-access input iterator
//! @param linear_tid             the thread's rank in the block
//! @param block_src_it           the start of the block's tile
//! @param dst_items              this thread's items
//! @param block_items_end        number of valid items in the tile
//! @param oob_default            value of the items at or past `block_items_end`
template <typename T, typename DefaultT, int ITEMS_PER_THREAD, typename RandomAccessIterator>
__device__ CUBLING_FORCEINLINE void LoadDirectBlocked(int linear_tid, RandomAccessIterator block_src_it,
                                                      T (&dst_items)[ITEMS_PER_THREAD], int block_items_end,
                                                      DefaultT oob_default)
{
#pragma unroll
  for (int i = 0; i < ITEMS_PER_THREAD; ++i)
  {
    const int item = linear_tid * ITEMS_PER_THREAD + i;
    dst_items[i]   = item < block_items_end ? static_cast<T>(block_src_it[item]) : static_cast<T>(oob_default);
  }
}

namespace detail
{

//! How one thread's run of `ITEMS_PER_THREAD` items of type `T` is moved in
//! vectors: the widest of 16, 8, 4 and 2 bytes that divides the run (so that
//! every thread's run starts aligned when the tile does). Vectorizing pays
//! only when that is wider than the item's own alignment, and needs a
//! trivially copyable item (its bytes are copied).
template <typename T, int ITEMS_PER_THREAD> struct VectorRun
{
  static constexpr int BYTES = static_cast<int>(sizeof(T)) * ITEMS_PER_THREAD;
  static constexpr int WIDTH = BYTES % 16 == 0 ? 16 : BYTES % 8 == 0 ? 8 : BYTES % 4 == 0 ? 4 : BYTES % 2 == 0 ? 2 : 1;
  static constexpr int COUNT = BYTES / WIDTH;
  static constexpr bool PAYS = cuda::std::is_trivially_copyable_v<T> && WIDTH > static_cast<int>(alignof(T));
  // clang-format off
  using Vector = cuda::std::conditional_t<WIDTH == 16, uint4,
                 cuda::std::conditional_t<WIDTH == 8, uint2,
                 cuda::std::conditional_t<WIDTH == 4, unsigned int,
                 cuda::std::conditional_t<WIDTH == 2, unsigned short, unsigned char>>>>;
  // clang-format on

  //! Whether a tile that starts at `ptr` can be moved in vectors.
  __device__ CUBLING_FORCEINLINE static bool Aligned(const void* ptr)
  {
    return reinterpret_cast<cuda::std::uintptr_t>(ptr) % WIDTH == 0;
  }
};

} // namespace detail

//! @brief Load a tile in the blocked arrangement with vector loads where
//! the pointer allows it.
//!
//! Each thread's run of `ITEMS_PER_THREAD` items (`ITEMS_PER_THREAD *
//! sizeof(T)` bytes) is read in the widest vectors, of 16, 8, 4 or 2 bytes,
//! that divide it: four `int`s per thread become one 16-byte load, four
//! `int8_t`s one 4-byte load.
//!
//! **Contract.** The check is made at run time, on `block_src_ptr`: when it
//! is not aligned to the vector width, every thread falls back to
//! cubling::LoadDirectBlocked, with one load per item. A misaligned pointer
//! therefore never faults and never reads outside the tile; it is only
//! slower. The fallback is also taken, at compile time, when no vector is
//! wider than `T`'s own alignment (three `int`s per thread, say) or when
//! `T` is not trivially copyable. There is no guarded form: a partial tile
//! is loaded with the guarded cubling::LoadDirectBlocked (as
//! BLOCK_LOAD_VECTORIZE does).
//!
//! @tparam T                 item type
//! @tparam ITEMS_PER_THREAD  items per thread
//! @param linear_tid         the thread's rank in the block
//! @param block_src_ptr      the start of the block's tile (global or shared memory)
//! @param dst_items          this thread's items
template <typename T, int ITEMS_PER_THREAD>
__device__ CUBLING_FORCEINLINE void LoadDirectBlockedVectorized(int linear_tid, const T* block_src_ptr,
                                                                T (&dst_items)[ITEMS_PER_THREAD])
{
  using Run = detail::VectorRun<T, ITEMS_PER_THREAD>;
  if constexpr (Run::PAYS)
  {
    if (Run::Aligned(block_src_ptr))
    {
      const typename Run::Vector* thread_src =
          reinterpret_cast<const typename Run::Vector*>(block_src_ptr) + linear_tid * Run::COUNT;
      typename Run::Vector vectors[Run::COUNT];
#pragma unroll
      for (int v = 0; v < Run::COUNT; ++v)
      {
        vectors[v] = thread_src[v];
      }
      memcpy(&dst_items[0], &vectors[0], Run::BYTES); // registers to registers: no code of its own
      return;
    }
  }
  LoadDirectBlocked(linear_tid, block_src_ptr, dst_items);
}

//! @brief Load a tile in the striped arrangement: thread `linear_tid` reads
//! items `i * BLOCK_THREADS + linear_tid` (coalesced).
//!
//! @tparam BLOCK_THREADS         threads in the block
//! @tparam T                     item type of the registers
//! @tparam ITEMS_PER_THREAD      items per thread
//! @tparam RandomAccessIterator  a pointer or a random-access input iterator
//! @param linear_tid             the thread's rank in the block
//! @param block_src_it           the start of the block's tile
//! @param dst_items              this thread's items
template <int BLOCK_THREADS, typename T, int ITEMS_PER_THREAD, typename RandomAccessIterator>
__device__ CUBLING_FORCEINLINE void LoadDirectStriped(int linear_tid, RandomAccessIterator block_src_it,
                                                      T (&dst_items)[ITEMS_PER_THREAD])
{
#pragma unroll
  for (int i = 0; i < ITEMS_PER_THREAD; ++i)
  {
    dst_items[i] = block_src_it[i * BLOCK_THREADS + linear_tid];
  }
}

//! @brief Load the first `block_items_end` items of a tile in the striped
//! arrangement; the items past them are not read, and their registers are
//! left unchanged.
//!
//! @tparam BLOCK_THREADS         threads in the block
//! @tparam T                     item type of the registers
//! @tparam ITEMS_PER_THREAD      items per thread
//! @tparam RandomAccessIterator  a pointer or a random-access input iterator
//! @param linear_tid             the thread's rank in the block
//! @param block_src_it           the start of the block's tile
//! @param dst_items              this thread's items
//! @param block_items_end        number of valid items in the tile
template <int BLOCK_THREADS, typename T, int ITEMS_PER_THREAD, typename RandomAccessIterator>
__device__ CUBLING_FORCEINLINE void LoadDirectStriped(int linear_tid, RandomAccessIterator block_src_it,
                                                      T (&dst_items)[ITEMS_PER_THREAD], int block_items_end)
{
#pragma unroll
  for (int i = 0; i < ITEMS_PER_THREAD; ++i)
  {
    const int item = i * BLOCK_THREADS + linear_tid;
    if (item < block_items_end)
    {
      dst_items[i] = block_src_it[item];
    }
  }
}

//! @brief Load the first `block_items_end` items of a tile in the striped
//! arrangement; the items past them get `oob_default`.
//!
//! @tparam BLOCK_THREADS         threads in the block
//! @tparam T                     item type of the registers
//! @tparam DefaultT              type of the default (converted to `T`)
//! @tparam ITEMS_PER_THREAD      items per thread
//! @tparam RandomAccessIterator  a pointer or a random-access input iterator
//! @param linear_tid             the thread's rank in the block
//! @param block_src_it           the start of the block's tile
//! @param dst_items              this thread's items
//! @param block_items_end        number of valid items in the tile
//! @param oob_default            value of the items at or past `block_items_end`
template <int BLOCK_THREADS, typename T, typename DefaultT, int ITEMS_PER_THREAD, typename RandomAccessIterator>
__device__ CUBLING_FORCEINLINE void LoadDirectStriped(int linear_tid, RandomAccessIterator block_src_it,
                                                      T (&dst_items)[ITEMS_PER_THREAD], int block_items_end,
                                                      DefaultT oob_default)
{
#pragma unroll
  for (int i = 0; i < ITEMS_PER_THREAD; ++i)
  {
    const int item = i * BLOCK_THREADS + linear_tid;
    dst_items[i]   = item < block_items_end ? static_cast<T>(block_src_it[item]) : static_cast<T>(oob_default);
  }
}

//! @brief Load a tile in the warp-striped arrangement: each warp `w` reads
//! its own run of `32 * ITEMS_PER_THREAD` items, striped over its lanes, so
//! lane `l` reads items `w * 32 * ITEMS_PER_THREAD + i * 32 + l`.
//!
//! Coalesced like a striped load, but each warp stays within its own run,
//! so a warp-local exchange (cubling::BlockExchange::WarpStripedToBlocked)
//! can follow with no block barrier. The warp and lane come from
//! `linear_tid` (`linear_tid / 32`, `linear_tid % 32`), the hardware's own
//! grouping for row-major ranks.
//!
//! @tparam T                     item type of the registers
//! @tparam ITEMS_PER_THREAD      items per thread
//! @tparam RandomAccessIterator  a pointer or a random-access input iterator
//! @param linear_tid             the thread's rank in the block
//! @param block_src_it           the start of the block's tile
//! @param dst_items              this thread's items
template <typename T, int ITEMS_PER_THREAD, typename RandomAccessIterator>
__device__ CUBLING_FORCEINLINE void LoadDirectWarpStriped(int linear_tid, RandomAccessIterator block_src_it,
                                                          T (&dst_items)[ITEMS_PER_THREAD])
{
  const int first = (linear_tid / warp_threads) * warp_threads * ITEMS_PER_THREAD + linear_tid % warp_threads;
#pragma unroll
  for (int i = 0; i < ITEMS_PER_THREAD; ++i)
  {
    dst_items[i] = block_src_it[first + i * warp_threads];
  }
}

//! @brief Load the first `block_items_end` items of a tile in the
//! warp-striped arrangement; the items past them are not read, and their
//! registers are left unchanged.
//!
//! @tparam T                     item type of the registers
//! @tparam ITEMS_PER_THREAD      items per thread
//! @tparam RandomAccessIterator  a pointer or a random-access input iterator
//! @param linear_tid             the thread's rank in the block
//! @param block_src_it           the start of the block's tile
//! @param dst_items              this thread's items
//! @param block_items_end        number of valid items in the tile
template <typename T, int ITEMS_PER_THREAD, typename RandomAccessIterator>
__device__ CUBLING_FORCEINLINE void LoadDirectWarpStriped(int linear_tid, RandomAccessIterator block_src_it,
                                                          T (&dst_items)[ITEMS_PER_THREAD], int block_items_end)
{
  const int first = (linear_tid / warp_threads) * warp_threads * ITEMS_PER_THREAD + linear_tid % warp_threads;
#pragma unroll
  for (int i = 0; i < ITEMS_PER_THREAD; ++i)
  {
    const int item = first + i * warp_threads;
    if (item < block_items_end)
    {
      dst_items[i] = block_src_it[item];
    }
  }
}

//! @brief Load the first `block_items_end` items of a tile in the
//! warp-striped arrangement; the items past them get `oob_default`.
//!
//! @tparam T                     item type of the registers
//! @tparam DefaultT              type of the default (converted to `T`)
//! @tparam ITEMS_PER_THREAD      items per thread
//! @tparam RandomAccessIterator  a pointer or a random-access input iterator
//! @param linear_tid             the thread's rank in the block
//! @param block_src_it           the start of the block's tile
//! @param dst_items              this thread's items
//! @param block_items_end        number of valid items in the tile
//! @param oob_default            value of the items at or past `block_items_end`
template <typename T, typename DefaultT, int ITEMS_PER_THREAD, typename RandomAccessIterator>
__device__ CUBLING_FORCEINLINE void LoadDirectWarpStriped(int linear_tid, RandomAccessIterator block_src_it,
                                                          T (&dst_items)[ITEMS_PER_THREAD], int block_items_end,
                                                          DefaultT oob_default)
{
  const int first = (linear_tid / warp_threads) * warp_threads * ITEMS_PER_THREAD + linear_tid % warp_threads;
#pragma unroll
  for (int i = 0; i < ITEMS_PER_THREAD; ++i)
  {
    const int item = first + i * warp_threads;
    dst_items[i]   = item < block_items_end ? static_cast<T>(block_src_it[item]) : static_cast<T>(oob_default);
  }
}

namespace detail
{

//! @brief BLOCK_LOAD_DIRECT: cubling::LoadDirectBlocked, no shared memory.
//!
//! The simplest load, and the right one when the items are few per thread
//! (1 to 4) or already cached: no shared memory, no barrier, and the
//! blocked result that later algorithms want. Its accesses are not
//! coalesced, which shows as `ITEMS_PER_THREAD` grows.
//!
//! @tparam T                 item type
//! @tparam BLOCK_THREADS     threads in the block
//! @tparam ITEMS_PER_THREAD  items per thread
template <typename T, int BLOCK_THREADS, int ITEMS_PER_THREAD> struct BlockLoadDirect
{
  //! No shared memory (see util/uninitialized.cuh).
  struct TempStorage : Uninitialized<NullType>
  {};

  int linear_tid;

  __device__ CUBLING_FORCEINLINE BlockLoadDirect(TempStorage&, int linear_tid_) : linear_tid(linear_tid_) {}

  template <typename It> __device__ CUBLING_FORCEINLINE void Load(It block_src_it, T (&dst_items)[ITEMS_PER_THREAD])
  {
    LoadDirectBlocked(linear_tid, block_src_it, dst_items);
  }

  template <typename It>
  __device__ CUBLING_FORCEINLINE void Load(It block_src_it, T (&dst_items)[ITEMS_PER_THREAD], int valid_items)
  {
    LoadDirectBlocked(linear_tid, block_src_it, dst_items, valid_items);
  }

  template <typename It, typename DefaultT>
  __device__ CUBLING_FORCEINLINE void Load(It block_src_it, T (&dst_items)[ITEMS_PER_THREAD], int valid_items,
                                           DefaultT oob_default)
  {
    LoadDirectBlocked(linear_tid, block_src_it, dst_items, valid_items, oob_default);
  }
};

//! @brief BLOCK_LOAD_STRIPED: cubling::LoadDirectStriped, no shared memory.
//!
//! Fully coalesced with no shared memory, but the items arrive striped.
//! Pick it when the code after the load does not care which items a thread
//! holds (a reduction with a commutative operator, an element-wise map).
//!
//! @tparam T                 item type
//! @tparam BLOCK_THREADS     threads in the block
//! @tparam ITEMS_PER_THREAD  items per thread
template <typename T, int BLOCK_THREADS, int ITEMS_PER_THREAD> struct BlockLoadStriped
{
  //! No shared memory (see util/uninitialized.cuh).
  struct TempStorage : Uninitialized<NullType>
  {};

  int linear_tid;

  __device__ CUBLING_FORCEINLINE BlockLoadStriped(TempStorage&, int linear_tid_) : linear_tid(linear_tid_) {}

  template <typename It> __device__ CUBLING_FORCEINLINE void Load(It block_src_it, T (&dst_items)[ITEMS_PER_THREAD])
  {
    LoadDirectStriped<BLOCK_THREADS>(linear_tid, block_src_it, dst_items);
  }

  template <typename It>
  __device__ CUBLING_FORCEINLINE void Load(It block_src_it, T (&dst_items)[ITEMS_PER_THREAD], int valid_items)
  {
    LoadDirectStriped<BLOCK_THREADS>(linear_tid, block_src_it, dst_items, valid_items);
  }

  template <typename It, typename DefaultT>
  __device__ CUBLING_FORCEINLINE void Load(It block_src_it, T (&dst_items)[ITEMS_PER_THREAD], int valid_items,
                                           DefaultT oob_default)
  {
    LoadDirectStriped<BLOCK_THREADS>(linear_tid, block_src_it, dst_items, valid_items, oob_default);
  }
};

//! @brief BLOCK_LOAD_VECTORIZE: cubling::LoadDirectBlockedVectorized for
//! full tiles read through a pointer, cubling::LoadDirectBlocked otherwise.
//!
//! A blocked load with fewer, wider instructions. Pick it for small
//! `ITEMS_PER_THREAD` that makes a 4-, 8- or 16-byte run per thread (four
//! `int`s, say) when the pointer is usually aligned. It falls back to the
//! plain blocked load, decided at run time, for a misaligned pointer, and
//! always for an iterator that is not a pointer to `T` and for a guarded
//! (partial-tile) load.
//!
//! @tparam T                 item type
//! @tparam BLOCK_THREADS     threads in the block
//! @tparam ITEMS_PER_THREAD  items per thread
template <typename T, int BLOCK_THREADS, int ITEMS_PER_THREAD> struct BlockLoadVectorize
{
  //! No shared memory (see util/uninitialized.cuh).
  struct TempStorage : Uninitialized<NullType>
  {};

  int linear_tid;

  __device__ CUBLING_FORCEINLINE BlockLoadVectorize(TempStorage&, int linear_tid_) : linear_tid(linear_tid_) {}

  template <typename It> __device__ CUBLING_FORCEINLINE void Load(It block_src_it, T (&dst_items)[ITEMS_PER_THREAD])
  {
    if constexpr (cuda::std::is_pointer_v<It> &&
                  cuda::std::is_same_v<cuda::std::remove_const_t<cuda::std::remove_pointer_t<It>>, T>)
    {
      LoadDirectBlockedVectorized(linear_tid, static_cast<const T*>(block_src_it), dst_items);
    }
    else
    {
      LoadDirectBlocked(linear_tid, block_src_it, dst_items);
    }
  }

  template <typename It>
  __device__ CUBLING_FORCEINLINE void Load(It block_src_it, T (&dst_items)[ITEMS_PER_THREAD], int valid_items)
  {
    LoadDirectBlocked(linear_tid, block_src_it, dst_items, valid_items);
  }

  template <typename It, typename DefaultT>
  __device__ CUBLING_FORCEINLINE void Load(It block_src_it, T (&dst_items)[ITEMS_PER_THREAD], int valid_items,
                                           DefaultT oob_default)
  {
    LoadDirectBlocked(linear_tid, block_src_it, dst_items, valid_items, oob_default);
  }
};

} // namespace detail
} // namespace cubling
