// one_tile_per_block_policy.cuh: the library's DeviceScan policy chain
// without its streaming agent, for steps 5 and 6.
//
// The library's Hopper link (DeviceScanPolicy::Policy900) names a
// StreamingPolicy, and DispatchScan gives sums through aligned pointers to
// AgentScanStreaming (step 7) wherever a link has one. This chain has the
// same links with the StreamingPolicy left out, so that every tile is one
// block's AgentScan, as steps 5 and 6 teach it. COOPERATIVE: whether an
// input whose tiles all fit on the GPU takes one cooperative launch, as the
// library's links say (step 6), or the init kernel and the scan like any
// other (step 5).
#pragma once

#include <cubling/device/dispatch/dispatch_scan.cuh>

// example-begin chain
template <bool COOPERATIVE> struct OneTilePerBlockPolicy
{
  using Library = cubling::detail::DeviceScanPolicy;
  struct Policy600 : cubling::ChainedPolicy<600, Policy600, Policy600>
  {
    using ScanPolicy                               = Library::Policy600::ScanPolicy;
    static constexpr bool COOPERATIVE_SMALL_INPUTS = COOPERATIVE && Library::Policy600::COOPERATIVE_SMALL_INPUTS;
  };
  struct Policy900 : cubling::ChainedPolicy<900, Policy900, Policy600>
  {
    using ScanPolicy                               = Library::Policy900::ScanPolicy;
    static constexpr bool COOPERATIVE_SMALL_INPUTS = COOPERATIVE && Library::Policy900::COOPERATIVE_SMALL_INPUTS;
  };
  using MaxPolicy = Policy900;
};
// example-end chain
