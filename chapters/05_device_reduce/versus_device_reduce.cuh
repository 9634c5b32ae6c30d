// versus_device_reduce.cuh: cubling::DeviceReduce next to cub::DeviceReduce.
//
// The two libraries have the same API, so each comparison is one function
// template, instantiated once with `cubling::DeviceReduce` and once with
// `cub::DeviceReduce` as the `Library`: the same call, on the same data, in
// the same run, in the same scratch memory.
#pragma once

#include <cstdint>

#include <cuda_runtime.h>

#include "check.h"
#include "problems.h"

//! Define launch_cubling and launch_cub for one comparison on `Problem`:
//! `CALL(Library, d_temp, bytes)` is the call, written once for both
//! libraries over the step's arguments `a`; `Cubling` is the cubling side
//! (cubling::DeviceReduce, or a variant of it). Both get all of the runner's
//! scratch as temporary storage: the chapter's SCRATCH function
//! (ch05_scratch_bytes) and the problem's oracle size make it at least what
//! either library asks for, so no size query runs in a timed call.
#define VERSUS_DEVICE_REDUCE_WITH(Cubling, Problem, CALL)         \
  template <typename Library>                                     \
  void run(const runner::Args<Problem>& a)                        \
  {                                                               \
    size_t bytes = a.scratch_bytes;                               \
    CHECK_CUDA(CALL(Library, a.scratch, bytes));                  \
  }                                                               \
  void launch_cubling(const runner::Args<Problem>& a)             \
  {                                                               \
    run<Cubling>(a);                                              \
  }                                                               \
  void launch_cub(const runner::Args<Problem>& a)                 \
  {                                                               \
    run<cub::DeviceReduce>(a);                                    \
  }

//! The same, with the library itself on the cubling side.
#define VERSUS_DEVICE_REDUCE(Problem, CALL) VERSUS_DEVICE_REDUCE_WITH(cubling::DeviceReduce, Problem, CALL)
