// DeviceScan::InclusiveSumByKey: int32 values, int32 keys, segments of 100
// items on average.
#include <cub/device/device_scan.cuh>

#include <cubling/device/device_scan.cuh>

#include "versus_device_scan.cuh"

namespace versus_device_scan_sum_by_key_i32
{

// example-begin call
#define CALL(Library, temp, bytes, count)                                                    \
  Library::InclusiveSumByKey(temp, bytes, a.in<0>(), a.in<1>(), a.out(), count,               \
                             cuda::std::equal_to<>{}, a.stream)
// example-end call
VERSUS_DEVICE_SCAN(problems::inclusive_sum_by_key_i32, CALL)
#undef CALL

} // namespace versus_device_scan_sum_by_key_i32
