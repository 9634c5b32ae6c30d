// cubling::BlockScan against cub::BlockScan on tile_scans_i32, algorithm BLOCK_SCAN_RAKING_MEMOIZE.
//
// The kernel of versus_block_scan.cuh (one block of 128 threads per 1024-item
// tile, with no passes 2 and 3), instantiated once with each library's
// BlockScan<int, 128, BLOCK_SCAN_RAKING_MEMOIZE>, 8 items per thread.
// Expected: the same time within noise on both sides. Against plain raking:
// the raking warp keeps its 4-total segment in registers between its two
// passes over it, 4 shared-memory loads fewer per raking lane; with segments
// this short, little or no difference.
#include <cub/block/block_scan.cuh>

#include <cubling/block/block_scan.cuh>

#include "problems.h"
#include "versus_block_scan.cuh"

namespace versus_tile_scans_raking_memoize
{

void launch_cubling(const runner::Args<problems::tile_scans_i32>& a)
{
  versus::launch<cubling::BlockScan<int, versus::BLOCK, cubling::BLOCK_SCAN_RAKING_MEMOIZE>>(a);
}

void launch_cub(const runner::Args<problems::tile_scans_i32>& a)
{
  versus::launch<cub::BlockScan<int, versus::BLOCK, cub::BLOCK_SCAN_RAKING_MEMOIZE>>(a);
}

} // namespace versus_tile_scans_raking_memoize
