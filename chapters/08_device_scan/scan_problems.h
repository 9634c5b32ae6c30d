// scan_problems.h: the problems of chapter 08 besides inclusive_sum_i32
// (chapters/common/problems.h), on which its VERSUS rows put
// cubling::DeviceScan next to cub::DeviceScan: a float sum, a scan with a
// non-commutative 8-byte operator, and a scan by key. Each is a struct of
// typed traits (chapters/common/problem.h) with a CPU reference and a CUB
// oracle, defined in scan_problems.cu. CMake passes this header to the
// runner (cubling_add_chapter(PROBLEMS_HEADER ...)), so the chapter's table
// may name these problems beside the shared ones.
#pragma once

#include <cstdint>

#include "problems.h"

namespace problems
{

//! Exclusive prefix sums of n float32 values: out[0] = 0, out[i] = in[0] +
//! ... + in[i - 1]. The values are multiples of 1/8 in [-8, 8], as in
//! reduce_sum_f32: every partial sum of a random walk of up to 2^28 of them
//! stays a multiple of 1/8 far below 2^21 in magnitude, so float adds them
//! exactly, in any order and any grouping, and the result is compared bit
//! for bit with the CPU's and CUB's. (Determinism with inputs that round is
//! what tests/ checks; here the row measures speed on checkable data.)
//! Bytes counted: n * 4 read plus n * 4 written.
//! Oracle: cub::DeviceScan::ExclusiveSum.
struct exclusive_sum_f32 : runner::CountVariants
{
  using In  = Arrays<float>;
  using Out = Arrays<float>;
  static constexpr char name[] = "exclusive_sum_f32", title[] = "exclusive prefix sum of float32",
                        item_type[] = "float32", oracle_name[] = "cub::DeviceScan::ExclusiveSum";
  static double bytes_moved(int64_t n);
  static void fill(const Host<In>& in, const Axes&, uint64_t seed);
  static void reference(const ConstHost<In>& in, const Params&, const Axes&, const Host<Out>& out);
  static size_t oracle_scratch_bytes(int64_t n);
  static void oracle(const runner::Args<exclusive_sum_f32>& a);
};

// example-begin affine
//! An affine map of floats, x -> a * x + b.
struct AffineMap
{
  float a, b;
};

//! Apply f, then g: x -> g.a * (f.a * x + f.b) + g.b. Associative, and not
//! commutative: a scan that combines two items in the wrong order computes
//! another map.
struct ComposeAffineMaps
{
  __host__ __device__ AffineMap operator()(const AffineMap& f, const AffineMap& g) const
  {
    return {f.a * g.a, f.b * g.a + g.b};
  }
};
// example-end affine

//! Inclusive scan of n affine maps under composition: out[i] = in[0], then
//! in[1], ..., then in[i], as one map. An 8-byte value with a
//! non-commutative operator. The maps have a in {1, -1} and b an integer in
//! [-8, 8], so every composition of a run of them is a map with a = +-1 and
//! an integer b: a random walk whose size, even over 2^28 maps, stays far
//! below 2^24, where floats stop holding every integer. Every grouping of
//! the compositions is therefore exact, and the check is bit for bit.
//! Bytes counted: n * 8 read plus n * 8 written.
//! Oracle: cub::DeviceScan::InclusiveScan.
struct inclusive_affine_f32x2 : runner::CountVariants
{
  using In  = Arrays<AffineMap>;
  using Out = Arrays<AffineMap>;
  static constexpr char name[] = "inclusive_affine_f32x2", title[] = "inclusive scan of affine maps (two float32)",
                        item_type[] = "float32x2", oracle_name[] = "cub::DeviceScan::InclusiveScan (composition)";
  static double bytes_moved(int64_t n);
  static void fill(const Host<In>& in, const Axes&, uint64_t seed);
  static void reference(const ConstHost<In>& in, const Params&, const Axes&, const Host<Out>& out);
  static std::string text(const AffineMap& f);
  static size_t oracle_scratch_bytes(int64_t n);
  static void oracle(const runner::Args<inclusive_affine_f32x2>& a);
};

//! Inclusive prefix sums of int32 values (random, in [-1000, 1000]) that
//! start again wherever the int32 key changes: out[i] = in[s] + ... + in[i],
//! where s is the first item of i's run of equal keys. The keys are
//! non-decreasing, and a new one starts at each item with probability 1/100:
//! segments of random length, 100 items on average. Wrapping on overflow.
//! Bytes counted: n * 4 keys and n * 4 values read, n * 4 written.
//! Oracle: cub::DeviceScan::InclusiveSumByKey.
struct inclusive_sum_by_key_i32 : runner::CountVariants
{
  using In  = Arrays<int, int>; // keys, values
  using Out = Arrays<int>;
  static constexpr int mean_segment = 100;
  static constexpr char name[] = "inclusive_sum_by_key_i32", title[] = "inclusive prefix sums of int32 by int32 key",
                        item_type[] = "int32/int32", oracle_name[] = "cub::DeviceScan::InclusiveSumByKey";
  static double bytes_moved(int64_t n);
  static void fill(const Host<In>& in, const Axes&, uint64_t seed);
  static void reference(const ConstHost<In>& in, const Params&, const Axes&, const Host<Out>& out);
  static size_t oracle_scratch_bytes(int64_t n);
  static void oracle(const runner::Args<inclusive_sum_by_key_i32>& a);
};

} // namespace problems
