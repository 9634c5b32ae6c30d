// problem.h: how a problem is written (typed traits), and the untyped view
// of it that runner.cu works with.
//
// A problem is a struct that derives from runner::ProblemDefaults and says:
//
//   using In  = runner::Arrays<uint32_t, uint32_t>;  // input arrays, n items each
//   using Out = runner::Arrays<uint32_t, uint32_t>;  // output arrays, out_count(k, n) items each
//   struct Params { ... };                           // optional: initial value, ...
//   static constexpr unsigned modes = ..., distributions = ...;   // optional: what it supports
//   static constexpr const char name[], title[], item_type[], oracle_name[];
//   static double bytes_moved(int64_t n);            // what an ideal kernel must move
//   static void fill(const Host<In>& in, const Axes&, uint64_t seed);
//   static void reference(const ConstHost<In>& in, const Params&, const Axes&, const Host<Out>& out);
//   static size_t oracle_scratch_bytes(int64_t n);   // the CUB oracle's temporary storage
//   static void oracle(const Args<Problem>& a);      // the CUB call that computes the same
//
// and may replace ProblemDefaults' out_count, make_params, params_text, same
// (how two output items compare) and text (how an item is printed). A problem
// whose CUB call comes in variants that compute the same thing at different
// speeds (a sort's item count as `int` or as `int64_t`) says how many
// (oracle_variants, at most 2) and names them (oracle_variant_name): its oracle
// and the CUB side of its VERSUS rows read Args::variant, and the runner
// checks every variant, times them taking turns and reports the faster, named.
// describe<Problem>() turns the traits into a runner::Problem, checking at
// compile time what can be checked: the modes that copy an input into an
// output need the same types on both sides.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

#include "check.h"
#include "runner.h"

namespace runner
{

//! A host array: `count` items at `data`, indexable and iterable.
template <typename T>
struct Span
{
  T* data;
  int64_t count;
  T& operator[](int64_t i) const
  {
    return data[i];
  }
  T* begin() const
  {
    return data;
  }
  T* end() const
  {
    return data + count;
  }
};

template <typename List, bool CONST>
struct HostOf;
template <typename... T, bool CONST>
struct HostOf<Arrays<T...>, CONST>
{
  using type = std::tuple<Span<std::conditional_t<CONST, const T, T>>...>;
};
//! The host arrays of an Arrays list, writable (fill, reference outputs) or not (reference inputs).
template <typename List>
using Host = typename HostOf<List, false>::type;
template <typename List>
using ConstHost = typename HostOf<List, true>::type;

//! A value as text, for the first-mismatch report: numbers in decimal (floats
//! with their bits in hex too), anything else as its bytes in hex.
template <typename T>
std::string value_text(const T& value)
{
  char text[64];
  if constexpr (std::is_integral<T>::value && std::is_signed<T>::value)
  {
    std::snprintf(text, sizeof text, "%lld", static_cast<long long>(value));
  }
  else if constexpr (std::is_integral<T>::value)
  {
    std::snprintf(text, sizeof text, "%llu", static_cast<unsigned long long>(value));
  }
  else if constexpr (std::is_floating_point<T>::value)
  {
    unsigned long long bits = 0;
    std::memcpy(&bits, &value, sizeof value);
    std::snprintf(text, sizeof text, "%.9g (0x%llx)", static_cast<double>(value), bits);
  }
  else
  {
    std::string hex = "0x";
    const unsigned char* bytes = reinterpret_cast<const unsigned char*>(&value);
    for (size_t i = sizeof(T); i-- > 0;)
    {
      std::snprintf(text, sizeof text, "%02x", bytes[i]);
      hex += text;
    }
    return hex;
  }
  return text;
}

//! What a problem does not say itself.
struct ProblemDefaults
{
  struct Params
  {};
  static constexpr unsigned modes         = bit(Mode::out_of_place);
  static constexpr unsigned distributions = bit(Distribution::uniform);
  static constexpr int oracle_variants    = 1;
  static const char* oracle_variant_name(int /*variant*/)
  {
    return "";
  }

  //! Items of output `k` for `n` input items.
  static int64_t out_count(int /*k*/, int64_t n)
  {
    return n;
  }
  static Params make_params(const Axes&, uint64_t /*seed*/)
  {
    return {};
  }
  static std::string params_text(const Params&)
  {
    return "";
  }
  //! Two output items agree: bit for bit.
  template <typename T>
  static bool same(const T& got, const T& want)
  {
    return std::memcmp(&got, &want, sizeof(T)) == 0;
  }
  template <typename T>
  static std::string text(const T& value)
  {
    return value_text(value);
  }
};

//! The defaults of a problem whose CUB call takes the item count in either
//! type, at different speeds (runner::call_with_variant_count).
struct CountVariants : ProblemDefaults
{
  static constexpr int oracle_variants = 2;
  static const char* oracle_variant_name(int variant)
  {
    return variant == 0 ? "int count" : "int64_t count";
  }
};

//! The untyped view of a problem that runner.cu works with (made by describe<P>()).
struct Problem
{
  const char* name;        //!< "reduce_sum_i32", written to the CSV
  const char* title;       //!< "sum of int32"
  const char* item_type;   //!< "int32", written to the CSV
  const char* oracle_name; //!< the CUB call that computes the same thing
  int inputs, outputs;
  size_t in_item_bytes[max_arrays], out_item_bytes[max_arrays];
  unsigned modes, distributions; //!< bit masks of what the problem supports
  int oracle_variants;           //!< CUB's call in 1 or 2 variants (Args::variant); the faster is reported
  const char* (*oracle_variant_name)(int variant);
  size_t params_bytes;
  int64_t (*out_count)(int k, int64_t n);
  double (*bytes_moved)(int64_t n);
  size_t (*oracle_scratch_bytes)(int64_t n);
  void (*make_params)(const Axes& axes, uint64_t seed, void* params);
  std::string (*params_text)(const void* params);
  void (*fill)(char* const* in, int64_t n, const Axes& axes, uint64_t seed);
  void (*reference)(char* const* in, int64_t n, const void* params, const Axes& axes, char* const* out);
  //! "" when the `count` items of output k agree, else where and how they first differ
  std::string (*first_mismatch)(int k, const char* got, const char* want, int64_t count);
  Launch oracle;
};

namespace detail
{

template <typename List, bool CONST, size_t... I>
typename HostOf<List, CONST>::type
spans(char* const* arrays, const int64_t* counts, std::index_sequence<I...>)
{
  return typename HostOf<List, CONST>::type{
    {reinterpret_cast<std::conditional_t<CONST, const element_t<List, I>, element_t<List, I>>*>(arrays[I]),
     counts[I]}...};
}

template <typename P>
struct Erased
{
  using In  = typename P::In;
  using Out = typename P::Out;
  using InIndex  = std::make_index_sequence<In::count>;
  using OutIndex = std::make_index_sequence<Out::count>;

  static void fill(char* const* in, int64_t n, const Axes& axes, uint64_t seed)
  {
    const int64_t counts[max_arrays] = {n, n, n, n};
    P::fill(spans<In, false>(in, counts, InIndex{}), axes, seed);
  }
  static void reference(char* const* in, int64_t n, const void* params, const Axes& axes, char* const* out)
  {
    const int64_t in_counts[max_arrays] = {n, n, n, n};
    int64_t out_counts[max_arrays]      = {};
    for (int k = 0; k < Out::count; ++k)
    {
      out_counts[k] = P::out_count(k, n);
    }
    P::reference(spans<In, true>(in, in_counts, InIndex{}), *static_cast<const typename P::Params*>(params), axes,
                 spans<Out, false>(out, out_counts, OutIndex{}));
  }
  static void make_params(const Axes& axes, uint64_t seed, void* params)
  {
    const typename P::Params made = P::make_params(axes, seed);
    std::memcpy(params, &made, sizeof made);
  }
  static std::string params_text(const void* params)
  {
    return P::params_text(*static_cast<const typename P::Params*>(params));
  }
  template <int K>
  static std::string mismatch(const char* got, const char* want, int64_t count)
  {
    using T         = element_t<Out, K>;
    int64_t first   = -1, differing = 0;
    T got_first{}, want_first{};
    for (int64_t i = 0; i < count; ++i)
    {
      T g, w;
      std::memcpy(&g, got + i * sizeof(T), sizeof(T));
      std::memcpy(&w, want + i * sizeof(T), sizeof(T));
      if (!P::same(g, w))
      {
        if (first < 0)
        {
          first = i, got_first = g, want_first = w;
        }
        ++differing;
      }
    }
    if (first < 0)
    {
      return "";
    }
    return "output " + std::to_string(K) + ", index " + std::to_string(first) + " of " + std::to_string(count)
         + ": expected " + P::text(want_first) + ", got " + P::text(got_first) + " (" + std::to_string(differing)
         + " items differ)";
  }
  template <size_t... K>
  static std::string first_mismatch_of(int k, const char* got, const char* want, int64_t count,
                                       std::index_sequence<K...>)
  {
    std::string result;
    ((k == static_cast<int>(K) ? (result = mismatch<static_cast<int>(K)>(got, want, count), 0) : 0), ...);
    return result;
  }
  static std::string first_mismatch(int k, const char* got, const char* want, int64_t count)
  {
    return first_mismatch_of(k, got, want, count, OutIndex{});
  }
  static void oracle(const RawArgs& raw)
  {
    P::oracle(Args<P>(raw));
  }
};

//! In place and double-buffer modes copy input K into output K: same types, one per output.
template <typename In, typename Out, size_t... K>
constexpr bool copyable_in_to_out(std::index_sequence<K...>)
{
  if constexpr (In::count != Out::count)
  {
    return false; // and element_t<Out, K> may not exist: not instantiated
  }
  else
  {
    return (std::is_same<element_t<In, K>, element_t<Out, K>>::value && ...);
  }
}

} // namespace detail

//! The untyped view of problem `P`, made once per type.
template <typename P>
const Problem& describe()
{
  using E = detail::Erased<P>;
  static_assert(std::is_trivially_copyable<typename P::Params>::value, "Params travel as bytes");
  static_assert(P::oracle_variants == 1 || P::oracle_variants == 2, "an oracle has one or two variants");
  static_assert(P::modes == bit(Mode::out_of_place)
                  || detail::copyable_in_to_out<typename P::In, typename P::Out>(
                    std::make_index_sequence<P::In::count>{}),
                "in_place and double_buffer modes copy input K into output K: they need the same types");
  static const Problem problem = [] {
    Problem p{};
    p.name        = P::name;
    p.title       = P::title;
    p.item_type   = P::item_type;
    p.oracle_name = P::oracle_name;
    p.inputs      = P::In::count;
    p.outputs     = P::Out::count;
    std::apply([&](auto... item) { size_t k = 0; ((p.in_item_bytes[k++] = sizeof(item)), ...); },
               typename P::In::Tuple{});
    std::apply([&](auto... item) { size_t k = 0; ((p.out_item_bytes[k++] = sizeof(item)), ...); },
               typename P::Out::Tuple{});
    p.modes                = P::modes;
    p.distributions        = P::distributions;
    p.oracle_variants      = P::oracle_variants;
    p.oracle_variant_name  = P::oracle_variant_name;
    p.params_bytes         = sizeof(typename P::Params);
    p.out_count            = P::out_count;
    p.bytes_moved          = P::bytes_moved;
    p.oracle_scratch_bytes = P::oracle_scratch_bytes;
    p.make_params          = E::make_params;
    p.params_text          = E::params_text;
    p.fill                 = E::fill;
    p.reference            = E::reference;
    p.first_mismatch       = E::first_mismatch;
    p.oracle               = E::oracle;
    return p;
  }();
  return problem;
}

//! Keys of an unsigned or signed integer type, drawn from `distribution`:
//! uniform bits; the AND of 3 or 5 uniform words (CUB's low-entropy keys);
//! one random key repeated; uniform keys sorted or reverse sorted.
template <typename T>
void fill_keys(const Span<T>& keys, Distribution distribution, uint64_t seed)
{
  static_assert(std::is_integral<T>::value, "fill_keys draws integer keys");
  using Bits        = std::make_unsigned_t<T>;
  const auto draw   = [&seed] { return static_cast<Bits>(check_random(&seed)); };
  const Bits repeat = draw();
  for (T& key : keys)
  {
    Bits bits = draw();
    if (distribution == Distribution::entropy_0544 || distribution == Distribution::entropy_0201)
    {
      const int words = distribution == Distribution::entropy_0544 ? 3 : 5;
      for (int w = 1; w < words; ++w)
      {
        bits &= draw();
      }
    }
    key = static_cast<T>(distribution == Distribution::all_equal ? repeat : bits);
  }
  if (distribution == Distribution::sorted)
  {
    std::sort(keys.begin(), keys.end());
  }
  if (distribution == Distribution::reverse_sorted)
  {
    std::sort(keys.begin(), keys.end(), [](T a, T b) { return b < a; });
  }
}

} // namespace runner
