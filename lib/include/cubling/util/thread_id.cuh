//! @file
//! Thread identifiers shared by the cooperative (warp and block) layers.
#pragma once

#include <cubling/util/macros.cuh>

namespace cubling
{

//! @brief The calling thread's rank in its block, in row-major order:
//! `x + y * BLOCK_DIM_X + z * BLOCK_DIM_X * BLOCK_DIM_Y`.
//!
//! This is the order in which the hardware groups threads into warps, so
//! threads `32w .. 32w + 31` of this rank form warp `w`, and a cooperative
//! primitive that reduces in rank order is ordered in the same way for 1D,
//! 2D and 3D blocks. The arguments are the block's dimensions, usually
//! compile-time constants, so that a 1D block costs nothing more than
//! `threadIdx.x`.
//!
//! @param block_dim_x  threads of the block along x
//! @param block_dim_y  threads of the block along y (1 for a 1D block)
//! @param block_dim_z  threads of the block along z (1 for 1D and 2D blocks)
//! @return the thread's linear rank, from 0 to `block_dim_x * block_dim_y * block_dim_z - 1`
__device__ CUBLING_FORCEINLINE int RowMajorTid(int block_dim_x, int block_dim_y, int block_dim_z)
{
  return ((block_dim_z == 1) ? 0 : static_cast<int>(threadIdx.z) * block_dim_x * block_dim_y) +
         ((block_dim_y == 1) ? 0 : static_cast<int>(threadIdx.y) * block_dim_x) + static_cast<int>(threadIdx.x);
}

} // namespace cubling
