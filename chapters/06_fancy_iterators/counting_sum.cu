// counting_sum.cu: a device-wide sum over 2^32 + 12345 items that uses no
// input memory at all.
//
// A cubling::CountingInputIterator<uint64_t, int64_t> reads as 0, 1, 2, ...:
// item i is computed from i when it is read. cubling::DeviceReduce::Sum adds
// n = 2^32 + 12345 of them, and the program checks the result against the
// closed form n (n - 1) / 2. The items are uint64_t because that sum is
// larger than 2^63 (about 9.2e18 for this n), where an int64_t would
// overflow: unsigned arithmetic is exact modulo 2^64, and so is the closed
// form below, so the two agree bit for bit either way.
//
// Why: past 2^32 items, any 32-bit index or count in a kernel wraps around,
// and the wrong sum says so at once. An array of 2^32 floats would need
// 16 GiB; the counting iterator needs none, and checks every 64-bit offset
// of DeviceReduce end to end. The program also prints how long the sum took:
// with no memory to read, it measures the reduction's arithmetic and its
// index computations alone.
//
// Exits 0 when the sum is right, 1 when it is not, 77 without a GPU.
#include <cstdint>
#include <cstdio>

#include <cuda_runtime.h>

#include <cubling/device/device_reduce.cuh>
#include <cubling/iterator/counting_input_iterator.cuh>

#include "check.h"

// n (n - 1) / 2 modulo 2^64, exact for every n: halve the even factor first.
static uint64_t triangle(uint64_t n)
{
  return n % 2 == 0 ? (n / 2) * (n - 1) : n * ((n - 1) / 2);
}

int main()
{
  check_skip_without_gpu();
  const int64_t n = (int64_t{1} << 32) + 12345;

  // example-begin counting-sum
  cubling::CountingInputIterator<uint64_t, int64_t> indices(0); // 0, 1, 2, ... in 64 bits
  uint64_t* d_sum   = nullptr;
  void* d_temp      = nullptr;
  size_t temp_bytes = 0;
  CHECK_CUDA(cudaMalloc(&d_sum, sizeof(uint64_t)));
  CHECK_CUDA(cubling::DeviceReduce::Sum(nullptr, temp_bytes, indices, d_sum, n));
  CHECK_CUDA(cudaMalloc(&d_temp, temp_bytes));
  CHECK_CUDA(cubling::DeviceReduce::Sum(d_temp, temp_bytes, indices, d_sum, n)); // a warm-up, and the first check
  // example-end counting-sum

  // Once more, timed with events.
  cudaEvent_t start, stop;
  CHECK_CUDA(cudaEventCreate(&start));
  CHECK_CUDA(cudaEventCreate(&stop));
  CHECK_CUDA(cudaMemset(d_sum, 0xff, sizeof(uint64_t))); // poison: the timed run must write it again
  CHECK_CUDA(cudaEventRecord(start));
  CHECK_CUDA(cubling::DeviceReduce::Sum(d_temp, temp_bytes, indices, d_sum, n));
  CHECK_CUDA(cudaEventRecord(stop));
  CHECK_CUDA(cudaEventSynchronize(stop));
  float ms = 0.0f;
  CHECK_CUDA(cudaEventElapsedTime(&ms, start, stop));

  uint64_t got = 0;
  CHECK_CUDA(cudaMemcpy(&got, d_sum, sizeof(uint64_t), cudaMemcpyDeviceToHost));
  const uint64_t want = triangle(static_cast<uint64_t>(n));
  std::printf("sum of 0 .. n-1 for n = 2^32 + 12345 = %lld items, with no input memory\n", static_cast<long long>(n));
  std::printf("  got  %llu\n  want %llu (n (n - 1) / 2 modulo 2^64)\n", static_cast<unsigned long long>(got),
              static_cast<unsigned long long>(want));
  std::printf("  one DeviceReduce::Sum: %.3f ms (%.1f G items/s)\n", ms, static_cast<double>(n) / (ms * 1e6));

  CHECK_CUDA(cudaEventDestroy(start));
  CHECK_CUDA(cudaEventDestroy(stop));
  CHECK_CUDA(cudaFree(d_temp));
  CHECK_CUDA(cudaFree(d_sum));
  if (got != want)
  {
    std::printf("FAILED: the sum is wrong\n");
    return 1;
  }
  std::printf("passed\n");
  return 0;
}
