// problems.cu: CPU references and CUB oracles for the chapters' problems.
#include <cub/device/device_reduce.cuh>

#include <algorithm>
#include <cmath>
#include <cstring>

#include <cubling/device/device_reduce.cuh>
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
// The larger of the temporary storage that cub::DeviceReduce and
// cubling::DeviceReduce ask for: chapter 05 runs both on the same scratch.
template <typename Query>
size_t larger_query(Query query)
{
  size_t cub_bytes = 0, cubling_bytes = 0;
  CHECK_CUDA(query(cub::DeviceReduce{}, cub_bytes));
  CHECK_CUDA(query(cubling::DeviceReduce{}, cubling_bytes));
  return std::max(cub_bytes, cubling_bytes);
}
// Partial results: one int per item of the smallest chunk any step uses
// (64), or what a DeviceReduce::Sum needs, if that is more.
size_t partials_i32(int64_t n)
{
  const size_t partials = sizeof(int) * static_cast<size_t>(cubling::ceil_div(n, 64) + 1);
  return std::max(partials, larger_query([n](auto library, size_t& bytes) {
                    return library.Sum(nullptr, bytes, static_cast<const int*>(nullptr), static_cast<int*>(nullptr), n);
                  }));
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

// --- reduce_sum_f32 ---------------------------------------------------------------
double bytes_read_4(int64_t n)
{
  return 4.0 * static_cast<double>(n);
}
// Multiples of 1/8 in [-8, 8]: every partial sum of up to 2^28 of them is a
// multiple of 1/8 far below 2^21, so float adds them exactly, in any order,
// and the result can be compared bit for bit with the CPU's and CUB's.
void fill_eighths(void* h_in, int64_t n, uint64_t seed)
{
  float* in = static_cast<float*>(h_in);
  for (int64_t i = 0; i < n; ++i)
  {
    in[i] = static_cast<float>(static_cast<int>(check_random(&seed) % 129) - 64) / 8.0f;
  }
}
void sum_f32(const void* h_in, int64_t n, void* h_out)
{
  const float* in = static_cast<const float*>(h_in);
  double sum      = 0.0;
  for (int64_t i = 0; i < n; ++i)
  {
    sum += in[i];
  }
  *static_cast<float*>(h_out) = static_cast<float>(sum);
}
bool same_4_bytes(const void* got, const void* want, int64_t)
{
  return std::memcmp(got, want, 4) == 0;
}
size_t scratch_sum_f32(int64_t n)
{
  return larger_query([n](auto library, size_t& bytes) {
    return library.Sum(nullptr, bytes, static_cast<const float*>(nullptr), static_cast<float*>(nullptr), n);
  });
}
size_t cub_sum_f32_temp(int64_t n)
{
  size_t bytes = 0;
  CHECK_CUDA(cub::DeviceReduce::Sum(nullptr, bytes, static_cast<const float*>(nullptr), static_cast<float*>(nullptr), n));
  return bytes;
}
void cub_sum_f32(void* d_temp, size_t temp_bytes, const void* d_in, void* d_out, int64_t n, cudaStream_t stream)
{
  CHECK_CUDA(cub::DeviceReduce::Sum(d_temp, temp_bytes, static_cast<const float*>(d_in), static_cast<float*>(d_out), n,
                                    stream));
}

// --- reduce_sum_squares_f32 --------------------------------------------------------
void fill_unit_floats(void* h_in, int64_t n, uint64_t seed)
{
  float* in = static_cast<float*>(h_in);
  for (int64_t i = 0; i < n; ++i)
  {
    in[i] = static_cast<float>(static_cast<int64_t>(check_random(&seed) >> 40) - (int64_t{1} << 23)) / 8388608.0f;
  }
}
void sum_squares_f32(const void* h_in, int64_t n, void* h_out)
{
  const float* in = static_cast<const float*>(h_in);
  double sum      = 0.0;
  for (int64_t i = 0; i < n; ++i)
  {
    sum += static_cast<double>(in[i]) * in[i];
  }
  *static_cast<float*>(h_out) = static_cast<float>(sum);
}
bool close_positive_f32(const void* got, const void* want, int64_t)
{
  const float a = *static_cast<const float*>(got);
  const float b = *static_cast<const float*>(want);
  return std::fabs(a - b) <= 1e-5f * b + 1e-30f;
}
using Square = reduce_sum_squares_f32::Square;
size_t cub_sum_squares_temp(int64_t n)
{
  size_t bytes = 0;
  CHECK_CUDA(cub::DeviceReduce::TransformReduce(nullptr, bytes, static_cast<const float*>(nullptr),
                                                static_cast<float*>(nullptr), n, cubling::Sum{}, Square{}, 0.0f));
  return bytes;
}
size_t scratch_sum_squares_f32(int64_t n)
{
  return reduce_sum_squares_f32::squares_bytes(n) + std::max(cub_sum_squares_temp(n), scratch_sum_f32(n));
}
void cub_sum_squares(void* d_temp, size_t temp_bytes, const void* d_in, void* d_out, int64_t n, cudaStream_t stream)
{
  CHECK_CUDA(cub::DeviceReduce::TransformReduce(d_temp, temp_bytes, static_cast<const float*>(d_in),
                                                static_cast<float*>(d_out), n, cubling::Sum{}, Square{}, 0.0f, stream));
}

// --- reduce_min_i32, reduce_max_i32 ------------------------------------------------
void min_i32(const void* h_in, int64_t n, void* h_out)
{
  const int* in = static_cast<const int*>(h_in);
  *static_cast<int*>(h_out) = *std::min_element(in, in + n);
}
void max_i32(const void* h_in, int64_t n, void* h_out)
{
  const int* in = static_cast<const int*>(h_in);
  *static_cast<int*>(h_out) = *std::max_element(in, in + n);
}
size_t scratch_min_max_i32(int64_t n)
{
  return larger_query([n](auto library, size_t& bytes) {
    return library.Min(nullptr, bytes, static_cast<const int*>(nullptr), static_cast<int*>(nullptr), n);
  });
}
size_t cub_min_max_temp(int64_t n)
{
  size_t bytes = 0;
  CHECK_CUDA(cub::DeviceReduce::Min(nullptr, bytes, static_cast<const int*>(nullptr), static_cast<int*>(nullptr), n));
  return bytes;
}
void cub_min(void* d_temp, size_t temp_bytes, const void* d_in, void* d_out, int64_t n, cudaStream_t stream)
{
  CHECK_CUDA(
    cub::DeviceReduce::Min(d_temp, temp_bytes, static_cast<const int*>(d_in), static_cast<int*>(d_out), n, stream));
}
void cub_max(void* d_temp, size_t temp_bytes, const void* d_in, void* d_out, int64_t n, cudaStream_t stream)
{
  CHECK_CUDA(
    cub::DeviceReduce::Max(d_temp, temp_bytes, static_cast<const int*>(d_in), static_cast<int*>(d_out), n, stream));
}

// --- reduce_argmin_i32 --------------------------------------------------------------
using ArgResult = reduce_argmin_i32::Out;
// Values in [-2^20, 2^20]: at large sizes the minimum occurs many times, and
// the first occurrence must win.
void fill_tied_ints(void* h_in, int64_t n, uint64_t seed)
{
  int* in = static_cast<int*>(h_in);
  for (int64_t i = 0; i < n; ++i)
  {
    in[i] = static_cast<int>(check_random(&seed) % ((1u << 21) + 1)) - (1 << 20);
  }
}
void argmin_i32(const void* h_in, int64_t n, void* h_out)
{
  const int* in    = static_cast<const int*>(h_in);
  const int* first = std::min_element(in, in + n); // the first of equal minima
  auto* out        = static_cast<ArgResult*>(h_out);
  out->key         = first - in;
  out->value       = *first;
}
bool same_arg_result(const void* got, const void* want, int64_t) // the members only: the padding stays poisoned
{
  const auto* a = static_cast<const ArgResult*>(got);
  const auto* b = static_cast<const ArgResult*>(want);
  return a->key == b->key && a->value == b->value;
}
size_t scratch_argmin_i32(int64_t n)
{
  return larger_query([n](auto library, size_t& bytes) {
    return library.ArgMin(nullptr, bytes, static_cast<const int*>(nullptr), static_cast<int*>(nullptr),
                          static_cast<int64_t*>(nullptr), n);
  });
}
size_t cub_argmin_temp(int64_t n)
{
  size_t bytes = 0;
  CHECK_CUDA(cub::DeviceReduce::ArgMin(nullptr, bytes, static_cast<const int*>(nullptr), static_cast<int*>(nullptr),
                                       static_cast<int64_t*>(nullptr), n));
  return bytes;
}
void cub_argmin(void* d_temp, size_t temp_bytes, const void* d_in, void* d_out, int64_t n, cudaStream_t stream)
{
  auto* out = static_cast<ArgResult*>(d_out);
  CHECK_CUDA(cub::DeviceReduce::ArgMin(d_temp, temp_bytes, static_cast<const int*>(d_in), &out->value, &out->key, n,
                                       stream));
}

} // namespace

const runner::Problem reduce_sum_f32::problem = {
  "sum of float32", "float32", sizeof(float), sizeof(float), one_item, bytes_read_4, scratch_sum_f32, fill_eighths,
  sum_f32, same_4_bytes, "cub::DeviceReduce::Sum", cub_sum_f32_temp, cub_sum_f32,
};

const runner::Problem reduce_sum_squares_f32::problem = {
  "sum of squares of float32", "float32", sizeof(float), sizeof(float), one_item, bytes_read_4, scratch_sum_squares_f32,
  fill_unit_floats, sum_squares_f32, close_positive_f32, "cub::DeviceReduce::TransformReduce (square, then +)",
  cub_sum_squares_temp, cub_sum_squares,
};

const runner::Problem reduce_min_i32::problem = {
  "minimum of int32", "int32", sizeof(int), sizeof(int), one_item, bytes_read_4, scratch_min_max_i32, fill_any_ints,
  min_i32, same_4_bytes, "cub::DeviceReduce::Min", cub_min_max_temp, cub_min,
};

const runner::Problem reduce_max_i32::problem = {
  "maximum of int32", "int32", sizeof(int), sizeof(int), one_item, bytes_read_4, scratch_min_max_i32, fill_any_ints,
  max_i32, same_4_bytes, "cub::DeviceReduce::Max", cub_min_max_temp, cub_max,
};

const runner::Problem reduce_argmin_i32::problem = {
  "first minimum of int32, with its index", "int32", sizeof(int), sizeof(ArgResult), one_item, bytes_read_4,
  scratch_argmin_i32, fill_tied_ints, argmin_i32, same_arg_result, "cub::DeviceReduce::ArgMin", cub_argmin_temp,
  cub_argmin,
};

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
