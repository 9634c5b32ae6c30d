//! @file
//! AgentReduce: what one thread block does inside DeviceReduce.
//!
//! The dispatch layer decides how many blocks to launch and which policy
//! they follow; the kernel only picks its policy and hands the work to this
//! agent. The agent owns the per-tile work:
//!   - ConsumeRange(): fold a contiguous range of the input, tile by tile,
//!     into one value per block. Each thread folds its items of every tile
//!     into a running value in registers (ThreadReduce); the block combines
//!     the threads' values once, at the end (BlockReduce).
//!   - ConsumePartials(): the same for the blocks' partial results, which the
//!     first block of a single-pass reduction folds in index order, after
//!     the grid-wide barrier.
//!
//! Loads. A tile is BLOCK_THREADS x ITEMS_PER_THREAD items. When the input
//! is a plain pointer whose address is 16-byte aligned, a full tile is read
//! with 16-byte vector loads, striped: vector v of thread t is vector
//! (v * BLOCK_THREADS + t) of the tile, so every warp-wide load instruction
//! reads 512 contiguous bytes. Any other input (an iterator, an unaligned
//! pointer, an item size that does not divide 16, the last partial tile) is
//! read one item at a time, still striped. Striped order is fine because
//! DeviceReduce requires a commutative operator, as CUB's does.
#pragma once

#include <cstdint>
#include <iterator>
#include <type_traits>

#include <cubling/block/block_reduce.cuh>
#include <cubling/thread/thread_operators.cuh>
#include <cubling/util/key_value_pair.cuh>
#include <cubling/util/macros.cuh>

namespace cubling
{

//! @brief The tuning of AgentReduce: one link's worth of a DeviceReduce policy.
//!
//! @tparam BLOCK_THREADS_     threads per block
//! @tparam NOMINAL_ITEMS_4B   items per thread per tile for 4-byte items; other
//!                            sizes keep the tile's bytes about the same
//!                            (`NOMINAL_ITEMS_4B * 4 / sizeof(T)`, at least 1)
//! @tparam BLOCK_ALGORITHM_   the BlockReduce algorithm that combines the threads
template <int BLOCK_THREADS_, int NOMINAL_ITEMS_4B, BlockReduceAlgorithm BLOCK_ALGORITHM_>
struct AgentReducePolicy
{
  static constexpr int BLOCK_THREADS                    = BLOCK_THREADS_;
  static constexpr BlockReduceAlgorithm BLOCK_ALGORITHM = BLOCK_ALGORITHM_;
  //! Items per thread per tile, for items of `bytes` bytes.
  static constexpr int items_per_thread(int bytes)
  {
    const int items = NOMINAL_ITEMS_4B * 4 / (bytes > 0 ? bytes : 1);
    return items < 1 ? 1 : (items > NOMINAL_ITEMS_4B * 4 ? NOMINAL_ITEMS_4B * 4 : items);
  }
};

namespace detail
{

//! A transform that ignores the item's index: what TransformReduce and the
//! plain reductions use (the identity for Sum, Min, Max, Reduce).
template <typename UnaryOp>
struct IgnoreIndex
{
  UnaryOp op;
  template <typename T>
  __device__ CUBLING_FORCEINLINE auto operator()(const T& item, int64_t) const
  {
    return op(item);
  }
};

//! The identity, as a unary transform.
struct Identity
{
  template <typename T>
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE T operator()(const T& item) const
  {
    return item;
  }
};

//! Pair each item with its index: what ArgMin and ArgMax reduce. (The idea of
//! an arg-index iterator, applied after the loads so that a plain pointer
//! still gets vector loads.)
template <typename Key>
struct PairWithIndex
{
  template <typename T>
  __device__ CUBLING_FORCEINLINE KeyValuePair<Key, T> operator()(const T& item, int64_t index) const
  {
    return KeyValuePair<Key, T>(static_cast<Key>(index), item);
  }
};

//! Can a full tile of `It` be read with 16-byte vector loads (if aligned)?
//! Pointers to arithmetic types whose size divides 16.
template <typename It>
constexpr bool can_vectorize()
{
  using T = typename std::iterator_traits<It>::value_type;
  return std::is_pointer<It>::value && std::is_arithmetic<T>::value && 16 % sizeof(T) == 0;
}

} // namespace detail

//! @brief One thread block's share of a device-wide reduction.
//!
//! @tparam Policy       an AgentReducePolicy
//! @tparam InputIt      random-access input iterator (or pointer)
//! @tparam ReductionOp  associative and commutative `AccumT op(AccumT, AccumT)`
//! @tparam AccumT       the accumulator type
//! @tparam TransformOp  `AccumT transform(item, int64_t index)`, applied to every item as it is loaded
template <typename Policy, typename InputIt, typename ReductionOp, typename AccumT, typename TransformOp>
struct AgentReduce
{
  using InputT = typename std::iterator_traits<InputIt>::value_type;

  //! Threads per block, from the policy.
  static constexpr int BLOCK_THREADS    = Policy::BLOCK_THREADS;
  static constexpr int ITEMS_PER_THREAD = Policy::items_per_thread(static_cast<int>(sizeof(InputT)));
  static constexpr int TILE_ITEMS       = BLOCK_THREADS * ITEMS_PER_THREAD;
  static constexpr bool VECTORIZE       = detail::can_vectorize<InputIt>();
  // Vector geometry (meaningful when VECTORIZE): 16 bytes hold ITEMS_PER_VECTOR items.
  static constexpr int ITEMS_PER_VECTOR   = VECTORIZE ? static_cast<int>(16 / sizeof(InputT)) : 1;
  static constexpr int VECTORS_PER_THREAD = ITEMS_PER_THREAD / ITEMS_PER_VECTOR;

  //! A block's range of items starts at a multiple of this: a sixteenth of
  //! a tile (256 items of 4 bytes: 1 KiB). Fine enough that the blocks' shares
  //! differ by little (whole tiles would leave some blocks a tile more), and
  //! coarse enough that a share starts on a cache line of the data, whatever
  //! the item is: a pointer's item, or a wider one made from it by an
  //! iterator (an ArgIndexInputIterator's 16-byte pair per 4-byte int). A
  //! share starting mid-line would make every warp's loads straddle a line
  //! more. Every share stays non-empty: the grid has at most one block per tile.
  static constexpr int RANGE_ALIGN_ITEMS = TILE_ITEMS / 16;

  static_assert(TILE_ITEMS >= 256, "the size query assumes tiles of at least 256 items");
  static_assert(!VECTORIZE || ITEMS_PER_THREAD % ITEMS_PER_VECTOR == 0, "a thread's items must fill whole vectors");
  static_assert(RANGE_ALIGN_ITEMS % ITEMS_PER_VECTOR == 0, "a share must start on a whole vector");

  //! How the block combines its threads' values.
  using BlockReduceT = BlockReduce<AccumT, BLOCK_THREADS, Policy::BLOCK_ALGORITHM>;
  //! The shared memory the agent needs: BlockReduce's.
  using TempStorage = typename BlockReduceT::TempStorage;

  TempStorage& temp_storage;
  InputIt d_in;
  ReductionOp reduction_op;
  TransformOp transform_op;

  __device__ CUBLING_FORCEINLINE AgentReduce(TempStorage& temp_storage, InputIt d_in, ReductionOp reduction_op,
                                             TransformOp transform_op)
      : temp_storage(temp_storage)
      , d_in(d_in)
      , reduction_op(reduction_op)
      , transform_op(transform_op)
  {}

  //! Fold the full tile at `tile_begin` into `thread_value` (`FIRST`: the
  //! thread holds no value yet), with 16-byte striped vector loads.
  template <bool FIRST>
  __device__ CUBLING_FORCEINLINE void ConsumeFullTileVectorized(int64_t tile_begin, AccumT& thread_value)
  {
    union Vector
    {
      uint4 bits;
      InputT items[ITEMS_PER_VECTOR];
    };
    const uint4* vectors = reinterpret_cast<const uint4*>(&*d_in + tile_begin);
    Vector loaded[VECTORS_PER_THREAD];
#pragma unroll
    for (int v = 0; v < VECTORS_PER_THREAD; ++v) // every load first: all of them in flight at once
    {
      loaded[v].bits = __ldg(vectors + v * BLOCK_THREADS + threadIdx.x);
    }
#pragma unroll
    for (int v = 0; v < VECTORS_PER_THREAD; ++v)
    {
      const int64_t first = tile_begin + (int64_t{v} * BLOCK_THREADS + threadIdx.x) * ITEMS_PER_VECTOR;
#pragma unroll
      for (int i = 0; i < ITEMS_PER_VECTOR; ++i)
      {
        const AccumT item = transform_op(loaded[v].items[i], first + i);
        thread_value      = (FIRST && v == 0 && i == 0) ? item : reduction_op(thread_value, item);
      }
    }
  }

  //! Fold the full tile at `tile_begin`, one item at a time, striped.
  template <bool FIRST>
  __device__ CUBLING_FORCEINLINE void ConsumeFullTileItems(int64_t tile_begin, AccumT& thread_value)
  {
    // The iterator moves to the tile once; within it, offsets are small ints.
    const InputIt tile = d_in + tile_begin;
    InputT items[ITEMS_PER_THREAD];
#pragma unroll
    for (int i = 0; i < ITEMS_PER_THREAD; ++i)
    {
      items[i] = tile[i * BLOCK_THREADS + static_cast<int>(threadIdx.x)];
    }
#pragma unroll
    for (int i = 0; i < ITEMS_PER_THREAD; ++i)
    {
      const AccumT item = transform_op(items[i], tile_begin + i * BLOCK_THREADS + threadIdx.x);
      thread_value      = (FIRST && i == 0) ? item : reduction_op(thread_value, item);
    }
  }

  //! Fold the items [begin, end) of a partial tile (fewer than TILE_ITEMS),
  //! striped; `has_value` says whether the thread holds a value, before and
  //! after. Every load is issued before the first is used, as for a full tile.
  __device__ CUBLING_FORCEINLINE void ConsumePartialTile(int64_t begin, int64_t end, AccumT& thread_value,
                                                         bool& has_value)
  {
    InputT items[ITEMS_PER_THREAD];
#pragma unroll
    for (int i = 0; i < ITEMS_PER_THREAD; ++i)
    {
      const int64_t index = begin + int64_t{i} * BLOCK_THREADS + threadIdx.x;
      if (index < end)
      {
        items[i] = d_in[index];
      }
    }
#pragma unroll
    for (int i = 0; i < ITEMS_PER_THREAD; ++i)
    {
      const int64_t index = begin + int64_t{i} * BLOCK_THREADS + threadIdx.x;
      if (index < end)
      {
        const AccumT item = transform_op(items[i], index);
        thread_value      = has_value ? reduction_op(thread_value, item) : item;
        has_value         = true;
      }
    }
  }

  // example-begin consume-range
  //! @brief Reduce the items [begin, end) (`end > begin`); the result is valid in thread 0.
  //!
  //! Full tiles first, then the partial tile at the end, if any. The block
  //! combines the threads' values once; when the range is shorter than the
  //! block, only the threads that saw an item take part.
  __device__ CUBLING_FORCEINLINE AccumT ConsumeRange(int64_t begin, int64_t end)
  {
    AccumT thread_value;
    const int64_t full_end = begin + (end - begin) / TILE_ITEMS * TILE_ITEMS;
    bool has_value         = full_end > begin;
    bool aligned           = false;
    if constexpr (VECTORIZE)
    {
      aligned = reinterpret_cast<uintptr_t>(&*d_in) % 16 == 0;
    }
    if (has_value)
    {
      if constexpr (VECTORIZE) // only a pointer has an address to read vectors from
      {
        if (aligned)
        {
          ConsumeFullTileVectorized<true>(begin, thread_value);
          for (int64_t tile = begin + TILE_ITEMS; tile < full_end; tile += TILE_ITEMS)
          {
            ConsumeFullTileVectorized<false>(tile, thread_value);
          }
        }
      }
      if (!aligned)
      {
        ConsumeFullTileItems<true>(begin, thread_value);
        for (int64_t tile = begin + TILE_ITEMS; tile < full_end; tile += TILE_ITEMS)
        {
          ConsumeFullTileItems<false>(tile, thread_value);
        }
      }
    }
    ConsumePartialTile(full_end, end, thread_value, has_value);
    const int64_t count = end - begin;
    const int valid     = count < BLOCK_THREADS ? static_cast<int>(count) : BLOCK_THREADS;
    return BlockReduceT(temp_storage).Reduce(thread_value, reduction_op, valid);
  }
  // example-end consume-range

  //! @brief Reduce `count` (> 0) partial results, in index order; the result is valid in thread 0.
  //!
  //! Thread t folds partials t, t + BLOCK_THREADS, ... in that order, and the
  //! block combines the threads in rank order: the same input gives the same
  //! sequence of operations, so the same bits, every time.
  static __device__ CUBLING_FORCEINLINE AccumT ConsumePartials(TempStorage& temp_storage, const AccumT* partials,
                                                               int count, ReductionOp reduction_op)
  {
    AccumT thread_value;
    bool has_value = false;
    for (int i = threadIdx.x; i < count; i += BLOCK_THREADS)
    {
      thread_value = has_value ? reduction_op(thread_value, partials[i]) : partials[i];
      has_value    = true;
    }
    return BlockReduceT(temp_storage).Reduce(thread_value, reduction_op, count < BLOCK_THREADS ? count : BLOCK_THREADS);
  }
};

} // namespace cubling
