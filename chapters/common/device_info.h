// device_info.h: facts about a GPU that steps size their grids by.
//
// Every answer is for the device a step runs on (runner::Args::device), so
// that one process can run steps on several GPUs. The library's dispatch
// asks the same questions and keeps the answers per device
// (cubling::detail, device/dispatch/chained_policy.cuh); these ask it.
#pragma once

#include <cstdint>

#include <cubling/device/dispatch/chained_policy.cuh>

#include "check.h"

namespace runner
{

//! Number of multiprocessors of `device`.
inline int sm_count(int device)
{
  int sms = 0;
  CHECK_CUDA(cubling::detail::sm_count(device, sms));
  return sms;
}

// example-begin resident-grid
//! The largest grid of `Kernel` whose blocks are all resident at once on
//! `device`: the multiprocessors times the blocks of `block_threads` threads
//! that fit on one, as the occupancy calculator counts them (registers,
//! shared memory, threads). Asked once per kernel and device, then kept.
template <auto Kernel>
int64_t resident_grid(int block_threads, int device)
{
  int blocks_per_sm = 0;
  CHECK_CUDA(cubling::detail::resident_blocks_per_sm<Kernel>(device, block_threads, blocks_per_sm));
  return int64_t{blocks_per_sm} * sm_count(device);
}
// example-end resident-grid

} // namespace runner
