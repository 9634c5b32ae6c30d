// Step 6: the library's BlockLoad and BlockStore.
//
// What changes: the hand-written tile loops of steps 1 to 5 become two
// cooperative calls, cubling::BlockLoad::Load and cubling::BlockStore::Store,
// which take the arrangement as a template parameter (CUB's API: swap
// cubling:: for cub:: and the kernel is unchanged). The full tiles call the
// unguarded Load(ptr, items) / Store(ptr, items); the last, partial tile
// calls Load(ptr, items, valid) / Store(ptr, items, valid), which touch only
// the first `valid` items of the tile. With the algorithm a template
// argument, trying all five and several tile shapes is a matter of changing
// the launch; the chapter's VERSUS rows run all five, on cubling and on CUB.
// The choice for a copy: BLOCK_LOAD_VECTORIZE and BLOCK_STORE_VECTORIZE with
// 4 items per thread, one tile of 1024 items per block. A thread's run of 4
// ints is then exactly one 16-byte vector: the blocked arrangement and the
// coalesced one are the same, a warp's access is 512 contiguous bytes, and
// no shared memory or barrier is needed. Small tiles and a grid of one block
// per tile let the block scheduler stream through memory in address order,
// with 16 bytes in flight per resident thread; a persistent grid that loops
// over tiles measured slower when this step was tuned on an H200.
// Why: the algorithms are steps 1 to 4, packaged: DIRECT is step 1's
// blocked access, STRIPED step 2's, VECTORIZE blocked int4 accesses, and
// TRANSPOSE / WARP_TRANSPOSE load striped and exchange to blocked, as in
// step 4. A kernel that computes on blocked items picks a transposing one;
// a copy picks whichever moves bytes cheapest.
// Expected: the copy's bandwidth, within a few percent, at large sizes.
// VECTORIZE checks at run time that the pointer is 16-byte aligned and falls
// back to plain loads otherwise, so any pointer is correct.
#include <cstdint>

#include <cuda_runtime.h>

#include <cubling/block/block_load.cuh>
#include <cubling/block/block_store.cuh>
#include <cubling/util/math.cuh>

#include "problems.h"

namespace step06_block_load_store
{

constexpr int BLOCK = 256; // threads per block
constexpr int ITEMS = 4;   // items per thread: one int4
constexpr int TILE  = BLOCK * ITEMS;

// example-begin kernel
template <int BLOCK_THREADS, int ITEMS_PER_THREAD, cubling::BlockLoadAlgorithm LOAD_ALGORITHM,
          cubling::BlockStoreAlgorithm STORE_ALGORITHM>
__global__ void __launch_bounds__(BLOCK_THREADS) copy_kernel(const int* in, int* out, int64_t n)
{
  using BlockLoadT  = cubling::BlockLoad<int, BLOCK_THREADS, ITEMS_PER_THREAD, LOAD_ALGORITHM>;
  using BlockStoreT = cubling::BlockStore<int, BLOCK_THREADS, ITEMS_PER_THREAD, STORE_ALGORITHM>;
  // One tile per block, and separate storage for the load and the store (an
  // empty struct for the direct algorithms): no barrier between the two.
  __shared__ typename BlockLoadT::TempStorage load_storage;
  __shared__ typename BlockStoreT::TempStorage store_storage;

  constexpr int TILE_ITEMS = BLOCK_THREADS * ITEMS_PER_THREAD;
  const int64_t tile_base  = blockIdx.x * int64_t{TILE_ITEMS};
  int items[ITEMS_PER_THREAD];
  if (tile_base + TILE_ITEMS <= n)
  {
    BlockLoadT(load_storage).Load(in + tile_base, items);
    BlockStoreT(store_storage).Store(out + tile_base, items);
  }
  else // the last tile: only its first `valid` items exist
  {
    const int valid = static_cast<int>(n - tile_base);
    BlockLoadT(load_storage).Load(in + tile_base, items, valid);
    BlockStoreT(store_storage).Store(out + tile_base, items, valid);
  }
}

void launch(const runner::Args<problems::copy_i32>& a)
{
  const int64_t tiles = cubling::ceil_div(a.n, TILE);
  copy_kernel<BLOCK, ITEMS, cubling::BLOCK_LOAD_VECTORIZE, cubling::BLOCK_STORE_VECTORIZE>
    <<<static_cast<unsigned>(tiles), BLOCK, 0, a.stream>>>(a.in(), a.out(), a.n);
}
// example-end kernel

} // namespace step06_block_load_store
