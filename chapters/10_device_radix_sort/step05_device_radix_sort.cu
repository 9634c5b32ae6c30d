// Step 5: cubling::DeviceRadixSort, the library's entry point.
//
// What changes: the call is the library's public one, with CUB's API. Under
// it is step 4's dispatch, with the library's own launcher and the
// cooperative launch turned on. Four ways, by size:
//   - what one block can hold (4864 4-byte keys): a single kernel, one
//     block, no histogram and no look-back words, the keys in shared memory
//     between passes, ranked on narrow digits;
//   - on sm_90, what one thread-block cluster can hold (16 blocks of 2048
//     4-byte keys): a single kernel whose blocks keep the keys in their
//     shared memory from the first pass to the last, read each other's
//     digit counts and write each other's keys (distributed shared memory),
//     and wait at cluster barriers;
//   - a few tiles, all of which fit on the GPU at once (up to about 2^20
//     4-byte keys on an H200): one cooperative kernel does every pass, with
//     a grid-wide barrier where step 4 ends a launch, and needs no
//     histogram and no look-back: after a barrier, every tile's digit
//     counts give each tile its offsets. Up to 2^18 keys its tiles are
//     small (2048 keys, their counts written over keys already read), so
//     that every SM ranks; above, they are wider (512 threads of 18 keys),
//     so that a few tiles still rank on many warps. For 4-byte keys, where
//     no bucket of the top digit could outgrow one block (up to 7/8 of 256
//     single tiles), the kernel sorts that digit first and ends, and a
//     second kernel sorts each bucket in one block (buckets first);
//   - more: step 4's launches, each pass the programmatic dependent launch
//     of the kernel before it (sm_90 and later), so that its blocks are
//     resident and waiting (cudaGridDependencySynchronize) when the previous
//     pass ends.
// Why: at small sizes a sort is launches and little else: step 4 pays a
// memset, the histogram kernel and four passes, each waiting for the last
// to drain.
// Expected: step 4's time at large sizes; faster at small ones, by most of
// a launch's latency per pass, and much faster for what one block or one
// cluster holds.
#include <cubling/device/device_radix_sort.cuh>

#include "check.h"
#include "sort_call.cuh"
#include "sort_problems.h"

namespace step05_device_radix_sort
{

template <typename Problem>
void sort(const runner::Args<Problem>& a)
{
  // example-begin call
  const cudaError_t status = ch10::sort_with<cubling::DeviceRadixSort, cubling::DoubleBuffer>(a, a.n);
  CHECK_CUDA(status);
  // example-end call
}

void launch(const runner::Args<problems::sort_keys_u32>& a)
{
  sort(a);
}
void launch(const runner::Args<problems::sort_pairs_u32>& a)
{
  sort(a);
}

} // namespace step05_device_radix_sort
