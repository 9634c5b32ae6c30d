// problems.h: the problems that chapters solve, each with its CPU reference
// and its CUB (or CUDA runtime) oracle. Several chapters share one problem (chapters 01, 02, 03
// and 05 all sum int32), so each is defined once, here.
#pragma once

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
