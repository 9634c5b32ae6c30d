// DeviceScan::InclusiveSum over int32, cubling's (step 7's call) against CUB's.
#include <cub/device/device_scan.cuh>

#include <cubling/device/device_scan.cuh>

#include "versus_device_scan.cuh"

namespace versus_device_scan_inclusive_sum_i32
{

// example-begin call
#define CALL(Library, temp, bytes, count) \
  Library::InclusiveSum(temp, bytes, scan_input(a), a.out(), count, a.stream)
// example-end call
VERSUS_DEVICE_SCAN(problems::inclusive_sum_i32, CALL)
#undef CALL

} // namespace versus_device_scan_inclusive_sum_i32
