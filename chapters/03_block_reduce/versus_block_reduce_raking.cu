// cubling::BlockReduce against cub::BlockReduce, algorithm BLOCK_REDUCE_RAKING.
//
// The same two-pass, tile-by-tile sum (versus_block_reduce.cuh), instantiated
// once with each library's BlockReduce<int, 256, BLOCK_REDUCE_RAKING>.
// Expected: the same time within noise on both sides, at every size.
#include <cub/block/block_reduce.cuh>

#include <cubling/block/block_reduce.cuh>

#include "versus_block_reduce.cuh"
#include "problems.h"

namespace versus_block_reduce_raking
{

void launch_cubling(const runner::Args<problems::reduce_sum_i32>& a)
{
  versus::launch<cubling::BlockReduce<int, versus::BLOCK, cubling::BLOCK_REDUCE_RAKING>>(a);
}

void launch_cub(const runner::Args<problems::reduce_sum_i32>& a)
{
  versus::launch<cub::BlockReduce<int, versus::BLOCK, cub::BLOCK_REDUCE_RAKING>>(a);
}

} // namespace versus_block_reduce_raking
