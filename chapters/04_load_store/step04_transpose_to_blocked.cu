// Step 4: load striped, compute blocked, store striped.
//
// What changes: between step 3's coalesced load and store, the block passes
// its tile through shared memory twice. The first exchange turns the striped
// vectors that each thread loaded into a blocked arrangement: thread t then
// holds the 16 consecutive items t * 16 .. t * 16 + 15 of the tile, the
// arrangement of step 1. The second exchange turns them back into striped
// vectors for the store. In between is where a kernel would compute on its
// consecutive items (a scan, a sort, a run-length encoding); a copy leaves
// them alone. Shared memory is padded with one word after every 32, so that
// neither exchange has bank conflicts.
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
// 3's. Either way it should be many times faster than step 1, which got
// blocked items the expensive way.
#include <cstdint>

#include <cuda_runtime.h>

#include <cubling/util/math.cuh>

#include "problems.h"

namespace step04_transpose_to_blocked
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

// example-begin exchange
// Shared-memory slot of the tile's item p: one word of padding after every
// 32 items. Without it, the blocked side (thread t at items 16 t + k) would
// put half of a warp's threads in one bank; with it, both sides of both
// exchanges touch 32 different banks per warp access.
__device__ __forceinline__ int padded(int p)
{
  return p + p / 32;
}

// Striped vectors (step 3's arrangement) to blocked: items[k] becomes item
// tid * ITEMS_PER_THREAD + k of the tile.
template <int BLOCK_THREADS, int ITEMS_PER_THREAD>
__device__ __forceinline__ void striped_vectors_to_blocked(int (&items)[ITEMS_PER_THREAD], int* shared)
{
  const int tid = threadIdx.x;
#pragma unroll
  for (int k = 0; k < ITEMS_PER_THREAD; ++k)
  {
    shared[padded(4 * ((k / 4) * BLOCK_THREADS + tid) + k % 4)] = items[k];
  }
  __syncthreads();
#pragma unroll
  for (int k = 0; k < ITEMS_PER_THREAD; ++k)
  {
    items[k] = shared[padded(tid * ITEMS_PER_THREAD + k)];
  }
}

// And back: blocked to striped vectors.
template <int BLOCK_THREADS, int ITEMS_PER_THREAD>
__device__ __forceinline__ void blocked_to_striped_vectors(int (&items)[ITEMS_PER_THREAD], int* shared)
{
  const int tid = threadIdx.x;
#pragma unroll
  for (int k = 0; k < ITEMS_PER_THREAD; ++k)
  {
    shared[padded(tid * ITEMS_PER_THREAD + k)] = items[k];
  }
  __syncthreads();
#pragma unroll
  for (int k = 0; k < ITEMS_PER_THREAD; ++k)
  {
    items[k] = shared[padded(4 * ((k / 4) * BLOCK_THREADS + tid) + k % 4)];
  }
}
// example-end exchange

// example-begin kernel
template <int BLOCK_THREADS, int ITEMS_PER_THREAD>
__global__ void __launch_bounds__(BLOCK_THREADS) copy_kernel(const int* in, int* out, int64_t n)
{
  const int64_t tile_base = blockIdx.x * int64_t{BLOCK_THREADS * ITEMS_PER_THREAD};
  constexpr int TILE_ITEMS = BLOCK_THREADS * ITEMS_PER_THREAD;
  __shared__ int shared[TILE_ITEMS + TILE_ITEMS / 32];
  int items[ITEMS_PER_THREAD];
  load_tile<BLOCK_THREADS>(in + tile_base, n - tile_base, items);
  striped_vectors_to_blocked<BLOCK_THREADS>(items, shared);

  // Here each thread holds ITEMS_PER_THREAD consecutive items, ready for
  // work that wants them in order. A copy has none to do.

  // Shared memory is reused: a barrier first, the rule for any block-wide
  // scratch space. (Here each thread writes back exactly the slots it read,
  // so this one could go; see the exercises.)
  __syncthreads();
  blocked_to_striped_vectors<BLOCK_THREADS>(items, shared);
  store_tile<BLOCK_THREADS>(out + tile_base, n - tile_base, items);
}
// example-end kernel

void launch(const runner::Args<problems::copy_i32>& a)
{
  const int64_t tiles = cubling::ceil_div(a.n, TILE);
  copy_kernel<BLOCK, ITEMS><<<static_cast<unsigned>(tiles), BLOCK, 0, a.stream>>>(a.in(), a.out(), a.n);
}

} // namespace step04_transpose_to_blocked
