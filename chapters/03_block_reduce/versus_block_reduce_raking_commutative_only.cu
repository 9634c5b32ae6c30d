// cubling::BlockReduce against cub::BlockReduce, algorithm BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY.
//
// The same two-pass, tile-by-tile sum (versus_block_reduce.cuh), instantiated
// once with each library's BlockReduce<int, 256, BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY>.
// Expected: the same time within noise on both sides, at every size.
#include <cub/block/block_reduce.cuh>

#include <cubling/block/block_reduce.cuh>

#include "versus_block_reduce.cuh"

namespace versus_block_reduce_raking_commutative_only
{

void launch_cubling(const int* d_in, int* d_out, int64_t n, void* d_scratch, cudaStream_t stream)
{
  versus::launch<cubling::BlockReduce<int, versus::BLOCK, cubling::BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY>>(
      d_in, d_out, n, d_scratch, stream);
}

void launch_cub(const int* d_in, int* d_out, int64_t n, void* d_scratch, cudaStream_t stream)
{
  versus::launch<cub::BlockReduce<int, versus::BLOCK, cub::BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY>>(d_in, d_out, n,
                                                                                                  d_scratch, stream);
}

} // namespace versus_block_reduce_raking_commutative_only
