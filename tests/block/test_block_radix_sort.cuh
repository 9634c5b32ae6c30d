// test_block_radix_sort.cuh: the BlockRadixSort test harness. Each
// test_block_radix_sort_<part>.cu runs it for a few key types and shapes
// (one file per part keeps each compile short).
//
// One case is one kernel of BLOCKS blocks, ITEMS keys per thread (blocked),
// one mode (ascending or descending, blocked or striped result, keys only or
// pairs, plain or decomposed keys) and one bit range given at run time. Each
// block sorts its tile with cubling::BlockRadixSort and stores the result,
// then sorts the same tile with cub::BlockRadixSort (same template
// arguments, shared memory aliased) and stores that. The host checks both
// against a CPU stable sort of each tile by the rank bits in the bit range
// (the value of a pair is its index in the tile, so stability is checked),
// and cubling's output against CUB's, bit for bit. Each case runs with two
// poisons in the output buffers, so an unwritten output cannot pass.
//
// Inputs come from a seeded generator: uniform bits, low entropy (the AND of
// three draws), all keys equal, and for floating point a mix of both zeros,
// NaNs of both signs and several payloads, infinities and a few values.
#pragma once

#include <cub/block/block_radix_sort.cuh>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <numeric>
#include <type_traits>
#include <vector>

#include <cuda/std/bit>
#include <cuda/std/tuple>

#include <cubling/block/block_radix_sort.cuh>

#include "check.h"

namespace block_radix_sort_test
{

// A struct key sorted through a decomposer: 128 bits, no padding. The
// decomposer lists the fields most significant first.
struct custom_key
{
  double d;
  std::int32_t i;
  float f;
};

struct custom_decomposer
{
  __host__ __device__ cuda::std::tuple<double&, std::int32_t&, float&> operator()(custom_key& key) const
  {
    return {key.d, key.i, key.f};
  }
};

struct no_decomposer
{};

enum class distribution
{
  uniform,
  low_entropy,
  all_equal,
  special_floats
};

inline const char* name_of(distribution d)
{
  switch (d)
  {
    case distribution::uniform: return "uniform";
    case distribution::low_entropy: return "low-entropy";
    case distribution::all_equal: return "all-equal";
    default: return "special-floats";
  }
}

// ---- host: the rank bits of a key, as a 128-bit unsigned, and bit ranges of them

using u128 = unsigned __int128;

template <typename KeyT>
u128 host_rank_bits(const KeyT& key)
{
  if constexpr (std::is_same_v<KeyT, custom_key>)
  {
    using cubling::detail::rank_bits;
    using cubling::detail::to_ordered_bits;
    const u128 d = rank_bits<double>(to_ordered_bits(key.d));
    const u128 i = rank_bits<std::int32_t>(to_ordered_bits(key.i));
    const u128 f = rank_bits<float>(to_ordered_bits(key.f));
    return (d << 64) | (i << 32) | f;
  }
  else
  {
    return u128(cubling::detail::rank_bits<KeyT>(cubling::detail::to_ordered_bits(key)));
  }
}

template <typename KeyT>
constexpr int key_bits_of()
{
  return std::is_same_v<KeyT, custom_key> ? 128 : int(sizeof(KeyT) * 8);
}

inline u128 bit_range(u128 bits, int begin_bit, int end_bit)
{
  const int width = end_bit - begin_bit;
  if (width <= 0)
  {
    return 0;
  }
  const u128 mask = width >= 128 ? ~u128(0) : ((u128(1) << width) - 1);
  return (bits >> begin_bit) & mask;
}

template <typename KeyT>
bool same_bits(const KeyT& a, const KeyT& b)
{
  if constexpr (std::is_same_v<KeyT, custom_key>)
  {
    return std::memcmp(&a.d, &b.d, 8) == 0 && a.i == b.i && std::memcmp(&a.f, &b.f, 4) == 0;
  }
  else
  {
    return std::memcmp(&a, &b, sizeof(KeyT)) == 0;
  }
}

template <typename KeyT>
unsigned long long show(const KeyT& key)
{
  if constexpr (std::is_same_v<KeyT, custom_key>)
  {
    unsigned long long d;
    std::memcpy(&d, &key.d, 8);
    return d ^ (unsigned long long) (unsigned) key.i;
  }
  else
  {
    unsigned long long bits = 0;
    std::memcpy(&bits, &key, sizeof(KeyT));
    return bits;
  }
}

// ---- host: inputs

template <typename Bits>
Bits random_bits(std::uint64_t& state)
{
  return Bits(check_random(&state));
}

template <typename KeyT>
KeyT key_from_bits(std::uint64_t raw)
{
  if constexpr (std::is_same_v<KeyT, custom_key>)
  {
    return custom_key{};
  }
  else
  {
    using Bits = cubling::detail::radix_unsigned_bits_t<KeyT>;
    return cuda::std::bit_cast<KeyT>(Bits(raw));
  }
}

// A floating-point key from a small set that exercises the order's corners.
template <typename KeyT>
KeyT special_float(std::uint64_t& state)
{
  using Bits                  = cubling::detail::radix_unsigned_bits_t<KeyT>;
  constexpr int width         = int(sizeof(Bits) * 8);
  constexpr Bits sign         = Bits(Bits(1) << (width - 1));
  constexpr int mantissa_bits = std::is_same_v<KeyT, double> ? 52
                              : std::is_same_v<KeyT, float>  ? 23
                              : std::is_same_v<KeyT, __half> ? 10
                                                             : 7;
  const Bits exponent_all = Bits(Bits(sign - 1) & ~Bits((Bits(1) << mantissa_bits) - 1));
  const std::uint64_t r   = check_random(&state);
  Bits bits;
  switch (r % 8)
  {
    case 0: bits = 0; break; // +0.0
    case 1: bits = sign; break; // -0.0
    case 2: bits = Bits(exponent_all | Bits(1 + (r >> 8) % 5)); break; // a NaN, small payload
    case 3: bits = Bits(exponent_all | (Bits(1) << (mantissa_bits - 1))); break; // the quiet NaN
    case 4: bits = exponent_all; break; // +inf
    default: bits = Bits((r >> 16) % 7) << (mantissa_bits - 2); break; // a few small values
  }
  if (r % 8 >= 2 && (r >> 40) % 2)
  {
    bits = Bits(bits | sign);
  }
  return cuda::std::bit_cast<KeyT>(bits);
}

template <typename KeyT>
std::vector<KeyT> make_keys(std::size_t n, distribution dist, std::uint64_t& state)
{
  std::vector<KeyT> keys(n);
  const std::uint64_t same = check_random(&state) | 1;
  for (std::size_t i = 0; i < n; ++i)
  {
    if constexpr (std::is_same_v<KeyT, custom_key>)
    {
      // Few distinct leading fields, so the lower fields decide often; both zeros and a NaN in the float.
      custom_key k;
      const std::uint64_t r = check_random(&state);
      k.d                   = dist == distribution::all_equal ? 1.5 : double(int(r % 5) - 2) * 0.25;
      if (r % 11 == 0)
      {
        k.d = -0.0;
      }
      k.i = dist == distribution::all_equal ? 7 : std::int32_t((r >> 8) % 7) - 3;
      k.f = special_float<float>(state);
      keys[i] = k;
    }
    else
    {
      std::uint64_t raw = check_random(&state);
      switch (dist)
      {
        case distribution::uniform: break;
        case distribution::low_entropy: raw &= check_random(&state) & check_random(&state); break;
        case distribution::all_equal: raw = same; break;
        case distribution::special_floats: break;
      }
      if constexpr (cubling::detail::radix_key_traits<KeyT>::is_floating)
      {
        keys[i] = dist == distribution::special_floats ? special_float<KeyT>(state) : key_from_bits<KeyT>(raw);
      }
      else
      {
        keys[i] = key_from_bits<KeyT>(raw);
      }
    }
  }
  return keys;
}

// ---- device: one kernel runs cubling's sort, then CUB's, on the same tile

template <bool DESCENDING, bool STRIPED, bool PAIRS, typename Sorter, typename KeyT, typename ValueT, int ITEMS, typename Decomposer>
__device__ void run_sort(Sorter sorter,
                         KeyT (&keys)[ITEMS],
                         ValueT (&values)[ITEMS],
                         int begin_bit,
                         int end_bit,
                         bool whole_key_overload,
                         Decomposer decomposer)
{
  // The member under test; the branches below pick its arguments.
  auto sort = [&sorter](auto&... args) {
    if constexpr (DESCENDING && STRIPED)
    {
      sorter.SortDescendingBlockedToStriped(args...);
    }
    else if constexpr (DESCENDING)
    {
      sorter.SortDescending(args...);
    }
    else if constexpr (STRIPED)
    {
      sorter.SortBlockedToStriped(args...);
    }
    else
    {
      sorter.Sort(args...);
    }
  };
  if constexpr (!std::is_same_v<Decomposer, no_decomposer>)
  {
    // The decomposer overloads without a bit range sort by the whole key.
    if constexpr (PAIRS)
    {
      whole_key_overload ? sort(keys, values, decomposer) : sort(keys, values, decomposer, begin_bit, end_bit);
    }
    else
    {
      whole_key_overload ? sort(keys, decomposer) : sort(keys, decomposer, begin_bit, end_bit);
    }
  }
  else
  {
    (void) whole_key_overload;
    (void) decomposer;
    if constexpr (PAIRS)
    {
      sort(keys, values, begin_bit, end_bit);
    }
    else
    {
      sort(keys, begin_bit, end_bit);
    }
  }
}

template <typename KeyT,
          typename ValueT,
          int BLOCK_X,
          int BLOCK_Y,
          int ITEMS,
          int RADIX_BITS,
          bool MEMOIZE,
          cubling::BlockScanAlgorithm SCAN,
          bool DESCENDING,
          bool STRIPED,
          bool PAIRS,
          typename Decomposer>
__global__ void sort_kernel(const KeyT* keys_in,
                            const ValueT* values_in,
                            KeyT* cubling_keys,
                            ValueT* cubling_values,
                            KeyT* cub_keys,
                            ValueT* cub_values,
                            int begin_bit,
                            int end_bit,
                            bool whole_key_overload)
{
  constexpr int THREADS = BLOCK_X * BLOCK_Y;
  constexpr int TILE    = THREADS * ITEMS;
  using CublingSort     = cubling::BlockRadixSort<KeyT,
                                                  BLOCK_X,
                                                  ITEMS,
                                                  std::conditional_t<PAIRS, ValueT, cubling::NullType>,
                                                  RADIX_BITS,
                                                  MEMOIZE,
                                                  SCAN,
                                                  cudaSharedMemBankSizeFourByte,
                                                  BLOCK_Y>;
  using CubSort         = cub::BlockRadixSort<KeyT,
                                              BLOCK_X,
                                              ITEMS,
                                              std::conditional_t<PAIRS, ValueT, cub::NullType>,
                                              RADIX_BITS,
                                              MEMOIZE,
                                              static_cast<cub::BlockScanAlgorithm>(int(SCAN)),
                                              cudaSharedMemBankSizeFourByte,
                                              BLOCK_Y>;
  using CublingValues   = std::conditional_t<PAIRS, ValueT, cubling::NullType>;
  using CubValues       = std::conditional_t<PAIRS, ValueT, cub::NullType>;
  __shared__ union
  {
    typename CublingSort::TempStorage cubling;
    typename CubSort::TempStorage cub;
  } storage;

  const int tid           = int(threadIdx.y) * BLOCK_X + int(threadIdx.x);
  const std::size_t base = std::size_t(blockIdx.x) * TILE;
  KeyT keys[ITEMS];
  CublingValues values[ITEMS];
  CubValues cub_vals[ITEMS];
  for (int i = 0; i < ITEMS; ++i)
  {
    keys[i] = keys_in[base + tid * ITEMS + i];
    if constexpr (PAIRS)
    {
      values[i] = values_in[base + tid * ITEMS + i];
    }
  }
  run_sort<DESCENDING, STRIPED, PAIRS>(
    CublingSort(storage.cubling), keys, values, begin_bit, end_bit, whole_key_overload, Decomposer{});
  for (int i = 0; i < ITEMS; ++i)
  {
    const std::size_t at = base + (STRIPED ? std::size_t(i) * THREADS + tid : std::size_t(tid) * ITEMS + i);
    cubling_keys[at]     = keys[i];
    if constexpr (PAIRS)
    {
      cubling_values[at] = values[i];
    }
  }
  __syncthreads();

  for (int i = 0; i < ITEMS; ++i)
  {
    keys[i] = keys_in[base + tid * ITEMS + i];
    if constexpr (PAIRS)
    {
      cub_vals[i] = values_in[base + tid * ITEMS + i];
    }
  }
  run_sort<DESCENDING, STRIPED, PAIRS>(
    CubSort(storage.cub), keys, cub_vals, begin_bit, end_bit, whole_key_overload, Decomposer{});
  for (int i = 0; i < ITEMS; ++i)
  {
    const std::size_t at = base + (STRIPED ? std::size_t(i) * THREADS + tid : std::size_t(tid) * ITEMS + i);
    cub_keys[at]         = keys[i];
    if constexpr (PAIRS)
    {
      cub_values[at] = cub_vals[i];
    }
  }
}

// ---- host: one case

struct sort_case
{
  bool descending;
  bool striped;
  bool pairs;
};

template <typename KeyT,
          typename ValueT,
          int BLOCK_X,
          int BLOCK_Y,
          int ITEMS,
          int RADIX_BITS,
          bool MEMOIZE,
          cubling::BlockScanAlgorithm SCAN,
          bool DESCENDING,
          bool STRIPED,
          bool PAIRS,
          typename Decomposer = no_decomposer>
void run_case(const char* key_name, std::uint64_t& state)
{
  constexpr int THREADS   = BLOCK_X * BLOCK_Y;
  constexpr int TILE      = THREADS * ITEMS;
  constexpr int BLOCKS    = 3;
  constexpr std::size_t N = std::size_t(TILE) * BLOCKS;
  constexpr int W         = key_bits_of<KeyT>();
  constexpr bool DECOMPOSED = !std::is_same_v<Decomposer, no_decomposer>;

  // Bit ranges: none, the low third, the top three quarters, an odd middle slice, the whole key.
  const int ranges[][2] = {{0, 0}, {0, W / 3}, {W / 4, W}, {3, (3 * W) / 4}, {0, W}};
  const distribution dists[] = {
    distribution::uniform, distribution::low_entropy, distribution::all_equal, distribution::special_floats};

  KeyT *d_in, *d_a, *d_b;
  ValueT *d_vin, *d_va, *d_vb;
  CHECK_CUDA(cudaMalloc(&d_in, N * sizeof(KeyT)));
  CHECK_CUDA(cudaMalloc(&d_a, N * sizeof(KeyT)));
  CHECK_CUDA(cudaMalloc(&d_b, N * sizeof(KeyT)));
  CHECK_CUDA(cudaMalloc(&d_vin, N * sizeof(ValueT)));
  CHECK_CUDA(cudaMalloc(&d_va, N * sizeof(ValueT)));
  CHECK_CUDA(cudaMalloc(&d_vb, N * sizeof(ValueT)));

  std::vector<ValueT> values(N);
  for (std::size_t i = 0; i < N; ++i)
  {
    values[i] = ValueT(i % TILE);
  }
  CHECK_CUDA(cudaMemcpy(d_vin, values.data(), N * sizeof(ValueT), cudaMemcpyHostToDevice));

  std::vector<KeyT> out_a(N), out_b(N);
  std::vector<ValueT> vout_a(N), vout_b(N);
  for (const distribution dist : dists)
  {
    const bool floating = [] {
      if constexpr (std::is_same_v<KeyT, custom_key>)
      {
        return true;
      }
      else
      {
        return cubling::detail::radix_key_traits<KeyT>::is_floating;
      }
    }();
    if (dist == distribution::special_floats && !floating)
    {
      continue;
    }
    const std::vector<KeyT> keys = make_keys<KeyT>(N, dist, state);
    CHECK_CUDA(cudaMemcpy(d_in, keys.data(), N * sizeof(KeyT), cudaMemcpyHostToDevice));
    for (const auto& range : ranges)
    {
      const int begin_bit = range[0];
      const int end_bit   = range[1];
      // The decomposer overloads without a range: once, on the whole key.
      const bool whole_key_overload = DECOMPOSED && begin_bit == 0 && end_bit == W;
      check_set_context("BlockRadixSort<%s, %dx%d, %d items, %d radix bits%s%s> %s%s%s%s, bits [%d, %d), %s keys",
                        key_name,
                        BLOCK_X,
                        BLOCK_Y,
                        ITEMS,
                        RADIX_BITS,
                        MEMOIZE ? ", memoized" : "",
                        SCAN == cubling::BLOCK_SCAN_RAKING ? ", raking" : "",
                        DESCENDING ? "SortDescending" : "Sort",
                        STRIPED ? "BlockedToStriped" : "",
                        PAIRS ? " pairs" : " keys",
                        DECOMPOSED ? (whole_key_overload ? " (decomposer, no range)" : " (decomposer)") : "",
                        begin_bit,
                        end_bit,
                        name_of(dist));

      // The expected tile: a stable sort of tile indices by the bits in range.
      std::vector<int> order(N);
      for (int b = 0; b < BLOCKS; ++b)
      {
        int* tile_order = order.data() + std::size_t(b) * TILE;
        std::iota(tile_order, tile_order + TILE, 0);
        const KeyT* tile_keys = keys.data() + std::size_t(b) * TILE;
        std::stable_sort(tile_order, tile_order + TILE, [&](int x, int y) {
          const u128 kx = bit_range(host_rank_bits(tile_keys[x]), begin_bit, end_bit);
          const u128 ky = bit_range(host_rank_bits(tile_keys[y]), begin_bit, end_bit);
          return DESCENDING ? kx > ky : kx < ky;
        });
      }

      for (const int poison : {0xA5, 0x5A})
      {
        CHECK_CUDA(cudaMemset(d_a, poison, N * sizeof(KeyT)));
        CHECK_CUDA(cudaMemset(d_b, poison, N * sizeof(KeyT)));
        CHECK_CUDA(cudaMemset(d_va, poison, N * sizeof(ValueT)));
        CHECK_CUDA(cudaMemset(d_vb, poison, N * sizeof(ValueT)));
        sort_kernel<KeyT, ValueT, BLOCK_X, BLOCK_Y, ITEMS, RADIX_BITS, MEMOIZE, SCAN, DESCENDING, STRIPED, PAIRS, Decomposer>
          <<<BLOCKS, dim3(BLOCK_X, BLOCK_Y)>>>(d_in, d_vin, d_a, d_va, d_b, d_vb, begin_bit, end_bit, whole_key_overload);
        CHECK_LAUNCH();
        CHECK_CUDA(cudaMemcpy(out_a.data(), d_a, N * sizeof(KeyT), cudaMemcpyDeviceToHost));
        CHECK_CUDA(cudaMemcpy(out_b.data(), d_b, N * sizeof(KeyT), cudaMemcpyDeviceToHost));
        CHECK_CUDA(cudaMemcpy(vout_a.data(), d_va, N * sizeof(ValueT), cudaMemcpyDeviceToHost));
        CHECK_CUDA(cudaMemcpy(vout_b.data(), d_vb, N * sizeof(ValueT), cudaMemcpyDeviceToHost));
        for (std::size_t i = 0; i < N; ++i)
        {
          const std::size_t tile_base = i / TILE * TILE;
          const KeyT& expected        = keys[tile_base + order[i]];
          EXPECT(same_bits(out_a[i], expected),
                 "cubling key %zu (block %zu, sorted position %zu): bits %llx, expected %llx (poison %#x)",
                 i,
                 i / TILE,
                 i % TILE,
                 show(out_a[i]),
                 show(expected),
                 poison);
          EXPECT(same_bits(out_b[i], out_a[i]),
                 "key %zu: cub gives %llx, cubling %llx (poison %#x)",
                 i,
                 show(out_b[i]),
                 show(out_a[i]),
                 poison);
          if (PAIRS)
          {
            EXPECT(vout_a[i] == ValueT(order[i]),
                   "cubling value %zu: %lld, expected %d (stability; poison %#x)",
                   i,
                   (long long) vout_a[i],
                   order[i],
                   poison);
            EXPECT(vout_b[i] == vout_a[i], "value %zu: cub gives %lld, cubling %lld", i, (long long) vout_b[i], (long long) vout_a[i]);
          }
        }
      }
    }
  }
  CHECK_CUDA(cudaFree(d_in));
  CHECK_CUDA(cudaFree(d_a));
  CHECK_CUDA(cudaFree(d_b));
  CHECK_CUDA(cudaFree(d_vin));
  CHECK_CUDA(cudaFree(d_va));
  CHECK_CUDA(cudaFree(d_vb));
  std::printf("ok  %s %s%s%s %dx%d x %d, %d radix bits\n",
              key_name,
              DESCENDING ? "SortDescending" : "Sort",
              STRIPED ? "BlockedToStriped" : "",
              PAIRS ? " pairs" : "",
              BLOCK_X,
              BLOCK_Y,
              ITEMS,
              RADIX_BITS);
}

// The usual start of a test program: --device, a GPU, a seed.
inline std::uint64_t start(int argc, char** argv, const char* what)
{
  const bool on_device = argc > 1 && std::strcmp(argv[1], "--device") == 0;
  if (!on_device)
  {
    std::printf("usage: %s --device (%s runs on the GPU only)\n", argv[0], what);
    std::exit(2);
  }
  check_skip_without_gpu();
  return check_seed();
}

} // namespace block_radix_sort_test
