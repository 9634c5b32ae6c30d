// policy_sweep.cu: how DeviceReduce should read large inputs, tried on this machine.
//
// A design probe, not a chapter step. It builds cubling's DeviceReduce::Sum
// through the dispatch layer with a policy chain of its own, whose
// STREAM_FROM_ROUNDS and STREAM_CHUNK_TILES come from -DVARIANT (from * 100 +
// chunk; 0: the resident grid at every size), and times it against
// cub::DeviceReduce::Sum on the same buffer, the two calls taking turns run
// for run, at 2^22 to 2^28 items: a float sum (vector loads) and a sum over a
// TransformInputIterator of squares (the generic path). The library's policy
// (STREAM_FROM_ROUNDS = 48, STREAM_CHUNK_TILES = 4) was chosen with it; the
// chapters' VERSUS rows measure the result.
//
// Build: for v in 0 4802 4804 4808 2404; do
//          nvcc -O3 -std=c++17 -arch=sm_90 -Ilib/include -Itests -DVARIANT=$v figures/probes/policy_sweep.cu -o sweep$v
//        done
// Output: CSV, variant,work,log2n,cubling_us,cub_us,ratio,check
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <vector>

#include <cub/device/device_reduce.cuh>
#include <thrust/iterator/transform_iterator.h>
#include <cubling/device/device_reduce.cuh>
#include <cubling/iterator/transform_input_iterator.cuh>
#include "check.h"
#include "probe_timer.h"

struct Square { __host__ __device__ float operator()(float x) const { return x * x; } };

#ifndef VARIANT
#define VARIANT 0
#endif
// VARIANT: MAX_BLOCKS_PER_SM * 10000 + STREAM_FROM_ROUNDS * 100 + STREAM_CHUNK_TILES (blocks per SM: 4 if 0)
#define P_PER_SM (VARIANT / 10000 ? VARIANT / 10000 : 4)
#define P_FROM (VARIANT / 100 % 100)
#define P_CHUNK (VARIANT % 100)

struct Chain
{
  struct Policy900 : cubling::ChainedPolicy<900, Policy900, Policy900>
  {
    using ReducePolicy = cubling::AgentReducePolicy<256, 16, cubling::BLOCK_REDUCE_WARP_REDUCTIONS, P_PER_SM>;
    static constexpr bool SINGLE_PASS = true;
    static constexpr int STREAM_FROM_ROUNDS = P_FROM;
    static constexpr int STREAM_CHUNK_TILES = P_CHUNK;
  };
  using MaxPolicy = Policy900;
};

using TII = cubling::TransformInputIterator<float, Square, const float*>;

template <typename It>
cudaError_t cubling_sum(void* temp, size_t& bytes, It in, float* out, int64_t n)
{
  return cubling::detail::DispatchReduce<false, It, float*, cubling::Sum, float, float,
                                         cubling::detail::IgnoreIndex<cubling::detail::Identity>, Chain>::
    Dispatch(temp, bytes, in, out, n, cubling::Sum{}, 0.0f, {cubling::detail::Identity{}}, 0);
}

__global__ void fill(float* p, int64_t n)
{
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < n; i += int64_t{gridDim.x} * blockDim.x)
  {
    unsigned x = static_cast<unsigned>(i) * 2654435761u;
    x ^= x >> 13; x *= 0x5bd1e995u; x ^= x >> 15;
    p[i] = 0.5f + (x & 0xffff) / 65536.0f;
  }
}

int main(int argc, char** argv)
{
  const int reps = argc > 1 ? atoi(argv[1]) : 41;
  const int64_t max_n = int64_t{1} << 28;
  float *in, *out;
  CHECK_CUDA(cudaMalloc(&in, max_n * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&out, 256));
  fill<<<1024, 256>>>(in, max_n);
  void* temp;
  CHECK_CUDA(cudaMalloc(&temp, 64 << 20));
  ProbeTimer timer; // no L2 flush: each variant's runs take turns with CUB's
  auto time_one = [&](const std::function<void()>& f) { return timer.time_us(f); };
  TII squares(in, Square{});
  thrust::transform_iterator<Square, const float*> tsquares(in, Square{});
  std::printf("variant,work,log2n,cubling_us,cub_us,ratio,check\n");
  for (int lg : {26, 27, 28})
  {
    const int64_t n = int64_t{1} << lg;
    const float* base = in; // one buffer: of 2^22 floats (16 MiB), L2 holds much; of 2^24 and up, little
    std::vector<std::pair<std::function<void()>, std::function<void()>>> pairs = {
      {[&] { size_t b = 64 << 20; CHECK_CUDA(cubling_sum(temp, b, squares, out, n)); },
       [&] { size_t b = 64 << 20; CHECK_CUDA(cub::DeviceReduce::Sum(temp, b, tsquares, out, n)); }},
      {[&] { size_t b = 64 << 20; CHECK_CUDA(cubling_sum(temp, b, base, out, n)); },
       [&] { size_t b = 64 << 20; CHECK_CUDA(cub::DeviceReduce::Sum(temp, b, base, out, n)); }},
    };
    const char* names[] = {"transform", "sum_f32"};
    for (int p = 0; p < 2; ++p)
    {
      for (int w = 0; w < 3; ++w) { pairs[p].first(); pairs[p].second(); }
      std::vector<float> a, c;
      for (int r = 0; r < reps; ++r)
      {
        if (r % 2) { a.push_back(time_one(pairs[p].first)); c.push_back(time_one(pairs[p].second)); }
        else { c.push_back(time_one(pairs[p].second)); a.push_back(time_one(pairs[p].first)); }
      }
      float ma = probe_median(a), mc = probe_median(c);
      // the same sum as CUB's, within float rounding
      float x, y;
      pairs[p].first(); CHECK_CUDA(cudaMemcpy(&x, out, 4, cudaMemcpyDeviceToHost));
      pairs[p].second(); CHECK_CUDA(cudaMemcpy(&y, out, 4, cudaMemcpyDeviceToHost));
      std::printf("sm%d_from%d_chunk%d,%s,%d,%.3f,%.3f,%.4f,%s\n", P_PER_SM, P_FROM, P_CHUNK,
                  names[p], lg, ma, mc, ma / mc, std::abs(x - y) <= 1e-4f * std::abs(y) ? "ok" : "MISMATCH");
    }
  }
  return 0;
}
