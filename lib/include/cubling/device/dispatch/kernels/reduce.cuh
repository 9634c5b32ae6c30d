//! @file
//! The DeviceReduce kernel: one launch, with a grid-wide barrier before the partials are combined.
//!
//! The kernel picks its policy (the chain's ActivePolicy for the architecture
//! it is compiled for) and hands the work to AgentReduce; what it does itself
//! is how the blocks' partial results become one.
//!
//! Single pass (the usual way, `ReduceFinish::grid_barrier`). The grid is no
//! larger than what fits on the GPU at once, and is launched cooperatively,
//! which lets its blocks wait for each other. Every block reduces its share
//! of the items, writes its partial and arrives at a grid-wide barrier;
//! block 0 alone waits there until all have arrived, then reduces the
//! partials, in index order, and writes the output. One launch does what
//! CUB's two passes do.
//!
//! Why a barrier and not "the last block to finish does it": to know which
//! block is last, the blocks count themselves with an atomic counter, and the
//! counter must start at zero. The temporary storage the caller hands over is
//! not zeroed, so each call would first clear it, with a memset of one word
//! in the stream before the kernel. Chapter 05 measures what that costs on an
//! H200: next to nothing. What a single pass saves is not the memset but the
//! second *kernel* of CUB's two passes, whose launch latency (it cannot start
//! until the first kernel is done) dominates small and medium inputs. Both
//! "last block" and the barrier save that second kernel; the barrier also
//! needs no counter, no fences around it and no memory of ours (a
//! cooperative launch keeps its own), so one call is one operation in the
//! stream. Chapter 05 measures the alternatives.
//!
//! A later single-pass algorithm cannot avoid the per-call initialisation:
//! a look-back scan (and Onesweep) keeps a status word per tile in the
//! temporary storage, and every call must first reset those words, since the
//! storage may hold garbage or a previous call's statuses. That is why the
//! device layer carves storage into aligned parts (temporary_storage.cuh)
//! sized for every policy of the chain, and launches with attributes
//! (launch.cuh): an initialisation kernel followed by a programmatic
//! dependent launch of the scan hides most of the second launch's latency.
//!
//! Two passes (`ReduceFinish::partials_only`, then `reduce_partials`): the
//! same kernel, launched twice: first the whole grid writes its partials,
//! then one block reduces them. Two cases take them:
//!   - large inputs: the grid is oversubscribed, one block per contiguous
//!     chunk of tiles (`chunk_tiles` > 0), which reads memory faster than a
//!     resident grid once the input is many rounds of tiles long; such a grid
//!     cannot wait at a barrier, so its partials need a second launch;
//!   - devices that cannot launch cooperatively, and cooperative launches
//!     that the runtime refuses (MPS, green contexts): the resident grid, as
//!     in the single pass (`chunk_tiles` = 0).
#pragma once

#include <cstdint>
#include <iterator>
#include <type_traits>
#include <utility>

#include <cooperative_groups.h>

#include <cubling/agent/agent_reduce.cuh>
#include <cubling/util/macros.cuh>

namespace cubling
{
namespace detail
{

//! What one launch of the reduction kernel does with the blocks' partials.
enum class ReduceFinish : int
{
  grid_barrier,   //!< cooperative launch: partials, grid-wide barrier, block 0 finishes
  partials_only,  //!< first of two launches: every block writes its partial
  reduce_partials //!< second of two launches: one block reduces the partials
};

//! The type written through `OutputIt`: its value type, or the accumulator
//! type for output iterators without one (`void`).
template <typename OutputIt, typename AccumT>
using output_value_t =
  typename std::conditional<std::is_void<typename std::iterator_traits<OutputIt>::value_type>::value, AccumT,
                            typename std::iterator_traits<OutputIt>::value_type>::type;

//! Write the result through the output iterator, after folding in `init`
//! (Reduce, Sum, Min, Max), or as it is when `init` is only the result of an
//! empty input (ArgMin, ArgMax).
template <bool INIT_ONLY_IF_EMPTY, typename OutputIt, typename ReductionOp, typename AccumT, typename InitT>
__device__ CUBLING_FORCEINLINE void
write_result(OutputIt d_out, ReductionOp reduction_op, const AccumT& total, const InitT& init)
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

// example-begin kernel
//! @brief The reduction kernel.
//!
//! Instantiated on the newest policy of the chain (`MaxPolicy`); each
//! architecture it is compiled for uses `MaxPolicy::ActivePolicy`.
template <typename MaxPolicy, bool INIT_ONLY_IF_EMPTY, typename InputIt, typename OutputIt, typename ReductionOp,
          typename InitT, typename AccumT, typename TransformOp>
__global__ void __launch_bounds__(MaxPolicy::ActivePolicy::ReducePolicy::BLOCK_THREADS,
                                  MaxPolicy::ActivePolicy::ReducePolicy::MAX_BLOCKS_PER_SM)
  DeviceReduceKernel(InputIt d_in, OutputIt d_out, int64_t num_items, ReductionOp reduction_op,
                     InitT init, TransformOp transform_op, AccumT* partials, int partial_count, ReduceFinish finish,
                     int chunk_tiles)
{
  using Policy = typename MaxPolicy::ActivePolicy::ReducePolicy;
  using Agent  = AgentReduce<Policy, InputIt, ReductionOp, AccumT, TransformOp>;
  __shared__ typename Agent::TempStorage temp_storage;

  if (num_items == 0) // the empty input: the initial value, or the documented empty result
  {
    if (threadIdx.x == 0)
    {
      *d_out = static_cast<output_value_t<OutputIt, AccumT>>(init);
    }
    return;
  }
  if (finish != ReduceFinish::reduce_partials)
  {
    // This block's share of the items: on a resident grid, tiles striped
    // over the grid, then an even share of what is left
    // (AgentReduce::ConsumeShare); on an oversubscribed grid (chunk_tiles >
    // 0), one contiguous chunk of tiles (AgentReduce::ConsumeChunk).
    const int grid = static_cast<int>(gridDim.x);
    Agent agent(temp_storage, d_in, reduction_op, transform_op);
    const AccumT block_total = chunk_tiles > 0
                               ? agent.ConsumeChunk(num_items, static_cast<int>(blockIdx.x), chunk_tiles)
                               : agent.ConsumeShare(num_items, static_cast<int>(blockIdx.x), grid);
    if (grid == 1 && finish == ReduceFinish::grid_barrier) // one block: nothing to combine
    {
      if (threadIdx.x == 0)
      {
        write_result<INIT_ONLY_IF_EMPTY>(d_out, reduction_op, block_total, init);
      }
      return;
    }
    if (threadIdx.x == 0)
    {
      partials[blockIdx.x] = block_total;
    }
    if (finish == ReduceFinish::partials_only)
    {
      return;
    }
    // Every block arrives at the grid-wide barrier, which publishes its
    // partial; only block 0 needs the others' partials, so only block 0
    // waits. The rest leave at once, and do not poll the barrier's word while
    // later blocks are still arriving at it.
    const cooperative_groups::grid_group grid_group = cooperative_groups::this_grid();
    auto arrival = grid_group.barrier_arrive();
    if (blockIdx.x != 0)
    {
      return;
    }
    grid_group.barrier_wait(std::move(arrival)); // every partial is written, and visible, past this point
    __syncthreads();                             // temp_storage is reused below
  }
  const AccumT total = Agent::ConsumePartials(temp_storage, partials, partial_count, reduction_op);
  if (threadIdx.x == 0)
  {
    write_result<INIT_ONLY_IF_EMPTY>(d_out, reduction_op, total, init);
  }
}
// example-end kernel

} // namespace detail
} // namespace cubling
