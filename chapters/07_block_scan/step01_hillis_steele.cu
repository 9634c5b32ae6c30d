// Step 1: Hillis and Steele's scan in shared memory, double-buffered.
//
// What changes: chapter 03's blocks reduced a tile to one value; now each
// block of 1024 threads turns its tile of 1024 items into 1024 prefix sums.
// Every thread loads one item into shared memory. In round d (d = 1, 2, 4,
// ..., 512), every thread i >= d adds the value d places to its left to its
// own; after log2(1024) = 10 rounds, thread i holds the sum of items 0 to i.
// A round reads the values of the round before, so the rounds write into
// the other half of a double buffer, and one __syncthreads() separates
// them. The last thread holds the tile's total and writes it for pass 2.
// Why: this is the scan of Hillis and Steele ("Data parallel algorithms",
// 1986), the shortest possible chain of dependent steps: log2(n) rounds,
// every thread busy in every round. It is the direct translation of "every
// prefix is a sum, and sums can be split in halves".
// Expected: correct and simple, but it does n log2(n) adds where a
// sequential scan does n: 10 adds per item, 11 barriers (one after the load, one a round), and three
// shared-memory accesses per thread per round. Pass 1 is the bulk of the three passes, so
// the whole scan should stay well below the copy's rate.
// Expected on many tiles (tile_scans_i32): the same kernel, one block per
// tile and no passes 2 and 3: the 10 rounds of the tree set the time, more
// than on the whole scan, where passes 2 and 3 are the same for every step.
#include <cstdint>

#include <cuda_runtime.h>

#include "problems.h"
#include "scan_frame.cuh"

namespace step01_hillis_steele
{

constexpr int BLOCK = ch07::TILE; // one item per thread

// example-begin kernel
__global__ void scan_kernel(const int* in, int* out, int* totals, int64_t n)
{
  __shared__ int buffer[2][BLOCK]; // a round reads one half and writes the other
  const int tid     = threadIdx.x;
  const int64_t i   = blockIdx.x * int64_t{BLOCK} + tid;
  int read          = 0;
  buffer[read][tid] = i < n ? in[i] : 0; // past the end: 0, which changes no sum
  __syncthreads();

  for (int d = 1; d < BLOCK; d *= 2)
  {
    const int x           = buffer[read][tid];
    buffer[1 - read][tid] = tid >= d ? x + buffer[read][tid - d] : x;
    read                  = 1 - read;
    __syncthreads();
  }
  if (i < n)
  {
    out[i] = buffer[read][tid];
  }
  if (totals != nullptr && tid == BLOCK - 1)
  {
    totals[blockIdx.x] = buffer[read][tid];
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

} // namespace step01_hillis_steele
