// problems.h: the problems that chapters solve, each with its CPU reference
// and its CUB (or CUDA runtime) oracle. Several chapters share one problem (chapters 01, 02, 03
// and 05 all sum int32), so each is defined once, here.
#pragma once

#include <cubling/util/key_value_pair.cuh>

#include "runner.h"

namespace problems
{

//! Sum of n int32 values (random, in [-1000, 1000]) into one int32.
//! Oracle: cub::DeviceReduce::Sum. Bytes counted: the n * 4 bytes read.
struct reduce_sum_i32
{
  using In  = int;
  using Out = int;
  static const runner::Problem problem;
};

//! Sum of n float32 values (multiples of 1/8 in [-8, 8], so that every order
//! of addition gives the same, exact sum). Oracle: cub::DeviceReduce::Sum.
struct reduce_sum_f32
{
  using In  = float;
  using Out = float;
  static const runner::Problem problem;
};

//! Sum of the squares of n float32 values (random in [-1, 1): the squared
//! Euclidean norm). Oracle: cub::DeviceReduce::TransformReduce with a square.
//! The sum is compared with a double-precision CPU sum, to a relative 1e-5:
//! every term is positive, so any order of addition lands that close.
//! Scratch: room for n squares (for a step that writes them out) and for
//! DeviceReduce's temporary storage, cubling's or CUB's.
struct reduce_sum_squares_f32
{
  using In  = float;
  using Out = float;
  static const runner::Problem problem;

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

  //! Scratch bytes that n squares take, rounded up to 256 so that what
  //! follows them (DeviceReduce's temporary storage) is aligned as cudaMalloc
  //! would align it.
  static size_t squares_bytes(int64_t n)
  {
    return (sizeof(float) * static_cast<size_t>(n) + 255) / 256 * 256;
  }
};

//! Minimum of n int32 values (random, every bit pattern). Oracle: cub::DeviceReduce::Min.
struct reduce_min_i32
{
  using In  = int;
  using Out = int;
  static const runner::Problem problem;
};

//! Maximum of n int32 values (random, every bit pattern). Oracle: cub::DeviceReduce::Max.
struct reduce_max_i32
{
  using In  = int;
  using Out = int;
  static const runner::Problem problem;
};

//! The first minimum of n int32 values in [-2^20, 2^20] (so, at large n,
//! with many ties) and its index. Oracle: cub::DeviceReduce::ArgMin, the
//! two-output form.
struct reduce_argmin_i32
{
  using In  = int;
  using Out = cubling::KeyValuePair<int64_t, int>; //!< key: the index
  static const runner::Problem problem;
};

//! Copy n int32 values (random, every bit pattern) to a second array.
//! Oracle: cudaMemcpyAsync device to device. Bytes counted: n * 4 read plus
//! n * 4 written, so "of copy" is the fraction of cudaMemcpy's speed.
struct copy_i32
{
  using In  = int;
  using Out = int;
  static const runner::Problem problem;
};

} // namespace problems
