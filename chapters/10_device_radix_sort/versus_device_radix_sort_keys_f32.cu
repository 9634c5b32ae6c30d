// DeviceRadixSort::SortKeys over float32 (every bit pattern: NaNs, infinities, both zeros): cubling's Onesweep against CUB's.
#include "versus_device_radix_sort.cuh"

namespace versus_device_radix_sort_keys_f32
{

VERSUS_DEVICE_RADIX_SORT(problems::sort_keys_f32)

} // namespace versus_device_radix_sort_keys_f32
