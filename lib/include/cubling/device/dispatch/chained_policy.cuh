//! @file
//! Tuning policies chained by architecture, and the device facts a dispatch needs.
//!
//! A *policy* is a struct of compile-time tuning choices (threads per block,
//! items per thread, which block algorithm) that suits one GPU architecture.
//! Each policy names the oldest architecture it is meant for and the policy
//! before it; together they form a chain, newest first:
//!
//!     Policy900 (sm_90+)  ->  Policy800 (sm_80+)  ->  Policy600 (sm_60+)
//!
//! The chain is walked twice, at two different times:
//! - **in device code**, at compile time: each architecture the kernel is
//!   compiled for picks `ActivePolicy`, the newest policy not newer than
//!   itself (`__CUDA_ARCH__`);
//! - **on the host**, at run time: `Invoke()` reads the PTX version that the
//!   running GPU will use and calls the dispatch's `Invoke<Policy>()` with the
//!   same policy, so that the launch configuration (threads per block, tile
//!   size) agrees with what the kernel was compiled for.
//! Kernels are templated on the whole chain (its newest link), never on one
//! policy: each kernel is instantiated once and compiled once per target
//! architecture, instead of once per (policy, architecture) pair.
//!
//! A third walk happens on the host, at compile time, over *every* link:
//! `policy_chain_min()` and `policy_chain_max()` bound a property of the
//! policies (a tile's items, say) over the whole chain. The size query uses
//! such bounds, so that the temporary storage it asks for is enough for
//! whichever policy the running device picks, and so that it can answer
//! without asking which device that is. Scan's tile-status array and
//! Onesweep's look-back words depend on the tile size in just this way.
#pragma once

#include <atomic>
#include <cstddef>
#include <type_traits>

#include <cuda_runtime_api.h>

#include <cubling/util/error.cuh>

namespace cubling
{

namespace detail
{
//! The architecture this compilation pass generates code for, as
//! `major * 100 + minor * 10` (900 for sm_90); 0 in the host pass.
#if defined(__CUDA_ARCH__)
constexpr int compiling_for_arch = __CUDA_ARCH__;
#else
constexpr int compiling_for_arch = 0;
#endif
} // namespace detail

namespace detail
{
//! The active policy of a link: its predecessor's when the link is too new
//! for the architecture being compiled (looked up only then: the link itself
//! is still being defined).
template <bool TOO_NEW, typename Policy, typename PrevPolicy>
struct select_active_policy
{
  using type = Policy; //!< the link itself: not too new
};
template <typename Policy, typename PrevPolicy>
struct select_active_policy<true, Policy, PrevPolicy>
{
  using type = typename PrevPolicy::ActivePolicy; //!< too new: ask the next older link
};
} // namespace detail

// example-begin chained-policy
//! @brief One link of a chain of tuning policies.
//!
//! Derive each policy from it: `struct Policy900 : ChainedPolicy<900, Policy900, Policy800> { ... };`
//! The oldest link names itself as its predecessor.
//!
//! @tparam PTX_VERSION  the oldest architecture this policy is for (`600`, `800`, `900`, ...)
//! @tparam Policy       the policy being defined
//! @tparam PrevPolicy   the next older policy in the chain (or `Policy` itself at the end)
template <int PTX_VERSION, typename Policy, typename PrevPolicy>
struct ChainedPolicy
{
  //! The policy that device code compiled for `detail::compiling_for_arch` uses.
  using ActivePolicy =
    typename detail::select_active_policy<(detail::compiling_for_arch < PTX_VERSION), Policy, PrevPolicy>::type;
  //! The next older link, for walks over the whole chain.
  using OlderPolicy = PrevPolicy;

  //! Call `op.template Invoke<P>()` with the newest policy `P` not newer than
  //! `ptx_version` (the oldest policy if none is old enough), and return its status.
  template <typename Op>
  static cudaError_t Invoke(int ptx_version, Op& op)
  {
    if (ptx_version < PTX_VERSION)
    {
      return PrevPolicy::Invoke(ptx_version, op);
    }
    return op.template Invoke<Policy>();
  }
};

//! The end of a chain: the oldest policy, used for anything at least as old.
template <int PTX_VERSION, typename Policy>
struct ChainedPolicy<PTX_VERSION, Policy, Policy>
{
  using ActivePolicy = Policy;
  using OlderPolicy  = Policy; //!< the link itself: the walks stop here

  template <typename Op>
  static cudaError_t Invoke(int, Op& op)
  {
    return op.template Invoke<Policy>();
  }
};
// example-end chained-policy

namespace detail
{

//! Names one link of a policy chain, as the argument of a property (see policy_chain_min()).
template <typename Policy>
struct PolicyTag
{
  using type = Policy; //!< the link
};

// example-begin chain-bounds
//! @brief The smallest value of a property over every link of a policy chain, at compile time.
//!
//! For example, the smallest tile of any link: a count of tiles sized by it
//! is enough for whichever link runs. No device is asked which link that is.
//! @tparam MaxPolicy  the chain's newest link; the walk follows `OlderPolicy` to the end
//! @tparam Property   `constexpr` callable: `property(PolicyTag<P>{})` gives the value for link `P`
//! @param property    the property
template <typename MaxPolicy, typename Property>
constexpr auto policy_chain_min(Property property)
{
  const auto here = property(PolicyTag<MaxPolicy>{});
  if constexpr (std::is_same<typename MaxPolicy::OlderPolicy, MaxPolicy>::value)
  {
    return here;
  }
  else
  {
    const auto older = policy_chain_min<typename MaxPolicy::OlderPolicy>(property);
    return older < here ? older : here;
  }
}

//! @brief The largest value of a property over every link of a policy chain, at compile time.
//!
//! @tparam MaxPolicy  the chain's newest link; the walk follows `OlderPolicy` to the end
//! @tparam Property   `constexpr` callable: `property(PolicyTag<P>{})` gives the value for link `P`
//! @param property    the property
template <typename MaxPolicy, typename Property>
constexpr auto policy_chain_max(Property property)
{
  const auto here = property(PolicyTag<MaxPolicy>{});
  if constexpr (std::is_same<typename MaxPolicy::OlderPolicy, MaxPolicy>::value)
  {
    return here;
  }
  else
  {
    const auto older = policy_chain_max<typename MaxPolicy::OlderPolicy>(property);
    return here < older ? older : here;
  }
}
// example-end chain-bounds

} // namespace detail

namespace detail
{

//! An empty kernel: its attributes tell which PTX version the library's
//! kernels run as on the current device.
template <typename = void>
__global__ void EmptyKernel()
{}

//! The most devices whose facts are cached; more still work, uncached.
constexpr int max_cached_devices = 64;

//! A per-device cache of one int, filled on first use. Racing first uses
//! compute the same value, so plain atomic stores are enough.
template <typename Compute>
cudaError_t cached_per_device(std::atomic<int> (&cache)[max_cached_devices], int device, int& value, Compute compute)
{
  if (device >= 0 && device < max_cached_devices)
  {
    value = cache[device].load(std::memory_order_relaxed);
    if (value > 0)
    {
      return cudaSuccess;
    }
  }
  CUBLING_RETURN_IF_ERROR(compute(value));
  if (device >= 0 && device < max_cached_devices)
  {
    cache[device].store(value, std::memory_order_relaxed);
  }
  return cudaSuccess;
}

//! The PTX version (`major * 100 + minor * 10`) of cubling's kernels on `device`.
inline cudaError_t ptx_version(int device, int& version)
{
  static std::atomic<int> cache[max_cached_devices];
  return cached_per_device(cache, device, version, [](int& v) {
    cudaFuncAttributes attributes{};
    CUBLING_RETURN_IF_ERROR(cudaFuncGetAttributes(&attributes, EmptyKernel<void>));
    v = attributes.ptxVersion * 10;
    return cudaSuccess;
  });
}

//! The number of multiprocessors of `device`.
inline cudaError_t sm_count(int device, int& count)
{
  static std::atomic<int> cache[max_cached_devices];
  return cached_per_device(cache, device, count, [device](int& c) {
    return cudaDeviceGetAttribute(&c, cudaDevAttrMultiProcessorCount, device);
  });
}

//! Whether `device` can launch a grid cooperatively (all blocks resident at
//! once, free to wait for each other at a grid-wide barrier): 1 or 0.
inline cudaError_t can_launch_cooperatively(int device, int& can)
{
  static std::atomic<int> cache[max_cached_devices]; // 0: not asked yet; else 1 + the answer
  int answer_plus_one = 0;
  CUBLING_RETURN_IF_ERROR(cached_per_device(cache, device, answer_plus_one, [device](int& a) {
    CUBLING_RETURN_IF_ERROR(cudaDeviceGetAttribute(&a, cudaDevAttrCooperativeLaunch, device));
    a = 1 + (a != 0);
    return cudaSuccess;
  }));
  can = answer_plus_one - 1;
  return cudaSuccess;
}

//! How many blocks of `kernel` (with `block_threads` threads and
//! `dynamic_shared_bytes` of dynamic shared memory, the same at every launch
//! of it) fit on one multiprocessor of `device`, at least 1. Cached per
//! kernel: pass the kernel's address as a template argument.
template <auto Kernel>
cudaError_t resident_blocks_per_sm(int device, int block_threads, int& blocks, size_t dynamic_shared_bytes = 0)
{
  static std::atomic<int> cache[max_cached_devices];
  return cached_per_device(cache, device, blocks, [block_threads, dynamic_shared_bytes](int& b) {
    CUBLING_RETURN_IF_ERROR(
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&b, Kernel, block_threads, dynamic_shared_bytes));
    b = b > 0 ? b : 1;
    return cudaSuccess;
  });
}

//! The most blocks of `kernel` (with `block_threads` threads) that one
//! thread-block cluster on `device` can hold, up to `limit` (at most 16;
//! above 8 the kernel is allowed a non-portable cluster size); 0 when the
//! device runs no clusters (before sm_90). Cached per kernel.
template <auto Kernel>
cudaError_t max_cluster_blocks(int device, int block_threads, int limit, int& blocks)
{
  static std::atomic<int> cache[max_cached_devices]; // 0: not asked yet; else 1 + the answer
  int answer_plus_one = 0;
  CUBLING_RETURN_IF_ERROR(cached_per_device(cache, device, answer_plus_one, [=](int& a) {
    a = 1;
    int major = 0;
    CUBLING_RETURN_IF_ERROR(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device));
    if (major < 9)
    {
      return cudaSuccess;
    }
    if (limit > 8)
    {
      CUBLING_RETURN_IF_ERROR(cudaFuncSetAttribute(Kernel, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
    }
    for (int size = limit; size >= 1; --size)
    {
      cudaLaunchConfig_t config{};
      config.gridDim  = dim3(static_cast<unsigned>(size));
      config.blockDim = dim3(static_cast<unsigned>(block_threads));
      cudaLaunchAttribute attribute{};
      attribute.id               = cudaLaunchAttributeClusterDimension;
      attribute.val.clusterDim.x = static_cast<unsigned>(size);
      attribute.val.clusterDim.y = 1;
      attribute.val.clusterDim.z = 1;
      config.attrs               = &attribute;
      config.numAttrs            = 1;
      int clusters               = 0;
      if (cudaOccupancyMaxActiveClusters(&clusters, Kernel, &config) != cudaSuccess)
      {
        (void) cudaGetLastError(); // this size is refused: try a smaller one
        continue;
      }
      if (clusters > 0)
      {
        a = 1 + size;
        break;
      }
    }
    return cudaSuccess;
  }));
  blocks = answer_plus_one - 1;
  return cudaSuccess;
}

} // namespace detail
} // namespace cubling
