// Step 1: each thread copies its own run of consecutive items.
//
// What changes: a new problem, a copy, and the most obvious way to split it.
// A block of 256 threads takes a tile of 256 x 16 = 4096 items, and thread t
// copies the 16 consecutive items t * 16 .. t * 16 + 15 of the tile: it
// loads them into a register array, then stores them. This is the *blocked*
// arrangement, the one that every later chapter computes on (a thread that
// scans or sorts its own items wants them consecutive).
// Why: it is the natural way to write it, and it shows what the memory
// system does with it. The 32 threads of a warp execute each load together,
// and in load k they ask for items 16 apart: 32 addresses spread over
// 2 KB, one 4-byte word out of every 64 bytes. Memory is moved in 32-byte
// sectors, so each load instruction touches 32 sectors to use 128 bytes of
// them. The L1 cache keeps some of the fetched sectors for the next loads of
// the same thread, but the stores have no such help: every store
// instruction becomes 32 partial-sector writes.
// Expected: correct, and far below the copy's bandwidth; the baseline that
// the next steps are measured against.
#include <cstdint>

#include <cuda_runtime.h>

#include <cubling/util/math.cuh>

#include "problems.h"

namespace step01_blocked_uncoalesced
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

  // Blocked: thread tid owns items tid * ITEMS_PER_THREAD + k of the tile.
#pragma unroll
  for (int k = 0; k < ITEMS_PER_THREAD; ++k)
  {
    const int64_t i = tile_base + tid * ITEMS_PER_THREAD + k;
    if (i < n)
    {
      items[k] = in[i];
    }
  }
#pragma unroll
  for (int k = 0; k < ITEMS_PER_THREAD; ++k)
  {
    const int64_t i = tile_base + tid * ITEMS_PER_THREAD + k;
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

} // namespace step01_blocked_uncoalesced
