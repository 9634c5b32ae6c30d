//! @file
//! DispatchReduce: DeviceReduce's dispatch layer.
//!
//! Between the public entry points (device_reduce.cuh) and the kernel
//! (kernels/reduce.cuh) sits this layer. In order, it:
//!   1. checks the arguments: a negative count, then (unless this is the size
//!      query) too little temporary storage and null data pointers, all
//!      before any launch, so that a bad call writes nothing;
//!   2. answers the size query (`d_temp_storage == nullptr`) from the count
//!      alone, without touching the device;
//!   3. finds the PTX version of the current device and walks the policy
//!      chain to the policy for it (ChainedPolicy::Invoke);
//!   4. sizes the grid for that policy and launches. Usually the grid is
//!      resident (at most one block per tile, as many as fit on the GPU at
//!      once and as the policy allows per multiprocessor, as few as take the
//!      same rounds of tiles, at most one per partial slot), launched once,
//!      cooperatively (or twice, where the device cannot launch
//!      cooperatively or the policy asks for two passes). A large input (the
//!      policy's STREAM_FROM_ROUNDS rounds of tiles or more, reduced to a
//!      number) gets an oversubscribed grid instead, one block per chunk of tiles, and two
//!      launches. Nothing waits for them.
#pragma once

#include <cstdint>
#include <iterator>
#include <type_traits>

#include <cuda_runtime_api.h>

#include <cubling/agent/agent_reduce.cuh>
#include <cubling/device/dispatch/chained_policy.cuh>
#include <cubling/device/dispatch/kernels/reduce.cuh>
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
//! No policy's tile is smaller than this (AgentReduce asserts it), so
//! `ceil(n / 256)` partial slots are always enough for one per tile.
constexpr int64_t min_reduce_tile_items = 256;

//! Partial slots for `num_items` items: one per smallest tile, at most max_reduce_partials.
inline int64_t reduce_partial_slots(int64_t num_items)
{
  const int64_t slots = ceil_div(num_items, min_reduce_tile_items);
  return slots < 1 ? 1 : (slots > max_reduce_partials ? max_reduce_partials : slots);
}

//! Temporary storage of a reduction: one partial result per block, plus
//! room to align them, since the caller's storage may start anywhere. It
//! depends on the count and the accumulator type only, not on the device.
template <typename AccumT>
size_t reduce_temp_storage_bytes(int64_t num_items)
{
  return static_cast<size_t>(reduce_partial_slots(num_items)) * sizeof(AccumT) + alignof(AccumT) - 1;
}

//! Is a data argument a null pointer? Iterators are never null.
template <typename It>
bool is_null(const It& it)
{
  if constexpr (std::is_pointer<It>::value)
  {
    return it == nullptr;
  }
  else
  {
    return false;
  }
}

//! @brief The dispatch of one reduction (see the file comment for its phases).
//!
//! @tparam INIT_ONLY_IF_EMPTY  true: `init` is only the result of an empty
//!                             input (ArgMin/ArgMax); false: it is folded in
//! @tparam TransformOp         `AccumT transform(item, int64_t index)`
template <bool INIT_ONLY_IF_EMPTY, typename InputIt, typename OutputIt, typename ReductionOp, typename InitT,
          typename AccumT, typename TransformOp, typename PolicyChain = DeviceReducePolicy>
struct DispatchReduce
{
  using MaxPolicy = typename PolicyChain::MaxPolicy;

  void* d_temp_storage;
  size_t temp_storage_bytes;
  InputIt d_in;
  OutputIt d_out;
  int64_t num_items;
  ReductionOp reduction_op;
  InitT init;
  TransformOp transform_op;
  cudaStream_t stream;
  int device;

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
    // The fewest blocks that take no more rounds of tiles than the largest
    // grid would: 1024 tiles on 528 blocks take 2 rounds, and so do they on
    // 512 blocks, which then share them with nothing left over.
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
      grid = reduce_partial_slots(num_items) < grid ? reduce_partial_slots(num_items) : grid;
      grid = grid < 1 ? 1 : grid;
    }
    auto* partials    = reinterpret_cast<AccumT*>(
      ceil_div(reinterpret_cast<uintptr_t>(d_temp_storage), uintptr_t{alignof(AccumT)}) * alignof(AccumT));
    int partial_count = static_cast<int>(grid);
    // One block: one plain launch. An oversubscribed grid, a policy for two
    // passes, or a device that cannot launch cooperatively: two plain
    // launches. Otherwise one cooperative launch.
    const bool single_pass = ActivePolicy::SINGLE_PASS && cooperative && !oversubscribe;
    ReduceFinish finish    = grid == 1 || single_pass ? ReduceFinish::grid_barrier : ReduceFinish::partials_only;
    void* arguments[]   = {&d_in, &d_out, &num_items, &reduction_op, &init, &transform_op, &partials,
                           &partial_count, &finish, &chunk_tiles};
    const void* entry   = reinterpret_cast<const void*>(kernel);
    const dim3 threads(Agent::BLOCK_THREADS);
    // The launch calls return launch errors themselves: no cudaPeekAtLastError() needed.
    if (grid > 1 && single_pass)
    {
      return cudaLaunchCooperativeKernel(entry, dim3(static_cast<unsigned>(grid)), threads, arguments, 0, stream);
    }
    CUBLING_RETURN_IF_ERROR(cudaLaunchKernel(entry, dim3(static_cast<unsigned>(grid)), threads, arguments, 0, stream));
    if (finish == ReduceFinish::partials_only) // the second of two passes
    {
      finish = ReduceFinish::reduce_partials;
      return cudaLaunchKernel(entry, dim3(1), threads, arguments, 0, stream);
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
    const size_t required = reduce_temp_storage_bytes<AccumT>(num_items);
    if (d_temp_storage == nullptr) // the size query: no pointer checks, no device
    {
      temp_storage_bytes = required;
      return cudaSuccess;
    }
    if (temp_storage_bytes < required || is_null(d_out) || (num_items > 0 && is_null(d_in)))
    {
      return cudaErrorInvalidValue;
    }
    DispatchReduce dispatch{d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, reduction_op,
                            init,           transform_op,       stream, 0};
    CUBLING_RETURN_IF_ERROR(cudaGetDevice(&dispatch.device));
    int ptx = 0;
    CUBLING_RETURN_IF_ERROR(ptx_version(dispatch.device, ptx));
    return MaxPolicy::Invoke(ptx, dispatch);
  }
  // example-end dispatch
};

} // namespace detail
} // namespace cubling
