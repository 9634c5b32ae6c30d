// sum_squares.cuh: what the steps and comparisons of chapter 06 share.
//
// The square itself, where in the scratch memory each step puts what, and a
// size query that is asked once per size and checked against the scratch
// the runner gives (chapters/common/problems.cu sizes it for n squares,
// rounded up to 256 bytes, followed by DeviceReduce's temporary storage).
#pragma once

#include <cstddef>
#include <cstdint>

#include <cuda_runtime.h>

#include <cubling/util/math.cuh>

#include "check.h"

namespace ch06
{

// example-begin square
//! The transform of the whole chapter: x -> x * x. A plain function object,
//! callable on the host and on the device, with no state.
struct Square
{
  __host__ __device__ float operator()(float x) const
  {
    return x * x;
  }
};
// example-end square

//! Bytes of scratch that n squares take, rounded up to 256 so that what
//! follows them is aligned as cudaMalloc would align it.
inline size_t squares_bytes(int64_t n)
{
  return cubling::ceil_div(sizeof(float) * static_cast<size_t>(n), size_t{256}) * 256;
}

//! The answer of a DeviceReduce size query for `n`, asked once per size (the
//! runner calls a launch many times with the same n, and the query is not
//! part of what is timed), and checked: `offset` bytes into the scratch, the
//! temporary storage must still fit in `Problem`'s scratch. One cache per
//! call site: each lambda is its own type.
template <typename Problem, typename Query> size_t temp_bytes(int64_t n, size_t offset, Query query)
{
  static int64_t last_n     = -1;
  static size_t last_answer = 0;
  if (n != last_n)
  {
    CHECK_CUDA(query(last_answer));
    CHECK(offset + last_answer <= Problem::problem.scratch_bytes(n));
    last_n = n;
  }
  return last_answer;
}

} // namespace ch06
