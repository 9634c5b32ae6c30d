// c_api_scan.cuh: the C API's DeviceScan wrappers, defined once and
// instantiated per operation and type by the .cu files beside this one (one
// file per operation family, so that they compile in parallel). What every
// family of the C API shares is in ../c_api.cuh.
#pragma once

#include <cubling/cubling.h>
#include <cubling/device/device_scan.cuh>
#include <cubling/thread/thread_operators.cuh>

#include "../c_api.cuh"

//! Define `cubling_device_scan_<op>_<suffix>` on the sum `cubling::DeviceScan::<Method>`.
#define CUBLING_C_SCAN_SUM(op, Method, suffix, T)                                                                \
  extern "C" cudaError_t cubling_device_scan_##op##_##suffix(void* d_temp_storage, size_t* temp_storage_bytes, \
                                                             const T* d_in, T* d_out, int64_t num_items,       \
                                                             cudaStream_t stream)                              \
  {                                                                                                              \
    return cubling::c_api::with_temp_bytes(temp_storage_bytes, [&](size_t& bytes) {                             \
      return cubling::DeviceScan::Method(d_temp_storage, bytes, d_in, d_out, num_items, stream);                 \
    });                                                                                                          \
  }

//! Define `cubling_device_scan_<op>_<suffix>` on `cubling::DeviceScan::InclusiveScan` with operator `Op`.
#define CUBLING_C_SCAN_OP(op, Op, suffix, T)                                                                     \
  extern "C" cudaError_t cubling_device_scan_##op##_##suffix(void* d_temp_storage, size_t* temp_storage_bytes, \
                                                             const T* d_in, T* d_out, int64_t num_items,       \
                                                             cudaStream_t stream)                              \
  {                                                                                                              \
    return cubling::c_api::with_temp_bytes(temp_storage_bytes, [&](size_t& bytes) {                             \
      return cubling::DeviceScan::InclusiveScan(d_temp_storage, bytes, d_in, d_out, Op{}, num_items, stream);    \
    });                                                                                                          \
  }
