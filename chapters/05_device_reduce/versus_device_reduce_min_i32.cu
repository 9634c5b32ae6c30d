// DeviceReduce::Min over int32.
#include <cub/device/device_reduce.cuh>

#include <cubling/device/device_reduce.cuh>

#include "problems.h"
#include "versus_device_reduce.cuh"

namespace versus_device_reduce_min_i32
{

// example-begin call
#define CALL(Library, temp, bytes) Library::Min(temp, bytes, a.in(), a.out(), a.n, a.stream)
// example-end call
VERSUS_DEVICE_REDUCE(problems::reduce_min_i32, CALL)
#undef CALL

} // namespace versus_device_reduce_min_i32
