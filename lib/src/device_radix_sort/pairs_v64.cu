// The C API: cubling_device_radix_sort_pairs{,_descending}_<type>_v64 (values of 8 bytes).
#include "c_api_radix_sort.cuh"

#define PAIRS(suffix, K) CUBLING_C_RADIX_SORT_PAIRS(pairs, SortPairs, v64, uint64_t, suffix, K)
#define PAIRS_DESCENDING(suffix, K)                                                                                    \
  CUBLING_C_RADIX_SORT_PAIRS(pairs_descending, SortPairsDescending, v64, uint64_t, suffix, K)
CUBLING_C_TYPES(PAIRS)
CUBLING_C_TYPES(PAIRS_DESCENDING)
