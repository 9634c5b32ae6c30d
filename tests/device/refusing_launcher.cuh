// refusing_launcher.cuh: stand-ins for the device layer's launcher, for the
// tests of the ways a dispatch may take.
//   - RefusingLauncher: the runtime refuses its cooperative launches, as it
//     may under MPS or in a green context; plain launches go through. The
//     refusal is a real one (an empty kernel on 2^20 blocks of 1024
//     threads, more than any GPU holds at once), so that it is also pending
//     as the thread's last error, as a real one would be. It counts them.
//   - CountingLauncher: launches as the library does, and counts launches,
//     cooperative ones and cluster ones apart (CountingLauncherOf counts
//     for another launcher, such as RefusingLauncher).
#pragma once

#include <cstdio>
#include <utility>

#include <cubling/device/dispatch/launch.cuh>
#include <cubling/device/dispatch/chained_policy.cuh>

#include "check.h"

namespace test_launchers
{
using cubling::detail::KernelLauncher;
using cubling::detail::LaunchConfig;

//! Does the current device launch cooperatively? If not, say so, and what the test does instead (`otherwise`).
inline bool device_launches_cooperatively(const char* otherwise)
{
  int device = 0, cooperative = 0;
  CHECK_CUDA(cudaGetDevice(&device));
  CHECK_CUDA(cudaDeviceGetAttribute(&cooperative, cudaDevAttrCooperativeLaunch, device));
  if (cooperative == 0)
  {
    std::printf("this device does not launch cooperatively: %s\n", otherwise);
  }
  return cooperative != 0;
}

//! Cooperative launches refused so far.
inline long long refusals = 0;

// example-begin refusing-launcher
//! A launcher whose cooperative launches the runtime refuses; plain launches go through.
struct RefusingLauncher
{
  template <typename... Params, typename... Args>
  static cudaError_t Launch(const LaunchConfig& how, void (*kernel)(Params...), Args&&... args)
  {
    if (!how.cooperative)
    {
      return KernelLauncher::Launch(how, kernel, std::forward<Args>(args)...);
    }
    LaunchConfig too_large = how;
    too_large.grid         = dim3(1u << 20);
    too_large.block        = dim3(1024);
    const cudaError_t status = KernelLauncher::Launch(too_large, cubling::detail::EmptyKernel<void>);
    EXPECT(status == cudaErrorCooperativeLaunchTooLarge, "the forced refusal returned %s", cudaGetErrorName(status));
    const cudaError_t pending = cudaPeekAtLastError();
    EXPECT(pending == cudaErrorCooperativeLaunchTooLarge, "the refusal is not pending: %s", cudaGetErrorName(pending));
    ++refusals;
    return status;
  }
};
// example-end refusing-launcher

//! Kernel launches made through CountingLauncher so far, and the cooperative and cluster ones among them.
inline long long launches             = 0;
inline long long cooperative_launches = 0;
inline long long cluster_launches     = 0;

//! `Inner` (a launcher: the library's, or RefusingLauncher), counting the launches it is asked for.
template <typename Inner> struct CountingLauncherOf
{
  template <typename... Params, typename... Args>
  static cudaError_t Launch(const LaunchConfig& how, void (*kernel)(Params...), Args&&... args)
  {
    ++launches;
    cooperative_launches += how.cooperative ? 1 : 0;
    cluster_launches += how.cluster.x != 0 ? 1 : 0;
    return Inner::Launch(how, kernel, std::forward<Args>(args)...);
  }
};

//! The library's launcher, counting.
using CountingLauncher = CountingLauncherOf<KernelLauncher>;

} // namespace test_launchers
