// cubling::BlockScan against cub::BlockScan on inclusive_sum_i32, algorithm BLOCK_SCAN_RAKING.
//
// The kernel of versus_block_scan.cuh (the whole inclusive sum, the kernel as
// pass 1 under the chapter's passes 2 and 3), instantiated once with each
// library's BlockScan<int, 128, BLOCK_SCAN_RAKING>, 8 items per thread.
// Expected: the same time within noise on both sides, at every size.
#include <cub/block/block_scan.cuh>

#include <cubling/block/block_scan.cuh>

#include "problems.h"
#include "versus_block_scan.cuh"

namespace versus_block_scan_raking
{

void launch_cubling(const runner::Args<problems::inclusive_sum_i32>& a)
{
  versus::launch<cubling::BlockScan<int, versus::BLOCK, cubling::BLOCK_SCAN_RAKING>>(a);
}

void launch_cub(const runner::Args<problems::inclusive_sum_i32>& a)
{
  versus::launch<cub::BlockScan<int, versus::BLOCK, cub::BLOCK_SCAN_RAKING>>(a);
}

} // namespace versus_block_scan_raking
