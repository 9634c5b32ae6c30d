// test_device_reduce_arg.cuh: DeviceReduce::ArgMin or ArgMax, in both forms
// (CUB 3's two outputs, value and int64 index; and one KeyValuePair, with an
// int64 and with an int key), over every item type, every sweep size, aligned
// and unaligned, and with the extremum planted at several positions (ties:
// the smallest index wins; small integer types also have many ties of their
// own). Each is checked exactly against the CPU's first extremum and against
// CUB's two-output ArgMin/ArgMax on the same data (CUB's pair form is
// deprecated, and its warning is an error here). Also 2^28 int32 and float
// items, and 2^31 + 5 int8 items whose extrema sit past index 2^31, twice
// each (the first wins).
//
// CUB 3.0.1's two-output form writes nothing at all for an empty input (its
// streaming dispatch loops over zero partitions), although its documentation
// promises {max() or lowest(), index 1}; so for n == 0 cubling is checked
// against that documented result only.
//
// Four programs run it: test_device_reduce_arg{min,max}_{signed,unsigned}.cu,
// ArgMin or ArgMax on half of the types each, so that each compiles in a
// reasonable time.
#pragma once

#include "test_device_reduce.cuh"

namespace device_reduce_arg_test
{
using namespace device_reduce_test;

inline Outputs* outs = nullptr;

template <bool MIN, typename T>
void check_one(const T* h, const T* d_in, int64_t n)
{
  const cubling::KeyValuePair<int64_t, T> want = first_extremum<MIN>(h, n);
  const char* name                             = MIN ? "ArgMin" : "ArgMax";
  T* value                                     = outs->slot<T>(0);
  int64_t* index                               = outs->slot<int64_t>(1);
  T* cub_value                                 = outs->slot<T>(2);
  int64_t* cub_index                           = outs->slot<int64_t>(3);
  auto* pair64                                 = outs->slot<cubling::KeyValuePair<int64_t, T>>(4);
  auto* pair32                                 = outs->slot<cubling::KeyValuePair<int, T>>(5);
  const unsigned char bad                      = poison_for(want.value);
  poison(value, bad);
  poison(cub_value, bad);
  poison(index, 0xA5); // a negative index: never a right answer
  poison(cub_index, 0xA5);
  poison(pair64, 0xA5);
  poison(pair32, 0xA5);

  check_two_phase(MIN ? "cubling::DeviceReduce::ArgMin (value, index)" : "cubling::DeviceReduce::ArgMax (value, index)",
            [&](void* t, size_t& b) {
              if constexpr (MIN)
              {
                return cubling::DeviceReduce::ArgMin(t, b, d_in, value, index, n);
              }
              else
              {
                return cubling::DeviceReduce::ArgMax(t, b, d_in, value, index, n);
              }
            });
  check_two_phase(MIN ? "cubling::DeviceReduce::ArgMin (KeyValuePair<int64_t, T>)"
                : "cubling::DeviceReduce::ArgMax (KeyValuePair<int64_t, T>)",
            [&](void* t, size_t& b) {
              if constexpr (MIN)
              {
                return cubling::DeviceReduce::ArgMin(t, b, d_in, pair64, n);
              }
              else
              {
                return cubling::DeviceReduce::ArgMax(t, b, d_in, pair64, n);
              }
            });
  const bool int_key = n <= std::numeric_limits<int>::max();
  if (int_key)
  {
    check_two_phase(MIN ? "cubling::DeviceReduce::ArgMin (KeyValuePair<int, T>)"
                  : "cubling::DeviceReduce::ArgMax (KeyValuePair<int, T>)",
              [&](void* t, size_t& b) {
                if constexpr (MIN)
                {
                  return cubling::DeviceReduce::ArgMin(t, b, d_in, pair32, n);
                }
                else
                {
                  return cubling::DeviceReduce::ArgMax(t, b, d_in, pair32, n);
                }
              });
  }
  if (n > 0)
  {
    check_two_phase(MIN ? "cub::DeviceReduce::ArgMin" : "cub::DeviceReduce::ArgMax", [&](void* t, size_t& b) {
      if constexpr (MIN)
      {
        return cub::DeviceReduce::ArgMin(t, b, d_in, cub_value, cub_index, n);
      }
      else
      {
        return cub::DeviceReduce::ArgMax(t, b, d_in, cub_value, cub_index, n);
      }
    });
    const T cv  = read_back(cub_value);
    const int64_t ci = read_back(cub_index);
    EXPECT(ci == want.key && same_bits(cv, want.value), "cub::DeviceReduce::%s = {%s at %lld}, the CPU says {%s at %lld}",
           name, text(cv).c, static_cast<long long>(ci), text(want.value).c, static_cast<long long>(want.key));
  }
  const T v        = read_back(value);
  const int64_t i  = read_back(index);
  EXPECT(i == want.key && same_bits(v, want.value),
         "cubling::DeviceReduce::%s (value, index) = {%s at %lld}, the CPU (and CUB) say {%s at %lld}", name,
         text(v).c, static_cast<long long>(i), text(want.value).c, static_cast<long long>(want.key));
  const auto p64 = read_back(pair64);
  EXPECT(p64.key == want.key && same_bits(p64.value, want.value),
         "cubling::DeviceReduce::%s (KeyValuePair<int64_t, T>) = {key %lld, value %s}, want {key %lld, value %s}", name,
         static_cast<long long>(p64.key), text(p64.value).c, static_cast<long long>(want.key), text(want.value).c);
  if (int_key)
  {
    const auto p32 = read_back(pair32);
    EXPECT(p32.key == want.key && same_bits(p32.value, want.value),
           "cubling::DeviceReduce::%s (KeyValuePair<int, T>) = {key %d, value %s}, want {key %lld, value %s}", name,
           p32.key, text(p32.value).c, static_cast<long long>(want.key), text(want.value).c);
  }
  ++cases;
}

template <bool MIN, typename T>
void check_window(Pool<T>& pool, int64_t start, int64_t n, int64_t offset)
{
  const T* h    = pool.host.data() + start;
  const T* d_in = pool.device.ptr + start;
  check_set_context("%s %s, %lld items at element %lld (offset %lld from 16-byte alignment)", MIN ? "ArgMin" : "ArgMax",
              type_name<T>(), static_cast<long long>(n), static_cast<long long>(start), static_cast<long long>(offset));
  check_one<MIN>(h, d_in, n);
}

// --- ties ---------------------------------------------------------------------------------------------

// An item strictly between the extremes that get planted.
template <typename T>
T unplanted_item()
{
  if constexpr (std::is_floating_point_v<T>)
  {
    return random_real<T>(); // |x| <= 16
  }
  else
  {
    T x = random_item<T>();
    if (x == std::numeric_limits<T>::lowest())
    {
      ++x;
    }
    if (x == std::numeric_limits<T>::max())
    {
      --x;
    }
    return x;
  }
}

// The extremum planted at several positions (neighbours, both sides of a
// warp, tile or block boundary, far apart, random): the smallest index wins.
template <bool MIN, typename T>
void check_ties(int64_t n)
{
  const T planted = MIN ? (std::is_floating_point_v<T> ? T(-1000) : std::numeric_limits<T>::lowest())
                        : (std::is_floating_point_v<T> ? T(1000) : std::numeric_limits<T>::max());
  std::vector<std::vector<int64_t>> sets = {{n - 1},
                                            {0, n - 1},
                                            {n - 2, n - 1},
                                            {1, 2, 3},
                                            {31, 32},
                                            {255, 256},
                                            {4095, 4096, 4097},
                                            {16383, 16384},
                                            {n - 1, n / 2, n / 3, n / 5},
                                            {n - 1, n / 7}};
  for (int r = 0; r < 4; ++r)
  {
    std::vector<int64_t> set;
    for (int k = 0; k < 2 + r; ++k)
    {
      set.push_back(static_cast<int64_t>(check_random(&rng) % static_cast<uint64_t>(n)));
    }
    sets.push_back(set);
  }
  DeviceArray<T> d(static_cast<size_t>(n));
  std::vector<T> h(static_cast<size_t>(n));
  for (const auto& set : sets)
  {
    for (T& x : h)
    {
      x = unplanted_item<T>();
    }
    int64_t first = n;
    for (int64_t p : set)
    {
      if (p >= 0 && p < n)
      {
        h[p]  = planted;
        first = p < first ? p : first;
      }
    }
    if (first == n)
    {
      continue;
    }
    d.upload(h.data(), h.size());
    check_set_context("%s %s, %lld items, the extremum planted at %zu positions, first at %lld", MIN ? "ArgMin" : "ArgMax",
                type_name<T>(), static_cast<long long>(n), set.size(), static_cast<long long>(first));
    EXPECT(first_extremum<MIN>(h.data(), n).key == first, "the CPU reference disagrees with the planting");
    check_one<MIN>(h.data(), d.ptr, n);
  }
}

template <bool MIN, typename T>
void check_type(bool large, bool huge)
{
  std::printf("  %s\n", type_name<T>());
  std::fflush(stdout);
  sweep<T>(large, huge, false, [](Pool<T>& p, int64_t s, int64_t n, int64_t o) { check_window<MIN>(p, s, n, o); });
  for (int64_t n : {int64_t{1000}, int64_t{100003}, int64_t{5 * 16384 + 7}})
  {
    check_ties<MIN, T>(n);
  }
}

template <bool MIN>
void check_huge_int8()
{
  const std::vector<int8_t> h = huge_int8_input();
  DeviceArray<int8_t> d(h.size());
  d.upload(h.data(), h.size());
  check_set_context("%s int8, %lld items (2^31 + 5): 127 at %lld and %lld, -128 at %lld and %lld", MIN ? "ArgMin" : "ArgMax",
              static_cast<long long>(HUGE_ITEMS), static_cast<long long>(HUGE_MAX_AT),
              static_cast<long long>(HUGE_ITEMS - 1), static_cast<long long>(HUGE_MIN_AT),
              static_cast<long long>(HUGE_ITEMS - 2));
  EXPECT(first_extremum<MIN>(h.data(), HUGE_ITEMS).key == (MIN ? HUGE_MIN_AT : HUGE_MAX_AT),
         "the planted extremum is not where it should be");
  check_one<MIN>(h.data(), d.ptr, HUGE_ITEMS);
}

// The program for ArgMin (MIN) or ArgMax, on int8, int16, int32, int64 and
// float (SIGNED, with 2^28 int32 and float items and 2^31 + 5 int8 items) or
// on uint8, uint16, uint32, uint64 and double.
template <bool MIN, bool SIGNED>
void device()
{
  Outputs o;
  outs = &o;
  if constexpr (SIGNED)
  {
    check_type<MIN, int8_t>(true, false);
    check_type<MIN, int16_t>(false, false);
    check_type<MIN, int32_t>(true, true);
    check_type<MIN, int64_t>(false, false);
    check_type<MIN, float>(true, true);
    if (quick)
    {
      std::printf("CUBLING_QUICK=1: skipped the 2^31 + 5 int8 items\n");
    }
    else
    {
      std::printf("  int8, 2^31 + 5 items\n");
      check_huge_int8<MIN>();
    }
  }
  else
  {
    check_type<MIN, uint8_t>(false, false);
    check_type<MIN, uint16_t>(false, false);
    check_type<MIN, uint32_t>(false, false);
    check_type<MIN, uint64_t>(true, false);
    check_type<MIN, double>(true, false);
  }
  outs = nullptr;
}

} // namespace device_reduce_arg_test
