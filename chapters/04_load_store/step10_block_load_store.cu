// Step 10: the library's BlockLoad and BlockStore.
//
// What changes: step 9's hand-written load_tile and store_tile become two
// cooperative calls, cubling::BlockLoad::Load and cubling::BlockStore::Store,
// with BLOCK_LOAD_VECTORIZE / BLOCK_STORE_VECTORIZE on step 9's tile of
// 256 x 4 items. The arrangement is a template parameter (CUB's API: swap
// cubling:: for cub:: and the kernel is unchanged). The full tiles call the
// unguarded Load(ptr, items) / Store(ptr, items); the last, partial tile
// calls Load(ptr, items, valid) / Store(ptr, items, valid), which touch only
// the first `valid` items of the tile.
// Why: the algorithms are the earlier steps, packaged: DIRECT is step 1's
// blocked access, STRIPED step 2's, VECTORIZE reads each thread's run as
// vectors (with one vector per thread, step 9), and TRANSPOSE /
// WARP_TRANSPOSE load striped and exchange to blocked, as in step 5. A
// kernel that computes on blocked items with longer runs picks a
// transposing one; with the algorithm a template argument, trying another
// is one edit. The chapter's VERSUS rows run all five, on cubling and on CUB.
// Expected: step 9's time, within noise, and so the copy's bandwidth within
// a few percent at large sizes. The accesses are step 9's: one 16-byte load
// and store per thread in a full tile, and in the partial tile item 4 t + k
// one int at a time, which with 4 items is step 9's order too. The one
// addition: VECTORIZE checks at run time that the pointer is 16-byte
// aligned and falls back to 4-byte accesses otherwise, so any pointer is
// correct. That is a test and a branch per thread, seen in the instruction
// count (ncu's smsp__inst_executed.sum, slightly higher) and not in the time.
#include <cstdint>

#include <cuda_runtime.h>

#include <cubling/block/block_load.cuh>
#include <cubling/block/block_store.cuh>
#include <cubling/util/math.cuh>

#include "problems.h"

namespace step10_block_load_store
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

} // namespace step10_block_load_store
