// sum_frame.cuh: the frames around each step of chapter 02.
//
// Each step runs its warp combine (phase 2) on two problems, each in a frame
// that is the same for all steps.
//
// The sum of the whole array (problems::reduce_sum_i32) in three phases:
//   1. each thread adds up its share of the array in a register (thread_sum);
//   2. the 32 lanes of each warp combine their 32 sums into one: the step's
//      own idea, and the only thing that changes from step to step;
//   3. lane 0 of each warp adds the warp's total to *out with one atomicAdd
//      (launch_sum zeroes *out first).
// Phases 1 and 3 live here, identical for all steps, so that the table
// measures phase 2 and nothing else. Integer addition is associative and
// commutative, so the order in which the warps' atomics land does not
// change the result. Here phase 2 runs once per warp per kernel, after a
// long phase 1, so it hardly shows in the time.
//
// The sums of 32-item segments (problems::segment_sums_i32), many small
// reductions where the first problem has one: a warp loads one segment
// (phase 1), combines it (phase 2, the step's idea), and lane 0 writes its
// sum (phase 3); then the warp moves on to its next segment. Phase 2 now
// runs once per 128 bytes read, on the critical path of every segment.
#pragma once

#include <algorithm>
#include <cstdint>

#include <cuda_runtime.h>

#include "device_info.h"
#include "problems.h"

#include <cubling/thread/thread_operators.cuh>
#include <cubling/thread/thread_reduce.cuh>
#include <cubling/util/math.cuh>

namespace ch02
{

constexpr int BLOCK         = 256;            //!< threads per block
constexpr int WARPS         = BLOCK / 32;     //!< warps per block
constexpr int UNROLL        = 4;              //!< loads each thread issues before it adds
constexpr int BLOCKS_PER_SM = 2048 / BLOCK;   //!< enough to fill a multiprocessor (2048 threads)

// example-begin thread-sum
// Phase 1: thread t of the grid adds items t, t + S, t + 2S, ..., where S is
// the number of threads in the grid. At every step the 32 lanes of a warp
// read 32 consecutive ints, one 128-byte line per load instruction
// (coalesced): the fix for the scattered reads of chapter 01's step 5.
// Each pass issues UNROLL independent loads before it adds (chapter 01).
__device__ __forceinline__ int thread_sum(const int* in, int64_t n)
{
  const int64_t stride = int64_t{gridDim.x} * blockDim.x;
  int64_t i            = int64_t{blockIdx.x} * blockDim.x + threadIdx.x;
  int sum              = 0;
  for (; i + (UNROLL - 1) * stride < n; i += UNROLL * stride)
  {
    int items[UNROLL];
#pragma unroll
    for (int j = 0; j < UNROLL; ++j)
    {
      items[j] = in[i + j * stride];
    }
    sum = cubling::ThreadReduce(items, cubling::Sum(), sum);
  }
  for (; i < n; i += stride) // the last, partial pass
  {
    sum += in[i];
  }
  return sum;
}
// example-end thread-sum


// example-begin launch-sum
// Zero *out, then launch one step's kernel on a grid that gives every thread
// at least one pass of UNROLL items, and no more blocks than the GPU holds at
// once (each thread then loops over a longer stride).
template <typename Kernel>
void launch_sum(Kernel kernel, const runner::Args<problems::reduce_sum_i32>& a)
{
  // Errors here, as from the launch, reach the caller's cudaGetLastError().
  (void) cudaMemsetAsync(a.out(), 0, sizeof(int), a.stream);
  if (a.n == 0)
  {
    return;
  }
  const int64_t most   = int64_t{runner::sm_count(a.device)} * BLOCKS_PER_SM;
  const int64_t blocks = std::min<int64_t>(cubling::ceil_div(a.n, int64_t{BLOCK} * UNROLL), most);
  kernel<<<static_cast<unsigned>(blocks), BLOCK, 0, a.stream>>>(a.in(), a.out(), a.n);
}
// example-end launch-sum

// example-begin segment-sums
// The frame of the second problem. A segment is 32 ints, one per lane: the
// shortest segment a whole warp covers, so that every 128 bytes the warp
// reads pay for one full combine. (Two or four items per lane would halve or
// quarter the combine's share of the work, and add a phase-1 loop that the
// steps do not change.) Each warp walks the segments with a grid-wide
// stride: a warp loads segment s with one coalesced 128-byte load (lanes past
// n, in a last partial segment, take 0), passes its lane's item to the
// step's `warp_sum` (phase 2: the total must end in lane 0), and lane 0
// writes out[s]. The loop's bounds are the same in all 32 lanes, so the
// whole warp always enters warp_sum together.
template <typename WarpSum>
__device__ __forceinline__ void segment_sums(const int* in, int* out, int64_t n, WarpSum warp_sum)
{
  const int lane         = threadIdx.x % 32;
  const int64_t segments = cubling::ceil_div(n, int64_t{32});
  const int64_t warps    = int64_t{gridDim.x} * WARPS;
  for (int64_t s = (int64_t{blockIdx.x} * BLOCK + threadIdx.x) / 32; s < segments; s += warps)
  {
    const int64_t i = s * 32 + lane;
    const int sum   = warp_sum(i < n ? in[i] : 0); // phases 1 and 2
    if (lane == 0)
    {
      out[s] = sum; // phase 3
    }
  }
}
// example-end segment-sums

// example-begin launch-segments
// Launch a step's segment kernel: a warp per segment, but no more blocks
// than the GPU holds at once (asked of the occupancy calculator for this
// kernel); then each warp loops over several segments.
template <auto Kernel>
void launch_segments(const runner::Args<problems::segment_sums_i32>& a)
{
  const int64_t segments = cubling::ceil_div(a.n, int64_t{32});
  const int64_t most     = runner::resident_grid<Kernel>(BLOCK, a.device);
  const int64_t blocks   = std::min(cubling::ceil_div(segments, int64_t{WARPS}), most);
  if (blocks > 0)
  {
    Kernel<<<static_cast<unsigned>(blocks), BLOCK, 0, a.stream>>>(a.in(), a.out(), a.n);
  }
}
// example-end launch-segments

} // namespace ch02
