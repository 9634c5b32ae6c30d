// test_problems.cu: the calls of CUB that test_problems.h declares (its
// oracles, and the scans and sorts its steps share).
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>

#include <algorithm>
#include <cstdint>

#include "check.h"
#include "test_problems.h"

namespace problems
{

template <typename T>
cudaError_t test_scan_pairs::scan(void* temp, size_t& bytes, const T* in, T* out, T init, int64_t n,
                                  cudaStream_t stream)
{
  return cub::DeviceScan::ExclusiveScan(temp, bytes, in, out, cuda::std::plus<>{}, init, n, stream);
}
template cudaError_t test_scan_pairs::scan<int32_t>(void*, size_t&, const int32_t*, int32_t*, int32_t, int64_t,
                                                    cudaStream_t);
template cudaError_t test_scan_pairs::scan<int64_t>(void*, size_t&, const int64_t*, int64_t*, int64_t, int64_t,
                                                    cudaStream_t);

size_t test_scan_pairs::oracle_scratch_bytes(int64_t n)
{
  size_t narrow = 0, wide = 0;
  CHECK_CUDA(scan<int32_t>(nullptr, narrow, nullptr, nullptr, 0, n, 0));
  CHECK_CUDA(scan<int64_t>(nullptr, wide, nullptr, nullptr, 0, n, 0));
  return std::max(narrow, wide);
}

void test_scan_pairs::oracle(const runner::Args<test_scan_pairs>& a)
{
  const bool in_place = a.axes.mode == Mode::in_place;
  size_t bytes        = a.scratch_bytes;
  CHECK_CUDA(scan<int32_t>(a.scratch, bytes, in_place ? a.out<0>() : a.in<0>(), a.out<0>(), a.params().init, a.n,
                           a.stream));
  CHECK_CUDA(scan<int64_t>(a.scratch, bytes, in_place ? a.out<1>() : a.in<1>(), a.out<1>(), a.params().init, a.n,
                           a.stream));
}

size_t test_sort_pairs_u32::oracle_scratch_bytes(int64_t n)
{
  size_t bytes = 0;
  CHECK_CUDA(cub::DeviceRadixSort::SortPairs(nullptr, bytes, static_cast<const uint32_t*>(nullptr),
                                             static_cast<uint32_t*>(nullptr), static_cast<const uint32_t*>(nullptr),
                                             static_cast<uint32_t*>(nullptr), n));
  return bytes;
}

void sort_pairs_double_buffer(const runner::Args<test_sort_pairs_u32>& a)
{
  cub::DoubleBuffer<uint32_t> keys(a.out<0>(), a.alt<0>());
  cub::DoubleBuffer<uint32_t> values(a.out<1>(), a.alt<1>());
  size_t bytes      = a.scratch_bytes;
  const int end_bit = a.end_bit<uint32_t>();
  CHECK_CUDA(a.axes.descending
               ? cub::DeviceRadixSort::SortPairsDescending(a.scratch, bytes, keys, values, a.n, a.axes.begin_bit,
                                                           end_bit, a.stream)
               : cub::DeviceRadixSort::SortPairs(a.scratch, bytes, keys, values, a.n, a.axes.begin_bit, end_bit,
                                                 a.stream));
  *a.selector = keys.selector;
}

void sort_pairs_pointers(const runner::Args<test_sort_pairs_u32>& a, const uint32_t* keys_in,
                         const uint32_t* values_in, uint32_t* keys_out, uint32_t* values_out)
{
  size_t bytes      = a.scratch_bytes;
  const int end_bit = a.end_bit<uint32_t>();
  CHECK_CUDA(a.axes.descending
               ? cub::DeviceRadixSort::SortPairsDescending(a.scratch, bytes, keys_in, keys_out, values_in, values_out,
                                                           a.n, a.axes.begin_bit, end_bit, a.stream)
               : cub::DeviceRadixSort::SortPairs(a.scratch, bytes, keys_in, keys_out, values_in, values_out, a.n,
                                                 a.axes.begin_bit, end_bit, a.stream));
}

void test_sort_pairs_u32::oracle(const runner::Args<test_sort_pairs_u32>& a)
{
  if (a.axes.mode == Mode::double_buffer)
  {
    sort_pairs_double_buffer(a);
  }
  else
  {
    sort_pairs_pointers(a, a.in<0>(), a.in<1>(), a.out<0>(), a.out<1>());
  }
}

} // namespace problems
