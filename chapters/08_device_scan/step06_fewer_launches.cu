// Step 6: fewer launches where it is safe.
//
// What changes: step 5's dispatch keeps the library's own launcher and the
// library's cooperative launch, two launch paths that step 5 turns off. An
// input whose tiles all fit on the GPU at once (a little over 2^22 int32
// items on an H200: 528 tiles of 8192, four blocks an SM) runs as one
// *cooperative* launch: every tile scans its items and writes its
// aggregate, a grid-wide barrier follows, and each tile folds the
// aggregates before it, left to right. No status words, no look-back, no
// init kernel: nothing it reads was written by an earlier call. A larger
// input takes the init kernel and the look-back, with the scan as the init
// kernel's *programmatic dependent launch* (sm_90 and later): its blocks
// load their tile first, and only then wait (cudaGridDependencySynchronize)
// until the status words are reset. An input of one tile needs neither:
// one plain launch.
// Why: at small sizes a scan is launches and little else. The init kernel
// cannot be dropped from the look-back (kernels/scan.cuh says why: the
// temporary storage may hold garbage, another call's states, or this
// call's own from a graph's previous replay, and no tile of the scan can
// clear it before the others read it), except where a grid-wide barrier
// can order the writes before the reads; where it cannot, its latency
// hides behind the scan's loads.
// Expected: step 5's time at large sizes; at small and medium ones, about
// one launch's latency less.
#include <cuda/std/functional>

#include <cubling/device/dispatch/dispatch_scan.cuh>

#include "check.h"
#include "one_tile_per_block_policy.cuh"
#include "problems.h"

namespace step06_fewer_launches
{

// example-begin dispatch
using Dispatch = cubling::detail::DispatchScan<cubling::detail::ScanKind::inclusive, const int*, int*,
                                               cuda::std::plus<>, int, int, OneTilePerBlockPolicy<true>>;

void launch(const runner::Args<problems::inclusive_sum_i32>& a)
{
  const int* in = a.axes.mode == runner::Mode::in_place ? a.out() : a.in();
  size_t bytes  = a.scratch_bytes;
  CHECK_CUDA(Dispatch::Dispatch(a.scratch, bytes, in, a.out(), cuda::std::plus<>{}, 0, a.n, a.stream));
}
// example-end dispatch

} // namespace step06_fewer_launches
