// The C API: cubling_device_reduce_sum_<type>.
#include "c_api_reduce.cuh"

#define SUM(suffix, T) CUBLING_C_REDUCE(sum, Sum, suffix, T)
CUBLING_C_TYPES(SUM)
