// scan_look_back_costs.cu: where does chapter 08's step 4 lose its time?
// A design probe, not a chapter step.
//
// Step 4 (decoupled look-back, tiles of 256 x 8 items, one block per tile)
// moves 2n ints and yet runs slower than step 2 (reduce-then-scan, 3n). This
// probe rebuilds step 4's kernel with the knobs that could explain it, each
// alone, all timed in turns in one run, next to a copy:
//   - `frame`: no look-back at all (every tile's prefix is 0): the cost of
//     the load, the block scan and the store, with one block per tile;
//   - `backoff`: a __nanosleep between two reads of a window that is not ready;
//   - `occupancy`: __launch_bounds__ asking for 8 blocks an SM (step 4 gets 6);
//   - the tile: 128 x 8, 256 x 8 (step 4's), 512 x 8, 256 x 16;
//   - `width`: each lane reads W status words, a window of 32 W tiles, so
//     that a walk back over aggregates takes fewer round trips.
// Each variant's result is checked against a CPU scan (except `frame`).
//
// Measured on an H200 (2026-11-27, driver 580.159.04), time as a fraction
// of the copy's speed at 2^28 (2^24 and 2^26 within a few points of it):
//   - step 4 as it is: 0.45; without the look-back (frame): 0.89. The
//     look-back halves the speed: while the first warp waits for its
//     predecessors' words, the block's seven other warps wait at the barrier
//     with the tile in registers, and no load of the next tile is in flight;
//   - back-off of 100 or 400 ns: 0.45 (the spinning costs nothing);
//     8 blocks an SM: 0.49; tiles of 128 x 8: 0.40, 512 x 8: 0.39,
//     256 x 16: 0.53 (frame 0.98);
//   - wider windows are slower: W = 2 0.44, 4 0.35, 8 0.21 (and 0.47 with
//     256 x 16 tiles): a look-back rarely walks past its first window, so
//     reading more words only adds to the wait.
// In the same run, chapter 08's step 2 ran at 0.67 of the copy, step 5 at
// 0.69, step 7 (one warp per job) at 0.89. So step 4's deficit is the
// block-wide wait itself; it takes the next steps' ideas (a larger tile and
// the look-back inside the block scan, step 5; loads that run on while
// tiles look back, step 7) to beat reduce-then-scan.
//
// Build (one line): nvcc -O3 -std=c++17 -arch=sm_90 -Ilib/include -Itests
//          figures/probes/scan_look_back_costs.cu -o lbc
// Arguments: [reps [log2n]] (log2n: only that size, default 24, 26, 28)
// Output: CSV, variant,log2n,us,copy_us,of_copy,blocks_per_sm,check
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <cuda/atomic>
#include <cuda_runtime.h>

#include <cubling/block/block_load.cuh>
#include <cubling/block/block_scan.cuh>
#include <cubling/block/block_store.cuh>

#include "../../figures/probes/probe_timer.h"
#include "check.h"

namespace
{

__device__ __forceinline__ uint64_t read_word(uint64_t* words, int64_t tile)
{
  return cuda::atomic_ref<uint64_t, cuda::thread_scope_device>(words[tile]).load(cuda::memory_order_relaxed);
}
__device__ __forceinline__ void publish(uint64_t* words, int64_t tile, uint32_t status, int value)
{
  cuda::atomic_ref<uint64_t, cuda::thread_scope_device>(words[tile]).store(
    uint64_t{status} << 32 | static_cast<uint32_t>(value), cuda::memory_order_relaxed);
}
constexpr uint32_t AGGREGATE = 1, PREFIX = 2;

//! Step 4's look-back, with an optional back-off, and WIDTH status words
//! per lane (a window of 32 x WIDTH tiles); LOOK_BACK false: prefix 0.
template <bool LOOK_BACK, int BACKOFF_NS, int WIDTH>
__device__ __forceinline__ int exclusive_prefix(uint64_t* words, int64_t tile, int aggregate)
{
  __shared__ int shared_prefix;
  if (threadIdx.x < 32)
  {
    const int lane = threadIdx.x;
    if (lane == 0)
    {
      publish(words, tile, tile == 0 ? PREFIX : AGGREGATE, aggregate);
    }
    int exclusive      = 0;
    int64_t window_end = LOOK_BACK ? tile : 0;
    while (window_end > 0)
    {
      uint64_t word[WIDTH];
      int nearest_here = -1; // the highest index in the window, of this lane's words, with a prefix
#pragma unroll
      for (int j = 0; j < WIDTH; ++j)
      {
        const int64_t predecessor = window_end - 32 * WIDTH + lane * WIDTH + j;
        word[j] = predecessor >= 0 ? read_word(words, predecessor) : uint64_t{PREFIX} << 32;
        if (static_cast<uint32_t>(word[j] >> 32) == PREFIX)
        {
          nearest_here = lane * WIDTH + j;
        }
      }
      const int nearest = __reduce_max_sync(0xffffffffu, static_cast<unsigned>(nearest_here + 1)) - 1;
      bool missing = false;
      int sum      = 0;
#pragma unroll
      for (int j = 0; j < WIDTH; ++j)
      {
        const int index = lane * WIDTH + j;
        missing         = missing || (static_cast<uint32_t>(word[j] >> 32) == 0 && index > nearest);
        sum += index >= nearest ? static_cast<int>(static_cast<uint32_t>(word[j])) : 0;
      }
      if (__any_sync(0xffffffffu, missing))
      {
        if (BACKOFF_NS > 0)
        {
          __nanosleep(BACKOFF_NS);
        }
        continue;
      }
      exclusive += __reduce_add_sync(0xffffffffu, sum);
      if (nearest >= 0)
      {
        break;
      }
      window_end -= 32 * WIDTH;
    }
    if (lane == 0)
    {
      if (tile > 0)
      {
        publish(words, tile, PREFIX, exclusive + aggregate);
      }
      shared_prefix = exclusive;
    }
  }
  __syncthreads();
  return shared_prefix;
}

template <int BLOCK, int ITEMS, bool LOOK_BACK, int BACKOFF_NS, int MIN_BLOCKS, int WIDTH>
__global__ void __launch_bounds__(BLOCK, MIN_BLOCKS) single_pass(const int* in, int* out, uint32_t* counter,
                                                                 uint64_t* words)
{
  using Load  = cubling::BlockLoad<int, BLOCK, ITEMS, cubling::BLOCK_LOAD_WARP_TRANSPOSE>;
  using Store = cubling::BlockStore<int, BLOCK, ITEMS, cubling::BLOCK_STORE_WARP_TRANSPOSE>;
  using Scan  = cubling::BlockScan<int, BLOCK>;
  __shared__ union
  {
    typename Load::TempStorage load;
    typename Store::TempStorage store;
  } io;
  __shared__ typename Scan::TempStorage scan;
  __shared__ uint32_t drawn;
  if (threadIdx.x == 0)
  {
    drawn = atomicAdd(counter, 1u);
  }
  __syncthreads();
  const int64_t tile = drawn;
  const int64_t base = tile * BLOCK * ITEMS;
  int items[ITEMS];
  Load(io.load).Load(in + base, items);
  int aggregate;
  Scan(scan).InclusiveSum(items, items, aggregate);
  const int prefix = exclusive_prefix<LOOK_BACK, BACKOFF_NS, WIDTH>(words, tile, aggregate);
#pragma unroll
  for (int k = 0; k < ITEMS; ++k)
  {
    items[k] += prefix;
  }
  Store(io.store).Store(out + base, items);
}

struct Variant
{
  const char* name;
  int tile_items;
  bool checked;
  void (*kernel)(const int*, int*, uint32_t*, uint64_t*);
  int block;
};

template <int BLOCK, int ITEMS, bool LOOK_BACK, int BACKOFF_NS, int MIN_BLOCKS, int WIDTH = 1>
Variant variant(const char* name)
{
  return {name, BLOCK * ITEMS, LOOK_BACK, single_pass<BLOCK, ITEMS, LOOK_BACK, BACKOFF_NS, MIN_BLOCKS, WIDTH>, BLOCK};
}

} // namespace

int main(int argc, char** argv)
{
  const int reps  = argc > 1 ? std::atoi(argv[1]) : 31;
  const int only  = argc > 2 ? std::atoi(argv[2]) : 0;
  const int max_n = 1 << 28;
  std::vector<Variant> variants = {
    variant<256, 8, true, 0, 1>("step4_256x8"),
    variant<256, 8, false, 0, 1>("frame_256x8"),
    variant<256, 8, true, 100, 1>("backoff100_256x8"),
    variant<256, 8, true, 400, 1>("backoff400_256x8"),
    variant<256, 8, true, 0, 8>("occupancy8_256x8"),
    variant<128, 8, true, 0, 1>("step4_128x8"),
    variant<512, 8, true, 0, 1>("step4_512x8"),
    variant<256, 16, true, 0, 1>("step4_256x16"),
    variant<256, 16, false, 0, 1>("frame_256x16"),
    variant<256, 8, true, 0, 1, 2>("width2_256x8"),
    variant<256, 8, true, 0, 1, 4>("width4_256x8"),
    variant<256, 8, true, 0, 1, 8>("width8_256x8"),
    variant<256, 8, true, 0, 8, 4>("width4_occupancy8_256x8"),
    variant<256, 16, true, 0, 1, 4>("width4_256x16"),
  };
  int *in, *out;
  uint64_t* scratch;
  CHECK_CUDA(cudaMalloc(&in, sizeof(int) * max_n));
  CHECK_CUDA(cudaMalloc(&out, sizeof(int) * max_n));
  CHECK_CUDA(cudaMalloc(&scratch, sizeof(uint64_t) * (1 + max_n / 1024))); // the counter, a word a tile of 128 x 8
  std::vector<int> host(max_n), got(max_n);
  uint32_t state = 12345;
  for (auto& x : host)
  {
    state = state * 1664525u + 1013904223u;
    x     = static_cast<int>(state >> 24) - 128;
  }
  CHECK_CUDA(cudaMemcpy(in, host.data(), sizeof(int) * max_n, cudaMemcpyHostToDevice));
  ProbeTimer timer(size_t{256} << 20);
  std::printf("variant,log2n,us,copy_us,of_copy,blocks_per_sm,check\n");
  for (int log2n : {24, 26, 28})
  {
    if (only && log2n != only)
    {
      continue;
    }
    const int64_t n = int64_t{1} << log2n;
    std::vector<std::vector<float>> times(variants.size()), copy(variants.size());
    for (int r = 0; r < reps; ++r)
    {
      for (size_t v = 0; v < variants.size(); ++v)
      {
        const Variant& var = variants[v];
        const int64_t tiles = n / var.tile_items;
        times[v].push_back(timer.time_us([&] {
          CHECK_CUDA(cudaMemsetAsync(scratch, 0, sizeof(uint64_t) * (1 + tiles)));
          var.kernel<<<static_cast<unsigned>(tiles), var.block>>>(in, out, reinterpret_cast<uint32_t*>(scratch),
                                                                  scratch + 1);
        }));
        copy[v].push_back(timer.time_us([&] {
          CHECK_CUDA(cudaMemcpyAsync(out, in, sizeof(int) * n, cudaMemcpyDeviceToDevice));
        }));
      }
    }
    for (size_t v = 0; v < variants.size(); ++v)
    {
      const Variant& var = variants[v];
      const int64_t tiles = n / var.tile_items;
      CHECK_CUDA(cudaMemset(out, 0xA5, sizeof(int) * n));
      CHECK_CUDA(cudaMemset(scratch, 0, sizeof(uint64_t) * (1 + tiles)));
      var.kernel<<<static_cast<unsigned>(tiles), var.block>>>(in, out, reinterpret_cast<uint32_t*>(scratch),
                                                              scratch + 1);
      CHECK_CUDA(cudaGetLastError());
      CHECK_CUDA(cudaMemcpy(got.data(), out, sizeof(int) * n, cudaMemcpyDeviceToHost));
      bool ok = true;
      int sum = 0;
      for (int64_t i = 0; i < n && ok; ++i)
      {
        sum += host[i];
        ok = !var.checked || got[i] == sum;
      }
      int blocks = 0;
      CHECK_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, var.kernel, var.block, 0));
      const float t = probe_median(times[v]), c = probe_median(copy[v]);
      std::printf("%s,%d,%.1f,%.1f,%.3f,%d,%s\n", var.name, log2n, t, c, c / t, blocks,
                  var.checked ? (ok ? "ok" : "WRONG") : "unchecked");
    }
  }
  return 0;
}
