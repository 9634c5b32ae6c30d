// DeviceRadixSort::SortPairs over uint32 keys and uint32 values: cubling's Onesweep against CUB's.
#include "versus_device_radix_sort.cuh"

namespace versus_device_radix_sort_pairs_u32
{

VERSUS_DEVICE_RADIX_SORT(problems::sort_pairs_u32)

} // namespace versus_device_radix_sort_pairs_u32
