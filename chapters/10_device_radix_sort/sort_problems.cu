// sort_problems.cu: CPU references and CUB oracles for sort_problems.h.
#include <cub/device/device_radix_sort.cuh>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <type_traits>
#include <vector>

#include <cubling/thread/radix_key_traits.cuh>

#include "check.h"
#include "sort_call.cuh"
#include "sort_problems.h"

namespace problems
{
namespace
{

//! The bits a key is sorted by: CUB's order as unsigned bits (radix_key_traits:
//! signed and float keys mapped, -0.0 folded onto +0.0), masked to the range.
template <typename Key>
uint64_t sort_bits(Key key, int begin_bit, int end_bit)
{
  const uint64_t bits  = cubling::detail::rank_bits<Key>(cubling::detail::to_ordered_bits(key));
  const int width      = end_bit - begin_bit;
  const uint64_t field = width >= 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1;
  return width <= 0 ? 0 : (bits >> begin_bit) & field;
}

//! The stable sort of the keys (and the values with them) by their bits in
//! the axes' range, ascending or descending. It is itself a least significant
//! digit radix sort, 8 bits a pass, of (bits, position) pairs, which takes
//! seconds at 2^28 keys where a comparison sort took minutes; descending
//! sorts the complemented bits ascending, which keeps equal keys in order.
//! Passes in which every key has the same digit are skipped.
template <typename Key, typename In, typename Out>
void stable_sort_reference(const In& in, const Axes& axes, const Out& out)
{
  using Bits        = std::conditional_t<sizeof(Key) <= 4, uint32_t, uint64_t>;
  const auto& keys  = std::get<0>(in);
  const int end_bit = axes.end_bit < 0 ? static_cast<int>(8 * sizeof(Key)) : axes.end_bit;
  const int width   = end_bit > axes.begin_bit ? end_bit - axes.begin_bit : 0;
  const size_t n    = static_cast<size_t>(keys.count);
  std::vector<Bits> bits(n), bits_next(n);
  std::vector<int64_t> order(n), order_next(n);
  for (size_t i = 0; i < n; ++i)
  {
    const Bits field = static_cast<Bits>(sort_bits<Key>(keys[static_cast<int64_t>(i)], axes.begin_bit, end_bit));
    bits[i]          = axes.descending ? static_cast<Bits>(~field) : field;
    order[i]         = static_cast<int64_t>(i);
  }
  for (int shift = 0; shift < width; shift += 8)
  {
    size_t starts[257] = {};
    for (size_t i = 0; i < n; ++i)
    {
      ++starts[((bits[i] >> shift) & 0xffu) + 1];
    }
    if (std::count(starts + 1, starts + 257, n) == 1)
    {
      continue; // one digit for every key: the order stays
    }
    std::partial_sum(starts, starts + 257, starts);
    for (size_t i = 0; i < n; ++i)
    {
      const size_t place = starts[(bits[i] >> shift) & 0xffu]++;
      bits_next[place]   = bits[i];
      order_next[place]  = order[i];
    }
    bits.swap(bits_next);
    order.swap(order_next);
  }
  for (size_t i = 0; i < n; ++i)
  {
    std::get<0>(out)[static_cast<int64_t>(i)] = keys[order[i]];
    if constexpr (std::tuple_size<In>::value > 1)
    {
      std::get<1>(out)[static_cast<int64_t>(i)] = std::get<1>(in)[order[i]];
    }
  }
}

//! Integer keys of the axes' distribution; values (if any) the positions.
template <typename In>
void fill_integers(const In& in, runner::Distribution distribution, uint64_t seed)
{
  runner::fill_keys(std::get<0>(in), distribution, seed);
  if constexpr (std::tuple_size<In>::value > 1)
  {
    std::iota(std::get<1>(in).begin(), std::get<1>(in).end(), 0u);
  }
}

template <typename Problem>
void cub_oracle(const runner::Args<Problem>& a)
{
  ch10::sort_by_variant<cub::DeviceRadixSort, cub::DoubleBuffer>(a);
}

template <typename Problem>
size_t cub_scratch(int64_t n)
{
  return ch10::sort_temp_bytes<cub::DeviceRadixSort, Problem>(n);
}

} // namespace

// The six problems differ in their keys and what they fill; the rest is shared.
#define SORT_PROBLEM_COMMON(P, Key)                                                              \
  void P::reference(const ConstHost<In>& in, const Params&, const Axes& axes, const Host<Out>& out) \
  {                                                                                              \
    stable_sort_reference<Key>(in, axes, out);                                                   \
  }                                                                                              \
  size_t P::oracle_scratch_bytes(int64_t n)                                                      \
  {                                                                                              \
    return cub_scratch<P>(n);                                                                    \
  }                                                                                              \
  void P::oracle(const runner::Args<P>& a)                                                       \
  {                                                                                              \
    cub_oracle(a);                                                                               \
  }

SORT_PROBLEM_COMMON(sort_keys_u32, uint32_t)
SORT_PROBLEM_COMMON(sort_pairs_u32, uint32_t)
SORT_PROBLEM_COMMON(sort_keys_u64, uint64_t)
SORT_PROBLEM_COMMON(sort_keys_f32, float)
SORT_PROBLEM_COMMON(sort_keys_u32_entropy_0201, uint32_t)
SORT_PROBLEM_COMMON(sort_keys_u32_all_equal, uint32_t)
#undef SORT_PROBLEM_COMMON

void sort_keys_u32::fill(const Host<In>& in, const Axes& axes, uint64_t seed)
{
  fill_integers(in, axes.distribution, seed);
}
void sort_pairs_u32::fill(const Host<In>& in, const Axes& axes, uint64_t seed)
{
  fill_integers(in, axes.distribution, seed);
}
void sort_keys_u64::fill(const Host<In>& in, const Axes& axes, uint64_t seed)
{
  fill_integers(in, axes.distribution, seed);
}
void sort_keys_u32_entropy_0201::fill(const Host<In>& in, const Axes& axes, uint64_t seed)
{
  fill_integers(in, axes.distribution, seed);
}
void sort_keys_u32_all_equal::fill(const Host<In>& in, const Axes& axes, uint64_t seed)
{
  fill_integers(in, axes.distribution, seed);
}
void sort_keys_f32::fill(const Host<In>& in, const Axes&, uint64_t seed)
{
  for (float& key : std::get<0>(in))
  {
    const uint32_t bits = static_cast<uint32_t>(check_random(&seed));
    // One key in 64 a zero of either sign, so that the -0.0 == +0.0 tie is exercised.
    const uint32_t zero = (bits & 1u) ? 0x80000000u : 0u;
    const uint32_t word = (bits >> 1) % 64 == 0 ? zero : bits;
    std::memcpy(&key, &word, sizeof key);
  }
}

} // namespace problems
