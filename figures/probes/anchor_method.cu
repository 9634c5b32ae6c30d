// anchor_method.cu: cubling's and CUB's DeviceReduce::Sum timed the way the
// project's anchor figures were (../shared/anchors/cub_bench.cu).
//
// A measurement probe, not a chapter step. The anchor program times each call
// alone on the legacy default stream, between two CUDA events, over one input
// buffer (so small inputs sit in L2), and reports the median of 200 runs. This
// probe does the same for the device copy, CUB and cubling, in the same run and
// on the same data, so that the anchor's CUB times can be set beside what the
// same method gives on the machine at hand. Each size is measured twice, the
// second pass in the opposite order. The chapter runners differ in two ways:
// they rotate their inputs so that every run reads from memory, and they use a
// stream of their own.
//
// Build: nvcc -O3 -std=c++17 -arch=sm_90 -Ilib/include -Itests figures/probes/anchor_method.cu -o anchor_method
// Output: CSV, pass,op,n,median_us
#include <algorithm>
#include <cstdio>
#include <functional>
#include <vector>

#include <cub/device/device_reduce.cuh>
#include <cubling/device/device_reduce.cuh>

#include "check.h" // CHECK_CUDA, from tests/
#include "probe_timer.h"

// The anchor's timing: three warm-up calls, then the median of `reps` calls,
// each between two events on the default stream (ProbeTimer, no L2 overwrite).
static float median_us(const std::function<void()>& call, int reps = 200)
{
  ProbeTimer timer;
  for (int i = 0; i < 3; ++i)
  {
    call();
  }
  CHECK_CUDA(cudaDeviceSynchronize());
  std::vector<float> times;
  for (int i = 0; i < reps; ++i)
  {
    times.push_back(timer.time_us(call));
  }
  return probe_median(times);
}

// Small non-zero integers, exact as floats too, from a hash of the index.
__global__ void fill(int* p, int64_t n)
{
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < n; i += int64_t{gridDim.x} * blockDim.x)
  {
    unsigned x = static_cast<unsigned>(i) * 2654435761u;
    x ^= x >> 13;
    x *= 0x5bd1e995u;
    p[i] = static_cast<int>((x ^ (x >> 15)) & 0xffff) + 1;
  }
}

int main()
{
  const int max_log = 24;
  const int64_t max_n = int64_t{1} << max_log;
  int *in = nullptr, *copy = nullptr, *out = nullptr;
  CHECK_CUDA(cudaMalloc(&in, max_n * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&copy, max_n * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&out, 64));
  fill<<<1024, 256>>>(in, max_n);
  CHECK_CUDA(cudaGetLastError());
  size_t temp_bytes = 0, bytes = 0;
  CHECK_CUDA(cub::DeviceReduce::Sum(nullptr, bytes, in, out, static_cast<int>(max_n)));
  temp_bytes = std::max(temp_bytes, bytes);
  CHECK_CUDA(cubling::DeviceReduce::Sum(nullptr, bytes, in, out, max_n));
  temp_bytes = std::max(temp_bytes, bytes);
  CHECK_CUDA(cubling::DeviceReduce::Sum(nullptr, bytes, reinterpret_cast<float*>(in), reinterpret_cast<float*>(out), max_n));
  temp_bytes = std::max(temp_bytes, bytes);
  void* temp = nullptr;
  CHECK_CUDA(cudaMalloc(&temp, temp_bytes));
  const float* fin = reinterpret_cast<const float*>(in);
  float* fout      = reinterpret_cast<float*>(out);

  std::printf("pass,op,n,median_us\n");
  for (int pass = 0; pass < 2; ++pass)
  {
    for (int lg = 10; lg <= max_log; lg += 2)
    {
      const int n = 1 << lg;
      std::vector<std::pair<const char*, std::function<void()>>> calls = {
        {"memcpy_d2d", [&] { CHECK_CUDA(cudaMemcpyAsync(copy, in, n * sizeof(int), cudaMemcpyDeviceToDevice)); }},
        {"cub_sum_i32", [&] { size_t b = temp_bytes; CHECK_CUDA(cub::DeviceReduce::Sum(temp, b, in, out, n)); }},
        {"cubling_sum_i32", [&] { size_t b = temp_bytes; CHECK_CUDA(cubling::DeviceReduce::Sum(temp, b, in, out, int64_t{n})); }},
        {"cub_sum_f32", [&] { size_t b = temp_bytes; CHECK_CUDA(cub::DeviceReduce::Sum(temp, b, fin, fout, n)); }},
        {"cubling_sum_f32", [&] { size_t b = temp_bytes; CHECK_CUDA(cubling::DeviceReduce::Sum(temp, b, fin, fout, int64_t{n})); }},
      };
      if (pass == 1)
      {
        std::reverse(calls.begin(), calls.end());
      }
      for (auto& call : calls)
      {
        std::printf("%d,%s,%d,%.2f\n", pass, call.first, n, median_us(call.second));
      }
    }
  }

  // Both libraries agree on the largest sum (integers: exact in any order).
  int want = 0, got = 1;
  size_t b = temp_bytes;
  CHECK_CUDA(cub::DeviceReduce::Sum(temp, b, in, out, static_cast<int>(max_n)));
  CHECK_CUDA(cudaMemcpy(&want, out, sizeof want, cudaMemcpyDeviceToHost));
  CHECK_CUDA(cubling::DeviceReduce::Sum(temp, b, in, out, max_n));
  CHECK_CUDA(cudaMemcpy(&got, out, sizeof got, cudaMemcpyDeviceToHost));
  std::fprintf(stderr, "# sums at n = 2^%d: %s\n", max_log, want == got ? "equal" : "DIFFERENT");
  return want == got ? 0 : 1;
}
