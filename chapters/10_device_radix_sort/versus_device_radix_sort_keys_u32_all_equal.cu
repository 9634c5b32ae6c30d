// DeviceRadixSort::SortKeys over n equal uint32 keys (one digit a pass): cubling's Onesweep against CUB's.
#include "versus_device_radix_sort.cuh"

namespace versus_device_radix_sort_keys_u32_all_equal
{

VERSUS_DEVICE_RADIX_SORT(problems::sort_keys_u32_all_equal)

} // namespace versus_device_radix_sort_keys_u32_all_equal
