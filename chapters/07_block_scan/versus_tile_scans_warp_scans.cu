// cubling::BlockScan against cub::BlockScan on tile_scans_i32, algorithm BLOCK_SCAN_WARP_SCANS.
//
// The kernel of versus_block_scan.cuh (one block of 128 threads per 1024-item
// tile, with no passes 2 and 3), instantiated once with each library's
// BlockScan<int, 128, BLOCK_SCAN_WARP_SCANS>, 8 items per thread.
// Expected: the same time within noise on both sides. Against raking: every
// warp scans its 32 thread totals with shuffles, the 4 warp totals meet in
// shared memory after one barrier (step 5's method); no warp waits for one
// raking warp, so a shorter chain per block.
#include <cub/block/block_scan.cuh>

#include <cubling/block/block_scan.cuh>

#include "problems.h"
#include "versus_block_scan.cuh"

namespace versus_tile_scans_warp_scans
{

void launch_cubling(const runner::Args<problems::tile_scans_i32>& a)
{
  versus::launch<cubling::BlockScan<int, versus::BLOCK, cubling::BLOCK_SCAN_WARP_SCANS>>(a);
}

void launch_cub(const runner::Args<problems::tile_scans_i32>& a)
{
  versus::launch<cub::BlockScan<int, versus::BLOCK, cub::BLOCK_SCAN_WARP_SCANS>>(a);
}

} // namespace versus_tile_scans_warp_scans
