//! @file
//! BlockStore: the threads of a block write a tile of items from registers
//! (blocked) to memory, with one of five algorithms. Also gives the direct
//! store functions (StoreDirectBlocked, StoreDirectBlockedVectorized,
//! StoreDirectStriped, StoreDirectWarpStriped) that the algorithms build on.
#pragma once

#include <cubling/block/specializations/block_store_direct.cuh>
#include <cubling/block/specializations/block_store_transpose.cuh>
#include <cubling/util/macros.cuh>
#include <cubling/util/thread_id.cuh>
#include <cubling/util/uninitialized.cuh>

#include <cuda/std/type_traits>

namespace cubling
{

//! @brief The algorithms of cubling::BlockStore.
//!
//! All five take the items of thread `r` as tile positions
//! `r * ITEMS_PER_THREAD .. r * ITEMS_PER_THREAD + ITEMS_PER_THREAD - 1`
//! (blocked), except BLOCK_STORE_STRIPED, which takes them as striped. They
//! differ in how the global memory is written and in the shared memory they use.
enum BlockStoreAlgorithm
{
  //! Each thread writes its own run directly (cubling::StoreDirectBlocked).
  //! No shared memory; not coalesced. The default. See cubling::detail::BlockStoreDirect.
  BLOCK_STORE_DIRECT,
  //! Each thread writes every `BLOCK_THREADS`-th item (cubling::StoreDirectStriped):
  //! coalesced, no shared memory, for items held **striped**.
  //! See cubling::detail::BlockStoreStriped.
  BLOCK_STORE_STRIPED,
  //! Like BLOCK_STORE_DIRECT, with each thread's run written in 4-, 8- or
  //! 16-byte vectors (cubling::StoreDirectBlockedVectorized) when the
  //! iterator is a `T*` aligned to the vector width, checked at run time;
  //! otherwise, and for guarded stores, the plain blocked store.
  //! See cubling::detail::BlockStoreVectorize.
  BLOCK_STORE_VECTORIZE,
  //! A transpose to striped through shared memory with cubling::BlockExchange
  //! (one `__syncthreads()`), then a coalesced striped write. Any block
  //! size. See cubling::detail::BlockStoreTranspose.
  BLOCK_STORE_TRANSPOSE,
  //! A warp-local transpose to warp-striped through shared memory (no block
  //! barrier), then a coalesced write. The block must be a multiple of 32
  //! threads. See cubling::detail::BlockStoreWarpTranspose.
  BLOCK_STORE_WARP_TRANSPOSE,
};

//! @brief Cooperative store of a tile of `BLOCK_THREADS * ITEMS_PER_THREAD`
//! items from the registers of a block to memory.
//!
//! Every thread of the block calls the same member function with the start
//! of the block's tile and its `ITEMS_PER_THREAD` items, in the blocked
//! arrangement: thread `r` holds tile items `r * ITEMS_PER_THREAD + i`
//! (with BLOCK_STORE_STRIPED, items `i * BLOCK_THREADS + r`). Threads are
//! ranked in row-major order (`x`, then `y`, then `z`).
//!
//! A partial tile is stored with `valid_items`: exactly the tile items
//! `0 .. valid_items - 1` are written, and nothing past them, so the output
//! may end there. The caller's `items` are never modified.
//!
//! Shared memory comes from a `TempStorage` that the caller declares
//! `__shared__` (it can be a member of a union, to share space with other
//! primitives), or from a private `__shared__` variable with the default
//! constructor; the direct algorithms use none. To call again with the same
//! `TempStorage`, or to reuse it, the block must first pass a `__syncthreads()`.
//!
//! The API is CUB's: code written for `cub::BlockStore` compiles with
//! `cubling::BlockStore` in its place.
//!
//! @tparam T                 item type of the registers: any copyable type, a struct included
//! @tparam BLOCK_DIM_X       threads of the block along x
//! @tparam ITEMS_PER_THREAD  items per thread
//! @tparam ALGORITHM         cubling::BlockStoreAlgorithm (default BLOCK_STORE_DIRECT)
//! @tparam BLOCK_DIM_Y       threads of the block along y (default 1)
//! @tparam BLOCK_DIM_Z       threads of the block along z (default 1)
template <typename T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, BlockStoreAlgorithm ALGORITHM = BLOCK_STORE_DIRECT,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockStore
{
  static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  static_assert(BLOCK_DIM_X >= 1 && BLOCK_DIM_Y >= 1 && BLOCK_DIM_Z >= 1 && BLOCK_THREADS <= 1024,
                "a CUDA block has 1 to 1024 threads");
  static_assert(ITEMS_PER_THREAD >= 1, "BlockStore needs at least one item per thread");

  // clang-format off
  using Internal =
      cuda::std::conditional_t<ALGORITHM == BLOCK_STORE_DIRECT, detail::BlockStoreDirect<T, BLOCK_THREADS, ITEMS_PER_THREAD>,
      cuda::std::conditional_t<ALGORITHM == BLOCK_STORE_STRIPED, detail::BlockStoreStriped<T, BLOCK_THREADS, ITEMS_PER_THREAD>,
      cuda::std::conditional_t<ALGORITHM == BLOCK_STORE_VECTORIZE, detail::BlockStoreVectorize<T, BLOCK_THREADS, ITEMS_PER_THREAD>,
      cuda::std::conditional_t<ALGORITHM == BLOCK_STORE_TRANSPOSE,
                               detail::BlockStoreTranspose<T, BLOCK_DIM_X, ITEMS_PER_THREAD, BLOCK_DIM_Y, BLOCK_DIM_Z>,
                               detail::BlockStoreWarpTranspose<T, BLOCK_DIM_X, ITEMS_PER_THREAD, BLOCK_DIM_Y, BLOCK_DIM_Z>>>>>;
  // clang-format on
  using _TempStorage = typename Internal::TempStorage;

  // The default constructor's shared memory: one variable per instantiation.
  __device__ CUBLING_FORCEINLINE static _TempStorage& PrivateStorage()
  {
    __shared__ TempStorage private_storage; // the opaque type: _TempStorage may hold T, which may have a constructor
    return private_storage.Alias();
  }

  _TempStorage& temp_storage;
  int linear_tid;

public:
  //! @brief The shared memory that one store needs (nothing for the direct
  //! algorithms, one tile for the transposes). Declare it `__shared__`
  //! (alone, in a struct, or in a union with other storage) and pass it to
  //! the constructor. Opaque bytes with no constructor (see util/uninitialized.cuh).
  struct TempStorage
  //! @cond
      : Uninitialized<_TempStorage>
  //! @endcond
  {};

  //! @brief Use a private `__shared__` variable as temporary storage.
  __device__ CUBLING_FORCEINLINE BlockStore()
      : temp_storage(PrivateStorage()), linear_tid(RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
  {
  }

  //! @brief Use `temp_storage`, which the caller declared `__shared__`.
  //!
  //! @param temp_storage  the block's shared TempStorage (the same object in every thread)
  __device__ CUBLING_FORCEINLINE BlockStore(TempStorage& temp_storage)
      : temp_storage(temp_storage.Alias()), linear_tid(RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
  {
  }

  //! @brief Store a full tile.
  //!
  //! @tparam OutputIteratorT  a pointer or a random-access output iterator
  //!                          (only a `T*` can be vectorized)
  //! @param block_itr         the start of the block's tile
  //! @param items             this thread's items (blocked; striped with BLOCK_STORE_STRIPED)
  template <typename OutputIteratorT>
  __device__ CUBLING_FORCEINLINE void Store(OutputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD])
  {
    Internal(temp_storage, linear_tid).Store(block_itr, items);
  }

  //! @brief Store the first `valid_items` items of a tile, and nothing past them.
  //!
  //! @tparam OutputIteratorT  a pointer or a random-access output iterator
  //! @param block_itr         the start of the block's tile
  //! @param items             this thread's items
  //! @param valid_items       number of items to write (any value: 0 writes
  //!                          nothing, the tile size or more writes all)
  template <typename OutputIteratorT>
  __device__ CUBLING_FORCEINLINE void Store(OutputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD], int valid_items)
  {
    Internal(temp_storage, linear_tid).Store(block_itr, items, valid_items);
  }
};

} // namespace cubling
