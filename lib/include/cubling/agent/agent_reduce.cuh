//! @file
//! AgentReduce: what one thread block does inside DeviceReduce.
//!
//! The dispatch layer decides how many blocks to launch and which policy
//! they follow; the kernel only picks its policy and hands the work to this
//! agent. The agent owns the per-tile work:
//!   - ConsumeShare(): fold the block's share of the input, tile by tile,
//!     into one value per block. Each thread folds its items of every tile
//!     into a running value in registers (FoldTile, ThreadReduce); the block
//!     combines the threads' values once, at the end (BlockReduce).
//!   - ConsumeChunk(): the same for one contiguous chunk of tiles, what a
//!     block of an oversubscribed grid (large inputs) does.
//!   - ConsumePartials(): the same for the blocks' partial results, which the
//!     first block of a single-pass reduction folds after the grid-wide
//!     barrier, or the one block of a second pass.
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
#include <cubling/iterator/cache_modified_input_iterator.cuh>
#include <cubling/thread/thread_operators.cuh>
#include <cubling/thread/thread_reduce.cuh>
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
//! @tparam MAX_BLOCKS_PER_SM_ the most blocks per multiprocessor the grid gets,
//!                            below what fits: every block more is one more
//!                            arrival at the grid-wide barrier. The kernel
//!                            asks the compiler for registers that let this
//!                            many fit (`__launch_bounds__`)
template <int BLOCK_THREADS_, int NOMINAL_ITEMS_4B, BlockReduceAlgorithm BLOCK_ALGORITHM_, int MAX_BLOCKS_PER_SM_>
struct AgentReducePolicy
{
  static constexpr int BLOCK_THREADS                    = BLOCK_THREADS_;
  static constexpr BlockReduceAlgorithm BLOCK_ALGORITHM = BLOCK_ALGORITHM_;
  static constexpr int MAX_BLOCKS_PER_SM                = MAX_BLOCKS_PER_SM_;
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

  //! A block's share of what the whole rounds of tiles leave starts at a
  //! multiple of this: a sixteenth of a tile (256 items of 4 bytes: 1 KiB).
  //! Fine enough that the shares differ by little (whole tiles would leave
  //! some blocks a tile more), and
  //! coarse enough that a share starts on a cache line of the data, whatever
  //! the item is: a pointer's item, or a wider one made from it by an
  //! iterator (an ArgIndexInputIterator's 16-byte pair per 4-byte int). A
  //! share starting mid-line would make every warp's loads straddle a line
  //! more.
  static constexpr int RANGE_ALIGN_ITEMS = TILE_ITEMS / 16;

  static_assert(TILE_ITEMS >= 256, "a share starts on a sixteenth of a tile (RANGE_ALIGN_ITEMS): at least 16 items");
  static_assert(TILE_ITEMS <= 65536, "even_share_boundary's 32-bit arithmetic assumes tiles of at most 65536 items");
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

  //! Fold one tile's worth of a thread's values into `thread_value` (`FIRST`:
  //! the thread holds no value yet).
  //!
  //! Floating-point values are folded as a balanced tree, pairs first, then
  //! pairs of pairs: the chain of dependent additions is log2(ITEMS_PER_THREAD)
  //! + 1 long instead of ITEMS_PER_THREAD. The compiler may regroup integer
  //! operations itself, but it must keep the written order of floating-point
  //! ones; with a long chain, each warp's next loads issue later. The order is
  //! still fixed, so the result is still the same from run to run. Other
  //! accumulators (integers, index-value pairs) are folded left to right,
  //! which needs one register value instead of a tile's.
  template <bool FIRST>
  __device__ CUBLING_FORCEINLINE void FoldTile(AccumT (&values)[ITEMS_PER_THREAD], AccumT& thread_value)
  {
    if constexpr (std::is_floating_point<AccumT>::value)
    {
#pragma unroll
      for (int stride = 1; stride < ITEMS_PER_THREAD; stride *= 2)
      {
#pragma unroll
        for (int i = 0; i + stride < ITEMS_PER_THREAD; i += 2 * stride)
        {
          values[i] = reduction_op(values[i], values[i + stride]);
        }
      }
      thread_value = FIRST ? values[0] : reduction_op(thread_value, values[0]);
    }
    else
    {
      thread_value = FIRST ? ThreadReduce(values, reduction_op) : ThreadReduce(values, reduction_op, thread_value);
    }
  }

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
    AccumT values[ITEMS_PER_THREAD];
#pragma unroll
    for (int v = 0; v < VECTORS_PER_THREAD; ++v)
    {
      const int64_t first = tile_begin + (int64_t{v} * BLOCK_THREADS + threadIdx.x) * ITEMS_PER_VECTOR;
#pragma unroll
      for (int i = 0; i < ITEMS_PER_VECTOR; ++i)
      {
        values[v * ITEMS_PER_VECTOR + i] = transform_op(loaded[v].items[i], first + i);
      }
    }
    FoldTile<FIRST>(values, thread_value);
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
    AccumT values[ITEMS_PER_THREAD];
#pragma unroll
    for (int i = 0; i < ITEMS_PER_THREAD; ++i)
    {
      values[i] = transform_op(items[i], tile_begin + i * BLOCK_THREADS + threadIdx.x);
    }
    FoldTile<FIRST>(values, thread_value);
  }

  //! Fold the items [begin, end) of a partial tile (at most TILE_ITEMS),
  //! striped; `has_value` says whether the thread holds a value, before and
  //! after. Every load is issued before the first is used, as for a full tile.
  __device__ CUBLING_FORCEINLINE void ConsumePartialTile(int64_t begin, int64_t end, AccumT& thread_value,
                                                         bool& has_value)
  {
    if (begin >= end) // nothing left: skip the per-item guards
    {
      return;
    }
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

  //! Fold `count` full tiles, the first at item `tile_begin` and each next
  //! one `tile_step` items further, into `thread_value`; `has_value` says
  //! whether the thread holds a value, before and after. An aligned plain
  //! pointer is read with vectors, anything else one item at a time.
  __device__ CUBLING_FORCEINLINE void ConsumeTiles(int64_t tile_begin, int64_t tile_step, int64_t count,
                                                   AccumT& thread_value, bool& has_value)
  {
    if (count <= 0)
    {
      return;
    }
    const bool first = !has_value;
    has_value        = true;
    if constexpr (VECTORIZE) // only a pointer has an address to read vectors from
    {
      if (reinterpret_cast<uintptr_t>(&*d_in) % 16 == 0)
      {
        first ? ConsumeFullTileVectorized<true>(tile_begin, thread_value)
              : ConsumeFullTileVectorized<false>(tile_begin, thread_value);
        for (int64_t tile = 1; tile < count; ++tile)
        {
          ConsumeFullTileVectorized<false>(tile_begin + tile * tile_step, thread_value);
        }
        return;
      }
    }
    first ? ConsumeFullTileItems<true>(tile_begin, thread_value) : ConsumeFullTileItems<false>(tile_begin, thread_value);
    for (int64_t tile = 1; tile < count; ++tile)
    {
      ConsumeFullTileItems<false>(tile_begin + tile * tile_step, thread_value);
    }
  }

  //! Fold the items [begin, end): its whole tiles, then what is left of it
  //! as a partial tile; `has_value` says whether the thread holds a value,
  //! before and after.
  __device__ CUBLING_FORCEINLINE void ConsumeRange(int64_t begin, int64_t end, AccumT& thread_value, bool& has_value)
  {
    const int64_t full_tiles = (end - begin) / TILE_ITEMS;
    ConsumeTiles(begin, TILE_ITEMS, full_tiles, thread_value, has_value);
    ConsumePartialTile(begin + full_tiles * TILE_ITEMS, end, thread_value, has_value);
  }

  // example-begin consume-share
  //! @brief Reduce block `block`'s share of all `num_items` (> 0) items, among
  //! `grid` blocks (at most one per tile); the result is valid in thread 0.
  //!
  //! Two phases, so that the grid reads memory in order and the blocks
  //! finish together:
  //!   1. whole rounds of tiles, striped over the grid: in round r, block b
  //!      reads tile r * grid + b. At any moment the blocks read neighbouring
  //!      tiles, one window of memory, as a copy does; contiguous shares
  //!      would make every block stream from a distant place of its own;
  //!   2. what is left (fewer tiles than blocks, then a partial tile) in even
  //!      shares that start on a sixteenth of a tile, so that no block is
  //!      left with a tile more than the others.
  //! Each thread folds its items of both phases into one running value; the
  //! block combines the threads' values once, at the end.
  __device__ CUBLING_FORCEINLINE AccumT ConsumeShare(int64_t num_items, int block, int grid)
  {
    // 64-bit integer division is a long software routine on the GPU, and a
    // one-tile launch would spend a good part of its time in it: counts go
    // through 32-bit division wherever they fit (see even_share_boundary).
    const int64_t tiles      = num_items / TILE_ITEMS;
    const int64_t rounds     = tiles <= UINT32_MAX ? int64_t{static_cast<uint32_t>(tiles) / static_cast<uint32_t>(grid)}
                                                   : tiles / grid;
    const int64_t rest_begin = rounds * grid * TILE_ITEMS;
    const auto rest          = static_cast<uint32_t>(num_items - rest_begin);
    AccumT thread_value;
    bool has_value = false;
    ConsumeTiles(int64_t{block} * TILE_ITEMS, int64_t{grid} * TILE_ITEMS, rounds, thread_value, has_value); // phase 1
    // Phase 2, only when the rounds leave something: a power-of-two count on
    // a balanced grid leaves nothing, and a launch of a few blocks is short
    // enough that every instruction on its path shows in its time.
    uint32_t share = 0;
    if (rest != 0)
    {
      const uint32_t share_begin = even_share_boundary(rest, block, grid);
      share                      = even_share_boundary(rest, block + 1, grid) - share_begin;
      ConsumeRange(rest_begin + share_begin, rest_begin + share_begin + share, thread_value, has_value);
    }
    // Every block has items (see even_share_boundary); only a single block
    // with fewer items than threads has threads without a value.
    const int64_t count = rounds * TILE_ITEMS + share;
    return ReduceThreads(temp_storage, thread_value, reduction_op, count);
  }
  // example-end consume-share

  //! Where share `block` (of `grid`) of `count` items starts: `count * block /
  //! grid`, without overflow, rounded down to a multiple of RANGE_ALIGN_ITEMS.
  //! When there are no whole rounds, every share is non-empty: the grid has at
  //! most one block per tile, so `count > (grid - 1) * TILE_ITEMS`, a share
  //! holds more than half a tile before rounding, and rounding moves its ends
  //! by less than a sixteenth. (After whole rounds, an empty share is fine.)
  //! 32 bits suffice: what whole rounds leave is less than `grid + 1` tiles,
  //! the grid has at most 16384 blocks (max_reduce_partials) and a tile at
  //! most 65536 items (asserted above): fewer than 2^30 items, and
  //! `count % grid * block` is below 2^28.
  static __device__ CUBLING_FORCEINLINE uint32_t even_share_boundary(uint32_t count, uint32_t block, uint32_t grid)
  {
    if (block == grid)
    {
      return count;
    }
    const uint32_t boundary = count / grid * block + count % grid * block / grid;
    return boundary / RANGE_ALIGN_ITEMS * RANGE_ALIGN_ITEMS;
  }

  //! Combine the threads' values of a block that folded `count` (> 0) items:
  //! with fewer items than threads, only the first `count` threads hold a
  //! value. The result is valid in thread 0.
  static __device__ CUBLING_FORCEINLINE AccumT ReduceThreads(TempStorage& temp_storage, const AccumT& thread_value,
                                                             ReductionOp reduction_op, int64_t count)
  {
    const int valid = count < BLOCK_THREADS ? static_cast<int>(count) : BLOCK_THREADS;
    return BlockReduceT(temp_storage).Reduce(thread_value, reduction_op, valid);
  }

  //! @brief Reduce chunk `chunk` of the input: the `chunk_tiles` tiles from
  //! tile `chunk * chunk_tiles` on (the last chunk: what is left of the
  //! input, its last tile maybe partial); the result is valid in thread 0.
  //!
  //! What a block of an oversubscribed grid does: one contiguous chunk, and
  //! the block is done. The hardware starts the next block on the freed
  //! multiprocessor at once, so the grid keeps reading without the pause that
  //! a resident block takes between two tiles of its own.
  __device__ CUBLING_FORCEINLINE AccumT ConsumeChunk(int64_t num_items, int chunk, int chunk_tiles)
  {
    const int64_t chunk_items = int64_t{chunk_tiles} * TILE_ITEMS;
    const int64_t begin       = chunk * chunk_items;
    const int64_t end         = num_items - begin < chunk_items ? num_items : begin + chunk_items;
    AccumT thread_value;
    bool has_value = false;
    ConsumeRange(begin, end, thread_value, has_value);
    return ReduceThreads(temp_storage, thread_value, reduction_op, end - begin);
  }

  //! @brief Reduce `count` (> 0) partial results; the result is valid in thread 0.
  //!
  //! The partials are read as an input of their own, tile by tile, every
  //! load of a tile in flight at once (ConsumePartialTile). Other blocks, on
  //! other multiprocessors, wrote them moments ago: they are read from L2
  //! (`LOAD_CG`), past this multiprocessor's L1. The same count gives the
  //! same sequence of operations, so the same bits, every time.
  static __device__ CUBLING_FORCEINLINE AccumT ConsumePartials(TempStorage& temp_storage, const AccumT* partials,
                                                               int count, ReductionOp reduction_op)
  {
    using PartialsIt    = CacheModifiedInputIterator<LOAD_CG, AccumT, int>;
    using PartialsAgent = AgentReduce<Policy, PartialsIt, ReductionOp, AccumT, detail::IgnoreIndex<detail::Identity>>;
    static_assert(std::is_same<typename PartialsAgent::TempStorage, TempStorage>::value, "one shared-memory layout");
    PartialsAgent agent(temp_storage, PartialsIt(partials), reduction_op, {detail::Identity{}});
    AccumT thread_value;
    bool has_value = false;
    for (int begin = 0; begin < count; begin += PartialsAgent::TILE_ITEMS)
    {
      const int end = count - begin < PartialsAgent::TILE_ITEMS ? count : begin + PartialsAgent::TILE_ITEMS;
      agent.ConsumePartialTile(begin, end, thread_value, has_value);
    }
    return ReduceThreads(temp_storage, thread_value, reduction_op, count);
  }
};

} // namespace cubling
