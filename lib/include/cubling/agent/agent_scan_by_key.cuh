//! @file
//! AgentScanByKey: what one thread block does inside DeviceScan's by-key family.
//!
//! A scan by key restarts at every run of equal keys (a *segment*). It is a
//! plain scan over (head flag, value) pairs, with the *segmented* operator
//!
//!     (f1, v1) . (f2, v2) = (f1 | f2, f2 ? v2 : v1 op v2)
//!
//! which is associative whenever `op` is, never commutative, and applies
//! `op` only to values of one segment. So the whole machinery of the plain
//! scan carries over unchanged: the tile's BlockScan, and the look-back over
//! tile states, now of pairs. The flag of item i says that its key differs
//! from item i - 1's (item 0 always starts a segment).
//!
//! An exclusive scan by key starts every segment from the initial value:
//! a segment's first value is replaced by `init op value` before the scan,
//! and each item's output is `init` if it starts a segment, and otherwise
//! the exclusive pair scan's value.
//!
//! The tile's phases: load the keys, and flag the heads (each thread
//! compares its first key with the previous thread's last, through shared
//! memory; the tile's first key with the key before the tile, in global
//! memory); load the values; wait for the init kernel (a programmatic
//! dependent launch); scan the pairs, with the look-back as BlockScan's
//! prefix callback for every tile but the first; store the values.
#pragma once

#include <cstdint>
#include <iterator>

#include <cubling/agent/agent_scan.cuh>
#include <cubling/agent/single_pass_scan_operators.cuh>
#include <cubling/block/block_load.cuh>
#include <cubling/block/block_scan.cuh>
#include <cubling/block/block_store.cuh>
#include <cubling/util/macros.cuh>

namespace cubling
{
namespace detail
{

//! A value and whether its item starts a segment.
template <typename T>
struct SegmentedValue
{
  T value;
  unsigned int head; // 0 or 1
};

//! The segmented operator over SegmentedValue (see the file comment).
template <typename ScanOp>
struct SegmentedScanOp
{
  ScanOp op;
  template <typename T>
  __device__ CUBLING_FORCEINLINE SegmentedValue<T> operator()(const SegmentedValue<T>& a,
                                                              const SegmentedValue<T>& b) const
  {
    return b.head ? b : SegmentedValue<T>{static_cast<T>(op(a.value, b.value)), a.head};
  }
};

//! The segmented operator is exact (any grouping, the same bits) where its
//! operator is: the look-back may fold its windows as a tree.
template <typename T, typename ScanOp>
inline constexpr bool scan_op_is_exact<SegmentedValue<T>, SegmentedScanOp<ScanOp>> = scan_op_is_exact<T, ScanOp>;

} // namespace detail

//! @brief One thread block's tile of a device-wide scan by key.
//!
//! @tparam Policy      an AgentScanPolicy
//! @tparam EXCLUSIVE   exclusive (each segment from `init`) or inclusive
//! @tparam KeysIt      random-access keys
//! @tparam ValuesIt    random-access values
//! @tparam OutputIt    random-access output; may alias the values
//! @tparam EqualityOp  `bool eq(key, key)`
//! @tparam ScanOp      associative `AccumT op(AccumT, AccumT)`
//! @tparam InitT       the initial value's type (unused when inclusive)
//! @tparam AccumT      the accumulator type
template <typename Policy, bool EXCLUSIVE, typename KeysIt, typename ValuesIt, typename OutputIt, typename EqualityOp,
          typename ScanOp, typename InitT, typename AccumT>
struct AgentScanByKey
{
  using KeyT   = typename std::iterator_traits<KeysIt>::value_type;
  using PairT  = detail::SegmentedValue<AccumT>;
  using PairOp = detail::SegmentedScanOp<ScanOp>;

  static constexpr int BLOCK_THREADS = Policy::BLOCK_THREADS;
  static constexpr int ITEMS_PER_THREAD =
    Policy::items_per_thread(static_cast<int>(sizeof(KeyT) > sizeof(AccumT) ? sizeof(KeyT) : sizeof(AccumT)));
  static constexpr int TILE_ITEMS = BLOCK_THREADS * ITEMS_PER_THREAD;

  using BlockLoadKeysT   = BlockLoad<KeyT, BLOCK_THREADS, ITEMS_PER_THREAD, Policy::LOAD_ALGORITHM>;
  using BlockLoadValuesT = BlockLoad<AccumT, BLOCK_THREADS, ITEMS_PER_THREAD, Policy::LOAD_ALGORITHM>;
  using BlockStoreT      = BlockStore<AccumT, BLOCK_THREADS, ITEMS_PER_THREAD, Policy::STORE_ALGORITHM>;
  using BlockScanT       = BlockScan<PairT, BLOCK_THREADS, Policy::SCAN_ALGORITHM>;
  using TileState        = detail::ScanTileState<PairT>;
  using LookBack         = detail::TileLookBack<PairT, PairOp, Policy::MAX_SPIN_NS>;

  union _TempStorage
  {
    typename BlockLoadKeysT::TempStorage load_keys;
    KeyT last_keys[BLOCK_THREADS]; //!< each thread's last key, for its right neighbour
    typename BlockLoadValuesT::TempStorage load_values;
    struct
    {
      typename BlockScanT::TempStorage block;
      typename LookBack::TempStorage look_back;
    } scan;
    typename BlockStoreT::TempStorage store;
  };
  struct TempStorage : Uninitialized<_TempStorage>
  {};

  _TempStorage& temp_storage;
  KeysIt d_keys;
  ValuesIt d_values;
  OutputIt d_out;
  EqualityOp equality_op;
  ScanOp scan_op;
  InitT init;

  __device__ CUBLING_FORCEINLINE AgentScanByKey(TempStorage& temp_storage, KeysIt d_keys, ValuesIt d_values,
                                                OutputIt d_out, EqualityOp equality_op, ScanOp scan_op, InitT init)
      : temp_storage(temp_storage.Alias())
      , d_keys(d_keys)
      , d_values(d_values)
      , d_out(d_out)
      , equality_op(equality_op)
      , scan_op(scan_op)
      , init(init)
  {}

  //! Flag the items of this thread that start a segment (see the file comment).
  __device__ CUBLING_FORCEINLINE void FlagHeads(int64_t offset, int valid, unsigned int (&heads)[ITEMS_PER_THREAD])
  {
    KeyT keys[ITEMS_PER_THREAD];
    if (valid == TILE_ITEMS)
    {
      BlockLoadKeysT(temp_storage.load_keys).Load(d_keys + offset, keys);
    }
    else
    {
      BlockLoadKeysT(temp_storage.load_keys).Load(d_keys + offset, keys, valid, KeyT(d_keys[offset]));
    }
    __syncthreads(); // the load's shared memory becomes last_keys
    const int tid                = threadIdx.x;
    temp_storage.last_keys[tid] = keys[ITEMS_PER_THREAD - 1];
    __syncthreads();
    // The key before this thread's first: the previous thread's last, or the key before the tile.
    if (tid > 0)
    {
      heads[0] = !equality_op(temp_storage.last_keys[tid - 1], keys[0]);
    }
    else
    {
      heads[0] = offset == 0 || !equality_op(KeyT(d_keys[offset - 1]), keys[0]);
    }
#pragma unroll
    for (int i = 1; i < ITEMS_PER_THREAD; ++i)
    {
      heads[i] = !equality_op(keys[i - 1], keys[i]);
    }
    __syncthreads(); // last_keys becomes the values' load storage
  }

  //! Scan tile `tile` of `num_items` items (`single_tile`: the grid has one
  //! tile, and `state` is not touched).
  __device__ CUBLING_FORCEINLINE void ConsumeTile(int64_t tile, int64_t num_items, const TileState& state,
                                                  bool single_tile)
  {
    const int64_t offset = tile * TILE_ITEMS;
    const int valid = num_items - offset < TILE_ITEMS ? static_cast<int>(num_items - offset) : TILE_ITEMS;
    unsigned int heads[ITEMS_PER_THREAD];
    FlagHeads(offset, valid, heads);
    AccumT values[ITEMS_PER_THREAD];
    if (valid == TILE_ITEMS)
    {
      BlockLoadValuesT(temp_storage.load_values).Load(d_values + offset, values);
    }
    else
    {
      BlockLoadValuesT(temp_storage.load_values).Load(d_values + offset, values, valid, AccumT(d_values[offset]));
    }
    PairT pairs[ITEMS_PER_THREAD];
#pragma unroll
    for (int i = 0; i < ITEMS_PER_THREAD; ++i)
    {
      pairs[i].head  = heads[i];
      pairs[i].value = EXCLUSIVE && heads[i] ? static_cast<AccumT>(scan_op(static_cast<AccumT>(init), values[i]))
                                             : values[i];
    }
    detail::wait_for_prerequisite_grid();
    __syncthreads(); // the load's shared memory becomes the scan's
    const PairOp pair_op{scan_op};
    if (tile == 0)
    {
      PairT aggregate;
      if constexpr (EXCLUSIVE)
      {
        BlockScanT(temp_storage.scan.block).ExclusiveScan(pairs, pairs, pair_op, aggregate);
      }
      else
      {
        BlockScanT(temp_storage.scan.block).InclusiveScan(pairs, pairs, pair_op, aggregate);
      }
      if (!single_tile && threadIdx.x == 0)
      {
        state.Publish(0, SCAN_TILE_PREFIX, aggregate);
      }
    }
    else
    {
      LookBack look_back(temp_storage.scan.look_back, state, pair_op, tile);
      if constexpr (EXCLUSIVE)
      {
        BlockScanT(temp_storage.scan.block).ExclusiveScan(pairs, pairs, pair_op, look_back);
      }
      else
      {
        BlockScanT(temp_storage.scan.block).InclusiveScan(pairs, pairs, pair_op, look_back);
      }
    }
#pragma unroll
    for (int i = 0; i < ITEMS_PER_THREAD; ++i)
    {
      // Exclusive: a segment's first item gets init (and item 0's pair is
      // undefined after an exclusive scan without a prefix: it is a head).
      values[i] = EXCLUSIVE && heads[i] ? static_cast<AccumT>(init) : pairs[i].value;
    }
    __syncthreads(); // the scan's shared memory becomes the store's
    if (valid == TILE_ITEMS)
    {
      BlockStoreT(temp_storage.store).Store(d_out + offset, values);
    }
    else
    {
      BlockStoreT(temp_storage.store).Store(d_out + offset, values, valid);
    }
  }
};

} // namespace cubling
