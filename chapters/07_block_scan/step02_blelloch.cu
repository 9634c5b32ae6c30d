// Step 2: Blelloch's work-efficient scan: an up-sweep, then a down-sweep.
//
// What changes: half the threads (512), two items each, in one array of
// 1024 ints in shared memory. The up-sweep is chapter 03's reduction tree,
// kept in place: in the round of stride d (1, 2, ..., 512), 512 / d threads
// each add the partial sum that ends d places to the left of a node into
// that node, so that every node at a multiple of 2d ends up holding the sum
// of its 2d-item subtree, and the last node the tile's total. The
// down-sweep walks the same tree back from the root: the root is cleared,
// and in the round of stride d each node hands its value (the sum of
// everything left of its subtree) to its left child, and that plus the left
// child's old sum to its right child. The leaves then hold the exclusive
// scan; each thread adds its own two items, kept in registers, to make it
// inclusive.
// Why: Blelloch ("Prefix Sums and Their Applications", 1990) does the scan
// in 2 (n - 1) adds, against Hillis and Steele's n log2(n): about 2 adds per
// item instead of 10. It pays with twice the rounds (22 barriers: 10 a sweep, and one after each), in
// most of which few threads work.
// Expected: faster than step 1, since each thread now does two items with
// fewer adds and half the shared-memory traffic per item. But the tree's
// strides are powers of two, so its deep rounds are many-way bank conflicts
// (at stride d, the busy threads touch words 2d apart), and its last rounds
// run with a handful of threads between block-wide barriers.
// Expected on many tiles (tile_scans_i32): the same kernel, one block per
// tile: the 20 rounds and their conflicts are the cost, so the gain over
// step 1 should be smaller than the drop in adds suggests.
#include <cstdint>

#include <cuda_runtime.h>

#include "problems.h"
#include "scan_frame.cuh"

namespace step02_blelloch
{

constexpr int BLOCK = ch07::TILE / 2; // two items per thread

// example-begin kernel
__global__ void scan_kernel(const int* in, int* out, int* totals, int64_t n)
{
  __shared__ int tree[2 * BLOCK];
  const int tid      = threadIdx.x;
  const int64_t base = blockIdx.x * int64_t{2 * BLOCK};
  const int a        = base + tid < n ? in[base + tid] : 0; // items tid and tid + BLOCK: coalesced
  const int b        = base + tid + BLOCK < n ? in[base + tid + BLOCK] : 0;
  tree[tid]          = a;
  tree[tid + BLOCK]  = b;

  // Up-sweep: after the round of stride d, node 2d k - 1 holds the sum of its 2d items.
  for (int d = 1; d < 2 * BLOCK; d *= 2)
  {
    __syncthreads();
    if (tid < BLOCK / d)
    {
      const int node = 2 * d * (tid + 1) - 1;
      tree[node] += tree[node - d];
    }
  }
  __syncthreads();

  // Down-sweep: each node holds the sum of everything left of its subtree.
  int total = 0; // the tile's, in thread 0
  if (tid == 0)
  {
    total               = tree[2 * BLOCK - 1];
    tree[2 * BLOCK - 1] = 0;
  }
  for (int d = BLOCK; d >= 1; d /= 2)
  {
    __syncthreads();
    if (tid < BLOCK / d)
    {
      const int node = 2 * d * (tid + 1) - 1;
      const int left = tree[node - d];
      tree[node - d] = tree[node];
      tree[node] += left;
    }
  }
  __syncthreads();

  if (base + tid < n) // exclusive + own item = inclusive
  {
    out[base + tid] = tree[tid] + a;
  }
  if (base + tid + BLOCK < n)
  {
    out[base + tid + BLOCK] = tree[tid + BLOCK] + b;
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

} // namespace step02_blelloch
