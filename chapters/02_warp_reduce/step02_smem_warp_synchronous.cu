// Step 2: the old warp-synchronous idiom, with __syncwarp() done right.
//
// What changes: step 1's `if (lane < offset)` goes. All 32 lanes work at
// every level: lane i adds slot i + offset, whatever i is. Lanes 16 to 31
// read up to 16 slots past the warp's 32, so the array grows to 48 ints and
// the 16 extra slots hold zeros. The running value stays in a register, and
// each level has two barriers instead of one.
// Why: this is the shape of the idiom that ended every block reduction for a
// decade, once only one warp was left (CUDA samples, "reduction" kernel 6):
//
//     if (tid < 32) {
//       volatile int* s = sdata;
//       s[tid] += s[tid + 32]; s[tid] += s[tid + 16]; s[tid] += s[tid + 8];
//       s[tid] += s[tid + 4];  s[tid] += s[tid + 2];  s[tid] += s[tid + 1];
//     }
//
// No branch, no barrier: it counted on the 32 lanes of a warp executing in
// lockstep, and that is no longer guaranteed. Since Volta (sm_70) each lane
// has its own program counter and the scheduler may run the lanes of a warp
// apart. Two races follow, and `volatile` fixes neither: it only keeps the
// compiler from holding s[] in registers, it orders nothing between lanes.
//   1. Within a level: `s[tid] += s[tid + 16]` loads s[tid + 16], loads
//      s[tid], adds and stores s[tid]. In the same statement lane tid + 16
//      stores s[tid + 16]. In lockstep every lane's loads come before any
//      lane's store, so lane tid reads the old value. Without lockstep, lane
//      tid + 16 may already have stored its new sum, and lane tid adds
//      s[tid + 32] a second time (write-after-read race).
//   2. Between levels: lane tid may reach `s[tid] += s[tid + 8]` before lane
//      tid + 8 has stored its result of the previous line, and add a stale
//      value (read-after-write race).
// Each race needs its own barrier: a __syncwarp() between the read and the
// write of a level (1), and one between the write and the next level's read
// (2). __syncwarp() both waits for the lanes and orders their shared-memory
// accesses, so no `volatile` is needed either. Step 1 needed only one
// barrier per level because its `if` kept readers and writers on disjoint
// slots. (CUB's fallback for logical warps of non-power-of-two size,
// WarpReduceSmem, has this step's structure, with both barriers.)
// Expected: the same time as step 1. Phase 2 loses step 1's compare at
// each level and gains the stores of the padding; and, as step 1 explains,
// phase 2 does not set this kernel's time anyway. The barriers need not
// cost anything: where the compiler can see that all 32 lanes arrive
// together, as here, it may emit no instruction for them (look for
// WARPSYNC in `cuobjdump -sass`). Without them, though, the compiler and
// the hardware are free to break the code. Done right, the old trick saves
// little; it is here because its broken form is still everywhere. Step 3
// leaves shared memory behind, and with it the barriers.
// Expected on many segments (segment_sums_i32): about step 1's time, perhaps
// a little more: the same five shared-memory round trips per segment, with
// two barriers per level and no compare. Where phase 2 is on the critical
// path, the old idiom done right still buys nothing.
#include <cstdint>

#include <cuda_runtime.h>

#include "sum_frame.cuh"
#include "problems.h"

namespace step02_smem_warp_synchronous
{

// example-begin kernel
// Phase 2: `tree` is this warp's 48 ints of shared memory. The total ends in lane 0.
__device__ __forceinline__ int warp_sum(int* tree, int lane, int value)
{
  tree[lane] = value;
  if (lane < 16)
  {
    tree[32 + lane] = 0; // what lanes 16 to 31 read past the end
  }
  __syncwarp();
#pragma unroll
  for (int offset = 16; offset > 0; offset /= 2)
  {
    value += tree[lane + offset]; // every lane reads, no branch
    __syncwarp();                 // (1) all reads of this level are done...
    tree[lane] = value;           //     ...before any lane overwrites its slot
    __syncwarp();                 // (2) all writes are visible before the next level reads
  }
  return value;
}

__global__ void __launch_bounds__(ch02::BLOCK) reduce_kernel(const int* in, int* out, int64_t n)
{
  __shared__ int tree[ch02::WARPS][48];
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
  __shared__ int tree[ch02::WARPS][48];
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

} // namespace step02_smem_warp_synchronous
