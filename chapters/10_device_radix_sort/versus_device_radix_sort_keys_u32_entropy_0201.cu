// DeviceRadixSort::SortKeys over uint32 keys of entropy 0.201 (most keys share most digits): cubling's Onesweep against CUB's.
#include "versus_device_radix_sort.cuh"

namespace versus_device_radix_sort_keys_u32_entropy_0201
{

VERSUS_DEVICE_RADIX_SORT(problems::sort_keys_u32_entropy_0201)

} // namespace versus_device_radix_sort_keys_u32_entropy_0201
