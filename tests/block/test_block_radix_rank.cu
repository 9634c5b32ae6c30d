// BlockRadixRank, BlockRadixRankMatch and BlockRadixRankMatchEarlyCounts:
// ranks, exclusive digit prefixes and digit counts (the counts callback),
// against a CPU stable ranking in each ranker's tile order (blocked for
// BlockRadixRank, warp-striped for the match rankers) and against the same
// cub:: ranker in the same kernel, bit for bit.
#include <cub/block/block_radix_rank.cuh>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <numeric>
#include <vector>

#include <cubling/block/block_radix_rank.cuh>

#include "check.h"

namespace
{

enum class ranker
{
  basic,
  match,
  early_counts
};

// Stores the digit counts handed to the callback, in the calling thread's slots.
struct store_counts
{
  int* out;
  template <int BINS>
  __device__ void operator()(int (&bins)[BINS])
  {
    for (int u = 0; u < BINS; ++u)
    {
      out[threadIdx.x * BINS + u] = bins[u];
    }
  }
};

template <typename CublingRank, typename CubRank, ranker KIND, int THREADS, int ITEMS, int RADIX_BITS>
__global__ void rank_kernel(const std::uint32_t* keys_in, int begin_bit, int* ranks_out, int* prefix_out, int* counts_out)
{
  constexpr int TILE  = THREADS * ITEMS;
  constexpr int BINS  = CublingRank::BINS_TRACKED_PER_THREAD;
  static_assert(BINS == int(CubRank::BINS_TRACKED_PER_THREAD), "same bins per thread");
  constexpr int SLOTS = TILE + THREADS * BINS * 2;
  __shared__ typename CublingRank::TempStorage cubling_storage;
  __shared__ typename CubRank::TempStorage cub_storage;
  // Output layout per library (cubling at 0, cub at 1): ranks, prefixes, counts.
  std::uint32_t keys[ITEMS];
  for (int i = 0; i < ITEMS; ++i)
  {
    keys[i] = keys_in[threadIdx.x * ITEMS + i];
  }
  for (int lib = 0; lib < 2; ++lib)
  {
    int ranks[ITEMS];
    int prefix[BINS];
    for (int u = 0; u < BINS; ++u)
    {
      prefix[u] = -7; // threads past the last digit keep this
    }
    store_counts counts{counts_out + lib * THREADS * BINS};
    if (lib == 0)
    {
      cubling::detail::radix_digit_extractor<std::uint32_t> digits(begin_bit, RADIX_BITS);
      if constexpr (KIND == ranker::basic)
      {
        CublingRank(cubling_storage).RankKeys(keys, ranks, digits, prefix);
      }
      else
      {
        CublingRank(cubling_storage).RankKeys(keys, ranks, digits, prefix, counts);
      }
    }
    else
    {
      cub::BFEDigitExtractor<std::uint32_t> digits(begin_bit, RADIX_BITS);
      if constexpr (KIND == ranker::basic)
      {
        CubRank(cub_storage).RankKeys(keys, ranks, digits, prefix);
      }
      else
      {
        CubRank(cub_storage).RankKeys(keys, ranks, digits, prefix, counts);
      }
    }
    for (int i = 0; i < ITEMS; ++i)
    {
      ranks_out[lib * SLOTS + threadIdx.x * ITEMS + i] = ranks[i];
    }
    for (int u = 0; u < BINS; ++u)
    {
      prefix_out[lib * THREADS * BINS + threadIdx.x * BINS + u] = prefix[u];
    }
    __syncthreads();
  }
}

template <typename CublingRank, typename CubRank, ranker KIND, int THREADS, int ITEMS, int RADIX_BITS, bool DESCENDING>
void run_case(const char* name, std::uint64_t& state)
{
  constexpr int TILE   = THREADS * ITEMS;
  constexpr int BINS   = CublingRank::BINS_TRACKED_PER_THREAD;
  constexpr int DIGITS = 1 << RADIX_BITS;
  constexpr int SLOTS  = TILE + THREADS * BINS * 2;
  // Early counts ranks ascending whatever IS_DESCENDING says (as CUB).
  constexpr bool REVERSED = DESCENDING && KIND != ranker::early_counts;

  std::uint32_t* d_keys;
  int *d_ranks, *d_prefix, *d_counts;
  CHECK_CUDA(cudaMalloc(&d_keys, TILE * sizeof(std::uint32_t)));
  CHECK_CUDA(cudaMalloc(&d_ranks, 2 * SLOTS * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&d_prefix, 2 * THREADS * BINS * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&d_counts, 2 * THREADS * BINS * sizeof(int)));
  std::vector<int> ranks(2 * SLOTS), prefix(2 * THREADS * BINS), counts(2 * THREADS * BINS);

  for (int dist = 0; dist < 3; ++dist)
  {
    std::vector<std::uint32_t> keys(TILE);
    const std::uint32_t same = std::uint32_t(check_random(&state));
    for (auto& k : keys)
    {
      const std::uint64_t r = check_random(&state);
      k = dist == 0 ? std::uint32_t(r) : dist == 1 ? std::uint32_t(r & check_random(&state) & check_random(&state)) : same;
    }
    CHECK_CUDA(cudaMemcpy(d_keys, keys.data(), TILE * sizeof(std::uint32_t), cudaMemcpyHostToDevice));
    for (const int begin_bit : {0, 7, 32 - RADIX_BITS})
    {
      check_set_context("%s (%d threads x %d keys, %d radix bits%s), digit at bit %d, distribution %d",
                        name, THREADS, ITEMS, RADIX_BITS, DESCENDING ? ", descending" : "", begin_bit, dist);
      // The CPU ranking, in the ranker's tile order.
      std::vector<int> sequence; // thread * ITEMS + item, in tile order
      if (KIND == ranker::basic)
      {
        for (int p = 0; p < TILE; ++p)
        {
          sequence.push_back(p);
        }
      }
      else
      {
        for (int w = 0; w < THREADS / 32; ++w)
          for (int i = 0; i < ITEMS; ++i)
            for (int lane = 0; lane < 32; ++lane)
              sequence.push_back((w * 32 + lane) * ITEMS + i);
      }
      auto digit_of = [&](int p) { return int((keys[p] >> begin_bit) & (DIGITS - 1)); };
      auto order_of = [&](int d) { return REVERSED ? DIGITS - 1 - d : d; };
      std::vector<int> sorted = sequence;
      std::stable_sort(sorted.begin(), sorted.end(), [&](int a, int b) { return order_of(digit_of(a)) < order_of(digit_of(b)); });
      std::vector<int> expected_rank(TILE);
      for (int r = 0; r < TILE; ++r)
      {
        expected_rank[sorted[r]] = r;
      }
      std::vector<int> histogram(DIGITS, 0);
      for (int p = 0; p < TILE; ++p)
      {
        histogram[digit_of(p)]++;
      }

      for (const int poison : {0x5A, 0xA5})
      {
        CHECK_CUDA(cudaMemset(d_ranks, poison, 2 * SLOTS * sizeof(int)));
        CHECK_CUDA(cudaMemset(d_counts, poison, 2 * THREADS * BINS * sizeof(int)));
        rank_kernel<CublingRank, CubRank, KIND, THREADS, ITEMS, RADIX_BITS><<<1, THREADS>>>(d_keys, begin_bit, d_ranks, d_prefix, d_counts);
        CHECK_LAUNCH();
        CHECK_CUDA(cudaMemcpy(ranks.data(), d_ranks, ranks.size() * sizeof(int), cudaMemcpyDeviceToHost));
        CHECK_CUDA(cudaMemcpy(prefix.data(), d_prefix, prefix.size() * sizeof(int), cudaMemcpyDeviceToHost));
        CHECK_CUDA(cudaMemcpy(counts.data(), d_counts, counts.size() * sizeof(int), cudaMemcpyDeviceToHost));
        for (int p = 0; p < TILE; ++p)
        {
          EXPECT(ranks[p] == expected_rank[p], "cubling rank of key %d (digit %d): %d, expected %d", p, digit_of(p), ranks[p], expected_rank[p]);
          EXPECT(ranks[SLOTS + p] == ranks[p], "rank of key %d: cub %d, cubling %d", p, ranks[SLOTS + p], ranks[p]);
        }
        for (int slot = 0; slot < THREADS * BINS; ++slot)
        {
          const int digit = slot;
          if (digit >= DIGITS)
          {
            if (KIND == ranker::early_counts)
            {
              // Early counts scans every thread's bins: zero counts, and the tile size as prefix (as CUB).
              EXPECT(prefix[slot] == TILE, "prefix slot %d past the digits: %d, expected %d", slot, prefix[slot], TILE);
              EXPECT(counts[slot] == 0, "count slot %d past the digits: %d", slot, counts[slot]);
            }
            else
            {
              EXPECT(prefix[slot] == -7, "prefix slot %d past the digits was written: %d", slot, prefix[slot]);
            }
            EXPECT(prefix[THREADS * BINS + slot] == prefix[slot], "prefix slot %d: cub %d, cubling %d", slot, prefix[THREADS * BINS + slot], prefix[slot]);
            continue;
          }
          int before = 0;
          for (int d = 0; d < DIGITS; ++d)
          {
            before += order_of(d) < order_of(digit) ? histogram[d] : 0;
          }
          EXPECT(prefix[slot] == before, "cubling exclusive prefix of digit %d: %d, expected %d", digit, prefix[slot], before);
          EXPECT(prefix[THREADS * BINS + slot] == prefix[slot], "prefix of digit %d: cub %d, cubling %d", digit, prefix[THREADS * BINS + slot], prefix[slot]);
          if (KIND != ranker::basic)
          {
            EXPECT(counts[slot] == histogram[digit], "cubling count of digit %d: %d, expected %d", digit, counts[slot], histogram[digit]);
            // CUB's BlockRadixRankMatch hands descending rankers differences of the wrong neighbours; compare only the rest.
            if (!(KIND == ranker::match && DESCENDING))
            {
              EXPECT(counts[THREADS * BINS + slot] == counts[slot], "count of digit %d: cub %d, cubling %d", digit, counts[THREADS * BINS + slot], counts[slot]);
            }
          }
        }
      }
    }
  }
  CHECK_CUDA(cudaFree(d_keys));
  CHECK_CUDA(cudaFree(d_ranks));
  CHECK_CUDA(cudaFree(d_prefix));
  CHECK_CUDA(cudaFree(d_counts));
  std::printf("ok  %s\n", name);
}

} // namespace

int main(int argc, char** argv)
{
  const bool on_device = argc > 1 && std::strcmp(argv[1], "--device") == 0;
  if (!on_device)
  {
    std::printf("usage: %s --device (the radix rankers run on the GPU only)\n", argv[0]);
    return 2;
  }
  check_skip_without_gpu();
  std::uint64_t state = check_seed();

  // BlockRadixRank: basic and memoized, ascending and descending, 32- and 64-bit packing.
  run_case<cubling::BlockRadixRank<128, 5, false, false>, cub::BlockRadixRank<128, 5, false, false>, ranker::basic, 128, 7, 5, false>(
    "BlockRadixRank basic", state);
  run_case<cubling::BlockRadixRank<128, 5, true, true>, cub::BlockRadixRank<128, 5, true, true>, ranker::basic, 128, 7, 5, true>(
    "BlockRadixRank memoized descending", state);
  run_case<cubling::BlockRadixRank<64, 4, false, true, cubling::BLOCK_SCAN_RAKING, cudaSharedMemBankSizeEightByte>,
           cub::BlockRadixRank<64, 4, false, true, cub::BLOCK_SCAN_RAKING, cudaSharedMemBankSizeEightByte>,
           ranker::basic, 64, 11, 4, false>("BlockRadixRank 64-bit packing", state);
  // BlockRadixRankMatch.
  run_case<cubling::BlockRadixRankMatch<256, 8, false>, cub::BlockRadixRankMatch<256, 8, false>, ranker::match, 256, 4, 8, false>(
    "BlockRadixRankMatch", state);
  run_case<cubling::BlockRadixRankMatch<128, 5, true>, cub::BlockRadixRankMatch<128, 5, true>, ranker::match, 128, 9, 5, true>(
    "BlockRadixRankMatch descending", state);
  // BlockRadixRankMatchEarlyCounts: both match algorithms, split histograms.
  run_case<cubling::BlockRadixRankMatchEarlyCounts<256, 8, false, cubling::BLOCK_SCAN_WARP_SCANS, cubling::WARP_MATCH_ANY, 1>,
           cub::BlockRadixRankMatchEarlyCounts<256, 8, false, cub::BLOCK_SCAN_WARP_SCANS, cub::WARP_MATCH_ANY, 1>,
           ranker::early_counts, 256, 8, 8, false>("BlockRadixRankMatchEarlyCounts ANY", state);
  run_case<cubling::BlockRadixRankMatchEarlyCounts<256, 8, true, cubling::BLOCK_SCAN_WARP_SCANS, cubling::WARP_MATCH_ATOMIC_OR, 1>,
           cub::BlockRadixRankMatchEarlyCounts<256, 8, true, cub::BLOCK_SCAN_WARP_SCANS, cub::WARP_MATCH_ATOMIC_OR, 1>,
           ranker::early_counts, 256, 8, 8, true>("BlockRadixRankMatchEarlyCounts ATOMIC_OR (IS_DESCENDING)", state);
  run_case<cubling::BlockRadixRankMatchEarlyCounts<128, 6, false, cubling::BLOCK_SCAN_RAKING, cubling::WARP_MATCH_ANY, 2>,
           cub::BlockRadixRankMatchEarlyCounts<128, 6, false, cub::BLOCK_SCAN_RAKING, cub::WARP_MATCH_ANY, 2>,
           ranker::early_counts, 128, 5, 6, false>("BlockRadixRankMatchEarlyCounts NUM_PARTS=2", state);
  run_case<cubling::BlockRadixRankMatchEarlyCounts<64, 8, false, cubling::BLOCK_SCAN_WARP_SCANS, cubling::WARP_MATCH_ATOMIC_OR, 4>,
           cub::BlockRadixRankMatchEarlyCounts<64, 8, false, cub::BLOCK_SCAN_WARP_SCANS, cub::WARP_MATCH_ATOMIC_OR, 4>,
           ranker::early_counts, 64, 6, 8, false>("BlockRadixRankMatchEarlyCounts 4 bins per thread", state);
  return 0;
}
