// transform_iterator_sum.cuh: the sum of squares through a transform
// iterator, on each library: what versus_transform_iterator and
// versus_transform_iterator_resident_grid compare.
//
// CUB 3 no longer has a transform iterator of its own (CUB 2.x's
// cub::TransformInputIterator is gone, and the CUDA 13.0 toolkit has no
// cuda::transform_iterator yet), so a CUB user today wraps the pointer in
// Thrust's. Both sides compute the same squares of the same floats, and both
// reductions see an iterator that is not a pointer: each library's generic
// load path against the other's.
#pragma once

#include <cstdint>

#include <cub/device/device_reduce.cuh>
#include <thrust/iterator/transform_iterator.h>

#include <cubling/iterator/transform_input_iterator.cuh>

#include "sum_squares.cuh"

namespace ch06
{

//! cubling's side: a TransformInputIterator into `Library::Sum`
//! (cubling::DeviceReduce, or a variant of it).
template <typename Library>
void sum_of_squares_cubling(const runner::Args<problems::reduce_sum_squares_f32>& a)
{
  // example-begin cubling-side
  cubling::TransformInputIterator<float, Square, const float*> squares(a.in(), Square{});
  sum<Library>(squares, a);
  // example-end cubling-side
}

//! CUB's side: a thrust::transform_iterator into cub::DeviceReduce::Sum.
inline void sum_of_squares_cub(const runner::Args<problems::reduce_sum_squares_f32>& a)
{
  // example-begin cub-side
  thrust::transform_iterator<Square, const float*> squares(a.in(), Square{});
  sum<cub::DeviceReduce>(squares, a);
  // example-end cub-side
}

} // namespace ch06

//! Define launch_cubling and launch_cub of a comparison: `Cubling`'s Sum
//! (cubling::DeviceReduce, or a variant of it) against CUB's, through the
//! two transform iterators.
#define VERSUS_SUM_OF_SQUARES(Cubling)                                     \
  void launch_cubling(const runner::Args<problems::reduce_sum_squares_f32>& a) \
  {                                                                        \
    ch06::sum_of_squares_cubling<Cubling>(a);                              \
  }                                                                        \
  void launch_cub(const runner::Args<problems::reduce_sum_squares_f32>& a) \
  {                                                                        \
    ch06::sum_of_squares_cub(a);                                           \
  }
