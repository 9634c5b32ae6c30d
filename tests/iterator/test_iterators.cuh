// test_iterators.cuh: the harness shared by the three files of test_iterators
// (one program, compiled from three files so that they build in parallel):
//   test_iterators.cu         main(); --host: the arithmetic and the
//                             dereference of every iterator that can be read
//                             or written on the CPU, against plain pointer
//                             and closed-form computations, 64-bit offsets
//                             beyond 2^32 included
//   test_iterators_reduce.cu  --device: every iterator through
//                             cubling::DeviceReduce, against a CPU reference
//                             and cub::DeviceReduce on the equivalent input
//   test_iterators_block.cu   --device: BlockLoad/BlockStore tile round
//                             trips through every input and output iterator
//
// Outputs are poisoned before each call; inputs are seeded random data (never
// zeros); CUBLING_QUICK=1 skips the 2^32-item reduction and says so.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include "check.h"

namespace iterator_test
{

inline uint64_t rng      = 0;
inline long long cases   = 0;
inline bool quick        = false;
// What is being checked, and EXPECT(cond, printf-style message), are
// check_set_context() and EXPECT of check.h.

// A random integer in [lo, hi] that is never 0 (inputs are never zeros).
inline int64_t random_nonzero(int64_t lo, int64_t hi)
{
  for (;;)
  {
    const int64_t x = lo + static_cast<int64_t>(check_random(&rng) % static_cast<uint64_t>(hi - lo + 1));
    if (x != 0)
    {
      return x;
    }
  }
}

// A random float in [-1, 1), never 0.
inline float random_float()
{
  for (;;)
  {
    const float x = static_cast<float>(static_cast<double>(check_random(&rng) >> 40) / 8388608.0 - 1.0);
    if (x != 0.0f)
    {
      return x;
    }
  }
}

// --- operators used by the iterators under test ---------------------------------------

// x * x, in the item's own type.
struct Square
{
  template <typename T> __host__ __device__ T operator()(const T& x) const
  {
    return x * x;
  }
};

// x * x of a 32-bit integer, in 64 bits (exact).
struct SquareToI64
{
  __host__ __device__ int64_t operator()(int32_t x) const
  {
    return int64_t{x} * x;
  }
};

// 3 * x + 1 in 64-bit wraparound arithmetic (well defined for every x).
struct ThreeXPlusOne
{
  __host__ __device__ int64_t operator()(int64_t x) const
  {
    return static_cast<int64_t>(3u * static_cast<uint64_t>(x) + 1u);
  }
};

// An affine map of an int, as an output or input transform: a * x + b (wraps as unsigned).
struct AffineI32
{
  int32_t a, b;
  __host__ __device__ int32_t operator()(int32_t x) const
  {
    return static_cast<int32_t>(static_cast<uint32_t>(a) * static_cast<uint32_t>(x) + static_cast<uint32_t>(b));
  }
};

// -x, to turn a maximum into a minimum.
struct Negate
{
  template <typename T> __host__ __device__ T operator()(const T& x) const
  {
    return -x;
  }
};

// A sum divided by a count: an output transform that writes a mean.
struct MeanOf
{
  double count;
  __host__ __device__ double operator()(int64_t sum) const
  {
    return static_cast<double>(sum) / count;
  }
};

// --- device memory -------------------------------------------------------------------

template <typename T> T* to_device(const std::vector<T>& host)
{
  T* device = nullptr;
  CHECK_CUDA(cudaMalloc(&device, sizeof(T) * (host.size() ? host.size() : 1)));
  if (!host.empty())
  {
    CHECK_CUDA(cudaMemcpy(device, host.data(), sizeof(T) * host.size(), cudaMemcpyHostToDevice));
  }
  return device;
}

// `count` items of T filled with the poison byte 0xA5.
template <typename T> T* poisoned(size_t count)
{
  T* device = nullptr;
  CHECK_CUDA(cudaMalloc(&device, sizeof(T) * (count ? count : 1)));
  CHECK_CUDA(cudaMemset(device, 0xA5, sizeof(T) * (count ? count : 1)));
  return device;
}

template <typename T> std::vector<T> to_host(const T* device, size_t count)
{
  std::vector<T> host(count);
  if (count)
  {
    CHECK_CUDA(cudaMemcpy(host.data(), device, sizeof(T) * count, cudaMemcpyDeviceToHost));
  }
  return host;
}

template <typename T> T one_to_host(const T* device)
{
  T host;
  CHECK_CUDA(cudaMemcpy(&host, device, sizeof(T), cudaMemcpyDeviceToHost));
  return host;
}

// The poison value of T (what poisoned() fills with).
template <typename T> T poison_value()
{
  T value;
  std::memset(&value, 0xA5, sizeof(T));
  return value;
}

// The two --device parts, one per file.
void run_reduce_tests();
void run_block_tests();

} // namespace iterator_test
