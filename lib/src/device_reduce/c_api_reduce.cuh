// c_api_reduce.cuh: the C API's DeviceReduce wrappers, defined once and
// instantiated per operation and type by the three .cu files beside this one
// (one file per operation family, so that they compile in parallel). What
// every family of the C API shares is in ../c_api.cuh.
#pragma once

#include <cubling/cubling.h>
#include <cubling/device/device_reduce.cuh>

#include "../c_api.cuh"

//! Define `cubling_device_reduce_<op>_<suffix>` on `cubling::DeviceReduce::<Method>`.
#define CUBLING_C_REDUCE(op, Method, suffix, T)                                                                    \
  extern "C" cudaError_t cubling_device_reduce_##op##_##suffix(void* d_temp_storage, size_t* temp_storage_bytes, \
                                                               const T* d_in, T* d_out, int64_t num_items,       \
                                                               cudaStream_t stream)                              \
  {                                                                                                                \
    return cubling::c_api::with_temp_bytes(temp_storage_bytes, [&](size_t& bytes) {                               \
      return cubling::DeviceReduce::Method(d_temp_storage, bytes, d_in, d_out, num_items, stream);                 \
    });                                                                                                            \
  }

//! Define `cubling_device_reduce_<op>_<suffix>` on the two-output `cubling::DeviceReduce::<Method>`.
#define CUBLING_C_ARG_REDUCE(op, Method, suffix, T)                                                                \
  extern "C" cudaError_t cubling_device_reduce_##op##_##suffix(void* d_temp_storage, size_t* temp_storage_bytes, \
                                                               const T* d_in, T* d_value_out,                    \
                                                               int64_t* d_index_out, int64_t num_items,          \
                                                               cudaStream_t stream)                              \
  {                                                                                                                \
    return cubling::c_api::with_temp_bytes(temp_storage_bytes, [&](size_t& bytes) {                               \
      return cubling::DeviceReduce::Method(d_temp_storage, bytes, d_in, d_value_out, d_index_out, num_items,      \
                                           stream);                                                                \
    });                                                                                                            \
  }
