// cubling::BlockReduce against cub::BlockReduce on tile_sums_i32, algorithm BLOCK_REDUCE_RAKING.
//
// One block of 256 threads per 512-item tile, two items per thread
// (versus_block_reduce.cuh, one_tile_kernel), instantiated once with each
// library's BlockReduce<int, 256, BLOCK_REDUCE_RAKING>.
// Expected: the same time within noise on both sides. Against the other two
// algorithms on this benchmark: every thread stores its item, one barrier,
// then one warp adds 8 items per lane in sequence before a warp reduction;
// the longest chain of the three.
#include <cub/block/block_reduce.cuh>

#include <cubling/block/block_reduce.cuh>

#include "versus_block_reduce.cuh"
#include "problems.h"

namespace versus_tile_sums_raking
{

void launch_cubling(const runner::Args<problems::tile_sums_i32>& a)
{
  versus::launch<cubling::BlockReduce<int, versus::BLOCK, cubling::BLOCK_REDUCE_RAKING>>(a);
}

void launch_cub(const runner::Args<problems::tile_sums_i32>& a)
{
  versus::launch<cub::BlockReduce<int, versus::BLOCK, cub::BLOCK_REDUCE_RAKING>>(a);
}

} // namespace versus_tile_sums_raking
