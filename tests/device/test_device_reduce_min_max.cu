// DeviceReduce::Min and Max over every item type, every sweep size, aligned
// and unaligned, each checked exactly against a CPU fold (from the empty
// values numeric_limits<T>::max() and lowest(), which CUB folds in too) and
// against cub::DeviceReduce on the same data (see test_device_reduce.cuh).
// Also 2^28 int32 and float items, and 2^31 + 5 int8 items whose maximum
// sits near the end (and whose minimum sits past index 2^31).
#include "test_device_reduce.cuh"

namespace
{
using namespace device_reduce_test;

Outputs* outs = nullptr;

struct MinOf
{
  template <typename T>
  T operator()(const T& a, const T& b) const
  {
    return b < a ? b : a;
  }
};

struct MaxOf
{
  template <typename T>
  T operator()(const T& a, const T& b) const
  {
    return a < b ? b : a;
  }
};

template <bool MIN, typename T>
void check_one(const T* h, const T* d_in, int64_t n)
{
  const T init = MIN ? std::numeric_limits<T>::max() : std::numeric_limits<T>::lowest();
  const T want = MIN ? fold(h, n, init, MinOf{}, Same{}) : fold(h, n, init, MaxOf{}, Same{});
  const char* name = MIN ? "Min" : "Max";
  T* mine          = outs->slot<T>(0);
  T* theirs        = outs->slot<T>(1);
  poison(mine, poison_for(want));
  poison(theirs, poison_for(want));
  check_two_phase(MIN ? "cubling::DeviceReduce::Min" : "cubling::DeviceReduce::Max", [&](void* t, size_t& b) {
    if constexpr (MIN)
    {
      return cubling::DeviceReduce::Min(t, b, d_in, mine, n);
    }
    else
    {
      return cubling::DeviceReduce::Max(t, b, d_in, mine, n);
    }
  });
  check_two_phase(MIN ? "cub::DeviceReduce::Min" : "cub::DeviceReduce::Max", [&](void* t, size_t& b) {
    if constexpr (MIN)
    {
      return cub::DeviceReduce::Min(t, b, d_in, theirs, n);
    }
    else
    {
      return cub::DeviceReduce::Max(t, b, d_in, theirs, n);
    }
  });
  const T got = read_back(mine), cub = read_back(theirs);
  EXPECT(same_bits(cub, want), "cub::DeviceReduce::%s = %s, the CPU says %s", name, text(cub).c, text(want).c);
  EXPECT(same_bits(got, want), "cubling::DeviceReduce::%s = %s, the CPU (and CUB) say %s", name, text(got).c,
         text(want).c);
  ++cases;
}

template <typename T>
void check_window(Pool<T>& pool, int64_t start, int64_t n, int64_t offset)
{
  const T* h    = pool.host.data() + start;
  const T* d_in = pool.device.ptr + start;
  check_set_context("%s, %lld items at element %lld (offset %lld from 16-byte alignment)", type_name<T>(),
              static_cast<long long>(n), static_cast<long long>(start), static_cast<long long>(offset));
  check_one<true>(h, d_in, n);
  check_one<false>(h, d_in, n);
}

template <typename T>
void check_type(bool large, bool huge)
{
  std::printf("  %s\n", type_name<T>());
  std::fflush(stdout);
  sweep<T>(large, huge, false, [](Pool<T>& p, int64_t s, int64_t n, int64_t o) { check_window(p, s, n, o); });
}

void check_huge_int8()
{
  const std::vector<int8_t> h = huge_int8_input();
  DeviceArray<int8_t> d(h.size());
  d.upload(h.data(), h.size());
  check_set_context("int8, %lld items (2^31 + 5): 127 at %lld and %lld, -128 at %lld and %lld",
              static_cast<long long>(HUGE_ITEMS), static_cast<long long>(HUGE_MAX_AT),
              static_cast<long long>(HUGE_ITEMS - 1), static_cast<long long>(HUGE_MIN_AT),
              static_cast<long long>(HUGE_ITEMS - 2));
  check_one<true>(h.data(), d.ptr, HUGE_ITEMS);
  check_one<false>(h.data(), d.ptr, HUGE_ITEMS);
  // and without the last two items: the maximum is then the one at n - 3 alone
  check_one<false>(h.data(), d.ptr, HUGE_ITEMS - 2);
}

void device()
{
  Outputs o;
  outs = &o;
  check_type<int8_t>(true, false);
  check_type<int16_t>(false, false);
  check_type<int32_t>(true, true);
  check_type<int64_t>(false, false);
  check_type<uint8_t>(false, false);
  check_type<uint16_t>(false, false);
  check_type<uint32_t>(false, false);
  check_type<uint64_t>(true, false);
  check_type<float>(true, true);
  check_type<double>(true, false);
  if (quick)
  {
    std::printf("CUBLING_QUICK=1: skipped the 2^31 + 5 int8 items\n");
  }
  else
  {
    std::printf("  int8, 2^31 + 5 items\n");
    check_huge_int8();
  }
  outs = nullptr;
}

} // namespace

int main(int argc, char** argv)
{
  return device_reduce_test::run(argc, argv, "DeviceReduce Min/Max", nullptr, device);
}
