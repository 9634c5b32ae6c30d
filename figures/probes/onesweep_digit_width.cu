// onesweep_digit_width.cu: would u32/u32 pairs sort faster in three passes of
// 11-bit digits than in four of 8? A design probe, not a chapter step.
//
// SortPairs u32/u32 at 2^28 takes 0.974 of CUB's faster call (radix_sweep.cu's
// comment), where issue 15 asks for 0.90. Each of its four Onesweep passes is
// as fast as CUB's, and the up-front histogram is close to a read of the keys,
// so what is left is the number of passes. Three passes of 11, 11 and 10 bits
// move 48 bytes a pair where four move 64 (and the histogram reads 4 more
// either way). Whether that pays depends on one number: what a pass of 2048
// digits costs against a pass of 256. The library's Onesweep agent takes
// RADIX_BITS=11 as it is, so this probe times one pass of it directly, without
// the dispatch (which has one digit width for every path, and whose
// temporary storage would have to cover smaller launches: radix_sweep.cu's
// comment has what ptxas and sizeof say about it).
//
// Timed on the same keys and values, taking turns, with L2 overwritten before
// each timed call (probe_timer.h), each a median of `reps`:
//   - copy: the keys and the values copied device to device (the floor of a
//     pass, which reads and writes both), and an empty launch;
//   - hist8: the library's up-front histogram (lane columns, four 8-bit
//     digits); hist11: the same agent with three 11-bit digits, in one shared
//     copy of its counters (lane columns of 2048 digits do not fit);
//   - pass8: one pass of the library's pairs kernel (384x25, two blocks an
//     SM) on bits [0, 8); pass11_TxI_bB: one pass of the same agent on bits
//     [0, 11), in tiles of T threads of I pairs, B blocks an SM (ptxas caps
//     the registers for B). Before each pass, untimed: the histogram of its
//     digit, which zeroes the look-back words, and leaves the digit offsets;
//   - sort_cub_int, sort_cub_i64, sort_cubling_i64: the whole SortPairs
//     (CUB's two count types; the library's faster one).
// Each pass's output is compared bit for bit with CUB's SortPairs of the same
// input on the same bits (a stable sort on the low 8 or 11 bits is exactly
// one pass), and the library's whole sort with CUB's.
//
// The last lines project the three-pass sort: the library's sort less
// hist8 and four pass8, plus hist11 and three passes of the fastest 11-bit
// shape, over CUB's faster call. A projection, not a measurement: the third
// pass has 10 bits, and the library would need launches of fewer keys.
//
// radix_sweep.cu's comment has its kernels' registers, spills and shared
// memory.
//
// Run on an H200 (2026-11-29, driver 580.159.04, CUDA 13.0, the library at
// c099213; "21 26,28"), microseconds at 2^26 / 2^28 pairs, every pass's
// output the same as CUB's: copy of keys and values 257.0 / 1007.5; empty
// launch 2.9 / 2.9; hist8 95.4 / 311.1; hist11 128.3 / 427.5; pass8_384x25
// 424.8 / 1640.6 (1.65 / 1.63 of the copy); pass11_384x25 b1 1820.0 /
// 7125.0; pass11_256x36 b2 1290.8 / 4986.4; pass11_256x32 b2 1380.5 /
// 5378.4; pass11_512x18 b1 1707.5 / 6656.9; CUB's SortPairs int 1915.9 /
// 7410.2, int64_t 2174.3 / 8488.0; cubling's 1837.5 / 7127.4 (0.959 /
// 0.962 of CUB's faster call). The fastest 11-bit pass (256x36) takes 3.04
// times an 8-bit pass, where the design breaks even at 1.33 and needed
// about 1.2: the three-pass sort projects to 2.11 times CUB's time.
// Dropped. A pass of 2048 digits with this agent costs in its ranking
// (a warp's 2048 counters to clear and scan for 36 keys a thread) and in
// its look-back (2048 words a tile, written twice and read by the tiles
// behind it), not in its bytes; 11-bit digits would need another ranking
// (counters shared by the block, not a warp's own) and tiles several times
// larger, which do not fit in shared memory beside the exchange.
//
// Build (one line): nvcc -O3 -std=c++17 -arch=sm_90 -Xptxas -v -Ilib/include -Itests
//          figures/probes/onesweep_digit_width.cu -o onesweep_digit_width
// Arguments: [reps (default 21) [log2 sizes, comma-separated (default 26,28)]]
// Output: CSV, what,log2n,bits,blocks_per_sm,registers,spill_bytes,us,of_copy,check
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include <cub/device/device_radix_sort.cuh>
#include <cubling/device/device_radix_sort.cuh>

#include "check.h"
#include "probe_data.cuh"
#include "probe_timer.h"

using Key        = uint32_t;
using Value      = uint32_t;
using Offset     = unsigned long long; // the library's offsets for an int64_t count
using Decomposer = cubling::detail::identity_decomposer_t;
using Library    = cubling::detail::DeviceRadixSortPolicy<Key, Value>;

constexpr int MAX_DIGITS      = 2048;
constexpr int MAX_BIN_PASSES  = 4; // 4 x 256 and 3 x 2048 offsets both fit 4 x 2048
constexpr int64_t MAX_ITEMS   = int64_t{1} << 28;
constexpr int64_t MIN_TILE    = 256 * 32; // the smallest tile below
constexpr int64_t MAX_WORDS   = (MAX_ITEMS + MIN_TILE - 1) / MIN_TILE * MAX_DIGITS;

//! A policy chain of one link, as the kernels read it: an Onesweep tile of
//! BITS-bit digits and the histogram that readies its passes.
template <int BITS, int THREADS, int ITEMS, int MIN_BLOCKS, typename HistogramPolicy_>
struct Shape
{
  struct ActivePolicy
  {
    using OnesweepPolicy  = cubling::AgentRadixSortOnesweepPolicy<THREADS, ITEMS, BITS, cubling::BLOCK_SCAN_RAKING_MEMOIZE,
                                                                  cubling::WARP_MATCH_ANY, 1, MIN_BLOCKS, 2>;
    using HistogramPolicy = HistogramPolicy_;
  };
};
using Histogram11 = cubling::AgentRadixSortHistogramPolicy<256, 8, 1, 11>;

__global__ void empty_kernel() {}

//! The buffers every timed call works on.
struct Buffers
{
  Key *keys_in, *keys_out, *keys_ref;
  Value *values_in, *values_out, *values_ref;
  Offset* bins;              // MAX_BIN_PASSES x MAX_DIGITS offsets, then the histogram's blocks-done counter
  unsigned* blocks_done;
  uint32_t* lookback;        // MAX_WORDS look-back words
  void* temp;                // the whole sorts' temporary storage
  size_t temp_bytes;
  int sms;
};

constexpr size_t BIN_BYTES = MAX_BIN_PASSES * MAX_DIGITS * sizeof(Offset) + sizeof(unsigned);

//! One link's histogram and Onesweep kernels, readied as the dispatch readies them.
template <typename Chain, typename ActivePolicy>
struct Kernels
{
  using Onesweep   = typename ActivePolicy::OnesweepPolicy;
  using Histogram  = typename ActivePolicy::HistogramPolicy;
  using PassAgent  = cubling::AgentRadixSortOnesweep<Onesweep, false, Key, Value, Offset, Decomposer>;
  using CountAgent = cubling::AgentRadixSortHistogram<Histogram, false, Key, Offset, Decomposer>;
  static constexpr int BITS = Onesweep::RADIX_BITS;
  static constexpr auto onesweep =
      cubling::detail::DeviceRadixSortOnesweepKernel<Chain, false, Key, Value, Offset, Decomposer>;
  static constexpr auto histogram = cubling::detail::DeviceRadixSortHistogramKernel<Chain, false, Key, Offset, Decomposer>;
  size_t onesweep_shared = 0, histogram_shared = 0;
  int pass_per_sm = 0, histogram_per_sm = 0;
  cudaFuncAttributes pass_attributes{};

  Kernels()
  {
    static_assert(Onesweep::TILE_ITEMS >= MIN_TILE && (1 << BITS) <= MAX_DIGITS, "the buffers' sizes");
    CHECK_CUDA((cubling::detail::prepare_block_shared_storage<typename PassAgent::TempStorage>(onesweep, onesweep_shared)));
    CHECK_CUDA((cubling::detail::prepare_block_shared_storage<typename CountAgent::TempStorage>(histogram, histogram_shared)));
    CHECK_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&pass_per_sm, onesweep, Onesweep::BLOCK_THREADS, onesweep_shared));
    CHECK_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&histogram_per_sm, histogram, Histogram::BLOCK_THREADS,
                                                             histogram_shared));
    CHECK_CUDA(cudaFuncGetAttributes(&pass_attributes, onesweep));
  }

  //! The histogram of bits [0, end_bit) of n keys, as the dispatch launches it;
  //! it zeroes `lookback_words` look-back words first.
  void count(const Buffers& b, int64_t n, int end_bit, int64_t lookback_words) const
  {
    const int64_t tiles  = (n + Histogram::BLOCK_THREADS * Histogram::ITEMS_PER_THREAD - 1) /
                          (Histogram::BLOCK_THREADS * Histogram::ITEMS_PER_THREAD);
    const int64_t blocks = std::min<int64_t>(tiles, int64_t{b.sms} * histogram_per_sm);
    CHECK_CUDA(cudaMemsetAsync(b.bins, 0, BIN_BYTES));
    histogram<<<static_cast<unsigned>(blocks), Histogram::BLOCK_THREADS, histogram_shared>>>(
        b.bins, b.blocks_done, b.keys_in, n, 0, end_bit, b.lookback, lookback_words, Decomposer{});
    CHECK_CUDA(cudaGetLastError());
  }

  int64_t tiles(int64_t n) const { return (n + Onesweep::TILE_ITEMS - 1) / Onesweep::TILE_ITEMS; }

  //! Untimed: the offsets of the pass's digit, and zeroed look-back words.
  void ready_pass(const Buffers& b, int64_t n) const { count(b, n, BITS, tiles(n) * (1 << BITS)); }

  //! One pass on bits [0, BITS) of n pairs, in one launch (n <= 2^28).
  void pass(const Buffers& b, int64_t n) const
  {
    cubling::detail::OnesweepLaunchArgs<Key, Value, Offset> args{};
    args.d_keys_in      = b.keys_in;
    args.d_keys_out     = b.keys_out;
    args.d_values_in    = b.values_in;
    args.d_values_out   = b.values_out;
    args.d_lookback     = b.lookback;
    args.d_bins_in      = b.bins;
    args.d_bins_out     = nullptr;
    args.d_pass_bins    = b.bins;
    args.num_items      = n;
    args.portion_offset = 0;
    args.portion_items  = static_cast<int>(n);
    args.current_bit    = 0;
    args.num_bits       = BITS;
    args.tag            = cubling::detail::onesweep_word::tag_of_launch(0);
    onesweep<<<static_cast<unsigned>(tiles(n)), Onesweep::BLOCK_THREADS, onesweep_shared>>>(args, Decomposer{});
    CHECK_CUDA(cudaGetLastError());
  }
};

//! Whether the first n pairs of the output are the reference's, bit for bit.
bool same_pairs(const Buffers& b, int64_t n)
{
  std::vector<Key> keys(n), keys_ref(n);
  std::vector<Value> values(n), values_ref(n);
  CHECK_CUDA(cudaMemcpy(keys.data(), b.keys_out, n * sizeof(Key), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(keys_ref.data(), b.keys_ref, n * sizeof(Key), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(values.data(), b.values_out, n * sizeof(Value), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(values_ref.data(), b.values_ref, n * sizeof(Value), cudaMemcpyDeviceToHost));
  return keys == keys_ref && values == values_ref;
}

//! One timed call of the run, and its times.
struct Timed
{
  std::string what;
  int bits, blocks_per_sm, registers, spill_bytes;
  std::function<void(int64_t)> ready; // untimed, before each timed call (may be empty)
  std::function<void(int64_t)> call;
  std::function<bool(int64_t)> check; // after the first call (may be empty)
  std::vector<float> us;
  std::string verdict = "-";
};

template <typename K>
Timed pass_of(const char* name, const K& k, const Buffers& b)
{
  return {name,
          K::BITS,
          k.pass_per_sm,
          k.pass_attributes.numRegs,
          static_cast<int>(k.pass_attributes.localSizeBytes),
          [&k, &b](int64_t n) { k.ready_pass(b, n); },
          [&k, &b](int64_t n) { k.pass(b, n); },
          [&b](int64_t n) {
            // CUB's stable sort on the same low bits is exactly one pass.
            size_t bytes = b.temp_bytes;
            CHECK_CUDA(cub::DeviceRadixSort::SortPairs(b.temp, bytes, b.keys_in, b.keys_ref, b.values_in, b.values_ref, n,
                                                       0, K::BITS));
            CHECK_LAUNCH();
            return same_pairs(b, n);
          }};
}

int main(int argc, char** argv)
{
  const int reps = argc > 1 ? std::atoi(argv[1]) : 21;
  std::vector<int> sizes;
  for (const char* s = argc > 2 ? argv[2] : "26,28"; *s;)
  {
    sizes.push_back(std::atoi(s));
    while (*s && *s != ',')
    {
      ++s;
    }
    if (*s == ',')
    {
      ++s;
    }
  }
  for (const int lg : sizes)
  {
    if (lg < 10 || lg > 28)
    {
      std::fprintf(stderr, "sizes are log2 counts from 10 to 28\n");
      return 1;
    }
  }

  Buffers b{};
  int device = 0;
  CHECK_CUDA(cudaGetDevice(&device));
  CHECK_CUDA(cudaDeviceGetAttribute(&b.sms, cudaDevAttrMultiProcessorCount, device));
  CHECK_CUDA(cudaMalloc(&b.keys_in, MAX_ITEMS * sizeof(Key)));
  CHECK_CUDA(cudaMalloc(&b.keys_out, MAX_ITEMS * sizeof(Key)));
  CHECK_CUDA(cudaMalloc(&b.keys_ref, MAX_ITEMS * sizeof(Key)));
  CHECK_CUDA(cudaMalloc(&b.values_in, MAX_ITEMS * sizeof(Value)));
  CHECK_CUDA(cudaMalloc(&b.values_out, MAX_ITEMS * sizeof(Value)));
  CHECK_CUDA(cudaMalloc(&b.values_ref, MAX_ITEMS * sizeof(Value)));
  CHECK_CUDA(cudaMalloc(&b.bins, BIN_BYTES));
  b.blocks_done = reinterpret_cast<unsigned*>(b.bins + MAX_BIN_PASSES * MAX_DIGITS);
  CHECK_CUDA(cudaMalloc(&b.lookback, MAX_WORDS * sizeof(uint32_t)));
  {
    size_t cub_int = 0, cub_i64 = 0, ours = 0;
    CHECK_CUDA(cub::DeviceRadixSort::SortPairs(nullptr, cub_int, b.keys_in, b.keys_ref, b.values_in, b.values_ref,
                                               static_cast<int>(MAX_ITEMS)));
    CHECK_CUDA(cub::DeviceRadixSort::SortPairs(nullptr, cub_i64, b.keys_in, b.keys_ref, b.values_in, b.values_ref,
                                               MAX_ITEMS));
    CHECK_CUDA(cubling::DeviceRadixSort::SortPairs(nullptr, ours, b.keys_in, b.keys_out, b.values_in, b.values_out,
                                                   MAX_ITEMS));
    b.temp_bytes = std::max({cub_int, cub_i64, ours});
    CHECK_CUDA(cudaMalloc(&b.temp, b.temp_bytes));
  }
  ProbeTimer timer(size_t{256} << 20); // L2 holds none of the data

  // The library's 8-bit link, and 11-bit tiles of the same agent.
  static const Kernels<Library::MaxPolicy, Library::Policy900> pass8;
  static const Kernels<Shape<11, 384, 25, 1, Histogram11>, Shape<11, 384, 25, 1, Histogram11>::ActivePolicy> w384x25;
  static const Kernels<Shape<11, 256, 36, 2, Histogram11>, Shape<11, 256, 36, 2, Histogram11>::ActivePolicy> w256x36;
  static const Kernels<Shape<11, 256, 32, 2, Histogram11>, Shape<11, 256, 32, 2, Histogram11>::ActivePolicy> w256x32;
  static const Kernels<Shape<11, 512, 18, 1, Histogram11>, Shape<11, 512, 18, 1, Histogram11>::ActivePolicy> w512x18;

  std::vector<Timed> timed;
  timed.push_back({"copy", 0, 0, 0, 0, {}, [&b](int64_t n) {
                     CHECK_CUDA(cudaMemcpyAsync(b.keys_out, b.keys_in, n * sizeof(Key), cudaMemcpyDeviceToDevice));
                     CHECK_CUDA(cudaMemcpyAsync(b.values_out, b.values_in, n * sizeof(Value), cudaMemcpyDeviceToDevice));
                   }, {}});
  timed.push_back({"empty", 0, 0, 0, 0, {}, [](int64_t) {
                     empty_kernel<<<1, 32>>>();
                     CHECK_CUDA(cudaGetLastError());
                   }, {}});
  timed.push_back({"hist8", 8, pass8.histogram_per_sm, 0, 0, {}, [&b](int64_t n) { pass8.count(b, n, 32, 0); }, {}});
  timed.push_back({"hist11", 11, w384x25.histogram_per_sm, 0, 0, {}, [&b](int64_t n) { w384x25.count(b, n, 32, 0); }, {}});
  timed.push_back(pass_of("pass8_384x25", pass8, b));
  timed.push_back(pass_of("pass11_384x25", w384x25, b));
  timed.push_back(pass_of("pass11_256x36", w256x36, b));
  timed.push_back(pass_of("pass11_256x32", w256x32, b));
  timed.push_back(pass_of("pass11_512x18", w512x18, b));
  const auto sort_check = [&b](int64_t n) { return same_pairs(b, n); };
  timed.push_back({"sort_cub_int", 8, 0, 0, 0, {}, [&b](int64_t n) {
                     size_t bytes = b.temp_bytes;
                     CHECK_CUDA(cub::DeviceRadixSort::SortPairs(b.temp, bytes, b.keys_in, b.keys_ref, b.values_in,
                                                                b.values_ref, static_cast<int>(n)));
                   }, {}});
  timed.push_back({"sort_cub_i64", 8, 0, 0, 0, {}, [&b](int64_t n) {
                     size_t bytes = b.temp_bytes;
                     CHECK_CUDA(cub::DeviceRadixSort::SortPairs(b.temp, bytes, b.keys_in, b.keys_ref, b.values_in,
                                                                b.values_ref, n));
                   }, {}});
  timed.push_back({"sort_cubling_i64", 8, 0, 0, 0, {}, [&b](int64_t n) {
                     size_t bytes = b.temp_bytes;
                     CHECK_CUDA(cubling::DeviceRadixSort::SortPairs(b.temp, bytes, b.keys_in, b.keys_out, b.values_in,
                                                                    b.values_out, n));
                   }, sort_check}); // after sort_cub_i64, which left CUB's result in the _ref buffers

  std::printf("what,log2n,bits,blocks_per_sm,registers,spill_bytes,us,of_copy,check\n");
  for (const int lg : sizes)
  {
    const int64_t n = int64_t{1} << lg;
    fill<<<2048, 256>>>(b.keys_in, n, 12345u);
    fill<<<2048, 256>>>(b.values_in, n, 777u);
    CHECK_LAUNCH();
    for (Timed& t : timed)
    {
      t.us.clear();
      t.verdict = "-";
    }
    for (int rep = -1; rep < reps; ++rep) // rep -1: a warm-up, then the checks
    {
      for (Timed& t : timed)
      {
        if (t.ready)
        {
          t.ready(n);
        }
        const float us = timer.time_us([&] { t.call(n); });
        if (rep < 0)
        {
          if (t.check)
          {
            t.verdict = t.check(n) ? "same" : "DIFFERENT";
          }
          continue;
        }
        t.us.push_back(us);
      }
    }
    std::vector<float> median(timed.size());
    for (size_t i = 0; i < timed.size(); ++i)
    {
      median[i] = probe_median(timed[i].us);
    }
    const float copy_us = median[0];
    for (size_t i = 0; i < timed.size(); ++i)
    {
      const Timed& t = timed[i];
      std::printf("%s,%d,%d,%d,%d,%d,%.1f,%.3f,%s\n", t.what.c_str(), lg, t.bits, t.blocks_per_sm, t.registers,
                  t.spill_bytes, median[i], median[i] / copy_us, t.verdict.c_str());
    }
    const auto us_of = [&](const char* what) {
      for (size_t i = 0; i < timed.size(); ++i)
      {
        if (timed[i].what == what)
        {
          return median[i];
        }
      }
      return 0.0f;
    };
    float best11 = 0;
    std::string best11_name;
    for (size_t i = 0; i < timed.size(); ++i)
    {
      if (timed[i].what.rfind("pass11", 0) == 0 && timed[i].verdict == "same" && (best11 == 0 || median[i] < best11))
      {
        best11      = median[i];
        best11_name = timed[i].what;
      }
    }
    const float cub_faster = std::min(us_of("sort_cub_int"), us_of("sort_cub_i64"));
    const float ours       = us_of("sort_cubling_i64");
    if (best11 > 0)
    {
      const float projected = ours - us_of("hist8") - 4 * us_of("pass8_384x25") + us_of("hist11") + 3 * best11;
      std::printf("ratio_now,%d,8,0,0,0,%.1f,%.3f,of_cub_faster\n", lg, ours, ours / cub_faster);
      std::printf("projected_%s,%d,11,0,0,0,%.1f,%.3f,of_cub_faster\n", best11_name.c_str(), lg, projected,
                  projected / cub_faster);
      std::printf("pass11_over_pass8,%d,11,0,0,0,%.1f,%.3f,%s\n", lg, best11, best11 / us_of("pass8_384x25"),
                  best11_name.c_str());
    }
  }
  return 0;
}
