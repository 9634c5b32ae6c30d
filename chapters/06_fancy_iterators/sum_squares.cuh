// sum_squares.cuh: what the steps and comparisons of chapter 06 share.
//
// The square itself (defined with the problem, in chapters/common/problems.h),
// where in the scratch memory each step puts what (n squares, rounded up to
// 256 bytes, then DeviceReduce's temporary storage), and the chapter's
// SCRATCH function, which sizes that scratch for the larger of the two
// libraries' size queries, so that no step asks one in a timed run.
#pragma once

#include <cstddef>
#include <cstdint>

#include <cuda_runtime.h>

#include "check.h"
#include "problems.h"

namespace ch06
{

using Square = problems::reduce_sum_squares_f32::Square;

//! Scratch bytes that n squares take, rounded up to 256 so that what
//! follows them (DeviceReduce's temporary storage) is aligned as cudaMalloc
//! would align it.
inline size_t squares_bytes(int64_t n)
{
  return (sizeof(float) * static_cast<size_t>(n) + 255) / 256 * 256;
}

//! The temporary storage a step hands a DeviceReduce call, `offset` bytes
//! into the runner's scratch: all that is left there, which the chapter's
//! SCRATCH function made at least what either library asks for.
template <typename Problem>
size_t temp_bytes(const runner::Args<Problem>& a, size_t offset)
{
  CHECK(offset <= a.scratch_bytes);
  return a.scratch_bytes - offset;
}

//! `Library::Sum` (CUB's API: cubling::DeviceReduce, cub::DeviceReduce, or
//! a variant) over an iterator of squares, in the runner's scratch.
template <typename Library, typename Iterator>
void sum(Iterator squares, const runner::Args<problems::reduce_sum_squares_f32>& a)
{
  size_t bytes = temp_bytes(a, 0);
  CHECK_CUDA(Library::Sum(a.scratch, bytes, squares, a.out(), a.n, a.stream));
}

} // namespace ch06
