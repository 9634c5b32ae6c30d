// Step 6: cache modifiers say that the data is used once.
//
// What changes: step 5's global loads and stores become __ldcs and __stcs,
// the CUDA intrinsics for PTX's ld.global.cs and st.global.cs ("cache
// streaming"): the same 16-byte accesses (4-byte ones in the last tile),
// with a hint that the lines they bring into the caches will not be used
// again, so that they are the first to be evicted. The hint is a template
// argument of load_tile and store_tile (tile_copy.cuh), which pass it to
// every access.
// Why: every global access can carry a cache operator. Loads: .ca (the
// default, cache in L1 and L2), .cg (L2 only), .cs (streaming, evict
// first), .lu (last use), and the read-only, non-coherent path .nc that
// __ldg uses. Stores: .wb (the default, write back), .cg, .cs, and .wt
// (write through). A copy reads and writes every byte once, so whatever
// the caches keep of it is wasted; evict-first lines leave room for
// anything else that is worth keeping.
// Expected: on a pure stream, whose data the L2 cannot hold anyway (the
// runner rotates its buffers so that no run finds its input there), a small
// effect either way; the table shows how small. The hints are worth more
// in kernels that mix streamed data with data they reuse, which then stays
// in cache.
#include <cstdint>

#include <cuda_runtime.h>

#include <cubling/util/math.cuh>

#include "problems.h"
#include "tile_copy.cuh"

namespace step06_cache_modifiers
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
  ch04::load_tile<BLOCK_THREADS, ch04::CacheHint::streaming>(in + tile_base, n - tile_base, items);
  ch04::striped_vectors_to_blocked<BLOCK_THREADS>(items, shared);

  // Here each thread holds ITEMS_PER_THREAD consecutive items, ready for
  // work that wants them in order. A copy has none to do.

  // Shared memory is reused: a barrier first, the rule for any block-wide
  // scratch space. (Here each thread writes back exactly the slots it read,
  // so this one could go; see the exercises.)
  __syncthreads();
  ch04::blocked_to_striped_vectors<BLOCK_THREADS>(items, shared);
  ch04::store_tile<BLOCK_THREADS, ch04::CacheHint::streaming>(out + tile_base, n - tile_base, items);
}
// example-end kernel

void launch(const runner::Args<problems::copy_i32>& a)
{
  const int64_t tiles = cubling::ceil_div(a.n, TILE);
  copy_kernel<BLOCK, ITEMS><<<static_cast<unsigned>(tiles), BLOCK, 0, a.stream>>>(a.in(), a.out(), a.n);
}

} // namespace step06_cache_modifiers
