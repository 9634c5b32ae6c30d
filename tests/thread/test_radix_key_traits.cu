// The radix-sort key traits (cubling/thread/radix_key_traits.cuh), on the CPU
// (--host) and on the GPU (--device).
//
// For every key type, a set of keys (special values written as bit patterns:
// zeros of both signs, min, max, lowest, infinities, NaNs of both signs and
// kinds, denormals; then seeded random bit patterns, with repeats) is checked:
//  (1) from_ordered_bits(to_ordered_bits(k)) gives k back bit for bit, -0.0
//      included (CUB's twiddle is a bijection too);
//  (2) a stable sort by rank bits (ascending, and inverted for descending)
//      gives the same sequence as std::stable_sort with a comparator that
//      spells out the documented key order (negative NaNs by descending bits,
//      -inf, numbers by value with -0.0 == +0.0, +inf, positive NaNs by
//      ascending bits); digit() pieces the rank bits back together;
//  (3) the bits equal CUB's own: cub::Traits<T>::TwiddleIn/TwiddleOut,
//      cub::RadixSortTwiddle and cub::BaseDigitExtractor<T>::ProcessFloatMinusZero.
// On the GPU, a kernel computes the same functions for a few thousand keys
// (and CUB's digit extractors as a second oracle); the results must equal
// the CPU's.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cub/block/radix_rank_sort_operations.cuh>
#include <cub/util_type.cuh>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <vector>

#include <cubling/thread/radix_key_traits.cuh>

#include "check.h"

namespace
{

using cubling::detail::digit;
using cubling::detail::from_ordered_bits;
using cubling::detail::invert_for_descending;
using cubling::detail::rank_bits;
using cubling::detail::to_ordered_bits;

uint64_t rng   = 0;
int cases      = 0;
bool on_device = false;

template <typename T>
using Bits = cubling::detail::radix_unsigned_bits_t<T>;

template <typename T>
constexpr bool is_float_key = !std::is_integral_v<T>;

// A key's value as a double (exact for every floating type here).
template <typename T>
double value_of(Bits<T> raw)
{
  const T key = cuda::std::bit_cast<T>(raw);
  if constexpr (std::is_same_v<T, __half>)
  {
    return double(__half2float(key));
  }
  else if constexpr (std::is_same_v<T, __nv_bfloat16>)
  {
    return double(__bfloat162float(key));
  }
  else
  {
    return double(key);
  }
}

// The documented key order, written from the key's meaning (not from the twiddle).
template <typename T, int ExpBits, int MantBits>
struct KeyLess
{
  static constexpr Bits<T> sign() { return Bits<T>(Bits<T>(1) << (sizeof(T) * 8 - 1)); }
  static constexpr Bits<T> inf() { return Bits<T>(((Bits<T>(1) << ExpBits) - 1) << MantBits); }

  static int rank_class(Bits<T> raw) // 0: negative NaN, 1: a number or an infinity, 2: positive NaN
  {
    if (Bits<T>(raw & ~sign()) > inf())
    {
      return (raw & sign()) ? 0 : 2;
    }
    return 1;
  }

  bool operator()(Bits<T> a, Bits<T> b) const
  {
    if constexpr (!is_float_key<T>)
    {
      return cuda::std::bit_cast<T>(a) < cuda::std::bit_cast<T>(b);
    }
    else
    {
      const int ca = rank_class(a);
      const int cb = rank_class(b);
      if (ca != cb)
      {
        return ca < cb;
      }
      if (ca == 0)
      {
        return a > b;
      }
      if (ca == 2)
      {
        return a < b;
      }
      return value_of<T>(a) < value_of<T>(b); // -0.0 < +0.0 is false: they tie
    }
  }
};

// Special values and random bit patterns, with repeats.
template <typename T, int ExpBits, int MantBits>
std::vector<Bits<T>> make_keys(size_t random_count)
{
  using B = Bits<T>;
  std::vector<B> keys;
  const B sign = KeyLess<T, ExpBits, MantBits>::sign();
  if constexpr (is_float_key<T>)
  {
    const B inf  = KeyLess<T, ExpBits, MantBits>::inf();
    const B mant = B((B(1) << MantBits) - 1);
    const B positives[] = {
      B(0), // +0.0
      B(1), // smallest denormal
      B(mant >> 1), // a denormal
      mant, // largest denormal
      B(B(1) << MantBits), // smallest normal
      B(B(B(ExpBits > 1 ? (1 << (ExpBits - 1)) - 1 : 0)) << MantBits), // 1.0
      B(inf - 1), // max
      inf, // +inf
      B(inf | 1), // signalling NaN
      B(inf | (B(1) << (MantBits - 1))), // quiet NaN
      B(inf | mant), // NaN with every payload bit
    };
    for (int copy = 0; copy < 3; ++copy)
    {
      for (B p : positives)
      {
        keys.push_back(p);
        keys.push_back(B(p | sign)); // -0.0, -max == lowest, -inf, negative NaNs, ...
      }
    }
  }
  else
  {
    const B specials[] = {B(0), B(1), B(~B(0)), sign, B(sign - 1), B(sign + 1), B(2)};
    for (int copy = 0; copy < 3; ++copy)
    {
      for (B s : specials)
      {
        keys.push_back(s);
      }
    }
  }
  for (size_t i = 0; i < random_count; ++i)
  {
    keys.push_back(check_random_bits<B>(&rng));
  }
  // Repeats, interleaved (what stability is about).
  const size_t n = keys.size();
  for (size_t i = 0; i < n / 4; ++i)
  {
    keys.push_back(keys[check_random(&rng) % n]);
  }
  for (size_t i = keys.size() - 1; i > 0; --i)
  {
    std::swap(keys[i], keys[check_random(&rng) % (i + 1)]);
  }
  return keys;
}

// The indices of `keys` in the order a stable sort by `sort_key` gives.
template <typename B, typename F>
std::vector<size_t> stable_order_by(const std::vector<B>& keys, F sort_key)
{
  std::vector<size_t> order(keys.size());
  std::iota(order.begin(), order.end(), size_t(0));
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return sort_key(keys[a]) < sort_key(keys[b]);
  });
  return order;
}

template <typename T>
__global__ void traits_kernel(const Bits<T>* raw, int n, Bits<T>* ordered, Bits<T>* back, Bits<T>* rank,
                              uint32_t* digits, uint32_t* cub_digits)
{
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
  {
    return;
  }
  constexpr uint32_t width = sizeof(T) * 8;
  const Bits<T> o          = to_ordered_bits(cuda::std::bit_cast<T>(raw[i]));
  ordered[i]               = o;
  back[i]                  = cuda::std::bit_cast<Bits<T>>(from_ordered_bits<T>(o));
  rank[i]                  = rank_bits<T>(o);
  // The top 8-bit digit and the lowest 5-bit digit, with CUB's extractors as a second oracle.
  digits[2 * i]            = digit<T>(o, width - 8, 8);
  digits[2 * i + 1]        = digit<T>(o, 0, 5);
  cub_digits[2 * i]        = cub::BFEDigitExtractor<T>(width - 8, 8).Digit(o);
  cub_digits[2 * i + 1]    = cub::ShiftDigitExtractor<T>(0, 5).Digit(o);
}

template <typename T, int ExpBits, int MantBits>
void check_device(const std::vector<Bits<T>>& keys)
{
  using B     = Bits<T>;
  const int n = static_cast<int>(keys.size());
  B *d_raw = nullptr, *d_ordered = nullptr, *d_back = nullptr, *d_rank = nullptr;
  uint32_t *d_digits = nullptr, *d_cub_digits = nullptr;
  CHECK_CUDA(cudaMalloc(&d_raw, n * sizeof(B)));
  CHECK_CUDA(cudaMalloc(&d_ordered, n * sizeof(B)));
  CHECK_CUDA(cudaMalloc(&d_back, n * sizeof(B)));
  CHECK_CUDA(cudaMalloc(&d_rank, n * sizeof(B)));
  CHECK_CUDA(cudaMalloc(&d_digits, 2 * n * sizeof(uint32_t)));
  CHECK_CUDA(cudaMalloc(&d_cub_digits, 2 * n * sizeof(uint32_t)));
  CHECK_CUDA(cudaMemset(d_ordered, 0xA5, n * sizeof(B))); // poison: an unwritten result fails
  CHECK_CUDA(cudaMemset(d_back, 0xA5, n * sizeof(B)));
  CHECK_CUDA(cudaMemset(d_rank, 0xA5, n * sizeof(B)));
  CHECK_CUDA(cudaMemset(d_digits, 0xA5, 2 * n * sizeof(uint32_t)));
  CHECK_CUDA(cudaMemcpy(d_raw, keys.data(), n * sizeof(B), cudaMemcpyHostToDevice));
  traits_kernel<T><<<(n + 255) / 256, 256>>>(d_raw, n, d_ordered, d_back, d_rank, d_digits, d_cub_digits);
  CHECK_LAUNCH();
  std::vector<B> ordered(n), back(n), rank(n);
  std::vector<uint32_t> digits(2 * n), cub_digits(2 * n);
  CHECK_CUDA(cudaMemcpy(ordered.data(), d_ordered, n * sizeof(B), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(back.data(), d_back, n * sizeof(B), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(rank.data(), d_rank, n * sizeof(B), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(digits.data(), d_digits, 2 * n * sizeof(uint32_t), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(cub_digits.data(), d_cub_digits, 2 * n * sizeof(uint32_t), cudaMemcpyDeviceToHost));
  constexpr uint32_t width = sizeof(T) * 8;
  for (int i = 0; i < n; ++i)
  {
    const B o = to_ordered_bits(cuda::std::bit_cast<T>(keys[i]));
    EXPECT(ordered[i] == o, "key %d (0x%llx): GPU ordered bits 0x%llx, CPU 0x%llx", i, (unsigned long long) keys[i],
           (unsigned long long) ordered[i], (unsigned long long) o);
    EXPECT(back[i] == keys[i], "key %d (0x%llx): GPU round trip gave 0x%llx", i, (unsigned long long) keys[i],
           (unsigned long long) back[i]);
    EXPECT(rank[i] == rank_bits<T>(o), "key %d (0x%llx): GPU rank bits differ from the CPU's", i,
           (unsigned long long) keys[i]);
    EXPECT(digits[2 * i] == digit<T>(o, width - 8, 8) && digits[2 * i + 1] == digit<T>(o, 0, 5),
           "key %d (0x%llx): GPU digits differ from the CPU's", i, (unsigned long long) keys[i]);
    EXPECT(digits[2 * i] == cub_digits[2 * i] && digits[2 * i + 1] == cub_digits[2 * i + 1],
           "key %d (0x%llx): digits %u/%u, CUB's extractors %u/%u", i, (unsigned long long) keys[i], digits[2 * i],
           digits[2 * i + 1], cub_digits[2 * i], cub_digits[2 * i + 1]);
  }
  CHECK_CUDA(cudaFree(d_raw));
  CHECK_CUDA(cudaFree(d_ordered));
  CHECK_CUDA(cudaFree(d_back));
  CHECK_CUDA(cudaFree(d_rank));
  CHECK_CUDA(cudaFree(d_digits));
  CHECK_CUDA(cudaFree(d_cub_digits));
  ++cases;
}

template <typename T, int ExpBits, int MantBits>
void check_host(const std::vector<Bits<T>>& keys)
{
  using B                  = Bits<T>;
  using CubTraits          = cub::Traits<T>;
  using CubBits            = typename CubTraits::UnsignedBits;
  constexpr uint32_t width = sizeof(T) * 8;
  static_assert(sizeof(CubBits) == sizeof(B), "CUB's unsigned bits type has another size");

  for (B raw : keys)
  {
    const T key = cuda::std::bit_cast<T>(raw);
    const B o   = to_ordered_bits(key);
    // (1) the round trip, bit for bit (-0.0 included: CUB's twiddle keeps it).
    const B back = cuda::std::bit_cast<B>(from_ordered_bits<T>(o));
    EXPECT(back == raw, "0x%llx: round trip gave 0x%llx", (unsigned long long) raw, (unsigned long long) back);
    // (3) CUB's own twiddles and its -0.0 fold.
    EXPECT(o == B(CubTraits::TwiddleIn(CubBits(raw))), "0x%llx: ordered 0x%llx, CUB's TwiddleIn 0x%llx",
           (unsigned long long) raw, (unsigned long long) o, (unsigned long long) CubTraits::TwiddleIn(CubBits(raw)));
    EXPECT(raw == B(CubTraits::TwiddleOut(CubBits(o))), "0x%llx: CUB's TwiddleOut disagrees", (unsigned long long) raw);
    EXPECT(invert_for_descending(o) == B(cub::RadixSortTwiddle<true, T>::In(CubBits(raw))),
           "0x%llx: descending bits differ from CUB's RadixSortTwiddle<true>", (unsigned long long) raw);
    EXPECT(raw == B(cub::RadixSortTwiddle<true, T>::Out(CubBits(invert_for_descending(o)))),
           "0x%llx: CUB's RadixSortTwiddle<true>::Out disagrees", (unsigned long long) raw);
    EXPECT(rank_bits<T>(o) == B(cub::BaseDigitExtractor<T>::ProcessFloatMinusZero(CubBits(o))),
           "0x%llx: rank bits differ from CUB's ProcessFloatMinusZero", (unsigned long long) raw);
    const B inv = invert_for_descending(o);
    EXPECT(rank_bits<T>(inv) == B(cub::BaseDigitExtractor<T>::ProcessFloatMinusZero(CubBits(inv))),
           "0x%llx: inverted rank bits differ from CUB's ProcessFloatMinusZero", (unsigned long long) raw);
    // digit() pieces the rank bits back together, for several digit widths.
    for (uint32_t r : {1u, 4u, 5u, 7u, 8u, 11u, 16u})
    {
      uint64_t rebuilt = 0;
      for (uint32_t b = 0; b < width; b += r)
      {
        const uint32_t d = digit<T>(o, b, r);
        EXPECT(d < (uint64_t(1) << r), "0x%llx: digit wider than %u bits", (unsigned long long) raw, r);
        rebuilt |= uint64_t(d) << b;
      }
      EXPECT(rebuilt == uint64_t(rank_bits<T>(o)), "0x%llx: %u-bit digits rebuild 0x%llx, rank bits 0x%llx",
             (unsigned long long) raw, r, (unsigned long long) rebuilt, (unsigned long long) rank_bits<T>(o));
    }
  }

  if constexpr (is_float_key<T>)
  {
    // The two zeros: adjacent, distinct ordered bits; one rank and the same digits, both directions.
    const B plus_zero  = to_ordered_bits(cuda::std::bit_cast<T>(B(0)));
    const B minus_zero = to_ordered_bits(cuda::std::bit_cast<T>(KeyLess<T, ExpBits, MantBits>::sign()));
    EXPECT(minus_zero + 1 == plus_zero, "ordered -0.0 0x%llx, +0.0 0x%llx", (unsigned long long) minus_zero,
           (unsigned long long) plus_zero);
    EXPECT(rank_bits<T>(minus_zero) == rank_bits<T>(plus_zero), "the zeros rank apart");
    EXPECT(rank_bits<T>(invert_for_descending(minus_zero)) == rank_bits<T>(invert_for_descending(plus_zero)),
           "the zeros rank apart in descending order");
    EXPECT(digit<T>(minus_zero, 0, 8) == digit<T>(plus_zero, 0, 8), "the zeros' low digits differ");
  }

  // (2) the order: a stable sort by rank bits == std::stable_sort under the documented order.
  const KeyLess<T, ExpBits, MantBits> less;
  std::vector<B> expected = keys;
  std::stable_sort(expected.begin(), expected.end(), less);
  const std::vector<size_t> order = stable_order_by(keys, [](B raw) {
    return rank_bits<T>(to_ordered_bits(cuda::std::bit_cast<T>(raw)));
  });
  for (size_t i = 0; i < keys.size(); ++i)
  {
    EXPECT(keys[order[i]] == expected[i], "ascending position %zu: 0x%llx, expected 0x%llx", i,
           (unsigned long long) keys[order[i]], (unsigned long long) expected[i]);
  }
  std::vector<B> expected_desc = keys;
  std::stable_sort(expected_desc.begin(), expected_desc.end(), [&](B a, B b) {
    return less(b, a);
  });
  const std::vector<size_t> order_desc = stable_order_by(keys, [](B raw) {
    return rank_bits<T>(invert_for_descending(to_ordered_bits(cuda::std::bit_cast<T>(raw))));
  });
  for (size_t i = 0; i < keys.size(); ++i)
  {
    EXPECT(keys[order_desc[i]] == expected_desc[i], "descending position %zu: 0x%llx, expected 0x%llx", i,
           (unsigned long long) keys[order_desc[i]], (unsigned long long) expected_desc[i]);
  }
  ++cases;
}

template <typename T, int ExpBits = 0, int MantBits = 0>
void check_type(const char* name)
{
  check_set_context("key type %s", name);
  if (on_device)
  {
    check_device<T, ExpBits, MantBits>(make_keys<T, ExpBits, MantBits>(4000));
  }
  else
  {
    check_host<T, ExpBits, MantBits>(make_keys<T, ExpBits, MantBits>(20000));
  }
}

} // namespace

int main(int argc, char** argv)
{
  on_device = argc > 1 && std::strcmp(argv[1], "--device") == 0;
  if (on_device)
  {
    check_skip_without_gpu();
  }
  rng = check_seed();

  check_type<int8_t>("int8_t");
  check_type<int16_t>("int16_t");
  check_type<int32_t>("int32_t");
  check_type<int64_t>("int64_t");
  check_type<uint8_t>("uint8_t");
  check_type<uint16_t>("uint16_t");
  check_type<uint32_t>("uint32_t");
  check_type<uint64_t>("uint64_t");
  check_type<float, 8, 23>("float");
  check_type<double, 11, 52>("double");
  check_type<__half, 5, 10>("__half");
  check_type<__nv_bfloat16, 8, 7>("__nv_bfloat16");

  std::printf("radix key traits on the %s: %d key types passed\n", on_device ? "GPU" : "CPU", cases);
  return 0;
}
