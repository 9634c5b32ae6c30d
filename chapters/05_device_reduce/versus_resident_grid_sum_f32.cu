// DeviceReduce::Sum over float32 with the library's tuning but no
// oversubscribed grid (chapters/common/resident_grid_reduce.cuh), against
// CUB: next to versus_device_reduce_sum_f32, it shows what the oversubscribed
// grid of large inputs buys, measured in the same run.
#include <cub/device/device_reduce.cuh>

#include "problems.h"
#include "resident_grid_reduce.cuh"
#include "versus_device_reduce.cuh"

namespace versus_resident_grid_sum_f32
{

#define CALL(Library, temp, bytes) Library::Sum(temp, bytes, a.in(), a.out(), a.n, a.stream)
VERSUS_DEVICE_REDUCE_WITH(chapters::ResidentGridDeviceReduce, problems::reduce_sum_f32, CALL)
#undef CALL

} // namespace versus_resident_grid_sum_f32
