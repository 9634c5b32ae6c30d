// Step 9: the default cache operators again.
//
// What changes: load_tile and store_tile lose step 6's hint:
// ld.global.cs / st.global.cs become plain ld.global / st.global.
// Why: this is the kernel that the library writes for the same tile (step
// 10), and BlockLoad and BlockStore read and write a plain pointer with the
// default operators. CUB's way to add a hint is an iterator,
// CacheModifiedInputIterator (chapter 06), and BLOCK_LOAD_VECTORIZE reads
// anything that is not a plain pointer one item at a time. Step 6 measured
// what the hint is worth on a pure stream; this step gives it up, so that
// step 10 changes nothing but who writes the loops.
// Expected: no measurable difference. A copy never reads a line twice, and
// the runner rotates its buffers so that no run finds its input in L2, so
// the hint has nothing to keep or evict. That it changed anything shows in
// the PTX (ld.global.v4.u32 in place of ld.global.cs.v4.s32) and in ncu's
// cache counters, lts__t_sector_hit_rate.pct and dram__bytes_read.sum /
// dram__bytes_write.sum, which should stay where they were.
#include <cstdint>

#include <cuda_runtime.h>

#include <cubling/util/math.cuh>

#include "problems.h"
#include "tile_copy.cuh"

namespace step09_default_caching
{

constexpr int BLOCK = 256; // threads per block
constexpr int ITEMS = 4;   // items per thread: one int4 vector
constexpr int TILE  = BLOCK * ITEMS;

// example-begin kernel
template <int BLOCK_THREADS, int ITEMS_PER_THREAD>
__global__ void __launch_bounds__(BLOCK_THREADS) copy_kernel(const int* in, int* out, int64_t n)
{
  const int64_t tile_base = blockIdx.x * int64_t{BLOCK_THREADS * ITEMS_PER_THREAD};
  int items[ITEMS_PER_THREAD];
  ch04::load_tile<BLOCK_THREADS>(in + tile_base, n - tile_base, items);
  ch04::store_tile<BLOCK_THREADS>(out + tile_base, n - tile_base, items);
}
// example-end kernel

void launch(const runner::Args<problems::copy_i32>& a)
{
  const int64_t tiles = cubling::ceil_div(a.n, TILE);
  copy_kernel<BLOCK, ITEMS><<<static_cast<unsigned>(tiles), BLOCK, 0, a.stream>>>(a.in(), a.out(), a.n);
}

} // namespace step09_default_caching
