// Step 5: the library's agent, tuned for Hopper.
//
// What changes: step 4's kernel becomes cubling::AgentScan, reached through
// the dispatch layer (cubling::detail::DispatchScan) with the library's
// policy chain, DeviceScanPolicy, whose Hopper link the chapter tuned on an
// H200 (figures/probes/scan_sweep.cu); the chain is taken without its
// streaming agent (one_tile_per_block_policy.cuh), which is step 7's. Against step 4:
//   - the tile: BLOCK_THREADS x ITEMS_PER_THREAD of the policy, larger than
//     step 4's 2048 items, so fewer tiles publish and look back;
//   - the look-back is BlockScan's prefix callback (TileLookBack in
//     agent/single_pass_scan_operators.cuh): the first warp looks back in the
//     middle of the block scan, so no extra barrier; it folds the window left
//     to right, so float scans come out the same on every run;
//   - the tiles are numbered by blockIdx.x, with no counter; the status
//     words are reset by an init kernel, not a memset;
//   - the policy's MAX_SPIN_NS may add a back-off (__nanosleep) between two
//     reads of a window that is not ready.
// The launches are plain here: the init kernel, then the scan, one after
// the other, at every size (the chain turns off the library's cooperative
// launch of small inputs, and the Launcher below drops the programmatic
// dependent launch that the library asks for; step 6 keeps both). An input
// of one tile launches the scan alone, as the library's dispatch does.
// Why: the teaching version of step 4 shows the idea; what remains is how
// many bytes each block moves per status word it writes and reads, and how
// it loads and stores them.
// Expected: faster than step 4 at large sizes, within a few percent of CUB.
#include <utility>

#include <cuda/std/functional>

#include <cubling/device/dispatch/dispatch_scan.cuh>
#include <cubling/device/dispatch/launch.cuh>

#include "check.h"
#include "one_tile_per_block_policy.cuh"
#include "problems.h"

namespace step05_tuned_agent
{

// example-begin launcher
//! The library's launcher, without the programmatic dependent launch: each
//! kernel waits for the one before it to finish, as an ordinary launch does.
struct PlainLauncher
{
  template <typename Kernel, typename... Args>
  static cudaError_t Launch(cubling::detail::LaunchConfig how, Kernel kernel, Args&&... args)
  {
    how.programmatic_serialization = false;
    return cubling::detail::KernelLauncher::Launch(how, kernel, std::forward<Args>(args)...);
  }
};
// example-end launcher

// example-begin dispatch
using Dispatch = cubling::detail::DispatchScan<cubling::detail::ScanKind::inclusive, const int*, int*,
                                               cuda::std::plus<>, int, int, OneTilePerBlockPolicy<false>, PlainLauncher>;

void launch(const runner::Args<problems::inclusive_sum_i32>& a)
{
  const int* in = a.axes.mode == runner::Mode::in_place ? a.out() : a.in();
  size_t bytes  = a.scratch_bytes;
  CHECK_CUDA(Dispatch::Dispatch(a.scratch, bytes, in, a.out(), cuda::std::plus<>{}, 0, a.n, a.stream));
}
// example-end dispatch

} // namespace step05_tuned_agent
