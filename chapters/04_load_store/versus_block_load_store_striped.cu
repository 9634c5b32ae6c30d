// cubling::BlockLoad / BlockStore against CUB's, algorithm STRIPED.
//
// The same tile-by-tile copy (versus_block_load_store.cuh), instantiated once
// with each library's BlockLoad<int, 256, 16, BLOCK_LOAD_STRIPED> and
// BlockStore<int, 256, 16, BLOCK_STORE_STRIPED>. The arrangement: striped:
// item k of thread t is item k * 256 + t of the tile (step 2); no shared
// memory.
// Expected: the same time within noise on both sides, at every size.
#include <cub/block/block_load.cuh>
#include <cub/block/block_store.cuh>

#include <cubling/block/block_load.cuh>
#include <cubling/block/block_store.cuh>

#include "versus_block_load_store.cuh"
#include "problems.h"

namespace versus_block_load_store_striped
{

void launch_cubling(const runner::Args<problems::copy_i32>& a)
{
  using BlockLoadT  = cubling::BlockLoad<int, versus::BLOCK, versus::ITEMS_PER_THREAD, cubling::BLOCK_LOAD_STRIPED>;
  using BlockStoreT = cubling::BlockStore<int, versus::BLOCK, versus::ITEMS_PER_THREAD, cubling::BLOCK_STORE_STRIPED>;
  versus::launch<BlockLoadT, BlockStoreT>(a.in(), a.out(), a.n, a.stream);
}

void launch_cub(const runner::Args<problems::copy_i32>& a)
{
  using BlockLoadT  = cub::BlockLoad<int, versus::BLOCK, versus::ITEMS_PER_THREAD, cub::BLOCK_LOAD_STRIPED>;
  using BlockStoreT = cub::BlockStore<int, versus::BLOCK, versus::ITEMS_PER_THREAD, cub::BLOCK_STORE_STRIPED>;
  versus::launch<BlockLoadT, BlockStoreT>(a.in(), a.out(), a.n, a.stream);
}

} // namespace versus_block_load_store_striped
