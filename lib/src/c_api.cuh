// c_api.cuh: what every family of the C API shares (DeviceReduce, DeviceScan):
// the C calling convention on top of a C++ entry point, and the list of
// the C API's item types.
#pragma once

#include <cstddef>
#include <cstdint>

#include <cuda_runtime_api.h>

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

//! Apply `X(suffix, type)` to every type of the C API.
#define CUBLING_C_TYPES(X) X(i32, int32_t) X(u32, uint32_t) X(i64, int64_t) X(u64, uint64_t) X(f32, float) X(f64, double)
