// Step 1: a tree in shared memory, inside one warp.
//
// What changes: from chapter 01, everything. The whole GPU works: a grid of
// threads reads the array in coalesced strides and each thread adds its
// share in a register (sum_frame.cuh, phase 1). What is left is the subject
// of this chapter, phase 2: the 32 lanes of a warp must combine their 32
// sums into one. Here they do it the way a block does in chapter 03, shrunk
// to a warp: each lane writes its sum to its own slot of a 32-int array in
// shared memory, then in five levels (offsets 16, 8, 4, 2, 1) lane i, for
// i < offset, adds slot i + offset into slot i. Lane 0 ends with the total
// and adds it to the result with one atomicAdd (phase 3).
// Why: it is the simplest correct tree. Each level touches disjoint slots
// (lanes below `offset` write slots below `offset` and read slots from
// `offset` up), so within a level nothing races; between levels, a
// __syncwarp() makes one level's writes visible before the next level reads
// them. Without it the code would not be correct: since Volta (sm_70) the
// lanes of a warp are scheduled independently, and nothing guarantees that
// they move in lockstep.
// Expected: far faster than chapter 01's last step, and close to the copy's
// bandwidth at large sizes: phase 1 now reads coalesced, with the whole
// GPU. Phase 2 costs five levels of a compare, a shared-memory load, an
// add and a store (the compiler turns the `if` into predication), with half
// the lanes idle at the first level, three quarters at the second, ...: a
// chain of shared-memory latencies, on the order of a hundred cycles. But it
// runs once per warp per kernel, so its cost hides behind phase 1's memory
// traffic at large sizes and behind the launch at small ones. The next
// steps make phase 2 itself shorter and simpler; expect the table to show
// that it was never the bottleneck of this kernel. (It is where a warp
// reduction runs in a loop, as in the block and scan chapters.)
// Expected on many segments (segment_sums_i32): here phase 2 runs once per
// 128 bytes, and each segment waits for its load, then for this chain of
// five dependent shared-memory round trips, before its warp can move on.
// The slowest step of the chapter on this benchmark, and the baseline the
// next steps are measured against.
#include <cstdint>

#include <cuda_runtime.h>

#include "sum_frame.cuh"
#include "problems.h"

namespace step01_smem_tree
{

// example-begin kernel
// Phase 2: `tree` is this warp's 32 ints of shared memory. The total ends in lane 0.
__device__ __forceinline__ int warp_sum(int* tree, int lane, int value)
{
  tree[lane] = value;
  __syncwarp(); // every lane's value is in its slot
#pragma unroll
  for (int offset = 16; offset > 0; offset /= 2)
  {
    if (lane < offset)
    {
      value += tree[lane + offset]; // written at the previous level by lane + offset
      tree[lane] = value;           // read at the next level, if lane >= offset / 2
    }
    __syncwarp(); // this level's writes are visible before the next level reads
  }
  return value;
}

__global__ void __launch_bounds__(ch02::BLOCK) reduce_kernel(const int* in, int* out, int64_t n)
{
  __shared__ int tree[ch02::WARPS][32];
  const int lane = threadIdx.x % 32;
  const int sum  = warp_sum(tree[threadIdx.x / 32], lane, ch02::thread_sum(in, n));
  if (lane == 0)
  {
    atomicAdd(out, sum); // phase 3: one atomic per warp
  }
}
// example-end kernel

// example-begin segment-kernel
// The same phase 2 on segment_sums_i32: one combine per 32-item segment (sum_frame.cuh).
__global__ void __launch_bounds__(ch02::BLOCK) segment_kernel(const int* in, int* out, int64_t n)
{
  __shared__ int tree[ch02::WARPS][32];
  int* const warp_tree = tree[threadIdx.x / 32];
  const int lane       = threadIdx.x % 32;
  ch02::segment_sums(in, out, n, [=](int value) { return warp_sum(warp_tree, lane, value); });
}
// example-end segment-kernel

void launch(const runner::Args<problems::reduce_sum_i32>& a)
{
  ch02::launch_sum(reduce_kernel, a);
}

void launch(const runner::Args<problems::segment_sums_i32>& a)
{
  ch02::launch_segments<segment_kernel>(a);
}

} // namespace step01_smem_tree
