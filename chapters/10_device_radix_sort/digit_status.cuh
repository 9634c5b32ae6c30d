// digit_status.cuh: what steps 2 and 3 share, so that they differ in how a
// tile learns its digits' offsets and nothing else.
//
// Both sort with one kernel a digit pass, after one histogram:
//   1. up front, one read of the keys counts every digit of every pass
//      (histogram_kernel): for each pass, how many keys have each digit in
//      the whole input, so a digit's first place in the output is known
//      before any pass starts;
//   2. a pass is one kernel over the tiles. A block draws its tile's number
//      from a counter (atomicAdd), so that whatever it waits for has started
//      (chapter 08, step 3), ranks its tile (radix_frame.cuh), and then finds,
//      for each digit d, how many keys of digit d the tiles before it hold,
//      through the *digit status words* of those tiles: one 32-bit word per
//      tile and digit, a status in the top two bits and a count in the other
//      30. Tile 0 starts from the histogram: its prefix of digit d is the
//      number of keys with a smaller digit. That search is the step's own;
//   3. it writes its keys, each read once and written once in the pass.
// One cudaMemsetAsync before each pass clears the counter and the words.
#pragma once

#include <cstdint>

#include <cuda/atomic>
#include <cuda_runtime.h>

#include "check.h"
#include "radix_frame.cuh"

namespace ch10
{

// example-begin status
enum Status : uint32_t
{
  NOT_READY = 0,       //!< nothing published yet
  AGGREGATE = 1u << 30, //!< the count is the tile's own count of the digit
  PREFIX    = 2u << 30, //!< the count is every key of a smaller digit, and of this digit up to this tile's
};
constexpr uint32_t count_mask = (1u << 30) - 1u;

__device__ __forceinline__ uint32_t read_word(uint32_t* words, int64_t at)
{
  return cuda::atomic_ref<uint32_t, cuda::thread_scope_device>(words[at]).load(cuda::memory_order_relaxed);
}
__device__ __forceinline__ void publish(uint32_t* words, int64_t at, Status status, int count)
{
  cuda::atomic_ref<uint32_t, cuda::thread_scope_device>(words[at]).store(status | static_cast<uint32_t>(count),
                                                                         cuda::memory_order_relaxed);
}
// example-end status

constexpr int max_passes = 4; //!< 32-bit keys, 8-bit digits

namespace
{ // the kernels below are defined in each file that includes this one

// example-begin histogram
//! Every pass's digit counts in one read of the keys: shared counters per
//! block, added to the global ones at the end. histogram[p * RADIX + d].
__global__ void __launch_bounds__(BLOCK)
  histogram_kernel(const uint32_t* keys, int64_t n, int begin_bit, int end_bit, bool descending, int* histogram)
{
  __shared__ int counts[max_passes][RADIX];
  const int passes = pass_count(begin_bit, end_bit);
  for (int p = 0; p < passes; ++p)
  {
    counts[p][threadIdx.x] = 0;
  }
  __syncthreads();
  for (int64_t i = blockIdx.x * int64_t{BLOCK} + threadIdx.x; i < n; i += int64_t{gridDim.x} * BLOCK)
  {
    const uint32_t key = keys[i];
    for (int p = 0; p < passes; ++p)
    {
      atomicAdd(&counts[p][pass_of(p, begin_bit, end_bit, descending).digit(key)], 1);
    }
  }
  __syncthreads();
  for (int p = 0; p < passes; ++p)
  {
    atomicAdd(&histogram[p * RADIX + threadIdx.x], counts[p][threadIdx.x]);
  }
}
// example-end histogram

} // namespace

//! Tile 0's prefix of digit d: the keys with a smaller digit (thread d,
//! every thread of the block calls it).
template <typename Storage>
__device__ __forceinline__ int digit_start(Storage& s, const int* histogram)
{
  int start;
  BlockScan(s.scan).ExclusiveSum(histogram[threadIdx.x], start);
  return start;
}

//! One pass: a block per tile, numbered by the counter.
template <bool PAIRS, typename Offsets>
__global__ void __launch_bounds__(BLOCK) one_pass_kernel(Buffers io, int64_t n, Pass pass, uint32_t* counter,
                                                          Offsets offsets)
{
  __shared__ TileStorage<PAIRS> storage;
  __shared__ uint32_t drawn;
  if (threadIdx.x == 0)
  {
    drawn = atomicAdd(counter, 1u);
  }
  __syncthreads();
  sort_tile<PAIRS>(storage, offsets, io, drawn, n, pass);
}

//! The scratch beyond the temporary arrays: the histogram, the counter, the words.
inline size_t status_bytes(int64_t n)
{
  return sizeof(int) * max_passes * RADIX + 256 + sizeof(uint32_t) * RADIX * static_cast<size_t>(tiles_of(n));
}

// example-begin one-pass
//! The histogram, then a pass per digit: clear the counter and the words,
//! then one block per tile. `Offsets` is built from the pass's histogram
//! and words.
template <typename Offsets, typename Problem>
void sort_in_one_pass_each(const runner::Args<Problem>& a)
{
  char* temp = static_cast<char*>(a.scratch);
  Sort sort;
  if (!make_sort(a, temp, sort) || a.n == 0 || sort.passes == 0)
  {
    return;
  }
  int* histogram       = reinterpret_cast<int*>(temp);
  uint32_t* counter    = reinterpret_cast<uint32_t*>(temp + sizeof(int) * max_passes * RADIX);
  uint32_t* words      = counter + 256 / sizeof(uint32_t);
  const int64_t tiles  = tiles_of(a.n);
  CHECK_CUDA(cudaMemsetAsync(histogram, 0, sizeof(int) * max_passes * RADIX, a.stream));
  const auto blocks = static_cast<unsigned>(tiles < 1024 ? tiles : 1024);
  histogram_kernel<<<blocks, BLOCK, 0, a.stream>>>(sort.keys_in, a.n, sort.begin_bit, sort.end_bit, sort.descending,
                                                   histogram);
  for (int p = 0; p < sort.passes; ++p)
  {
    CHECK_CUDA(cudaMemsetAsync(counter, 0, 256 + sizeof(uint32_t) * RADIX * tiles, a.stream));
    const Offsets offsets{histogram + p * RADIX, words};
    one_pass_kernel<Problem::pairs><<<static_cast<unsigned>(tiles), BLOCK, 0, a.stream>>>(
      sort.buffers(p), a.n, sort.pass(p), counter, offsets);
  }
}
// example-end one-pass

} // namespace ch10
