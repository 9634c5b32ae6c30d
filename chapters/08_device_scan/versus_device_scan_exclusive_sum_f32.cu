// DeviceScan::ExclusiveSum over float32: cubling's look-back folds left to
// right (the same bits on every run); CUB's folds a window as a tree. The
// inputs sum exactly, so both must match the CPU bit for bit.
#include <cub/device/device_scan.cuh>

#include <cubling/device/device_scan.cuh>

#include "versus_device_scan.cuh"

namespace versus_device_scan_exclusive_sum_f32
{

// example-begin call
#define CALL(Library, temp, bytes, count) \
  Library::ExclusiveSum(temp, bytes, a.in(), a.out(), count, a.stream)
// example-end call
VERSUS_DEVICE_SCAN(problems::exclusive_sum_f32, CALL)
#undef CALL

} // namespace versus_device_scan_exclusive_sum_f32
