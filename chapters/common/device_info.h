// device_info.h: facts about the GPU that steps size their grids by.
#pragma once

#include <cuda_runtime_api.h>

namespace runner
{

//! Number of multiprocessors of the current GPU, asked once (it does not
//! change, and a runner uses one device): grids are sized in blocks per
//! multiprocessor.
inline int sm_count()
{
  static const int count = [] {
    int device = 0, sms = 0;
    cudaGetDevice(&device);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    return sms > 0 ? sms : 1;
  }();
  return count;
}

} // namespace runner
