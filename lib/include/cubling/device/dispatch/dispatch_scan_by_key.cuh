//! @file
//! DispatchScanByKey: the dispatch of DeviceScan's by-key family.
//!
//! The same phases as DispatchScan (dispatch_scan.cuh), with keys beside the
//! values: the tile states hold (head flag, value) pairs, and a null key
//! pointer is a bad argument too.
#pragma once

#include <cstdint>

#include <cuda_runtime_api.h>

#include <cubling/agent/agent_scan_by_key.cuh>
#include <cubling/device/dispatch/dispatch_scan.cuh>

namespace cubling
{
namespace detail
{

// example-begin by-key-policies
//! DeviceScan's by-key policies, one per architecture, newest first. The
//! tile holds keys and values. Pascal keeps the plain scan's baseline.
struct DeviceScanByKeyPolicy
{
  //! Pascal and later: the plain scan's baseline.
  struct Policy600 : ChainedPolicy<600, Policy600, Policy600>
  {
    using ScanPolicy = DeviceScanPolicy::Policy600::ScanPolicy;
  };
  //! Hopper: the plain scan's tile (8192 4-byte items), in twice the
  //! threads. The pairs' look-back folds its windows as a tree (their
  //! operator is exact), and at 512 threads of 16 items the kernel takes
  //! 40 registers, three blocks an SM, where 256 of 32 takes 96, two.
  //! Swept on an H200 with figures/probes/scan_sweep.cu (its comment has
  //! the times).
  struct Policy900 : ChainedPolicy<900, Policy900, Policy600>
  {
    using ScanPolicy = AgentScanPolicy<512, 16, BLOCK_LOAD_WARP_TRANSPOSE, BLOCK_STORE_WARP_TRANSPOSE,
                                       BLOCK_SCAN_WARP_SCANS>;
  };
  using MaxPolicy = Policy900;
};
// example-end by-key-policies

//! @brief The dispatch of one scan by key.
//!
//! @tparam EXCLUSIVE    exclusive (each segment from `init`) or inclusive
//! @tparam PolicyChain  the tuning policies
//! @tparam Launcher     launches the kernels
template <bool EXCLUSIVE, typename KeysIt, typename ValuesIt, typename OutputIt, typename EqualityOp,
          typename ScanOp, typename InitT, typename AccumT, typename PolicyChain = DeviceScanByKeyPolicy,
          typename Launcher = KernelLauncher>
struct DispatchScanByKey
{
  using MaxPolicy = typename PolicyChain::MaxPolicy;
  using TileState = ScanTileState<SegmentedValue<AccumT>>;
  template <typename Policy>
  using Agent = AgentScanByKey<typename Policy::ScanPolicy, EXCLUSIVE, KeysIt, ValuesIt, OutputIt, EqualityOp, ScanOp,
                               InitT, AccumT>;

  void* tile_storage;
  int64_t tile_slots;
  KeysIt d_keys;
  ValuesIt d_values;
  OutputIt d_out;
  EqualityOp equality_op;
  ScanOp scan_op;
  InitT init;
  int64_t num_items;
  cudaStream_t stream;
  int ptx;

  struct TileItems
  {
    template <typename Policy>
    constexpr int64_t operator()(PolicyTag<Policy>) const
    {
      return Agent<Policy>::TILE_ITEMS;
    }
  };

  //! Tile states for `num_items` items: one per tile of the chain's smallest tile, at least 1.
  static constexpr int64_t TileSlots(int64_t num_items)
  {
    const int64_t slots = ceil_div(num_items, policy_chain_min<MaxPolicy>(TileItems{}));
    return slots < 1 ? 1 : slots;
  }

  template <typename ActivePolicy>
  cudaError_t Invoke()
  {
    constexpr auto scan = DeviceScanByKeyKernel<MaxPolicy, EXCLUSIVE, KeysIt, ValuesIt, OutputIt, EqualityOp, ScanOp,
                                                InitT, AccumT>;
    const int64_t tiles   = ceil_div(num_items, int64_t{Agent<ActivePolicy>::TILE_ITEMS});
    const TileState state = make_scan_tile_state<SegmentedValue<AccumT>>(tile_storage, tile_slots);
    return launch_single_pass<Launcher>(tiles, Agent<ActivePolicy>::BLOCK_THREADS, state, stream, ptx, scan, d_keys,
                                        d_values, d_out, equality_op, scan_op, init, num_items, state);
  }

  static cudaError_t Dispatch(void* d_temp_storage, size_t& temp_storage_bytes, KeysIt d_keys, ValuesIt d_values,
                              OutputIt d_out, EqualityOp equality_op, ScanOp scan_op, InitT init, int64_t num_items,
                              cudaStream_t stream)
  {
    return dispatch_single_pass<TileState>(
      d_temp_storage, temp_storage_bytes, num_items, is_null(d_keys) || is_null(d_values) || is_null(d_out),
      TileSlots, [&](void* tile_storage, int64_t tile_slots, int ptx) {
        DispatchScanByKey dispatch{tile_storage, tile_slots, d_keys, d_values, d_out, equality_op, scan_op,
                                   init,         num_items,  stream, ptx};
        return MaxPolicy::Invoke(ptx, dispatch);
      });
  }
};

} // namespace detail
} // namespace cubling
