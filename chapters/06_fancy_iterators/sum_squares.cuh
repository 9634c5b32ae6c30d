// sum_squares.cuh: what the steps and comparisons of chapter 06 share.
//
// The square itself and where in the scratch memory each step puts what
// (both defined with the problem, in chapters/common/problems.h), and a size
// query that is asked once per size and checked against the scratch the
// runner gives (n squares, rounded up to 256 bytes, then DeviceReduce's
// temporary storage).
#pragma once

#include <cstddef>
#include <cstdint>

#include <cuda_runtime.h>

#include "check.h"
#include "problems.h"
#include "temp_bytes.h"

namespace ch06
{

//! The chapter's transform and scratch layout, defined with its problem.
using Square = problems::reduce_sum_squares_f32::Square;
using problems::reduce_sum_squares_f32;

//! A DeviceReduce size query for `n`, asked once per size
//! (runner::remembered_temp_bytes), and checked: `offset` bytes into the
//! scratch, the temporary storage must still fit in `Problem`'s scratch.
template <typename Problem, typename Query> size_t temp_bytes(int64_t n, size_t offset, Query query)
{
  return runner::remembered_temp_bytes(n,
                                       [&](size_t& bytes)
                                       {
                                         const cudaError_t status = query(bytes);
                                         CHECK(offset + bytes <= Problem::problem.scratch_bytes(n));
                                         return status;
                                       });
}

//! `Library::Sum` (CUB's API: cubling::DeviceReduce, cub::DeviceReduce, or
//! a variant) over an iterator of squares, its size query asked once per size.
template <typename Library, typename Iterator>
void sum(Iterator squares, float* d_out, int64_t n, void* d_temp, cudaStream_t stream)
{
  size_t bytes = temp_bytes<reduce_sum_squares_f32>(
      n, 0, [&](size_t& b) { return Library::Sum(nullptr, b, squares, d_out, n, stream); });
  CHECK_CUDA(Library::Sum(d_temp, bytes, squares, d_out, n, stream));
}

} // namespace ch06
