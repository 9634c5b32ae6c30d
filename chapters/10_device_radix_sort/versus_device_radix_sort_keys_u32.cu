// DeviceRadixSort::SortKeys over uint32: cubling's Onesweep against CUB's.
#include "versus_device_radix_sort.cuh"

namespace versus_device_radix_sort_keys_u32
{

VERSUS_DEVICE_RADIX_SORT(problems::sort_keys_u32)

} // namespace versus_device_radix_sort_keys_u32
