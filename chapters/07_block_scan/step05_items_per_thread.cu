// Step 5: several items per thread, scanned in registers first.
//
// What changes: a block of 128 threads scans the same 1024-item tile, 8
// consecutive items per thread (a *blocked* arrangement, loaded and stored
// through chapter 04's warp transpose; TileIo in scan_frame.cuh). Each
// thread first scans its 8 items sequentially, in registers: 7 adds, no
// communication.
// The block then scans the 128 thread totals with step 4's warp scans (a
// shuffle scan per warp); the 4 warp totals go through shared memory, and
// after one barrier each thread adds up those of the warps before its own
// (where step 4 had warp 0 scan them, between two barriers). Each thread
// adds the total of the threads before it to its 8 items.
// Why: a sequential scan is the cheapest scan there is (one add per item),
// and it needs no other thread. Only the thread totals, an eighth of the
// items, go through the cooperative scan, so its shuffles and barrier are
// paid once per 8 items. The block of 128 threads has 4 warps, and a small
// block holds its whole tile in registers: 16 such blocks fit on a
// multiprocessor where 2 of step 4's did, so more tiles are in flight at
// once.
// Expected: faster than step 4 on the whole scan, near the rate that passes
// 2 and 3 allow (pass 1 then reads and writes at close to the copy's
// rate). This is the shape of CUB's block scans: a sequential scan in
// each thread around a cooperative scan of the thread totals.
// Expected on many tiles (tile_scans_i32): the same kernel, one block per
// tile; close to the copy's rate, since what is left of the block scan is a
// few shuffles and one barrier per 1024 items.
#include <cstdint>

#include <cuda_runtime.h>

#include "problems.h"
#include "scan_frame.cuh"

namespace step05_items_per_thread
{

constexpr int BLOCK = 128;
constexpr int ITEMS = ch07::TILE / BLOCK; // 8 consecutive items per thread
constexpr int WARPS = BLOCK / 32;
using Io            = ch07::TileIo<BLOCK, ITEMS>;

// example-begin kernel
__global__ void __launch_bounds__(BLOCK) scan_kernel(const int* in, int* out, int* totals, int64_t n)
{
  __shared__ Io::TempStorage io; // the loads' and stores' transposes
  __shared__ int warp_totals[WARPS];
  const int tid  = threadIdx.x;
  const int lane = tid % 32, warp = tid / 32;
  const int64_t base = blockIdx.x * int64_t{ch07::TILE};
  int items[ITEMS];
  Io::load(io, in + base, n - base, items);

#pragma unroll
  for (int k = 1; k < ITEMS; ++k) // the thread's own scan, sequential
  {
    items[k] += items[k - 1];
  }
  int x = items[ITEMS - 1]; // the thread's total

  for (int offset = 1; offset < 32; offset *= 2) // the warp's scan of thread totals
  {
    const int y = __shfl_up_sync(0xffffffffu, x, offset);
    x += lane >= offset ? y : 0;
  }
  if (lane == 31)
  {
    warp_totals[warp] = x;
  }
  __syncthreads();

  int before = x - items[ITEMS - 1]; // the threads before this one, in its warp
#pragma unroll
  for (int w = 0; w < WARPS - 1; ++w) // and in the warps before its own
  {
    before += w < warp ? warp_totals[w] : 0;
  }
#pragma unroll
  for (int k = 0; k < ITEMS; ++k)
  {
    items[k] += before;
  }
  Io::store(io, out + base, n - base, items);
  if (totals != nullptr && tid == BLOCK - 1)
  {
    totals[blockIdx.x] = items[ITEMS - 1];
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

} // namespace step05_items_per_thread
