// The C API: cubling_device_scan_inclusive_sum_<type> and cubling_device_scan_exclusive_sum_<type>.
#include "c_api_scan.cuh"

#define INCLUSIVE_SUM(suffix, T) CUBLING_C_SCAN_SUM(inclusive_sum, InclusiveSum, suffix, T)
#define EXCLUSIVE_SUM(suffix, T) CUBLING_C_SCAN_SUM(exclusive_sum, ExclusiveSum, suffix, T)
CUBLING_C_TYPES(INCLUSIVE_SUM)
CUBLING_C_TYPES(EXCLUSIVE_SUM)
