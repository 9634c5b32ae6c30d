// sum_partials.cuh: the second pass that every step of chapter 03 shares.
//
// Each step's kernel leaves one partial sum per block in scratch memory; this
// pass folds those partials into the final result with one block. Keeping it
// identical across the steps means the steps differ only in their block
// kernel, so the table measures the block kernel and nothing else.
//
// It also brings in runner::sm_count() and runner::resident_grid()
// (chapters/common/device_info.h), which steps 7 to 9 and the
// cubling-versus-CUB kernels use to size a grid that just fills the GPU, and
// launch_tiles(), which runs the kernels of steps 1 to 6 on tile_sums_i32.
#pragma once

#include <cstdint>

#include <cuda_runtime.h>

#include "device_info.h"
#include "problems.h"

namespace ch03
{

//! Threads of the one block of the second pass.
constexpr int PARTIALS_BLOCK = 1024;

// example-begin sum-partials
// One block folds `count` partial sums: each thread adds a strided series,
// the warps fold their 32 values with shuffles, then warp 0 folds the warps.
template <int BLOCK>
__global__ void __launch_bounds__(BLOCK) sum_partials_kernel(const int* partials, int* out, int64_t count)
{
  static_assert(BLOCK % 32 == 0 && BLOCK <= 1024, "whole warps, at most 32 of them");
  __shared__ int warp_sums[BLOCK / 32];
  const int tid = threadIdx.x;
  int sum       = 0;
#pragma unroll 4
  for (int64_t i = tid; i < count; i += BLOCK)
  {
    sum += partials[i];
  }
  for (int offset = 16; offset > 0; offset /= 2)
  {
    sum += __shfl_down_sync(0xffffffffu, sum, offset);
  }
  if (tid % 32 == 0)
  {
    warp_sums[tid / 32] = sum;
  }
  __syncthreads();
  if (tid < 32)
  {
    sum = tid < BLOCK / 32 ? warp_sums[tid] : 0;
    for (int offset = 16; offset > 0; offset /= 2)
    {
      sum += __shfl_down_sync(0xffffffffu, sum, offset);
    }
    if (tid == 0)
    {
      *out = sum;
    }
  }
}
// example-end sum-partials

//! Launch the second pass: out[0] = partials[0] + ... + partials[count - 1].
inline void sum_partials(const int* partials, int* out, int64_t count, cudaStream_t stream)
{
  sum_partials_kernel<PARTIALS_BLOCK><<<1, PARTIALS_BLOCK, 0, stream>>>(partials, out, count);
}

// example-begin launch-tiles
//! tile_sums_i32 with the kernel of one of steps 1 to 6, unchanged: one
//! block of `block_threads` per 512-item tile (with `shared_bytes` of dynamic
//! shared memory), and the block sums it writes are the answer (out[], not a
//! scratch for a second pass).
template <typename Kernel>
void launch_tiles(Kernel kernel, int block_threads, const runner::Args<problems::tile_sums_i32>& a,
                  size_t shared_bytes = 0)
{
  const int64_t tiles = problems::tile_sums_i32::out_count(0, a.n);
  if (tiles > 0)
  {
    kernel<<<static_cast<unsigned>(tiles), block_threads, shared_bytes, a.stream>>>(a.in(), a.out(), a.n);
  }
}
// example-end launch-tiles

} // namespace ch03
