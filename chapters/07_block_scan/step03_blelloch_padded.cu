// Step 3: the same scan, with padding that removes the bank conflicts.
//
// What changes: step 2's kernel, with one word of padding after every 32
// words of the tree: item i lives at i + i / 32 (padded(i) below). Nothing
// else moves: the same rounds, the same adds, the same barriers.
// Why: shared memory has 32 banks, word w in bank w % 32, and a warp whose
// threads touch different words of one bank waits for them one after
// another (chapter 03, step 2). In step 2's round of stride d, the busy
// threads of a warp touch words 2d apart: two threads per bank at d = 1,
// up to all 32 threads in one bank at d = 16. With a word
// of padding every 32, each run of 32 words shifts by one bank, so words 2d
// apart fall in different banks again (this is the padding of Harris, Sengupta
// and Owens' scan in GPU Gems 3, chapter 39, which follows Blelloch's).
// Expected: faster than step 2 by what the conflicts cost: in step 2 they
// grow with the stride, two-way at d = 1 and 32-way at d = 16, so the
// rounds with few busy threads took as long as those with many. The 22
// barriers, and the rounds with a few busy threads, stay.
// Expected on many tiles (tile_scans_i32): the same kernel, one block per
// tile; a larger share of the time is the tree, so a larger gain than on
// the whole scan.
#include <cstdint>

#include <cuda_runtime.h>

#include "problems.h"
#include "scan_frame.cuh"

namespace step03_blelloch_padded
{

constexpr int BLOCK = ch07::TILE / 2; // two items per thread

// example-begin padded
//! Where item i of the tree lives: one word of padding after every 32.
__device__ __forceinline__ int padded(int i)
{
  return i + i / 32;
}
// example-end padded

// example-begin kernel
__global__ void scan_kernel(const int* in, int* out, int* totals, int64_t n)
{
  __shared__ int tree[2 * BLOCK + 2 * BLOCK / 32];
  const int tid             = threadIdx.x;
  const int64_t base        = blockIdx.x * int64_t{2 * BLOCK};
  const int a               = base + tid < n ? in[base + tid] : 0; // items tid and tid + BLOCK: coalesced
  const int b               = base + tid + BLOCK < n ? in[base + tid + BLOCK] : 0;
  tree[padded(tid)]         = a;
  tree[padded(tid + BLOCK)] = b;

  // Up-sweep: after the round of stride d, node 2d k - 1 holds the sum of its 2d items.
  for (int d = 1; d < 2 * BLOCK; d *= 2)
  {
    __syncthreads();
    if (tid < BLOCK / d)
    {
      const int node = 2 * d * (tid + 1) - 1;
      tree[padded(node)] += tree[padded(node - d)];
    }
  }
  __syncthreads();

  // Down-sweep: each node holds the sum of everything left of its subtree.
  int total = 0; // the tile's, in thread 0
  if (tid == 0)
  {
    total                       = tree[padded(2 * BLOCK - 1)];
    tree[padded(2 * BLOCK - 1)] = 0;
  }
  for (int d = BLOCK; d >= 1; d /= 2)
  {
    __syncthreads();
    if (tid < BLOCK / d)
    {
      const int node         = 2 * d * (tid + 1) - 1;
      const int left         = tree[padded(node - d)];
      tree[padded(node - d)] = tree[padded(node)];
      tree[padded(node)] += left;
    }
  }
  __syncthreads();

  if (base + tid < n) // exclusive + own item = inclusive
  {
    out[base + tid] = tree[padded(tid)] + a;
  }
  if (base + tid + BLOCK < n)
  {
    out[base + tid + BLOCK] = tree[padded(tid + BLOCK)] + b;
  }
  if (totals != nullptr && tid == 0)
  {
    totals[blockIdx.x] = total;
  }
}
// example-end kernel

void launch(const runner::Args<problems::inclusive_sum_i32>& a)
{
  ch07::launch_scan(scan_kernel, BLOCK, a);
}

void launch(const runner::Args<problems::tile_scans_i32>& a)
{
  ch07::launch_tiles(scan_kernel, BLOCK, a);
}

} // namespace step03_blelloch_padded
