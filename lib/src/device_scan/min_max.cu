// The C API: cubling_device_scan_inclusive_min_<type> and cubling_device_scan_inclusive_max_<type>.
#include "c_api_scan.cuh"

#define INCLUSIVE_MIN(suffix, T) CUBLING_C_SCAN_OP(inclusive_min, cubling::Min, suffix, T)
#define INCLUSIVE_MAX(suffix, T) CUBLING_C_SCAN_OP(inclusive_max, cubling::Max, suffix, T)
CUBLING_C_TYPES(INCLUSIVE_MIN)
CUBLING_C_TYPES(INCLUSIVE_MAX)
