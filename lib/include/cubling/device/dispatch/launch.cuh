//! @file
//! Typed kernel launches with launch attributes.
//!
//! The runtime's untyped launch (`cudaLaunchKernel`, an array of `void*`,
//! one per kernel parameter) trusts the caller: an argument of the wrong
//! type, or one too few, compiles and hands the kernel garbage. The
//! launcher here takes the kernel's address, deduces its parameter list, and
//! converts each argument to its parameter's type exactly as a call would,
//! so a mismatch does not compile. It launches through `cudaLaunchKernelEx`,
//! which takes the attributes the device layer needs in one call:
//!   - **cooperative**: every block resident at once, so that they may wait
//!     for each other at a grid-wide barrier (DeviceReduce's single pass);
//!     the launch is refused, not queued, when the grid cannot all fit;
//!   - **programmatic dependent launch** (sm_90+): the kernel may start
//!     while the kernel before it in the stream is still finishing, and must
//!     itself wait (`cudaGridDependencySynchronize()`) before it reads what
//!     that kernel wrote. A chain of short kernels hides a launch's latency;
//!   - **a cluster dimension** (sm_90+): thread-block clusters, for kernels
//!     that share distributed shared memory.
//! It returns the launch's own status, never swallowing it: a refused launch
//! is the caller's to handle (see `is_cooperative_refusal()`).
#pragma once

#include <cstddef>
#include <type_traits>
#include <utility>

#include <cuda_runtime_api.h>

namespace cubling
{
namespace detail
{

//! How to launch a kernel: the geometry, the stream and the attributes.
struct LaunchConfig
{
  dim3 grid;                 //!< blocks
  dim3 block;                //!< threads per block
  size_t shared_bytes = 0;   //!< dynamic shared memory per block
  cudaStream_t stream = 0;   //!< the stream to launch on
  bool cooperative    = false; //!< all blocks resident at once (grid-wide barriers)
  bool programmatic_serialization = false; //!< programmatic dependent launch: may overlap the previous kernel
  dim3 cluster = dim3(0, 0, 0); //!< blocks per cluster; `cluster.x == 0`: no cluster attribute
};

//! The type itself, in a context where it is not deduced: an argument is
//! converted to it, as in a call.
template <typename T>
struct not_deduced
{
  using type = T;
};

//! The launch, once every argument has its parameter's type.
template <typename... Params>
cudaError_t launch_converted(const LaunchConfig& how, void (*kernel)(Params...),
                             typename not_deduced<Params>::type... params)
{
  cudaLaunchAttribute attributes[3];
  unsigned count = 0;
  if (how.cooperative)
  {
    attributes[count].id              = cudaLaunchAttributeCooperative;
    attributes[count++].val.cooperative = 1;
  }
  if (how.programmatic_serialization)
  {
    attributes[count].id                                          = cudaLaunchAttributeProgrammaticStreamSerialization;
    attributes[count++].val.programmaticStreamSerializationAllowed = 1;
  }
  if (how.cluster.x != 0)
  {
    attributes[count].id               = cudaLaunchAttributeClusterDimension;
    attributes[count].val.clusterDim.x = how.cluster.x;
    attributes[count].val.clusterDim.y = how.cluster.y;
    attributes[count].val.clusterDim.z = how.cluster.z;
    ++count;
  }
  cudaLaunchConfig_t config{};
  config.gridDim          = how.grid;
  config.blockDim         = how.block;
  config.dynamicSmemBytes = how.shared_bytes;
  config.stream           = how.stream;
  config.attrs            = attributes;
  config.numAttrs         = count;
  void* pointers[sizeof...(Params) + 1] = {static_cast<void*>(&params)..., nullptr};
  return cudaLaunchKernelExC(&config, reinterpret_cast<const void*>(kernel), pointers);
}

// example-begin launch
//! @brief The launcher of the device layer: one typed `cudaLaunchKernelEx`.
//!
//! A dispatch takes its launcher as a template parameter, so that a test can
//! put a launcher of its own in its place (one that refuses cooperative
//! launches, say, as a GPU shared through MPS may).
struct KernelLauncher
{
  //! @brief Launch `kernel` as `how` says, with `args` converted to its parameters' types.
  //!
  //! @tparam Params  the kernel's parameter list (deduced)
  //! @tparam Args    the arguments' types: as many, each convertible to its parameter's
  //! @param how      grid, block, shared memory, stream and attributes
  //! @param kernel   the kernel (`__global__ void kernel(Params...)`)
  //! @param args     its arguments
  //! @return the launch's status (`cudaErrorCooperativeLaunchTooLarge` and the like included)
  template <typename... Params, typename... Args>
  static cudaError_t Launch(const LaunchConfig& how, void (*kernel)(Params...), Args&&... args)
  {
    if constexpr (sizeof...(Params) != sizeof...(Args))
    {
      static_assert(sizeof...(Params) == sizeof...(Args), "the kernel takes a different number of arguments");
      return cudaErrorInvalidValue;
    }
    else
    {
      static_assert((std::is_convertible<Args&&, Params>::value && ...),
                    "an argument does not convert to the type of the kernel's parameter");
      return launch_converted<Params...>(how, kernel, std::forward<Args>(args)...);
    }
  }
};
// example-end launch

//! @brief Does `status` say that a cooperative launch was refused, though a plain one may run?
//!
//! - `cudaErrorCooperativeLaunchTooLarge`: the grid cannot be resident all
//!   at once on what this context may use. It happens where the device
//!   layer's count of resident blocks (multiprocessors times blocks per
//!   multiprocessor, from the device's attributes) overstates it: under MPS
//!   with a limit on active threads, in a green context given a share of the
//!   multiprocessors;
//! - `cudaErrorNotSupported`: this context does not launch cooperatively at
//!   all, though the device says it can (some MPS and virtualised setups).
//!
//! Both are reported before anything runs and are not sticky: the context
//! stays usable, and the same kernel may be launched without the attribute.
//! Other errors are not refusals: `cudaErrorInvalidConfiguration` (a bad grid
//! or block shape, too much shared memory) would fail the plain launch just
//! the same, and hiding it behind a second attempt would only delay it;
//! anything sticky must reach the caller.
inline bool is_cooperative_refusal(cudaError_t status)
{
  return status == cudaErrorCooperativeLaunchTooLarge || status == cudaErrorNotSupported;
}

} // namespace detail
} // namespace cubling
