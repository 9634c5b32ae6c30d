// The sum over a transform iterator of versus_transform_iterator, with the
// library's tuning but no oversubscribed grid
// (chapters/common/resident_grid_reduce.cuh) on the cubling side: next to
// versus_transform_iterator, it shows what the oversubscribed grid of large
// inputs buys on the generic (one item at a time) load path, measured in the
// same run.
#include <cub/device/device_reduce.cuh>
#include <thrust/iterator/transform_iterator.h>

#include <cubling/iterator/transform_input_iterator.cuh>

#include "problems.h"
#include "resident_grid_reduce.cuh"
#include "sum_squares.cuh"

namespace versus_transform_iterator_resident_grid
{

void launch_cubling(const float* d_in, float* d_out, int64_t n, void* d_temp, cudaStream_t stream)
{
  cubling::TransformInputIterator<float, ch06::Square, const float*> squares(d_in, ch06::Square{});
  ch06::sum<chapters::ResidentGridDeviceReduce>(squares, d_out, n, d_temp, stream);
}

void launch_cub(const float* d_in, float* d_out, int64_t n, void* d_temp, cudaStream_t stream)
{
  thrust::transform_iterator<ch06::Square, const float*> squares(d_in, ch06::Square{});
  ch06::sum<cub::DeviceReduce>(squares, d_out, n, d_temp, stream);
}

} // namespace versus_transform_iterator_resident_grid
