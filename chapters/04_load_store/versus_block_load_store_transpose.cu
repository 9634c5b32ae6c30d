// cubling::BlockLoad / BlockStore against CUB's, algorithm TRANSPOSE.
//
// The same tile-by-tile copy (versus_block_load_store.cuh), instantiated once
// with each library's BlockLoad<int, 256, 16, BLOCK_LOAD_TRANSPOSE> and
// BlockStore<int, 256, 16, BLOCK_STORE_TRANSPOSE>. The arrangement: striped
// global accesses, exchanged to blocked through shared memory with a
// block-wide barrier (step 5).
// Expected: the same time within noise on both sides, at every size.
#include <cub/block/block_load.cuh>
#include <cub/block/block_store.cuh>

#include <cubling/block/block_load.cuh>
#include <cubling/block/block_store.cuh>

#include "versus_block_load_store.cuh"
#include "problems.h"

namespace versus_block_load_store_transpose
{

void launch_cubling(const runner::Args<problems::copy_i32>& a)
{
  using BlockLoadT  = cubling::BlockLoad<int, versus::BLOCK, versus::ITEMS_PER_THREAD, cubling::BLOCK_LOAD_TRANSPOSE>;
  using BlockStoreT = cubling::BlockStore<int, versus::BLOCK, versus::ITEMS_PER_THREAD,
                                          cubling::BLOCK_STORE_TRANSPOSE>;
  versus::launch<BlockLoadT, BlockStoreT>(a.in(), a.out(), a.n, a.stream);
}

void launch_cub(const runner::Args<problems::copy_i32>& a)
{
  using BlockLoadT  = cub::BlockLoad<int, versus::BLOCK, versus::ITEMS_PER_THREAD, cub::BLOCK_LOAD_TRANSPOSE>;
  using BlockStoreT = cub::BlockStore<int, versus::BLOCK, versus::ITEMS_PER_THREAD, cub::BLOCK_STORE_TRANSPOSE>;
  versus::launch<BlockLoadT, BlockStoreT>(a.in(), a.out(), a.n, a.stream);
}

} // namespace versus_block_load_store_transpose
