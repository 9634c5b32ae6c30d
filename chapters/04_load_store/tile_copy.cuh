// tile_copy.cuh: the hand-written pieces of a tile copy that steps 4 to 9
// share, so that each of those steps differs from the one before only in
// its kernel and its constants.
//
// - load_tile / store_tile (step 4): a tile of striped int4 vectors, full
//   tiles with one 16-byte access per vector, the last, partial tile one int
//   at a time; with a cache hint (step 6) or none.
// - striped_vectors_to_blocked / blocked_to_striped_vectors (step 5): the
//   exchange through padded shared memory that gives each thread a run of
//   consecutive items, and back.
#pragma once

#include <cstdint>

#include <cuda_runtime.h>

namespace ch04
{

// example-begin cache-hint
// What a global access tells the caches. none: the default operators,
// ld.global (cache in L1 and L2) and st.global (write back). streaming:
// ld.global.cs and st.global.cs through the intrinsics __ldcs and __stcs,
// the same access with lines marked evict-first (step 6).
enum class CacheHint
{
  none,
  streaming
};

template <CacheHint HINT, typename T>
__device__ __forceinline__ T load(const T* p)
{
  if constexpr (HINT == CacheHint::streaming)
  {
    return __ldcs(p);
  }
  else
  {
    return *p;
  }
}
// example-end cache-hint

template <CacheHint HINT, typename T>
__device__ __forceinline__ void store(T* p, T value)
{
  if constexpr (HINT == CacheHint::streaming)
  {
    __stcs(p, value);
  }
  else
  {
    *p = value;
  }
}

// example-begin tile-io
// Striped vectors: thread tid owns vectors v * BLOCK_THREADS + tid of the
// tile, that is items 4 * (v * BLOCK_THREADS + tid) + c for c = 0..3, which
// it keeps in items[4 * v + c]. `valid` is the number of the tile's items
// before the end of the array: a full tile takes one 16-byte access per
// vector, the last, partial tile one int at a time, up to the end.
template <int BLOCK_THREADS, CacheHint HINT = CacheHint::none, int ITEMS_PER_THREAD>
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
      const int4 x     = load<HINT>(tile4 + v * BLOCK_THREADS + tid);
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
        items[k] = load<HINT>(tile + i);
      }
    }
  }
}
// example-end tile-io

template <int BLOCK_THREADS, CacheHint HINT = CacheHint::none, int ITEMS_PER_THREAD>
__device__ __forceinline__ void store_tile(int* tile, int64_t valid, const int (&items)[ITEMS_PER_THREAD])
{
  const int tid = threadIdx.x;
  if (valid >= BLOCK_THREADS * ITEMS_PER_THREAD)
  {
    int4* tile4 = reinterpret_cast<int4*>(tile);
#pragma unroll
    for (int v = 0; v < ITEMS_PER_THREAD / 4; ++v)
    {
      store<HINT>(tile4 + v * BLOCK_THREADS + tid,
                  make_int4(items[4 * v + 0], items[4 * v + 1], items[4 * v + 2], items[4 * v + 3]));
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
        store<HINT>(tile + i, items[k]);
      }
    }
  }
}

// example-begin exchange
// Shared-memory slot of the tile's item p: one word of padding after every
// 32 items. Without it, the blocked side (thread t at items 16 t + k) would
// put half of a warp's threads in one bank; with it, both sides of both
// exchanges touch 32 different banks per warp access.
__device__ __forceinline__ int padded(int p)
{
  return p + p / 32;
}

// Striped vectors (load_tile's arrangement) to blocked: items[k] becomes
// item tid * ITEMS_PER_THREAD + k of the tile. `shared` holds
// padded(BLOCK_THREADS * ITEMS_PER_THREAD) ints; a barrier must separate
// this call from any earlier use of it.
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
// example-end exchange

// And back: blocked to striped vectors, with the same contract.
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

} // namespace ch04
