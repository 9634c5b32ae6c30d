// versus_device_scan.cuh: cubling::DeviceScan next to cub::DeviceScan.
//
// The two libraries have the same API, so each comparison is one function
// template, instantiated once with `cubling::DeviceScan` and once with
// `cub::DeviceScan` as the `Library`: the same call, on the same data, in
// the same run, in the same scratch memory.
#pragma once

#include <cstdint>

#include <cuda_runtime.h>

#include "check.h"
#include "scan_problems.h"

//! The input of a step on a problem that may run in place: in place, the
//! runner leaves a fresh copy of the input in the output, and the scan reads
//! and writes there.
template <typename Problem>
const typename runner::element_t<typename Problem::In, 0>* scan_input(const runner::Args<Problem>& a)
{
  return a.axes.mode == runner::Mode::in_place ? a.out() : a.in();
}

//! Define launch_cubling and launch_cub for one comparison on `Problem`:
//! `CALL(Library, d_temp, bytes, count)` is the call, written once for both
//! libraries over the step's arguments `a`. cubling counts in `int64_t`;
//! CUB in the count type of the runner's variant (`int` or `int64_t`, the
//! problem's CountVariants), and the runner reports CUB's faster. Both get all of the runner's
//! scratch as temporary storage: the chapter's SCRATCH function
//! (ch08_scratch_bytes) and the problem's oracle size make it at least what
//! either library asks for, so no size query runs in a timed call.
#define VERSUS_DEVICE_SCAN(Problem, CALL)                                          \
  template <typename Library, typename Count>                                      \
  cudaError_t run(const runner::Args<Problem>& a, Count count)                     \
  {                                                                                \
    size_t bytes = a.scratch_bytes;                                                \
    return CALL(Library, a.scratch, bytes, count);                                 \
  }                                                                                \
  void launch_cubling(const runner::Args<Problem>& a)                              \
  {                                                                                \
    CHECK_CUDA(run<cubling::DeviceScan>(a, a.n));                                  \
  }                                                                                \
  void launch_cub(const runner::Args<Problem>& a)                                  \
  {                                                                                \
    auto call = [&a](auto count) { return run<cub::DeviceScan>(a, count); };       \
    CHECK_CUDA(runner::call_with_variant_count(a, call));                          \
  }
