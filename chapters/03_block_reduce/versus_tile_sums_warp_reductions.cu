// cubling::BlockReduce against cub::BlockReduce on tile_sums_i32, algorithm BLOCK_REDUCE_WARP_REDUCTIONS.
//
// One block of 256 threads per 256-item tile, one item per thread
// (versus_block_reduce.cuh, one_tile_kernel), instantiated once with each
// library's BlockReduce<int, 256, BLOCK_REDUCE_WARP_REDUCTIONS>.
// Expected: the same time within noise on both sides. Against the raking
// algorithms on this benchmark: every warp reduces its 32 items at once
// (redux.sync), one barrier, then thread 0 adds the 8 warp totals; the
// shortest chain of the three, so the fastest.
#include <cub/block/block_reduce.cuh>

#include <cubling/block/block_reduce.cuh>

#include "versus_block_reduce.cuh"
#include "problems.h"

namespace versus_tile_sums_warp_reductions
{

void launch_cubling(const runner::Args<problems::tile_sums_i32>& a)
{
  versus::launch<cubling::BlockReduce<int, versus::BLOCK, cubling::BLOCK_REDUCE_WARP_REDUCTIONS>>(a);
}

void launch_cub(const runner::Args<problems::tile_sums_i32>& a)
{
  versus::launch<cub::BlockReduce<int, versus::BLOCK, cub::BLOCK_REDUCE_WARP_REDUCTIONS>>(a);
}

} // namespace versus_tile_sums_warp_reductions
