// ThreadReduce, on the CPU (--host) and on the GPU (--device).
//
// Each case fills `threads` random arrays of LENGTH items and reduces each
// one with cubling::ThreadReduce, with and without a prefix. The oracle is a
// left fold written out here on the CPU; on the GPU, cub::ThreadReduce on
// the same registers is a second oracle. Outputs are poisoned first, so an
// unwritten result fails.
#include <cub/thread/thread_reduce.cuh>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include <cubling/thread/thread_operators.cuh>
#include <cubling/thread/thread_reduce.cuh>

#include "check.h"
#include "custom_operators.cuh"

namespace
{

uint64_t rng = 0;

template <typename T>
T random_item()
{
  const uint64_t r = check_random(&rng);
  if constexpr (std::is_same_v<T, Affine>)
  {
    return {static_cast<uint32_t>(r) | 1u, static_cast<uint32_t>(r >> 32)};
  }
  else if constexpr (std::is_floating_point_v<T>)
  {
    return static_cast<T>((static_cast<double>(r >> 11) / 9007199254740992.0) * 2.0 - 1.0); // [-1, 1)
  }
  else if constexpr (std::is_signed_v<T>)
  {
    return static_cast<T>(static_cast<int>(r % 101) - 50); // no overflow in any sum below
  }
  else
  {
    return static_cast<T>(r % 101);
  }
}

// Bitwise equality, except that any NaN equals any NaN: the GPU returns the
// canonical NaN (0x7fffffff) where the CPU keeps the payload it was given.
template <typename T>
bool same_bits(const T& x, const T& y)
{
  if constexpr (std::is_floating_point_v<T>)
  {
    if (std::isnan(x) && std::isnan(y))
    {
      return true;
    }
  }
  return std::memcmp(&x, &y, sizeof(T)) == 0;
}

template <typename T>
bool close(const T& x, const T& y)
{
  if constexpr (std::is_floating_point_v<T>)
  {
    return same_bits(x, y) || std::fabs(double(x) - double(y)) <= 1e-5 * (1.0 + std::fabs(double(y)));
  }
  else
  {
    return same_bits(x, y);
  }
}

// The CPU oracle: the left fold that ThreadReduce promises, written out.
template <typename Acc, typename T, typename Op>
Acc left_fold(const T* items, int length, Op op, Acc start)
{
  Acc accumulator = start;
  for (int i = 0; i < length; ++i)
  {
    accumulator = op(accumulator, items[i]);
  }
  return accumulator;
}

template <int LENGTH, typename T, typename Op, typename Acc>
__global__ void reduce_kernel(const T* in, const Acc* prefix, Acc* plain, Acc* with_prefix, Acc* with_cub, int threads,
                              bool run_cub, Op op)
{
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= threads)
  {
    return;
  }
  T items[LENGTH];
#pragma unroll
  for (int j = 0; j < LENGTH; ++j)
  {
    items[j] = in[t * LENGTH + j];
  }
  plain[t]       = cubling::ThreadReduce(items, op);
  with_prefix[t] = cubling::ThreadReduce(items, op, prefix[t]);
  if (run_cub)
  {
    with_cub[t] = cub::ThreadReduce(items, op);
  }
}

template <typename T>
T* to_device(const std::vector<T>& host)
{
  T* device = nullptr;
  CHECK_CUDA(cudaMalloc(&device, sizeof(T) * host.size()));
  CHECK_CUDA(cudaMemcpy(device, host.data(), sizeof(T) * host.size(), cudaMemcpyHostToDevice));
  return device;
}

template <typename T>
std::vector<T> to_host_and_free(T* device, size_t count)
{
  std::vector<T> host(count);
  CHECK_CUDA(cudaMemcpy(host.data(), device, sizeof(T) * count, cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaFree(device));
  return host;
}

template <typename T>
T* poisoned(size_t count)
{
  T* device = nullptr;
  CHECK_CUDA(cudaMalloc(&device, sizeof(T) * count));
  CHECK_CUDA(cudaMemset(device, 0xA5, sizeof(T) * count));
  return device;
}

bool on_device = false;
int cases      = 0;

// One case: `threads` arrays of LENGTH items of T, reduced with op.
// `items` overrides the random input when given (NaN/Inf cases).
template <int LENGTH, typename T, typename Op>
void check_case(Op op, bool compare_with_cub = true, const std::vector<T>& items = {})
{
  using Acc         = decltype(op(std::declval<T>(), std::declval<T>()));
  const int threads = 97;
  std::vector<T> in = items;
  for (size_t i = in.size(); i < size_t(threads) * LENGTH; ++i)
  {
    in.push_back(random_item<T>());
  }
  std::vector<Acc> prefix(threads);
  for (auto& p : prefix)
  {
    p = static_cast<Acc>(random_item<T>());
  }

  std::vector<Acc> plain(threads), with_prefix(threads), with_cub(threads);
  if (on_device)
  {
    T* d_in        = to_device(in);
    Acc* d_prefix  = to_device(prefix);
    Acc* d_plain   = poisoned<Acc>(threads);
    Acc* d_with    = poisoned<Acc>(threads);
    Acc* d_cub     = poisoned<Acc>(threads);
    reduce_kernel<LENGTH><<<(threads + 63) / 64, 64>>>(d_in, d_prefix, d_plain, d_with, d_cub, threads, compare_with_cub, op);
    CHECK_LAUNCH();
    plain       = to_host_and_free(d_plain, threads);
    with_prefix = to_host_and_free(d_with, threads);
    with_cub    = to_host_and_free(d_cub, threads);
    CHECK_CUDA(cudaFree(d_in));
    CHECK_CUDA(cudaFree(d_prefix));
  }
  else
  {
    for (int t = 0; t < threads; ++t)
    {
      T local[LENGTH] = {};
      for (int j = 0; j < LENGTH; ++j)
      {
        local[j] = in[t * LENGTH + j];
      }
      plain[t]       = cubling::ThreadReduce(local, op);
      with_prefix[t] = cubling::ThreadReduce(local, op, prefix[t]);
    }
  }

  std::printf("case %d: %s, %d items of %zu bytes, %s\n", cases, on_device ? "GPU" : "CPU", LENGTH, sizeof(T),
              __PRETTY_FUNCTION__);
  for (int t = 0; t < threads; ++t)
  {
    const T* items_t = in.data() + t * LENGTH;
    const Acc want   = left_fold<Acc>(items_t + 1, LENGTH - 1, op, static_cast<Acc>(items_t[0]));
    const Acc want_p = left_fold<Acc>(items_t, LENGTH, op, prefix[t]);
    CHECK(same_bits(plain[t], want));
    CHECK(same_bits(with_prefix[t], want_p));
    if (on_device && compare_with_cub)
    {
      CHECK(close(with_cub[t], want));
    }
  }
  ++cases;
}

template <typename T>
void check_type()
{
  check_case<1, T>(cubling::Sum());
  check_case<7, T>(cubling::Sum());
  check_case<16, T>(cubling::Sum());
  check_case<7, T>(cubling::Min());
  check_case<16, T>(cubling::Max());
  check_case<16, T>(cuda::std::plus<>()); // CUB 3's own operators work too
  if constexpr (std::is_integral_v<T>)
  {
    check_case<9, T>(BitXor());
  }
}

template <typename T>
void check_special_values()
{
  const T inf = std::numeric_limits<T>::infinity();
  const T nan = std::numeric_limits<T>::quiet_NaN();
  // The first thread's array holds the special values; the CPU fold is the oracle.
  check_case<4, T>(cubling::Sum(), false, {T(1), inf, T(2), T(3)});
  check_case<4, T>(cubling::Sum(), false, {inf, T(1), -inf, T(3)});
  check_case<4, T>(cubling::Sum(), false, {T(1), nan, T(2), T(3)});
  check_case<4, T>(cubling::Min(), false, {T(1), -inf, T(2), inf});
  check_case<4, T>(cubling::Max(), false, {T(1), -inf, T(2), inf});
}

} // namespace

int main(int argc, char** argv)
{
  on_device = argc > 1 && std::strcmp(argv[1], "--device") == 0;
  if (on_device)
  {
    check_skip_without_gpu();
  }
  rng = check_seed();

  check_type<int8_t>();
  check_type<int16_t>();
  check_type<int32_t>();
  check_type<int64_t>();
  check_type<uint8_t>();
  check_type<uint16_t>();
  check_type<uint32_t>();
  check_type<uint64_t>();
  check_type<float>();
  check_type<double>();
  check_special_values<float>();
  check_special_values<double>();
  check_case<1, Affine>(ComposeAffine());
  check_case<5, Affine>(ComposeAffine());
  check_case<32, Affine>(ComposeAffine());

  std::printf("ThreadReduce on the %s: %d cases passed\n", on_device ? "GPU" : "CPU", cases);
  return 0;
}
