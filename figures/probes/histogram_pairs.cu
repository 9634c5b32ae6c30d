// histogram_pairs.cu: can the up-front histogram of a 32-bit radix sort make
// fewer shared atomics per key? A design probe, not a chapter step.
//
// DeviceRadixSort's histogram kernel (AgentRadixSortHistogram) reads each key
// once and adds one to a shared counter for each of its four 8-bit digits:
// four shared atomics a key. Nsight Compute found it bound by them (the
// memory pipes 92% busy, radix_sweep.cu's comment); the read alone, timed
// here too, is its floor. This probe counts the two low digits
// together instead: one table of 65536 16-bit counters (128 KiB of shared
// memory, two counters a 32-bit word) indexed by the key's low 16 bits,
// so one atomic counts both digits of the first two passes. The two high
// digits keep 256-counter tables. Three atomics a key instead of four.
//
// The table costs what the plain histograms did not:
//   - one block an SM (128 KiB of the 227 KiB), so 1024 threads to keep
//     32 warps an SM;
//   - the 16-bit counters must not overflow: a block empties its table every
//     FLUSH_TILES tiles, with FLUSH_TILES x TILE below 65536 keys. Emptying
//     reads the table once, row by row (a row is one second digit, 256
//     first digits, 512 bytes: lane l reads 16 of them, 8 counters): the
//     row's sum is the second digit's count, and each lane's 8 columns add
//     up the first digits' counts; then it writes the row back as zeros.
//
// Timed here on the same keys, taking turns, with L2 overwritten before
// each call, and the counts compared (as exclusive offsets, the library
// kernel's output):
//   - library: the library's kernel, launched as the dispatch launches it
//     (as many blocks as fit, after a memset of the bins and counter);
//   - pairs_<threads>x<items>: this probe's kernel, after the same memset;
//   - read: a kernel that only reads the keys, 16 bytes a load (the floor).
// Uniform keys (probe_data.cuh's hash) and all-equal keys (the worst case
// for bank conflicts and the flush bound).
//
// ptxas: 48 to 52 registers a thread, no spills, 6 KiB of static shared
// memory beside the table's 128 KiB (one block an SM); the library's kernel
// 32 registers. What would have made it worth building into the library: at
// 2^28 uniform keys, a histogram faster than the library's by well over a
// tenth of its time, since the sort's whole gap to its target is a few
// percent of the sort.
//
// Measured and not kept (H200, driver 580.159.04, 2026-11-28, 21 reps, one
// run; every count matched the CPU's). Time in us at 2^24 / 2^26 / 2^28,
// uniform keys: read 26.0 / 73.0 / 250.4; library 256x8 43.9 / 126.4 /
// 465.4; pairs_1024x8 42.0 / 128.2 / 471.3; 1024x16 41.8 / 132.4 / 485.2;
// 1024x4 44.2 / 133.3 / 488.6; 768x16 41.7 / 125.0 / 459.2 (1.3% under the
// library's at 2^28). Every key equal: library 32.7 / 86.4 / 289.0; the
// pair tables 86.8-90.6 / 310-322 / 1208-1229 (their atomics all meet on one
// 32-bit word, two counters, where the library's copies spread them). A
// quarter fewer atomics bought almost nothing; with one block an SM, the
// table's flushes and less latency hidden probably took back what the count
// saved.
//
// Then (2026-11-29, H200, driver 580.159.04, 21 reps, one run each; every
// count matched): the library's kernel counting 1, 2, 3 and 4 digits of
// each key (library_digitsN: begin_bit 0, end_bit 8N; only the first N
// passes' counts, so "check" says DIFFERENT), and banked_gG_TxI_bB: the
// counts in G copies, lane l adding to copy l / (32 / G) on banks of its
// own (G 32: a column per lane), 32-bit counters, dynamic shared memory,
// B blocks an SM. At 2^28 uniform keys, with the shared copies (the
// library's 256x8 then): read 250; library 465; digits1 258-263, digits2
// 280-281, digits3 367; banked g1 465, g2 483, g8 468, g16 436 (512x8) and
// 489 (256x8), g32 285 (1024x8) and 322 (512x16). Every key equal: library
// 289, g1 260, g2 422, g8 440, g16 435-488, g32 283. So bank conflicts are
// what the atomics cost, and only one or two lanes a bank remove them (a
// warp waits for its worst bank). An earlier session's lane columns (16-bit
// counters, two a word, flushed before overflow, measured on an H100) were
// no faster; these are. The library now counts in lane columns on Hopper
// for keys of up to 4 bytes (1024x8). In a later run, beside the library's
// build (uniform 2^24 / 2^26 / 2^28): read 26.2 / 73.0 / 249.7; library
// (now columns) 42.4 / 105.3 / 354.1; banked g32 1024x8 36.1 / 86.5 /
// 285.5; g1 38.5 / 123.4 / 466.5. The library's kernel, whose pass loop
// and digit shifts are run-time values, is 24% slower than the probe's,
// whose four shifts are constants: the next thing to try. SASS (cuobjdump
// -sass of this probe's build): the library's count of one digit of one key
// is SHF, LOP3, IMAD (pass x 256 + digit), IMAD (x 32 + lane), LEA, ATOMS:
// six instructions; the probe's SHF, LOP3, IADD, LEA, ATOMS: five. With a
// 1024-thread block an SM, issue is a large part of the time. A count of
// three is in reach: the word's byte offset is pass x 32 KiB + digit x 128
// + lane x 4, and digit x 128 and lane x 4 occupy disjoint bits, so one
// SHF and one LOP3 ((bits >> (shift - 7)) & 0x7f80 | lane x 4) give the
// per-thread part, and the pass's 32 KiB can ride in the ATOMS's uniform
// register. Built as columns_runtime (below; SASS: SHF.R.W, LOP3, ATOMS).
// Timed (2026-11-29, a later session, H200, driver 580.159.04, 21 reps, one
// run beside the library's build; every count matched), with the library's
// kernel already counting the same way (CountShifted), uniform 2^24 / 2^26
// / 2^28: read 25.9 / 74.6 / 259.4; library 40.4 / 95.7 / 310.6 (354.1 at
// 2^28 before the change, in the run above); columns_runtime 33.3 / 84.8 /
// 283.7; banked g32 1024x8 36.0 / 85.7 / 280.5. Every key equal: library
// 41.0 / 96.3 / 310.3; columns_runtime 33.4 / 84.7 / 283.2. The library
// keeps about 7 us at 2^24 and 27 us at 2^28 over columns_runtime, whose
// code differs in the last block's scan of the counts (the library's
// kernel does it, the probe's does not) and in its loads (a 64-bit index
// a key in the library, one tile pointer in load_striped); which of the
// two costs the difference was not measured.
//
// Build (one line): nvcc -O3 -std=c++17 -arch=sm_90 -Ilib/include -Itests
//          figures/probes/histogram_pairs.cu -o histogram_pairs
// Arguments: [reps [log2n]] (log2n: only that size; default 24, 26, 28)
// Output: CSV, variant,keys,log2n,us,read_us,of_read,check
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include <cubling/device/device_radix_sort.cuh>

#include "check.h" // CHECK_CUDA, from tests/
#include "probe_data.cuh"
#include "probe_timer.h"

using Offset              = unsigned long long; // the library's offsets for an int64_t count
constexpr int DIGITS      = 256;
constexpr int PASSES      = 4;
constexpr int TABLE_WORDS = 65536 / 2; // 16-bit counters, two a word

//! Counts every pass's digits of 32-bit keys, the two low digits in one
//! pair table (see the file comment); adds the block's counts to `bins`
//! (PASSES x DIGITS, zero at launch).
template <int THREADS, int ITEMS>
__global__ void __launch_bounds__(THREADS, 1) pair_histogram(const uint32_t* keys, int64_t n, Offset* bins)
{
  constexpr int TILE        = THREADS * ITEMS;
  constexpr int FLUSH_TILES = 65535 / TILE; // no 16-bit counter can reach 65536 between two flushes
  constexpr int WARPS       = THREADS / 32;
  constexpr int PARTS       = 2; // copies of each high-digit table, as the library's histogram has
  static_assert(ITEMS % 4 == 0 && FLUSH_TILES >= 1, "whole 16-byte loads; a tile below 65536 keys");
  extern __shared__ uint32_t table[]; // TABLE_WORDS words
  __shared__ uint32_t high[2][PARTS][DIGITS];
  __shared__ uint32_t low[2][DIGITS]; // the block's counts of the two low digits, out of the flushed tables
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32, part = warp % PARTS;

  for (int i = threadIdx.x; i < TABLE_WORDS; i += THREADS)
  {
    table[i] = 0;
  }
  for (int i = threadIdx.x; i < 2 * PARTS * DIGITS; i += THREADS)
  {
    (&high[0][0][0])[i] = 0;
  }
  for (int i = threadIdx.x; i < 2 * DIGITS; i += THREADS)
  {
    (&low[0][0])[i] = 0;
  }
  __syncthreads();

  auto count = [&](uint32_t key) {
    const uint32_t pair = key & 0xffffu;
    atomicAdd(&table[pair >> 1], 1u << ((pair & 1u) * 16u));
    atomicAdd(&high[0][part][(key >> 16) & 0xffu], 1u);
    atomicAdd(&high[1][part][key >> 24], 1u);
  };
  // Rows of the table to the two low digits' counts, and the table back to zeros.
  auto flush = [&]() {
    __syncthreads();
    uint32_t columns[8] = {0, 0, 0, 0, 0, 0, 0, 0}; // first digits 8 lane .. 8 lane + 7
    for (int row = warp; row < DIGITS; row += WARPS)  // row: the second digit
    {
      uint4* at     = reinterpret_cast<uint4*>(table + row * (DIGITS / 2)) + lane;
      const uint4 w = *at;
      *at           = make_uint4(0, 0, 0, 0);
      const uint32_t words[4] = {w.x, w.y, w.z, w.w};
      uint32_t sum            = 0;
#pragma unroll
      for (int j = 0; j < 4; ++j)
      {
        columns[2 * j] += words[j] & 0xffffu;
        columns[2 * j + 1] += words[j] >> 16;
        sum += (words[j] & 0xffffu) + (words[j] >> 16);
      }
      sum = __reduce_add_sync(0xffffffffu, sum);
      if (lane == 0)
      {
        low[1][row] += sum; // one warp a row: no other thread adds to it
      }
    }
#pragma unroll
    for (int c = 0; c < 8; ++c)
    {
      if (columns[c] > 0)
      {
        atomicAdd(&low[0][8 * lane + c], columns[c]);
      }
    }
    __syncthreads();
  };

  const int64_t full_tiles = n / TILE;
  int since_flush          = 0;
  for (int64_t t = blockIdx.x; t < full_tiles; t += gridDim.x)
  {
    const uint4* tile = reinterpret_cast<const uint4*>(keys + t * TILE);
    uint4 v[ITEMS / 4];
#pragma unroll
    for (int u = 0; u < ITEMS / 4; ++u)
    {
      v[u] = tile[u * THREADS + threadIdx.x];
    }
#pragma unroll
    for (int u = 0; u < ITEMS / 4; ++u)
    {
      count(v[u].x);
      count(v[u].y);
      count(v[u].z);
      count(v[u].w);
    }
    if (++since_flush == FLUSH_TILES)
    {
      flush();
      since_flush = 0;
    }
  }
  // The keys past the last full tile, by the block that would take that tile.
  if (blockIdx.x == full_tiles % gridDim.x)
  {
    for (int64_t i = full_tiles * TILE + threadIdx.x; i < n; i += THREADS)
    {
      count(keys[i]);
    }
  }
  flush();

  for (int i = threadIdx.x; i < DIGITS; i += THREADS)
  {
    const uint32_t counts[PASSES] = {low[0][i], low[1][i], high[0][0][i] + high[0][1][i],
                                     high[1][0][i] + high[1][1][i]};
#pragma unroll
    for (int pass = 0; pass < PASSES; ++pass)
    {
      if (counts[pass] > 0)
      {
        atomicAdd(bins + pass * DIGITS + i, Offset{counts[pass]});
      }
    }
  }
}

//! A thread's keys of a tile, striped (key u of thread i at u x THREADS + i).
template <int THREADS, int ITEMS> __device__ __forceinline__ void load_striped(const uint32_t* tile, uint32_t (&v)[ITEMS])
{
#pragma unroll
  for (int u = 0; u < ITEMS; ++u)
  {
    v[u] = tile[u * THREADS + threadIdx.x];
  }
}

//! Counts every pass's digits of 32-bit keys in GROUPS copies of each
//! pass's 256 counters, lane l of a warp adding to copy l / (32 / GROUPS),
//! each copy on banks of its own: copy c holds digit d on bank
//! c * (32 / GROUPS) + d % (32 / GROUPS). GROUPS 1 is the library's layout
//! with one copy; 32 gives each lane a column (a warp's atomics never share
//! a bank). 32-bit counters, dynamic shared memory: PASSES x GROUPS KiB.
template <int THREADS, int ITEMS, int GROUPS>
__global__ void __launch_bounds__(THREADS) banked_histogram(const uint32_t* keys, int64_t n, Offset* bins)
{
  constexpr int TILE  = THREADS * ITEMS;
  constexpr int SPAN  = 32 / GROUPS; // banks of one copy
  constexpr int WORDS = DIGITS * GROUPS; // one pass's copies
  extern __shared__ uint32_t counts[];    // PASSES x WORDS
  const int lane = threadIdx.x % 32, group = lane / SPAN;
  for (int i = threadIdx.x; i < PASSES * WORDS; i += THREADS)
  {
    counts[i] = 0;
  }
  __syncthreads();
  auto count = [&](uint32_t key) {
#pragma unroll
    for (int pass = 0; pass < PASSES; ++pass)
    {
      const uint32_t d = (key >> (8 * pass)) & 0xffu;
      atomicAdd(&counts[pass * WORDS + (d / SPAN) * 32 + group * SPAN + d % SPAN], 1u);
    }
  };
  const int64_t full_tiles = n / TILE;
  for (int64_t t = blockIdx.x; t < full_tiles; t += gridDim.x)
  {
    uint32_t v[ITEMS];
    load_striped<THREADS>(keys + t * TILE, v);
#pragma unroll
    for (int u = 0; u < ITEMS; ++u)
    {
      count(v[u]);
    }
  }
  if (blockIdx.x == full_tiles % gridDim.x)
  {
    for (int64_t i = full_tiles * TILE + threadIdx.x; i < n; i += THREADS)
    {
      count(keys[i]);
    }
  }
  __syncthreads();
  for (int i = threadIdx.x; i < PASSES * DIGITS; i += THREADS)
  {
    const int pass = i / DIGITS, d = i % DIGITS;
    uint32_t sum = 0;
#pragma unroll
    for (int g = 0; g < GROUPS; ++g)
    {
      sum += counts[pass * WORDS + (d / SPAN) * 32 + g * SPAN + d % SPAN];
    }
    if (sum > 0)
    {
      atomicAdd(bins + i, Offset{sum});
    }
  }
}

//! Lane columns as banked_histogram<.., 32> lays them out, with the
//! library's generality: the first bit and the passes are run-time values.
//! A counter's byte offset is pass x 32 KiB + digit x 128 + lane x 4; the
//! last two occupy disjoint bits, so one funnel shift and one LOP3 give the
//! per-thread part; the pass's 32 KiB joins the lane's bits once a pass
//! (SASS: SHF.R.W, LOP3, ATOMS, three instructions a digit, where the
//! library's kernel takes six; see the file comment). The key's bits are shifted left by 7 once per key,
//! so that any first bit works (the 64 bits of key << 7, then >> bit).
template <int THREADS, int ITEMS>
__global__ void __launch_bounds__(THREADS) columns_runtime(const uint32_t* keys, int64_t n, Offset* bins,
                                                           int begin_bit, int passes)
{
  constexpr int TILE       = THREADS * ITEMS;
  constexpr int PASS_BYTES = DIGITS * 32 * 4;
  extern __shared__ uint32_t counts[]; // passes x DIGITS x 32
  char* const base     = reinterpret_cast<char*>(counts);
  const uint32_t lane4 = (threadIdx.x % 32) * 4;
  for (int i = threadIdx.x; i < passes * DIGITS * 32; i += THREADS)
  {
    counts[i] = 0;
  }
  __syncthreads();
  auto count = [&](uint32_t key) {
    const uint32_t low = key << 7, high = key >> 25;
    for (int pass = 0; pass < passes; ++pass)
    {
      const uint32_t offset = (__funnelshift_r(low, high, begin_bit + 8 * pass) & 0x7f80u) | lane4;
      atomicAdd(reinterpret_cast<uint32_t*>(base + pass * PASS_BYTES + offset), 1u);
    }
  };
  const int64_t full_tiles = n / TILE;
  for (int64_t t = blockIdx.x; t < full_tiles; t += gridDim.x)
  {
    uint32_t v[ITEMS];
    load_striped<THREADS>(keys + t * TILE, v);
    for (int pass = 0; pass < passes; ++pass)
    {
      const uint32_t column = lane4 | static_cast<uint32_t>(pass * PASS_BYTES); // once a pass, not a key
      const int shift       = begin_bit + 8 * pass;
#pragma unroll
      for (int u = 0; u < ITEMS; ++u)
      {
        const uint32_t offset = (__funnelshift_r(v[u] << 7, v[u] >> 25, shift) & 0x7f80u) | column;
        atomicAdd(reinterpret_cast<uint32_t*>(base + offset), 1u);
      }
    }
  }
  if (blockIdx.x == full_tiles % gridDim.x)
  {
    for (int64_t i = full_tiles * TILE + threadIdx.x; i < n; i += THREADS)
    {
      count(keys[i]);
    }
  }
  __syncthreads();
  for (int i = threadIdx.x; i < passes * DIGITS; i += THREADS)
  {
    uint32_t sum = 0;
#pragma unroll
    for (int k = 0; k < 32; ++k)
    {
      sum += counts[i * 32 + (threadIdx.x + k) % 32];
    }
    if (sum > 0)
    {
      atomicAdd(bins + i, Offset{sum});
    }
  }
}

//! Reads every key, 16 bytes a load, and writes one word a block: the floor of any histogram.
__global__ void read_keys(const uint4* keys, int64_t vectors, uint32_t* sink)
{
  uint32_t x = 0;
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < vectors; i += int64_t{gridDim.x} * blockDim.x)
  {
    const uint4 v = keys[i];
    x ^= v.x ^ v.y ^ v.z ^ v.w;
  }
  x = __reduce_or_sync(0xffffffffu, x);
  if (threadIdx.x == 0)
  {
    sink[blockIdx.x] = x;
  }
}

//! Counts to exclusive offsets, pass by pass (what the library's kernel leaves in its bins).
static std::vector<Offset> exclusive(std::vector<Offset> counts)
{
  for (int pass = 0; pass < PASSES; ++pass)
  {
    Offset sum = 0;
    for (int d = 0; d < DIGITS; ++d)
    {
      const Offset c                 = counts[pass * DIGITS + d];
      counts[pass * DIGITS + d] = sum;
      sum += c;
    }
  }
  return counts;
}

struct Variant
{
  std::string name;
  bool offsets; // its bins end as exclusive offsets (the library's), not counts
  std::function<void(const uint32_t*, int64_t)> run;
};

int main(int argc, char** argv)
{
  const int reps      = argc > 1 ? atoi(argv[1]) : 21;
  const int only_log2 = argc > 2 ? atoi(argv[2]) : 0;
  const int64_t max_n = int64_t{1} << 28;
  int device = 0, sms = 0;
  CHECK_CUDA(cudaGetDevice(&device));
  CHECK_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));

  uint32_t* keys;
  CHECK_CUDA(cudaMalloc(&keys, max_n * 4));
  // The bins and the library's blocks-done counter, contiguous: one memset.
  Offset* bins;
  CHECK_CUDA(cudaMalloc(&bins, (PASSES * DIGITS + 1) * sizeof(Offset)));
  unsigned* blocks_done = reinterpret_cast<unsigned*>(bins + PASSES * DIGITS);
  uint32_t* sink;
  CHECK_CUDA(cudaMalloc(&sink, 1 << 20));
  ProbeTimer timer(size_t{256} << 20); // L2 holds none of the keys

  // The library's kernel, launched as the dispatch launches it.
  using Policy  = cubling::detail::DeviceRadixSortPolicy<uint32_t, cubling::NullType>::MaxPolicy;
  using HPolicy = Policy::HistogramPolicy;
  constexpr auto library_kernel =
      cubling::detail::DeviceRadixSortHistogramKernel<Policy, false, uint32_t, Offset, cubling::detail::identity_decomposer_t>;
  constexpr size_t library_shared = cubling::detail::dynamic_shared_bytes<
      cubling::AgentRadixSortHistogram<HPolicy, false, uint32_t, Offset, cubling::detail::identity_decomposer_t>::TempStorage>();
  if (library_shared > 0)
  {
    CHECK_CUDA(cudaFuncSetAttribute(library_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(library_shared)));
  }
  int library_per_sm = 0;
  CHECK_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&library_per_sm, library_kernel, HPolicy::BLOCK_THREADS,
                                                           library_shared));

  std::vector<Variant> variants;
  variants.push_back({"library_" + std::to_string(HPolicy::BLOCK_THREADS) + "x" + std::to_string(HPolicy::ITEMS_PER_THREAD),
                      true, [&](const uint32_t* k, int64_t n) {
                        const int64_t tiles  = (n + HPolicy::BLOCK_THREADS * HPolicy::ITEMS_PER_THREAD - 1) /
                                              (HPolicy::BLOCK_THREADS * HPolicy::ITEMS_PER_THREAD);
                        const int64_t blocks = std::min<int64_t>(tiles, int64_t{sms} * library_per_sm);
                        CHECK_CUDA(cudaMemsetAsync(bins, 0, (PASSES * DIGITS + 1) * sizeof(Offset)));
                        library_kernel<<<static_cast<unsigned>(blocks), HPolicy::BLOCK_THREADS, library_shared>>>(
                            bins, blocks_done, k, n, 0, 32, nullptr, 0, cubling::detail::identity_decomposer_t{});
                        CHECK_CUDA(cudaGetLastError()); // no synchronize: the call is timed
                      }});
  for (int digits_counted : {1, 2, 3})
  {
    variants.push_back({"library_digits" + std::to_string(digits_counted), true, [&, digits_counted](const uint32_t* k, int64_t n) {
                          const int64_t tiles  = (n + HPolicy::BLOCK_THREADS * HPolicy::ITEMS_PER_THREAD - 1) /
                                                (HPolicy::BLOCK_THREADS * HPolicy::ITEMS_PER_THREAD);
                          const int64_t blocks = std::min<int64_t>(tiles, int64_t{sms} * library_per_sm);
                          CHECK_CUDA(cudaMemsetAsync(bins, 0, (PASSES * DIGITS + 1) * sizeof(Offset)));
                          library_kernel<<<static_cast<unsigned>(blocks), HPolicy::BLOCK_THREADS, library_shared>>>(
                              bins, blocks_done, k, n, 0, 8 * digits_counted, nullptr, 0, cubling::detail::identity_decomposer_t{});
                          CHECK_CUDA(cudaGetLastError());
                        }});
  }
  auto add_pairs = [&](auto kernel, int threads, int items) {
    CHECK_CUDA(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, TABLE_WORDS * 4));
    variants.push_back({"pairs_" + std::to_string(threads) + "x" + std::to_string(items), false,
                        [=](const uint32_t* k, int64_t n) {
                          CHECK_CUDA(cudaMemsetAsync(bins, 0, (PASSES * DIGITS + 1) * sizeof(Offset)));
                          kernel<<<sms, threads, TABLE_WORDS * 4>>>(k, n, bins);
                          CHECK_CUDA(cudaGetLastError());
                        }});
  };
  auto add_banked = [&](auto kernel, int threads, int items, int groups) {
    const int bytes = PASSES * DIGITS * groups * 4;
    CHECK_CUDA(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes));
    int per_sm = 0;
    CHECK_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads, bytes));
    variants.push_back({"banked_g" + std::to_string(groups) + "_" + std::to_string(threads) + "x" + std::to_string(items) + "_b" + std::to_string(per_sm), false,
                        [=](const uint32_t* k, int64_t n) {
                          CHECK_CUDA(cudaMemsetAsync(bins, 0, (PASSES * DIGITS + 1) * sizeof(Offset)));
                          kernel<<<sms * per_sm, threads, bytes>>>(k, n, bins);
                          CHECK_CUDA(cudaGetLastError());
                        }});
  };
  add_banked(banked_histogram<256, 8, 1>, 256, 8, 1);
  add_banked(banked_histogram<256, 8, 2>, 256, 8, 2);
  add_banked(banked_histogram<256, 8, 8>, 256, 8, 8);
  add_banked(banked_histogram<512, 8, 16>, 512, 8, 16);
  add_banked(banked_histogram<256, 8, 16>, 256, 8, 16);
  add_banked(banked_histogram<1024, 8, 32>, 1024, 8, 32);
  add_banked(banked_histogram<512, 16, 32>, 512, 16, 32);
  {
    constexpr auto kernel = columns_runtime<1024, 8>;
    const int bytes       = PASSES * DIGITS * 32 * 4;
    CHECK_CUDA(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes));
    int per_sm = 0;
    CHECK_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, 1024, bytes));
    variants.push_back({"columns_runtime_1024x8_b" + std::to_string(per_sm), false, [=](const uint32_t* k, int64_t n) {
                          CHECK_CUDA(cudaMemsetAsync(bins, 0, (PASSES * DIGITS + 1) * sizeof(Offset)));
                          kernel<<<sms * per_sm, 1024, bytes>>>(k, n, bins, 0, PASSES);
                          CHECK_CUDA(cudaGetLastError());
                        }});
  }
  add_pairs(pair_histogram<1024, 8>, 1024, 8);
  add_pairs(pair_histogram<1024, 16>, 1024, 16);
  add_pairs(pair_histogram<1024, 4>, 1024, 4);
  add_pairs(pair_histogram<768, 16>, 768, 16);

  std::printf("variant,keys,log2n,us,read_us,of_read,check\n");
  for (const char* kind : {"uniform", "equal"})
  {
    for (int lg : {24, 26, 28})
    {
      if (only_log2 && lg != only_log2)
      {
        continue;
      }
      const int64_t n = int64_t{1} << lg;
      if (kind[0] == 'u')
      {
        fill<<<2048, 256>>>(keys, n, 12345u);
      }
      else
      {
        CHECK_CUDA(cudaMemset(keys, 0x5a, n * 4));
      }
      CHECK_LAUNCH();
      // The expected counts, on the host.
      std::vector<uint32_t> host(n);
      CHECK_CUDA(cudaMemcpy(host.data(), keys, n * 4, cudaMemcpyDeviceToHost));
      std::vector<Offset> expected(PASSES * DIGITS, 0);
      for (uint32_t k : host)
      {
        for (int pass = 0; pass < PASSES; ++pass)
        {
          ++expected[pass * DIGITS + ((k >> (8 * pass)) & 0xffu)];
        }
      }
      expected = exclusive(expected);

      std::vector<bool> ok(variants.size());
      for (size_t v = 0; v < variants.size(); ++v)
      {
        variants[v].run(keys, n);
        CHECK_CUDA(cudaDeviceSynchronize());
        std::vector<Offset> got(PASSES * DIGITS);
        CHECK_CUDA(cudaMemcpy(got.data(), bins, got.size() * sizeof(Offset), cudaMemcpyDeviceToHost));
        ok[v] = (variants[v].offsets ? got : exclusive(got)) == expected;
      }
      std::vector<std::vector<float>> times(variants.size());
      std::vector<float> read_times;
      const int read_blocks = sms * 8;
      for (int r = 0; r < reps; ++r) // the variants and the read take turns, in a rotating order
      {
        for (size_t j = 0; j <= variants.size(); ++j)
        {
          const size_t v = (j + r) % (variants.size() + 1);
          if (v == variants.size())
          {
            read_times.push_back(timer.time_us([&] {
              read_keys<<<read_blocks, 512>>>(reinterpret_cast<const uint4*>(keys), n / 4, sink);
            }));
          }
          else
          {
            times[v].push_back(timer.time_us([&] { variants[v].run(keys, n); }));
          }
        }
      }
      const float read_us = probe_median(read_times);
      for (size_t v = 0; v < variants.size(); ++v)
      {
        const float us = probe_median(times[v]);
        std::printf("%s,%s,%d,%.2f,%.2f,%.3f,%s\n", variants[v].name.c_str(), kind, lg, us, read_us, us / read_us,
                    ok[v] ? "same" : "DIFFERENT");
      }
      std::fflush(stdout);
    }
  }
  return 0;
}
