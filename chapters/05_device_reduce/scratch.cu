// scratch.cu: the device scratch chapter 05's steps and VERSUS rows need
// (SCRATCH in steps.def). The CUB sides of the VERSUS rows need what their
// problem's oracle needs, which the runner adds by itself.
#include <algorithm>
#include <cstddef>
#include <cstdint>

#include <cubling/device/device_reduce.cuh>
#include <cubling/util/math.cuh>

#include "check.h"
#include "resident_grid_reduce.cuh"

//! One partial per 64 items (more than any step's grid leaves), or what
//! cubling::DeviceReduce asks for on the chapter's problems, whichever is
//! more. cubling's size query needs no device.
size_t ch05_scratch_bytes(int64_t n)
{
  size_t sum_i32 = 0, sum_f32 = 0, resident_f32 = 0, argmin = 0;
  CHECK_CUDA(cubling::DeviceReduce::Sum(nullptr, sum_i32, static_cast<const int*>(nullptr), static_cast<int*>(nullptr), n));
  CHECK_CUDA(cubling::DeviceReduce::Sum(nullptr, sum_f32, static_cast<const float*>(nullptr), static_cast<float*>(nullptr), n));
  CHECK_CUDA(chapters::ResidentGridDeviceReduce::Sum(nullptr, resident_f32, static_cast<const float*>(nullptr),
                                                     static_cast<float*>(nullptr), n));
  CHECK_CUDA(cubling::DeviceReduce::ArgMin(nullptr, argmin, static_cast<const int*>(nullptr), static_cast<int*>(nullptr),
                                           static_cast<int64_t*>(nullptr), n));
  const size_t partials = sizeof(int) * static_cast<size_t>(cubling::ceil_div(n, int64_t{64}) + 1);
  return std::max({partials, sum_i32, sum_f32, resident_f32, argmin});
}
