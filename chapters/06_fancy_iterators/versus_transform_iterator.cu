// A sum over a transform iterator: cubling's TransformInputIterator into
// cubling::DeviceReduce::Sum, against thrust::transform_iterator into
// cub::DeviceReduce::Sum (both sides in transform_iterator_sum.cuh).
#include <cubling/device/device_reduce.cuh>

#include "problems.h"
#include "transform_iterator_sum.cuh"

namespace versus_transform_iterator
{

VERSUS_SUM_OF_SQUARES(cubling::DeviceReduce)

} // namespace versus_transform_iterator
