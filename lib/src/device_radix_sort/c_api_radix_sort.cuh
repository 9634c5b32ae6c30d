// c_api_radix_sort.cuh: the C API's DeviceRadixSort wrappers, defined once
// and instantiated per key (and value) type by the .cu files beside this one
// (keys, pairs with 4-byte values, pairs with 8-byte values: they compile in
// parallel). What every family of the C API shares is in ../c_api.cuh.
#pragma once

#include <cubling/cubling.h>
#include <cubling/device/device_radix_sort.cuh>

#include "../c_api.cuh"

//! Define `cubling_device_radix_sort_<op>_<suffix>` on `cubling::DeviceRadixSort::<Method>` (keys only).
#define CUBLING_C_RADIX_SORT_KEYS(op, Method, suffix, K)                                                               \
  extern "C" cudaError_t cubling_device_radix_sort_##op##_##suffix(                                                    \
      void* d_temp_storage, size_t* temp_storage_bytes, const K* d_keys_in, K* d_keys_out, int64_t num_items,          \
      int begin_bit, int end_bit, cudaStream_t stream)                                                                 \
  {                                                                                                                    \
    return cubling::c_api::with_temp_bytes(temp_storage_bytes,                                                         \
                                           [&](size_t& bytes)                                                          \
                                           {                                                                           \
                                             return cubling::DeviceRadixSort::Method(d_temp_storage, bytes, d_keys_in, \
                                                                                     d_keys_out, num_items, begin_bit, \
                                                                                     end_bit, stream);                 \
                                           });                                                                         \
  }

//! Define `cubling_device_radix_sort_<op>_<suffix>_<vsuffix>` on `cubling::DeviceRadixSort::<Method>` (pairs).
#define CUBLING_C_RADIX_SORT_PAIRS(op, Method, vsuffix, V, suffix, K)                                                  \
  extern "C" cudaError_t cubling_device_radix_sort_##op##_##suffix##_##vsuffix(                                        \
      void* d_temp_storage, size_t* temp_storage_bytes, const K* d_keys_in, K* d_keys_out, const V* d_values_in,       \
      V* d_values_out, int64_t num_items, int begin_bit, int end_bit, cudaStream_t stream)                             \
  {                                                                                                                    \
    return cubling::c_api::with_temp_bytes(temp_storage_bytes,                                                         \
                                           [&](size_t& bytes)                                                          \
                                           {                                                                           \
                                             return cubling::DeviceRadixSort::Method(                                  \
                                                 d_temp_storage, bytes, d_keys_in, d_keys_out, d_values_in,            \
                                                 d_values_out, num_items, begin_bit, end_bit, stream);                 \
                                           });                                                                         \
  }
