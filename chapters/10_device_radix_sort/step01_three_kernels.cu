// Step 1: the classic LSD radix sort, three kernels a digit pass
// (Merrill and Grimshaw, "High performance and scalable radix sorting", 2011).
//
// What changes: everything; this is the starting point. Each of the four
// 8-bit digit passes is three kernels:
//   1. upsweep: each block counts the digits of its tile (shared atomics)
//      and writes the 256 counts, digit-major: counts[d * tiles + t];
//   2. scan: chapter 08's cubling::DeviceScan::ExclusiveSum over those
//      counts, in place. Digit-major order makes one scan give, for tile t
//      and digit d, every key of a smaller digit in any tile plus every key
//      of digit d in tiles before t: where t's first d-key goes;
//   3. downsweep: each block loads its tile again, ranks it stably
//      (radix_frame.cuh) and writes its keys to those places.
// Why: a pass must know where each key goes before it writes any, and
// that depends on every other tile: counting, scanning and moving are the
// three phases that answer it without any block waiting for another.
// Expected: each pass reads the keys twice (upsweep and downsweep) and
// writes them once, and the counts (one per 16 keys) are written, scanned
// and read again: about 3.25 key-sized streams a pass, against the 2 of an
// ideal pass, and sixteen launches (four a pass: the library's scan is two). Somewhere near a third of CUB's speed at large
// sizes; far slower at small ones, where the launches are the cost.
#include <cstdint>

#include <cubling/device/device_scan.cuh>

#include "check.h"
#include "radix_frame.cuh"

namespace step01_three_kernels
{

// example-begin upsweep
//! The tile's count of each digit (the upsweep): thread d writes
//! counts[d * tiles + tile], so that the counts of one digit lie together.
__global__ void __launch_bounds__(ch10::BLOCK) upsweep_kernel(ch10::Buffers io, int64_t n, ch10::Pass pass, int* counts)
{
  __shared__ int histogram[ch10::RADIX];
  histogram[threadIdx.x] = 0;
  __syncthreads();
  uint32_t keys[ch10::ITEMS], values[ch10::ITEMS];
  int digits[ch10::ITEMS];
  ch10::load_tile<false>(io, blockIdx.x * int64_t{ch10::TILE}, n, pass, keys, values, digits);
#pragma unroll
  for (int k = 0; k < ch10::ITEMS; ++k)
  {
    if (digits[k] < ch10::RADIX)
    {
      atomicAdd(&histogram[digits[k]], 1);
    }
  }
  __syncthreads();
  counts[threadIdx.x * static_cast<int64_t>(gridDim.x) + blockIdx.x] = histogram[threadIdx.x];
}
// example-end upsweep

// example-begin offsets
//! The tile's global offsets: read from the scanned counts.
struct ScannedCounts
{
  const int* counts;
  int64_t tiles;
  template <typename Storage>
  __device__ void operator()(Storage& s, int64_t tile) const
  {
    s.global[threadIdx.x] = counts[threadIdx.x * tiles + tile];
    __syncthreads();
  }
};
// example-end offsets

template <bool PAIRS>
__global__ void __launch_bounds__(ch10::BLOCK)
  downsweep_kernel(ch10::Buffers io, int64_t n, ch10::Pass pass, const int* counts)
{
  __shared__ ch10::TileStorage<PAIRS> storage;
  ch10::sort_tile<PAIRS>(storage, ScannedCounts{counts, static_cast<int64_t>(gridDim.x)}, io, blockIdx.x, n, pass);
}

//! The scratch beyond the temporary arrays: the counts, then the scan's storage.
size_t scan_bytes(int64_t n)
{
  size_t bytes = 0;
  CHECK_CUDA(cubling::DeviceScan::ExclusiveSum(nullptr, bytes, static_cast<const int*>(nullptr),
                                               static_cast<int*>(nullptr), ch10::RADIX * ch10::tiles_of(n)));
  return bytes;
}
size_t scratch_bytes(int64_t n)
{
  return 2 * ch10::temp_array_bytes(n) + ch10::temp_array_bytes(ch10::RADIX * ch10::tiles_of(n)) + scan_bytes(n);
}

// example-begin passes
template <typename Problem>
void sort(const runner::Args<Problem>& a)
{
  char* temp = static_cast<char*>(a.scratch);
  ch10::Sort sort;
  if (!ch10::make_sort(a, temp, sort) || a.n == 0)
  {
    return;
  }
  const int64_t tiles = ch10::tiles_of(a.n);
  int* counts         = reinterpret_cast<int*>(temp);
  void* scan_storage  = temp + ch10::temp_array_bytes(ch10::RADIX * tiles);
  size_t bytes        = scan_bytes(a.n);
  const auto grid     = static_cast<unsigned>(tiles);
  for (int p = 0; p < sort.passes; ++p)
  {
    const ch10::Buffers io = sort.buffers(p);
    upsweep_kernel<<<grid, ch10::BLOCK, 0, a.stream>>>(io, a.n, sort.pass(p), counts);
    CHECK_CUDA(cubling::DeviceScan::ExclusiveSum(scan_storage, bytes, counts, counts, ch10::RADIX * tiles, a.stream));
    downsweep_kernel<Problem::pairs><<<grid, ch10::BLOCK, 0, a.stream>>>(io, a.n, sort.pass(p), counts);
  }
}
// example-end passes

void launch(const runner::Args<problems::sort_keys_u32>& a)
{
  sort(a);
}
void launch(const runner::Args<problems::sort_pairs_u32>& a)
{
  sort(a);
}

} // namespace step01_three_kernels
