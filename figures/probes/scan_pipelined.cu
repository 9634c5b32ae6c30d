// scan_pipelined.cu: does overlapping a tile's look-back with the next tile's
// loads lift DeviceScan towards the copy's speed? A design probe, not a
// chapter step.
//
// The library's scan gives each block one tile: load, scan (with the
// look-back), store. While a block scans and looks back, it has no loads in
// flight, and the resident blocks of an SM are too few to cover for it.
// Here a persistent grid (as many blocks as fit) walks the tiles with a
// stride of the grid, and each block keeps STAGES tiles in flight: it
// issues the asynchronous copy (cp.async, 16 bytes a thread) of tile
// k + STAGES - 1 into shared memory before it scans tile k. Shared memory
// rows are padded by 16 bytes, so a thread reads its ITEMS consecutive items
// (a blocked arrangement) with 16-byte loads and no bank conflict, and the
// results go back through the same rows to coalesced 16-byte stores.
// The look-back and the block scan are the library's (TileLookBack,
// BlockScan), so only the pipelining differs.
//
// Measured on an H200 (2026-11-24, driver 580.159.04): slower than the
// library's one-tile-per-block scan at every configuration tried (256x32
// with 2 stages: 1.13x CUB at 2^28 against the library's 1.06x; 128x32 with
// 3 stages: 1.27x), so keeping loads in flight during the look-back is not
// what holds the scan at about 70% of the copy. A look-back window of 64,
// 128 or 256 predecessors (each lane reading 2, 4 or 8 tile words) was
// slower too: 1.09x, 1.11x and 1.23x at 2^28 against 1.05x for 32.
//
// Limits of the probe: sizes that are whole tiles; a grid that fits on the
// GPU at once (the static tile order needs every block resident).
//
// Build: nvcc -O3 -std=c++17 -arch=sm_90 -Ilib/include -Itests figures/probes/scan_pipelined.cu -o pipe
// Output: CSV, config,work,log2n,pipe_us,lib_us,cub_us,copy_us,pipe_over_cub,lib_over_cub,pipe_pct_copy,check
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <vector>

#include <cub/device/device_scan.cuh>
#include <cubling/device/device_scan.cuh>
#include "check.h"
#include "probe_timer.h"

using cubling::detail::ScanTileState;
using cubling::detail::TileLookBack;

__device__ __forceinline__ void copy_async_16(unsigned smem_address, const void* global)
{
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(smem_address), "l"(global));
}
__device__ __forceinline__ void commit_copies()
{
  asm volatile("cp.async.commit_group;\n" ::);
}
template <int PENDING>
__device__ __forceinline__ void wait_copies()
{
  asm volatile("cp.async.wait_group %0;\n" ::"n"(PENDING));
}

template <int THREADS, int ITEMS, int STAGES, typename T>
struct Pipe
{
  static constexpr int TILE        = THREADS * ITEMS;
  static constexpr int VEC         = 16 / sizeof(T);
  static constexpr int ROW_CHUNKS  = ITEMS / VEC;              // 16-byte chunks per thread's row
  static constexpr int ROW_BYTES   = ITEMS * sizeof(T) + 16;   // padded: rows start 4 banks apart
  static constexpr int STAGE_BYTES = THREADS * ROW_BYTES;
  static constexpr int SMEM_BYTES  = STAGES * STAGE_BYTES;
};

template <int THREADS, int ITEMS, int STAGES, typename T, bool EXCLUSIVE>
__global__ void __launch_bounds__(THREADS)
  pipelined_scan(const T* in, T* out, int64_t tiles, ScanTileState<T> state)
{
  using P          = Pipe<THREADS, ITEMS, STAGES, T>;
  using BlockScanT = cubling::BlockScan<T, THREADS, cubling::BLOCK_SCAN_WARP_SCANS>;
  using Op         = cuda::std::plus<>;
  using LookBack   = TileLookBack<T, Op, 0>;
  extern __shared__ __align__(16) unsigned char rows[];
  __shared__ struct
  {
    typename BlockScanT::TempStorage block;
    typename LookBack::TempStorage look_back;
  } scan_storage;
  const unsigned rows_address = static_cast<unsigned>(__cvta_generic_to_shared(rows));
  const int64_t grid          = gridDim.x;

  // Issue the copies of tile `tile` into stage `stage`: chunk c of the tile
  // (16 bytes; consecutive threads, consecutive chunks) goes to row c / ROW_CHUNKS.
  auto issue = [&](int64_t tile, int stage) {
    const char* source = reinterpret_cast<const char*>(in + tile * P::TILE);
#pragma unroll
    for (int j = 0; j < P::ROW_CHUNKS; ++j)
    {
      const int c = threadIdx.x + j * THREADS;
      copy_async_16(rows_address + stage * P::STAGE_BYTES + (c / P::ROW_CHUNKS) * P::ROW_BYTES
                      + (c % P::ROW_CHUNKS) * 16,
                    source + c * 16);
    }
  };

  int64_t tile = blockIdx.x;
#pragma unroll
  for (int s = 0; s < STAGES - 1; ++s)
  {
    if (tile + s * grid < tiles)
    {
      issue(tile + s * grid, s);
    }
    commit_copies(); // an empty group keeps the counting uniform
  }
  for (int k = 0; tile < tiles; ++k, tile += grid)
  {
    const int64_t ahead = tile + (STAGES - 1) * grid;
    if (ahead < tiles)
    {
      issue(ahead, (k + STAGES - 1) % STAGES);
    }
    commit_copies();
    wait_copies<STAGES - 1>(); // this thread's copies of tile `tile` have landed
    __syncthreads();           // ... and everyone's
    unsigned char* row = rows + (k % STAGES) * P::STAGE_BYTES + threadIdx.x * P::ROW_BYTES;
    T items[ITEMS];
#pragma unroll
    for (int j = 0; j < P::ROW_CHUNKS; ++j)
    {
      const int4 v = reinterpret_cast<const int4*>(row)[j];
      memcpy(items + j * P::VEC, &v, 16);
    }
    if (tile == 0)
    {
      T aggregate;
      if constexpr (EXCLUSIVE)
      {
        BlockScanT(scan_storage.block).ExclusiveScan(items, items, T{}, Op{}, aggregate);
      }
      else
      {
        BlockScanT(scan_storage.block).InclusiveScan(items, items, Op{}, aggregate);
      }
      if (threadIdx.x == 0)
      {
        state.Publish(0, cubling::SCAN_TILE_PREFIX, aggregate);
      }
    }
    else
    {
      LookBack look_back(scan_storage.look_back, state, Op{}, tile);
      if constexpr (EXCLUSIVE)
      {
        BlockScanT(scan_storage.block).ExclusiveScan(items, items, Op{}, look_back);
      }
      else
      {
        BlockScanT(scan_storage.block).InclusiveScan(items, items, Op{}, look_back);
      }
    }
#pragma unroll
    for (int j = 0; j < P::ROW_CHUNKS; ++j)
    {
      int4 v;
      memcpy(&v, items + j * P::VEC, 16);
      reinterpret_cast<int4*>(row)[j] = v;
    }
    __syncthreads(); // the tile's results are in its rows
    const unsigned char* stage_rows = rows + (k % STAGES) * P::STAGE_BYTES;
    int4* target                    = reinterpret_cast<int4*>(out + tile * P::TILE);
#pragma unroll
    for (int j = 0; j < P::ROW_CHUNKS; ++j)
    {
      const int c = threadIdx.x + j * THREADS;
      __stcs(target + c,
             *reinterpret_cast<const int4*>(stage_rows + (c / P::ROW_CHUNKS) * P::ROW_BYTES + (c % P::ROW_CHUNKS) * 16));
    }
    __syncthreads(); // the stage is free for the copies issued next
  }
  wait_copies<0>();
}

template <typename State>
__global__ void reset_states(State state, int64_t tiles)
{
  for (int64_t t = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; t < tiles; t += int64_t{gridDim.x} * blockDim.x)
  {
    state.Reset(t);
  }
}

// One configuration of the pipelined scan: its grid, and a launcher.
template <int THREADS, int ITEMS, int STAGES, typename T, bool EXCLUSIVE>
struct Config
{
  using P = Pipe<THREADS, ITEMS, STAGES, T>;
  int grid_per_sm = 0;
  int sms         = 0;
  Config()
  {
    auto kernel = pipelined_scan<THREADS, ITEMS, STAGES, T, EXCLUSIVE>;
    CHECK_CUDA(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, P::SMEM_BYTES));
    CHECK_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&grid_per_sm, kernel, THREADS, P::SMEM_BYTES));
    CHECK_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  }
  void run(const T* in, T* out, int64_t n, void* temp) const
  {
    const int64_t tiles = n / P::TILE;
    auto state          = ScanTileState<T>::Over(temp);
    reset_states<<<(tiles + 255) / 256, 256>>>(state, tiles);
    const int64_t grid = std::min<int64_t>(tiles, int64_t{grid_per_sm} * sms);
    pipelined_scan<THREADS, ITEMS, STAGES, T, EXCLUSIVE><<<grid, THREADS, P::SMEM_BYTES>>>(in, out, tiles, state);
  }
};

__global__ void fill(int* ints, float* floats, int64_t n)
{
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < n; i += int64_t{gridDim.x} * blockDim.x)
  {
    unsigned x = static_cast<unsigned>(i) * 2654435761u ^ 7u;
    x ^= x >> 13;
    x *= 0x5bd1e995u;
    x ^= x >> 15;
    ints[i]   = static_cast<int>(x % 2001) - 1000;
    floats[i] = (x >> 8) / 16777216.0f - 0.5f;
  }
}

int main(int argc, char** argv)
{
  const int reps      = argc > 1 ? atoi(argv[1]) : 21;
  const int64_t max_n = int64_t{1} << 28;
  int *ints, *out_a, *out_b;
  float* floats;
  CHECK_CUDA(cudaMalloc(&ints, max_n * 4));
  CHECK_CUDA(cudaMalloc(&floats, max_n * 4));
  CHECK_CUDA(cudaMalloc(&out_a, max_n * 4));
  CHECK_CUDA(cudaMalloc(&out_b, max_n * 4));
  fill<<<2048, 256>>>(ints, floats, max_n);
  const size_t temp_bytes = size_t{64} << 20;
  void* temp;
  CHECK_CUDA(cudaMalloc(&temp, temp_bytes));
  ProbeTimer timer(size_t{256} << 20); // L2 holds none of the data
  auto time_one = [&](const std::function<void()>& f) { return timer.time_us(f); };
  auto median   = probe_median;
  std::printf("config,work,log2n,pipe_us,lib_us,cub_us,copy_us,pipe_over_cub,lib_over_cub,pipe_pct_copy,check\n");
  size_t b = 0;
  auto measure = [&](const char* config, const char* work, int lg, bool is_float, const std::function<void(int64_t)>& pipe,
                     int blocks) {
    const int64_t n = int64_t{1} << lg;
    auto lib        = [&] {
      b = temp_bytes;
      if (is_float)
        CHECK_CUDA(cubling::DeviceScan::ExclusiveSum(temp, b, floats, reinterpret_cast<float*>(out_b), n));
      else
        CHECK_CUDA(cubling::DeviceScan::InclusiveSum(temp, b, ints, out_b, n));
    };
    auto cub = [&] {
      b = temp_bytes;
      if (is_float)
        CHECK_CUDA(cub::DeviceScan::ExclusiveSum(temp, b, floats, reinterpret_cast<float*>(out_b), n));
      else
        CHECK_CUDA(cub::DeviceScan::InclusiveSum(temp, b, ints, out_b, n));
    };
    for (int i = 0; i < 3; ++i)
    {
      pipe(n);
      lib();
      cub();
    }
    std::vector<float> tp, tl, tc, tcopy;
    for (int r = 0; r < reps; ++r)
    {
      std::function<void()> order[3] = {[&] { tp.push_back(time_one([&] { pipe(n); })); },
                                        [&] { tl.push_back(time_one(lib)); },
                                        [&] { tc.push_back(time_one(cub)); }};
      for (int i = 0; i < 3; ++i)
      {
        order[(i + r) % 3]();
      }
      tcopy.push_back(time_one([&] { CHECK_CUDA(cudaMemcpyAsync(out_b, ints, n * 4, cudaMemcpyDeviceToDevice)); }));
    }
    // Check the pipelined result against CUB's (bit for bit: the float input is exact? no: within rounding).
    CHECK_CUDA(cudaMemset(out_a, 0x5a, n * 4));
    pipe(n);
    cub();
    CHECK_CUDA(cudaDeviceSynchronize());
    std::vector<unsigned> ha(n), hb(n);
    CHECK_CUDA(cudaMemcpy(ha.data(), out_a, n * 4, cudaMemcpyDeviceToHost));
    CHECK_CUDA(cudaMemcpy(hb.data(), out_b, n * 4, cudaMemcpyDeviceToHost));
    int64_t bad = 0;
    for (int64_t i = 0; i < n; ++i)
    {
      if (is_float)
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
    const float p = median(tp), l = median(tl), c = median(tc), cp = median(tcopy);
    std::printf("%s(grid %d),%s,%d,%.2f,%.2f,%.2f,%.2f,%.4f,%.4f,%.1f,%s\n", config, blocks, work, lg, p, l, c, cp, p / c,
                l / c, 100.0f * cp / p, bad ? "MISMATCH" : "ok");
    std::fflush(stdout);
  };
  auto sweep = [&](auto config, const char* name) {
    using C = decltype(config);
    for (int lg : {20, 24, 26, 28})
    {
      measure(name, "inclusive_sum_i32", lg, false, [&](int64_t n) { config.int_sum.run(ints, out_a, n, temp); },
              config.int_sum.grid_per_sm * config.int_sum.sms);
    }
    for (int lg : {24, 28})
    {
      measure(name, "exclusive_sum_f32", lg, true,
              [&](int64_t n) {
                config.float_sum.run(floats, reinterpret_cast<float*>(out_a), n, temp);
              },
              config.float_sum.grid_per_sm * config.float_sum.sms);
    }
    (void) sizeof(C);
  };
#define SWEEP(T, I, S)                                                                              \
  {                                                                                                \
    struct                                                                                         \
    {                                                                                              \
      Config<T, I, S, int, false> int_sum;                                                         \
      Config<T, I, S, float, true> float_sum;                                                      \
    } config;                                                                                      \
    sweep(config, #T "x" #I "_stages" #S);                                                         \
  }
  SWEEP(256, 32, 2)
  SWEEP(128, 32, 2)
  SWEEP(128, 32, 3)
  SWEEP(256, 16, 3)
  SWEEP(512, 16, 2)
  SWEEP(256, 32, 3)
  return 0;
}
