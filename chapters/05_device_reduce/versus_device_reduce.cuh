// versus_device_reduce.cuh: cubling::DeviceReduce next to cub::DeviceReduce.
//
// The two libraries have the same API, so each comparison is one function
// template, instantiated once with `cubling::DeviceReduce` and once with
// `cub::DeviceReduce` as the `Library`: the same call, on the same data, in
// the same run. The runner gives both the same scratch memory, sized for the
// larger of the two size queries (chapters/common/problems.cu); each asks
// its size query once per size (chapters/common/temp_bytes.h).
#pragma once

#include <cstdint>

#include <cuda_runtime.h>

#include "check.h"
#include "temp_bytes.h"

//! Define launch_cubling and launch_cub for one comparison: `CALL(Library,
//! d_temp, bytes)` is the call, written once for both libraries; `Cubling` is
//! the cubling side (cubling::DeviceReduce, or a variant of it).
#define VERSUS_DEVICE_REDUCE_WITH(Cubling, In, Out, CALL)                                                              \
  template <typename Library> void run(const In* d_in, Out* d_out, int64_t n, void* d_temp, cudaStream_t stream)       \
  {                                                                                                                    \
    size_t bytes = runner::remembered_temp_bytes(n, [&](size_t& b) { return CALL(Library, nullptr, b); });             \
    CHECK_CUDA(CALL(Library, d_temp, bytes));                                                                          \
  }                                                                                                                    \
  void launch_cubling(const In* d_in, Out* d_out, int64_t n, void* d_temp, cudaStream_t stream)                        \
  {                                                                                                                    \
    run<Cubling>(d_in, d_out, n, d_temp, stream);                                                                      \
  }                                                                                                                    \
  void launch_cub(const In* d_in, Out* d_out, int64_t n, void* d_temp, cudaStream_t stream)                            \
  {                                                                                                                    \
    run<cub::DeviceReduce>(d_in, d_out, n, d_temp, stream);                                                            \
  }

//! The same, with the library itself on the cubling side.
#define VERSUS_DEVICE_REDUCE(In, Out, CALL) VERSUS_DEVICE_REDUCE_WITH(cubling::DeviceReduce, In, Out, CALL)
