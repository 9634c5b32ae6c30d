// DeviceReduce::Sum over float32 (exactly representable sums, so both must match the CPU bit for bit).
#include <cub/device/device_reduce.cuh>

#include <cubling/device/device_reduce.cuh>

#include "problems.h"
#include "versus_device_reduce.cuh"

namespace versus_device_reduce_sum_f32
{

// example-begin call
#define CALL(Library, temp, bytes) Library::Sum(temp, bytes, a.in(), a.out(), a.n, a.stream)
// example-end call
VERSUS_DEVICE_REDUCE(problems::reduce_sum_f32, CALL)
#undef CALL

} // namespace versus_device_reduce_sum_f32
