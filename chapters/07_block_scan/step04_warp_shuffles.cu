// Step 4: warp scans with shuffles, then a scan of the warp totals.
//
// What changes: back to one item per thread and 1024 threads, but the scan
// is no longer a tree in shared memory. Each warp scans its 32 items in
// registers, Hillis and Steele's way, with __shfl_up_sync: in 5 rounds
// (offsets 1, 2, 4, 8, 16), lane i adds the value of lane i - offset. Lane
// 31 then holds its warp's total and writes it to shared memory; after one
// barrier, warp 0 scans the 32 warp totals the same way, and after a second
// barrier every thread adds the total of the warps before its own.
// Why: inside a warp, the rounds need no barrier (the 32 lanes exchange
// registers in one instruction and stay in step) and no shared memory. The
// work is n log2(32) adds instead of Blelloch's 2n, but adds are cheap; the
// barriers and shared-memory round trips were the cost, and there are now 2
// barriers per tile instead of 22.
// Expected: the fastest of the four so far, and well ahead of step 3.
// Expected on many tiles (tile_scans_i32): the same kernel, one block per
// tile; the largest gain of the chapter there, since the tree was the whole
// cost.
#include <cstdint>

#include <cuda_runtime.h>

#include "problems.h"
#include "scan_frame.cuh"

namespace step04_warp_shuffles
{

constexpr int BLOCK = ch07::TILE; // one item per thread
constexpr int WARPS = BLOCK / 32;

// example-begin kernel
__global__ void scan_kernel(const int* in, int* out, int* totals, int64_t n)
{
  static_assert(WARPS == 32, "warp 0 scans one total per warp");
  __shared__ int warp_totals[WARPS];
  const int tid  = threadIdx.x;
  const int lane = tid % 32, warp = tid / 32;
  const int64_t i = blockIdx.x * int64_t{BLOCK} + tid;
  int x           = i < n ? in[i] : 0;

  for (int offset = 1; offset < 32; offset *= 2) // the warp's scan, in registers
  {
    const int y = __shfl_up_sync(0xffffffffu, x, offset);
    x += lane >= offset ? y : 0;
  }
  if (lane == 31)
  {
    warp_totals[warp] = x;
  }
  __syncthreads();

  if (warp == 0) // one warp scans the warp totals
  {
    int w = warp_totals[lane];
    for (int offset = 1; offset < 32; offset *= 2)
    {
      const int y = __shfl_up_sync(0xffffffffu, w, offset);
      w += lane >= offset ? y : 0;
    }
    warp_totals[lane] = w;
  }
  __syncthreads();

  x += warp > 0 ? warp_totals[warp - 1] : 0;
  if (i < n)
  {
    out[i] = x;
  }
  if (totals != nullptr && tid == BLOCK - 1)
  {
    totals[blockIdx.x] = x;
  }
}
// example-end kernel

void launch(const runner::Args<problems::inclusive_sum_i32>& a)
{
  ch07::launch_scan(scan_kernel, BLOCK, a);
}

void launch(const runner::Args<problems::tile_scans_i32>& a)
{
  ch07::launch_tiles(scan_kernel, BLOCK, a);
}

} // namespace step04_warp_shuffles
