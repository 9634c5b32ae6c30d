// test_device_reduce_sum.cuh: DeviceReduce::Sum, Reduce and TransformReduce
// over every item type, every sweep size, aligned and unaligned, each checked
// against a CPU reference and against cub::DeviceReduce on the same data (see
// test_device_reduce.cuh). Two programs run it, for half of the types each
// (test_device_reduce_sum_signed.cu, test_device_reduce_sum_unsigned.cu), so
// that each compiles in a reasonable time.
//
//   - Integer sums wrap in the item's width: CPU, CUB and cubling must agree
//     exactly. Float sums must lie within 8 eps * sum|x| of a compensated
//     long double sum (CUB's too), and be bitwise identical run to run; on
//     inputs of small whole numbers, where every order of additions is exact,
//     they must equal the CPU's bit for bit.
//   - Reduce with a custom operator and a random initial value (xor for
//     integers, a hand-written max for floats): exact.
//   - Reduce with a widening sum (int64 for narrow signed items, uint64 or
//     double otherwise) and TransformReduce (square, then sum): exact for
//     integers, within the tolerance for floats.
//   - 2^28 int32 and float items; 2^31 + 5 int8 items (2 GiB): Sum into
//     int8 (wraps) and into int64, Reduce and TransformReduce in int64.
#pragma once

#include "test_device_reduce.cuh"

namespace device_reduce_sum_test
{
using namespace device_reduce_test;

inline Outputs* outs = nullptr;

// Sum over the window, compared with the CPU and with CUB.
template <typename T>
void check_sum(const T* h, const T* d_in, int64_t n)
{
  T* mine   = outs->slot<T>(0);
  T* again  = outs->slot<T>(1);
  T* theirs = outs->slot<T>(2);
  auto run  = [&](T* out) {
    check_two_phase("cubling::DeviceReduce::Sum",
              [&](void* t, size_t& b) { return cubling::DeviceReduce::Sum(t, b, d_in, out, n); });
  };
  if constexpr (std::is_integral_v<T>)
  {
    const T want            = wrapped_sum(h, n);
    const unsigned char bad = poison_for(want);
    poison(mine, bad);
    poison(theirs, bad);
    run(mine);
    check_two_phase("cub::DeviceReduce::Sum",
              [&](void* t, size_t& b) { return cub::DeviceReduce::Sum(t, b, d_in, theirs, n); });
    const T got = read_back(mine), cub = read_back(theirs);
    EXPECT(same_bits(cub, want), "cub::DeviceReduce::Sum = %s, but the CPU's wrapped sum is %s", text(cub).c,
           text(want).c);
    EXPECT(same_bits(got, want), "cubling::DeviceReduce::Sum = %s, but the CPU (and CUB) say %s", text(got).c,
           text(want).c);
  }
  else
  {
    const RealSum want      = real_sum(h, n, Same{});
    const unsigned char bad = poison_for(static_cast<T>(want.sum));
    poison(mine, bad);
    poison(again, bad);
    poison(theirs, bad);
    run(mine);
    run(again);
    check_two_phase("cub::DeviceReduce::Sum",
              [&](void* t, size_t& b) { return cub::DeviceReduce::Sum(t, b, d_in, theirs, n); });
    const T got = read_back(mine), got_again = read_back(again), cub = read_back(theirs);
    EXPECT(close_enough(cub, want), "cub::DeviceReduce::Sum = %s, the CPU's sum = %s (sum of |x| %s)", text(cub).c,
           text(want.sum).c, text(want.abs_sum).c);
    EXPECT(close_enough(got, want), "cubling::DeviceReduce::Sum = %s, the CPU's sum = %s (sum of |x| %s, CUB: %s)",
           text(got).c, text(want.sum).c, text(want.abs_sum).c, text(cub).c);
    EXPECT(same_bits(got, got_again), "cubling::DeviceReduce::Sum is not deterministic: %s, then %s", text(got).c,
           text(got_again).c);
    if (n == 0)
    {
      EXPECT(same_bits(got, T(0)), "the Sum of no items is %s, not +0", text(got).c);
    }
  }
  ++cases;
}

// Reduce with a custom exact operator and a random initial value.
template <typename T>
void check_reduce_custom(const T* h, const T* d_in, int64_t n)
{
  using Op       = typename std::conditional<std::is_integral_v<T>, XorOp, LargerOp>::type;
  const T init   = random_item<T>();
  const T want   = fold(h, n, init, Op{}, Same{});
  T* mine        = outs->slot<T>(0);
  T* theirs      = outs->slot<T>(1);
  const auto bad = poison_for(want);
  poison(mine, bad);
  poison(theirs, bad);
  check_two_phase("cubling::DeviceReduce::Reduce",
            [&](void* t, size_t& b) { return cubling::DeviceReduce::Reduce(t, b, d_in, mine, n, Op{}, init); });
  check_two_phase("cub::DeviceReduce::Reduce",
            [&](void* t, size_t& b) { return cub::DeviceReduce::Reduce(t, b, d_in, theirs, n, Op{}, init); });
  const T got = read_back(mine), cub = read_back(theirs);
  EXPECT(same_bits(cub, want), "cub::DeviceReduce::Reduce (%s, init %s) = %s, the CPU's fold = %s",
         std::is_integral_v<T> ? "xor" : "larger", text(init).c, text(cub).c, text(want).c);
  EXPECT(same_bits(got, want), "cubling::DeviceReduce::Reduce (%s, init %s) = %s, the CPU (and CUB) say %s",
         std::is_integral_v<T> ? "xor" : "larger", text(init).c, text(got).c, text(want).c);
  ++cases;
}

// Reduce with a sum in a wider type, and TransformReduce (square, then sum).
template <typename T>
void check_wide_and_transform(const T* h, const T* d_in, int64_t n)
{
  using W = wide_t<T>;
  {
    const W init = W(5);
    W* mine      = outs->slot<W>(0);
    W* again     = outs->slot<W>(1);
    W* theirs    = outs->slot<W>(2);
    auto run     = [&](W* out) {
      check_two_phase("cubling::DeviceReduce::Reduce",
                [&](void* t, size_t& b) { return cubling::DeviceReduce::Reduce(t, b, d_in, out, n, SumAs<W>{}, init); });
    };
    if constexpr (std::is_integral_v<T>)
    {
      const W want = fold(h, n, init, SumAs<W>{}, Widen<W>{});
      poison(mine, poison_for(want));
      poison(theirs, poison_for(want));
      run(mine);
      check_two_phase("cub::DeviceReduce::Reduce",
                [&](void* t, size_t& b) { return cub::DeviceReduce::Reduce(t, b, d_in, theirs, n, SumAs<W>{}, init); });
      const W got = read_back(mine), cub = read_back(theirs);
      EXPECT(same_bits(cub, want), "cub::DeviceReduce::Reduce (sum in %s, init 5) = %s, the CPU's = %s",
             type_name<W>(), text(cub).c, text(want).c);
      EXPECT(same_bits(got, want), "cubling::DeviceReduce::Reduce (sum in %s, init 5) = %s, the CPU (and CUB) say %s",
             type_name<W>(), text(got).c, text(want).c);
    }
    else
    {
      RealSum want = real_sum(h, n, Same{});
      want.sum += 5;
      want.abs_sum += 5;
      poison(mine, 0xA5);
      poison(again, 0xA5);
      poison(theirs, 0xA5);
      run(mine);
      run(again);
      check_two_phase("cub::DeviceReduce::Reduce",
                [&](void* t, size_t& b) { return cub::DeviceReduce::Reduce(t, b, d_in, theirs, n, SumAs<W>{}, init); });
      const W got = read_back(mine), got_again = read_back(again), cub = read_back(theirs);
      EXPECT(close_enough(cub, want), "cub::DeviceReduce::Reduce (sum in double, init 5) = %s, the CPU's = %s",
             text(cub).c, text(want.sum).c);
      EXPECT(close_enough(got, want), "cubling::DeviceReduce::Reduce (sum in double, init 5) = %s, the CPU's = %s",
             text(got).c, text(want.sum).c);
      EXPECT(same_bits(got, got_again), "cubling::DeviceReduce::Reduce (sum in double) is not deterministic: %s, then %s",
             text(got).c, text(got_again).c);
    }
    ++cases;
  }
  if constexpr (std::is_integral_v<T>)
  {
    const uint64_t init = 3;
    const uint64_t want = fold(h, n, init, SumAs<uint64_t>{}, SquareU64{});
    uint64_t* mine      = outs->slot<uint64_t>(0);
    uint64_t* theirs    = outs->slot<uint64_t>(1);
    poison(mine, poison_for(want));
    poison(theirs, poison_for(want));
    check_two_phase("cubling::DeviceReduce::TransformReduce", [&](void* t, size_t& b) {
      return cubling::DeviceReduce::TransformReduce(t, b, d_in, mine, n, SumAs<uint64_t>{}, SquareU64{}, init);
    });
    check_two_phase("cub::DeviceReduce::TransformReduce", [&](void* t, size_t& b) {
      return cub::DeviceReduce::TransformReduce(t, b, d_in, theirs, n, SumAs<uint64_t>{}, SquareU64{}, init);
    });
    const uint64_t got = read_back(mine), cub = read_back(theirs);
    EXPECT(cub == want, "cub::DeviceReduce::TransformReduce (square, sum in uint64, init 3) = %s, the CPU's = %s",
           text(cub).c, text(want).c);
    EXPECT(got == want, "cubling::DeviceReduce::TransformReduce (square, sum in uint64, init 3) = %s, the CPU (and CUB) say %s",
           text(got).c, text(want).c);
  }
  else
  {
    const T init = T(3);
    RealSum want = real_sum(h, n, SquareF{});
    want.sum += 3;
    want.abs_sum += 3;
    T* mine   = outs->slot<T>(0);
    T* again  = outs->slot<T>(1);
    T* theirs = outs->slot<T>(2);
    poison(mine, 0xA5);
    poison(again, 0xA5);
    poison(theirs, 0xA5);
    auto run = [&](T* out) {
      check_two_phase("cubling::DeviceReduce::TransformReduce", [&](void* t, size_t& b) {
        return cubling::DeviceReduce::TransformReduce(t, b, d_in, out, n, SumAs<T>{}, SquareF{}, init);
      });
    };
    run(mine);
    run(again);
    check_two_phase("cub::DeviceReduce::TransformReduce", [&](void* t, size_t& b) {
      return cub::DeviceReduce::TransformReduce(t, b, d_in, theirs, n, SumAs<T>{}, SquareF{}, init);
    });
    const T got = read_back(mine), got_again = read_back(again), cub = read_back(theirs);
    EXPECT(close_enough(cub, want), "cub::DeviceReduce::TransformReduce (square, sum, init 3) = %s, the CPU's = %s",
           text(cub).c, text(want.sum).c);
    EXPECT(close_enough(got, want), "cubling::DeviceReduce::TransformReduce (square, sum, init 3) = %s, the CPU's = %s",
           text(got).c, text(want.sum).c);
    EXPECT(same_bits(got, got_again), "cubling::DeviceReduce::TransformReduce is not deterministic: %s, then %s",
           text(got).c, text(got_again).c);
  }
  ++cases;
}

template <typename T>
void check_window(Pool<T>& pool, int64_t start, int64_t n, int64_t offset)
{
  const T* h    = pool.host.data() + start;
  const T* d_in = pool.device.ptr + start;
  check_set_context("%s, %lld items at element %lld (offset %lld from 16-byte alignment)", type_name<T>(),
              static_cast<long long>(n), static_cast<long long>(start), static_cast<long long>(offset));
  check_sum(h, d_in, n);
  check_reduce_custom(h, d_in, n);
  check_wide_and_transform(h, d_in, n);
}

// Floats of small whole numbers: any order of additions is exact, so the
// Sum must equal the CPU's bit for bit (and CUB's).
template <typename T>
void check_exact_window(Pool<T>& pool, int64_t start, int64_t n, int64_t offset)
{
  const T* h    = pool.host.data() + start;
  const T* d_in = pool.device.ptr + start;
  check_set_context("%s of whole numbers in [-8, 8], %lld items at element %lld (offset %lld)", type_name<T>(),
              static_cast<long long>(n), static_cast<long long>(start), static_cast<long long>(offset));
  double exact = 0;
  for (int64_t i = 0; i < n; ++i)
  {
    exact += static_cast<double>(h[i]);
  }
  const T want = static_cast<T>(exact);
  T* mine      = outs->slot<T>(0);
  T* theirs    = outs->slot<T>(1);
  poison(mine, poison_for(want));
  poison(theirs, poison_for(want));
  check_two_phase("cubling::DeviceReduce::Sum",
            [&](void* t, size_t& b) { return cubling::DeviceReduce::Sum(t, b, d_in, mine, n); });
  check_two_phase("cub::DeviceReduce::Sum", [&](void* t, size_t& b) { return cub::DeviceReduce::Sum(t, b, d_in, theirs, n); });
  const T got = read_back(mine), cub = read_back(theirs);
  EXPECT(same_bits(cub, want), "cub::DeviceReduce::Sum = %s, the exact sum is %s", text(cub).c, text(want).c);
  EXPECT(same_bits(got, want), "cubling::DeviceReduce::Sum = %s, the exact sum is %s", text(got).c, text(want).c);
  ++cases;
}

template <typename T>
void check_type(bool large, bool huge)
{
  std::printf("  %s\n", type_name<T>());
  std::fflush(stdout);
  sweep<T>(large, huge, false, [](Pool<T>& p, int64_t s, int64_t n, int64_t o) { check_window(p, s, n, o); });
  if constexpr (std::is_floating_point_v<T>)
  {
    sweep<T>(large, huge, true, [](Pool<T>& p, int64_t s, int64_t n, int64_t o) { check_exact_window(p, s, n, o); });
  }
}

// 2^31 + 5 int8 items: more than 2^31, in 2 GiB.
inline void check_huge_int8()
{
  const int64_t n             = HUGE_ITEMS;
  const std::vector<int8_t> h = huge_int8_input();
  DeviceArray<int8_t> d(h.size());
  d.upload(h.data(), h.size());
  check_set_context("int8, %lld items (2^31 + 5)", static_cast<long long>(n));

  int64_t exact = 0;
  for (int8_t v : h)
  {
    exact += v;
  }

  { // Sum into int8: wraps; CPU, CUB and cubling agree on the low 8 bits
    const int8_t want = static_cast<int8_t>(static_cast<uint8_t>(static_cast<uint64_t>(exact)));
    int8_t* mine      = outs->slot<int8_t>(0);
    int8_t* theirs    = outs->slot<int8_t>(1);
    poison(mine, poison_for(want));
    poison(theirs, poison_for(want));
    check_two_phase("cubling::DeviceReduce::Sum", [&](void* t, size_t& b) { return cubling::DeviceReduce::Sum(t, b, d.ptr, mine, n); });
    check_two_phase("cub::DeviceReduce::Sum", [&](void* t, size_t& b) { return cub::DeviceReduce::Sum(t, b, d.ptr, theirs, n); });
    EXPECT(read_back(theirs) == want, "cub::DeviceReduce::Sum into int8 = %d, want %d", read_back(theirs), want);
    EXPECT(read_back(mine) == want, "cubling::DeviceReduce::Sum into int8 = %d, want %d (CUB agrees)", read_back(mine), want);
    ++cases;
  }
  { // Sum into int64: the output type is the accumulator type, as in CUB
    int64_t* mine   = outs->slot<int64_t>(0);
    int64_t* theirs = outs->slot<int64_t>(1);
    poison(mine, 0xA5);
    poison(theirs, 0xA5);
    check_two_phase("cubling::DeviceReduce::Sum", [&](void* t, size_t& b) { return cubling::DeviceReduce::Sum(t, b, d.ptr, mine, n); });
    check_two_phase("cub::DeviceReduce::Sum", [&](void* t, size_t& b) { return cub::DeviceReduce::Sum(t, b, d.ptr, theirs, n); });
    EXPECT(read_back(theirs) == exact, "cub::DeviceReduce::Sum into int64 = %s, want %s", text(read_back(theirs)).c, text(exact).c);
    EXPECT(read_back(mine) == exact, "cubling::DeviceReduce::Sum into int64 = %s, want %s", text(read_back(mine)).c, text(exact).c);
    ++cases;
  }
  { // Reduce, summing in int64, init 5
    int64_t* mine   = outs->slot<int64_t>(0);
    int64_t* theirs = outs->slot<int64_t>(1);
    poison(mine, 0xA5);
    poison(theirs, 0xA5);
    check_two_phase("cubling::DeviceReduce::Reduce", [&](void* t, size_t& b) {
      return cubling::DeviceReduce::Reduce(t, b, d.ptr, mine, n, SumAs<int64_t>{}, int64_t{5});
    });
    check_two_phase("cub::DeviceReduce::Reduce", [&](void* t, size_t& b) {
      return cub::DeviceReduce::Reduce(t, b, d.ptr, theirs, n, SumAs<int64_t>{}, int64_t{5});
    });
    EXPECT(read_back(theirs) == exact + 5, "cub::DeviceReduce::Reduce (int64 sum) = %s, want %s", text(read_back(theirs)).c, text(exact + 5).c);
    EXPECT(read_back(mine) == exact + 5, "cubling::DeviceReduce::Reduce (int64 sum) = %s, want %s", text(read_back(mine)).c, text(exact + 5).c);
    ++cases;
  }
  { // TransformReduce: widen to int64, then sum, init -7
    int64_t* mine   = outs->slot<int64_t>(0);
    int64_t* theirs = outs->slot<int64_t>(1);
    poison(mine, 0xA5);
    poison(theirs, 0xA5);
    check_two_phase("cubling::DeviceReduce::TransformReduce", [&](void* t, size_t& b) {
      return cubling::DeviceReduce::TransformReduce(t, b, d.ptr, mine, n, SumAs<int64_t>{}, Widen<int64_t>{}, int64_t{-7});
    });
    check_two_phase("cub::DeviceReduce::TransformReduce", [&](void* t, size_t& b) {
      return cub::DeviceReduce::TransformReduce(t, b, d.ptr, theirs, n, SumAs<int64_t>{}, Widen<int64_t>{}, int64_t{-7});
    });
    EXPECT(read_back(theirs) == exact - 7, "cub::DeviceReduce::TransformReduce (int64 sum) = %s, want %s", text(read_back(theirs)).c, text(exact - 7).c);
    EXPECT(read_back(mine) == exact - 7, "cubling::DeviceReduce::TransformReduce (int64 sum) = %s, want %s", text(read_back(mine)).c, text(exact - 7).c);
    ++cases;
  }
}

} // namespace device_reduce_sum_test
