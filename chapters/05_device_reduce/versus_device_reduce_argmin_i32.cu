// DeviceReduce::ArgMin over int32, CUB 3's two-output form; many ties, so the first minimum must win.
#include <cub/device/device_reduce.cuh>

#include <cubling/device/device_reduce.cuh>

#include "problems.h"
#include "versus_device_reduce.cuh"

namespace versus_device_reduce_argmin_i32
{

// example-begin call
#define CALL(Library, temp, bytes) Library::ArgMin(temp, bytes, a.in(), &a.out()->value, &a.out()->key, a.n, a.stream)
// example-end call
VERSUS_DEVICE_REDUCE(problems::reduce_argmin_i32, CALL)
#undef CALL

} // namespace versus_device_reduce_argmin_i32
