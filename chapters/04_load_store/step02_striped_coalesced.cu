// Step 2: the same tile, dealt out striped.
//
// What changes: one line of each loop. Thread t now copies items
// t, t + 256, t + 512, ... of its block's tile: the *striped* arrangement.
// The tile, the grid and the registers are those of step 1.
// Why: in load k the 32 threads of a warp now ask for 32 consecutive words,
// 128 bytes in four whole 32-byte sectors: the hardware *coalesces* them
// into the fewest possible memory transactions, and every byte it moves is
// a byte the program wanted. The same holds for the stores, which now write
// whole sectors instead of a word of each. The items a thread holds are no
// longer consecutive, which a copy does not mind (step 5 comes back to
// kernels that do).
// Expected: several times faster than step 1 at large sizes, and already a
// large fraction of the copy's bandwidth. What remains is the number of
// instructions per byte: a bounds check, one 4-byte load and one 4-byte
// store per item.
#include <cstdint>

#include <cuda_runtime.h>

#include <cubling/util/math.cuh>

#include "problems.h"

namespace step02_striped_coalesced
{

constexpr int BLOCK = 256; // threads per block
constexpr int ITEMS = 16;  // items per thread
constexpr int TILE  = BLOCK * ITEMS;

// example-begin kernel
template <int BLOCK_THREADS, int ITEMS_PER_THREAD>
__global__ void __launch_bounds__(BLOCK_THREADS) copy_kernel(const int* in, int* out, int64_t n)
{
  const int64_t tile_base = blockIdx.x * int64_t{BLOCK_THREADS * ITEMS_PER_THREAD};
  const int tid           = threadIdx.x;
  int items[ITEMS_PER_THREAD];

  // Striped: thread tid owns items k * BLOCK_THREADS + tid of the tile.
#pragma unroll
  for (int k = 0; k < ITEMS_PER_THREAD; ++k)
  {
    const int64_t i = tile_base + k * BLOCK_THREADS + tid;
    if (i < n)
    {
      items[k] = in[i];
    }
  }
#pragma unroll
  for (int k = 0; k < ITEMS_PER_THREAD; ++k)
  {
    const int64_t i = tile_base + k * BLOCK_THREADS + tid;
    if (i < n)
    {
      out[i] = items[k];
    }
  }
}
// example-end kernel

void launch(const runner::Args<problems::copy_i32>& a)
{
  const int64_t tiles = cubling::ceil_div(a.n, TILE);
  copy_kernel<BLOCK, ITEMS><<<static_cast<unsigned>(tiles), BLOCK, 0, a.stream>>>(a.in(), a.out(), a.n);
}

} // namespace step02_striped_coalesced
