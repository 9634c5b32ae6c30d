// versus_device_reduce.cuh: cubling::DeviceReduce next to cub::DeviceReduce.
//
// The two libraries have the same API, so each comparison is one function
// template, instantiated once with `cubling::DeviceReduce` and once with
// `cub::DeviceReduce` as the `Library`: the same call, on the same data, in
// the same run. The runner gives both the same scratch memory, sized for the
// larger of the two size queries (chapters/common/problems.cu).
#pragma once

#include <cstdint>

#include <cuda_runtime.h>

#include "check.h"

namespace versus
{

//! The size query's answer for `n`, asked once per size: the runner calls a
//! launch many times with the same `n`, and CUB's size query is not free
//! (it asks the runtime for occupancy), so neither side pays for it in the
//! timed loop. One cache per call site (each lambda is its own type).
template <typename Query> size_t temp_bytes(int64_t n, Query query)
{
  static int64_t last_n     = -1;
  static size_t last_answer = 0;
  if (n != last_n)
  {
    CHECK_CUDA(query(last_answer));
    last_n = n;
  }
  return last_answer;
}

} // namespace versus

//! Define launch_cubling and launch_cub for one comparison: `CALL(Library,
//! d_temp, bytes)` is the call, written once for both libraries.
#define VERSUS_DEVICE_REDUCE(In, Out, CALL)                                                                            \
  template <typename Library> void run(const In* d_in, Out* d_out, int64_t n, void* d_temp, cudaStream_t stream)       \
  {                                                                                                                    \
    size_t bytes = versus::temp_bytes(n, [&](size_t& b) { return CALL(Library, nullptr, b); });                        \
    CHECK_CUDA(CALL(Library, d_temp, bytes));                                                                          \
  }                                                                                                                    \
  void launch_cubling(const In* d_in, Out* d_out, int64_t n, void* d_temp, cudaStream_t stream)                        \
  {                                                                                                                    \
    run<cubling::DeviceReduce>(d_in, d_out, n, d_temp, stream);                                                        \
  }                                                                                                                    \
  void launch_cub(const In* d_in, Out* d_out, int64_t n, void* d_temp, cudaStream_t stream)                            \
  {                                                                                                                    \
    run<cub::DeviceReduce>(d_in, d_out, n, d_temp, stream);                                                            \
  }
