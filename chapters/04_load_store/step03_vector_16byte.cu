// Step 3: 16-byte loads and stores.
//
// What changes: each thread moves its 16 items as four int4 vectors instead
// of sixteen ints. Vector v of thread t is vector v * 256 + t of the tile:
// the vectors are striped, so a warp's load is 32 consecutive 16-byte
// vectors, 512 bytes, four whole 128-byte lines. A tile that lies wholly
// before n takes this path; the one partial tile at the end copies the same
// items one int at a time, each checked against n.
// Why: step 2 moves 4 bytes per instruction. An int4 access moves 16, so
// the kernel issues a quarter of the load and store instructions and
// computes a quarter of the addresses for the same bytes in flight. Memory
// bandwidth is a matter of bytes in flight (Little's law: bytes in flight =
// bandwidth x latency), and the cheaper each byte is to ask for, the more
// of them the warps can keep outstanding before they run out of issue
// slots or registers.
// Expected: fewer instructions, but not necessarily more bandwidth. Step 2
// already has 64 bytes per thread in flight, which may be all the memory
// system needs; then the gain at large sizes is small or nothing, and
// vectors pay off where instructions are the limit (kernels that compute
// on every item, or that run fewer threads). The arrays must be 16-byte
// aligned (cudaMalloc gives 256 bytes, and a tile is 16 KB).
#include <cstdint>

#include <cuda_runtime.h>

#include <cubling/util/math.cuh>

#include "problems.h"

namespace step03_vector_16byte
{

constexpr int BLOCK = 256; // threads per block
constexpr int ITEMS = 16;  // items per thread: four int4 vectors
constexpr int TILE  = BLOCK * ITEMS;

// example-begin tile-io
// Striped vectors: thread tid owns vectors v * BLOCK_THREADS + tid of the
// tile, that is items 4 * (v * BLOCK_THREADS + tid) + c for c = 0..3, which
// it keeps in items[4 * v + c]. `valid` is the number of the tile's items
// before the end of the array: a full tile takes one 16-byte access per
// vector, the last, partial tile one int at a time, up to the end.
template <int BLOCK_THREADS, int ITEMS_PER_THREAD>
__device__ __forceinline__ void load_tile(const int* tile, int64_t valid, int (&items)[ITEMS_PER_THREAD])
{
  static_assert(ITEMS_PER_THREAD % 4 == 0, "whole int4 vectors");
  const int tid = threadIdx.x;
  if (valid >= BLOCK_THREADS * ITEMS_PER_THREAD)
  {
    const int4* tile4 = reinterpret_cast<const int4*>(tile);
#pragma unroll
    for (int v = 0; v < ITEMS_PER_THREAD / 4; ++v)
    {
      const int4 x     = tile4[v * BLOCK_THREADS + tid];
      items[4 * v + 0] = x.x;
      items[4 * v + 1] = x.y;
      items[4 * v + 2] = x.z;
      items[4 * v + 3] = x.w;
    }
  }
  else
  {
#pragma unroll
    for (int k = 0; k < ITEMS_PER_THREAD; ++k)
    {
      const int i = 4 * ((k / 4) * BLOCK_THREADS + tid) + k % 4;
      if (i < valid)
      {
        items[k] = tile[i];
      }
    }
  }
}

template <int BLOCK_THREADS, int ITEMS_PER_THREAD>
__device__ __forceinline__ void store_tile(int* tile, int64_t valid, const int (&items)[ITEMS_PER_THREAD])
{
  const int tid = threadIdx.x;
  if (valid >= BLOCK_THREADS * ITEMS_PER_THREAD)
  {
    int4* tile4 = reinterpret_cast<int4*>(tile);
#pragma unroll
    for (int v = 0; v < ITEMS_PER_THREAD / 4; ++v)
    {
      tile4[v * BLOCK_THREADS + tid] =
        make_int4(items[4 * v + 0], items[4 * v + 1], items[4 * v + 2], items[4 * v + 3]);
    }
  }
  else
  {
#pragma unroll
    for (int k = 0; k < ITEMS_PER_THREAD; ++k)
    {
      const int i = 4 * ((k / 4) * BLOCK_THREADS + tid) + k % 4;
      if (i < valid)
      {
        tile[i] = items[k];
      }
    }
  }
}
// example-end tile-io

// example-begin kernel
template <int BLOCK_THREADS, int ITEMS_PER_THREAD>
__global__ void __launch_bounds__(BLOCK_THREADS) copy_kernel(const int* in, int* out, int64_t n)
{
  const int64_t tile_base = blockIdx.x * int64_t{BLOCK_THREADS * ITEMS_PER_THREAD};
  int items[ITEMS_PER_THREAD];
  load_tile<BLOCK_THREADS>(in + tile_base, n - tile_base, items);
  store_tile<BLOCK_THREADS>(out + tile_base, n - tile_base, items);
}
// example-end kernel

void launch(const runner::Args<problems::copy_i32>& a)
{
  const int64_t tiles = cubling::ceil_div(a.n, TILE);
  copy_kernel<BLOCK, ITEMS><<<static_cast<unsigned>(tiles), BLOCK, 0, a.stream>>>(a.in(), a.out(), a.n);
}

} // namespace step03_vector_16byte
