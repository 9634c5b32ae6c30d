//! @file
//! DispatchScan: DeviceScan's dispatch layer.
//!
//! Between the public entry points (device_scan.cuh) and the kernels
//! (kernels/scan.cuh) sits this layer. In order, it:
//!   1. checks the count (a negative one is a bad argument);
//!   2. answers the size query (`d_temp_storage == nullptr`) from the count
//!      and the types alone: one tile state per tile of the chain's
//!      *smallest* tile, so the answer holds for whichever policy the device
//!      picks, and no device is touched;
//!   3. carves the caller's storage and checks it and the data pointers
//!      before any launch, so that a bad call writes nothing; an empty input
//!      succeeds here, having written nothing;
//!   4. walks the policy chain to the policy of the current device;
//!   5. launches: one block per tile. A single tile needs no look-back and
//!      runs alone; otherwise the init kernel resets the tile states and the
//!      scan follows it as a programmatic dependent launch (sm_90 and later).
//!      On Hopper, sums of 4- or 8-byte items through raw aligned pointers
//!      take the streaming agent instead: a persistent grid whose warps each do one
//!      job (agent_scan_streaming.cuh), after the same init kernel.
#pragma once

#include <climits>
#include <cstdint>
#include <type_traits>
#include <utility>

#include <cuda_runtime_api.h>

#include <cubling/agent/agent_scan.cuh>
#include <cubling/agent/agent_scan_streaming.cuh>
#include <cubling/agent/single_pass_scan_operators.cuh>
#include <cubling/device/dispatch/chained_policy.cuh>
#include <cubling/device/dispatch/kernels/scan.cuh>
#include <cubling/device/dispatch/launch.cuh>
#include <cubling/device/dispatch/temporary_storage.cuh>
#include <cubling/util/error.cuh>
#include <cubling/util/math.cuh>

namespace cubling
{
namespace detail
{

// example-begin policies
//! DeviceScan's tuning policies, one per architecture, newest first. A tile
//! is BLOCK_THREADS x ITEMS_PER_THREAD items, about the same bytes for every
//! item size. COOPERATIVE_SMALL_INPUTS: an input whose tiles all fit on the
//! GPU at once is scanned in one cooperative launch, with a grid-wide
//! barrier in place of the look-back and of the init kernel. Chapter 08
//! measures the Hopper link's choices on an H200.
struct DeviceScanPolicy
{
  //! Pascal and later: the baseline.
  struct Policy600 : ChainedPolicy<600, Policy600, Policy600>
  {
    using ScanPolicy = AgentScanPolicy<128, 12, BLOCK_LOAD_WARP_TRANSPOSE, BLOCK_STORE_WARP_TRANSPOSE,
                                       BLOCK_SCAN_WARP_SCANS>;
    static constexpr bool COOPERATIVE_SMALL_INPUTS = true;
  };
  //! Hopper (measured on an H200 with figures/probes/scan_sweep.cu, whose
  //! comment has the times: 256 threads of 32 items were the fastest for
  //! the plain scans; smaller tiles pay a tile's fixed costs, its look-back
  //! above all, more times, and 512 threads of 16, the same tile, were
  //! slower).
  //! StreamingPolicy: sums of 4- or 8-byte items through raw, 16-byte
  //! aligned pointers take AgentScanStreaming (figures/probes/scan_warp_specialized.cu:
  //! the eight consumer warps in two groups of four, each group a tile of
  //! its own, beat one group of eight by about 1% at 2^28 items, and three
  //! groups tied with two; with the tile states four words apart, tiles of
  //! 32 KiB in a ring of 6, one block an SM, beat the 16-KiB tiles at two
  //! blocks an SM by about 3% from 2^24 to 2^28 items).
  struct Policy900 : ChainedPolicy<900, Policy900, Policy600>
  {
    using ScanPolicy = AgentScanPolicy<256, 32, BLOCK_LOAD_WARP_TRANSPOSE, BLOCK_STORE_WARP_TRANSPOSE,
                                       BLOCK_SCAN_WARP_SCANS>;
    using StreamingPolicy = AgentScanStreamingPolicy<8, 16, 6, 2>;
    static constexpr bool COOPERATIVE_SMALL_INPUTS = true;
  };
  using MaxPolicy = Policy900;
};
// example-end policies

//! Whether a policy link has a StreamingPolicy (AgentScanStreaming).
template <typename Policy, typename = void>
inline constexpr bool has_streaming_policy = false;
template <typename Policy>
inline constexpr bool has_streaming_policy<Policy, std::void_t<typename Policy::StreamingPolicy>> = true;

//! The temporary storage of a single-pass algorithm: the tile states of
//! `slots` tiles. It depends on the count and the types only.
template <typename TileState>
constexpr TempStorageLayout<1> single_pass_layout(int64_t slots)
{
  return make_temp_storage_layout(TempStoragePart{TileState::Bytes(slots), TileState::alignment});
}

// example-begin launch-single-pass
//! Reset `words` words of the tile states (the init kernel), then launch
//! `kernel` with `how`, as the init kernel's programmatic dependent (sm_90
//! and later), so that its blocks start while the reset finishes.
template <typename Launcher, typename TileState, typename Kernel, typename... Args>
cudaError_t launch_after_reset(int64_t words, LaunchConfig how, const TileState& state, int ptx, Kernel kernel,
                               Args&&... args)
{
  constexpr int reset_threads = 256;
  const LaunchConfig reset_how{dim3(static_cast<unsigned>(ceil_div(words, int64_t{reset_threads}))),
                               dim3(reset_threads), 0, how.stream};
  CUBLING_RETURN_IF_ERROR(Launcher::Launch(reset_how, DeviceScanInitKernel<TileState>, state, words));
  how.programmatic_serialization = ptx >= 900;
  return Launcher::Launch(how, kernel, std::forward<Args>(args)...);
}

//! Launch a single-pass kernel, one block of `block_threads` per tile: alone
//! for one tile; otherwise after the init kernel that resets the tile states.
template <typename Launcher, typename TileState, typename Kernel, typename... Args>
cudaError_t launch_single_pass(int64_t tiles, int block_threads, const TileState& state, cudaStream_t stream, int ptx,
                               Kernel kernel, Args&&... args)
{
  if (tiles > INT_MAX)
  {
    return cudaErrorInvalidValue; // more blocks than a grid holds
  }
  const LaunchConfig how{dim3(static_cast<unsigned>(tiles)), dim3(block_threads), 0, stream};
  if (tiles == 1)
  {
    return Launcher::Launch(how, kernel, std::forward<Args>(args)...);
  }
  return launch_after_reset<Launcher>(tiles, how, state, ptx, kernel, std::forward<Args>(args)...);
}
// example-end launch-single-pass

// example-begin dispatch-single-pass
//! The phases every single-pass dispatch shares (see the file comment):
//! check the count; answer the size query with the storage of
//! `tile_slots(num_items)` tile states; carve the caller's storage and check
//! it and the data pointers (`null_data`: one is null) before any launch;
//! succeed on an empty input, having written nothing; find the device's PTX
//! version; then `run(tile_storage, slots, ptx)` picks the policy and launches.
template <typename TileState, typename TileSlots, typename Run>
cudaError_t dispatch_single_pass(void* d_temp_storage, size_t& temp_storage_bytes, int64_t num_items,
                                 bool null_data, TileSlots tile_slots, Run run)
{
  if (num_items < 0)
  {
    return cudaErrorInvalidValue;
  }
  const int64_t slots                = tile_slots(num_items);
  const TempStorageLayout<1> layout  = single_pass_layout<TileState>(slots);
  if (d_temp_storage == nullptr) // the size query: no pointer checks, no device
  {
    return layout.Query(temp_storage_bytes);
  }
  void* parts[1] = {};
  if (layout.Carve(d_temp_storage, temp_storage_bytes, parts) != cudaSuccess || (num_items > 0 && null_data))
  {
    return cudaErrorInvalidValue;
  }
  if (num_items == 0)
  {
    return cudaSuccess; // nothing to write
  }
  int device = 0, ptx = 0;
  CUBLING_RETURN_IF_ERROR(cudaGetDevice(&device));
  CUBLING_RETURN_IF_ERROR(ptx_version(device, ptx));
  return run(parts[0], slots, ptx);
}
// example-end dispatch-single-pass

//! @brief The dispatch of one scan (see the file comment for its phases).
//!
//! @tparam KIND         inclusive, inclusive with an initial value, or exclusive
//! @tparam InitT        the initial value's type (unused by ScanKind::inclusive)
//! @tparam AccumT       the accumulator type
//! @tparam PolicyChain  the tuning policies (`MaxPolicy`: the newest link)
//! @tparam Launcher     launches the kernels: KernelLauncher, or a test's stand-in
template <ScanKind KIND, typename InputIt, typename OutputIt, typename ScanOp, typename InitT, typename AccumT,
          typename PolicyChain = DeviceScanPolicy, typename Launcher = KernelLauncher>
struct DispatchScan
{
  using MaxPolicy = typename PolicyChain::MaxPolicy;
  using TileState = ScanTileState<AccumT>;

  void* tile_storage;
  int64_t tile_slots; //!< the tile states carved
  InputIt d_in;
  OutputIt d_out;
  ScanOp scan_op;
  InitT init;
  int64_t num_items;
  cudaStream_t stream;
  int ptx;

  //! The items of one tile of a policy, for this accumulator.
  struct TileItems
  {
    template <typename Policy>
    constexpr int64_t operator()(PolicyTag<Policy>) const
    {
      return AgentScan<typename Policy::ScanPolicy, InputIt, OutputIt, ScanOp, InitT, AccumT, KIND>::TILE_ITEMS;
    }
  };

  //! Tile states for `num_items` items: one per tile of the chain's smallest
  //! tile, at least 1, and one more word, the streaming agent's tile counter
  //! (its tiles are larger than AgentScan's: it needs fewer states).
  static constexpr int64_t TileSlots(int64_t num_items)
  {
    const int64_t slots = ceil_div(num_items, policy_chain_min<MaxPolicy>(TileItems{}));
    return (slots < 1 ? 1 : slots) + 1;
  }

  //! The streaming single pass (AgentScanStreaming): a persistent grid,
  //! after the init kernel that resets its tile states and tile counter.
  //! Returns cudaErrorNotSupported, having launched nothing, where the
  //! carved tile states are too few for its tiles.
  template <typename StreamingPolicy>
  cudaError_t InvokeStreaming()
  {
    using Agent           = AgentScanStreaming<StreamingPolicy, AccumT, ScanOp, InitT, KIND>;
    constexpr auto kernel = DeviceScanStreamingKernel<StreamingPolicy, AccumT, ScanOp, InitT, KIND>;
    const int64_t tiles   = ceil_div(num_items, int64_t{Agent::TILE_ITEMS});
    if (tiles + 1 > tile_slots)
    {
      return cudaErrorNotSupported;
    }
    int device = 0, sms = 0, per_sm = 0;
    CUBLING_RETURN_IF_ERROR(cudaGetDevice(&device));
    CUBLING_RETURN_IF_ERROR(sm_count(device, sms));
    CUBLING_RETURN_IF_ERROR(
      cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, StreamingPolicy::RING_BYTES));
    CUBLING_RETURN_IF_ERROR(
      resident_blocks_per_sm<kernel>(device, StreamingPolicy::BLOCK_THREADS, per_sm, StreamingPolicy::RING_BYTES));
    const int64_t blocks  = tiles < int64_t{sms} * per_sm ? tiles : int64_t{sms} * per_sm;
    const TileState state = make_scan_tile_state<AccumT>(tile_storage, tile_slots);
    const LaunchConfig how{dim3(static_cast<unsigned>(blocks)), dim3(StreamingPolicy::BLOCK_THREADS),
                           static_cast<size_t>(StreamingPolicy::RING_BYTES), stream};
    return launch_after_reset<Launcher>(tiles + 1, how, state, ptx, kernel, static_cast<const AccumT*>(d_in),
                                        static_cast<AccumT*>(d_out), scan_op, init, num_items, tiles, state);
  }

  // example-begin invoke
  //! Launch the kernels with the configuration of `ActivePolicy`: a small
  //! input whose tiles all fit on the GPU at once in one cooperative launch,
  //! any other (or one the runtime refuses to launch cooperatively) in the
  //! init kernel and the single pass.
  template <typename ActivePolicy>
  cudaError_t Invoke()
  {
    using Agent         = AgentScan<typename ActivePolicy::ScanPolicy, InputIt, OutputIt, ScanOp, InitT, AccumT, KIND>;
    constexpr auto scan = DeviceScanKernel<MaxPolicy, InputIt, OutputIt, ScanOp, InitT, AccumT, KIND>;
    constexpr auto cooperative_scan = DeviceScanCooperativeKernel<MaxPolicy, InputIt, OutputIt, ScanOp, InitT, AccumT, KIND>;
    const int64_t tiles = ceil_div(num_items, int64_t{Agent::TILE_ITEMS});
    if (tiles > 1 && ActivePolicy::COOPERATIVE_SMALL_INPUTS)
    {
      int device = 0, sms = 0, per_sm = 0, cooperative = 0;
      CUBLING_RETURN_IF_ERROR(cudaGetDevice(&device));
      CUBLING_RETURN_IF_ERROR(sm_count(device, sms));
      CUBLING_RETURN_IF_ERROR(resident_blocks_per_sm<cooperative_scan>(device, Agent::BLOCK_THREADS, per_sm));
      CUBLING_RETURN_IF_ERROR(can_launch_cooperatively(device, cooperative));
      if (cooperative && tiles <= int64_t{sms} * per_sm)
      {
        LaunchConfig how{dim3(static_cast<unsigned>(tiles)), dim3(Agent::BLOCK_THREADS), 0, stream};
        how.cooperative          = true;
        const cudaError_t status = Launcher::Launch(how, cooperative_scan, d_in, d_out, scan_op, init, num_items,
                                                    static_cast<AccumT*>(tile_storage));
        if (!is_cooperative_refusal(status))
        {
          return status;
        }
        (void) cudaGetLastError(); // refused before anything ran: clear it, and take the other way
      }
    }
    if constexpr (scan_can_stream<InputIt, OutputIt, AccumT, ScanOp> && has_streaming_policy<ActivePolicy>)
    {
      const bool aligned = reinterpret_cast<uintptr_t>(d_in) % 16 == 0 && reinterpret_cast<uintptr_t>(d_out) % 16 == 0;
      if (tiles > 1 && ptx >= 900 && aligned)
      {
        const cudaError_t status = InvokeStreaming<typename ActivePolicy::StreamingPolicy>();
        if (status != cudaErrorNotSupported)
        {
          return status;
        }
      }
    }
    const TileState state = make_scan_tile_state<AccumT>(tile_storage, tile_slots);
    return launch_single_pass<Launcher>(tiles, Agent::BLOCK_THREADS, state, stream, ptx, scan, d_in, d_out, scan_op,
                                        init, num_items, state);
  }
  // example-end invoke

  //! Check, answer the size query, or pick the policy and launch.
  static cudaError_t Dispatch(void* d_temp_storage, size_t& temp_storage_bytes, InputIt d_in, OutputIt d_out,
                              ScanOp scan_op, InitT init, int64_t num_items, cudaStream_t stream)
  {
    return dispatch_single_pass<TileState>(
      d_temp_storage, temp_storage_bytes, num_items, is_null(d_in) || is_null(d_out), TileSlots,
      [&](void* tile_storage, int64_t tile_slots, int ptx) {
        DispatchScan dispatch{tile_storage, tile_slots, d_in, d_out, scan_op, init, num_items, stream, ptx};
        return MaxPolicy::Invoke(ptx, dispatch);
      });
  }
};

} // namespace detail
} // namespace cubling
