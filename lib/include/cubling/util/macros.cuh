//! @file
//! Function qualifiers shared by every layer of cubling.
#pragma once

// __host__, __device__ and __forceinline__, for a host compiler too: nvcc
// includes the CUDA runtime's header by itself, g++ does not (a host-only
// file that includes a cubling header, such as the chapters' main()).
#include <cuda_runtime_api.h>

//! Callable from host and device code: the thread layer runs in both.
#define CUBLING_HOST_DEVICE __host__ __device__
//! Always inline: cooperative primitives are small and sit in hot loops.
#define CUBLING_FORCEINLINE __forceinline__

//! `#pragma unroll` for code that also compiles for the host, where the host
//! compiler would warn about an unknown pragma. (Device-only code writes the
//! pragma directly.)
#if defined(__CUDA_ARCH__)
#  define CUBLING_UNROLL _Pragma("unroll")
#else
#  define CUBLING_UNROLL
#endif
