// scratch.cu: the device scratch chapter 10's steps and VERSUS rows need
// (SCRATCH in steps.def). The CUB sides need what their problem's oracle
// needs, which the runner adds by itself.
#include <algorithm>
#include <cstddef>
#include <cstdint>

#include <cubling/device/device_radix_sort.cuh>

#include "radix_frame.cuh"
#include "digit_status.cuh"
#include "sort_call.cuh"
#include "sort_problems.h"

namespace step01_three_kernels
{
size_t scratch_bytes(int64_t n);
}

//! Steps 1 to 3: two temporary arrays and their counts or status words;
//! steps 4 and 5 and the cubling side of every VERSUS row: what
//! cubling::DeviceRadixSort asks for (its size query needs no device).
size_t ch10_scratch_bytes(int64_t n)
{
  size_t bytes = std::max(step01_three_kernels::scratch_bytes(n), 2 * ch10::temp_array_bytes(n) + ch10::status_bytes(n));
  using cubling::DeviceRadixSort;
  bytes = std::max({bytes, ch10::sort_temp_bytes<DeviceRadixSort, problems::sort_keys_u32>(n),
                    ch10::sort_temp_bytes<DeviceRadixSort, problems::sort_pairs_u32>(n),
                    ch10::sort_temp_bytes<DeviceRadixSort, problems::sort_keys_u64>(n),
                    ch10::sort_temp_bytes<DeviceRadixSort, problems::sort_keys_f32>(n)});
  return bytes;
}
