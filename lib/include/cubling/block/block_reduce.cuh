//! @file
//! BlockReduce: the threads of a block reduce one value each (or a few) to a
//! single value, with one of three algorithms.
#pragma once

#include <cubling/block/specializations/block_reduce_raking.cuh>
#include <cubling/block/specializations/block_reduce_raking_commutative_only.cuh>
#include <cubling/block/specializations/block_reduce_warp_reductions.cuh>
#include <cubling/thread/thread_operators.cuh>
#include <cubling/thread/thread_reduce.cuh>
#include <cubling/util/macros.cuh>
#include <cubling/util/thread_id.cuh>
#include <cubling/util/uninitialized.cuh>

#include <cuda/std/type_traits>

namespace cubling
{

//! @brief The algorithms of cubling::BlockReduce.
//!
//! All three give the result in thread 0 and take any block size. They
//! differ in how the values travel and in what they require of the operator.
enum BlockReduceAlgorithm
{
  //! Raking for commutative operators: the first warp keeps its values in
  //! registers and folds every other thread's value from shared memory,
  //! out of order, then reduces with shuffles. The operator **must be
  //! commutative** (and associative). Fewest shared-memory stores; picks
  //! itself for large blocks and a commutative operator such as a sum.
  //! See cubling::detail::BlockReduceRakingCommutativeOnly.
  BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY,
  //! Raking in rank order: every value goes through shared memory, one warp
  //! folds contiguous segments in order, then reduces with shuffles. Any
  //! associative operator, commutative or not. See cubling::detail::BlockReduceRaking.
  BLOCK_REDUCE_RAKING,
  //! Warp reductions (the default): each warp reduces with shuffles, then
  //! thread 0 folds the warps' results in order. Any associative operator;
  //! lowest latency. See cubling::detail::BlockReduceWarpReductions.
  BLOCK_REDUCE_WARP_REDUCTIONS,
};

//! @brief Cooperative reduction of the values held by the threads of a block.
//!
//! Every thread of the block calls the same member function with its value
//! (or its array of values); the block's reduction is returned in thread 0.
//! The other threads get an unspecified value. Threads are ranked in
//! row-major order (`x`, then `y`, then `z`), and reductions with
//! BLOCK_REDUCE_RAKING and BLOCK_REDUCE_WARP_REDUCTIONS combine the values in
//! rank order (with a thread's array in index order), so the operator only
//! needs to be associative. BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY also needs a
//! commutative operator.
//!
//! The block's dimensions are template parameters and must match the
//! launch. Any block size from 1 to 1024 threads works, multiples of 32 or
//! not.
//!
//! Shared memory comes from a `TempStorage` that the caller declares
//! `__shared__` (it can be a member of a union, to share space with other
//! primitives), or from a private `__shared__` variable with the default
//! constructor. Every call reads and writes it; to call again with the same
//! `TempStorage`, the block must first pass a `__syncthreads()`:
//!
//! ```
//! __shared__ typename cubling::BlockReduce<int, 128>::TempStorage temp_storage;
//! int a = cubling::BlockReduce<int, 128>(temp_storage).Sum(x);
//! __syncthreads(); // temp_storage is reused below
//! int b = cubling::BlockReduce<int, 128>(temp_storage).Reduce(y, cubling::Max());
//! ```
//!
//! The API is CUB's: code written for `cub::BlockReduce` compiles with
//! `cubling::BlockReduce` in its place.
//!
//! @tparam T            item type: any copyable type, a struct included
//! @tparam BLOCK_DIM_X  threads of the block along x
//! @tparam ALGORITHM    cubling::BlockReduceAlgorithm (default BLOCK_REDUCE_WARP_REDUCTIONS)
//! @tparam BLOCK_DIM_Y  threads of the block along y (default 1)
//! @tparam BLOCK_DIM_Z  threads of the block along z (default 1)
template <typename T, int BLOCK_DIM_X, BlockReduceAlgorithm ALGORITHM = BLOCK_REDUCE_WARP_REDUCTIONS,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockReduce
{
  static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  static_assert(BLOCK_DIM_X >= 1 && BLOCK_DIM_Y >= 1 && BLOCK_DIM_Z >= 1 && BLOCK_THREADS <= 1024,
                "a CUDA block has 1 to 1024 threads");

  using Internal =
      cuda::std::conditional_t<ALGORITHM == BLOCK_REDUCE_WARP_REDUCTIONS,
                               detail::BlockReduceWarpReductions<T, BLOCK_THREADS>,
                               cuda::std::conditional_t<ALGORITHM == BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY,
                                                        detail::BlockReduceRakingCommutativeOnly<T, BLOCK_THREADS>,
                                                        detail::BlockReduceRaking<T, BLOCK_THREADS>>>;
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
  //! @brief The shared memory that one reduction needs, as opaque bytes with
  //! no constructor (see util/uninitialized.cuh). Declare it `__shared__`
  //! (alone, in a struct, or in a union with other storage) and pass it to
  //! the constructor.
  struct TempStorage
  //! @cond
      : Uninitialized<_TempStorage>
  //! @endcond
  {};

  //! @brief Use a private `__shared__` variable as temporary storage.
  //!
  //! Convenient, but the storage cannot be shared with other primitives.
  __device__ CUBLING_FORCEINLINE BlockReduce()
      : temp_storage(PrivateStorage())
      , linear_tid(RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
  {}

  //! @brief Use `temp_storage`, which the caller declared `__shared__`.
  //!
  //! @param temp_storage  the block's shared TempStorage (the same object in every thread)
  __device__ CUBLING_FORCEINLINE BlockReduce(TempStorage& temp_storage)
      : temp_storage(temp_storage.Alias())
      , linear_tid(RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
  {}

  //! @brief Reduce one value per thread with `reduction_op`.
  //!
  //! @tparam ReductionOp  associative binary operator `T op(const T&, const T&)`;
  //!                      commutative too with BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY
  //! @param input         this thread's value
  //! @param reduction_op  the operator
  //! @return in thread 0, the reduction of all threads' values, in rank order
  template <typename ReductionOp>
  __device__ CUBLING_FORCEINLINE T Reduce(T input, ReductionOp reduction_op)
  {
    return Internal(temp_storage, linear_tid).template Reduce<true>(input, BLOCK_THREADS, reduction_op);
  }

  //! @brief Reduce `ITEMS_PER_THREAD` values per thread with `reduction_op`.
  //!
  //! Each thread first folds its array with cubling::ThreadReduce, in index
  //! order; the block then reduces the threads' results. The items of thread
  //! `r` come after those of thread `r - 1` in the reduction's order.
  //!
  //! @tparam ITEMS_PER_THREAD  items per thread, known at compile time
  //! @tparam ReductionOp       associative binary operator (commutative too with
  //!                           BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY)
  //! @param inputs             this thread's items
  //! @param reduction_op       the operator
  //! @return in thread 0, the reduction of all items of all threads
  template <int ITEMS_PER_THREAD, typename ReductionOp>
  __device__ CUBLING_FORCEINLINE T Reduce(T (&inputs)[ITEMS_PER_THREAD], ReductionOp reduction_op)
  {
    const T partial = ThreadReduce(inputs, reduction_op);
    return Reduce(partial, reduction_op);
  }

  //! @brief Reduce the values of the first `num_valid` threads (in rank
  //! order) with `reduction_op`; the other threads' values are ignored.
  //!
  //! For the last, partial tile of an input. All threads of the block must
  //! still call it.
  //!
  //! @tparam ReductionOp  associative binary operator (commutative too with
  //!                      BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY)
  //! @param input         this thread's value (ignored when its rank is at least `num_valid`)
  //! @param reduction_op  the operator
  //! @param num_valid     number of threads holding a valid value, at least 1; from
  //!                      BLOCK_THREADS on, every thread's value counts
  //! @return in thread 0, the reduction of the first `num_valid` threads' values
  template <typename ReductionOp>
  __device__ CUBLING_FORCEINLINE T Reduce(T input, ReductionOp reduction_op, int num_valid)
  {
    if (num_valid >= BLOCK_THREADS)
    {
      return Internal(temp_storage, linear_tid).template Reduce<true>(input, BLOCK_THREADS, reduction_op);
    }
    return Internal(temp_storage, linear_tid).template Reduce<false>(input, num_valid, reduction_op);
  }

  //! @brief Sum one value per thread.
  //!
  //! @param input  this thread's value
  //! @return in thread 0, the sum of all threads' values
  __device__ CUBLING_FORCEINLINE T Sum(T input)
  {
    return Reduce(input, cubling::Sum());
  }

  //! @brief Sum `ITEMS_PER_THREAD` values per thread.
  //!
  //! @tparam ITEMS_PER_THREAD  items per thread, known at compile time
  //! @param inputs             this thread's items
  //! @return in thread 0, the sum of all items of all threads
  template <int ITEMS_PER_THREAD>
  __device__ CUBLING_FORCEINLINE T Sum(T (&inputs)[ITEMS_PER_THREAD])
  {
    return Reduce(inputs, cubling::Sum());
  }

  //! @brief Sum the values of the first `num_valid` threads (in rank order).
  //!
  //! @param input      this thread's value (ignored when its rank is at least `num_valid`)
  //! @param num_valid  number of threads holding a valid value, at least 1
  //! @return in thread 0, the sum of the first `num_valid` threads' values
  __device__ CUBLING_FORCEINLINE T Sum(T input, int num_valid)
  {
    return Reduce(input, cubling::Sum(), num_valid);
  }
};

} // namespace cubling
