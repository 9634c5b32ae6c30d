// cubling::BlockReduce against cub::BlockReduce on tile_sums_i32, algorithm BLOCK_REDUCE_WARP_REDUCTIONS.
//
// One block of 256 threads per 512-item tile, two items per thread
// (versus_block_reduce.cuh, one_tile_kernel), instantiated once with each
// library's BlockReduce<int, 256, BLOCK_REDUCE_WARP_REDUCTIONS>.
// Expected: the same time within noise on both sides. Against the raking
// algorithms on this benchmark: every warp reduces its 32 items at once
// (redux.sync), one barrier, then thread 0 alone reads and adds the 8 warp
// totals in sequence. Fewer shared-memory stores than raking, but a serial
// tail in one thread where raking spreads its serial adds over a warp: not
// faster, and a first run on an H200 found it a few percent slower.
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
