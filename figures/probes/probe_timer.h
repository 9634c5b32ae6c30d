// probe_timer.h: the design probes' clock. One call timed with CUDA events on
// the default stream, after overwriting a buffer larger than L2 (so that the
// call finds none of its data there) when the timer was given one; the
// median of a run of times; the GPU's clock for stamps taken inside kernels,
// and the spread of the intervals between them.
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

#include <cuda_runtime_api.h>

#include "check.h"

class ProbeTimer
{
public:
  //! @param flush_bytes bytes overwritten before every timed call (0: none)
  explicit ProbeTimer(size_t flush_bytes = 0)
      : flush_bytes_(flush_bytes)
  {
    if (flush_bytes_ > 0)
    {
      CHECK_CUDA(cudaMalloc(&flush_, flush_bytes_));
    }
    CHECK_CUDA(cudaEventCreate(&start_));
    CHECK_CUDA(cudaEventCreate(&stop_));
  }
  ~ProbeTimer()
  {
    cudaEventDestroy(start_);
    cudaEventDestroy(stop_);
    cudaFree(flush_);
  }
  ProbeTimer(const ProbeTimer&)            = delete;
  ProbeTimer& operator=(const ProbeTimer&) = delete;

  //! The time of `call()`, in microseconds.
  template <typename Call>
  float time_us(Call&& call)
  {
    if (flush_bytes_ > 0)
    {
      CHECK_CUDA(cudaMemsetAsync(flush_, 0x5A, flush_bytes_));
    }
    CHECK_CUDA(cudaEventRecord(start_));
    call();
    CHECK_CUDA(cudaEventRecord(stop_));
    CHECK_CUDA(cudaEventSynchronize(stop_));
    float ms = 0;
    CHECK_CUDA(cudaEventElapsedTime(&ms, start_, stop_));
    return 1000.0f * ms;
  }

private:
  size_t flush_bytes_;
  void* flush_ = nullptr;
  cudaEvent_t start_, stop_;
};

//! The median of `times` (the upper one of an even count).
inline float probe_median(std::vector<float> times)
{
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

//! The GPU's global clock in nanoseconds (%globaltimer), the same on every
//! SM, for stamps taken inside a kernel.
__device__ __forceinline__ unsigned long long probe_global_ns()
{
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

//! The mean and the 10th, 50th and 90th percentiles of `x` (not empty).
struct ProbeSpread
{
  double mean, p10, p50, p90;
};
inline ProbeSpread probe_spread(std::vector<double> x)
{
  std::sort(x.begin(), x.end());
  double mean = 0;
  for (const double v : x)
  {
    mean += v / static_cast<double>(x.size());
  }
  return {mean, x[x.size() / 10], x[x.size() / 2], x[x.size() * 9 / 10]};
}
