// test_problems.h: two small problems that drive the runner's features before
// the scan and sort chapters rely on them: two inputs and two outputs, a
// parameter, the in place and DoubleBuffer modes, key distributions, a bit
// range and a direction. Each is a struct of typed traits
// (chapters/common/problem.h); nothing here touches runner.cu. The calls of
// CUB are in test_problems.cu: this header is host code, which the runner's
// main() includes.
#pragma once

#include <cuda_runtime_api.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include "check.h"
#include "problem.h"

namespace problems
{

using runner::Arrays;
using runner::Axes;
using runner::bit;
using runner::ConstHost;
using runner::Distribution;
using runner::Host;
using runner::Mode;

//! Every distribution of runner::Distribution.
constexpr unsigned every_distribution = (1u << 6) - 1;

//! Two exclusive scans with an initial value (a parameter): one over int32,
//! one over int64, both wrapping on overflow. Out of place, or in place.
//! Oracle: cub::DeviceScan::ExclusiveScan, twice.
struct test_scan_pairs : runner::ProblemDefaults
{
  using In  = Arrays<int32_t, int64_t>;
  using Out = Arrays<int32_t, int64_t>;
  struct Params
  {
    int32_t init;
  };
  static constexpr unsigned modes         = bit(Mode::out_of_place) | bit(Mode::in_place);
  static constexpr unsigned distributions = every_distribution;
  static constexpr char name[] = "test_scan_pairs", title[] = "two exclusive scans (int32, int64) with an initial value",
                        item_type[] = "int32+int64", oracle_name[] = "cub::DeviceScan::ExclusiveScan (twice)";

  static double bytes_moved(int64_t n)
  {
    return 2.0 * static_cast<double>(n) * (sizeof(int32_t) + sizeof(int64_t));
  }
  static Params make_params(const Axes&, uint64_t seed)
  {
    return {static_cast<int32_t>(seed % 1000) + 1}; // never 0: a lost initial value shows
  }
  static std::string params_text(const Params& p)
  {
    return "init " + std::to_string(p.init);
  }
  static void fill(const Host<In>& in, const Axes& axes, uint64_t seed)
  {
    runner::fill_keys(std::get<0>(in), axes.distribution, seed);
    runner::fill_keys(std::get<1>(in), axes.distribution, seed ^ 0x5eed);
  }
  template <typename T>
  static void exclusive_scan(const runner::Span<const T>& in, T init, const runner::Span<T>& out)
  {
    using U = std::make_unsigned_t<T>; // wraps on overflow, as the GPU's adds do
    U sum   = static_cast<U>(init);
    for (int64_t i = 0; i < in.count; ++i)
    {
      out[i] = static_cast<T>(sum);
      sum += static_cast<U>(in[i]);
    }
  }
  static void reference(const ConstHost<In>& in, const Params& p, const Axes&, const Host<Out>& out)
  {
    exclusive_scan<int32_t>(std::get<0>(in), p.init, std::get<0>(out));
    exclusive_scan<int64_t>(std::get<1>(in), p.init, std::get<1>(out));
  }
  //! cub::DeviceScan::ExclusiveScan with a sum, for int32_t and int64_t: the
  //! oracle's scans, and the steps'.
  template <typename T>
  static cudaError_t scan(void* temp, size_t& bytes, const T* in, T* out, T init, int64_t n, cudaStream_t stream);
  static size_t oracle_scratch_bytes(int64_t n);
  //! In place, each scan reads and writes its output, which holds the input.
  static void oracle(const runner::Args<test_scan_pairs>& a);
};

//! Sort (key, value) pairs of uint32 by the key's bits [begin_bit, end_bit),
//! ascending or descending, stably; values are the input positions, so a
//! sort that is not stable shows. Out of place, or in a DoubleBuffer.
//! Oracle: cub::DeviceRadixSort::SortPairs(Descending), with pointers or a
//! DoubleBuffer.
struct test_sort_pairs_u32 : runner::ProblemDefaults
{
  using In  = Arrays<uint32_t, uint32_t>;
  using Out = Arrays<uint32_t, uint32_t>;
  static constexpr unsigned modes         = bit(Mode::out_of_place) | bit(Mode::double_buffer);
  static constexpr unsigned distributions = every_distribution;
  static constexpr char name[] = "test_sort_pairs_u32", title[] = "sort uint32 keys with uint32 values",
                        item_type[] = "u32/u32", oracle_name[] = "cub::DeviceRadixSort::SortPairs";

  static double bytes_moved(int64_t n)
  {
    return 4.0 * static_cast<double>(n) * sizeof(uint32_t); // keys and values, read once and written once
  }
  static void fill(const Host<In>& in, const Axes& axes, uint64_t seed)
  {
    runner::fill_keys(std::get<0>(in), axes.distribution, seed);
    std::iota(std::get<1>(in).begin(), std::get<1>(in).end(), 0u);
  }
  static void reference(const ConstHost<In>& in, const Params&, const Axes& axes, const Host<Out>& out)
  {
    const auto& keys  = std::get<0>(in);
    const int end_bit = axes.end_bit < 0 ? 32 : axes.end_bit;
    const uint32_t mask =
      end_bit - axes.begin_bit >= 32 ? ~0u : ((1u << (end_bit - axes.begin_bit)) - 1u) << axes.begin_bit;
    std::vector<int64_t> order(static_cast<size_t>(keys.count));
    std::iota(order.begin(), order.end(), int64_t{0});
    std::stable_sort(order.begin(), order.end(), [&](int64_t x, int64_t y) {
      return axes.descending ? (keys[x] & mask) > (keys[y] & mask) : (keys[x] & mask) < (keys[y] & mask);
    });
    for (size_t i = 0; i < order.size(); ++i)
    {
      std::get<0>(out)[static_cast<int64_t>(i)] = keys[order[i]];
      std::get<1>(out)[static_cast<int64_t>(i)] = std::get<1>(in)[order[i]];
    }
  }
  static size_t oracle_scratch_bytes(int64_t n);
  static void oracle(const runner::Args<test_sort_pairs_u32>& a);
};

//! Sort with CUB's DoubleBuffer: the keys and values start in out<K>() (the
//! runner's fresh copy of the input) with alt<K>() as the alternate; the
//! buffers' selector, which CUB sets, goes back to the runner.
void sort_pairs_double_buffer(const runner::Args<test_sort_pairs_u32>& a);

//! Sort from `keys_in`/`values_in` into `keys_out`/`values_out`, with pointers.
void sort_pairs_pointers(const runner::Args<test_sort_pairs_u32>& a, const uint32_t* keys_in,
                         const uint32_t* values_in, uint32_t* keys_out, uint32_t* values_out);

} // namespace problems
