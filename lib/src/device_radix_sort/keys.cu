// The C API: cubling_device_radix_sort_keys_<type> and cubling_device_radix_sort_keys_descending_<type>.
#include "c_api_radix_sort.cuh"

#define KEYS(suffix, K) CUBLING_C_RADIX_SORT_KEYS(keys, SortKeys, suffix, K)
#define KEYS_DESCENDING(suffix, K) CUBLING_C_RADIX_SORT_KEYS(keys_descending, SortKeysDescending, suffix, K)
CUBLING_C_TYPES(KEYS)
CUBLING_C_TYPES(KEYS_DESCENDING)
