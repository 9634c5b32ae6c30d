// A sum over a transform iterator: cubling's TransformInputIterator into
// cubling::DeviceReduce::Sum, against thrust::transform_iterator into
// cub::DeviceReduce::Sum.
//
// CUB 3 no longer has a transform iterator of its own (CUB 2.x's
// cub::TransformInputIterator is gone, and the CUDA 13.0 toolkit has no
// cuda::transform_iterator yet), so a CUB user today wraps the pointer in
// Thrust's. Both sides compute the same squares of the same floats, and both
// reductions see an iterator that is not a pointer: each library's generic
// load path against the other's.
#include <cub/device/device_reduce.cuh>
#include <thrust/iterator/transform_iterator.h>

#include <cubling/device/device_reduce.cuh>
#include <cubling/iterator/transform_input_iterator.cuh>

#include "problems.h"
#include "sum_squares.cuh"

namespace versus_transform_iterator
{

void launch_cubling(const float* d_in, float* d_out, int64_t n, void* d_temp, cudaStream_t stream)
{
  // example-begin cubling
  cubling::TransformInputIterator<float, ch06::Square, const float*> squares(d_in, ch06::Square{});
  ch06::sum<cubling::DeviceReduce>(squares, d_out, n, d_temp, stream);
  // example-end cubling
}

void launch_cub(const float* d_in, float* d_out, int64_t n, void* d_temp, cudaStream_t stream)
{
  // example-begin cub
  thrust::transform_iterator<ch06::Square, const float*> squares(d_in, ch06::Square{});
  ch06::sum<cub::DeviceReduce>(squares, d_out, n, d_temp, stream);
  // example-end cub
}

} // namespace versus_transform_iterator
