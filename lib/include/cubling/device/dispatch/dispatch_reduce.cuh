//! @file
//! DispatchReduce: DeviceReduce's dispatch layer.
//!
//! Between the public entry points (device_reduce.cuh) and the kernel
//! (kernels/reduce.cuh) sits this layer. In order, it:
//!   1. checks the count (a negative one is a bad argument);
//!   2. answers the size query (`d_temp_storage == nullptr`) from the count
//!      and the types alone: one partial slot per tile of the chain's
//!      *smallest* tile (policy_chain_min), so the answer holds for
//!      whichever policy the device picks, and no device is touched;
//!   3. carves the caller's storage into its aligned parts
//!      (temporary_storage.cuh) and checks it and the data pointers: too
//!      little storage and null pointers are bad arguments, found before any
//!      launch, so that a bad call writes nothing;
//!   4. finds the PTX version of the current device and walks the policy
//!      chain to the policy for it (ChainedPolicy::Invoke);
//!   5. sizes the grid for that policy and launches, typed (launch.cuh).
//!      Usually the grid is resident (at most one block per tile, as many as
//!      fit on the GPU at once and as the policy allows per multiprocessor,
//!      as few as take the same rounds of tiles, at most one per partial
//!      slot), launched once, cooperatively (or twice, where the device
//!      cannot launch cooperatively or the policy asks for two passes). A
//!      large input (the policy's STREAM_FROM_ROUNDS rounds of tiles or more,
//!      reduced to a number) gets an oversubscribed grid instead, one block
//!      per chunk of tiles, and two launches. When the runtime refuses the
//!      cooperative launch (is_cooperative_refusal: MPS, green contexts), the
//!      same grid runs in two plain launches instead, and the refusal is
//!      cleared so that it does not reach the caller. Nothing waits for the
//!      launches.
#pragma once

#include <cstdint>
#include <iterator>
#include <type_traits>

#include <cuda_runtime_api.h>

#include <cubling/agent/agent_reduce.cuh>
#include <cubling/device/dispatch/chained_policy.cuh>
#include <cubling/device/dispatch/kernels/reduce.cuh>
#include <cubling/device/dispatch/launch.cuh>
#include <cubling/device/dispatch/temporary_storage.cuh>
#include <cubling/util/error.cuh>
#include <cubling/util/math.cuh>

namespace cubling
{
namespace detail
{

// example-begin policies
//! DeviceReduce's tuning policies, one per architecture, newest first. A
//! tile is BLOCK_THREADS x ITEMS_PER_THREAD items: 4096 items of 4 bytes,
//! 16 KiB, read as four 16-byte vectors per thread. At most 4 blocks of 256
//! threads per multiprocessor: 64 KiB of loads in flight on each, enough to
//! keep memory busy, with half the barrier arrivals of a full GPU (8 blocks).
//! SINGLE_PASS: one cooperative launch where the device allows it (true), or
//! always the two plain launches (false).
//! STREAM_FROM_ROUNDS: an input of at least this many rounds of tiles on the
//! resident grid is read by an oversubscribed grid instead, one block per
//! chunk of STREAM_CHUNK_TILES tiles, in two launches (0: never), when the
//! accumulator is a number (not for ArgMin and ArgMax).
struct DeviceReducePolicy
{
  //! Pascal and later: the baseline.
  struct Policy600 : ChainedPolicy<600, Policy600, Policy600>
  {
    using ReducePolicy                     = AgentReducePolicy<256, 16, BLOCK_REDUCE_WARP_REDUCTIONS, 4>;
    static constexpr bool SINGLE_PASS      = true;
    static constexpr int STREAM_FROM_ROUNDS = 48;
    static constexpr int STREAM_CHUNK_TILES = 4;
  };
  //! Ampere: the same tile; a link of its own, ready to be tuned apart.
  struct Policy800 : ChainedPolicy<800, Policy800, Policy600>
  {
    using ReducePolicy                     = AgentReducePolicy<256, 16, BLOCK_REDUCE_WARP_REDUCTIONS, 4>;
    static constexpr bool SINGLE_PASS      = true;
    static constexpr int STREAM_FROM_ROUNDS = 48;
    static constexpr int STREAM_CHUNK_TILES = 4;
  };
  //! Hopper (measured on an H200 in chapter 05).
  struct Policy900 : ChainedPolicy<900, Policy900, Policy800>
  {
    using ReducePolicy                     = AgentReducePolicy<256, 16, BLOCK_REDUCE_WARP_REDUCTIONS, 4>;
    static constexpr bool SINGLE_PASS      = true;
    static constexpr int STREAM_FROM_ROUNDS = 48;
    static constexpr int STREAM_CHUNK_TILES = 4;
  };
  using MaxPolicy = Policy900;
};
// example-end policies

//! The most partial results (and so the most blocks) of one reduction.
constexpr int64_t max_reduce_partials = 16384; // AgentReduce::even_share_boundary relies on it (32-bit shares)

//! @brief The dispatch of one reduction (see the file comment for its phases).
//!
//! @tparam INIT_ONLY_IF_EMPTY  true: `init` is only the result of an empty
//!                             input (ArgMin/ArgMax); false: it is folded in
//! @tparam TransformOp         `AccumT transform(item, int64_t index)`
//! @tparam PolicyChain         the tuning policies (`MaxPolicy`: the newest link)
//! @tparam Launcher            launches the kernel: KernelLauncher, or a test's stand-in
template <bool INIT_ONLY_IF_EMPTY, typename InputIt, typename OutputIt, typename ReductionOp, typename InitT,
          typename AccumT, typename TransformOp, typename PolicyChain = DeviceReducePolicy,
          typename Launcher = KernelLauncher>
struct DispatchReduce
{
  using MaxPolicy = typename PolicyChain::MaxPolicy;

  AccumT* partials; // the temporary storage's one part
  InputIt d_in;
  OutputIt d_out;
  int64_t num_items;
  ReductionOp reduction_op;
  InitT init;
  TransformOp transform_op;
  cudaStream_t stream;
  int device;

  //! The items of one tile of a policy, for this input type.
  struct TileItems
  {
    template <typename Policy>
    constexpr int64_t operator()(PolicyTag<Policy>) const
    {
      return AgentReduce<typename Policy::ReducePolicy, InputIt, ReductionOp, AccumT, TransformOp>::TILE_ITEMS;
    }
  };

  //! The smallest tile of any policy of the chain: the size query counts
  //! partial slots by it, so that whichever policy runs has one per block.
  static constexpr int64_t MinTileItems()
  {
    return policy_chain_min<MaxPolicy>(TileItems{});
  }

  //! Partial slots for `num_items` items: one per tile of the smallest tile,
  //! at least 1, at most max_reduce_partials. No policy's grid has more
  //! blocks (a resident grid has at most one per tile; an oversubscribed
  //! one at most max_reduce_partials).
  static constexpr int64_t PartialSlots(int64_t num_items)
  {
    static_assert(MinTileItems() >= 1, "every policy's tile holds items");
    const int64_t slots = ceil_div(num_items, MinTileItems());
    return slots < 1 ? 1 : (slots > max_reduce_partials ? max_reduce_partials : slots);
  }

  //! The temporary storage: the partial slots, aligned for AccumT. It
  //! depends on the count and the types only, not on the device.
  static constexpr TempStorageLayout<1> TempLayout(int64_t num_items)
  {
    return make_temp_storage_layout(temp_storage_part<AccumT>(static_cast<size_t>(PartialSlots(num_items))));
  }

  // example-begin invoke
  //! Launch the kernel with the configuration of `ActivePolicy`.
  template <typename ActivePolicy>
  cudaError_t Invoke()
  {
    using Agent           = AgentReduce<typename ActivePolicy::ReducePolicy, InputIt, ReductionOp, AccumT, TransformOp>;
    constexpr auto kernel = DeviceReduceKernel<MaxPolicy, INIT_ONLY_IF_EMPTY, InputIt, OutputIt, ReductionOp, InitT,
                                               AccumT, TransformOp>;
    int sms = 0, per_sm = 0, cooperative = 0;
    CUBLING_RETURN_IF_ERROR(sm_count(device, sms));
    CUBLING_RETURN_IF_ERROR(resident_blocks_per_sm<kernel>(device, Agent::BLOCK_THREADS, per_sm));
    CUBLING_RETURN_IF_ERROR(can_launch_cooperatively(device, cooperative));
    per_sm              = per_sm < ActivePolicy::ReducePolicy::MAX_BLOCKS_PER_SM ? per_sm
                                                                                 : ActivePolicy::ReducePolicy::MAX_BLOCKS_PER_SM;
    const int64_t tiles = num_items > 0 ? ceil_div(num_items, int64_t{Agent::TILE_ITEMS}) : 1;
    const int64_t most  = int64_t{sms} * per_sm;
    constexpr int64_t stream_from_rounds = ActivePolicy::STREAM_FROM_ROUNDS;
    // Arithmetic accumulators only: a block's pair (ArgMin, ArgMax) costs
    // more to reduce and to hand over than a number, and with a block per
    // chunk that cost comes back for every chunk (measured: slower).
    const bool oversubscribe =
      stream_from_rounds > 0 && std::is_arithmetic<AccumT>::value && tiles >= stream_from_rounds * most;
    int chunk_tiles   = 0; // 0: a resident grid
    int64_t grid      = 0;
    if (oversubscribe)
    {
      // One block per chunk of tiles; a longer chunk only where the chunks
      // would outnumber the partial slots.
      chunk_tiles = static_cast<int>(ceil_div(tiles, max_reduce_partials));
      chunk_tiles = chunk_tiles > ActivePolicy::STREAM_CHUNK_TILES ? chunk_tiles : ActivePolicy::STREAM_CHUNK_TILES;
      grid        = ceil_div(tiles, int64_t{chunk_tiles});
    }
    else
    {
      // The fewest blocks that take no more rounds of tiles than the largest
      // grid would: 1024 tiles on 528 blocks take 2 rounds, and so do they
      // on 512 blocks, which then share them with nothing left over.
      grid = ceil_div(tiles, ceil_div(tiles, most));
      grid = PartialSlots(num_items) < grid ? PartialSlots(num_items) : grid;
      grid = grid < 1 ? 1 : grid;
    }
    const int partial_count = static_cast<int>(grid);
    // One block: one plain launch. An oversubscribed grid, a policy for two
    // passes, or a device that cannot launch cooperatively: two plain
    // launches. Otherwise one cooperative launch, or two plain ones if the
    // runtime refuses it.
    const bool single_pass = ActivePolicy::SINGLE_PASS && cooperative && !oversubscribe;
    LaunchConfig how{dim3(static_cast<unsigned>(grid)), dim3(Agent::BLOCK_THREADS), 0, stream};
    if (grid > 1 && single_pass)
    {
      how.cooperative          = true;
      const cudaError_t status = Launcher::Launch(how, kernel, d_in, d_out, num_items, reduction_op, init,
                                                  transform_op, partials, partial_count, ReduceFinish::grid_barrier,
                                                  chunk_tiles);
      if (!is_cooperative_refusal(status))
      {
        return status;
      }
      // Refused before anything ran. The runtime also recorded the refusal
      // as the thread's last error; it is handled here, so clear it.
      (void) cudaGetLastError();
      how.cooperative = false;
    }
    const ReduceFinish finish = grid == 1 ? ReduceFinish::grid_barrier : ReduceFinish::partials_only;
    CUBLING_RETURN_IF_ERROR(Launcher::Launch(how, kernel, d_in, d_out, num_items, reduction_op, init, transform_op,
                                             partials, partial_count, finish, chunk_tiles));
    if (finish == ReduceFinish::partials_only) // the second of two passes: one block reduces the partials
    {
      how.grid = dim3(1);
      return Launcher::Launch(how, kernel, d_in, d_out, num_items, reduction_op, init, transform_op, partials,
                              partial_count, ReduceFinish::reduce_partials, chunk_tiles);
    }
    return cudaSuccess;
  }
  // example-end invoke

  // example-begin dispatch
  //! Check, answer the size query, or pick the policy and launch.
  static cudaError_t Dispatch(void* d_temp_storage, size_t& temp_storage_bytes, InputIt d_in, OutputIt d_out,
                              int64_t num_items, ReductionOp reduction_op, InitT init, TransformOp transform_op,
                              cudaStream_t stream)
  {
    if (num_items < 0)
    {
      return cudaErrorInvalidValue;
    }
    const TempStorageLayout<1> layout = TempLayout(num_items);
    if (d_temp_storage == nullptr) // the size query: no pointer checks, no device
    {
      return layout.Query(temp_storage_bytes);
    }
    void* parts[1] = {};
    if (layout.Carve(d_temp_storage, temp_storage_bytes, parts) != cudaSuccess || is_null(d_out) ||
        (num_items > 0 && is_null(d_in)))
    {
      return cudaErrorInvalidValue;
    }
    DispatchReduce dispatch{static_cast<AccumT*>(parts[0]), d_in, d_out, num_items, reduction_op, init,
                            transform_op, stream, 0};
    CUBLING_RETURN_IF_ERROR(cudaGetDevice(&dispatch.device));
    int ptx = 0;
    CUBLING_RETURN_IF_ERROR(ptx_version(dispatch.device, ptx));
    return MaxPolicy::Invoke(ptx, dispatch);
  }
  // example-end dispatch
};

} // namespace detail
} // namespace cubling
