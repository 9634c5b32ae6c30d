//! @file
//! The DeviceScan kernels: reset the tile states, then scan in one pass.
//!
//! Why two kernels, when the scan itself is a single pass: the look-back
//! reads the status words of earlier tiles, and trusts what it reads. The
//! temporary storage the caller hands over may hold anything: garbage, or
//! the statuses a previous call left, from another size or another
//! algorithm, or from the same call replayed from a CUDA graph with the same
//! storage. A stale "prefix available" would be folded in as if this call
//! had written it. So every word must read "not ready" before any tile looks
//! at it, and only something that runs before the scan's tiles, and that
//! they all wait for, can promise that. No tile of the scan itself can:
//! nothing orders its reset before another block's first read without a
//! grid-wide barrier, and a counter or an epoch kept in the same storage
//! would itself start out as garbage. Chapter 08's page goes through the
//! alternatives and why each fails.
//!
//! What the second launch costs is hidden as far as it can be: the scan is
//! a *programmatic dependent launch* of the init kernel (sm_90 and later).
//! Its blocks start as soon as the init kernel's blocks have started, load
//! their tile, and only then wait (`cudaGridDependencySynchronize()`) until
//! the reset is complete and visible. The streaming kernel of Hopper waits
//! first: the counter its tiles take their numbers from is reset with the
//! status words. The scans by key always take the init kernel. An input of one tile needs no look-back
//! and launches the scan alone. An input whose tiles are all resident at once
//! needs no status words at all: one cooperative launch, whose grid-wide
//! barrier orders every tile's aggregate before any tile reads it.
#pragma once

#include <cstdint>

#include <cubling/agent/agent_scan.cuh>
#include <cubling/agent/agent_scan_by_key.cuh>
#include <cubling/agent/agent_scan_streaming.cuh>
#include <cubling/agent/single_pass_scan_operators.cuh>
#include <cubling/util/macros.cuh>

namespace cubling
{
namespace detail
{

//! Mark the states of tiles 0 .. tiles - 1 not ready (a grid-stride loop),
//! after letting the dependent scan be scheduled.
template <typename TileState>
__global__ void DeviceScanInitKernel(TileState state, int64_t tiles)
{
  allow_dependent_grid();
  const int64_t stride = int64_t{gridDim.x} * blockDim.x;
  for (int64_t tile = int64_t{blockIdx.x} * blockDim.x + threadIdx.x; tile < tiles; tile += stride)
  {
    state.Reset(tile);
  }
}

//! One block per tile: block b scans tile b (AgentScan). The architecture
//! the kernel is compiled for picks the policy (`MaxPolicy::ActivePolicy`).
template <typename MaxPolicy, typename InputIt, typename OutputIt, typename ScanOp, typename InitT, typename AccumT,
          ScanKind KIND>
__global__ void __launch_bounds__(MaxPolicy::ActivePolicy::ScanPolicy::BLOCK_THREADS)
  DeviceScanKernel(InputIt d_in, OutputIt d_out, ScanOp scan_op, InitT init, int64_t num_items,
                   ScanTileState<AccumT> state)
{
  using Agent = AgentScan<typename MaxPolicy::ActivePolicy::ScanPolicy, InputIt, OutputIt, ScanOp, InitT, AccumT,
                          KIND>;
  __shared__ typename Agent::TempStorage temp_storage;
  Agent(temp_storage, d_in, d_out, scan_op, init).ConsumeTile(blockIdx.x, num_items, state, gridDim.x == 1);
}

//! The cooperative launch of a small input: one block per tile, all
//! resident at once (AgentScan::ConsumeTileCooperative). `aggregates` is
//! carved from the same storage as the tile states.
template <typename MaxPolicy, typename InputIt, typename OutputIt, typename ScanOp, typename InitT, typename AccumT,
          ScanKind KIND>
__global__ void __launch_bounds__(MaxPolicy::ActivePolicy::ScanPolicy::BLOCK_THREADS)
  DeviceScanCooperativeKernel(InputIt d_in, OutputIt d_out, ScanOp scan_op, InitT init, int64_t num_items,
                              AccumT* aggregates)
{
  using Agent = AgentScan<typename MaxPolicy::ActivePolicy::ScanPolicy, InputIt, OutputIt, ScanOp, InitT, AccumT,
                          KIND>;
  __shared__ typename Agent::TempStorage temp_storage;
  Agent(temp_storage, d_in, d_out, scan_op, init).ConsumeTileCooperative(blockIdx.x, num_items, aggregates);
}

//! DeviceScan's streaming single pass (sm_90 and later): a persistent grid
//! of AgentScanStreaming blocks, each with `RING_BYTES` of dynamic shared
//! memory, launched after the init kernel has reset the `tiles` tile states
//! and, in the word after them, the tile counter. On older targets it is
//! empty: the dispatch never launches it there.
template <typename StreamingPolicy, typename T, typename ScanOp, typename InitT, ScanKind KIND>
__global__ void __launch_bounds__(StreamingPolicy::BLOCK_THREADS)
  DeviceScanStreamingKernel(const T* d_in, T* d_out, ScanOp scan_op, InitT init, int64_t num_items, int64_t tiles,
                            ScanTileState<T> state)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  using Agent = AgentScanStreaming<StreamingPolicy, T, ScanOp, InitT, KIND>;
  __shared__ Uninitialized<typename Agent::TempStorage> storage;
  extern __shared__ __align__(128) unsigned char ring[]; // bulk copies land on 128-byte lines
  wait_for_prerequisite_grid(); // the tile states and the counter are reset
  Agent{storage.Alias(), reinterpret_cast<typename Agent::Vector*>(ring), d_in, d_out, scan_op, init, num_items,
        tiles, reinterpret_cast<unsigned long long*>(state.WordOf(tiles)), state}
    .Run();
#endif
}

//! One block per tile of a scan by key (AgentScanByKey).
template <typename MaxPolicy, bool EXCLUSIVE, typename KeysIt, typename ValuesIt, typename OutputIt,
          typename EqualityOp, typename ScanOp, typename InitT, typename AccumT>
__global__ void __launch_bounds__(MaxPolicy::ActivePolicy::ScanPolicy::BLOCK_THREADS)
  DeviceScanByKeyKernel(KeysIt d_keys, ValuesIt d_values, OutputIt d_out, EqualityOp equality_op, ScanOp scan_op,
                        InitT init, int64_t num_items, ScanTileState<SegmentedValue<AccumT>> state)
{
  using Agent = AgentScanByKey<typename MaxPolicy::ActivePolicy::ScanPolicy, EXCLUSIVE, KeysIt, ValuesIt, OutputIt,
                               EqualityOp, ScanOp, InitT, AccumT>;
  __shared__ typename Agent::TempStorage temp_storage;
  Agent(temp_storage, d_keys, d_values, d_out, equality_op, scan_op, init)
    .ConsumeTile(blockIdx.x, num_items, state, gridDim.x == 1);
}

} // namespace detail
} // namespace cubling
