// Step 6: cubling::DeviceScan::InclusiveSum, the library's entry point.
//
// What changes: the call is the library's public one, with CUB's API. Under
// it is step 5's dispatch, with one difference: the scan kernel is the init
// kernel's *programmatic dependent launch* (sm_90 and later). Its blocks
// may start while the init kernel is still running; each loads its tile
// first, and only then waits (cudaGridDependencySynchronize) until the
// status words are reset. An input of one tile needs no look-back, no
// status words and no init kernel: one launch.
// Why: at small sizes a scan is launches and little else. The init kernel
// cannot be dropped (kernels/scan.cuh says why: the temporary storage may
// hold garbage, another call's states, or this call's own from a graph's
// previous replay, and no tile of the scan can clear it before the others
// read it), but its latency can hide behind the scan's loads.
// Expected: step 5's time at large sizes; faster at small and medium ones,
// by part of a launch's latency, and faster still for one tile.
#include <cubling/device/device_scan.cuh>

#include "check.h"
#include "problems.h"

namespace step06_device_scan
{

// example-begin call
void launch(const runner::Args<problems::inclusive_sum_i32>& a)
{
  const int* in = a.axes.mode == runner::Mode::in_place ? a.out() : a.in();
  size_t bytes  = a.scratch_bytes;
  CHECK_CUDA(cubling::DeviceScan::InclusiveSum(a.scratch, bytes, in, a.out(), a.n, a.stream));
}
// example-end call

} // namespace step06_device_scan
