// Step 7: cubling::DeviceScan::InclusiveSum, one warp per job.
//
// What changes: the call is the library's public one, with CUB's API, and
// its policy chain is whole: on Hopper, a sum through 16-byte-aligned
// pointers above the cooperative launch's size takes the streaming agent
// (agent/agent_scan_streaming.cuh) instead of one tile per block. A
// persistent grid, one block a multiprocessor, each with four kinds of
// warp:
//   - a producer takes tile numbers from a counter and starts each tile's
//     load as one bulk copy (cp.async.bulk) into a ring of six 32-KiB
//     stages in shared memory, as far ahead as the ring allows;
//   - a reducer sums each tile the moment it lands and publishes its
//     aggregate, and never waits for another block;
//   - a look-back warp finds each tile's exclusive prefix, one tile after
//     another, taking the tiles from a queue that the reducer fills, so a
//     stage is free again as soon as its items have been read;
//   - eight consumer warps, in two groups of four that take the tiles in
//     turn, scan a tile out of shared memory, wait for its prefix and store
//     it: while one group waits, the other scans.
// Why: in steps 4 to 6 a block loads nothing while its tile waits for its
// prefix, so the memory idles for part of every tile's life. Here the
// producer keeps loading while earlier tiles wait, and since no aggregate
// waits for a look-back, a tile's predecessors publish as soon as their
// bytes land.
// Expected: close to a copy's speed above the cooperative launch's size (a
// little over 2^22 int32 items on an H200); step 6's time up to it, where
// the cooperative launch still runs.
#include <cubling/device/device_scan.cuh>

#include "check.h"
#include "problems.h"

namespace step07_device_scan
{

// example-begin call
void launch(const runner::Args<problems::inclusive_sum_i32>& a)
{
  const int* in = a.axes.mode == runner::Mode::in_place ? a.out() : a.in();
  size_t bytes  = a.scratch_bytes;
  CHECK_CUDA(cubling::DeviceScan::InclusiveSum(a.scratch, bytes, in, a.out(), a.n, a.stream));
}
// example-end call

} // namespace step07_device_scan
