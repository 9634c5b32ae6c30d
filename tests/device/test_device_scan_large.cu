// DeviceScan at large sizes (test_device_scan.cuh):
//   - more than 2^31 items (2^31 + 2^12 + 3): InclusiveSum and ExclusiveSum of
//     a CountingInputIterator<uint64_t> (no input memory), into an output
//     iterator that keeps no items (no output memory): each write is checked
//     on the device against the closed form i(i+1)/2 (inclusive) or
//     i(i-1)/2 (exclusive), in uint64; it counts the writes (warp by warp),
//     the mismatches and writes out of range, and keeps the first mismatch
//     and the last item. The count is passed as unsigned long long to
//     cubling (int64 to CUB), and CUB must agree;
//   - 2^28 int32 items: ExclusiveSum and InclusiveSum, against the CPU and CUB;
//   - float determinism: ExclusiveSum and InclusiveSum of random floats
//     (real rounding, not exact) are the same bits on every one of 10 runs at
//     2^20 and 2^24 items, and 3 runs at 2^28, and lie within the tolerance
//     of the long double sums (CUB too).
// CUBLING_QUICK=1 skips all of it but 2^20.
#include <thrust/iterator/counting_iterator.h>

#include "test_device_scan.cuh"

namespace device_scan_large_test
{
using namespace device_scan_test;

// What the checking output iterator saw.
struct Tally
{
  unsigned long long writes;
  unsigned long long mismatches;
  unsigned long long out_of_range;
  unsigned long long first_bad; // the smallest index written wrong (~0 if none)
  unsigned long long last;      // the item written at n - 1
};

// An output iterator over n uint64 items that checks each write against the
// closed form of the prefix sums of 0, 1, 2, ..., and stores nothing else.
class ClosedFormOutput
{
public:
  struct Proxy
  {
    Tally* tally;
    int64_t pos, n;
    bool exclusive;
    __device__ const Proxy& operator=(uint64_t value) const
    {
      const uint64_t i    = static_cast<uint64_t>(pos);
      const uint64_t want = exclusive ? (i == 0 ? 0 : i * (i - 1) / 2) : i * (i + 1) / 2;
      if (pos < 0 || pos >= n)
      {
        atomicAdd(&tally->out_of_range, 1ull);
      }
      else if (value != want)
      {
        atomicAdd(&tally->mismatches, 1ull);
        atomicMin(&tally->first_bad, static_cast<unsigned long long>(pos));
      }
      if (pos == n - 1)
      {
        tally->last = value;
      }
      const unsigned int mask = __activemask();
      if (static_cast<int>(threadIdx.x % 32) == __ffs(mask) - 1)
      {
        atomicAdd(&tally->writes, static_cast<unsigned long long>(__popc(mask)));
      }
      return *this;
    }
  };

  using value_type        = uint64_t;
  using difference_type   = std::ptrdiff_t;
  using pointer           = void;
  using reference         = Proxy;
  using iterator_category = std::random_access_iterator_tag;

  Tally* tally   = nullptr;
  int64_t pos    = 0;
  int64_t n      = 0;
  bool exclusive = false;

  __host__ __device__ Proxy operator*() const
  {
    return {tally, pos, n, exclusive};
  }
  template <typename D>
  __host__ __device__ Proxy operator[](D d) const
  {
    return {tally, pos + static_cast<int64_t>(d), n, exclusive};
  }
  template <typename D>
  __host__ __device__ ClosedFormOutput operator+(D d) const
  {
    ClosedFormOutput o = *this;
    o.pos += static_cast<int64_t>(d);
    return o;
  }
  template <typename D>
  __host__ __device__ ClosedFormOutput operator-(D d) const
  {
    return *this + (-static_cast<int64_t>(d));
  }
  template <typename D>
  __host__ __device__ ClosedFormOutput& operator+=(D d)
  {
    pos += static_cast<int64_t>(d);
    return *this;
  }
  __host__ __device__ ClosedFormOutput& operator++()
  {
    ++pos;
    return *this;
  }
  __host__ __device__ difference_type operator-(const ClosedFormOutput& other) const
  {
    return pos - other.pos;
  }
  __host__ __device__ bool operator==(const ClosedFormOutput& other) const
  {
    return pos == other.pos;
  }
  __host__ __device__ bool operator!=(const ClosedFormOutput& other) const
  {
    return pos != other.pos;
  }
};

} // namespace device_scan_large_test

namespace
{
using namespace device_scan_large_test;

void check_more_than_2_31()
{
  const int64_t n = (int64_t{1} << 31) + (int64_t{1} << 12) + 3;
  cubling::CountingInputIterator<uint64_t> in(0);
  // CUB reads the same sequence through Thrust's counting iterator: CUB's
  // block loads call LoadDirectWarpStriped unqualified, and a cubling
  // iterator brings cubling's function of that name in (argument-dependent
  // lookup), an ambiguity.
  thrust::counting_iterator<uint64_t> cub_in(0);
  DeviceArray<Tally> tally(1);
  for (bool exclusive : {false, true})
  {
    for (bool mine : {false, true}) // CUB first
    {
      const char* who = mine ? (exclusive ? "cubling::DeviceScan::ExclusiveSum" : "cubling::DeviceScan::InclusiveSum")
                             : (exclusive ? "cub::DeviceScan::ExclusiveSum" : "cub::DeviceScan::InclusiveSum");
      check_set_context("%s of CountingInputIterator<uint64_t>(0), %lld items (more than 2^31)", who,
                        static_cast<long long>(n));
      const Tally fresh{0, 0, 0, ~0ull, 0x5A5A5A5A5A5A5A5Aull};
      tally.upload(&fresh, 1);
      ClosedFormOutput out;
      out.tally     = tally.ptr;
      out.n         = n;
      out.exclusive = exclusive;
      const unsigned long long count = static_cast<unsigned long long>(n); // any integer type, used as 64 bits
      check_two_phase(who, [&](void* t, size_t& b) {
        if (mine)
        {
          return exclusive ? cubling::DeviceScan::ExclusiveSum(t, b, in, out, count)
                           : cubling::DeviceScan::InclusiveSum(t, b, in, out, count);
        }
        return exclusive ? cub::DeviceScan::ExclusiveSum(t, b, cub_in, out, n)
                         : cub::DeviceScan::InclusiveSum(t, b, cub_in, out, n);
      });
      const Tally got     = read_back(tally.ptr);
      const uint64_t last = static_cast<uint64_t>(n - 1);
      const uint64_t want_last = exclusive ? last * (last - 1) / 2 : last * (last + 1) / 2;
      EXPECT(got.out_of_range == 0, "%s wrote %llu items outside [0, n)", who, got.out_of_range);
      EXPECT(got.mismatches == 0, "%s wrote %llu wrong items; the first at index %llu", who, got.mismatches,
             got.first_bad);
      EXPECT(got.writes == static_cast<unsigned long long>(n), "%s wrote %llu items, not %lld", who, got.writes,
             static_cast<long long>(n));
      EXPECT(got.last == want_last, "%s: the last item is %llu, want %llu", who, got.last,
             static_cast<unsigned long long>(want_last));
      ++cases;
    }
  }
}

void check_2_28_int32()
{
  const int64_t n = int64_t{1} << 28;
  std::vector<int32_t> h(static_cast<size_t>(n));
  fill_random(h.data(), h.size());
  DeviceArray<int32_t> d_in(h.size()), d_out(h.size() + GUARD);
  d_in.upload(h.data(), h.size());
  check_set_context("int32, ExclusiveSum/InclusiveSum of 2^28 random items");
  check_sums(h.data(), d_in.ptr, d_out.ptr, n, false);
}

// Float sums of random (not exact) items: the same bits on every run.
void check_float_determinism(int64_t n, int runs)
{
  std::vector<float> h(static_cast<size_t>(n));
  fill_random(h.data(), h.size());
  DeviceArray<float> d_in(h.size()), d_out(h.size() + GUARD);
  d_in.upload(h.data(), h.size());
  for (bool exclusive : {false, true})
  {
    const char* who = exclusive ? "cubling::DeviceScan::ExclusiveSum" : "cubling::DeviceScan::InclusiveSum";
    check_set_context("float, %s of %lld random items, %d runs", who, static_cast<long long>(n), runs);
    const RealSums want = cpu_real_sums(h.data(), n, exclusive);
    std::vector<float> first;
    for (int run = 0; run < runs; ++run)
    {
      const std::vector<float> got = run_poisoned(who, d_out.ptr, n, run % 2 ? 0x5A : 0xA5, [&](void* t, size_t& b) {
        return exclusive ? cubling::DeviceScan::ExclusiveSum(t, b, d_in.ptr, d_out.ptr, n)
                         : cubling::DeviceScan::InclusiveSum(t, b, d_in.ptr, d_out.ptr, n);
      });
      if (run == 0)
      {
        expect_close(who, got, want);
        first = got;
      }
      else
      {
        char what[160];
        std::snprintf(what, sizeof what, "%s, run %d vs run 0 (not deterministic)", who, run);
        expect_same(what, got, first);
      }
    }
    const char* theirs = exclusive ? "cub::DeviceScan::ExclusiveSum" : "cub::DeviceScan::InclusiveSum";
    const std::vector<float> cub = run_poisoned(theirs, d_out.ptr, n, 0xA5, [&](void* t, size_t& b) {
      return exclusive ? cub::DeviceScan::ExclusiveSum(t, b, d_in.ptr, d_out.ptr, n)
                       : cub::DeviceScan::InclusiveSum(t, b, d_in.ptr, d_out.ptr, n);
    });
    expect_close(theirs, cub, want);
    ++cases;
  }
}

void device()
{
  std::printf("  float determinism, 2^20 items, 10 runs\n");
  std::fflush(stdout);
  check_float_determinism(int64_t{1} << 20, 10);
  if (quick)
  {
    std::printf("CUBLING_QUICK=1: skipped more than 2^31 items, 2^28 int32, float determinism at 2^24 and 2^28\n");
    return;
  }
  std::printf("  float determinism, 2^24 items, 10 runs\n");
  std::fflush(stdout);
  check_float_determinism(int64_t{1} << 24, 10);
  std::printf("  float determinism, 2^28 items, 3 runs\n");
  std::fflush(stdout);
  check_float_determinism(int64_t{1} << 28, 3);
  std::printf("  int32, 2^28 items\n");
  std::fflush(stdout);
  check_2_28_int32();
  std::printf("  uint64 counting iterator, 2^31 + 4099 items\n");
  std::fflush(stdout);
  check_more_than_2_31();
}

} // namespace

int main(int argc, char** argv)
{
  return device_reduce_test::run(argc, argv, "DeviceScan large (2^31+ items, 2^28, float determinism)", nullptr,
                                 device);
}
