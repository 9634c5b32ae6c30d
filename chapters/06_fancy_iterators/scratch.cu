// scratch.cu: the device scratch chapter 06's steps and VERSUS rows need
// (SCRATCH in steps.def): room for n squares (step 1 writes them out), then
// the temporary storage of whichever DeviceReduce call the chapter makes
// asks for most, cubling's or CUB's.
#include <algorithm>
#include <climits>
#include <cstddef>
#include <cstdint>

#include <cub/device/device_reduce.cuh>
#include <thrust/iterator/transform_iterator.h>

#include <cubling/device/device_reduce.cuh>
#include <cubling/iterator/arg_index_input_iterator.cuh>
#include <cubling/iterator/transform_input_iterator.cuh>

#include "check.h"
#include "sum_squares.cuh"

size_t ch06_scratch_bytes(int64_t n)
{
  const float* in = nullptr;
  float* out      = nullptr;
  using Pair      = problems::reduce_argmin_i32::Result;
  size_t bytes[5] = {};
  CHECK_CUDA(cubling::DeviceReduce::Sum(nullptr, bytes[0], cubling::TransformInputIterator<float, ch06::Square, const float*>(in, {}), out, n));
  CHECK_CUDA(cub::DeviceReduce::Sum(nullptr, bytes[1], thrust::transform_iterator<ch06::Square, const float*>(in, {}), out, n));
  CHECK_CUDA(cub::DeviceReduce::TransformReduce(nullptr, bytes[2], in, out, n, cuda::std::plus<>{}, ch06::Square{}, 0.0f));
  CHECK_CUDA(cubling::DeviceReduce::TransformReduce(nullptr, bytes[3], in, out, n, cubling::Sum{}, ch06::Square{}, 0.0f));
  CHECK_CUDA(cubling::DeviceReduce::Reduce(nullptr, bytes[4], cubling::ArgIndexInputIterator<const int*, int64_t>(nullptr),
                                           static_cast<Pair*>(nullptr), n, cubling::ArgMin{}, Pair(INT64_MAX, INT_MAX)));
  return ch06::squares_bytes(n) + *std::max_element(bytes, bytes + 5);
}
