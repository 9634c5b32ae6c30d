// resident_grid_reduce.cuh: cubling::DeviceReduce::Sum as it was before large
// inputs got an oversubscribed grid, for the comparisons that show what that
// grid buys.
//
// The library's newest tuning, but with STREAM_FROM_ROUNDS = 0: every input,
// however large, is read by the resident grid of the single pass (tiles
// dealt in rounds, one cooperative launch). The chapters' VERSUS rows run it
// against CUB in the same run as the library itself, on the same data.
#pragma once

#include <cstddef>
#include <cstdint>

#include <cuda_runtime.h>

#include <cubling/device/device_reduce.cuh>

namespace chapters
{

//! The library's newest policy, never oversubscribed.
struct ResidentGridPolicyChain
{
  using Library = cubling::detail::DeviceReducePolicy::MaxPolicy;
  struct Policy600 : cubling::ChainedPolicy<600, Policy600, Policy600>
  {
    using ReducePolicy                      = Library::ReducePolicy;
    static constexpr bool SINGLE_PASS       = Library::SINGLE_PASS;
    static constexpr int STREAM_FROM_ROUNDS = 0;
    static constexpr int STREAM_CHUNK_TILES = Library::STREAM_CHUNK_TILES;
  };
  using MaxPolicy = Policy600;
};

//! DeviceReduce's Sum (CUB's API) through ResidentGridPolicyChain.
struct ResidentGridDeviceReduce
{
  template <typename InputIt, typename OutputIt>
  static cudaError_t Sum(void* d_temp_storage, size_t& temp_storage_bytes, InputIt d_in, OutputIt d_out,
                         int64_t num_items, cudaStream_t stream = 0)
  {
    using T        = typename std::iterator_traits<InputIt>::value_type;
    using Identity = cubling::detail::IgnoreIndex<cubling::detail::Identity>;
    return cubling::detail::DispatchReduce<false, InputIt, OutputIt, cubling::Sum, T, T, Identity,
                                           ResidentGridPolicyChain>::Dispatch(d_temp_storage, temp_storage_bytes, d_in,
                                                                              d_out, num_items, cubling::Sum{}, T{},
                                                                              Identity{}, stream);
  }
};

} // namespace chapters
