// scratch.cu: the device scratch chapter 08's steps and VERSUS rows need
// (SCRATCH in steps.def). The CUB sides of the VERSUS rows need what their
// problem's oracle needs, which the runner adds by itself.
#include <algorithm>
#include <cstddef>
#include <cstdint>

#include <cuda/std/functional>

#include <cubling/device/device_scan.cuh>

#include "../07_block_scan/scan_frame.cuh"
#include "check.h"
#include "scan_problems.h"
#include "tile_status.cuh"

//! Steps 1 and 2: chapter 07's tile totals; steps 3 and 4: a counter and a
//! status word per tile; steps 5 and 6 and the cubling side of every VERSUS
//! row: what cubling::DeviceScan asks for. cubling's size query needs no
//! device.
size_t ch08_scratch_bytes(int64_t n)
{
  using problems::AffineMap;
  size_t sum_i32 = 0, sum_f32 = 0, affine = 0, by_key = 0;
  CHECK_CUDA(cubling::DeviceScan::InclusiveSum(nullptr, sum_i32, static_cast<const int*>(nullptr),
                                               static_cast<int*>(nullptr), n));
  CHECK_CUDA(cubling::DeviceScan::ExclusiveSum(nullptr, sum_f32, static_cast<const float*>(nullptr),
                                               static_cast<float*>(nullptr), n));
  CHECK_CUDA(cubling::DeviceScan::InclusiveScan(nullptr, affine, static_cast<const AffineMap*>(nullptr),
                                                static_cast<AffineMap*>(nullptr), problems::ComposeAffineMaps{}, n));
  CHECK_CUDA(cubling::DeviceScan::InclusiveSumByKey(nullptr, by_key, static_cast<const int*>(nullptr),
                                                    static_cast<const int*>(nullptr), static_cast<int*>(nullptr), n));
  const size_t totals = sizeof(int) * static_cast<size_t>(ch07::scratch_ints(n));
  return std::max({totals, ch08::scratch_bytes(n), sum_i32, sum_f32, affine, by_key});
}
