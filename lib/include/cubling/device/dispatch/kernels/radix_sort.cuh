//! @file
//! The DeviceRadixSort kernels: each picks its policy from the chain and
//! hands the work to an agent.
//!
//! A sort of more than one tile runs, in one stream:
//!   - a reset of the histograms and counters (a memset of a few KiB);
//!   - the histogram kernel: it zeroes the look-back words, counts every
//!     pass's digits in one read of the keys, and its last block turns the
//!     counts into offsets;
//!   - one Onesweep kernel per pass (per portion of at most 2^28 keys), each a
//!     programmatic dependent launch of the one before (sm_90 and later): it
//!     waits for its predecessor's keys with `cudaGridDependencySynchronize()`,
//!     but its launch overlaps its predecessor's end.
//! The look-back words are zeroed inside the sort, not trusted from the
//! storage: garbage, a previous call's words, or this call's own words from
//! an earlier replay of a CUDA graph all read as zero to the first pass.
//! An input of one tile or less takes the single-tile kernel alone.
#pragma once

#include <cstdint>

#include <cubling/agent/agent_radix_sort_histogram.cuh>
#include <cubling/agent/agent_radix_sort_onesweep.cuh>
#include <cubling/agent/agent_radix_sort_single_tile.cuh>
#include <cubling/agent/agent_scan.cuh>
#include <cubling/util/macros.cuh>

namespace cubling
{
namespace detail
{

//! Zero `lookback_words` look-back words, then count every pass's digits
//! (AgentRadixSortHistogram); the last block leaves exclusive offsets in `d_bins`.
template <typename MaxPolicy, bool IS_DESCENDING, typename KeyT, typename OffsetT, typename Decomposer>
__global__ void __launch_bounds__(MaxPolicy::ActivePolicy::HistogramPolicy::BLOCK_THREADS)
    DeviceRadixSortHistogramKernel(OffsetT* d_bins, unsigned int* d_blocks_done, const KeyT* d_keys, int64_t num_items,
                                   int begin_bit, int end_bit, uint32_t* d_lookback, int64_t lookback_words,
                                   Decomposer decomposer)
{
  using Agent = AgentRadixSortHistogram<typename MaxPolicy::ActivePolicy::HistogramPolicy, IS_DESCENDING, KeyT, OffsetT,
                                        Decomposer>;
  allow_dependent_grid();
  const int64_t stride = int64_t{gridDim.x} * blockDim.x;
  for (int64_t i = int64_t{blockIdx.x} * blockDim.x + threadIdx.x; i < lookback_words; i += stride)
  {
    d_lookback[i] = 0;
  }
  __shared__ typename Agent::TempStorage temp_storage;
  Agent(temp_storage, d_bins, d_blocks_done, d_keys, num_items, begin_bit, end_bit, decomposer).Process();
}

//! One launch of one Onesweep pass: block b ranks and scatters a tile
//! (AgentRadixSortOnesweep), after the grid before it has finished.
template <typename MaxPolicy, bool IS_DESCENDING, typename KeyT, typename ValueT, typename OffsetT, typename Decomposer>
__global__ void __launch_bounds__(MaxPolicy::ActivePolicy::OnesweepPolicy::BLOCK_THREADS,
                                  MaxPolicy::ActivePolicy::OnesweepPolicy::MIN_BLOCKS)
    DeviceRadixSortOnesweepKernel(OnesweepLaunchArgs<KeyT, ValueT, OffsetT> args, Decomposer decomposer)
{
  using Agent = AgentRadixSortOnesweep<typename MaxPolicy::ActivePolicy::OnesweepPolicy, IS_DESCENDING, KeyT, ValueT,
                                       OffsetT, Decomposer>;
  wait_for_prerequisite_grid();
  allow_dependent_grid();
  __shared__ typename Agent::TempStorage temp_storage;
  Agent(temp_storage, args, decomposer).Process();
}

//! A whole input of at most one tile, sorted by one block (AgentRadixSortSingleTile).
template <typename MaxPolicy, bool IS_DESCENDING, typename KeyT, typename ValueT, typename Decomposer>
__global__ void __launch_bounds__(MaxPolicy::ActivePolicy::OnesweepPolicy::BLOCK_THREADS)
    DeviceRadixSortSingleTileKernel(const KeyT* d_keys_in, KeyT* d_keys_out, const ValueT* d_values_in,
                                    ValueT* d_values_out, int num_items, int begin_bit, int end_bit,
                                    Decomposer decomposer)
{
  using Agent = AgentRadixSortSingleTile<typename MaxPolicy::ActivePolicy::OnesweepPolicy, IS_DESCENDING, KeyT, ValueT,
                                         Decomposer>;
  __shared__ typename Agent::TempStorage temp_storage;
  Agent(temp_storage, decomposer).Sort(d_keys_in, d_keys_out, d_values_in, d_values_out, num_items, begin_bit, end_bit);
}

} // namespace detail
} // namespace cubling
