// Step 7: one int4 vector per thread.
//
// What changes: ITEMS, from 16 to 4. Each thread loads and stores one int4
// vector, a tile is 256 x 4 = 1024 items (4 KB), and the grid has four
// times as many blocks. The rest is step 6's: striped vectors, the two
// exchanges through shared memory, the streaming hints.
// Why: with one vector per thread, vector t of the tile is items
// 4 t .. 4 t + 3, so the striped vectors that load_tile delivers and the
// blocked runs that the exchange makes are one and the same arrangement.
// The exchange still runs, but each thread reads back the slots it wrote;
// step 8 takes it out. This step measures the smaller tile alone, which
// trades one thing for another. Each thread has 16 bytes in flight instead
// of 64; but it needs 24 registers instead of 64 and a block 4.2 KB of
// shared memory instead of 16.5 KB (ptxas -v), so 8 blocks of 256 threads
// fit on a multiprocessor instead of 4 (64 registers x 256 threads is a
// quarter of the register file). Per multiprocessor that is 32 KB in
// flight instead of 64 KB. And smaller tiles reach all 132 multiprocessors
// at smaller sizes: 2^19 items are 128 tiles of 4096, but 512 of 1024.
// Expected: at large sizes, close to step 6. Little's law asks for about
// 4.8 TB/s x several hundred ns, some 3 MB across the GPU, about 25 KB per
// multiprocessor, and 32 KB is still enough; a shortfall would show as a
// lower dram__throughput.avg.pct_of_peak_sustained_elapsed in ncu. At
// middle sizes, where tiles of 4096 leave multiprocessors idle or
// unevenly loaded, somewhat faster. Where the time does not move, ncu's
// sm__warps_active.avg.pct_of_peak_sustained_active shows the trade
// (about 50% of the threads a multiprocessor can hold, now about 100%).
#include <cstdint>

#include <cuda_runtime.h>

#include <cubling/util/math.cuh>

#include "problems.h"
#include "tile_copy.cuh"

namespace step07_one_vector_per_thread
{

constexpr int BLOCK = 256; // threads per block
constexpr int ITEMS = 4;   // items per thread: one int4 vector
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

} // namespace step07_one_vector_per_thread
