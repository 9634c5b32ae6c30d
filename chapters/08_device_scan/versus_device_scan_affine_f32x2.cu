// DeviceScan::InclusiveScan of affine maps: an 8-byte value (two floats,
// packed with its status in one 16-byte word) and a non-commutative operator.
#include <cub/device/device_scan.cuh>

#include <cubling/device/device_scan.cuh>

#include "versus_device_scan.cuh"

namespace versus_device_scan_affine_f32x2
{

// example-begin call
#define CALL(Library, temp, bytes, count) \
  Library::InclusiveScan(temp, bytes, a.in(), a.out(), problems::ComposeAffineMaps{}, count, a.stream)
// example-end call
VERSUS_DEVICE_SCAN(problems::inclusive_affine_f32x2, CALL)
#undef CALL

} // namespace versus_device_scan_affine_f32x2
