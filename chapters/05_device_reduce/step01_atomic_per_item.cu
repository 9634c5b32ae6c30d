// Step 1: every item is added to the result with its own atomicAdd.
//
// What changes: chapters 01 to 03 reduced inside a thread, a warp, a block.
// Now the whole GPU must produce one number, and the first idea is the
// shortest program: one thread per item, and each thread does
// atomicAdd(out, item). The hardware makes the read-modify-write of each
// atomic indivisible, so no addition is lost. The output must start at 0, so
// the launch first clears it with cudaMemsetAsync: a second operation on the
// stream, with its own cost, before the kernel even starts.
// Why: it is correct, it handles every n with a single bounds test, and it
// shows where the cost of a device-wide reduction really lies: in combining
// the results of many threads, not in reading the input.
// Expected: by far the slowest step of the chapter at large sizes. All n
// atomics go to one address, and the L2 slice that owns that address applies
// them one after the other. (The compiler may fold a warp's 32 atomics on one
// address into one; even then n / 32 updates queue on a single word.) Every
// step after this one is a way of doing fewer atomics, and then none.
#include <cstdint>

#include <cuda_runtime.h>

#include <cubling/util/math.cuh>

#include "problems.h"

namespace step01_atomic_per_item
{

constexpr int BLOCK = 256;

// example-begin kernel
__global__ void __launch_bounds__(BLOCK) reduce_kernel(const int* in, int* out, int64_t n)
{
  const int64_t i = blockIdx.x * int64_t{BLOCK} + threadIdx.x;
  if (i < n)
  {
    atomicAdd(out, in[i]);
  }
}

void launch(const runner::Args<problems::reduce_sum_i32>& a)
{
  // The output is the accumulator, so it must be 0 first: one more operation on the stream.
  cudaMemsetAsync(a.out(), 0, sizeof(int), a.stream);
  // One thread per item; n / 256 blocks fit the grid's 2^31 - 1 limit for any n that fits in memory.
  const int64_t blocks = cubling::ceil_div(a.n, BLOCK);
  if (blocks > 0)
  {
    reduce_kernel<<<static_cast<unsigned>(blocks), BLOCK, 0, a.stream>>>(a.in(), a.out(), a.n);
  }
}
// example-end kernel

} // namespace step01_atomic_per_item
