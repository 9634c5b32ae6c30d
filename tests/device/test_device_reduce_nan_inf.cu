// DeviceReduce with NaN and +-Inf in the input (float and double; 1, 2,
// 1000, 3 x 4096 + 5 and 100003 items), checked against the CPU and
// against cub::DeviceReduce:
//   - Sum: a NaN gives NaN; +Inf and -Inf together give NaN; +Inf alone
//     (once or three times) gives +Inf, -Inf alone -Inf;
//   - Min and Max: exactly -Inf and +Inf when those are present; with every
//     item +Inf (or -Inf), the initial value max() (lowest()), which Min
//     (Max) folds in, as CUB's does;
//   - Min and Max with a NaN: the contract written at nan_contract_holds(),
//     with the NaN at several places and the extremum planted next to it, in
//     the same thread's items or in another warp's, tile's or block's;
//   - ArgMin and ArgMax (both forms, and CUB's) with infinities: the first one.
#include "test_device_reduce.cuh"

namespace
{
using namespace device_reduce_test;

constexpr unsigned char POISON = 0xA5;
Outputs* outs                  = nullptr;

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

template <typename T>
T run_sum(const T* d_in, int64_t n, bool with_cub)
{
  T* out = outs->slot<T>(0);
  poison(out, POISON);
  if (with_cub)
  {
    check_two_phase("cub::DeviceReduce::Sum", [&](void* t, size_t& b) { return cub::DeviceReduce::Sum(t, b, d_in, out, n); });
  }
  else
  {
    check_two_phase("cubling::DeviceReduce::Sum",
              [&](void* t, size_t& b) { return cubling::DeviceReduce::Sum(t, b, d_in, out, n); });
  }
  return read_back(out);
}

template <bool MIN, typename T>
T run_extremum(const T* d_in, int64_t n, bool with_cub)
{
  T* out = outs->slot<T>(0);
  poison(out, POISON);
  check_two_phase("Min/Max", [&](void* t, size_t& b) {
    if constexpr (MIN)
    {
      return with_cub ? cub::DeviceReduce::Min(t, b, d_in, out, n) : cubling::DeviceReduce::Min(t, b, d_in, out, n);
    }
    else
    {
      return with_cub ? cub::DeviceReduce::Max(t, b, d_in, out, n) : cubling::DeviceReduce::Max(t, b, d_in, out, n);
    }
  });
  return read_back(out);
}

// ArgMin/ArgMax three ways: cubling's two outputs, cubling's pair, CUB's two
// outputs. All three must equal `want`.
template <bool MIN, typename T>
void check_arg(const T* d_in, int64_t n, const cubling::KeyValuePair<int64_t, T>& want)
{
  T* value          = outs->slot<T>(0);
  int64_t* index    = outs->slot<int64_t>(1);
  auto* pair        = outs->slot<cubling::KeyValuePair<int64_t, T>>(2);
  T* cub_value      = outs->slot<T>(3);
  int64_t* cub_index = outs->slot<int64_t>(4);
  const char* name  = MIN ? "ArgMin" : "ArgMax";
  for (void* p : {static_cast<void*>(value), static_cast<void*>(index), static_cast<void*>(pair),
                  static_cast<void*>(cub_value), static_cast<void*>(cub_index)})
  {
    CHECK_CUDA(cudaMemset(p, POISON, 16));
  }
  check_two_phase(name, [&](void* t, size_t& b) {
    if constexpr (MIN)
    {
      return cubling::DeviceReduce::ArgMin(t, b, d_in, value, index, n);
    }
    else
    {
      return cubling::DeviceReduce::ArgMax(t, b, d_in, value, index, n);
    }
  });
  check_two_phase(name, [&](void* t, size_t& b) {
    if constexpr (MIN)
    {
      return cubling::DeviceReduce::ArgMin(t, b, d_in, pair, n);
    }
    else
    {
      return cubling::DeviceReduce::ArgMax(t, b, d_in, pair, n);
    }
  });
  check_two_phase(name, [&](void* t, size_t& b) {
    if constexpr (MIN)
    {
      return cub::DeviceReduce::ArgMin(t, b, d_in, cub_value, cub_index, n);
    }
    else
    {
      return cub::DeviceReduce::ArgMax(t, b, d_in, cub_value, cub_index, n);
    }
  });
  const T cv = read_back(cub_value), v = read_back(value);
  const int64_t ci = read_back(cub_index), i = read_back(index);
  const auto p     = read_back(pair);
  EXPECT(ci == want.key && same_bits(cv, want.value), "cub::DeviceReduce::%s = {%s at %lld}, want {%s at %lld}", name,
         text(cv).c, static_cast<long long>(ci), text(want.value).c, static_cast<long long>(want.key));
  EXPECT(i == want.key && same_bits(v, want.value), "cubling::DeviceReduce::%s (value, index) = {%s at %lld}, want {%s at %lld}",
         name, text(v).c, static_cast<long long>(i), text(want.value).c, static_cast<long long>(want.key));
  EXPECT(p.key == want.key && same_bits(p.value, want.value),
         "cubling::DeviceReduce::%s (KeyValuePair) = {key %lld, value %s}, want {key %lld, value %s}", name,
         static_cast<long long>(p.key), text(p.value).c, static_cast<long long>(want.key), text(want.value).c);
  ++cases;
}

// The NaN contract of Min and Max. IEEE comparisons with a NaN are all
// false, so "the smallest item" of an input with a NaN has no single right
// answer, and cubling (like CUB) promises none. What it must not do is return
// something that is neither: the result is a NaN, or the min (max) of the
// non-NaN items and the initial value numeric_limits<T>::max() (lowest()).
// (CUB 3.0.1 is not held to this: its result may skip the items that met a
// NaN first, so it is not checked here.)
template <bool MIN, typename T>
bool nan_contract_holds(T got, const std::vector<T>& h)
{
  if (std::isnan(got))
  {
    return true;
  }
  T best = MIN ? std::numeric_limits<T>::max() : std::numeric_limits<T>::lowest();
  for (T x : h)
  {
    if (!std::isnan(x))
    {
      best = MIN ? (x < best ? x : best) : (best < x ? x : best);
    }
  }
  return same_bits(got, best);
}

// Breaches of the NaN contract are listed (the first few) and counted, and
// fail the program at the end, so that the rest of the checks still run.
int nan_breaches = 0;

void nan_contract_broken(const char* op, const char* got)
{
  if (++nan_breaches <= 10)
  {
    std::fprintf(stderr, "NaN contract broken: cubling::DeviceReduce::%s = %s, neither NaN nor the %s non-NaN item: %s\n",
                 op, got, op[1] == 'i' ? "smallest" : "largest", check_context);
  }
}

template <typename T>
void check_nan_inf(int64_t n)
{
  const T inf = std::numeric_limits<T>::infinity();
  const T nan = std::numeric_limits<T>::quiet_NaN();
  std::vector<T> base(static_cast<size_t>(n));
  for (T& x : base)
  {
    x = random_real<T>();
  }
  DeviceArray<T> d(static_cast<size_t>(n));
  auto load = [&](const std::vector<T>& h) { d.upload(h.data(), h.size()); };

  // One NaN at p; and, for Min and Max, the extremum planted at p +- delta, in
  // the same thread's items or in another warp's, tile's or block's.
  std::vector<int64_t> nan_at = {0, 1, 7, 256, n / 2, n - 1};
  for (int64_t p : nan_at)
  {
    if (p < 0 || p >= n)
    {
      continue;
    }
    std::vector<T> h = base;
    h[p]             = nan;
    load(h);
    check_set_context("%s, %lld items, a NaN at %lld", type_name<T>(), static_cast<long long>(n), static_cast<long long>(p));
    EXPECT(std::isnan(run_sum(d.ptr, n, true)), "cub::DeviceReduce::Sum is not NaN");
    const T s = run_sum(d.ptr, n, false);
    EXPECT(std::isnan(s), "cubling::DeviceReduce::Sum = %s, not NaN", text(s).c);
    ++cases;
    for (int64_t delta : {0, 1, -1, 2, 4, 32, -32, 255, 256, -256, 1024, 4096, -4096, 16384})
    {
      const int64_t m = p + delta;
      if (m < 0 || m >= n)
      {
        continue;
      }
      std::vector<T> hm = h;
      if (m != p)
      {
        hm[m] = T(-100);
        if (m + 1 < n && m + 1 != p)
        {
          hm[m + 1] = T(100);
        }
      }
      load(hm);
      check_set_context("%s, %lld items, a NaN at %lld, -100 at %lld, 100 next to it", type_name<T>(),
                  static_cast<long long>(n), static_cast<long long>(p), static_cast<long long>(m));
      const T mn = run_extremum<true>(d.ptr, n, false);
      const T mx = run_extremum<false>(d.ptr, n, false);
      if (!nan_contract_holds<true>(mn, hm))
      {
        nan_contract_broken("Min", text(mn).c);
      }
      if (!nan_contract_holds<false>(mx, hm))
      {
        nan_contract_broken("Max", text(mx).c);
      }
      ++cases;
    }
  }

  if (n >= 2)
  { // +Inf and -Inf: the sum is NaN; Min and Max are exact; ArgMin/ArgMax find the first
    std::vector<int64_t> pos = {static_cast<int64_t>(check_random(&rng) % n), static_cast<int64_t>(check_random(&rng) % n)};
    if (pos[0] == pos[1])
    {
      pos[1] = (pos[0] + 1) % n;
    }
    std::vector<T> h = base;
    h[pos[0]]        = inf;
    h[pos[1]]        = -inf;
    const int64_t second_inf = n > 2 ? (pos[0] + n / 2) % n : pos[0];
    if (second_inf != pos[1])
    {
      h[second_inf] = inf;
    }
    load(h);
    check_set_context("%s, %lld items, +Inf at %lld (and %lld), -Inf at %lld", type_name<T>(), static_cast<long long>(n),
                static_cast<long long>(pos[0]), static_cast<long long>(second_inf), static_cast<long long>(pos[1]));
    EXPECT(std::isnan(run_sum(d.ptr, n, true)), "cub::DeviceReduce::Sum is not NaN");
    EXPECT(std::isnan(run_sum(d.ptr, n, false)), "cubling::DeviceReduce::Sum of +Inf and -Inf is not NaN");
    EXPECT(run_extremum<true>(d.ptr, n, true) == -inf, "cub::DeviceReduce::Min is not -Inf");
    EXPECT(run_extremum<false>(d.ptr, n, true) == inf, "cub::DeviceReduce::Max is not +Inf");
    EXPECT(run_extremum<true>(d.ptr, n, false) == -inf, "cubling::DeviceReduce::Min is not -Inf");
    EXPECT(run_extremum<false>(d.ptr, n, false) == inf, "cubling::DeviceReduce::Max is not +Inf");
    check_arg<true>(d.ptr, n, first_extremum<true>(h.data(), n));
    check_arg<false>(d.ptr, n, first_extremum<false>(h.data(), n));
    ++cases;
  }
  for (int sign : {1, -1})
  { // Only +Inf (or only -Inf), once and three times: the sum is that infinity
    for (int count : {1, 3})
    {
      std::vector<T> h = base;
      for (int k = 0; k < count; ++k)
      {
        h[check_random(&rng) % n] = sign * inf;
      }
      load(h);
      check_set_context("%s, %lld items, %d x %cInf", type_name<T>(), static_cast<long long>(n), count, sign > 0 ? '+' : '-');
      const T want = sign * inf;
      EXPECT(run_sum(d.ptr, n, true) == want, "cub::DeviceReduce::Sum is not the infinity");
      const T s = run_sum(d.ptr, n, false);
      EXPECT(s == want, "cubling::DeviceReduce::Sum = %s, not %cInf", text(s).c, sign > 0 ? '+' : '-');
      if (sign > 0)
      {
        EXPECT(run_extremum<false>(d.ptr, n, false) == inf, "cubling::DeviceReduce::Max is not +Inf");
        check_arg<false>(d.ptr, n, first_extremum<false>(h.data(), n));
      }
      else
      {
        EXPECT(run_extremum<true>(d.ptr, n, false) == -inf, "cubling::DeviceReduce::Min is not -Inf");
        check_arg<true>(d.ptr, n, first_extremum<true>(h.data(), n));
      }
      ++cases;
    }
  }
  { // Every item +Inf: Min folds in its initial value max(), as CUB's does, so
    // it is max(), not +Inf; ArgMin's initial value is only the empty result,
    // so it is {0, +Inf}. Likewise for -Inf and Max.
    for (int sign : {1, -1})
    {
      std::vector<T> h(static_cast<size_t>(n), sign * inf);
      load(h);
      check_set_context("%s, %lld items, all %cInf", type_name<T>(), static_cast<long long>(n), sign > 0 ? '+' : '-');
      const T cub_min = run_extremum<true>(d.ptr, n, true), cub_max = run_extremum<false>(d.ptr, n, true);
      const T mn = run_extremum<true>(d.ptr, n, false), mx = run_extremum<false>(d.ptr, n, false);
      const T want_min = fold(h.data(), n, std::numeric_limits<T>::max(), MinOf{}, Same{});
      const T want_max = fold(h.data(), n, std::numeric_limits<T>::lowest(), MaxOf{}, Same{});
      EXPECT(same_bits(cub_min, want_min) && same_bits(cub_max, want_max), "CUB: Min %s, Max %s; want %s, %s",
             text(cub_min).c, text(cub_max).c, text(want_min).c, text(want_max).c);
      EXPECT(same_bits(mn, want_min), "cubling::DeviceReduce::Min = %s, want %s (as CUB)", text(mn).c, text(want_min).c);
      EXPECT(same_bits(mx, want_max), "cubling::DeviceReduce::Max = %s, want %s (as CUB)", text(mx).c, text(want_max).c);
      check_arg<true>(d.ptr, n, first_extremum<true>(h.data(), n));
      check_arg<false>(d.ptr, n, first_extremum<false>(h.data(), n));
      ++cases;
    }
  }
}

void device()
{
  Outputs o;
  outs = &o;
  for (int64_t n : {int64_t{1}, int64_t{2}, int64_t{1000}, int64_t{3 * 4096 + 5}, int64_t{100003}})
  {
    check_nan_inf<float>(n);
    check_nan_inf<double>(n);
  }
  check_set_context("NaN and Inf");
  EXPECT(nan_breaches == 0,
         "with a NaN in the input, cubling::DeviceReduce::Min/Max returned neither NaN nor the extremum of the "
         "other items %d times (the first are listed above)",
         nan_breaches);
  outs = nullptr;
}

} // namespace

int main(int argc, char** argv)
{
  return device_reduce_test::run(argc, argv, "DeviceReduce NaN/Inf", nullptr, device);
}
