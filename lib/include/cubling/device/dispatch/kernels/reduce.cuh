//! @file
//! The DeviceReduce kernel: one launch, with the last block to finish completing the reduction.
//!
//! The kernel picks its policy (the chain's ActivePolicy for the architecture
//! it is compiled for) and hands the work to AgentReduce; everything it does
//! itself is the single-pass protocol below.
//!
//! Temporary storage: a SinglePassState, then one partial result per block.
//!
//! The protocol. Every block reduces an even, contiguous share of the tiles
//! and writes its partial. The block that finishes *last* reduces the
//! partials and writes the output, so one launch does what two passes do.
//! Knowing who is last takes a counter that starts at zero, and nothing in
//! the user's temporary storage starts at zero: clearing it with a memset
//! would cost the very launch that the protocol saves. So the kernel clears
//! it itself, and a per-launch `epoch` tells the other blocks when it has:
//!   1. block 0, first thing: `finished = 0`, fence, then `epoch = <this launch's epoch>`;
//!   2. every block, after its partial: fence; wait until `epoch` is this
//!      launch's (so `finished` was cleared for this launch); take a ticket
//!      with `atomicAdd(&finished, 1)`;
//!   3. the block with the last ticket: fence, reduce the partials in index
//!      order, write the output, and set `epoch = 0` so that no later launch
//!      mistakes this one's for its own.
//! The host gives every launch a different, non-zero 64-bit epoch. Blocks
//! wait only for block 0, which the GPU dispatches first (the forward-progress
//! assumption of CUB's decoupled look-back, too). A grid of one block skips
//! the protocol.
#pragma once

#include <cstdint>
#include <iterator>
#include <type_traits>

#include <cubling/agent/agent_reduce.cuh>
#include <cubling/util/macros.cuh>

namespace cubling
{
namespace detail
{

//! The head of DeviceReduce's temporary storage (16 bytes).
struct SinglePassState
{
  unsigned long long epoch; //!< the epoch of the launch that cleared `finished`; 0 when idle
  unsigned int finished;    //!< blocks that have written their partial
  unsigned int padding;
};

static_assert(sizeof(SinglePassState) == 16, "the partials start 16 bytes in");

//! The type written through `OutputIt`: its value type, or the accumulator
//! type for output iterators without one (`void`).
template <typename OutputIt, typename AccumT>
using output_value_t =
  typename std::conditional<std::is_void<typename std::iterator_traits<OutputIt>::value_type>::value, AccumT,
                            typename std::iterator_traits<OutputIt>::value_type>::type;

//! Where and how to write the result: through the output iterator, after
//! folding in `init` (Reduce, Sum, Min, Max) or only for an empty input
//! (ArgMin, ArgMax, whose "initial value" is the documented empty result).
template <bool INIT_ONLY_IF_EMPTY>
struct WriteResult
{
  template <typename OutputIt, typename ReductionOp, typename AccumT, typename InitT>
  static __device__ CUBLING_FORCEINLINE void
  apply(OutputIt d_out, ReductionOp reduction_op, const AccumT& total, const InitT& init)
  {
    using StoreT = output_value_t<OutputIt, AccumT>;
    if constexpr (INIT_ONLY_IF_EMPTY)
    {
      *d_out = static_cast<StoreT>(total);
    }
    else
    {
      // (total, init), not (init, total): with Min and Max, a NaN total then survives.
      *d_out = static_cast<StoreT>(reduction_op(total, static_cast<AccumT>(init)));
    }
  }
};

//! @brief The single-pass reduction kernel.
//!
//! Instantiated on the newest policy of the chain (`MaxPolicy`); each
//! architecture it is compiled for uses `MaxPolicy::ActivePolicy`.
template <typename MaxPolicy, bool INIT_ONLY_IF_EMPTY, typename InputIt, typename OutputIt, typename ReductionOp,
          typename InitT, typename AccumT, typename TransformOp>
__global__ void __launch_bounds__(MaxPolicy::ActivePolicy::ReducePolicy::BLOCK_THREADS)
  DeviceReduceSinglePassKernel(InputIt d_in, OutputIt d_out, int64_t num_items, int64_t num_tiles, ReductionOp reduction_op,
                               InitT init, TransformOp transform_op, void* d_temp_storage, unsigned long long epoch)
{
  using Policy = typename MaxPolicy::ActivePolicy::ReducePolicy;
  using Agent  = AgentReduce<Policy, InputIt, ReductionOp, AccumT, TransformOp>;
  using Write  = WriteResult<INIT_ONLY_IF_EMPTY>;
  __shared__ typename Agent::TempStorage temp_storage;
  __shared__ bool is_last;

  auto* state     = static_cast<SinglePassState*>(d_temp_storage);
  auto* partials  = reinterpret_cast<AccumT*>(state + 1);
  const int grid  = static_cast<int>(gridDim.x);
  const int block = static_cast<int>(blockIdx.x);

  if (num_items == 0)
  {
    if (threadIdx.x == 0)
    {
      *d_out = static_cast<output_value_t<OutputIt, AccumT>>(init);
    }
    return;
  }
  if (grid > 1 && block == 0 && threadIdx.x == 0) // protocol step 1
  {
    state->finished = 0;
    __threadfence();
    atomicExch(&state->epoch, epoch);
  }

  // This block's even share of the tiles: [first_tile, end_tile).
  const int64_t first_tile = num_tiles * block / grid;
  const int64_t end_tile   = num_tiles * (block + 1) / grid;
  const int64_t begin      = first_tile * Agent::TILE_ITEMS;
  const int64_t end        = end_tile * Agent::TILE_ITEMS < num_items ? end_tile * Agent::TILE_ITEMS : num_items;
  const AccumT block_total = Agent(temp_storage, d_in, reduction_op, transform_op).ConsumeRange(begin, end);

  if (grid == 1)
  {
    if (threadIdx.x == 0)
    {
      Write::apply(d_out, reduction_op, block_total, init);
    }
    return;
  }

  if (threadIdx.x == 0) // protocol step 2
  {
    partials[block] = block_total;
    __threadfence();
    while (*static_cast<volatile unsigned long long*>(&state->epoch) != epoch)
    {
    }
    is_last = atomicAdd(&state->finished, 1u) == static_cast<unsigned>(grid - 1);
  }
  __syncthreads();
  if (!is_last)
  {
    return;
  }
  __threadfence(); // protocol step 3: every partial is visible from here on
  const AccumT total = Agent::ConsumePartials(temp_storage, partials, grid, reduction_op);
  if (threadIdx.x == 0)
  {
    Write::apply(d_out, reduction_op, total, init);
    state->epoch = 0;
  }
}

} // namespace detail
} // namespace cubling
