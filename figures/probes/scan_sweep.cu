// scan_sweep.cu: how DeviceScan should tile its input, tried on this machine.
//
// A design probe, not a chapter step. It builds cubling's DeviceScan through
// the dispatch layer with a policy chain of its own, whose choices come from
// -D flags (P_THREADS, P_ITEMS, P_LOAD, P_STORE, P_SCAN, P_SPIN, P_COOP), and times it
// against cub::DeviceScan on the same buffers, the two calls taking turns
// run for run, with L2 overwritten before each timed call, next to a
// device-to-device copy of the same bytes and an empty launch: inclusive sum
// of int32 from 2^14 to 2^28, exclusive sum of float32, an inclusive scan
// with a non-commutative 8-byte operator (affine maps of two floats) and an
// inclusive sum by key (segments of mean length 100). Every cubling result
// is compared with CUB's (bit for bit for the integers).
//
// Measured on an H200 (2026-11-25, driver 580.159.04), the sum by key,
// cubling's time / CUB's at 2^24 and 2^26 (segments of mean length 100):
//   - before: the look-back folded a window of (flag, value) pairs left to
//     right, a chain of 32 applications. 256x32 (the plain scan's tile)
//     1.06 / 1.09; smaller tiles far slower (256x16 1.30 / 1.38, 128x12
//     3.78 / 4.17): about 26 ns a tile at every shape, the rate at which
//     prefixes spread through the tiles, so the look-back's round trip
//     limits the scan, and the fold is in it;
//   - after: the pairs' fold as a scan across the lanes (their operator is
//     exact: fold_lanes, scan_op_is_exact), each pair of builds taking
//     turns in one call: 256x32 1.05 -> 0.98 / 1.08 -> 1.02; 256x24 1.09
//     -> 0.94 / 1.13 -> 0.96; 256x16 1.30 -> 0.97 / 1.38 -> 1.00; 384x16
//     1.21 -> 0.94 / 1.28 -> 0.95; 512x16 1.05 -> 0.87 / 1.08 -> 0.88;
//   - then the shape, with the tree fold: 512x16 0.87 / 0.88 (kept: 40
//     registers, 3 blocks an SM); 384x24 0.88 / 0.87; 384x20 0.88 / 0.88;
//     512x12 0.93 / 0.96; 512x20 0.93 / 0.94; 640x16 0.96 / 0.97; 768x12
//     0.99 / 1.01; 1024x8 1.11 / 1.15.
//   - The plain scans keep 256x32: inclusive sum of int32 at 2^24 / 2^26 /
//     2^28, 256x32 1.00-1.05 / 1.05 / 1.05; 512x16 1.22 / 1.28 / 1.32;
//     384x24 1.09 / 1.10 / 1.12; exclusive sum of float32 at 2^28 0.99,
//     1.11, 1.00.
//   - Tried and not kept: more blocks an SM for the plain scans, through a
//     second __launch_bounds__ argument (the int32 kernel takes 64
//     registers at 256x32, 4 blocks an SM; float32's 48, 5). Inclusive sum
//     of int32 at 2^24 / 2^26 / 2^28, two runs: no bound 1.05 / 1.03-1.05 /
//     1.05-1.06; 256x32 at 5 blocks (48 registers, a few bytes spilled)
//     1.03-1.05 / 1.05 / 1.05; at 6 (40 registers, 100 bytes spilled)
//     1.16 / 1.18 / 1.21; 256x28 at 5 1.04-1.07 / 1.04-1.05 / 1.04; 128x32
//     at 8 1.02-1.03 / 1.06 / 1.06-1.07. Residency is not what holds the
//     plain scan back.
//
// Build (one line): nvcc -O3 -std=c++17 -arch=sm_90 -Ilib/include -Itests
//          -DP_THREADS=256 -DP_ITEMS=16 figures/probes/scan_sweep.cu -o sweep
// Arguments: [reps [work]] (work: one of the works below by name; unset: all).
// Output: CSV, variant,work,log2n,cubling_us,cub_us,ratio,copy_us,empty_us,check
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <vector>

#include <cub/device/device_scan.cuh>
#include <cubling/device/device_scan.cuh>
#include "check.h"
#include "probe_data.cuh"
#include "probe_timer.h"

#ifndef P_THREADS
#define P_THREADS 256
#endif
#ifndef P_ITEMS
#define P_ITEMS 16
#endif
#ifndef P_LOAD
#define P_LOAD BLOCK_LOAD_WARP_TRANSPOSE
#endif
#ifndef P_STORE
#define P_STORE BLOCK_STORE_WARP_TRANSPOSE
#endif
#ifndef P_SCAN
#define P_SCAN BLOCK_SCAN_WARP_SCANS
#endif
#ifndef P_SPIN
#define P_SPIN 0
#endif
#ifndef P_COOP
#define P_COOP 1
#endif
#define STR2(x) #x
#define STR(x) STR2(x)

struct Chain
{
  struct Policy900 : cubling::ChainedPolicy<900, Policy900, Policy900>
  {
    using ScanPolicy = cubling::AgentScanPolicy<P_THREADS, P_ITEMS, cubling::P_LOAD, cubling::P_STORE, cubling::P_SCAN,
                                                P_SPIN>;
    static constexpr bool COOPERATIVE_SMALL_INPUTS = P_COOP;
  };
  using MaxPolicy = Policy900;
};

struct Affine
{
  float a, b;
};
struct ComposeAffine // x -> a x + b, then y -> c y + d: non-commutative
{
  __host__ __device__ Affine operator()(const Affine& f, const Affine& g) const
  {
    return {f.a * g.a, f.b * g.a + g.b};
  }
};

using cubling::detail::ScanKind;
template <ScanKind K, typename T, typename Op, typename Init = T>
cudaError_t scan(void* temp, size_t& bytes, const T* in, T* out, Op op, Init init, int64_t n)
{
  return cubling::detail::DispatchScan<K, const T*, T*, Op, Init, T, Chain>::Dispatch(temp, bytes, in, out, op, init, n,
                                                                                      0);
}

__global__ void shape(int* ints, float* floats, Affine* maps, int* keys, int64_t n)
{
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < n; i += int64_t{gridDim.x} * blockDim.x)
  {
    const unsigned x = static_cast<unsigned>(ints[i]);
    ints[i]          = static_cast<int>(x % 2001) - 1000;
    floats[i]        = (x >> 8) / 16777216.0f - 0.5f; // real rounding: not exact
    maps[i]          = Affine{(x & 1) ? 1.0f : -1.0f, static_cast<float>((x >> 4) % 17) - 8.0f};
    keys[i]          = static_cast<int>(x % 100 == 0); // a new key about every 100 items
  }
}
__global__ void empty_kernel() {}

int main(int argc, char** argv)
{
  const int reps      = argc > 1 ? atoi(argv[1]) : 31;
  const int64_t max_n = int64_t{1} << 28;
  int *ints, *keys, *out_a, *out_b;
  float* floats;
  Affine* maps;
  CHECK_CUDA(cudaMalloc(&ints, max_n * 4));
  CHECK_CUDA(cudaMalloc(&keys, (max_n >> 2) * 4));
  CHECK_CUDA(cudaMalloc(&floats, max_n * 4));
  CHECK_CUDA(cudaMalloc(&maps, (max_n >> 2) * 8));
  CHECK_CUDA(cudaMalloc(&out_a, max_n * 4));
  CHECK_CUDA(cudaMalloc(&out_b, max_n * 4));
  fill<<<2048, 256>>>(reinterpret_cast<unsigned*>(ints), max_n, 7u);
  shape<<<2048, 256>>>(ints, floats, maps, keys, max_n >> 2);
  shape<<<2048, 256>>>(ints + (max_n >> 2), floats + (max_n >> 2), maps, keys, 0);
  // floats past a quarter: copy the first quarter's pattern (enough for timing)
  for (int q = 1; q < 4; ++q)
  {
    CHECK_CUDA(cudaMemcpy(floats + q * (max_n >> 2), floats, (max_n >> 2) * 4, cudaMemcpyDeviceToDevice));
  }
  { // flags -> segment ids: a running sum of the flags (with CUB: this only makes the data)
    size_t bytes = 0;
    CHECK_CUDA(cub::DeviceScan::InclusiveSum(nullptr, bytes, keys, keys, max_n >> 2));
    void* t;
    CHECK_CUDA(cudaMalloc(&t, bytes));
    CHECK_CUDA(cub::DeviceScan::InclusiveSum(t, bytes, keys, keys, max_n >> 2));
    CHECK_CUDA(cudaFree(t));
  }
  CHECK_CUDA(cudaDeviceSynchronize());
  void* temp;
  const size_t temp_bytes = size_t{64} << 20;
  CHECK_CUDA(cudaMalloc(&temp, temp_bytes));
  ProbeTimer timer(size_t{256} << 20); // L2 holds none of the data
  auto time_one = [&](const std::function<void()>& f) { return timer.time_us(f); };
  auto median   = probe_median;
  const char* variant = STR(P_THREADS) "x" STR(P_ITEMS) "_" STR(P_LOAD) "_" STR(P_STORE) "_" STR(P_SCAN) "_spin" STR(P_SPIN) "_coop" STR(P_COOP);
  std::printf("variant,work,log2n,cubling_us,cub_us,ratio,copy_us,empty_us,check\n");
  struct Work
  {
    const char* name;
    std::vector<int> sizes;
    size_t out_bytes_per_item;
    bool exact; // integers: bit for bit; floats: within rounding
    std::function<void(int64_t)> cubling, cub;
  };
  size_t b = temp_bytes;
  std::vector<Work> works = {
    {"inclusive_sum_i32", {14, 16, 18, 20, 22, 24, 26, 28}, 4, true,
     [&](int64_t n) { b = temp_bytes; CHECK_CUDA(scan<ScanKind::inclusive>(temp, b, ints, out_a, cuda::std::plus<>{}, 0, n)); },
     [&](int64_t n) { b = temp_bytes; CHECK_CUDA(cub::DeviceScan::InclusiveSum(temp, b, ints, out_b, n)); }},
    {"exclusive_sum_f32", {20, 24, 28}, 4, false,
     [&](int64_t n) { b = temp_bytes; CHECK_CUDA(scan<ScanKind::exclusive>(temp, b, floats, reinterpret_cast<float*>(out_a), cuda::std::plus<>{}, 0.0f, n)); },
     [&](int64_t n) { b = temp_bytes; CHECK_CUDA(cub::DeviceScan::ExclusiveSum(temp, b, floats, reinterpret_cast<float*>(out_b), n)); }},
    {"inclusive_affine_f32x2", {24, 26}, 8, false,
     [&](int64_t n) { b = temp_bytes; CHECK_CUDA(scan<ScanKind::inclusive>(temp, b, maps, reinterpret_cast<Affine*>(out_a), ComposeAffine{}, Affine{}, n)); },
     [&](int64_t n) { b = temp_bytes; CHECK_CUDA(cub::DeviceScan::InclusiveScan(temp, b, maps, reinterpret_cast<Affine*>(out_b), ComposeAffine{}, n)); }},
    {"inclusive_sum_by_key_i32", {24, 26}, 4, true,
     [&](int64_t n) { b = temp_bytes; CHECK_CUDA((cubling::detail::DispatchScanByKey<false, const int*, const int*, int*, cuda::std::equal_to<>, cuda::std::plus<>, int, int, Chain>::Dispatch(temp, b, keys, ints, out_a, {}, {}, 0, n, 0))); },
     [&](int64_t n) { b = temp_bytes; CHECK_CUDA(cub::DeviceScan::InclusiveSumByKey(temp, b, keys, ints, out_b, n)); }},
  };
  const char* only = argc > 2 ? argv[2] : nullptr; // one work by name; unset: all
  for (Work& w : works)
  {
    if (only && std::strcmp(only, w.name) != 0)
    {
      continue;
    }
    for (int lg : w.sizes)
    {
      const int64_t n = int64_t{1} << lg;
      for (int i = 0; i < 3; ++i)
      {
        w.cubling(n);
        w.cub(n);
      }
      std::vector<float> a, c, copy, empty;
      for (int r = 0; r < reps; ++r)
      {
        if (r % 2)
        {
          a.push_back(time_one([&] { w.cubling(n); }));
          c.push_back(time_one([&] { w.cub(n); }));
        }
        else
        {
          c.push_back(time_one([&] { w.cub(n); }));
          a.push_back(time_one([&] { w.cubling(n); }));
        }
        copy.push_back(time_one([&] { CHECK_CUDA(cudaMemcpyAsync(out_b, ints, n * w.out_bytes_per_item, cudaMemcpyDeviceToDevice)); }));
        empty.push_back(time_one([&] { empty_kernel<<<1, 32>>>(); }));
      }
      // Check: cubling's output against CUB's, bit for bit, except floats (within 1e-3 relative of the scale)
      CHECK_CUDA(cudaMemset(out_a, 0x5a, n * w.out_bytes_per_item));
      w.cubling(n);
      w.cub(n);
      CHECK_CUDA(cudaDeviceSynchronize());
      std::vector<unsigned> ha(n * w.out_bytes_per_item / 4), hb(ha.size());
      CHECK_CUDA(cudaMemcpy(ha.data(), out_a, ha.size() * 4, cudaMemcpyDeviceToHost));
      CHECK_CUDA(cudaMemcpy(hb.data(), out_b, hb.size() * 4, cudaMemcpyDeviceToHost));
      int64_t bad = 0;
      for (size_t i = 0; i < ha.size(); ++i)
      {
        if (!w.exact)
        {
          float x, y;
          std::memcpy(&x, &ha[i], 4);
          std::memcpy(&y, &hb[i], 4);
          bad += !(std::abs(x - y) <= 1e-2f * (1.0f + std::abs(y)));
        }
        else
        {
          bad += ha[i] != hb[i];
        }
      }
      std::printf("%s,%s,%d,%.3f,%.3f,%.4f,%.3f,%.3f,%s\n", variant, w.name, lg, median(a), median(c),
                  median(a) / median(c), median(copy), median(empty), bad ? "MISMATCH" : "ok");
      if (bad)
      {
        std::printf("# %lld of %zu words differ\n", static_cast<long long>(bad), ha.size());
      }
      std::fflush(stdout);
    }
  }
  return 0;
}
