// Step 8: no exchange.
//
// What changes: the two exchanges, the barrier between them and the shared
// array go. The kernel is step 4's, load_tile then store_tile, with step
// 6's hints and step 7's tile of one vector per thread.
// Why: since step 7 the exchanges put every item back where it was: the
// vector a thread loads, items 4 t .. 4 t + 3 of the tile, already is its
// blocked run. A kernel that computes on blocked items gets them straight
// from a coalesced load, with no shared memory and no barrier; this is
// what BLOCK_LOAD_VECTORIZE does when a thread's run is one vector. It
// holds only then: with 16 items a thread's run is four vectors, and a
// warp's vector load touches 32 runs 64 bytes apart (the VERSUS row
// versus_block_load_store_vectorize, at 16 items per thread).
// Expected: four shared-memory passes and three barriers per tile fewer.
// Steps 4 and 5 measured what they cost at 16 items per thread: little,
// and nothing measurable at the largest sizes, where the copy waits on
// HBM. Here the tile is a quarter as large, so a block stops at its
// barriers once per 4 KB instead of once per 16 KB: expect a small gain,
// a few percent, possibly at large sizes too. Where the time does not
// move, ncu shows the work gone: l1tex__data_pipe_lsu_wavefronts_mem_shared.sum
// falls to 0, and the barrier stalls
// (smsp__pcsamp_warps_issue_stalled_barrier) with it.
#include <cstdint>

#include <cuda_runtime.h>

#include <cubling/util/math.cuh>

#include "problems.h"
#include "tile_copy.cuh"

namespace step08_no_exchange
{

constexpr int BLOCK = 256; // threads per block
constexpr int ITEMS = 4;   // items per thread: one int4 vector
constexpr int TILE  = BLOCK * ITEMS;

// example-begin kernel
template <int BLOCK_THREADS, int ITEMS_PER_THREAD>
__global__ void __launch_bounds__(BLOCK_THREADS) copy_kernel(const int* in, int* out, int64_t n)
{
  const int64_t tile_base = blockIdx.x * int64_t{BLOCK_THREADS * ITEMS_PER_THREAD};
  int items[ITEMS_PER_THREAD]; // one vector: items 4 * tid .. 4 * tid + 3, blocked and striped at once
  ch04::load_tile<BLOCK_THREADS, ch04::CacheHint::streaming>(in + tile_base, n - tile_base, items);
  ch04::store_tile<BLOCK_THREADS, ch04::CacheHint::streaming>(out + tile_base, n - tile_base, items);
}
// example-end kernel

void launch(const runner::Args<problems::copy_i32>& a)
{
  const int64_t tiles = cubling::ceil_div(a.n, TILE);
  copy_kernel<BLOCK, ITEMS><<<static_cast<unsigned>(tiles), BLOCK, 0, a.stream>>>(a.in(), a.out(), a.n);
}

} // namespace step08_no_exchange
