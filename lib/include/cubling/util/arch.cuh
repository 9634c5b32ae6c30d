//! @file
//! The hardware constants that the cooperative layers are built around: the
//! warp size and the number of shared-memory banks.
//!
//! Both are 32 on every NVIDIA GPU that cubling targets, and CUDA's own
//! warp-level intrinsics (`__shfl_*_sync`, `__reduce_*_sync`, 32-bit lane
//! masks) assume it too. They are named once here so that code says *which*
//! 32 it means: a warp's lanes, or the banks that a warp's shared-memory
//! access is spread over. (CUB calls them `cub::detail::warp_threads` and
//! `cub::detail::smem_banks`.)
#pragma once

namespace cubling
{

//! Threads in a hardware warp: the lanes that execute one instruction
//! together, and the largest logical warp of the warp layer.
inline constexpr int warp_threads = 32;

//! log2(warp_threads): `rank >> log2_warp_threads` is the rank's warp.
inline constexpr int log2_warp_threads = 5;

//! Banks of shared memory, each one 4 bytes wide. A warp's access takes one
//! pass when its 32 lanes touch distinct banks (or the same word); lanes that
//! touch different words of one bank are served one after another, which is
//! what the layouts' padding avoids.
inline constexpr int smem_banks = 32;

//! log2(smem_banks): `word >> log2_smem_banks` is the word's row of banks.
inline constexpr int log2_smem_banks = 5;

static_assert((1 << log2_warp_threads) == warp_threads && (1 << log2_smem_banks) == smem_banks,
              "the log2 constants must match");

} // namespace cubling
