// versus_block_scan.cuh: the kernel that puts cubling::BlockScan next to
// cub::BlockScan. Each VERSUS file instantiates it twice, once per library,
// with the same algorithm, and the runner checks and times both in one run;
// step 6 instantiates it once, with cubling's default algorithm.
//
// The kernel is step 5's pass 1 with the block scan handed to a library: a
// block of 128 threads loads its 1024-item tile, 8 consecutive items per
// thread (through chapter 04's warp transpose, TileIo in scan_frame.cuh:
// cubling's BlockLoad and BlockStore on both sides, so that only the scan
// differs), BlockScan::InclusiveSum scans the tile in place, and the block
// stores it and leaves the tile's total, which the last thread holds, for
// pass 2. Items past n are 0,
// so a partial last tile needs no other care. On inclusive_sum_i32 it runs
// under the chapter's passes 2 and 3 (scan_frame.cuh); on tile_scans_i32,
// alone, one block per tile. Everything but the BlockScan type is the same
// code on both sides.
#pragma once

#include <cstdint>

#include <cuda_runtime.h>

#include "problems.h"
#include "scan_frame.cuh"

namespace versus
{

constexpr int BLOCK = 128;
constexpr int ITEMS = ch07::TILE / BLOCK; // 8 consecutive items per thread
using Io            = ch07::TileIo<BLOCK, ITEMS>;

// example-begin versus-kernel
template <typename BlockScanT>
__global__ void __launch_bounds__(BLOCK) scan_kernel(const int* in, int* out, int* totals, int64_t n)
{
  __shared__ Io::TempStorage io; // the loads' and stores' transposes
  __shared__ typename BlockScanT::TempStorage temp_storage;
  const int tid      = threadIdx.x;
  const int64_t base = blockIdx.x * int64_t{ch07::TILE};
  int items[ITEMS];
  Io::load(io, in + base, n - base, items);

  BlockScanT(temp_storage).InclusiveSum(items, items);

  Io::store(io, out + base, n - base, items);
  if (totals != nullptr && tid == BLOCK - 1)
  {
    totals[blockIdx.x] = items[ITEMS - 1];
  }
}
// example-end versus-kernel

//! inclusive_sum_i32: the kernel as pass 1, then the chapter's passes 2 and 3.
template <typename BlockScanT> void launch(const runner::Args<problems::inclusive_sum_i32>& a)
{
  ch07::launch_scan(scan_kernel<BlockScanT>, BLOCK, a);
}

//! tile_scans_i32: the kernel alone, one block per tile.
template <typename BlockScanT> void launch(const runner::Args<problems::tile_scans_i32>& a)
{
  ch07::launch_tiles(scan_kernel<BlockScanT>, BLOCK, a);
}

} // namespace versus
