//! @file
//! Error propagation inside the library.
//!
//! Library code never aborts and never prints: every failure travels back to
//! the caller as a `cudaError_t`. (Programs that want to stop on the first
//! error, the tests and the chapter runners, use `tests/check.h` instead.)
#pragma once

#include <cuda_runtime_api.h>

//! Evaluate a CUDA call; if it failed, return its error from the enclosing function.
#define CUBLING_RETURN_IF_ERROR(call)            \
  do                                             \
  {                                              \
    const cudaError_t cubling_status_ = (call);  \
    if (cubling_status_ != cudaSuccess)          \
    {                                            \
      return cubling_status_;                    \
    }                                            \
  } while (0)

//! Return the launch error, if any, of the kernel launched just before.
//! Launch-configuration errors are reported at once; asynchronous faults are
//! reported by the next synchronising call, as everywhere in CUDA.
#define CUBLING_RETURN_IF_LAUNCH_FAILED() CUBLING_RETURN_IF_ERROR(cudaPeekAtLastError())
