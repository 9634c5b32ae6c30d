// c_api_reduce.cuh: the C API's DeviceReduce wrappers, defined once and
// instantiated per operation and type by the three .cu files beside this one
// (one file per operation family, so that they compile in parallel).
#pragma once

#include <cubling/cubling.h>
#include <cubling/device/device_reduce.cuh>

namespace cubling
{
namespace c_api
{

//! The C calling convention on top of a C++ entry point: the size travels
//! by pointer, and a null one is a bad argument.
template <typename Call>
cudaError_t with_temp_bytes(size_t* temp_storage_bytes, Call call)
{
  if (temp_storage_bytes == nullptr)
  {
    return cudaErrorInvalidValue;
  }
  return call(*temp_storage_bytes);
}

} // namespace c_api
} // namespace cubling

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

//! Apply `X(suffix, type)` to every type of the C API.
#define CUBLING_C_TYPES(X) X(i32, int32_t) X(u32, uint32_t) X(i64, int64_t) X(u64, uint64_t) X(f32, float) X(f64, double)
