// test_device_reduce.cuh: the DeviceReduce test harness, shared by the
// test_device_reduce*.cu programs (one program per family of entry points
// and half of the item types, so that each compiles in a reasonable time and
// they build in parallel):
//   test_device_reduce.cu               --host: the size query, without a GPU;
//                                       --device: bad input, empty input,
//                                       streams, a custom struct
//   test_device_reduce_sum_*.cu         Sum, Reduce, TransformReduce (test_device_reduce_sum.cuh)
//   test_device_reduce_min_max.cu       Min, Max
//   test_device_reduce_arg{min,max}_*.cu  ArgMin, ArgMax, both forms, ties (test_device_reduce_arg.cuh)
//   test_device_reduce_nan_inf.cu       NaN and +-Inf
//
// Every result is checked against a CPU reference and against
// cub::DeviceReduce on the same data. Outputs are poisoned before each call
// (with a byte pattern that differs from the expected result, so an unwritten
// output cannot pass), and the temporary storage is filled with garbage, so
// that an implementation that assumes it starts zeroed fails. Inputs are
// seeded random windows of one large pool per type, at 16-byte-aligned and
// unaligned addresses.
//
// CUBLING_QUICK=1 (the compute-sanitizer runs set it) skips every size above
// 2^22 items and says which.
#pragma once

#include <cub/device/device_reduce.cuh>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

#include <cubling/device/device_reduce.cuh>
#include <cubling/util/key_value_pair.cuh>

#include "check.h"

namespace device_reduce_test
{

// --- run state and failure reports -----------------------------------------------

inline uint64_t rng      = 0;
inline long long cases   = 0;
inline bool quick        = false;
constexpr int64_t QUICK_MAX_ITEMS = int64_t{1} << 22;
inline std::vector<long long> skipped_sizes;
// CUBLING_SHARD=i/n (a sanitizer run may set it): the program checks only the
// cases that call in_shard() for the i-th, (i+n)-th, ... time, so that n
// processes share one slow run; cases that never call it run in every shard.
inline int shard_index          = 0;
inline int shard_count          = 1;
inline long long shard_calls    = 0;
inline bool in_shard()
{
  return shard_calls++ % shard_count == shard_index;
}
// What is being checked, and EXPECT(cond, printf-style message), are
// check_set_context() and EXPECT of check.h.

// Sizes above 2^22 are skipped under CUBLING_QUICK=1; remember them for the summary.
inline bool skip_size(int64_t n)
{
  if (quick && n > QUICK_MAX_ITEMS)
  {
    for (long long s : skipped_sizes)
    {
      if (s == n)
      {
        return true;
      }
    }
    skipped_sizes.push_back(n);
    return true;
  }
  return false;
}

inline void print_skipped(const char* program)
{
  if (skipped_sizes.empty())
  {
    return;
  }
  std::printf("%s: CUBLING_QUICK=1: skipped the sizes above 2^22:", program);
  for (long long s : skipped_sizes)
  {
    std::printf(" %lld", s);
  }
  std::printf("\n");
}

// --- custom types and operators ------------------------------------------------------

// example-begin custom-types
// A custom value type: the range [lo, hi] of the values seen and an xor of
// their hashes. Its operator is associative and commutative, as
// DeviceReduce requires. 12 bytes: not a power of two.
struct Stats
{
  int32_t lo, hi;
  uint32_t bits;
};

struct MergeStats
{
  __host__ __device__ Stats operator()(const Stats& a, const Stats& b) const
  {
    return {b.lo < a.lo ? b.lo : a.lo, a.hi < b.hi ? b.hi : a.hi, a.bits ^ b.bits};
  }
};

// The transform of TransformReduce into Stats: one item's statistics.
struct MakeStats
{
  __host__ __device__ Stats operator()(int32_t x) const
  {
    return {x, x, static_cast<uint32_t>(x) * 2654435761u};
  }
};
// example-end custom-types

// Exclusive or, a custom associative and commutative operator on integers.
struct XorOp
{
  template <typename T>
  __host__ __device__ T operator()(const T& a, const T& b) const
  {
    return static_cast<T>(a ^ b);
  }
};

// The larger of two values, written out as a custom operator (for floats).
struct LargerOp
{
  template <typename T>
  __host__ __device__ T operator()(const T& a, const T& b) const
  {
    return a < b ? b : a;
  }
};

// Addition in W: Reduce(SumAs<int64_t>) of int8 items adds them in int64.
template <typename W>
struct SumAs
{
  __host__ __device__ W operator()(const W& a, const W& b) const
  {
    return a + b;
  }
};

// Widen an item to W (a transform for TransformReduce).
template <typename W>
struct Widen
{
  template <typename T>
  __host__ __device__ W operator()(const T& x) const
  {
    return static_cast<W>(x);
  }
};

// x * x in 64-bit wraparound arithmetic (integers), exact and well defined.
struct SquareU64
{
  template <typename T>
  __host__ __device__ uint64_t operator()(const T& x) const
  {
    const uint64_t v = static_cast<uint64_t>(static_cast<int64_t>(x));
    return v * v;
  }
};

// x * x in the item's own floating-point type.
struct SquareF
{
  template <typename T>
  __host__ __device__ T operator()(const T& x) const
  {
    return x * x;
  }
};

// The type a "wide" sum accumulates in: double for floating point, int64
// for narrow signed integers (no overflow at any size tested), uint64 (wraps,
// well defined) for the others.
template <typename T>
using wide_t = typename std::conditional<
  std::is_floating_point<T>::value, double,
  typename std::conditional<std::is_signed<T>::value && sizeof(T) <= 4, int64_t, uint64_t>::type>::type;

// --- names, text, bits -------------------------------------------------------------------

template <typename T>
const char* type_name()
{
  if constexpr (std::is_same_v<T, int8_t>) return "int8";
  else if constexpr (std::is_same_v<T, int16_t>) return "int16";
  else if constexpr (std::is_same_v<T, int32_t>) return "int32";
  else if constexpr (std::is_same_v<T, int64_t>) return "int64";
  else if constexpr (std::is_same_v<T, uint8_t>) return "uint8";
  else if constexpr (std::is_same_v<T, uint16_t>) return "uint16";
  else if constexpr (std::is_same_v<T, uint32_t>) return "uint32";
  else if constexpr (std::is_same_v<T, uint64_t>) return "uint64";
  else if constexpr (std::is_same_v<T, float>) return "float";
  else if constexpr (std::is_same_v<T, double>) return "double";
  else if constexpr (std::is_same_v<T, Stats>) return "Stats";
  else return "?";
}

// A value as text, for failure messages: text(x).c
struct Text
{
  char c[96];
};

template <typename T>
Text text(const T& x)
{
  Text t{};
  if constexpr (std::is_floating_point_v<T>)
  {
    std::snprintf(t.c, sizeof t.c, "%.17g", static_cast<double>(x));
  }
  else if constexpr (std::is_same_v<T, long double>)
  {
    std::snprintf(t.c, sizeof t.c, "%.21Lg", x);
  }
  else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>)
  {
    std::snprintf(t.c, sizeof t.c, "%lld", static_cast<long long>(x));
  }
  else if constexpr (std::is_integral_v<T>)
  {
    std::snprintf(t.c, sizeof t.c, "%llu", static_cast<unsigned long long>(x));
  }
  else if constexpr (std::is_same_v<T, Stats>)
  {
    std::snprintf(t.c, sizeof t.c, "{lo %d, hi %d, bits 0x%08x}", x.lo, x.hi, x.bits);
  }
  else
  {
    std::snprintf(t.c, sizeof t.c, "(%zu bytes)", sizeof(T));
  }
  return t;
}

template <typename T>
bool same_bits(const T& a, const T& b)
{
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

// A value whose every byte is `byte`.
template <typename T>
T filled(unsigned char byte)
{
  T x;
  std::memset(static_cast<void*>(&x), byte, sizeof(T));
  return x;
}

// A poison byte whose pattern differs from `expected`, so that an output
// that was never written cannot pass for the right answer.
template <typename T>
unsigned char poison_for(const T& expected)
{
  const unsigned char candidates[] = {0xA5, 0x5A, 0xC3};
  for (unsigned char b : candidates)
  {
    if (!same_bits(filled<T>(b), expected))
    {
      return b;
    }
  }
  return 0x3C;
}

// --- random inputs ---------------------------------------------------------------------------

// Uniform in [-1, 1) times a power of two in [1/16, 16]: no two items alike, never zero in practice.
template <typename T>
T random_real()
{
  const uint64_t r = check_random(&rng);
  const double u   = static_cast<double>(r >> 11) / 9007199254740992.0 * 2.0 - 1.0;
  return static_cast<T>(std::ldexp(u, static_cast<int>(r & 7) - 4));
}

// Random items: every bit pattern for integers (sums wrap), random_real for floats.
template <typename T>
T random_item()
{
  if constexpr (std::is_floating_point_v<T>)
  {
    return random_real<T>();
  }
  else if constexpr (std::is_same_v<T, Stats>)
  {
    return MakeStats{}(static_cast<int32_t>(check_random(&rng)));
  }
  else
  {
    return static_cast<T>(check_random(&rng));
  }
}

// Fill `count` items; integers 8 bytes of generator output at a time.
template <typename T>
void fill_random(T* items, size_t count)
{
  if constexpr (std::is_integral_v<T> && sizeof(T) < 8)
  {
    size_t i = 0;
    for (; i + 8 / sizeof(T) <= count; i += 8 / sizeof(T))
    {
      const uint64_t r = check_random(&rng);
      std::memcpy(items + i, &r, 8);
    }
    for (; i < count; ++i)
    {
      items[i] = random_item<T>();
    }
  }
  else
  {
    for (size_t i = 0; i < count; ++i)
    {
      items[i] = random_item<T>();
    }
  }
}

// Small whole numbers in [-8, 8] as floating point: their sums are exact in
// any order (every partial sum of up to 2^28 of them stays far below 2^24),
// so a float Sum of them must equal the CPU's bit for bit.
template <typename T>
void fill_small_integers(T* items, size_t count)
{
  for (size_t i = 0; i < count; ++i)
  {
    items[i] = static_cast<T>(static_cast<int>(check_random(&rng) % 17) - 8);
  }
}

// --- device memory ------------------------------------------------------------------------------

template <typename T>
struct DeviceArray
{
  T* ptr       = nullptr;
  size_t count = 0;

  explicit DeviceArray(size_t n) : count(n)
  {
    CHECK_CUDA(cudaMalloc(&ptr, (n > 0 ? n : 1) * sizeof(T)));
  }
  ~DeviceArray()
  {
    cudaFree(ptr);
  }
  DeviceArray(const DeviceArray&)            = delete;
  DeviceArray& operator=(const DeviceArray&) = delete;

  void upload(const T* host, size_t n, size_t at = 0)
  {
    CHECK_CUDA(cudaMemcpy(ptr + at, host, n * sizeof(T), cudaMemcpyHostToDevice));
  }
};

// The inputs that the dispatch-layer tests (two launches, a refused
// cooperative launch) give every call, on the host and on the device: random
// int32; the same masked to 0..15, so that there are many ties and only the
// first minimum may win; and small whole numbers as float, whose sums are
// exact in any order.
struct DispatchInputs
{
  std::vector<int32_t> ints, ties;
  std::vector<float> floats;
  DeviceArray<int32_t> d_ints, d_ties;
  DeviceArray<float> d_floats;

  explicit DispatchInputs(int64_t n)
      : ints(static_cast<size_t>(n))
      , ties(static_cast<size_t>(n))
      , floats(static_cast<size_t>(n))
      , d_ints(static_cast<size_t>(n))
      , d_ties(static_cast<size_t>(n))
      , d_floats(static_cast<size_t>(n))
  {
    fill_random(ints.data(), ints.size());
    for (size_t i = 0; i < ints.size(); ++i)
    {
      ties[i] = static_cast<int32_t>(ints[i] & 15);
    }
    fill_small_integers(floats.data(), floats.size());
    d_ints.upload(ints.data(), ints.size());
    d_ties.upload(ties.data(), ties.size());
    d_floats.upload(floats.data(), floats.size());
  }
};

// One output slot of scratch device memory, poisoned before a call and read after it.
template <typename T>
void poison(T* d_out, unsigned char byte)
{
  CHECK_CUDA(cudaMemset(static_cast<void*>(d_out), byte, sizeof(T)));
}

template <typename T>
T read_back(const T* d_out)
{
  T x;
  CHECK_CUDA(cudaMemcpy(static_cast<void*>(&x), d_out, sizeof(T), cudaMemcpyDeviceToHost));
  return x;
}

// True if `bytes` bytes at `d` are all `byte`.
inline bool still_poisoned(const void* d, size_t bytes, unsigned char byte)
{
  std::vector<unsigned char> host(bytes);
  CHECK_CUDA(cudaDeviceSynchronize());
  CHECK_CUDA(cudaMemcpy(host.data(), d, bytes, cudaMemcpyDeviceToHost));
  for (unsigned char b : host)
  {
    if (b != byte)
    {
      return false;
    }
  }
  return true;
}

// Scratch for outputs: slot k is 64 bytes at offset 64 k.
struct Outputs
{
  DeviceArray<unsigned char> bytes{64 * 8};
  template <typename T>
  T* slot(int k)
  {
    static_assert(sizeof(T) <= 64, "an output slot holds 64 bytes");
    return reinterpret_cast<T*>(bytes.ptr + 64 * k);
  }
};

// --- the two-phase protocol ---------------------------------------------------------------------------

constexpr size_t BYTES_SENTINEL = CHECK_BYTES_SENTINEL;

// The two-phase protocol (size query, garbage-filled storage, run) is
// check_two_phase() of check.h.

// --- CPU references ------------------------------------------------------------------------------

// Integer sum, wrapping in T's width (the low bits of the exact sum).
template <typename T>
T wrapped_sum(const T* x, int64_t n)
{
  uint64_t s = 0;
  for (int64_t i = 0; i < n; ++i)
  {
    s += static_cast<uint64_t>(static_cast<int64_t>(x[i]));
  }
  return static_cast<T>(static_cast<std::make_unsigned_t<T>>(s));
}

// Floating-point sum in long double with compensation, and the sum of |x|.
struct RealSum
{
  long double sum = 0, abs_sum = 0;
};

template <typename T, typename F>
RealSum real_sum(const T* x, int64_t n, F f)
{
  long double s = 0, c = 0, a = 0;
  for (int64_t i = 0; i < n; ++i)
  {
    const long double v = static_cast<long double>(f(x[i]));
    const long double t = s + v;
    c += std::fabs(s) >= std::fabs(v) ? (s - t) + v : (v - t) + s; // Neumaier
    s = t;
    a += std::fabs(v);
  }
  return {s + c, a};
}

// |got - want| within 8 ulp-of-1 times the sum of |x|: the error bound of a
// well-conditioned parallel summation, with room to spare, and far tighter
// than what a lost or doubled item would cost at small sizes.
template <typename T>
bool close_enough(T got, const RealSum& want, long double factor = 8)
{
  if (!std::isfinite(got))
  {
    return false;
  }
  const long double tol = factor * std::numeric_limits<T>::epsilon() * want.abs_sum +
                          std::numeric_limits<T>::denorm_min();
  return std::fabs(static_cast<long double>(got) - want.sum) <= tol;
}

// Left fold, as CUB defines Reduce: op(...op(op(init, x0), x1)..., xn-1).
// Only for exact, associative, commutative operators (any order gives the same bits).
template <typename T, typename A, typename Op, typename F>
A fold(const T* x, int64_t n, A init, Op op, F f)
{
  A acc = init;
  for (int64_t i = 0; i < n; ++i)
  {
    acc = op(acc, static_cast<A>(f(x[i])));
  }
  return acc;
}

struct Same
{
  template <typename T>
  T operator()(const T& x) const
  {
    return x;
  }
};

// First index of the smallest (MIN) or largest item; {1, the empty value} when n == 0.
template <bool MIN, typename T>
cubling::KeyValuePair<int64_t, T> first_extremum(const T* x, int64_t n)
{
  if (n == 0)
  {
    return {1, MIN ? std::numeric_limits<T>::max() : std::numeric_limits<T>::lowest()};
  }
  int64_t best = 0;
  for (int64_t i = 1; i < n; ++i)
  {
    if (MIN ? (x[i] < x[best]) : (x[best] < x[i]))
    {
      best = i;
    }
  }
  return {best, x[best]};
}

// --- sizes and windows ---------------------------------------------------------------------------

// The sizes every type is swept over (sorted). Tiles of plausible policies
// (256 threads x 1..64 items: 256 .. 16384 items) minus one, exactly, plus
// one; primes; 2^k +- 1; a whole wave of full blocks on a 132-SM GPU
// (132 x 8 blocks x 4096 items) +- 1; and larger sizes for a few types.
inline std::vector<int64_t> sweep_sizes(bool large)
{
  std::vector<int64_t> sizes = {0, 1, 2, 3, 7, 31, 32, 33, 97, 255, 256, 257, 1000, 1279, 1280, 1281};
  for (int64_t tile : {1024, 2048, 4096, 8192, 16384})
  {
    sizes.insert(sizes.end(), {tile - 1, tile, tile + 1});
  }
  sizes.insert(sizes.end(), {3 * 4096 + 17, 7919, 65521, 104729, 1299709, (1 << 16) - 1, (1 << 16) + 1,
                             (1 << 20) - 1, (1 << 20) + 1, (1 << 22) - 1, 1 << 22});
  sizes.insert(sizes.end(), {132 * 8 * 4096 - 1, 132 * 8 * 4096 + 1, (1 << 22) + 1});
  if (large)
  {
    sizes.insert(sizes.end(), {15485863, (1 << 24) + 1});
  }
  std::sort(sizes.begin(), sizes.end());
  return sizes;
}

// Unaligned windows: these sizes at element offsets 1..15 (1-byte items),
// odd offsets (2- and 4-byte items) and 1, 3 (8-byte items).
inline std::vector<int64_t> unaligned_sizes()
{
  return {1, 33, 4097, 100003, (1 << 20) + 1};
}

template <typename T>
std::vector<int64_t> unaligned_offsets()
{
  if constexpr (sizeof(T) == 1)
  {
    return {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
  }
  else if constexpr (sizeof(T) == 2)
  {
    return {1, 3, 5, 7};
  }
  else if constexpr (sizeof(T) == 4)
  {
    return {1, 2, 3};
  }
  else
  {
    return {1, 3};
  }
}

// One pool of random items per type, on the host and on the device; a case
// reduces a window [start, start + n) of it.
template <typename T>
struct Pool
{
  std::vector<T> host;
  DeviceArray<T> device;
  explicit Pool(size_t n, bool small_integers = false) : host(n), device(n)
  {
    if constexpr (std::is_floating_point_v<T>)
    {
      if (small_integers)
      {
        fill_small_integers(host.data(), n);
      }
      else
      {
        fill_random(host.data(), n);
      }
    }
    else
    {
      fill_random(host.data(), n);
    }
    device.upload(host.data(), n);
  }
};

// A 16-byte-aligned start for a window of n items (random, so that the sizes
// see different data), plus `offset` elements.
template <typename T>
int64_t window_start(const Pool<T>& pool, int64_t n, int64_t offset)
{
  const int64_t room    = static_cast<int64_t>(pool.host.size()) - n - 16;
  const int64_t vectors = room > 0 ? room * static_cast<int64_t>(sizeof(T)) / 16 : 0;
  const int64_t start   = vectors > 0 ? static_cast<int64_t>(check_random(&rng) % static_cast<uint64_t>(vectors < 64 ? vectors : 64)) * 16 / static_cast<int64_t>(sizeof(T)) : 0;
  return start + offset;
}

// Run `check(pool, start, n, offset)` over every sweep size (aligned) and
// every unaligned window. `large`: also 15485863 and 2^24 + 1 items;
// `huge`: also 2^28. `small_integers`: a pool of whole numbers (floats only).
template <typename T, typename Check>
void sweep(bool large, bool huge, bool small_integers, Check check)
{
  std::vector<int64_t> sizes = sweep_sizes(large);
  if (huge)
  {
    sizes.push_back(int64_t{1} << 28);
  }
  int64_t biggest = 0;
  for (int64_t n : sizes)
  {
    if (!skip_size(n) && n > biggest)
    {
      biggest = n;
    }
  }
  Pool<T> pool(static_cast<size_t>(biggest + 64 + 16), small_integers);
  for (int64_t n : sizes)
  {
    if (!skip_size(n))
    {
      check(pool, window_start(pool, n, 0), n, int64_t{0});
    }
  }
  for (int64_t n : unaligned_sizes())
  {
    for (int64_t offset : unaligned_offsets<T>())
    {
      check(pool, window_start(pool, n, offset), n, offset);
    }
  }
}

// The int8 input of more than 2^31 items (2^31 + 5, 2 GiB): random items in
// [-127, 126], with the maximum 127 planted at n - 3 and n - 1 (the first
// wins) and the minimum -128 at 2^31 + 1 and n - 2.
constexpr int64_t HUGE_ITEMS = (int64_t{1} << 31) + 5;
constexpr int64_t HUGE_MAX_AT = HUGE_ITEMS - 3;
constexpr int64_t HUGE_MIN_AT = (int64_t{1} << 31) + 1;

inline std::vector<int8_t> huge_int8_input()
{
  std::vector<int8_t> x(static_cast<size_t>(HUGE_ITEMS));
  fill_random(x.data(), x.size());
  for (int8_t& v : x)
  {
    v = v == 127 ? int8_t{126} : (v == -128 ? int8_t{-127} : v);
  }
  x[HUGE_ITEMS - 3] = 127;
  x[HUGE_ITEMS - 1] = 127;
  x[HUGE_MIN_AT]    = -128;
  x[HUGE_ITEMS - 2] = -128;
  return x;
}

// --- main -------------------------------------------------------------------------------------------

// main() of each program: --host runs `host` (nullptr: there is nothing to
// run on the CPU alone), --device runs `device` after skipping (77) without a GPU.
inline int run(int argc, char** argv, const char* program, void (*host)(), void (*device)())
{
  const bool on_host   = argc > 1 && std::strcmp(argv[1], "--host") == 0;
  const bool on_device = argc > 1 && std::strcmp(argv[1], "--device") == 0;
  if (!(on_device || (on_host && host != nullptr)))
  {
    std::printf("usage: %s %s--device\n", argv[0], host ? "--host | " : "");
    return 2;
  }
  const char* q = std::getenv("CUBLING_QUICK");
  quick         = q != nullptr && std::strcmp(q, "0") != 0 && q[0] != '\0';
  if (const char* shard = std::getenv("CUBLING_SHARD"))
  {
    if (std::sscanf(shard, "%d/%d", &shard_index, &shard_count) != 2 || shard_count < 1 || shard_index < 0 ||
        shard_index >= shard_count)
    {
      std::printf("CUBLING_SHARD must be i/n with 0 <= i < n, not \"%s\"\n", shard);
      return 2;
    }
  }
  if (on_device)
  {
    check_skip_without_gpu();
  }
  rng = check_seed();
  check_set_context("%s", program);
  if (on_host)
  {
    host();
  }
  else
  {
    device();
  }
  print_skipped(program);
  std::printf("%s %s: %lld cases passed", program, on_host ? "--host" : "--device", cases);
  std::printf(shard_count > 1 ? " (shard %d of %d)\n" : "\n", shard_index, shard_count);
  return 0;
}

} // namespace device_reduce_test
