// test_device_scan.cuh: the DeviceScan test harness, shared by the
// test_device_scan_*.cu programs (one program per family, so that each
// compiles in a reasonable time and they build in parallel):
//   test_device_scan_sum_signed.cu     ExclusiveSum, InclusiveSum of int8..int64 and float
//   test_device_scan_sum_unsigned.cu   the same for uint8..uint64 and double
//   test_device_scan_ops.cu            non-commutative operators and custom structs:
//                                      InclusiveScan, ExclusiveScan (init value and
//                                      FutureValue), InclusiveScanInit; an operator that
//                                      counts every uninitialised value it is handed
//   test_device_scan_by_key.cu         the by-key family
//   test_device_scan_large.cu          more than 2^31 items (counting iterator), 2^28
//                                      int32, float determinism over 10 runs
//   test_device_scan_safety.cu         garbage and stale temporary storage, graphs
//   test_device_scan_bad_input.cu      bad input, 0 items, the size query
//
// Every result is checked against a CPU reference and against cub::DeviceScan
// on the same data (CUB first, so that a wrong reference is blamed on the
// reference). cubling runs twice, into outputs poisoned with two different
// byte patterns: an item that was never written differs between the two,
// and so does a result that is not deterministic. GUARD items after every
// output must keep their poison. The temporary storage is filled with
// garbage (check_two_phase). Inputs are seeded random windows of one pool
// per type, at 16-byte-aligned and unaligned addresses (input and output
// offsets differ).
//
// The sizes derive from the tile of the library's policies for the item
// size (AgentScan<...>::TILE_ITEMS of the Hopper and the Pascal links), plus
// 1024, 2048 and 4096, each -1, +0, +1, two tiles +-1, and 32 and 33 tiles
// +-1 (the look-back reads a window of 32 tiles).
//
// Shared helpers (DeviceArray, random items, text, run()) come from the
// DeviceReduce harness, test_device_reduce.cuh. CUBLING_QUICK=1 skips every
// size above 2^22 items and says which.
#pragma once

#include <cub/device/device_scan.cuh>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

#include <cuda/std/functional>

#include <cubling/device/device_scan.cuh>
#include <cubling/iterator/counting_input_iterator.cuh>

#include "custom_operators.cuh"
#include "test_device_reduce.cuh"

namespace device_scan_test
{
using namespace device_reduce_test;

// Items after every output that no call may write.
constexpr int64_t GUARD = 32;

// --- custom types and operators ---------------------------------------------------------

// example-begin scan-custom-types
// A 2x2 matrix of uint32 (wrapping arithmetic), multiplied left to right:
// associative, not commutative, 16 bytes (its tile states keep the values
// apart from the status words).
struct Mat2
{
  uint32_t m[4]; // row major: m[0] m[1] / m[2] m[3]
};

struct MatMul
{
  __host__ __device__ Mat2 operator()(const Mat2& x, const Mat2& y) const
  {
    return {{x.m[0] * y.m[0] + x.m[1] * y.m[2], x.m[0] * y.m[1] + x.m[1] * y.m[3],
             x.m[2] * y.m[0] + x.m[3] * y.m[2], x.m[2] * y.m[1] + x.m[3] * y.m[3]}};
  }
};

// The affine map x -> a*x + b of floats, with a in {-1, 1} and b a whole
// number in [-8, 8]: composing up to 2^21 of them stays exact in float
// (|b| <= 2^24), in any grouping. Composing f then g is
// x -> g.a*(f.a*x + f.b) + g.b: not commutative (8 bytes, packed with its status).
struct AffineF
{
  float a, b;
};

struct ComposeAffineF
{
  __host__ __device__ AffineF operator()(const AffineF& f, const AffineF& g) const
  {
    return {g.a * f.a, g.a * f.b + g.b};
  }
};

// An affine map (of custom_operators.cuh) with a marker that only real
// items, the initial value and the operator's results carry. The operator
// counts, in device memory, every argument without the marker: a scan that
// hands its operator an uninitialised value (a pad, an empty slot of the
// look-back window, a stale tile state) is caught, even when the value
// happens not to reach the output. 12 bytes: not a power of two.
constexpr uint32_t VALID = 0x600DCAFEu;

struct Tracked
{
  Affine f;
  uint32_t valid;
};

struct CheckedCompose
{
  unsigned int* violations; // device memory; nullptr on the CPU
  __host__ __device__ Tracked operator()(const Tracked& x, const Tracked& y) const
  {
#ifdef __CUDA_ARCH__
    if (x.valid != VALID || y.valid != VALID)
    {
      atomicAdd(violations, 1u);
    }
#endif
    return {ComposeAffine{}(x.f, y.f), VALID};
  }
};
// example-end scan-custom-types

// The larger of two values (a custom, commutative operator for by-key maxima).
struct MaxOp
{
  template <typename T>
  __host__ __device__ T operator()(const T& a, const T& b) const
  {
    return a < b ? b : a;
  }
};

// Keys that are equal modulo 16: a custom equality operator.
struct EqualMod16
{
  __host__ __device__ bool operator()(int32_t a, int32_t b) const
  {
    return ((a ^ b) & 15) == 0;
  }
};

// --- names and text ------------------------------------------------------------------------

template <typename T>
const char* name_of()
{
  if constexpr (std::is_same_v<T, Affine>) return "Affine";
  else if constexpr (std::is_same_v<T, AffineF>) return "AffineF";
  else if constexpr (std::is_same_v<T, Mat2>) return "Mat2";
  else if constexpr (std::is_same_v<T, Tracked>) return "Tracked";
  else return type_name<T>();
}

template <typename T>
Text show(const T& x)
{
  Text t{};
  if constexpr (std::is_same_v<T, Affine>)
  {
    std::snprintf(t.c, sizeof t.c, "{a %u, b %u}", x.a, x.b);
  }
  else if constexpr (std::is_same_v<T, AffineF>)
  {
    std::snprintf(t.c, sizeof t.c, "{a %g, b %.9g}", static_cast<double>(x.a), static_cast<double>(x.b));
  }
  else if constexpr (std::is_same_v<T, Mat2>)
  {
    std::snprintf(t.c, sizeof t.c, "[%u %u; %u %u]", x.m[0], x.m[1], x.m[2], x.m[3]);
  }
  else if constexpr (std::is_same_v<T, Tracked>)
  {
    std::snprintf(t.c, sizeof t.c, "{a %u, b %u, valid 0x%08x}", x.f.a, x.f.b, x.valid);
  }
  else
  {
    return text(x);
  }
  return t;
}

// --- random items of the custom types ------------------------------------------------------------

template <typename T>
T random_value()
{
  if constexpr (std::is_same_v<T, Affine>)
  {
    const uint64_t r = check_random(&rng);
    return {static_cast<uint32_t>(r) | 1u, static_cast<uint32_t>(r >> 32)}; // odd a: no collapse to 0
  }
  else if constexpr (std::is_same_v<T, AffineF>)
  {
    const uint64_t r = check_random(&rng);
    return {(r & 1) ? 1.0f : -1.0f, static_cast<float>(static_cast<int>((r >> 8) % 17) - 8)};
  }
  else if constexpr (std::is_same_v<T, Mat2>)
  {
    const uint64_t r = check_random(&rng), s = check_random(&rng);
    return {{static_cast<uint32_t>(r), static_cast<uint32_t>(r >> 32), static_cast<uint32_t>(s),
             static_cast<uint32_t>(s >> 32)}};
  }
  else if constexpr (std::is_same_v<T, Tracked>)
  {
    return {random_value<Affine>(), VALID};
  }
  else
  {
    return random_item<T>();
  }
}

template <typename T>
void fill_values(T* x, size_t n)
{
  if constexpr (std::is_arithmetic_v<T>)
  {
    fill_random(x, n);
  }
  else
  {
    for (size_t i = 0; i < n; ++i)
    {
      x[i] = random_value<T>();
    }
  }
}

// Multiples of 1/8 in [-1, 1]: every prefix sum of up to 2^21 of them is a
// multiple of 1/8 of magnitude at most 2^21, exact in float (24 bits), so a
// float scan of them is exact in any order.
constexpr int64_t EIGHTHS_EXACT_ITEMS = int64_t{1} << 21;

template <typename T>
void fill_eighths(T* x, size_t n)
{
  for (size_t i = 0; i < n; ++i)
  {
    x[i] = static_cast<T>(static_cast<int>(check_random(&rng) % 17) - 8) / T(8);
  }
}

// --- tiles and sizes ---------------------------------------------------------------------------------

// The tile of a DeviceScan policy link for accumulator type T.
template <typename Link, typename T>
constexpr int64_t tile_of()
{
  return cubling::AgentScan<typename Link::ScanPolicy, T*, T*, cuda::std::plus<>, T, T,
                            cubling::detail::ScanKind::inclusive>::TILE_ITEMS;
}

template <typename T>
constexpr int64_t hopper_tile()
{
  return tile_of<cubling::detail::DeviceScanPolicy::Policy900, T>();
}

// Sizes around the tiles of the policies for T (and the usual candidates):
// one tile -1/0/+1, two tiles +-1, 32 and 33 tiles +-1.
template <typename T>
std::vector<int64_t> tile_sizes()
{
  std::vector<int64_t> tiles = {hopper_tile<T>(), tile_of<cubling::detail::DeviceScanPolicy::Policy600, T>(), 1024,
                                2048, 4096};
  std::vector<int64_t> sizes;
  for (int64_t t : tiles)
  {
    sizes.insert(sizes.end(), {t - 1, t, t + 1, 2 * t - 1, 2 * t + 1});
  }
  const int64_t h = hopper_tile<T>();
  sizes.insert(sizes.end(), {32 * h - 1, 32 * h + 1, 33 * h - 1, 33 * h, 33 * h + 1, 64 * h + 7});
  return sizes;
}

// Every size a type is swept over (sorted, unique), up to `max_items`.
template <typename T>
std::vector<int64_t> scan_sizes(int64_t max_items)
{
  std::vector<int64_t> sizes = {0, 1, 2, 3, 7, 31, 32, 33, 255, 256, 257, 1000, 7919, 65521, 104729, 1299709,
                                (1 << 16) - 1, (1 << 16) + 1, (1 << 20) - 1, (1 << 20) + 1, (1 << 22) - 1,
                                (1 << 22) + 1, (1 << 23) + 4095, (1 << 23) + 2053, 15485863, (1 << 24) + 1};
  const std::vector<int64_t> t = tile_sizes<T>();
  sizes.insert(sizes.end(), t.begin(), t.end());
  std::sort(sizes.begin(), sizes.end());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  std::vector<int64_t> kept;
  for (int64_t n : sizes)
  {
    if (n <= max_items && !skip_size(n))
    {
      kept.push_back(n);
    }
  }
  return kept;
}

// Unaligned windows: these sizes, with the input and the output at element
// offsets 1..15 (1-byte items), odd ones (2 and 4 bytes), 1 and 3 (larger).
inline std::vector<int64_t> scan_unaligned_sizes()
{
  return {1, 33, 4097, 100003};
}

template <typename T>
std::vector<int64_t> scan_offsets()
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
    return {1, 3, 5};
  }
  else
  {
    return {1, 3};
  }
}

// --- CPU references ------------------------------------------------------------------------------------

enum class Kind
{
  inclusive,      // out[i] = x0 op ... op xi
  inclusive_init, // out[i] = init op x0 op ... op xi
  exclusive,      // out[0] = init, out[i] = init op x0 op ... op x(i-1)
};

inline const char* kind_name(Kind k)
{
  return k == Kind::inclusive ? "InclusiveScan" : (k == Kind::inclusive_init ? "InclusiveScanInit" : "ExclusiveScan");
}

// The scan, left to right: exact for exact operators.
template <typename T, typename Op>
std::vector<T> cpu_scan(const T* x, int64_t n, Op op, Kind kind, T init = T{})
{
  std::vector<T> out(static_cast<size_t>(n));
  T acc = init;
  for (int64_t i = 0; i < n; ++i)
  {
    if (kind == Kind::exclusive)
    {
      out[i] = acc;
      acc    = op(acc, x[i]);
    }
    else
    {
      acc    = (i == 0 && kind == Kind::inclusive) ? x[i] : op(acc, x[i]);
      out[i] = acc;
    }
  }
  return out;
}

// Prefix sums of integers, wrapping in T (the low bits of the exact sums).
template <typename T>
std::vector<T> cpu_sums(const T* x, int64_t n, bool exclusive)
{
  std::vector<T> out(static_cast<size_t>(n));
  uint64_t s = 0;
  for (int64_t i = 0; i < n; ++i)
  {
    if (exclusive)
    {
      out[i] = static_cast<T>(static_cast<std::make_unsigned_t<T>>(s));
    }
    s += static_cast<uint64_t>(static_cast<int64_t>(x[i]));
    if (!exclusive)
    {
      out[i] = static_cast<T>(static_cast<std::make_unsigned_t<T>>(s));
    }
  }
  return out;
}

// Prefix sums of floats in long double, and the prefix sums of |x| (the
// scale of the tolerance).
struct RealSums
{
  std::vector<long double> sum, abs_sum;
};

template <typename T>
RealSums cpu_real_sums(const T* x, int64_t n, bool exclusive)
{
  RealSums r;
  r.sum.resize(static_cast<size_t>(n));
  r.abs_sum.resize(static_cast<size_t>(n));
  long double s = 0, a = 0;
  for (int64_t i = 0; i < n; ++i)
  {
    if (exclusive)
    {
      r.sum[i]     = s;
      r.abs_sum[i] = a;
    }
    s += static_cast<long double>(x[i]);
    a += std::fabs(static_cast<long double>(x[i]));
    if (!exclusive)
    {
      r.sum[i]     = s;
      r.abs_sum[i] = a;
    }
  }
  return r;
}

// The tolerance of a float prefix sum: within SUM_TOLERANCE * eps * (sum of
// |x| over the items it covers) of the long double sum. A parallel scan
// rounds differently from a loop; this bound holds for any summation order
// with room to spare at these sizes, and is far tighter than what a lost or
// doubled item costs.
constexpr long double SUM_TOLERANCE = 8;

// Every item of `got` equals `want` bit for bit; else the first mismatch and how many.
template <typename T>
void expect_same(const char* who, const std::vector<T>& got, const std::vector<T>& want)
{
  int64_t bad = 0, first = -1;
  for (size_t i = 0; i < want.size(); ++i)
  {
    if (!same_bits(got[i], want[i]))
    {
      first = first < 0 ? static_cast<int64_t>(i) : first;
      ++bad;
    }
  }
  EXPECT(bad == 0, "%s: %lld of %zu items differ; the first, item %lld, is %s, want %s", who,
         static_cast<long long>(bad), want.size(), static_cast<long long>(first), show(got[first]).c,
         show(want[first]).c);
}

// Every item of `got` is within the tolerance of the long double sums.
template <typename T>
void expect_close(const char* who, const std::vector<T>& got, const RealSums& want)
{
  int64_t bad = 0, first = -1;
  for (size_t i = 0; i < got.size(); ++i)
  {
    const long double tol = SUM_TOLERANCE * std::numeric_limits<T>::epsilon() * want.abs_sum[i];
    if (!(std::fabs(static_cast<long double>(got[i]) - want.sum[i]) <= tol))
    {
      first = first < 0 ? static_cast<int64_t>(i) : first;
      ++bad;
    }
  }
  EXPECT(bad == 0, "%s: %lld of %zu items are off; the first, item %lld, is %s, the long double sum is %.21Lg "
         "(sum of |x| %.21Lg)", who, static_cast<long long>(bad), got.size(), static_cast<long long>(first),
         text(got[first]).c, want.sum[first], want.abs_sum[first]);
}

// --- running a call -------------------------------------------------------------------------------------

// Copy n items of device memory to the host.
template <typename T>
std::vector<T> download(const T* d, int64_t n)
{
  std::vector<T> h(static_cast<size_t>(n));
  if (n > 0)
  {
    CHECK_CUDA(cudaMemcpy(static_cast<void*>(h.data()), d, static_cast<size_t>(n) * sizeof(T),
                          cudaMemcpyDeviceToHost));
  }
  return h;
}

// The GUARD items after d_out[n) still hold `byte`.
template <typename T>
void expect_guard(const char* who, const T* d_out, int64_t n, unsigned char byte)
{
  EXPECT(still_poisoned(d_out + n, GUARD * sizeof(T), byte), "%s wrote past the end of its %lld items", who,
         static_cast<long long>(n));
}

// Poison d_out[0, n + GUARD) with `byte`, run `call(temp, bytes)` through
// the two-phase protocol (garbage-filled storage), check the guard, and
// return the n items written.
template <typename T, typename Call>
std::vector<T> run_poisoned(const char* who, T* d_out, int64_t n, unsigned char byte, Call&& call)
{
  CHECK_CUDA(cudaMemset(static_cast<void*>(d_out), byte, static_cast<size_t>(n + GUARD) * sizeof(T)));
  check_two_phase(who, call);
  expect_guard(who, d_out, n, byte);
  return download(d_out, n);
}

// The oracle run and the two cubling runs of one case (see the file
// comment): `theirs(temp, bytes)` (CUB) and `mine(temp, bytes)` (cubling)
// write n items at d_out; `check(who, got)` compares them with the CPU.
template <typename T, typename Mine, typename Theirs, typename Check>
void check_case(const char* mine_name, const char* theirs_name, T* d_out, int64_t n, Mine&& mine, Theirs&& theirs,
                Check&& check)
{
  if (!in_shard())
  {
    return;
  }
  const std::vector<T> cub = run_poisoned(theirs_name, d_out, n, 0xA5, theirs);
  check(theirs_name, cub);
  const std::vector<T> a = run_poisoned(mine_name, d_out, n, 0xA5, mine);
  check(mine_name, a);
  const std::vector<T> b = run_poisoned(mine_name, d_out, n, 0x5A, mine);
  char who[160];
  std::snprintf(who, sizeof who, "%s, second run (other poison) vs the first", mine_name);
  expect_same(who, b, a);
  ++cases;
}

// In place: upload x into d_data[0, n) (its guard poisoned), run
// `call(temp, bytes)` on it, check the guard and return the n items.
template <typename T, typename Call>
std::vector<T> run_in_place(const char* who, T* d_data, const T* x, int64_t n, Call&& call)
{
  CHECK_CUDA(cudaMemset(static_cast<void*>(d_data + n), 0xC3, static_cast<size_t>(GUARD) * sizeof(T)));
  if (n > 0)
  {
    CHECK_CUDA(cudaMemcpy(static_cast<void*>(d_data), x, static_cast<size_t>(n) * sizeof(T),
                          cudaMemcpyHostToDevice));
  }
  check_two_phase(who, call);
  expect_guard(who, d_data, n, 0xC3);
  return download(d_data, n);
}

// --- prefix sums over a sweep (the sum programs) ---------------------------------------------------------

// ExclusiveSum and InclusiveSum of x = h_in[0, n) (on the device at d_in)
// into d_out, against the CPU and CUB. `exact`: floats whose sums are exact
// in any order, compared bit for bit.
template <typename T>
void check_sums(const T* h_in, T* d_in, T* d_out, int64_t n, bool exact)
{
  for (bool exclusive : {true, false})
  {
    const char* mine   = exclusive ? "cubling::DeviceScan::ExclusiveSum" : "cubling::DeviceScan::InclusiveSum";
    const char* theirs = exclusive ? "cub::DeviceScan::ExclusiveSum" : "cub::DeviceScan::InclusiveSum";
    auto call_mine     = [&](void* t, size_t& b) {
      return exclusive ? cubling::DeviceScan::ExclusiveSum(t, b, d_in, d_out, n)
                           : cubling::DeviceScan::InclusiveSum(t, b, d_in, d_out, n);
    };
    auto call_theirs = [&](void* t, size_t& b) {
      return exclusive ? cub::DeviceScan::ExclusiveSum(t, b, d_in, d_out, n)
                       : cub::DeviceScan::InclusiveSum(t, b, d_in, d_out, n);
    };
    if constexpr (std::is_integral_v<T>)
    {
      const std::vector<T> want = cpu_sums(h_in, n, exclusive);
      check_case(mine, theirs, d_out, n, call_mine, call_theirs,
                 [&](const char* who, const std::vector<T>& got) { expect_same(who, got, want); });
    }
    else if (exact)
    {
      const RealSums r = cpu_real_sums(h_in, n, exclusive);
      std::vector<T> want(static_cast<size_t>(n));
      for (int64_t i = 0; i < n; ++i)
      {
        want[i] = static_cast<T>(r.sum[i]);
      }
      check_case(mine, theirs, d_out, n, call_mine, call_theirs,
                 [&](const char* who, const std::vector<T>& got) { expect_same(who, got, want); });
    }
    else
    {
      const RealSums want = cpu_real_sums(h_in, n, exclusive);
      check_case(mine, theirs, d_out, n, call_mine, call_theirs,
                 [&](const char* who, const std::vector<T>& got) { expect_close(who, got, want); });
    }
  }
}

// The same sums in place (d_in == d_out), equal bit for bit to the out-of-place results.
template <typename T>
void check_sums_in_place(const T* h_in, T* d_data, T* d_out, int64_t n)
{
  for (bool exclusive : {true, false})
  {
    const char* who = exclusive ? "cubling::DeviceScan::ExclusiveSum in place" : "cubling::DeviceScan::InclusiveSum in place";
    const std::vector<T> out_of_place = run_poisoned(who, d_out, n, 0xA5, [&](void* t, size_t& b) {
      return exclusive ? cubling::DeviceScan::ExclusiveSum(t, b, d_data, d_out, n)
                       : cubling::DeviceScan::InclusiveSum(t, b, d_data, d_out, n);
    });
    // the in-place overloads (one iterator)
    const std::vector<T> got = run_in_place(who, d_out, h_in, n, [&](void* t, size_t& b) {
      return exclusive ? cubling::DeviceScan::ExclusiveSum(t, b, d_out, n)
                       : cubling::DeviceScan::InclusiveSum(t, b, d_out, n);
    });
    expect_same(who, got, out_of_place);
    ++cases;
  }
}

// Every sweep size at aligned addresses, the unaligned windows, and in place,
// up to `max_items`; for floats, also eighths whose sums are exact (compared
// bit for bit, with CUB too).
// Sums of negative zeros, bit for bit: -0.0 + -0.0 is -0.0, and an inclusive
// sum starts from its first item, so every inclusive output is -0.0, as
// CUB's are; an exclusive sum starts from +0.0, so every output is +0.0. A
// scan that folded +0.0 in where a prefix is absent (an "identity" that is
// not one for -0.0) would turn the inclusive outputs into +0.0.
template <typename T>
void check_negative_zeros(T* d_in, T* d_out, int64_t n)
{
  const std::vector<T> zeros(static_cast<size_t>(n), static_cast<T>(-0.0));
  CHECK_CUDA(cudaMemcpy(d_in, zeros.data(), static_cast<size_t>(n) * sizeof(T), cudaMemcpyHostToDevice));
  for (bool exclusive : {true, false})
  {
    const std::vector<T> want(static_cast<size_t>(n), exclusive ? T(0) : static_cast<T>(-0.0));
    check_case(
      exclusive ? "cubling::DeviceScan::ExclusiveSum" : "cubling::DeviceScan::InclusiveSum",
      exclusive ? "cub::DeviceScan::ExclusiveSum" : "cub::DeviceScan::InclusiveSum", d_out, n,
      [&](void* t, size_t& b) {
        return exclusive ? cubling::DeviceScan::ExclusiveSum(t, b, d_in, d_out, n)
                         : cubling::DeviceScan::InclusiveSum(t, b, d_in, d_out, n);
      },
      [&](void* t, size_t& b) {
        return exclusive ? cub::DeviceScan::ExclusiveSum(t, b, d_in, d_out, n)
                         : cub::DeviceScan::InclusiveSum(t, b, d_in, d_out, n);
      },
      [&](const char* who, const std::vector<T>& got) { expect_same(who, got, want); });
  }
}

template <typename T>
void check_sum_type(int64_t max_items)
{
  std::printf("  %s\n", type_name<T>());
  std::fflush(stdout);
  const std::vector<int64_t> sizes = scan_sizes<T>(max_items);
  const int64_t biggest            = sizes.empty() ? 0 : sizes.back();
  const size_t room                = static_cast<size_t>(biggest + 2 * GUARD + 64);
  std::vector<T> pool(room);
  fill_values(pool.data(), pool.size());
  DeviceArray<T> d_pool(room), d_out(room);
  d_pool.upload(pool.data(), pool.size());
  for (int64_t n : sizes)
  {
    check_set_context("%s, ExclusiveSum/InclusiveSum of %lld random items (aligned)", type_name<T>(),
                      static_cast<long long>(n));
    check_sums(pool.data(), d_pool.ptr, d_out.ptr, n, false);
  }
  for (int64_t n : scan_unaligned_sizes())
  {
    for (int64_t offset : scan_offsets<T>())
    {
      const int64_t out_offset = offset == 1 ? 3 : 1; // the output misaligned differently
      check_set_context("%s, sums of %lld items, input at element offset %lld, output at %lld", type_name<T>(),
                        static_cast<long long>(n), static_cast<long long>(offset), static_cast<long long>(out_offset));
      check_sums(pool.data() + offset, d_pool.ptr + offset, d_out.ptr + out_offset, n, false);
    }
  }
  // The last two are beyond one cooperative launch's reach on an H200 (528 tiles of 8192):
  // the init kernel and the look-back.
  for (int64_t n : {int64_t{1}, int64_t{4097}, hopper_tile<T>() * 3 + 5, (int64_t{1} << 20) + 1,
                    (int64_t{1} << 23) + 4095, (int64_t{1} << 24) + 1})
  {
    if (n <= biggest)
    {
      check_set_context("%s, sums of %lld items in place", type_name<T>(), static_cast<long long>(n));
      check_sums_in_place(pool.data(), d_pool.ptr, d_out.ptr, n);
    }
  }
  if constexpr (std::is_floating_point_v<T>)
  {
    // Past one cooperative launch (2^23 + 5): the look-back, and on Hopper the streaming agent.
    for (int64_t n : {int64_t{1}, int64_t{4097}, hopper_tile<T>() * 3 + 5, (int64_t{1} << 23) + 5})
    {
      if (n <= biggest)
      {
        check_set_context("%s, sums of %lld negative zeros", type_name<T>(), static_cast<long long>(n));
        check_negative_zeros(d_pool.ptr, d_out.ptr, n);
      }
    }
    const int64_t exact_max = std::min<int64_t>(biggest, EIGHTHS_EXACT_ITEMS);
    fill_eighths(pool.data(), static_cast<size_t>(exact_max + GUARD));
    d_pool.upload(pool.data(), static_cast<size_t>(exact_max + GUARD));
    for (int64_t n : sizes)
    {
      if (n <= exact_max)
      {
        check_set_context("%s, sums of %lld multiples of 1/8 in [-1, 1] (exact in any order)", type_name<T>(),
                          static_cast<long long>(n));
        check_sums(pool.data(), d_pool.ptr, d_out.ptr, n, true);
      }
    }
  }
}

} // namespace device_scan_test
