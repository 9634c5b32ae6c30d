// DeviceReduce::Sum over int32: cubling's single launch against CUB's two passes.
#include <cub/device/device_reduce.cuh>

#include <cubling/device/device_reduce.cuh>

#include "problems.h"
#include "versus_device_reduce.cuh"

namespace versus_device_reduce_sum_i32
{

// example-begin call
#define CALL(Library, temp, bytes) Library::Sum(temp, bytes, a.in(), a.out(), a.n, a.stream)
// example-end call
VERSUS_DEVICE_REDUCE(problems::reduce_sum_i32, CALL)
#undef CALL

} // namespace versus_device_reduce_sum_i32
