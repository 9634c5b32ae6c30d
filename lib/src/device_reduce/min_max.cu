// The C API: cubling_device_reduce_min_<type> and cubling_device_reduce_max_<type>.
#include "c_api_reduce.cuh"

#define MIN(suffix, T) CUBLING_C_REDUCE(min, Min, suffix, T)
#define MAX(suffix, T) CUBLING_C_REDUCE(max, Max, suffix, T)
CUBLING_C_TYPES(MIN)
CUBLING_C_TYPES(MAX)
