// problems.h: the problems that chapters solve, each a struct of typed
// traits (problem.h) with its CPU reference and its CUB (or CUDA runtime)
// oracle. Several chapters share one problem (chapters 01, 02, 03 and 05 all
// sum int32), so each is declared once, here, and defined in problems.cu.
// What scratch a chapter's steps need is the chapter's business (SCRATCH in
// its steps.def); a problem only says what its oracle needs.
#pragma once

#include <cstdint>

#include <cubling/util/key_value_pair.cuh>

#include "problem.h"

namespace problems
{

using runner::Arrays;
using runner::Axes;
using runner::ConstHost;
using runner::Host;

//! A reduction of n items of type T to one: the parts every reduction shares.
template <typename T, typename Result = T>
struct Reduction : runner::ProblemDefaults
{
  using In  = Arrays<T>;
  using Out = Arrays<Result>;
  static int64_t out_count(int, int64_t)
  {
    return 1;
  }
  //! Bytes an ideal kernel must move: the items read once.
  static double bytes_moved(int64_t n)
  {
    return static_cast<double>(sizeof(T)) * static_cast<double>(n);
  }
};

//! Sum of n int32 values (random, in [-1000, 1000]) into one int32.
//! Oracle: cub::DeviceReduce::Sum.
struct reduce_sum_i32 : Reduction<int>
{
  static constexpr char name[] = "reduce_sum_i32", title[] = "sum of int32", item_type[] = "int32",
                        oracle_name[] = "cub::DeviceReduce::Sum";
  static void fill(const Host<In>& in, const Axes&, uint64_t seed);
  static void reference(const ConstHost<In>& in, const Params&, const Axes&, const Host<Out>& out);
  static size_t oracle_scratch_bytes(int64_t n);
  static void oracle(const runner::Args<reduce_sum_i32>& a);
};

//! Sum of n float32 values (multiples of 1/8 in [-8, 8], so that every order
//! of addition gives the same, exact sum). Oracle: cub::DeviceReduce::Sum.
struct reduce_sum_f32 : Reduction<float>
{
  static constexpr char name[] = "reduce_sum_f32", title[] = "sum of float32", item_type[] = "float32",
                        oracle_name[] = "cub::DeviceReduce::Sum";
  static void fill(const Host<In>& in, const Axes&, uint64_t seed);
  static void reference(const ConstHost<In>& in, const Params&, const Axes&, const Host<Out>& out);
  static size_t oracle_scratch_bytes(int64_t n);
  static void oracle(const runner::Args<reduce_sum_f32>& a);
};

//! Sum of the squares of n float32 values (random in [-1, 1): the squared
//! Euclidean norm). Oracle: cub::DeviceReduce::TransformReduce with a square.
//! The sum is compared with a double-precision CPU sum, to a relative 1e-5:
//! every term is positive, so any order of addition lands that close.
struct reduce_sum_squares_f32 : Reduction<float>
{
  static constexpr char name[] = "reduce_sum_squares_f32", title[] = "sum of squares of float32",
                        item_type[]   = "float32",
                        oracle_name[] = "cub::DeviceReduce::TransformReduce (square, then +)";

  // example-begin square
  //! The transform: x -> x * x. A plain function object, callable on the
  //! host and on the device, with no state.
  struct Square
  {
    __host__ __device__ float operator()(float x) const
    {
      return x * x;
    }
  };
  // example-end square

  static void fill(const Host<In>& in, const Axes&, uint64_t seed);
  static void reference(const ConstHost<In>& in, const Params&, const Axes&, const Host<Out>& out);
  static bool same(float got, float want);
  static size_t oracle_scratch_bytes(int64_t n);
  static void oracle(const runner::Args<reduce_sum_squares_f32>& a);
};

//! Minimum of n int32 values (random, every bit pattern). Oracle: cub::DeviceReduce::Min.
struct reduce_min_i32 : Reduction<int>
{
  static constexpr char name[] = "reduce_min_i32", title[] = "minimum of int32", item_type[] = "int32",
                        oracle_name[] = "cub::DeviceReduce::Min";
  static void fill(const Host<In>& in, const Axes&, uint64_t seed);
  static void reference(const ConstHost<In>& in, const Params&, const Axes&, const Host<Out>& out);
  static size_t oracle_scratch_bytes(int64_t n);
  static void oracle(const runner::Args<reduce_min_i32>& a);
};

//! Maximum of n int32 values (random, every bit pattern). Oracle: cub::DeviceReduce::Max.
struct reduce_max_i32 : Reduction<int>
{
  static constexpr char name[] = "reduce_max_i32", title[] = "maximum of int32", item_type[] = "int32",
                        oracle_name[] = "cub::DeviceReduce::Max";
  static void fill(const Host<In>& in, const Axes&, uint64_t seed);
  static void reference(const ConstHost<In>& in, const Params&, const Axes&, const Host<Out>& out);
  static size_t oracle_scratch_bytes(int64_t n);
  static void oracle(const runner::Args<reduce_max_i32>& a);
};

//! The first minimum of n int32 values in [-2^20, 2^20] (so, at large n,
//! with many ties) and its index. Oracle: cub::DeviceReduce::ArgMin, the
//! two-output form.
struct reduce_argmin_i32 : Reduction<int, cubling::KeyValuePair<int64_t, int>>
{
  using Result = cubling::KeyValuePair<int64_t, int>; //!< key: the index
  static constexpr char name[] = "reduce_argmin_i32", title[] = "first minimum of int32, with its index",
                        item_type[] = "int32", oracle_name[] = "cub::DeviceReduce::ArgMin";
  static void fill(const Host<In>& in, const Axes&, uint64_t seed);
  static void reference(const ConstHost<In>& in, const Params&, const Axes&, const Host<Out>& out);
  static bool same(const Result& got, const Result& want); //!< the members only: the padding stays poisoned
  static std::string text(const Result& value);
  static size_t oracle_scratch_bytes(int64_t n);
  static void oracle(const runner::Args<reduce_argmin_i32>& a);
};

//! Copy n int32 values (random, every bit pattern) to a second array.
//! Oracle: cudaMemcpyAsync device to device. Bytes counted: n * 4 read plus
//! n * 4 written.
struct copy_i32 : runner::ProblemDefaults
{
  using In  = Arrays<int>;
  using Out = Arrays<int>;
  static constexpr char name[] = "copy_i32", title[] = "copy of int32", item_type[] = "int32",
                        oracle_name[] = "cudaMemcpyAsync (device to device)";
  static double bytes_moved(int64_t n);
  static void fill(const Host<In>& in, const Axes&, uint64_t seed);
  static void reference(const ConstHost<In>& in, const Params&, const Axes&, const Host<Out>& out);
  static size_t oracle_scratch_bytes(int64_t n);
  static void oracle(const runner::Args<copy_i32>& a);
};

//! Sums of consecutive segments of SEGMENT int32 values (random, in [-1000,
//! 1000]): out[s] = in[s * SEGMENT] + ... + in[s * SEGMENT + SEGMENT - 1],
//! one int32 per segment; when SEGMENT does not divide n, the last segment
//! is partial. Many independent small reductions, where a single reduction
//! over n items has one: the cost of each reduction's combine is paid once
//! per segment, so it cannot hide behind a long loop. Bytes counted: n * 4
//! read plus one int32 written per segment.
template <int SEGMENT>
struct SegmentSums : runner::ProblemDefaults
{
  using In                           = Arrays<int>;
  using Out                          = Arrays<int>;
  static constexpr int segment_items = SEGMENT;
  static int64_t out_count(int, int64_t n)
  {
    return (n + SEGMENT - 1) / SEGMENT;
  }
  static double bytes_moved(int64_t n)
  {
    return 4.0 * static_cast<double>(n) + 4.0 * static_cast<double>(out_count(0, n));
  }
};

//! One sum per segment of 32 int32 (a warp's worth, one item per lane).
//! Oracle: cub::DeviceSegmentedReduce::Sum, the offsets made by iterators.
struct segment_sums_i32 : SegmentSums<32>
{
  static constexpr char name[] = "segment_sums_i32", title[] = "sums of 32-item segments of int32",
                        item_type[] = "int32", oracle_name[] = "cub::DeviceSegmentedReduce::Sum";
  static void fill(const Host<In>& in, const Axes&, uint64_t seed);
  static void reference(const ConstHost<In>& in, const Params&, const Axes&, const Host<Out>& out);
  static size_t oracle_scratch_bytes(int64_t n);
  static void oracle(const runner::Args<segment_sums_i32>& a);
};

//! One sum per tile of 512 int32 (a block's worth: one item per thread of a
//! 512-thread block, or two per thread of a 256-thread block). Oracle:
//! cub::DeviceSegmentedReduce::Sum.
struct tile_sums_i32 : SegmentSums<512>
{
  static constexpr char name[] = "tile_sums_i32", title[] = "sums of 512-item tiles of int32", item_type[] = "int32",
                        oracle_name[] = "cub::DeviceSegmentedReduce::Sum";
  static void fill(const Host<In>& in, const Axes&, uint64_t seed);
  static void reference(const ConstHost<In>& in, const Params&, const Axes&, const Host<Out>& out);
  static size_t oracle_scratch_bytes(int64_t n);
  static void oracle(const runner::Args<tile_sums_i32>& a);
};

//! Inclusive prefix sums of n int32 values (random, in [-1000, 1000]):
//! out[i] = in[0] + ... + in[i], wrapping on overflow as the GPU's adds do.
//! Out of place, or in place (the result overwrites the input, which CUB
//! allows: d_in == d_out). Bytes counted: n * 4 read plus n * 4 written.
//! Oracle: cub::DeviceScan::InclusiveSum.
struct inclusive_sum_i32 : runner::CountVariants
{
  using In  = Arrays<int>;
  using Out = Arrays<int>;
  static constexpr unsigned modes = runner::bit(runner::Mode::out_of_place) | runner::bit(runner::Mode::in_place);
  static constexpr char name[] = "inclusive_sum_i32", title[] = "inclusive prefix sum of int32", item_type[] = "int32",
                        oracle_name[] = "cub::DeviceScan::InclusiveSum";
  static double bytes_moved(int64_t n);
  static void fill(const Host<In>& in, const Axes&, uint64_t seed);
  static void reference(const ConstHost<In>& in, const Params&, const Axes&, const Host<Out>& out);
  static size_t oracle_scratch_bytes(int64_t n);
  //! In place, CUB reads and writes out(), which holds the input.
  static void oracle(const runner::Args<inclusive_sum_i32>& a);
};

//! Inclusive prefix sums of n int32 values (random, in [-1000, 1000]) that
//! start again at every tile of 1024 items: out[i] = in[t] + ... + in[i],
//! where t = i - i % 1024, wrapping on overflow. Many independent scans of
//! a block's worth each, so that a block scan is the whole cost of a block's
//! life. 1024 is the most items a block can scan one item per thread (a
//! block has at most 1024 threads), and 8 items per thread of a 128-thread
//! block, 4 of a 256-thread one. When 1024 does not divide n, the last tile
//! is partial. Bytes counted: n * 4 read plus n * 4 written.
//! Oracle: cub::DeviceScan::InclusiveSumByKey, the key of item i being
//! i / 1024 (a counting iterator through a transform).
struct tile_scans_i32 : runner::ProblemDefaults
{
  using In                        = Arrays<int>;
  using Out                       = Arrays<int>;
  static constexpr int tile_items = 1024;
  static constexpr char name[] = "tile_scans_i32", title[] = "inclusive prefix sums of 1024-item tiles of int32",
                        item_type[] = "int32", oracle_name[] = "cub::DeviceScan::InclusiveSumByKey (key: index / 1024)";
  static double bytes_moved(int64_t n);
  static void fill(const Host<In>& in, const Axes&, uint64_t seed);
  static void reference(const ConstHost<In>& in, const Params&, const Axes&, const Host<Out>& out);
  static size_t oracle_scratch_bytes(int64_t n);
  static void oracle(const runner::Args<tile_scans_i32>& a);
};

} // namespace problems
