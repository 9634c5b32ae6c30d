//! @file
//! BlockLoad: the threads of a block read a tile of items from memory into
//! registers, blocked, with one of five algorithms. Also gives the direct
//! load functions (LoadDirectBlocked, LoadDirectBlockedVectorized,
//! LoadDirectStriped, LoadDirectWarpStriped) that the algorithms build on.
#pragma once

#include <cubling/block/specializations/block_load_direct.cuh>
#include <cubling/block/specializations/block_load_transpose.cuh>
#include <cubling/util/macros.cuh>
#include <cubling/util/thread_id.cuh>
#include <cubling/util/uninitialized.cuh>

#include <cuda/std/type_traits>

namespace cubling
{

//! @brief The algorithms of cubling::BlockLoad.
//!
//! All five leave the items of thread `r` at tile positions
//! `r * ITEMS_PER_THREAD .. r * ITEMS_PER_THREAD + ITEMS_PER_THREAD - 1`
//! (blocked), except BLOCK_LOAD_STRIPED, which leaves them striped. They
//! differ in how the global memory is read and in the shared memory they use.
enum BlockLoadAlgorithm
{
  //! Each thread reads its own run directly (cubling::LoadDirectBlocked).
  //! No shared memory; not coalesced. The default. See cubling::detail::BlockLoadDirect.
  BLOCK_LOAD_DIRECT,
  //! Each thread reads every `BLOCK_THREADS`-th item (cubling::LoadDirectStriped):
  //! coalesced, no shared memory, and the result is **striped**, not blocked.
  //! See cubling::detail::BlockLoadStriped.
  BLOCK_LOAD_STRIPED,
  //! Like BLOCK_LOAD_DIRECT, with each thread's run read in 4-, 8- or 16-byte
  //! vectors (cubling::LoadDirectBlockedVectorized) when the iterator is a
  //! pointer aligned to the vector width, checked at run time; otherwise,
  //! and for guarded loads, the plain blocked load. See cubling::detail::BlockLoadVectorize.
  BLOCK_LOAD_VECTORIZE,
  //! A striped (coalesced) read, then a transpose to blocked through shared
  //! memory with cubling::BlockExchange; one `__syncthreads()`. Any block
  //! size. See cubling::detail::BlockLoadTranspose.
  BLOCK_LOAD_TRANSPOSE,
  //! A warp-striped (coalesced) read, then a warp-local transpose to blocked
  //! through shared memory; no block barrier. The block must be a multiple
  //! of 32 threads. See cubling::detail::BlockLoadWarpTranspose.
  BLOCK_LOAD_WARP_TRANSPOSE,
};

//! @brief Cooperative load of a tile of `BLOCK_THREADS * ITEMS_PER_THREAD`
//! items from memory into the registers of a block.
//!
//! Every thread of the block calls the same member function with the start
//! of the block's tile; each gets its `ITEMS_PER_THREAD` items, in the
//! blocked arrangement (see cubling::BlockExchange for the arrangements):
//! thread `r` holds tile items `r * ITEMS_PER_THREAD + i`. BLOCK_LOAD_STRIPED
//! is the exception: thread `r` holds items `i * BLOCK_THREADS + r`.
//! Threads are ranked in row-major order (`x`, then `y`, then `z`).
//!
//! A partial tile, at the end of the input, is loaded with `valid_items`:
//! the items at or past it are never read, so the iterator may end there.
//! Their registers get `oob_default` if one is given, and are otherwise
//! unspecified (left unchanged by the direct algorithms, garbage after a
//! transpose).
//!
//! Shared memory comes from a `TempStorage` that the caller declares
//! `__shared__` (it can be a member of a union, to share space with other
//! primitives), or from a private `__shared__` variable with the default
//! constructor; the direct algorithms use none. To call again with the same
//! `TempStorage`, or to reuse it, the block must first pass a `__syncthreads()`.
//!
//! The API is CUB's: code written for `cub::BlockLoad` compiles with
//! `cubling::BlockLoad` in its place.
//!
//! @tparam T                 item type of the registers: any copyable type, a struct included
//! @tparam BLOCK_DIM_X       threads of the block along x
//! @tparam ITEMS_PER_THREAD  items per thread
//! @tparam ALGORITHM         cubling::BlockLoadAlgorithm (default BLOCK_LOAD_DIRECT)
//! @tparam BLOCK_DIM_Y       threads of the block along y (default 1)
//! @tparam BLOCK_DIM_Z       threads of the block along z (default 1)
template <typename T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, BlockLoadAlgorithm ALGORITHM = BLOCK_LOAD_DIRECT,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockLoad
{
  static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  static_assert(BLOCK_DIM_X >= 1 && BLOCK_DIM_Y >= 1 && BLOCK_DIM_Z >= 1 && BLOCK_THREADS <= 1024,
                "a CUDA block has 1 to 1024 threads");
  static_assert(ITEMS_PER_THREAD >= 1, "BlockLoad needs at least one item per thread");

  // clang-format off
  using Internal =
      cuda::std::conditional_t<ALGORITHM == BLOCK_LOAD_DIRECT, detail::BlockLoadDirect<T, BLOCK_THREADS, ITEMS_PER_THREAD>,
      cuda::std::conditional_t<ALGORITHM == BLOCK_LOAD_STRIPED, detail::BlockLoadStriped<T, BLOCK_THREADS, ITEMS_PER_THREAD>,
      cuda::std::conditional_t<ALGORITHM == BLOCK_LOAD_VECTORIZE, detail::BlockLoadVectorize<T, BLOCK_THREADS, ITEMS_PER_THREAD>,
      cuda::std::conditional_t<ALGORITHM == BLOCK_LOAD_TRANSPOSE,
                               detail::BlockLoadTranspose<T, BLOCK_DIM_X, ITEMS_PER_THREAD, BLOCK_DIM_Y, BLOCK_DIM_Z>,
                               detail::BlockLoadWarpTranspose<T, BLOCK_DIM_X, ITEMS_PER_THREAD, BLOCK_DIM_Y, BLOCK_DIM_Z>>>>>;
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
  //! @brief The shared memory that one load needs (nothing for the direct
  //! algorithms, one tile for the transposes). Declare it `__shared__`
  //! (alone, in a struct, or in a union with other storage) and pass it to
  //! the constructor. Opaque bytes with no constructor (see util/uninitialized.cuh).
  struct TempStorage
  //! @cond
      : Uninitialized<_TempStorage>
  //! @endcond
  {};

  //! @brief Use a private `__shared__` variable as temporary storage.
  __device__ CUBLING_FORCEINLINE BlockLoad()
      : temp_storage(PrivateStorage()), linear_tid(RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
  {
  }

  //! @brief Use `temp_storage`, which the caller declared `__shared__`.
  //!
  //! @param temp_storage  the block's shared TempStorage (the same object in every thread)
  __device__ CUBLING_FORCEINLINE BlockLoad(TempStorage& temp_storage)
      : temp_storage(temp_storage.Alias()), linear_tid(RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
  {
  }

  //! @brief Load a full tile.
  //!
  //! @tparam RandomAccessIterator  a pointer or a random-access input iterator
  //!                               (only a pointer to `T` can be vectorized)
  //! @param block_src_it           the start of the block's tile
  //! @param dst_items              this thread's items (blocked; striped with BLOCK_LOAD_STRIPED)
  template <typename RandomAccessIterator>
  __device__ CUBLING_FORCEINLINE void Load(RandomAccessIterator block_src_it, T (&dst_items)[ITEMS_PER_THREAD])
  {
    Internal(temp_storage, linear_tid).Load(block_src_it, dst_items);
  }

  //! @brief Load the first `valid_items` items of a tile; the others are
  //! not read and their registers are unspecified.
  //!
  //! @tparam RandomAccessIterator  a pointer or a random-access input iterator
  //! @param block_src_it           the start of the block's tile
  //! @param dst_items              this thread's items
  //! @param valid_items            number of valid items (any value: 0 reads
  //!                               nothing, the tile size or more reads all)
  template <typename RandomAccessIterator>
  __device__ CUBLING_FORCEINLINE void Load(RandomAccessIterator block_src_it, T (&dst_items)[ITEMS_PER_THREAD],
                                           int valid_items)
  {
    Internal(temp_storage, linear_tid).Load(block_src_it, dst_items, valid_items);
  }

  //! @brief Load the first `valid_items` items of a tile; the others are
  //! not read and get `oob_default`.
  //!
  //! @tparam RandomAccessIterator  a pointer or a random-access input iterator
  //! @tparam DefaultT              type of the default (converted to `T`)
  //! @param block_src_it           the start of the block's tile
  //! @param dst_items              this thread's items
  //! @param valid_items            number of valid items
  //! @param oob_default            value of the items at or past `valid_items`
  template <typename RandomAccessIterator, typename DefaultT>
  __device__ CUBLING_FORCEINLINE void Load(RandomAccessIterator block_src_it, T (&dst_items)[ITEMS_PER_THREAD],
                                           int valid_items, DefaultT oob_default)
  {
    Internal(temp_storage, linear_tid).Load(block_src_it, dst_items, valid_items, oob_default);
  }
};

} // namespace cubling
