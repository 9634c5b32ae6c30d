//! @file
//! LaneId: the calling thread's lane in its hardware warp.
#pragma once

#include <cubling/util/macros.cuh>

namespace cubling
{

//! @brief The calling thread's lane in its hardware warp, from 0 to 31.
//!
//! Read from the \%laneid register, so it is right for any block shape:
//! `threadIdx.x % 32` is the lane only when the block is one-dimensional
//! (or its x dimension is a multiple of 32). The warp layer uses it because a
//! warp-level primitive knows nothing of the block around it.
//!
//! @return the lane, from 0 to 31
__device__ CUBLING_FORCEINLINE unsigned int LaneId()
{
  unsigned int lane;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  return lane;
}

} // namespace cubling
