// reduce_partials.cuh: what the two-pass and one-pass steps of chapter 05 share.
//
// From step 3 on, every block leaves one partial sum in scratch memory, and
// one block folds the partials into the result: in a second kernel (steps 3
// to 5), or as the last act of the first kernel (step 6). Both use
// fold_partials(), so the partials are always combined the same way: thread
// t adds partials t, t + BLOCK, t + 2 BLOCK, ... in increasing order, and
// BlockReduce folds the threads' sums in rank order. For a given number of
// partials the order of every addition is fixed, which is what makes a
// floating-point sum come out the same, to the bit, run after run.
//
// Persistent grids (steps 4 to 7) are sized by runner::resident_grid
// (chapters/common/device_info.h): as many blocks as the occupancy
// calculator says fit on one multiprocessor at once, times the number of
// multiprocessors of the device the step runs on.
#pragma once

#include <cstdint>

#include <cuda_runtime.h>

#include <cubling/block/block_reduce.cuh>

#include "device_info.h"

namespace ch05
{

//! Threads of the one block of the second pass: more threads, more partials in flight.
constexpr int FINAL_BLOCK = 1024;

// example-begin fold-partials
// Fold `count` partial sums with one block; the result is valid in thread 0.
// The loads go to L2 (__ldcg): in step 6 the partials were written moments
// ago by other blocks of the same launch, and must not come from a stale L1.
template <int BLOCK_THREADS>
__device__ int fold_partials(const int* partials, int64_t count,
                             typename cubling::BlockReduce<int, BLOCK_THREADS>::TempStorage& temp_storage)
{
  int thread_sum = 0;
  for (int64_t i = threadIdx.x; i < count; i += BLOCK_THREADS)
  {
    thread_sum += __ldcg(partials + i);
  }
  return cubling::BlockReduce<int, BLOCK_THREADS>(temp_storage).Sum(thread_sum);
}

// The second pass of steps 3 to 5: one block, one result.
template <int BLOCK_THREADS>
__global__ void __launch_bounds__(BLOCK_THREADS) final_pass_kernel(const int* partials, int* out, int64_t count)
{
  __shared__ typename cubling::BlockReduce<int, BLOCK_THREADS>::TempStorage temp_storage;
  const int total = fold_partials<BLOCK_THREADS>(partials, count, temp_storage);
  if (threadIdx.x == 0)
  {
    *out = total;
  }
}
// example-end fold-partials

//! Launch the second pass: out[0] = partials[0] + ... + partials[count - 1].
inline void final_pass(const int* partials, int* out, int64_t count, cudaStream_t stream)
{
  final_pass_kernel<FINAL_BLOCK><<<1, FINAL_BLOCK, 0, stream>>>(partials, out, count);
}


} // namespace ch05
