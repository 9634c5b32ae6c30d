// DeviceRadixSort::SortKeys over uint64 (eight passes): cubling's Onesweep against CUB's.
#include "versus_device_radix_sort.cuh"

namespace versus_device_radix_sort_keys_u64
{

VERSUS_DEVICE_RADIX_SORT(problems::sort_keys_u64)

} // namespace versus_device_radix_sort_keys_u64
