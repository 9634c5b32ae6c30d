// test_device_scan_by_key.cuh: DeviceScan's by-key family (test_device_scan.cuh),
// for test_device_scan_by_key.cu (values of at most 4 bytes: the tile state
// of a (value, head flag) pair packs with its status) and
// test_device_scan_by_key_wide.cu (wider values, kept apart).
//
// Keys are int32 in runs (segments) drawn from five layouts: lengths of mean
// ~100 (uniform in 1..199), all of length 1, long ones of 3 to 10 tiles, one
// segment for the whole input, and mostly short ones with a few of 1 to 40
// tiles. With EqualMod16 the keys of one segment differ by multiples of 16
// (equal modulo 16, different as integers), so an implementation that uses
// == instead of the operator is caught. Every case is checked against a CPU
// scan by key and cub::DeviceScan's *ByKey, bit for bit (float values are
// eighths: exact in any order), in place for one layout.
#pragma once

#include "test_device_scan.cuh"

namespace device_scan_by_key_test
{
using namespace device_scan_test;

enum class Layout
{
  mean100,
  ones,
  long_runs,
  single,
  mixed
};

inline const char* layout_name(Layout l)
{
  switch (l)
  {
    case Layout::mean100: return "segments of 1..199 items";
    case Layout::ones: return "segments of 1 item";
    case Layout::long_runs: return "segments of 3..10 tiles";
    case Layout::single: return "one segment";
    default: return "mostly 1..10 items, some of 1..40 tiles";
  }
}

// n keys in the layout; `mod16`: the keys of a segment differ by multiples of 16.
inline std::vector<int32_t> make_keys(int64_t n, Layout layout, bool mod16, int64_t tile)
{
  std::vector<int32_t> keys(static_cast<size_t>(n));
  int32_t base  = static_cast<int32_t>(check_random(&rng) % 1000);
  int64_t i     = 0;
  while (i < n)
  {
    const uint64_t r = check_random(&rng);
    int64_t len      = 1;
    switch (layout)
    {
      case Layout::mean100: len = 1 + static_cast<int64_t>(r % 199); break;
      case Layout::ones: len = 1; break;
      case Layout::long_runs: len = 3 * tile + static_cast<int64_t>(r % static_cast<uint64_t>(7 * tile + 1)); break;
      case Layout::single: len = n; break;
      case Layout::mixed:
        len = (r % 10 == 0) ? tile + static_cast<int64_t>((r >> 8) % static_cast<uint64_t>(39 * tile + 1))
                            : 1 + static_cast<int64_t>((r >> 8) % 10);
        break;
    }
    for (int64_t j = i; j < n && j < i + len; ++j)
    {
      keys[j] = mod16 ? base + 16 * static_cast<int32_t>(check_random(&rng) % 64) : base;
    }
    i += len;
    // the next segment: a different key (modulo 16 too), wrapping within int32 is fine
    base = static_cast<int32_t>(static_cast<uint32_t>(base) + 1u + (mod16 ? 16u * static_cast<uint32_t>(r % 7) : static_cast<uint32_t>(r % 5)));
  }
  return keys;
}

// Addition on the CPU, wrapping for integers (no signed overflow).
struct CpuPlus
{
  template <typename T>
  T operator()(const T& a, const T& b) const
  {
    if constexpr (std::is_integral_v<T>)
    {
      using U = std::make_unsigned_t<T>;
      return static_cast<T>(static_cast<U>(static_cast<U>(a) + static_cast<U>(b)));
    }
    else
    {
      return a + b;
    }
  }
};

// The scan by key on the CPU, left to right; exclusive: each segment starts from init.
template <typename V, typename Op, typename Eq>
std::vector<V> cpu_scan_by_key(const int32_t* keys, const V* x, int64_t n, Op op, Eq eq, bool exclusive, V init)
{
  std::vector<V> out(static_cast<size_t>(n));
  V acc{};
  for (int64_t i = 0; i < n; ++i)
  {
    const bool head = i == 0 || !eq(keys[i - 1], keys[i]);
    if (exclusive)
    {
      acc    = head ? init : acc;
      out[i] = acc;
      acc    = op(acc, x[i]);
    }
    else
    {
      acc    = head ? x[i] : op(acc, x[i]);
      out[i] = acc;
    }
  }
  return out;
}

// Which entry point a case calls.
enum class Entry
{
  inclusive_sum,
  exclusive_sum,
  inclusive_scan,
  exclusive_scan
};

inline const char* entry_name(Entry e)
{
  switch (e)
  {
    case Entry::inclusive_sum: return "InclusiveSumByKey";
    case Entry::exclusive_sum: return "ExclusiveSumByKey";
    case Entry::inclusive_scan: return "InclusiveScanByKey";
    default: return "ExclusiveScanByKey";
  }
}

// One by-key case: entry `e` with operator Op (the sums: cuda::std::plus<>,
// CpuOp on the CPU) and equality Eq, over keys/values at d_keys/d_in (host:
// keys/h), into d_out.
template <Entry E, typename V, typename Op, typename CpuOp, typename Eq>
void check_by_key(const int32_t* keys, const V* h, const int32_t* d_keys, const V* d_in, V* d_out, int64_t n)
{
  const bool exclusive = E == Entry::exclusive_sum || E == Entry::exclusive_scan;
  const bool sum       = E == Entry::inclusive_sum || E == Entry::exclusive_sum;
  const V init         = sum ? V{} : random_value<V>();
  const std::vector<V> want = cpu_scan_by_key(keys, h, n, CpuOp{}, Eq{}, exclusive, init);
  char mine[96], theirs[96];
  std::snprintf(mine, sizeof mine, "cubling::DeviceScan::%s", entry_name(E));
  std::snprintf(theirs, sizeof theirs, "cub::DeviceScan::%s", entry_name(E));
  auto call_mine = [&](void* t, size_t& b) {
    if constexpr (E == Entry::inclusive_sum)
      return cubling::DeviceScan::InclusiveSumByKey(t, b, d_keys, d_in, d_out, n, Eq{});
    else if constexpr (E == Entry::exclusive_sum)
      return cubling::DeviceScan::ExclusiveSumByKey(t, b, d_keys, d_in, d_out, n, Eq{});
    else if constexpr (E == Entry::inclusive_scan)
      return cubling::DeviceScan::InclusiveScanByKey(t, b, d_keys, d_in, d_out, Op{}, n, Eq{});
    else
      return cubling::DeviceScan::ExclusiveScanByKey(t, b, d_keys, d_in, d_out, Op{}, init, n, Eq{});
  };
  auto call_theirs = [&](void* t, size_t& b) {
    if constexpr (E == Entry::inclusive_sum)
      return cub::DeviceScan::InclusiveSumByKey(t, b, d_keys, d_in, d_out, n, Eq{});
    else if constexpr (E == Entry::exclusive_sum)
      return cub::DeviceScan::ExclusiveSumByKey(t, b, d_keys, d_in, d_out, n, Eq{});
    else if constexpr (E == Entry::inclusive_scan)
      return cub::DeviceScan::InclusiveScanByKey(t, b, d_keys, d_in, d_out, Op{}, n, Eq{});
    else
      return cub::DeviceScan::ExclusiveScanByKey(t, b, d_keys, d_in, d_out, Op{}, init, n, Eq{});
  };
  check_case(mine, theirs, d_out, n, call_mine, call_theirs,
             [&](const char* who, const std::vector<V>& got) { expect_same(who, got, want); });
}

// In place (d_values_out == d_values_in): InclusiveScanByKey and ExclusiveScanByKey agree with the CPU.
template <typename V, typename Op, typename CpuOp, typename Eq>
void check_by_key_in_place(const int32_t* keys, const V* h, const int32_t* d_keys, V* d_data, int64_t n)
{
  const V init = random_value<V>();
  std::vector<V> got = run_in_place("cubling::DeviceScan::InclusiveScanByKey in place", d_data, h, n,
                                    [&](void* t, size_t& b) {
                                      return cubling::DeviceScan::InclusiveScanByKey(t, b, d_keys, d_data, d_data, Op{},
                                                                                     n, Eq{});
                                    });
  expect_same("cubling::DeviceScan::InclusiveScanByKey in place", got,
              cpu_scan_by_key(keys, h, n, CpuOp{}, Eq{}, false, init));
  got = run_in_place("cubling::DeviceScan::ExclusiveScanByKey in place", d_data, h, n, [&](void* t, size_t& b) {
    return cubling::DeviceScan::ExclusiveScanByKey(t, b, d_keys, d_data, d_data, Op{}, init, n, Eq{});
  });
  expect_same("cubling::DeviceScan::ExclusiveScanByKey in place", got,
              cpu_scan_by_key(keys, h, n, CpuOp{}, Eq{}, true, init));
  cases += 2;
}

// The by-key tile of the Hopper policy for int32 keys and V values.
template <typename V>
constexpr int64_t by_key_tile()
{
  return cubling::AgentScanByKey<cubling::detail::DeviceScanByKeyPolicy::Policy900::ScanPolicy, false, int32_t*, V*, V*,
                                 cuda::std::equal_to<>, cuda::std::plus<>, V, V>::TILE_ITEMS;
}

// The sizes of the by-key sweep, around the by-key tile of (int32 keys, V values).
template <typename V>
std::vector<int64_t> by_key_sizes(int64_t tile)
{
  std::vector<int64_t> sizes = {0, 1, 2, 1000, tile - 1, tile, tile + 1, 2 * tile + 1, 33 * tile + 1, 1299709,
                                (int64_t{1} << 22) + 1};
  std::vector<int64_t> kept;
  for (int64_t n : sizes)
  {
    if (!skip_size(n))
    {
      kept.push_back(n);
    }
  }
  return kept;
}

// Every layout and size, for values V: `run(keys, h, d_keys, d_in, d_out, n)`
// runs the cases of one input; `mod16` keys for EqualMod16.
template <typename V, typename Run>
void sweep_by_key(const char* what, bool mod16, int64_t tile, Run run)
{
  std::printf("  %s\n", what);
  std::fflush(stdout);
  const std::vector<int64_t> sizes = by_key_sizes<V>(tile);
  const int64_t biggest            = sizes.back();
  const size_t room                = static_cast<size_t>(biggest + 2 * GUARD + 16);
  std::vector<V> values(room);
  if constexpr (std::is_floating_point_v<V>)
  {
    fill_eighths(values.data(), values.size());
  }
  else
  {
    fill_values(values.data(), values.size());
  }
  DeviceArray<V> d_values(room), d_out(room);
  DeviceArray<int32_t> d_keys(room);
  d_values.upload(values.data(), values.size());
  for (Layout layout : {Layout::mean100, Layout::ones, Layout::long_runs, Layout::single, Layout::mixed})
  {
    const std::vector<int32_t> keys = make_keys(biggest, layout, mod16, tile);
    d_keys.upload(keys.data(), keys.size());
    for (int64_t n : sizes)
    {
      check_set_context("%s, %lld items, %s", what, static_cast<long long>(n), layout_name(layout));
      run(keys.data(), values.data(), d_keys.ptr, d_values.ptr, d_out.ptr, n);
    }
  }
}

// The cases of values V: the four entry points with equal_to, the sums and
// an exclusive scan with EqualMod16 (the sums for arithmetic V only), InclusiveScanByKey with Op (and
// ExclusiveScanByKey with Op and a random initial value), in place once.
template <typename V, typename Op, typename CpuOp>
void check_values(const char* op_name)
{
  const int64_t tile = by_key_tile<V>();
  char what[128];
  std::snprintf(what, sizeof what, "%s values, int32 keys, equal_to, %s", name_of<V>(), op_name);
  sweep_by_key<V>(what, false, tile, [](const int32_t* k, const V* h, const int32_t* dk, V* din, V* dout, int64_t n) {
    if constexpr (std::is_arithmetic_v<V>) // the sums
    {
      check_by_key<Entry::inclusive_sum, V, cuda::std::plus<>, CpuPlus, cuda::std::equal_to<>>(k, h, dk, din, dout, n);
      check_by_key<Entry::exclusive_sum, V, cuda::std::plus<>, CpuPlus, cuda::std::equal_to<>>(k, h, dk, din, dout, n);
    }
    check_by_key<Entry::inclusive_scan, V, Op, CpuOp, cuda::std::equal_to<>>(k, h, dk, din, dout, n);
    check_by_key<Entry::exclusive_scan, V, Op, CpuOp, cuda::std::equal_to<>>(k, h, dk, din, dout, n);
    if (n == 1299709)
    {
      check_by_key_in_place<V, Op, CpuOp, cuda::std::equal_to<>>(k, h, dk, dout, n);
    }
  });
  std::snprintf(what, sizeof what, "%s values, int32 keys, EqualMod16, %s", name_of<V>(), op_name);
  sweep_by_key<V>(what, true, tile, [](const int32_t* k, const V* h, const int32_t* dk, V* din, V* dout, int64_t n) {
    if constexpr (std::is_arithmetic_v<V>)
    {
      check_by_key<Entry::inclusive_sum, V, cuda::std::plus<>, CpuPlus, EqualMod16>(k, h, dk, din, dout, n);
      check_by_key<Entry::exclusive_sum, V, cuda::std::plus<>, CpuPlus, EqualMod16>(k, h, dk, din, dout, n);
    }
    check_by_key<Entry::exclusive_scan, V, Op, CpuOp, EqualMod16>(k, h, dk, din, dout, n);
  });
}

} // namespace device_scan_by_key_test
