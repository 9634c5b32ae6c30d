//! @file
//! The DeviceRadixSort kernels: each picks its policy from the chain and
//! hands the work to an agent.
//!
//! A sort of more than one tile runs, in one stream:
//!   - a reset of the histograms and of the histogram's counter (a memset of a few KiB);
//!   - the histogram kernel: it zeroes the look-back words, counts every
//!     pass's digits in one read of the keys, and its last block turns the
//!     counts into offsets;
//!   - one Onesweep kernel per pass (per portion of at most 2^28 keys), each a
//!     programmatic dependent launch of the one before (sm_90 and later): it
//!     waits for its predecessor's keys with `cudaGridDependencySynchronize()`,
//!     but its launch overlaps its predecessor's end.
//! The look-back words are zeroed inside the sort, not trusted from the
//! storage: garbage, a previous call's words, or this call's own words from
//! an earlier replay of a CUDA graph all read as zero to the first pass.
//! An input of one tile or less takes the single-tile kernel alone. On sm_90,
//! an input that the shared memory of one thread-block cluster holds takes
//! the cluster kernel alone. An input of a few tiles, all of which fit on
//! the GPU at once, takes one cooperative kernel that does every pass, with
//! a grid-wide barrier where a launch would end, and neither the histogram
//! nor the look-back: every tile's counts, read after a barrier, give the
//! offsets (DeviceRadixSortCooperativeKernel).
#pragma once

#include <cstdint>
#include <type_traits>

#include <cooperative_groups.h>

#include <cubling/agent/agent_radix_sort_cluster.cuh>
#include <cubling/agent/agent_radix_sort_histogram.cuh>
#include <cubling/agent/agent_radix_sort_onesweep.cuh>
#include <cubling/agent/agent_radix_sort_single_tile.cuh>
#include <cubling/agent/agent_scan.cuh>
#include <cubling/block/block_reduce.cuh>
#include <cubling/util/macros.cuh>

namespace cubling
{
namespace detail
{

//! The most static shared memory a kernel may declare; a block's storage
//! above it is dynamic, and its launch must ask for it.
constexpr size_t STATIC_SHARED_BYTES = 48 * 1024;

//! The dynamic shared memory a launch must ask for to give a block a `T`:
//! none when `T` fits in static shared memory.
template <typename T> CUBLING_HOST_DEVICE constexpr size_t dynamic_shared_bytes()
{
  return sizeof(T) <= STATIC_SHARED_BYTES ? 0 : sizeof(T);
}

//! A block's shared `T`: static when it fits, dynamic otherwise (see
//! dynamic_shared_bytes).
template <typename T> __device__ CUBLING_FORCEINLINE T& block_shared_storage()
{
  if constexpr (dynamic_shared_bytes<T>() == 0)
  {
    __shared__ T storage;
    return storage;
  }
  else
  {
    extern __shared__ __align__(16) unsigned char dynamic_storage[];
    return *reinterpret_cast<T*>(dynamic_storage);
  }
}

//! Readies `kernel`, whose blocks take a `T` through block_shared_storage,
//! for its launches: where `T` is dynamic, raises the kernel's limit to its
//! size. `bytes`: the dynamic shared memory each launch asks for (0 when
//! `T` is static).
template <typename T, typename Kernel> cudaError_t prepare_block_shared_storage(Kernel kernel, size_t& bytes)
{
  bytes = dynamic_shared_bytes<T>();
  return bytes == 0 ? cudaSuccess
                    : cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(bytes));
}

//! Zero `lookback_words` look-back words, then count every pass's digits
//! (AgentRadixSortHistogram); the last block leaves exclusive offsets in
//! `d_bins`. Lane columns take dynamic shared memory (dynamic_shared_bytes).
template <typename MaxPolicy, bool IS_DESCENDING, typename KeyT, typename OffsetT, typename Decomposer>
__global__ void __launch_bounds__(MaxPolicy::ActivePolicy::HistogramPolicy::BLOCK_THREADS)
    DeviceRadixSortHistogramKernel(OffsetT* d_bins, unsigned int* d_blocks_done, const KeyT* d_keys, int64_t num_items,
                                   int begin_bit, int end_bit, uint32_t* d_lookback, int64_t lookback_words,
                                   Decomposer decomposer)
{
  using Agent = AgentRadixSortHistogram<typename MaxPolicy::ActivePolicy::HistogramPolicy, IS_DESCENDING, KeyT, OffsetT,
                                        Decomposer>;
  allow_dependent_grid();
  const int64_t stride = int64_t{gridDim.x} * blockDim.x;
  for (int64_t i = int64_t{blockIdx.x} * blockDim.x + threadIdx.x; i < lookback_words; i += stride)
  {
    d_lookback[i] = 0;
  }
  Agent(block_shared_storage<typename Agent::TempStorage>(), d_bins, d_blocks_done, d_keys, num_items, begin_bit,
        end_bit, decomposer)
      .Process();
}

//! One launch of one Onesweep pass: block b ranks and scatters a tile
//! (AgentRadixSortOnesweep), after the grid before it has finished. A tile
//! larger than static shared memory holds takes dynamic shared memory.
template <typename MaxPolicy, bool IS_DESCENDING, typename KeyT, typename ValueT, typename OffsetT, typename Decomposer>
__global__ void __launch_bounds__(MaxPolicy::ActivePolicy::OnesweepPolicy::BLOCK_THREADS,
                                  MaxPolicy::ActivePolicy::OnesweepPolicy::MIN_BLOCKS)
    DeviceRadixSortOnesweepKernel(OnesweepLaunchArgs<KeyT, ValueT, OffsetT> args, Decomposer decomposer)
{
  using Agent = AgentRadixSortOnesweep<typename MaxPolicy::ActivePolicy::OnesweepPolicy, IS_DESCENDING, KeyT, ValueT,
                                       OffsetT, Decomposer>;
  wait_for_prerequisite_grid();
  allow_dependent_grid();
  Agent(block_shared_storage<typename Agent::TempStorage>(), args, decomposer).Process();
}

//! Which of a sort's two buffers pass `pass` of `passes` writes. In place
//! (`is_overwrite_okay`), pass p reads buffer p % 2 and writes the other;
//! otherwise the input is only read, buffer 1 is the output and buffer 0 the
//! spare, and the passes alternate so that the last one writes the output.
CUBLING_HOST_DEVICE constexpr int radix_sort_pass_target(int pass, int passes, bool is_overwrite_okay)
{
  return is_overwrite_okay ? (pass + 1) % 2 : ((passes - 1 - pass) % 2 == 0 ? 1 : 0);
}

//! What the cooperative sort of a small input works on.
template <typename KeyT, typename ValueT, typename OffsetT> struct CooperativeSortArgs
{
  const KeyT* d_keys_in;        //!< the input keys
  KeyT* d_key_buffers[2];       //!< the passes' targets (radix_sort_pass_target)
  const ValueT* d_values_in;    //!< the input values (keys only: unused)
  ValueT* d_value_buffers[2];   //!< likewise
  OffsetT* d_bins;              //!< RADIX_DIGITS digit totals per pass (the column scan's)
  uint32_t* d_lookback;         //!< RADIX_DIGITS words per tile (per block); small tiles: the last tile's
  int num_items;                //!< keys, at most one tile per block
  int begin_bit;                //!< the first bit sorted on
  int end_bit;                  //!< one past the last bit sorted on
  bool is_overwrite_okay;       //!< may the input buffers be written
  //! Buckets first (see the kernel): the word that tells
  //! DeviceRadixSortBucketKernel whether the buckets are its to sort; null:
  //! the digit passes alone
  unsigned int* d_buckets_ready;
  int bucket_capacity;          //!< buckets first: the most keys DeviceRadixSortBucketKernel sorts in a block
};

//! The passes of a cooperative sort: the digit passes, one more for the
//! top digit when it splits the keys into buckets first.
CUBLING_HOST_DEVICE constexpr int cooperative_sort_passes(int begin_bit, int end_bit, int radix_bits, bool buckets)
{
  return radix_sort_passes(begin_bit, end_bit, radix_bits) + (buckets ? 1 : 0);
}

// example-begin cooperative-kernel
//! The tile policy of the cooperative kernel's shape (SMALL_TILES: see the
//! kernel), in a link of the policy chain.
template <typename Policy, bool SMALL_TILES>
using cooperative_policy_t =
    std::conditional_t<SMALL_TILES, typename Policy::SmallCooperativePolicy, typename Policy::CooperativePolicy>;

//! A small input's whole sort in one launch, every block resident at once,
//! block b owning tile b: every Onesweep pass of the multi-launch sort,
//! ended by a grid-wide barrier instead of by the end of a kernel, and with
//! no histogram, no reset and no look-back. Each tile publishes its digit
//! counts; after a grid-wide barrier, the sums of each digit's counts over
//! the tiles give every tile its prefix and every digit its total (a few
//! tiles: every block reads all the counts; more: the grid scans each
//! digit's column, and a second barrier follows), and each block scans the
//! totals into the digits' starts (AgentRadixSortOnesweep::ResidentOffsets).
//! Every word is written before it is read, with a barrier between, so
//! whatever the storage held before does not matter. Two shapes:
//!   - SMALL_TILES false (CooperativePolicy): tiles at least as large as the
//!     chain's smallest Onesweep tile, so no more words than the storage
//!     holds, in wide blocks, so that a few tiles still spread their ranking
//!     over many warps;
//!   - SMALL_TILES true (SmallCooperativePolicy): many small tiles, so that
//!     an input of a few tens of thousands of keys spreads over every SM.
//!     Their words lie over the keys each tile has read (AgentRadixSortOnesweep's
//!     WORDS_OVER_READ_KEYS): over the pass's input, or in the first pass of
//!     a sort that must leave its input alone, over the buffer that the
//!     second pass writes. So the dispatch takes this shape only for keys
//!     aligned to 4 bytes, and, for such a sort, only with a second pass.
//! Buckets first (args.d_buckets_ready set): a pass on the top digit comes
//! before the others, and splits the keys into a bucket per digit, in
//! order. If no bucket holds more keys than one block sorts alone, the
//! kernel ends there, and DeviceRadixSortBucketKernel, launched next, sorts
//! each bucket on the bits below the top digit in a block, with no grid
//! barrier. Otherwise the digit passes follow, as without it, on the keys
//! the top-digit pass wrote (it is stable, so the sort still is).
template <typename MaxPolicy, bool SMALL_TILES, bool IS_DESCENDING, typename KeyT, typename ValueT, typename OffsetT,
          typename Decomposer>
__global__ void __launch_bounds__(cooperative_policy_t<typename MaxPolicy::ActivePolicy, SMALL_TILES>::BLOCK_THREADS,
                                  cooperative_policy_t<typename MaxPolicy::ActivePolicy, SMALL_TILES>::MIN_BLOCKS)
    DeviceRadixSortCooperativeKernel(CooperativeSortArgs<KeyT, ValueT, OffsetT> args, Decomposer decomposer)
{
  using Policy   = cooperative_policy_t<typename MaxPolicy::ActivePolicy, SMALL_TILES>;
  using Onesweep = AgentRadixSortOnesweep<Policy, IS_DESCENDING, KeyT, ValueT, OffsetT, Decomposer, SMALL_TILES>;
  constexpr int RADIX_DIGITS = 1 << Policy::RADIX_BITS;
  __shared__ typename Onesweep::TempStorage temp_storage;
  const bool buckets = args.d_buckets_ready != nullptr;
  const int passes   = cooperative_sort_passes(args.begin_bit, args.end_bit, Policy::RADIX_BITS, buckets);
  CUBLING_RADIX_SORT_PHASE(0);

  // The passes, one tile per block.
  const KeyT* keys_in     = args.d_keys_in;
  const ValueT* values_in = args.d_values_in;
  for (int pass = 0; pass < passes; ++pass)
  {
    CUBLING_RADIX_SORT_PHASE(10);
    const bool top   = buckets && pass == 0; // the top digit, into buckets
    const int digit  = buckets ? pass - 1 : pass; // the digit pass, least significant first
    const int target = radix_sort_pass_target(pass, passes, args.is_overwrite_okay);
    const int bit    = top ? args.end_bit - Policy::RADIX_BITS : args.begin_bit + digit * Policy::RADIX_BITS;
    OnesweepLaunchArgs<KeyT, ValueT, OffsetT> sweep{};
    sweep.d_keys_in    = keys_in;
    sweep.d_keys_out   = args.d_key_buffers[target];
    sweep.d_values_in  = values_in;
    sweep.d_values_out = args.d_value_buffers[target];
    sweep.d_lookback   = args.d_lookback;
    if constexpr (SMALL_TILES) // over the keys this pass reads, or over the next pass's target
    {
      KeyT* under = pass == 0 && !args.is_overwrite_okay
                        ? args.d_key_buffers[radix_sort_pass_target(1, passes, false)]
                        : const_cast<KeyT*>(keys_in);
      sweep.d_lookback        = reinterpret_cast<uint32_t*>(under);
      sweep.d_last_tile_words = args.d_lookback;
    }
    // The top digit's totals in the first digit pass's place: that pass
    // writes its own only after a grid barrier, past every block's decision.
    sweep.d_digit_totals  = args.d_bins + (top ? 0 : digit) * RADIX_DIGITS;
    sweep.num_items       = args.num_items;
    sweep.portion_offset  = 0;
    sweep.portion_items   = args.num_items;
    sweep.current_bit     = bit;
    sweep.num_bits        = radix_sort_pass_bits(bit, args.end_bit, Policy::RADIX_BITS);
    sweep.bucket_capacity = top ? args.bucket_capacity : 0;
    Onesweep agent(temp_storage, sweep, decomposer);
    agent.ProcessResident();
    CUBLING_RADIX_SORT_PHASE(13);
    if (top)
    {
      // Every block has the same totals, so every block decides alike.
      if (blockIdx.x == 0 && threadIdx.x == 0)
      {
        *args.d_buckets_ready = agent.buckets_fit ? 1u : 0u;
      }
      if (agent.buckets_fit)
      {
        return; // the buckets are DeviceRadixSortBucketKernel's
      }
    }
    if (pass + 1 < passes)
    {
      cooperative_groups::this_grid().sync(); // every key of this pass written, and visible; every word read
    }
    keys_in   = args.d_key_buffers[target];
    values_in = args.d_value_buffers[target];
  }
}
// example-end cooperative-kernel

// example-begin bucket-kernel
//! The buckets of a cooperative sort that split the keys on their top digit
//! first (DeviceRadixSortCooperativeKernel): block b sorts bucket b, the keys
//! of digit b, in place or into the output, on the bits below the top digit
//! (AgentRadixSortSingleTile). The cooperative kernel has left the buckets'
//! sizes in `d_bucket_sizes` (the last one's counts the last tile's padding
//! keys too, so its size is what the others leave of `num_items`), and in
//! `*d_buckets_ready` whether each fits a block; if not, it has finished the
//! sort itself, and this kernel does nothing.
template <typename MaxPolicy, bool IS_DESCENDING, typename KeyT, typename ValueT, typename OffsetT, typename Decomposer>
__global__ void __launch_bounds__(MaxPolicy::ActivePolicy::BucketPolicy::BLOCK_THREADS)
    DeviceRadixSortBucketKernel(const KeyT* d_keys_in, KeyT* d_keys_out, const ValueT* d_values_in,
                                ValueT* d_values_out, const OffsetT* d_bucket_sizes,
                                const unsigned int* d_buckets_ready, int num_items, int begin_bit, int end_bit,
                                Decomposer decomposer)
{
  using Policy = typename MaxPolicy::ActivePolicy::BucketPolicy;
  using Agent  = AgentRadixSortSingleTile<Policy, IS_DESCENDING, KeyT, ValueT, Decomposer>;
  using Sizes  = BlockReduce<OffsetT, Policy::BLOCK_THREADS>;
  constexpr bool KEYS_ONLY = std::is_same<ValueT, NullType>::value;
  __shared__ union
  {
    typename Agent::TempStorage sort;
    typename Sizes::TempStorage sizes;
  } temp_storage;
  __shared__ OffsetT bucket_start;
  if (*d_buckets_ready == 0)
  {
    return; // the cooperative kernel sorted on by digits
  }
  // The bucket's start: the sizes of the buckets before it.
  const int bucket = static_cast<int>(blockIdx.x);
  OffsetT before   = 0;
  for (int b = static_cast<int>(threadIdx.x); b < bucket; b += Policy::BLOCK_THREADS)
  {
    before += d_bucket_sizes[b];
  }
  before = Sizes(temp_storage.sizes).Sum(before);
  if (threadIdx.x == 0)
  {
    bucket_start = before;
  }
  __syncthreads(); // the start written; the reduction's storage free for the sort
  const OffsetT start = bucket_start;
  const int size      = static_cast<int>(bucket + 1 == static_cast<int>(gridDim.x) ? OffsetT(num_items) - start
                                                                                 : d_bucket_sizes[bucket]);
  if (size == 0)
  {
    return;
  }
  Agent(temp_storage.sort, decomposer)
      .Sort(d_keys_in + start, d_keys_out + start, KEYS_ONLY ? nullptr : d_values_in + start,
            KEYS_ONLY ? nullptr : d_values_out + start, size, begin_bit, end_bit);
}
// example-end bucket-kernel

//! A whole input of at most one tile, sorted by one block (AgentRadixSortSingleTile).
template <typename MaxPolicy, bool IS_DESCENDING, typename KeyT, typename ValueT, typename Decomposer>
__global__ void __launch_bounds__(MaxPolicy::ActivePolicy::SingleTilePolicy::BLOCK_THREADS)
    DeviceRadixSortSingleTileKernel(const KeyT* d_keys_in, KeyT* d_keys_out, const ValueT* d_values_in,
                                    ValueT* d_values_out, int num_items, int begin_bit, int end_bit,
                                    Decomposer decomposer)
{
  using Agent = AgentRadixSortSingleTile<typename MaxPolicy::ActivePolicy::SingleTilePolicy, IS_DESCENDING, KeyT,
                                         ValueT, Decomposer>;
  __shared__ typename Agent::TempStorage temp_storage;
  Agent(temp_storage, decomposer).Sort(d_keys_in, d_keys_out, d_values_in, d_values_out, num_items, begin_bit, end_bit);
}

//! A small input sorted by one thread-block cluster, the keys in the blocks'
//! shared memory between passes (AgentRadixSortCluster; sm_90 and later).
template <typename MaxPolicy, bool IS_DESCENDING, typename KeyT, typename ValueT, typename Decomposer>
__global__ void __launch_bounds__(MaxPolicy::ActivePolicy::ClusterPolicy::BLOCK_THREADS)
    DeviceRadixSortClusterKernel(const KeyT* d_keys_in, KeyT* d_keys_out, const ValueT* d_values_in,
                                 ValueT* d_values_out, int num_items, int begin_bit, int end_bit, Decomposer decomposer)
{
  using Agent = AgentRadixSortCluster<typename MaxPolicy::ActivePolicy::ClusterPolicy, IS_DESCENDING, KeyT, ValueT,
                                      Decomposer>;
  __shared__ typename Agent::TempStorage temp_storage;
  Agent(temp_storage, decomposer).Sort(d_keys_in, d_keys_out, d_values_in, d_values_out, num_items, begin_bit, end_bit);
}

} // namespace detail
} // namespace cubling
