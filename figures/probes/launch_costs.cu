// launch_costs.cu: what one reduction call pays before and around its kernel, on this machine.
//
// A design probe, not a chapter step: it times, with CUDA events around each
// call as the chapter runners do, the launch mechanisms a single-pass
// reduction could use (plain, cooperative, cluster, memset + plain, two
// plain launches, programmatic dependent launch), with empty kernels, and
// then a cluster-only reduction (one cluster of blocks that combine their
// partials through distributed shared memory, no global scratch at all)
// over rotated inputs. It also reports the host time of each launch call.
//
// Build: nvcc -O3 -std=c++17 -arch=sm_90 -Itests figures/probes/launch_costs.cu -o launch_costs
#include <algorithm>
#include <chrono>
#include <cooperative_groups.h>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <vector>

namespace cg = cooperative_groups;

#include "check.h" // CHECK_CUDA, from tests/

__global__ void empty_kernel(int*) {}

__global__ void grid_sync_kernel(int* out)
{
  cg::this_grid().sync();
  if (blockIdx.x == 0 && threadIdx.x == 0)
  {
    *out = 1;
  }
}

__global__ void cluster_sync_kernel(int* out)
{
  cg::this_cluster().sync();
  if (blockIdx.x == 0 && threadIdx.x == 0)
  {
    *out = 1;
  }
}

__global__ void pdl_second_kernel(int* out)
{
  cudaGridDependencySynchronize();
  if (threadIdx.x == 0)
  {
    *out = 2;
  }
}

// One cluster of `gridDim.x` blocks sums n ints: each block a contiguous
// share with 16-byte loads, then block 0 adds the blocks' partials, read from
// their shared memory.
template <int THREADS>
__global__ void __launch_bounds__(THREADS) cluster_sum_kernel(const int* in, long long n, int* out)
{
  __shared__ int warp_sums[THREADS / 32];
  __shared__ int block_sum;
  cg::cluster_group cluster = cg::this_cluster();
  const long long blocks    = gridDim.x;
  const long long vectors   = n / 4;
  const long long begin     = vectors * blockIdx.x / blocks;
  const long long end       = vectors * (blockIdx.x + 1) / blocks;
  const int4* v             = reinterpret_cast<const int4*>(in);
  int sum                   = 0;
  long long i               = begin + threadIdx.x;
  for (; i + 3 * THREADS < end; i += 4 * THREADS)
  {
    int4 a = __ldg(v + i), b = __ldg(v + i + THREADS), c = __ldg(v + i + 2 * THREADS), d = __ldg(v + i + 3 * THREADS);
    sum += a.x + a.y + a.z + a.w + b.x + b.y + b.z + b.w + c.x + c.y + c.z + c.w + d.x + d.y + d.z + d.w;
  }
  for (; i < end; i += THREADS)
  {
    int4 a = __ldg(v + i);
    sum += a.x + a.y + a.z + a.w;
  }
  if (blockIdx.x == blocks - 1)
  {
    for (long long j = vectors * 4 + threadIdx.x; j < n; j += THREADS)
    {
      sum += in[j];
    }
  }
  for (int o = 16; o > 0; o /= 2)
  {
    sum += __shfl_down_sync(0xffffffffu, sum, o);
  }
  if (threadIdx.x % 32 == 0)
  {
    warp_sums[threadIdx.x / 32] = sum;
  }
  __syncthreads();
  if (threadIdx.x < 32)
  {
    sum = threadIdx.x < THREADS / 32 ? warp_sums[threadIdx.x] : 0;
    for (int o = 16; o > 0; o /= 2)
    {
      sum += __shfl_down_sync(0xffffffffu, sum, o);
    }
    if (threadIdx.x == 0)
    {
      block_sum = sum;
    }
  }
  cluster.sync();
  if (blockIdx.x == 0 && threadIdx.x < 32)
  {
    sum = threadIdx.x < blocks ? *cluster.map_shared_rank(&block_sum, threadIdx.x) : 0;
    for (int o = 16; o > 0; o /= 2)
    {
      sum += __shfl_down_sync(0xffffffffu, sum, o);
    }
    if (threadIdx.x == 0)
    {
      *out = sum;
    }
  }
  cluster.sync(); // no block leaves while block 0 may still read its shared memory
}

struct Timing
{
  double event_us; // median, event to event
  double host_us;  // median host time of the enqueue calls
};

Timing time_it(cudaStream_t s, const std::function<void(int)>& f, int reps = 301)
{
  cudaEvent_t a, b;
  CHECK_CUDA(cudaEventCreate(&a));
  CHECK_CUDA(cudaEventCreate(&b));
  for (int i = 0; i < 5; ++i)
  {
    f(i);
  }
  CHECK_CUDA(cudaStreamSynchronize(s));
  std::vector<double> ev, host;
  for (int r = 0; r < reps; ++r)
  {
    CHECK_CUDA(cudaEventRecord(a, s));
    auto t0 = std::chrono::steady_clock::now();
    f(r);
    auto t1 = std::chrono::steady_clock::now();
    CHECK_CUDA(cudaEventRecord(b, s));
    CHECK_CUDA(cudaEventSynchronize(b));
    float ms = 0;
    CHECK_CUDA(cudaEventElapsedTime(&ms, a, b));
    ev.push_back(1000.0 * ms);
    host.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
  }
  CHECK_CUDA(cudaGetLastError());
  std::sort(ev.begin(), ev.end());
  std::sort(host.begin(), host.end());
  return {ev[ev.size() / 2], host[host.size() / 2]};
}

int main()
{
  cudaStream_t s;
  CHECK_CUDA(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  int sms = 0, per_sm = 0;
  CHECK_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  CHECK_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, grid_sync_kernel, 256, 0));
  const unsigned full = sms * std::min(per_sm, 8);
  int* d_flag = nullptr;
  CHECK_CUDA(cudaMalloc(&d_flag, 64));
  CHECK_CUDA(cudaFuncSetAttribute(cluster_sync_kernel, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
  CHECK_CUDA(cudaFuncSetAttribute(cluster_sum_kernel<1024>, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));

  auto cluster_launch = [&](const void* kernel_fn, unsigned blocks, unsigned threads, void** args) {
    cudaLaunchConfig_t config = {};
    config.gridDim            = dim3(blocks);
    config.blockDim           = dim3(threads);
    config.stream             = s;
    cudaLaunchAttribute attribute[1];
    attribute[0].id               = cudaLaunchAttributeClusterDimension;
    attribute[0].val.clusterDim.x = blocks;
    attribute[0].val.clusterDim.y = 1;
    attribute[0].val.clusterDim.z = 1;
    config.attrs                  = attribute;
    config.numAttrs               = 1;
    CHECK_CUDA(cudaLaunchKernelExC(&config, kernel_fn, args));
  };

  std::printf("probe,case,event_us,host_us\n");
  auto report = [](const char* name, Timing t) { std::printf("launch,%s,%.3f,%.3f\n", name, t.event_us, t.host_us); };
  void* args[] = {&d_flag};
  report("nothing (two events)", time_it(s, [&](int) {}));
  report("plain <<<1>>>", time_it(s, [&](int) { empty_kernel<<<1, 256, 0, s>>>(d_flag); }));
  report("plain <<<full>>>", time_it(s, [&](int) { empty_kernel<<<full, 256, 0, s>>>(d_flag); }));
  report("cudaLaunchKernel full",
         time_it(s, [&](int) { CHECK_CUDA(cudaLaunchKernel((const void*)empty_kernel, full, 256, args, 0, s)); }));
  report("cooperative empty full",
         time_it(s, [&](int) { CHECK_CUDA(cudaLaunchCooperativeKernel((const void*)empty_kernel, full, 256, args, 0, s)); }));
  report("cooperative empty 2",
         time_it(s, [&](int) { CHECK_CUDA(cudaLaunchCooperativeKernel((const void*)empty_kernel, 2, 256, args, 0, s)); }));
  report("cooperative grid.sync full", time_it(s, [&](int) {
           CHECK_CUDA(cudaLaunchCooperativeKernel((const void*)grid_sync_kernel, full, 256, args, 0, s));
         }));
  report("cooperative grid.sync 2", time_it(s, [&](int) {
           CHECK_CUDA(cudaLaunchCooperativeKernel((const void*)grid_sync_kernel, 2, 256, args, 0, s));
         }));
  report("memset 4B + plain full", time_it(s, [&](int) {
           CHECK_CUDA(cudaMemsetAsync(d_flag, 0, 4, s));
           empty_kernel<<<full, 256, 0, s>>>(d_flag);
         }));
  report("plain full + plain 1", time_it(s, [&](int) {
           empty_kernel<<<full, 256, 0, s>>>(d_flag);
           empty_kernel<<<1, 256, 0, s>>>(d_flag);
         }));
  report("plain full + PDL 1", time_it(s, [&](int) {
           empty_kernel<<<full, 256, 0, s>>>(d_flag);
           cudaLaunchConfig_t config = {};
           config.gridDim            = dim3(1);
           config.blockDim           = dim3(256);
           config.stream             = s;
           cudaLaunchAttribute attribute[1];
           attribute[0].id                                         = cudaLaunchAttributeProgrammaticStreamSerialization;
           attribute[0].val.programmaticStreamSerializationAllowed = 1;
           config.attrs                                            = attribute;
           config.numAttrs                                         = 1;
           CHECK_CUDA(cudaLaunchKernelEx(&config, pdl_second_kernel, d_flag));
         }));
  for (unsigned c : {2u, 8u, 16u})
  {
    char name[64];
    std::snprintf(name, sizeof name, "cluster of %u x 256 (cluster.sync)", c);
    report(name, time_it(s, [&](int) { cluster_launch((const void*)cluster_sync_kernel, c, 256, args); }));
  }

  // The cluster-only reduction over rotated inputs, against a plain copy.
  const long long max_n = 1ll << 22;
  const int rotation    = 32; // 32 x 16 MiB = 512 MiB: more than ten L2s
  int* d_in             = nullptr;
  CHECK_CUDA(cudaMalloc(&d_in, sizeof(int) * max_n * rotation));
  std::vector<int> host(max_n * rotation);
  for (size_t i = 0; i < host.size(); ++i)
  {
    host[i] = static_cast<int>((i * 2654435761u) >> 7) % 1000 - 500;
  }
  CHECK_CUDA(cudaMemcpy(d_in, host.data(), sizeof(int) * host.size(), cudaMemcpyHostToDevice));
  int* d_copy = nullptr;
  CHECK_CUDA(cudaMalloc(&d_copy, sizeof(int) * max_n));
  for (int lg = 12; lg <= 22; lg += 2)
  {
    const long long n = 1ll << lg;
    auto slice        = [&](int r) { return d_in + (r % rotation) * max_n; };
    for (unsigned c : {8u, 16u})
    {
      int* in_ptr = slice(0);
      long long nn = n;
      void* sum_args[] = {&in_ptr, &nn, &d_flag};
      Timing t         = time_it(s, [&](int r) {
        in_ptr = slice(r);
        cluster_launch((const void*)cluster_sum_kernel<1024>, c, 1024, sum_args);
      });
      // check
      in_ptr = slice(3);
      cluster_launch((const void*)cluster_sum_kernel<1024>, c, 1024, sum_args);
      int got = 0;
      CHECK_CUDA(cudaStreamSynchronize(s)); // s does not wait for the legacy stream, nor it for s
      CHECK_CUDA(cudaMemcpy(&got, d_flag, 4, cudaMemcpyDeviceToHost));
      long long want = 0;
      for (long long j = 0; j < n; ++j)
      {
        want += host[3 * max_n + j];
      }
      std::printf("cluster_sum,n=2^%d cluster=%u%s,%.3f,%.3f\n", lg, c, got == static_cast<int>(want) ? "" : " WRONG",
                  t.event_us, t.host_us);
    }
    Timing copy = time_it(s, [&](int r) { CHECK_CUDA(cudaMemcpyAsync(d_copy, slice(r), sizeof(int) * n, cudaMemcpyDeviceToDevice, s)); });
    std::printf("copy,n=2^%d,%.3f,%.3f\n", lg, copy.event_us, copy.host_us);
  }
  return 0;
}
