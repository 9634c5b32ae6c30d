// test_device_radix_sort.cuh: the harness of the DeviceRadixSort tests.
//
// check_sort<Key, Value, DESCENDING>(n, dist, begin_bit, end_bit) sorts one
// input four ways and checks each against two oracles:
//   - cubling, plain pointers: outputs poisoned, GUARD items after them must
//     stay poisoned, the inputs must come back unchanged; the temporary
//     storage (exactly the size query's bytes) is filled with garbage;
//   - cubling, DoubleBuffer: the result is read from Current();
//   - oracles: a CPU stable sort on the key's rank bits in the window (the
//     values are the input indices, so stability is checked too), and
//     cub::DeviceRadixSort on the same call: keys and values identical, bit
//     for bit; cubling's size query never larger than CUB's.
// Distributions: uniform random bits (NaNs included for floating point, and
// -0.0/+0.0 mixed in), low entropy (the AND of three random words), all
// equal, sorted, reverse sorted, and the ends random (only the lowest and
// highest bytes vary: the passes between copy). Helpers (DeviceArray, rng, run()) come from
// the DeviceReduce harness.
#pragma once

#include <cub/device/device_radix_sort.cuh>

#include <cuda/std/bit>

#include <cubling/device/device_radix_sort.cuh>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <type_traits>
#include <vector>

#include "test_device_reduce.cuh"

namespace device_radix_sort_test
{
using namespace device_reduce_test;

constexpr int64_t SORT_GUARD   = 32;
constexpr unsigned char POISON = 0xA5;

//! A value type that is neither 4 nor 8 bytes: the index and its complement.
struct Custom
{
  uint32_t index;
  uint32_t complement;
  uint16_t tag;
};

enum class Dist
{
  uniform,
  low_entropy,
  all_equal,
  sorted,
  reverse_sorted,
  ends_random //!< the lowest and highest bytes random, the bytes between the same in every key
};

inline const char* dist_name(Dist d)
{
  switch (d)
  {
  case Dist::uniform:
    return "uniform";
  case Dist::low_entropy:
    return "low entropy";
  case Dist::all_equal:
    return "all equal";
  case Dist::sorted:
    return "sorted";
  case Dist::ends_random:
    return "ends random";
  default:
    return "reverse sorted";
  }
}

template <typename K> using Bits = cubling::detail::radix_unsigned_bits_t<K>;

//! The bits a key is sorted by, in the window, in the sort's direction.
template <typename K, bool DESCENDING> Bits<K> sort_rank(K key, int begin_bit, int end_bit)
{
  Bits<K> b = cubling::detail::to_ordered_bits(key);
  if (DESCENDING)
  {
    b = cubling::detail::invert_for_descending(b);
  }
  b                = cubling::detail::rank_bits<K>(b);
  const int width  = end_bit - begin_bit;
  const uint64_t w = static_cast<uint64_t>(b) >> begin_bit;
  return static_cast<Bits<K>>(width >= 64 ? w : (w & ((uint64_t(1) << width) - 1)));
}

template <typename K> K random_key(Dist d)
{
  switch (d)
  {
  case Dist::low_entropy:
  {
    const Bits<K> b =
        check_random_bits<Bits<K>>(&rng) & check_random_bits<Bits<K>>(&rng) & check_random_bits<Bits<K>>(&rng);
    return cuda::std::bit_cast<K>(b);
  }
  default:
    return check_random_bits<K>(&rng);
  }
}

//! The key `same` with its lowest and highest bytes random: for 4-byte keys
//! and wider, a sort whose middle passes see one digit (they copy) between
//! passes that rank.
template <typename K> K ends_random_key(K same)
{
  constexpr int bits = static_cast<int>(sizeof(K) * 8);
  const Bits<K> ends = static_cast<Bits<K>>(Bits<K>(0xff) | static_cast<Bits<K>>(Bits<K>(0xff) << (bits - 8)));
  const Bits<K> b    = static_cast<Bits<K>>((check_random_bits<Bits<K>>(&rng) & ends) |
                                         (cuda::std::bit_cast<Bits<K>>(same) & static_cast<Bits<K>>(~ends)));
  return cuda::std::bit_cast<K>(b);
}

//! n keys of distribution d; for floating point, a few -0.0 and +0.0 among uniform ones.
template <typename K> std::vector<K> make_keys(int64_t n, Dist d)
{
  std::vector<K> keys(static_cast<size_t>(n));
  const K same = random_key<K>(Dist::uniform);
  for (auto& k : keys)
  {
    k = d == Dist::all_equal ? same : d == Dist::ends_random ? ends_random_key(same) : random_key<K>(d);
  }
  if (cubling::detail::radix_key_traits<K>::is_floating && d == Dist::uniform)
  {
    for (size_t i = 0; i < keys.size(); i += 5)
    {
      const Bits<K> zero = (check_random(&rng) & 1) ? Bits<K>(Bits<K>(1) << (sizeof(K) * 8 - 1)) : Bits<K>(0);
      keys[i]            = cuda::std::bit_cast<K>(zero);
    }
  }
  if (d == Dist::sorted || d == Dist::reverse_sorted)
  {
    std::stable_sort(keys.begin(), keys.end(),
                     [](K a, K b)
                     { return sort_rank<K, false>(a, 0, sizeof(K) * 8) < sort_rank<K, false>(b, 0, sizeof(K) * 8); });
    if (d == Dist::reverse_sorted)
    {
      std::reverse(keys.begin(), keys.end());
    }
  }
  return keys;
}

template <typename V> V value_of(int64_t i)
{
  if constexpr (std::is_same<V, Custom>::value)
  {
    return Custom{static_cast<uint32_t>(i), ~static_cast<uint32_t>(i), static_cast<uint16_t>(i * 7)};
  }
  else
  {
    return static_cast<V>(i);
  }
}

template <typename T> std::vector<T> download_n(const T* d, int64_t n)
{
  std::vector<T> host(static_cast<size_t>(n));
  if (n > 0)
  {
    CHECK_CUDA(cudaMemcpy(host.data(), d, static_cast<size_t>(n) * sizeof(T), cudaMemcpyDeviceToHost));
  }
  return host;
}

template <typename T> bool same_bytes(const std::vector<T>& a, const std::vector<T>& b)
{
  return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0);
}

template <typename T> void expect_poisoned(const char* who, const T* d, int64_t count)
{
  std::vector<unsigned char> bytes(static_cast<size_t>(count) * sizeof(T));
  CHECK_CUDA(cudaMemcpy(bytes.data(), d, bytes.size(), cudaMemcpyDeviceToHost));
  for (unsigned char b : bytes)
  {
    EXPECT(b == POISON, "%s wrote past the end of its output", who);
  }
}

//! Random bytes in `bytes` bytes of device memory (stale look-back words, forged statuses).
inline void fill_garbage(void* d, size_t bytes)
{
  std::vector<uint32_t> words((bytes + 3) / 4);
  for (auto& w : words)
  {
    const uint32_t r = static_cast<uint32_t>(check_random(&rng));
    w                = (r & 3) == 0 ? 0xFFFFFFFFu : ((r & 3) == 1 ? (r | 0xC0000000u) : r);
  }
  if (bytes > 0)
  {
    CHECK_CUDA(cudaMemcpy(d, words.data(), bytes, cudaMemcpyHostToDevice));
  }
}

//! The CPU oracle: the stable order of the keys (indices) in the window.
template <typename K, bool DESCENDING>
std::vector<int64_t> cpu_order(const std::vector<K>& keys, int begin_bit, int end_bit)
{
  std::vector<int64_t> order(keys.size());
  std::iota(order.begin(), order.end(), int64_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](int64_t a, int64_t b)
                   {
                     return sort_rank<K, DESCENDING>(keys[a], begin_bit, end_bit) <
                            sort_rank<K, DESCENDING>(keys[b], begin_bit, end_bit);
                   });
  return order;
}

//! The cubling or CUB call of a case: keys only when V is void.
template <bool CUBLING, bool DESCENDING, typename K, typename V>
cudaError_t sort_call(void* temp, size_t& bytes, const K* kin, K* kout, const V* vin, V* vout, int64_t n, int b, int e)
{
  if constexpr (CUBLING)
  {
    if constexpr (std::is_void<V>::value)
    {
      return DESCENDING ? cubling::DeviceRadixSort::SortKeysDescending(temp, bytes, kin, kout, n, b, e)
                        : cubling::DeviceRadixSort::SortKeys(temp, bytes, kin, kout, n, b, e);
    }
    else
    {
      return DESCENDING ? cubling::DeviceRadixSort::SortPairsDescending(temp, bytes, kin, kout, vin, vout, n, b, e)
                        : cubling::DeviceRadixSort::SortPairs(temp, bytes, kin, kout, vin, vout, n, b, e);
    }
  }
  else
  {
    if constexpr (std::is_void<V>::value)
    {
      return DESCENDING ? cub::DeviceRadixSort::SortKeysDescending(temp, bytes, kin, kout, n, b, e)
                        : cub::DeviceRadixSort::SortKeys(temp, bytes, kin, kout, n, b, e);
    }
    else
    {
      return DESCENDING ? cub::DeviceRadixSort::SortPairsDescending(temp, bytes, kin, kout, vin, vout, n, b, e)
                        : cub::DeviceRadixSort::SortPairs(temp, bytes, kin, kout, vin, vout, n, b, e);
    }
  }
}

//! The DoubleBuffer call of cubling (and CUB, for its size).
template <bool CUBLING, bool DESCENDING, typename K, typename V, typename KB, typename VB>
cudaError_t sort_buffers(void* temp, size_t& bytes, KB& keys, VB& values, int64_t n, int b, int e)
{
  using Api = std::conditional_t<CUBLING, cubling::DeviceRadixSort, cub::DeviceRadixSort>;
  if constexpr (std::is_void<V>::value)
  {
    return DESCENDING ? Api::SortKeysDescending(temp, bytes, keys, n, b, e) : Api::SortKeys(temp, bytes, keys, n, b, e);
  }
  else
  {
    return DESCENDING ? Api::SortPairsDescending(temp, bytes, keys, values, n, b, e)
                      : Api::SortPairs(temp, bytes, keys, values, n, b, e);
  }
}

//! Sort `keys` through DispatchRadixSort with `Launcher` (the library's
//! launcher, or a stand-in of refusing_launcher.cuh), in place
//! (DoubleBuffer), with the input indices as values unless `V` is void, and
//! check keys and values against the CPU's stable sort. The temporary
//! storage holds garbage, and the buffer not read is poisoned.
template <typename Launcher, typename K, typename V, bool DESCENDING = false>
void sort_through_dispatch(const std::vector<K>& keys, int begin_bit = 0, int end_bit = int(sizeof(K) * 8))
{
  constexpr bool PAIRS = !std::is_void<V>::value;
  using Value          = std::conditional_t<PAIRS, V, cubling::NullType>;
  using VT             = std::conditional_t<PAIRS, V, char>;
  using Offset         = cubling::detail::radix_sort_offset_t<int64_t>;
  using Dispatch       = cubling::detail::DispatchRadixSort<DESCENDING, K, Value, Offset,
                                                            cubling::detail::identity_decomposer_t,
                                                            cubling::detail::DeviceRadixSortPolicy<K, Value>, Launcher>;
  const int64_t n = static_cast<int64_t>(keys.size());
  std::vector<VT> values(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i)
  {
    values[static_cast<size_t>(i)] = value_of<VT>(i);
  }
  DeviceArray<K> k0(static_cast<size_t>(n)), k1(static_cast<size_t>(n));
  DeviceArray<VT> v0(static_cast<size_t>(PAIRS ? n : 0)), v1(static_cast<size_t>(PAIRS ? n : 0));
  k0.upload(keys.data(), static_cast<size_t>(n));
  CHECK_CUDA(cudaMemset(k1.ptr, POISON, static_cast<size_t>(n) * sizeof(K)));
  cubling::DoubleBuffer<K> kb(k0.ptr, k1.ptr);
  cubling::DoubleBuffer<Value> vb;
  if constexpr (PAIRS)
  {
    v0.upload(values.data(), static_cast<size_t>(n));
    CHECK_CUDA(cudaMemset(v1.ptr, POISON, static_cast<size_t>(n) * sizeof(V)));
    vb = cubling::DoubleBuffer<Value>(v0.ptr, v1.ptr);
  }
  size_t bytes = 0;
  CHECK_CUDA(Dispatch::Dispatch(nullptr, bytes, kb, vb, n, begin_bit, end_bit, true, 0));
  DeviceArray<unsigned char> temp(bytes);
  fill_garbage(temp.ptr, bytes);
  const cudaError_t status = Dispatch::Dispatch(temp.ptr, bytes, kb, vb, n, begin_bit, end_bit, true, 0);
  EXPECT(status == cudaSuccess, "the sort returned %s", cudaGetErrorName(status));
  CHECK_LAUNCH();
  const cudaError_t pending = cudaGetLastError();
  EXPECT(pending == cudaSuccess, "the sort left %s pending", cudaGetErrorName(pending));
  const std::vector<int64_t> order = cpu_order<K, DESCENDING>(keys, begin_bit, end_bit);
  const std::vector<K> got_keys    = download_n(kb.Current(), n);
  std::vector<VT> got_values;
  if constexpr (PAIRS)
  {
    got_values = download_n(vb.Current(), n);
  }
  int64_t wrong = 0;
  for (size_t i = 0; i < order.size(); ++i)
  {
    const size_t from   = static_cast<size_t>(order[i]);
    const bool key_ok   = std::memcmp(&got_keys[i], &keys[from], sizeof(K)) == 0;
    const bool value_ok = !PAIRS || std::memcmp(&got_values[i], &values[from], sizeof(VT)) == 0;
    wrong += key_ok && value_ok ? 0 : 1;
  }
  EXPECT(wrong == 0, "%lld of %lld sorted items differ from the CPU's stable sort", static_cast<long long>(wrong),
         static_cast<long long>(n));
  ++cases;
}

//! Sort one input every way and check it (see the file comment). `V` void: keys only.
template <typename K, typename V, bool DESCENDING> void check_sort(int64_t n, Dist dist, int begin_bit, int end_bit)
{
  if (!in_shard())
  {
    return;
  }
  constexpr bool PAIRS = !std::is_void<V>::value;
  using VT             = std::conditional_t<PAIRS, V, char>;
  check_set_context("%s keys of %d bytes%s, n = %lld, %s, bits [%d, %d)", DESCENDING ? "descending" : "ascending",
                    static_cast<int>(sizeof(K)), PAIRS ? " with values" : "", static_cast<long long>(n),
                    dist_name(dist), begin_bit, end_bit);
  const std::vector<K> keys = make_keys<K>(n, dist);
  std::vector<VT> values(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i)
  {
    values[static_cast<size_t>(i)] = value_of<VT>(i);
  }
  const size_t room = static_cast<size_t>(n + SORT_GUARD);
  DeviceArray<K> d_keys_in(room), d_keys_out(room);
  DeviceArray<VT> d_values_in(room), d_values_out(room);
  d_keys_in.upload(keys.data(), static_cast<size_t>(n));
  d_values_in.upload(values.data(), static_cast<size_t>(n));
  const V* vin = nullptr;
  V* vout      = nullptr;
  if constexpr (PAIRS)
  {
    vin  = d_values_in.ptr;
    vout = d_values_out.ptr;
  }

  // The oracle.
  const std::vector<int64_t> order = cpu_order<K, DESCENDING>(keys, begin_bit, end_bit);
  std::vector<K> want_keys(static_cast<size_t>(n));
  std::vector<VT> want_values(static_cast<size_t>(n));
  for (size_t i = 0; i < order.size(); ++i)
  {
    want_keys[i]   = keys[static_cast<size_t>(order[i])];
    want_values[i] = values[static_cast<size_t>(order[i])];
  }

  // cubling, plain pointers, garbage in the temporary storage.
  size_t bytes = CHECK_BYTES_SENTINEL;
  EXPECT((sort_call<true, DESCENDING, K, V>(nullptr, bytes, d_keys_in.ptr, d_keys_out.ptr, vin, vout, n, begin_bit,
                                            end_bit) == cudaSuccess),
         "the size query failed");
  EXPECT(bytes != CHECK_BYTES_SENTINEL && bytes > 0, "the size query wrote no size");
  size_t cub_bytes = 0;
  CHECK_CUDA((sort_call<false, DESCENDING, K, V>(nullptr, cub_bytes, d_keys_in.ptr, d_keys_out.ptr, vin, vout, n,
                                                 begin_bit, end_bit)));
  EXPECT(bytes <= cub_bytes, "cubling asks for %zu bytes of temporary storage, CUB for %zu", bytes, cub_bytes);
  {
    DeviceArray<unsigned char> temp(bytes);
    fill_garbage(temp.ptr, bytes);
    CHECK_CUDA(cudaMemset(d_keys_out.ptr, POISON, room * sizeof(K)));
    CHECK_CUDA(cudaMemset(d_values_out.ptr, POISON, room * sizeof(VT)));
    const cudaError_t status = sort_call<true, DESCENDING, K, V>(temp.ptr, bytes, d_keys_in.ptr, d_keys_out.ptr, vin,
                                                                 vout, n, begin_bit, end_bit);
    EXPECT(status == cudaSuccess, "cubling returned %s", cudaGetErrorName(status));
    CHECK_LAUNCH();
  }
  expect_poisoned("cubling's keys", d_keys_out.ptr + n, SORT_GUARD);
  EXPECT(same_bytes(download_n(d_keys_in.ptr, n), keys), "cubling changed its input keys");
  EXPECT(same_bytes(download_n(d_keys_out.ptr, n), want_keys), "cubling's keys differ from the CPU's stable sort");
  if (PAIRS)
  {
    expect_poisoned("cubling's values", d_values_out.ptr + n, SORT_GUARD);
    EXPECT(same_bytes(download_n(d_values_in.ptr, n), values), "cubling changed its input values");
    EXPECT(same_bytes(download_n(d_values_out.ptr, n), want_values),
           "cubling's values differ from the CPU's stable sort (stability)");
  }

  // CUB on the same call, except where CUB disagrees with itself. A
  // descending sort on a bit range that cuts a floating-point key gives -0.0
  // and +0.0 the digits of one of the two zeros; which one depends, in CUB
  // 3.0.1, on the size: its Onesweep passes use -0.0's (inverted) bits, its
  // single-tile kernel (a few thousand keys at most) +0.0's, as the comment
  // above ProcessFloatMinusZero in cub/block/radix_rank_sort_operations.cuh
  // says. cubling uses the Onesweep convention at every size, so below
  // 16384 keys that case is checked against the CPU's stable sort only.
  const bool whole_key      = begin_bit == 0 && end_bit == static_cast<int>(sizeof(K) * 8);
  const bool cub_zero_quirk = DESCENDING && cubling::detail::radix_key_traits<K>::is_floating && !whole_key
                             && n <= 16384;
  if (!cub_zero_quirk)
  {
    DeviceArray<unsigned char> temp(cub_bytes);
    CHECK_CUDA(cudaMemset(d_keys_out.ptr, POISON, room * sizeof(K)));
    CHECK_CUDA((sort_call<false, DESCENDING, K, V>(temp.ptr, cub_bytes, d_keys_in.ptr, d_keys_out.ptr, vin, vout, n,
                                                   begin_bit, end_bit)));
    CHECK_LAUNCH();
    EXPECT(same_bytes(download_n(d_keys_out.ptr, n), want_keys), "CUB's keys differ from cubling's");
    if (PAIRS)
    {
      EXPECT(same_bytes(download_n(d_values_out.ptr, n), want_values), "CUB's values differ from cubling's");
    }
  }

  // cubling, DoubleBuffer: both buffers are the caller's.
  {
    CHECK_CUDA(cudaMemcpy(d_keys_out.ptr, d_keys_in.ptr, static_cast<size_t>(n) * sizeof(K), cudaMemcpyDeviceToDevice));
    CHECK_CUDA(
        cudaMemcpy(d_values_out.ptr, d_values_in.ptr, static_cast<size_t>(n) * sizeof(VT), cudaMemcpyDeviceToDevice));
    DeviceArray<K> d_keys_alt(room);
    DeviceArray<VT> d_values_alt(room);
    CHECK_CUDA(cudaMemset(d_keys_alt.ptr, POISON, room * sizeof(K)));
    CHECK_CUDA(cudaMemset(d_values_alt.ptr, POISON, room * sizeof(VT)));
    cubling::DoubleBuffer<K> kb(d_keys_out.ptr, d_keys_alt.ptr);
    cubling::DoubleBuffer<VT> vb(d_values_out.ptr, d_values_alt.ptr);
    cub::DoubleBuffer<K> cub_kb(d_keys_out.ptr, d_keys_alt.ptr);
    cub::DoubleBuffer<VT> cub_vb(d_values_out.ptr, d_values_alt.ptr);
    size_t buffer_bytes = 0, cub_buffer_bytes = 0;
    CHECK_CUDA((sort_buffers<true, DESCENDING, K, V>(nullptr, buffer_bytes, kb, vb, n, begin_bit, end_bit)));
    CHECK_CUDA(
        (sort_buffers<false, DESCENDING, K, V>(nullptr, cub_buffer_bytes, cub_kb, cub_vb, n, begin_bit, end_bit)));
    EXPECT(buffer_bytes <= cub_buffer_bytes, "DoubleBuffer: cubling asks for %zu bytes, CUB for %zu", buffer_bytes,
           cub_buffer_bytes);
    DeviceArray<unsigned char> temp(buffer_bytes);
    fill_garbage(temp.ptr, buffer_bytes);
    CHECK_CUDA((sort_buffers<true, DESCENDING, K, V>(temp.ptr, buffer_bytes, kb, vb, n, begin_bit, end_bit)));
    CHECK_LAUNCH();
    EXPECT(kb.selector == 0 || kb.selector == 1, "a DoubleBuffer selector of %d", kb.selector);
    EXPECT(same_bytes(download_n(kb.Current(), n), want_keys), "DoubleBuffer: the keys in Current() are not sorted");
    expect_poisoned("DoubleBuffer keys", d_keys_alt.ptr + n, SORT_GUARD);
    if (PAIRS)
    {
      EXPECT(vb.selector == kb.selector, "DoubleBuffer: the selectors of keys and values differ");
      EXPECT(same_bytes(download_n(vb.Current(), n), want_values), "DoubleBuffer: the values in Current() differ");
    }
  }
  ++cases;
}

//! The Hopper link of the library's policy chain for keys `K` and values `V` (void: keys only).
template <typename K, typename V>
using hopper_policy_t =
    typename cubling::detail::DeviceRadixSortPolicy<K, std::conditional_t<std::is_void<V>::value, cubling::NullType, V>>::Policy900;

//! The most keys one thread-block cluster sorts, for keys `K` and values `V` (void: keys only).
template <typename K, typename V> constexpr int64_t cluster_max_items()
{
  using Cluster = typename hopper_policy_t<K, V>::ClusterPolicy;
  return int64_t{Cluster::TILE_ITEMS} * Cluster::MAX_BLOCKS;
}

//! The sizes of a type's tests: 0, 1, around the single tile, around
//! Onesweep's tile and a few of them, around the most a cluster holds and
//! the most that small cooperative tiles take, primes, 2^k +- 1 (k up to
//! `max_log`).
template <typename K, typename V> std::vector<int64_t> sizes(int max_log)
{
  using Policy              = hopper_policy_t<K, V>;
  constexpr int64_t tile    = Policy::OnesweepPolicy::TILE_ITEMS;
  constexpr int64_t single  = Policy::SingleTilePolicy::TILE_ITEMS;
  constexpr int64_t cluster = cluster_max_items<K, V>();
  constexpr int64_t small   = Policy::SMALL_COOPERATIVE_MAX_ITEMS; // the most keys in small cooperative tiles
  std::vector<int64_t> s    = {0,        1,    2,        31,           single - 1,  single,  single + 1,
                               tile - 1, tile, tile + 1, 2 * tile + 1, cluster - 1, cluster, cluster + 1,
                               7919,     104729, small,  small + 1};
  for (int k = 14; k <= max_log; k += 3)
  {
    s.push_back((int64_t{1} << k) - 1);
    s.push_back((int64_t{1} << k) + 1);
  }
  return s;
}

//! Every size, distribution and bit window of a key type (and value type), one direction.
template <typename K, typename V, bool DESCENDING> void check_type(int max_log)
{
  constexpr int bits = static_cast<int>(sizeof(K) * 8);
  for (int64_t n : sizes<K, V>(max_log))
  {
    if (quick && n > (1 << 16))
    {
      continue;
    }
    check_sort<K, V, DESCENDING>(n, Dist::uniform, 0, bits);
  }
  // The distributions and bit windows sort 100003 keys: more than a cluster
  // holds, so the cooperative sort's small tiles (and, for 4-byte keys, its
  // buckets) take them. Under CUBLING_QUICK (the sanitizer's runs) 40009,
  // which take the same kernels and the same branches in them, for less of
  // the sanitizer's time: these cases sort the most keys it sees.
  constexpr int64_t QUICK_N = 40009;
  static_assert(QUICK_N > cluster_max_items<K, V>(), "CUBLING_QUICK's sorts must still be too large for a cluster");
  const int64_t n = quick ? QUICK_N : 100003;
  for (Dist d : {Dist::low_entropy, Dist::all_equal, Dist::sorted, Dist::reverse_sorted, Dist::ends_random})
  {
    check_sort<K, V, DESCENDING>(n, d, 0, bits);
    check_sort<K, V, DESCENDING>(3000, d, 0, bits);
    if (!quick) // the cooperative sort's column scan, in small tiles and in large ones
    {
      check_sort<K, V, DESCENDING>(250003, d, 0, bits);
      check_sort<K, V, DESCENDING>(600001, d, 0, bits);
    }
  }
  // Bit windows: none, the lowest third, three quarters, the top bits.
  check_sort<K, V, DESCENDING>(n, Dist::uniform, bits / 3, bits / 3);
  check_sort<K, V, DESCENDING>(n, Dist::uniform, 0, bits / 3 > 0 ? bits / 3 : 1);
  check_sort<K, V, DESCENDING>(n, Dist::uniform, bits / 8, bits / 8 + bits * 3 / 4);
  check_sort<K, V, DESCENDING>(3000, Dist::uniform, bits / 2, bits);
  // One pass: a sort that must leave its input alone has no buffer then for
  // small cooperative tiles' look-back words, and takes the larger tiles.
  check_sort<K, V, DESCENDING>(n, Dist::uniform, bits - 8, bits);
}

//! check_type in both directions (`V` = void: keys only).
template <typename K, typename V = void> void check_both_orders(int max_log)
{
  check_type<K, V, false>(max_log);
  check_type<K, V, true>(max_log);
}

} // namespace device_radix_sort_test
