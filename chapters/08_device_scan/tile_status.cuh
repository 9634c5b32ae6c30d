// tile_status.cuh: what steps 3 and 4 share, so that they differ in how a
// tile waits for its predecessors and nothing else.
//
// Both are single passes over tiles of TILE = 256 x 8 items. A block
//   1. draws its tile's number from a counter (atomicAdd), so that tile t
//      starts only after tiles 0 .. t-1 have started: whatever it waits
//      for is running, or done, and will publish;
//   2. loads its tile and scans it (cubling::BlockScan), which also gives
//      the tile's total, its *aggregate*;
//   3. finds its *exclusive prefix*, the sum of every item before the tile,
//      from the status words of earlier tiles (the step's own part), and
//      publishes its *inclusive prefix* (exclusive prefix + aggregate);
//   4. adds the exclusive prefix to its items and stores them.
// A tile's status word holds its status and a value in one 64 bits, so
// that a reader sees both from the same write: the status in the high 32
// bits, the value in the low 32. NOT_READY is 0, so one cudaMemsetAsync
// clears the counter and every word before the kernel starts.
#pragma once

#include <cstdint>

#include <cuda/atomic>
#include <cuda_runtime.h>

#include <cubling/block/block_scan.cuh>
#include <cubling/util/math.cuh>

#include "../07_block_scan/scan_frame.cuh"
#include "check.h"
#include "problems.h"

namespace ch08
{

constexpr int BLOCK = 256;
constexpr int ITEMS = 8;
constexpr int TILE  = BLOCK * ITEMS;
using Io            = ch07::TileIo<BLOCK, ITEMS>;
using BlockScan     = cubling::BlockScan<int, BLOCK>;

// example-begin status
enum Status : uint32_t
{
  NOT_READY = 0, //!< nothing published yet
  AGGREGATE = 1, //!< the value is the tile's own total
  PREFIX    = 2, //!< the value is the sum of every item up to the tile's last
};

__device__ __forceinline__ uint64_t pack(Status status, int value)
{
  return uint64_t{status} << 32 | static_cast<uint32_t>(value);
}
__device__ __forceinline__ Status status_of(uint64_t word)
{
  return static_cast<Status>(word >> 32);
}
__device__ __forceinline__ int value_of(uint64_t word)
{
  return static_cast<int>(static_cast<uint32_t>(word));
}

//! Tile words are read and written as relaxed atomics at device scope: each
//! access goes to L2 (never a stale L1 copy), and a spinning loop re-reads
//! it. Status and value arrive together, so no fence is needed between them.
__device__ __forceinline__ uint64_t read_word(uint64_t* words, int64_t tile)
{
  return cuda::atomic_ref<uint64_t, cuda::thread_scope_device>(words[tile]).load(cuda::memory_order_relaxed);
}
__device__ __forceinline__ void publish(uint64_t* words, int64_t tile, Status status, int value)
{
  cuda::atomic_ref<uint64_t, cuda::thread_scope_device>(words[tile]).store(pack(status, value),
                                                                           cuda::memory_order_relaxed);
}
// example-end status

//! The scratch: the tile counter (8 bytes, so the words stay aligned), then one word per tile.
inline size_t scratch_bytes(int64_t n)
{
  return sizeof(uint64_t) * static_cast<size_t>(1 + cubling::ceil_div(n, int64_t{TILE}));
}

// example-begin single-pass
//! One tile of a single pass (the file comment's phases 1 to 4).
//! `ExclusivePrefix(words, tile, aggregate)` is the step's own: it runs in
//! every thread of the block, publishes the tile's words, and returns the
//! exclusive prefix in every thread.
template <typename ExclusivePrefix>
__device__ __forceinline__ void scan_tile(const int* in, int* out, int64_t n, uint32_t* counter, uint64_t* words)
{
  __shared__ Io::TempStorage io;
  __shared__ BlockScan::TempStorage scan;
  __shared__ uint32_t drawn;
  if (threadIdx.x == 0)
  {
    drawn = atomicAdd(counter, 1u);
  }
  __syncthreads();
  const int64_t tile = drawn;
  const int64_t base = tile * TILE;
  int items[ITEMS];
  Io::load(io, in + base, n - base, items);
  int aggregate;
  BlockScan(scan).InclusiveSum(items, items, aggregate);
  const int prefix = ExclusivePrefix{}(words, tile, aggregate);
#pragma unroll
  for (int k = 0; k < ITEMS; ++k)
  {
    items[k] += prefix;
  }
  Io::store(io, out + base, n - base, items);
}

template <typename ExclusivePrefix>
__global__ void __launch_bounds__(BLOCK) single_pass_kernel(const int* in, int* out, int64_t n, uint32_t* counter,
                                                            uint64_t* words)
{
  scan_tile<ExclusivePrefix>(in, out, n, counter, words);
}

//! Clear the counter and the tile words, then one block per tile. In place,
//! the input is the output.
template <typename ExclusivePrefix>
void launch_single_pass(const runner::Args<problems::inclusive_sum_i32>& a)
{
  const int* in       = a.axes.mode == runner::Mode::in_place ? a.out() : a.in();
  const int64_t tiles = cubling::ceil_div(a.n, int64_t{TILE});
  if (tiles == 0)
  {
    return;
  }
  uint64_t* scratch = static_cast<uint64_t*>(a.scratch);
  CHECK_CUDA(cudaMemsetAsync(scratch, 0, scratch_bytes(a.n), a.stream));
  single_pass_kernel<ExclusivePrefix><<<static_cast<unsigned>(tiles), BLOCK, 0, a.stream>>>(
    in, a.out(), a.n, reinterpret_cast<uint32_t*>(scratch), scratch + 1);
}
// example-end single-pass

} // namespace ch08
