// problems.cu: CPU references and CUB oracles for the chapters' problems.
#include <cub/device/device_reduce.cuh>

#include <cstring>

#include <cubling/util/math.cuh>

#include "check.h"
#include "problems.h"

namespace problems
{
namespace
{

// --- reduce_sum_i32 -----------------------------------------------------------
int64_t one_item(int64_t)
{
  return 1;
}
double bytes_read_i32(int64_t n)
{
  return 4.0 * static_cast<double>(n);
}
// Partial results: one int per item of the smallest chunk any step uses (64).
size_t partials_i32(int64_t n)
{
  return sizeof(int) * static_cast<size_t>(cubling::ceil_div(n, 64) + 1);
}
void fill_small_ints(void* h_in, int64_t n, uint64_t seed)
{
  int* in = static_cast<int*>(h_in);
  for (int64_t i = 0; i < n; ++i)
  {
    in[i] = static_cast<int>(check_random(&seed) % 2001) - 1000;
  }
}
void sum_i32(const void* h_in, int64_t n, void* h_out)
{
  const int* in = static_cast<const int*>(h_in);
  int64_t sum   = 0; // exact: |sum| <= 1000 n fits easily
  for (int64_t i = 0; i < n; ++i)
  {
    sum += in[i];
  }
  *static_cast<int*>(h_out) = static_cast<int>(sum);
}
bool same_i32(const void* got, const void* want, int64_t)
{
  return std::memcmp(got, want, sizeof(int)) == 0;
}
size_t cub_sum_temp(int64_t n)
{
  size_t bytes = 0;
  CHECK_CUDA(cub::DeviceReduce::Sum(nullptr, bytes, static_cast<const int*>(nullptr), static_cast<int*>(nullptr), n));
  return bytes;
}
void cub_sum(void* d_temp, size_t temp_bytes, const void* d_in, void* d_out, int64_t n, cudaStream_t stream)
{
  CHECK_CUDA(
    cub::DeviceReduce::Sum(d_temp, temp_bytes, static_cast<const int*>(d_in), static_cast<int*>(d_out), n, stream));
}

// --- copy_i32 ------------------------------------------------------------------
int64_t same_count(int64_t n)
{
  return n;
}
double bytes_read_and_written_i32(int64_t n)
{
  return 8.0 * static_cast<double>(n);
}
size_t no_scratch(int64_t)
{
  return 0;
}
void fill_any_ints(void* h_in, int64_t n, uint64_t seed)
{
  int* in = static_cast<int*>(h_in);
  for (int64_t i = 0; i < n; ++i)
  {
    in[i] = static_cast<int>(static_cast<uint32_t>(check_random(&seed) >> 32));
  }
}
void copy_reference(const void* h_in, int64_t n, void* h_out)
{
  std::memcpy(h_out, h_in, sizeof(int) * static_cast<size_t>(n));
}
bool same_ints(const void* got, const void* want, int64_t n)
{
  return std::memcmp(got, want, sizeof(int) * static_cast<size_t>(n)) == 0;
}
size_t memcpy_temp(int64_t)
{
  return 0;
}
void memcpy_d2d(void*, size_t, const void* d_in, void* d_out, int64_t n, cudaStream_t stream)
{
  CHECK_CUDA(cudaMemcpyAsync(d_out, d_in, sizeof(int) * static_cast<size_t>(n), cudaMemcpyDeviceToDevice, stream));
}

} // namespace

const runner::Problem copy_i32::problem = {
  "copy of int32",
  "int32",
  sizeof(int),
  sizeof(int),
  same_count,
  bytes_read_and_written_i32,
  no_scratch,
  fill_any_ints,
  copy_reference,
  same_ints,
  "cudaMemcpyAsync (device to device)",
  memcpy_temp,
  memcpy_d2d,
};

const runner::Problem reduce_sum_i32::problem = {
  "sum of int32",
  "int32",
  sizeof(int),
  sizeof(int),
  one_item,
  bytes_read_i32,
  partials_i32,
  fill_small_ints,
  sum_i32,
  same_i32,
  "cub::DeviceReduce::Sum",
  cub_sum_temp,
  cub_sum,
};

} // namespace problems
