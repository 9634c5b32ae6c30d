//! @file
//! BlockScan: the threads of a block compute a prefix scan (sum or any
//! associative operator) of one item each, or of a few consecutive items
//! each, with one of three algorithms.
#pragma once

#include <cubling/block/specializations/block_scan_raking.cuh>
#include <cubling/block/specializations/block_scan_warp_scans.cuh>
#include <cubling/thread/thread_reduce.cuh>
#include <cubling/thread/thread_scan.cuh>
#include <cubling/util/arch.cuh>
#include <cubling/util/macros.cuh>
#include <cubling/util/thread_id.cuh>
#include <cubling/util/uninitialized.cuh>

#include <cuda/std/functional>
#include <cuda/std/type_traits>

namespace cubling
{

//! @brief The algorithms of cubling::BlockScan.
//!
//! All three compute the same scan, in rank order, for any associative
//! operator; they differ in how the values travel and in latency versus
//! throughput.
enum BlockScanAlgorithm
{
  //! Reduce-then-scan by raking (the default): values go through a shared
  //! raking grid, one warp reduces contiguous segments, scans their totals
  //! with shuffles, and scans the segments again. Two barriers; the other
  //! warps idle in between. Any block size. See cubling::detail::BlockScanRaking.
  BLOCK_SCAN_RAKING,
  //! BLOCK_SCAN_RAKING, with the raking warp keeping its segment in
  //! registers between the two sweeps: fewer shared-memory reads, more
  //! registers. See cubling::detail::BlockScanRaking.
  BLOCK_SCAN_RAKING_MEMOIZE,
  //! Warp scans: every warp scans with shuffles, then the warps' totals are
  //! combined after one barrier. Lowest latency. Needs a block of whole
  //! warps; other block sizes use BLOCK_SCAN_RAKING instead (as in CUB).
  //! See cubling::detail::BlockScanWarpScans.
  BLOCK_SCAN_WARP_SCANS,
};

//! @brief Cooperative prefix scan of the items held by the threads of a block.
//!
//! Every thread of the block calls the same member function with its item
//! (or its array of `ITEMS_PER_THREAD` consecutive items, a *blocked*
//! arrangement: thread `r` holds items `r * ITEMS_PER_THREAD` on). Threads
//! are ranked in row-major order (`x`, then `y`, then `z`), and the scan runs
//! in rank order, a thread's array in index order: output `i` combines items
//! `0..i` (inclusive) or `0..i-1` (exclusive) as `op(op(x0, x1), x2)...`, up
//! to the grouping that associativity allows. So the operator must be
//! associative and need not be commutative. Floating-point results may
//! differ from a sequential fold in the last bits.
//!
//! **Exclusive scans without an initial value** (`ExclusiveScan(input,
//! output, scan_op)` and its aggregate and array forms) have nothing to give
//! the first item: thread 0's output (`output[0]` for arrays) is
//! unspecified. The sums use 0 (`T{}`), and the other forms take an
//! `initial_value` or a callback, so their outputs are all defined.
//!
//! **Block aggregate.** The overloads with `block_aggregate` also give every
//! thread the scan of all the block's items; an `initial_value` is not part
//! of it.
//!
//! **Block prefix callback.** The overloads with `block_prefix_callback_op`
//! scan a tile that continues an earlier sequence, such as one tile of many
//! in a single-pass device scan. The threads of the first warp (every thread
//! of a block of fewer than 32) call `block_prefix_callback_op(block_aggregate)`
//! with the tile's total; the value that lane 0 returns is the prefix of the
//! tile: it is thread 0's exclusive output and is folded in front of every
//! output. The callback is an object with a member `T operator()(T block_aggregate)`;
//! it may keep state (a running total across tiles) and may wait on other
//! blocks (a decoupled look-back), since the other warps wait for its result.
//! Only lane 0's return value is used.
//!
//! The block's dimensions are template parameters and must match the
//! launch. Any block size from 1 to 1024 threads works.
//!
//! Shared memory comes from a `TempStorage` that the caller declares
//! `__shared__` (alone or in a union with other primitives' storage), or
//! from a private `__shared__` variable with the default constructor. To
//! call again with the same `TempStorage`, the block must first pass a
//! `__syncthreads()`:
//!
//! ```
//! using BlockScanT = cubling::BlockScan<int, 128>;
//! __shared__ typename BlockScanT::TempStorage temp_storage;
//! int items[4];
//! ...
//! BlockScanT(temp_storage).ExclusiveSum(items, items);
//! __syncthreads(); // temp_storage is reused below
//! int total;
//! BlockScanT(temp_storage).InclusiveScan(items, items, cubling::Max(), total);
//! ```
//!
//! The API is CUB's: code written for `cub::BlockScan` compiles with
//! `cubling::BlockScan` in its place.
//!
//! @tparam T            item type: an arithmetic type, or any trivially copyable struct
//! @tparam BLOCK_DIM_X  threads of the block along x
//! @tparam ALGORITHM    cubling::BlockScanAlgorithm (default BLOCK_SCAN_RAKING)
//! @tparam BLOCK_DIM_Y  threads of the block along y (default 1)
//! @tparam BLOCK_DIM_Z  threads of the block along z (default 1)
template <typename T, int BLOCK_DIM_X, BlockScanAlgorithm ALGORITHM = BLOCK_SCAN_RAKING, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1>
class BlockScan
{
  static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
  static_assert(BLOCK_DIM_X >= 1 && BLOCK_DIM_Y >= 1 && BLOCK_DIM_Z >= 1 && BLOCK_THREADS <= 1024,
                "a CUDA block has 1 to 1024 threads");

  // Warp scans need whole warps; other sizes rake, as in CUB.
  static constexpr BlockScanAlgorithm SAFE_ALGORITHM =
      (ALGORITHM == BLOCK_SCAN_WARP_SCANS && BLOCK_THREADS % warp_threads != 0) ? BLOCK_SCAN_RAKING : ALGORITHM;

  using Internal =
      cuda::std::conditional_t<SAFE_ALGORITHM == BLOCK_SCAN_WARP_SCANS,
                               detail::BlockScanWarpScans<T, BLOCK_THREADS>,
                               detail::BlockScanRaking<T, BLOCK_THREADS, SAFE_ALGORITHM == BLOCK_SCAN_RAKING_MEMOIZE>>;
  using _TempStorage = typename Internal::TempStorage;

  // The default constructor's shared memory: one variable per instantiation.
  __device__ CUBLING_FORCEINLINE static _TempStorage& PrivateStorage()
  {
    __shared__ _TempStorage private_storage; // opaque bytes (Uninitialized): no constructor to run
    return private_storage;
  }

  _TempStorage& temp_storage;
  int linear_tid;

  // One item per thread, without a callback (see Internal::Scan).
  template <bool INCLUSIVE, bool SEEDED, bool AGGREGATE, typename ScanOp>
  __device__ CUBLING_FORCEINLINE void Run(T input, T& output, ScanOp scan_op, const T& initial_value, T& block_aggregate)
  {
    Internal(temp_storage, linear_tid)
        .template Scan<INCLUSIVE, SEEDED, AGGREGATE>(input, output, scan_op, initial_value, block_aggregate);
  }

  // One item per thread, with a callback.
  template <bool INCLUSIVE, typename ScanOp, typename BlockPrefixCallbackOp>
  __device__ CUBLING_FORCEINLINE void
  RunWithCallback(T input, T& output, ScanOp scan_op, BlockPrefixCallbackOp& block_prefix_callback_op)
  {
    Internal(temp_storage, linear_tid).template ScanWithCallback<INCLUSIVE>(input, output, scan_op, block_prefix_callback_op);
  }

  // A thread's items, reduced in order before the block-wide step.
  template <int ITEMS_PER_THREAD, typename ScanOp>
  __device__ CUBLING_FORCEINLINE static T Partial(T (&input)[ITEMS_PER_THREAD], ScanOp scan_op)
  {
    return static_cast<T>(ThreadReduce(input, scan_op));
  }

public:
  //! @brief The shared memory that one scan needs, as opaque bytes with no
  //! constructor (see util/uninitialized.cuh). Declare it `__shared__`
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
  __device__ CUBLING_FORCEINLINE BlockScan()
      : temp_storage(PrivateStorage())
      , linear_tid(RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
  {}

  //! @brief Use `temp_storage`, which the caller declared `__shared__`.
  //!
  //! @param temp_storage  the block's shared TempStorage (the same object in every thread)
  __device__ CUBLING_FORCEINLINE BlockScan(TempStorage& temp_storage)
      : temp_storage(temp_storage.Alias())
      , linear_tid(RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
  {}

  // --- exclusive sums, one item per thread -------------------------------------

  //! @brief Exclusive prefix sum; thread 0 gets 0 (`T{}`).
  //!
  //! @param input   this thread's item
  //! @param output  the sum of the items of the threads before it; may alias `input`
  __device__ CUBLING_FORCEINLINE void ExclusiveSum(T input, T& output)
  {
    ExclusiveScan(input, output, T{}, cuda::std::plus<>{});
  }

  //! @brief Exclusive prefix sum (thread 0 gets 0), and the block's total.
  //!
  //! @param input            this thread's item
  //! @param output           the sum of the items of the threads before it; may alias `input`
  //! @param block_aggregate  the sum of all the block's items, in every thread
  __device__ CUBLING_FORCEINLINE void ExclusiveSum(T input, T& output, T& block_aggregate)
  {
    ExclusiveScan(input, output, T{}, cuda::std::plus<>{}, block_aggregate);
  }

  //! @brief Exclusive prefix sum of a tile that continues a sequence: the
  //! prefix returned by the callback comes before thread 0's item.
  //!
  //! @tparam BlockPrefixCallbackOp  functor with `T operator()(T block_aggregate)`
  //! @param input                     this thread's item
  //! @param output                    the callback's prefix plus the items before it; may alias `input`
  //! @param block_prefix_callback_op  called by the first warp with the tile's total; lane 0's return value is the tile's prefix
  template <typename BlockPrefixCallbackOp>
  __device__ CUBLING_FORCEINLINE void ExclusiveSum(T input, T& output, BlockPrefixCallbackOp& block_prefix_callback_op)
  {
    ExclusiveScan(input, output, cuda::std::plus<>{}, block_prefix_callback_op);
  }

  // --- exclusive sums, several items per thread ----------------------------------

  //! @brief Exclusive prefix sum of `ITEMS_PER_THREAD` consecutive items per
  //! thread; `output[0]` of thread 0 is 0.
  //!
  //! @tparam ITEMS_PER_THREAD  items per thread, known at compile time
  //! @param input              this thread's items
  //! @param output             their exclusive sums; may be `input`
  template <int ITEMS_PER_THREAD>
  __device__ CUBLING_FORCEINLINE void ExclusiveSum(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD])
  {
    ExclusiveScan(input, output, T{}, cuda::std::plus<>{});
  }

  //! @brief Exclusive prefix sum of `ITEMS_PER_THREAD` consecutive items per
  //! thread, and the block's total.
  //!
  //! @tparam ITEMS_PER_THREAD  items per thread, known at compile time
  //! @param input              this thread's items
  //! @param output             their exclusive sums; may be `input`
  //! @param block_aggregate    the sum of all the block's items, in every thread
  template <int ITEMS_PER_THREAD>
  __device__ CUBLING_FORCEINLINE void
  ExclusiveSum(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD], T& block_aggregate)
  {
    ExclusiveScan(input, output, T{}, cuda::std::plus<>{}, block_aggregate);
  }

  //! @brief Exclusive prefix sum of `ITEMS_PER_THREAD` consecutive items per
  //! thread, of a tile that continues a sequence (see the class notes).
  //!
  //! @tparam ITEMS_PER_THREAD       items per thread, known at compile time
  //! @tparam BlockPrefixCallbackOp  functor with `T operator()(T block_aggregate)`
  //! @param input                     this thread's items
  //! @param output                    their exclusive sums after the tile's prefix; may be `input`
  //! @param block_prefix_callback_op  called by the first warp with the tile's total; lane 0's return value is the tile's prefix
  template <int ITEMS_PER_THREAD, typename BlockPrefixCallbackOp>
  __device__ CUBLING_FORCEINLINE void ExclusiveSum(
      T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD], BlockPrefixCallbackOp& block_prefix_callback_op)
  {
    ExclusiveScan(input, output, cuda::std::plus<>{}, block_prefix_callback_op);
  }

  // --- exclusive scans, one item per thread -----------------------------------------

  //! @brief Exclusive scan seeded with `initial_value`: thread 0 gets
  //! `initial_value`, thread r gets `op(initial_value, x0, ..., x(r-1))`.
  //!
  //! @tparam ScanOp       associative binary operator `T op(const T&, const T&)`
  //! @param input         this thread's item
  //! @param output        its exclusive result; may alias `input`
  //! @param initial_value the value before thread 0's item (the same in every thread)
  //! @param scan_op       the operator
  template <typename ScanOp>
  __device__ CUBLING_FORCEINLINE void ExclusiveScan(T input, T& output, T initial_value, ScanOp scan_op)
  {
    T unused;
    Run<false, true, false>(input, output, scan_op, initial_value, unused);
  }

  //! @brief Exclusive scan seeded with `initial_value`, and the block's total
  //! (which does not include `initial_value`).
  //!
  //! @tparam ScanOp          associative binary operator
  //! @param input            this thread's item
  //! @param output           its exclusive result; may alias `input`
  //! @param initial_value    the value before thread 0's item
  //! @param scan_op          the operator
  //! @param block_aggregate  the scan of all the block's items, in every thread
  template <typename ScanOp>
  __device__ CUBLING_FORCEINLINE void
  ExclusiveScan(T input, T& output, T initial_value, ScanOp scan_op, T& block_aggregate)
  {
    Run<false, true, true>(input, output, scan_op, initial_value, block_aggregate);
  }

  //! @brief Exclusive scan of a tile that continues a sequence: the prefix
  //! returned by the callback is thread 0's output and comes before every
  //! other thread's result.
  //!
  //! @tparam ScanOp                 associative binary operator
  //! @tparam BlockPrefixCallbackOp  functor with `T operator()(T block_aggregate)`
  //! @param input                     this thread's item
  //! @param output                    its exclusive result after the tile's prefix; may alias `input`
  //! @param scan_op                   the operator
  //! @param block_prefix_callback_op  called by the first warp with the tile's total; lane 0's return value is the tile's prefix
  template <typename ScanOp, typename BlockPrefixCallbackOp>
  __device__ CUBLING_FORCEINLINE void
  ExclusiveScan(T input, T& output, ScanOp scan_op, BlockPrefixCallbackOp& block_prefix_callback_op)
  {
    RunWithCallback<false>(input, output, scan_op, block_prefix_callback_op);
  }

  // --- exclusive scans, several items per thread ------------------------------------

  //! @brief Exclusive scan of `ITEMS_PER_THREAD` consecutive items per
  //! thread, seeded with `initial_value` (thread 0's `output[0]`).
  //!
  //! @tparam ITEMS_PER_THREAD  items per thread, known at compile time
  //! @tparam ScanOp            associative binary operator
  //! @param input              this thread's items
  //! @param output             their exclusive results; may be `input`
  //! @param initial_value      the value before the block's first item
  //! @param scan_op            the operator
  template <int ITEMS_PER_THREAD, typename ScanOp>
  __device__ CUBLING_FORCEINLINE void
  ExclusiveScan(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD], T initial_value, ScanOp scan_op)
  {
    T prefix = Partial(input, scan_op);
    ExclusiveScan(prefix, prefix, initial_value, scan_op);
    internal::ThreadScanExclusive(input, output, scan_op, prefix);
  }

  //! @brief Exclusive scan of `ITEMS_PER_THREAD` consecutive items per
  //! thread, seeded with `initial_value`, and the block's total (without
  //! `initial_value`).
  //!
  //! @tparam ITEMS_PER_THREAD  items per thread, known at compile time
  //! @tparam ScanOp            associative binary operator
  //! @param input              this thread's items
  //! @param output             their exclusive results; may be `input`
  //! @param initial_value      the value before the block's first item
  //! @param scan_op            the operator
  //! @param block_aggregate    the scan of all the block's items, in every thread
  template <int ITEMS_PER_THREAD, typename ScanOp>
  __device__ CUBLING_FORCEINLINE void ExclusiveScan(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD],
                                                    T initial_value, ScanOp scan_op, T& block_aggregate)
  {
    T prefix = Partial(input, scan_op);
    ExclusiveScan(prefix, prefix, initial_value, scan_op, block_aggregate);
    internal::ThreadScanExclusive(input, output, scan_op, prefix);
  }

  //! @brief Exclusive scan of `ITEMS_PER_THREAD` consecutive items per
  //! thread, of a tile that continues a sequence (see the class notes).
  //!
  //! @tparam ITEMS_PER_THREAD       items per thread, known at compile time
  //! @tparam ScanOp                 associative binary operator
  //! @tparam BlockPrefixCallbackOp  functor with `T operator()(T block_aggregate)`
  //! @param input                     this thread's items
  //! @param output                    their exclusive results after the tile's prefix; may be `input`
  //! @param scan_op                   the operator
  //! @param block_prefix_callback_op  called by the first warp with the tile's total; lane 0's return value is the tile's prefix
  template <int ITEMS_PER_THREAD, typename ScanOp, typename BlockPrefixCallbackOp>
  __device__ CUBLING_FORCEINLINE void ExclusiveScan(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD],
                                                    ScanOp scan_op, BlockPrefixCallbackOp& block_prefix_callback_op)
  {
    T prefix = Partial(input, scan_op);
    ExclusiveScan(prefix, prefix, scan_op, block_prefix_callback_op);
    internal::ThreadScanExclusive(input, output, scan_op, prefix);
  }

  // --- exclusive scans without an initial value ---------------------------------------

  //! @brief Exclusive scan without an initial value: thread r > 0 gets
  //! `op(x0, ..., x(r-1))`; thread 0's output is unspecified.
  //!
  //! @tparam ScanOp  associative binary operator
  //! @param input    this thread's item
  //! @param output   its exclusive result; may alias `input`
  //! @param scan_op  the operator
  template <typename ScanOp>
  __device__ CUBLING_FORCEINLINE void ExclusiveScan(T input, T& output, ScanOp scan_op)
  {
    T unused;
    Run<false, false, false>(input, output, scan_op, input, unused);
  }

  //! @brief Exclusive scan without an initial value (thread 0's output
  //! unspecified), and the block's total.
  //!
  //! @tparam ScanOp          associative binary operator
  //! @param input            this thread's item
  //! @param output           its exclusive result; may alias `input`
  //! @param scan_op          the operator
  //! @param block_aggregate  the scan of all the block's items, in every thread
  template <typename ScanOp>
  __device__ CUBLING_FORCEINLINE void ExclusiveScan(T input, T& output, ScanOp scan_op, T& block_aggregate)
  {
    Run<false, false, true>(input, output, scan_op, input, block_aggregate);
  }

  //! @brief Exclusive scan of `ITEMS_PER_THREAD` consecutive items per
  //! thread, without an initial value: thread 0's `output[0]` is unspecified.
  //!
  //! @tparam ITEMS_PER_THREAD  items per thread, known at compile time
  //! @tparam ScanOp            associative binary operator
  //! @param input              this thread's items
  //! @param output             their exclusive results; may be `input`
  //! @param scan_op            the operator
  template <int ITEMS_PER_THREAD, typename ScanOp>
  __device__ CUBLING_FORCEINLINE void
  ExclusiveScan(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD], ScanOp scan_op)
  {
    T prefix = Partial(input, scan_op);
    ExclusiveScan(prefix, prefix, scan_op);
    internal::ThreadScanExclusive(input, output, scan_op, prefix, linear_tid != 0);
  }

  //! @brief Exclusive scan of `ITEMS_PER_THREAD` consecutive items per
  //! thread, without an initial value (thread 0's `output[0]` unspecified),
  //! and the block's total.
  //!
  //! @tparam ITEMS_PER_THREAD  items per thread, known at compile time
  //! @tparam ScanOp            associative binary operator
  //! @param input              this thread's items
  //! @param output             their exclusive results; may be `input`
  //! @param scan_op            the operator
  //! @param block_aggregate    the scan of all the block's items, in every thread
  template <int ITEMS_PER_THREAD, typename ScanOp>
  __device__ CUBLING_FORCEINLINE void
  ExclusiveScan(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD], ScanOp scan_op, T& block_aggregate)
  {
    T prefix = Partial(input, scan_op);
    ExclusiveScan(prefix, prefix, scan_op, block_aggregate);
    internal::ThreadScanExclusive(input, output, scan_op, prefix, linear_tid != 0);
  }

  // --- inclusive sums, one item per thread -----------------------------------------

  //! @brief Inclusive prefix sum: thread r gets `x0 + ... + xr`.
  //!
  //! @param input   this thread's item
  //! @param output  the sum of the items up to and including its own; may alias `input`
  __device__ CUBLING_FORCEINLINE void InclusiveSum(T input, T& output)
  {
    InclusiveScan(input, output, cuda::std::plus<>{});
  }

  //! @brief Inclusive prefix sum, and the block's total.
  //!
  //! @param input            this thread's item
  //! @param output           the sum of the items up to and including its own; may alias `input`
  //! @param block_aggregate  the sum of all the block's items, in every thread
  __device__ CUBLING_FORCEINLINE void InclusiveSum(T input, T& output, T& block_aggregate)
  {
    InclusiveScan(input, output, cuda::std::plus<>{}, block_aggregate);
  }

  //! @brief Inclusive prefix sum of a tile that continues a sequence: the
  //! prefix returned by the callback is added to every output.
  //!
  //! @tparam BlockPrefixCallbackOp  functor with `T operator()(T block_aggregate)`
  //! @param input                     this thread's item
  //! @param output                    its inclusive sum after the tile's prefix; may alias `input`
  //! @param block_prefix_callback_op  called by the first warp with the tile's total; lane 0's return value is the tile's prefix
  template <typename BlockPrefixCallbackOp>
  __device__ CUBLING_FORCEINLINE void InclusiveSum(T input, T& output, BlockPrefixCallbackOp& block_prefix_callback_op)
  {
    InclusiveScan(input, output, cuda::std::plus<>{}, block_prefix_callback_op);
  }

  // --- inclusive sums, several items per thread ---------------------------------------

  //! @brief Inclusive prefix sum of `ITEMS_PER_THREAD` consecutive items per thread.
  //!
  //! @tparam ITEMS_PER_THREAD  items per thread, known at compile time
  //! @param input              this thread's items
  //! @param output             their inclusive sums; may be `input`
  template <int ITEMS_PER_THREAD>
  __device__ CUBLING_FORCEINLINE void InclusiveSum(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD])
  {
    InclusiveScan(input, output, cuda::std::plus<>{});
  }

  //! @brief Inclusive prefix sum of `ITEMS_PER_THREAD` consecutive items per
  //! thread, and the block's total.
  //!
  //! @tparam ITEMS_PER_THREAD  items per thread, known at compile time
  //! @param input              this thread's items
  //! @param output             their inclusive sums; may be `input`
  //! @param block_aggregate    the sum of all the block's items, in every thread
  template <int ITEMS_PER_THREAD>
  __device__ CUBLING_FORCEINLINE void
  InclusiveSum(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD], T& block_aggregate)
  {
    InclusiveScan(input, output, cuda::std::plus<>{}, block_aggregate);
  }

  //! @brief Inclusive prefix sum of `ITEMS_PER_THREAD` consecutive items per
  //! thread, of a tile that continues a sequence (see the class notes).
  //!
  //! @tparam ITEMS_PER_THREAD       items per thread, known at compile time
  //! @tparam BlockPrefixCallbackOp  functor with `T operator()(T block_aggregate)`
  //! @param input                     this thread's items
  //! @param output                    their inclusive sums after the tile's prefix; may be `input`
  //! @param block_prefix_callback_op  called by the first warp with the tile's total; lane 0's return value is the tile's prefix
  template <int ITEMS_PER_THREAD, typename BlockPrefixCallbackOp>
  __device__ CUBLING_FORCEINLINE void InclusiveSum(
      T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD], BlockPrefixCallbackOp& block_prefix_callback_op)
  {
    InclusiveScan(input, output, cuda::std::plus<>{}, block_prefix_callback_op);
  }

  // --- inclusive scans, one item per thread -------------------------------------------

  //! @brief Inclusive scan: thread r gets `op(x0, ..., xr)`.
  //!
  //! @tparam ScanOp  associative binary operator
  //! @param input    this thread's item
  //! @param output   its inclusive result; may alias `input`
  //! @param scan_op  the operator
  template <typename ScanOp>
  __device__ CUBLING_FORCEINLINE void InclusiveScan(T input, T& output, ScanOp scan_op)
  {
    T unused;
    Run<true, false, false>(input, output, scan_op, input, unused);
  }

  //! @brief Inclusive scan, and the block's total.
  //!
  //! @tparam ScanOp          associative binary operator
  //! @param input            this thread's item
  //! @param output           its inclusive result; may alias `input`
  //! @param scan_op          the operator
  //! @param block_aggregate  the scan of all the block's items, in every thread
  template <typename ScanOp>
  __device__ CUBLING_FORCEINLINE void InclusiveScan(T input, T& output, ScanOp scan_op, T& block_aggregate)
  {
    Run<true, false, true>(input, output, scan_op, input, block_aggregate);
  }

  //! @brief Inclusive scan of a tile that continues a sequence: the prefix
  //! returned by the callback comes before every output.
  //!
  //! @tparam ScanOp                 associative binary operator
  //! @tparam BlockPrefixCallbackOp  functor with `T operator()(T block_aggregate)`
  //! @param input                     this thread's item
  //! @param output                    its inclusive result after the tile's prefix; may alias `input`
  //! @param scan_op                   the operator
  //! @param block_prefix_callback_op  called by the first warp with the tile's total; lane 0's return value is the tile's prefix
  template <typename ScanOp, typename BlockPrefixCallbackOp>
  __device__ CUBLING_FORCEINLINE void
  InclusiveScan(T input, T& output, ScanOp scan_op, BlockPrefixCallbackOp& block_prefix_callback_op)
  {
    RunWithCallback<true>(input, output, scan_op, block_prefix_callback_op);
  }

  // --- inclusive scans, several items per thread ---------------------------------------

  //! @brief Inclusive scan of `ITEMS_PER_THREAD` consecutive items per thread.
  //!
  //! @tparam ITEMS_PER_THREAD  items per thread, known at compile time
  //! @tparam ScanOp            associative binary operator
  //! @param input              this thread's items
  //! @param output             their inclusive results; may be `input`
  //! @param scan_op            the operator
  template <int ITEMS_PER_THREAD, typename ScanOp>
  __device__ CUBLING_FORCEINLINE void
  InclusiveScan(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD], ScanOp scan_op)
  {
    if constexpr (ITEMS_PER_THREAD == 1)
    {
      InclusiveScan(input[0], output[0], scan_op);
    }
    else
    {
      T prefix = Partial(input, scan_op);
      ExclusiveScan(prefix, prefix, scan_op);
      internal::ThreadScanInclusive(input, output, scan_op, prefix, linear_tid != 0);
    }
  }

  //! @brief Inclusive scan of `ITEMS_PER_THREAD` consecutive items per
  //! thread, seeded with `initial_value`: output `i` is
  //! `op(initial_value, x0, ..., xi)`.
  //!
  //! @tparam ITEMS_PER_THREAD  items per thread, known at compile time
  //! @tparam ScanOp            associative binary operator
  //! @param input              this thread's items
  //! @param output             their inclusive results; may be `input`
  //! @param initial_value      the value before the block's first item
  //! @param scan_op            the operator
  template <int ITEMS_PER_THREAD, typename ScanOp>
  __device__ CUBLING_FORCEINLINE void
  InclusiveScan(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD], T initial_value, ScanOp scan_op)
  {
    T prefix = Partial(input, scan_op);
    ExclusiveScan(prefix, prefix, initial_value, scan_op);
    internal::ThreadScanInclusive(input, output, scan_op, prefix);
  }

  //! @brief Inclusive scan of `ITEMS_PER_THREAD` consecutive items per
  //! thread, and the block's total.
  //!
  //! @tparam ITEMS_PER_THREAD  items per thread, known at compile time
  //! @tparam ScanOp            associative binary operator
  //! @param input              this thread's items
  //! @param output             their inclusive results; may be `input`
  //! @param scan_op            the operator
  //! @param block_aggregate    the scan of all the block's items, in every thread
  template <int ITEMS_PER_THREAD, typename ScanOp>
  __device__ CUBLING_FORCEINLINE void
  InclusiveScan(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD], ScanOp scan_op, T& block_aggregate)
  {
    if constexpr (ITEMS_PER_THREAD == 1)
    {
      InclusiveScan(input[0], output[0], scan_op, block_aggregate);
    }
    else
    {
      T prefix = Partial(input, scan_op);
      ExclusiveScan(prefix, prefix, scan_op, block_aggregate);
      internal::ThreadScanInclusive(input, output, scan_op, prefix, linear_tid != 0);
    }
  }

  //! @brief Inclusive scan of `ITEMS_PER_THREAD` consecutive items per
  //! thread, seeded with `initial_value`, and the block's total (without
  //! `initial_value`).
  //!
  //! @tparam ITEMS_PER_THREAD  items per thread, known at compile time
  //! @tparam ScanOp            associative binary operator
  //! @param input              this thread's items
  //! @param output             their inclusive results; may be `input`
  //! @param initial_value      the value before the block's first item
  //! @param scan_op            the operator
  //! @param block_aggregate    the scan of all the block's items, in every thread
  template <int ITEMS_PER_THREAD, typename ScanOp>
  __device__ CUBLING_FORCEINLINE void InclusiveScan(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD],
                                                    T initial_value, ScanOp scan_op, T& block_aggregate)
  {
    T prefix = Partial(input, scan_op);
    ExclusiveScan(prefix, prefix, initial_value, scan_op, block_aggregate);
    internal::ThreadScanInclusive(input, output, scan_op, prefix);
  }

  //! @brief Inclusive scan of `ITEMS_PER_THREAD` consecutive items per
  //! thread, of a tile that continues a sequence (see the class notes).
  //!
  //! @tparam ITEMS_PER_THREAD       items per thread, known at compile time
  //! @tparam ScanOp                 associative binary operator
  //! @tparam BlockPrefixCallbackOp  functor with `T operator()(T block_aggregate)`
  //! @param input                     this thread's items
  //! @param output                    their inclusive results after the tile's prefix; may be `input`
  //! @param scan_op                   the operator
  //! @param block_prefix_callback_op  called by the first warp with the tile's total; lane 0's return value is the tile's prefix
  template <int ITEMS_PER_THREAD, typename ScanOp, typename BlockPrefixCallbackOp>
  __device__ CUBLING_FORCEINLINE void InclusiveScan(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD],
                                                    ScanOp scan_op, BlockPrefixCallbackOp& block_prefix_callback_op)
  {
    if constexpr (ITEMS_PER_THREAD == 1)
    {
      InclusiveScan(input[0], output[0], scan_op, block_prefix_callback_op);
    }
    else
    {
      T prefix = Partial(input, scan_op);
      ExclusiveScan(prefix, prefix, scan_op, block_prefix_callback_op);
      internal::ThreadScanInclusive(input, output, scan_op, prefix);
    }
  }
};

} // namespace cubling
