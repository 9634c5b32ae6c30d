// cubling::BlockReduce against cub::BlockReduce on tile_sums_i32, algorithm BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY.
//
// One block of 256 threads per 512-item tile, two items per thread
// (versus_block_reduce.cuh, one_tile_kernel), instantiated once with each
// library's BlockReduce<int, 256, BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY>.
// Expected: the same time within noise on both sides. Against RAKING on this
// benchmark: the raking warp keeps its own items in registers and rakes the
// other 7 warps' (7 per lane instead of 8, and 32 fewer stores), so a little
// faster; it needs a commutative operator, which + is.
#include <cub/block/block_reduce.cuh>

#include <cubling/block/block_reduce.cuh>

#include "versus_block_reduce.cuh"
#include "problems.h"

namespace versus_tile_sums_raking_commutative_only
{

void launch_cubling(const runner::Args<problems::tile_sums_i32>& a)
{
  versus::launch<cubling::BlockReduce<int, versus::BLOCK, cubling::BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY>>(a);
}

void launch_cub(const runner::Args<problems::tile_sums_i32>& a)
{
  versus::launch<cub::BlockReduce<int, versus::BLOCK, cub::BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY>>(a);
}

} // namespace versus_tile_sums_raking_commutative_only
