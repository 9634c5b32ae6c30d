// Step 5: load striped, compute blocked, store striped.
//
// What changes: between step 4's coalesced load and store, the block passes
// its tile through shared memory twice. The first exchange turns the striped
// vectors that each thread loaded into a blocked arrangement: thread t then
// holds the 16 consecutive items t * 16 .. t * 16 + 15 of the tile, the
// arrangement of step 1. The second exchange turns them back into striped
// vectors for the store. In between is where a kernel would compute on its
// consecutive items (a scan, a sort, a run-length encoding); a copy leaves
// them alone. Shared memory is padded with one word after every 32, so that
// neither exchange has bank conflicts. The two exchanges are in
// tile_copy.cuh, for the steps after this one.
// Why: most block algorithms want blocked data, and step 1 showed that
// loading blocked data straight from global memory wastes most of every
// sector. Loading striped and transposing on chip gets both: coalesced
// global accesses and blocked items. This is what CUB's
// BLOCK_LOAD_TRANSPOSE and BLOCK_STORE_TRANSPOSE do, through BlockExchange.
// Expected: a copy gains nothing from the blocked arrangement, so this step
// shows the price: four shared-memory passes and three barriers per tile,
// and 16.5 KB of shared memory per block. Shared memory is many times
// faster than HBM, so if the warps still keep enough loads in flight, the
// price hides behind the memory traffic and the time stays close to step
// 4's. Either way it should be many times faster than step 1, which got
// blocked items the expensive way.
#include <cstdint>

#include <cuda_runtime.h>

#include <cubling/util/math.cuh>

#include "problems.h"
#include "tile_copy.cuh"

namespace step05_transpose_to_blocked
{

constexpr int BLOCK = 256; // threads per block
constexpr int ITEMS = 16;  // items per thread: four int4 vectors
constexpr int TILE  = BLOCK * ITEMS;

// example-begin kernel
template <int BLOCK_THREADS, int ITEMS_PER_THREAD>
__global__ void __launch_bounds__(BLOCK_THREADS) copy_kernel(const int* in, int* out, int64_t n)
{
  const int64_t tile_base = blockIdx.x * int64_t{BLOCK_THREADS * ITEMS_PER_THREAD};
  constexpr int TILE_ITEMS = BLOCK_THREADS * ITEMS_PER_THREAD;
  __shared__ int shared[TILE_ITEMS + TILE_ITEMS / 32];
  int items[ITEMS_PER_THREAD];
  ch04::load_tile<BLOCK_THREADS>(in + tile_base, n - tile_base, items);
  ch04::striped_vectors_to_blocked<BLOCK_THREADS>(items, shared);

  // Here each thread holds ITEMS_PER_THREAD consecutive items, ready for
  // work that wants them in order. A copy has none to do.

  // Shared memory is reused: a barrier first, the rule for any block-wide
  // scratch space. (Here each thread writes back exactly the slots it read,
  // so this one could go; see the exercises.)
  __syncthreads();
  ch04::blocked_to_striped_vectors<BLOCK_THREADS>(items, shared);
  ch04::store_tile<BLOCK_THREADS>(out + tile_base, n - tile_base, items);
}
// example-end kernel

void launch(const runner::Args<problems::copy_i32>& a)
{
  const int64_t tiles = cubling::ceil_div(a.n, TILE);
  copy_kernel<BLOCK, ITEMS><<<static_cast<unsigned>(tiles), BLOCK, 0, a.stream>>>(a.in(), a.out(), a.n);
}

} // namespace step05_transpose_to_blocked
