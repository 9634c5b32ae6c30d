// versus_device_radix_sort.cuh: cubling::DeviceRadixSort next to
// cub::DeviceRadixSort.
//
// The two libraries have the same API, so each comparison is the one call
// of sort_call.cuh, instantiated once with cubling's DeviceRadixSort and
// DoubleBuffer and once with CUB's: the same call, on the same data, in the
// same run, in the same scratch memory. CUB's side runs in both of its
// count types (the problem's oracle variants: `int` and `int64_t`), and the
// runner reports the faster, by name; cubling's takes an `int64_t` count.
#pragma once

#include <cub/device/device_radix_sort.cuh>

#include <cubling/device/device_radix_sort.cuh>

#include "check.h"
#include "sort_call.cuh"
#include "sort_problems.h"

// example-begin versus
//! Define launch_cubling and launch_cub for one comparison on `Problem`.
#define VERSUS_DEVICE_RADIX_SORT(Problem)                                                        \
  void launch_cubling(const runner::Args<Problem>& a)                                            \
  {                                                                                              \
    const cudaError_t status = ch10::sort_with<cubling::DeviceRadixSort, cubling::DoubleBuffer>(a, a.n); \
    CHECK_CUDA(status);                                                                          \
  }                                                                                              \
  void launch_cub(const runner::Args<Problem>& a)                                                \
  {                                                                                              \
    ch10::sort_by_variant<cub::DeviceRadixSort, cub::DoubleBuffer>(a);                           \
  }
// example-end versus
