// The C API: cubling_device_reduce_argmin_<type> and cubling_device_reduce_argmax_<type>.
#include "c_api_reduce.cuh"

#define ARGMIN(suffix, T) CUBLING_C_ARG_REDUCE(argmin, ArgMin, suffix, T)
#define ARGMAX(suffix, T) CUBLING_C_ARG_REDUCE(argmax, ArgMax, suffix, T)
CUBLING_C_TYPES(ARGMIN)
CUBLING_C_TYPES(ARGMAX)
