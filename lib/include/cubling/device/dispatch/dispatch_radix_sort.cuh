//! @file
//! DispatchRadixSort: DeviceRadixSort's dispatch layer.
//!
//! Between the public entry points (device_radix_sort.cuh) and the kernels
//! (kernels/radix_sort.cuh) sits this layer. In order, it:
//!   1. checks the count and the bit range (bad ones are bad arguments, in
//!      the size query too);
//!   2. answers the size query from the count, the bit range and the types
//!      alone, bounded over the policy chain: nothing for an input that every
//!      policy sorts in one tile, else the histograms, the counters, the
//!      look-back words of the chain's smallest tile, and, for a sort that
//!      must leave its input alone, a buffer for the keys (and values) of
//!      the passes between the input and the output;
//!   3. carves the caller's storage and checks it and the data pointers
//!      before any launch; an empty input succeeds here, having written
//!      nothing; a sort on no bits copies (or, in place, does nothing);
//!   4. walks the policy chain to the policy of the current device;
//!   5. launches: the single-tile kernel for an input of one tile; on
//!      sm_90, the cluster kernel for an input that one thread-block cluster
//!      holds; the cooperative kernel for an input whose tiles all fit on
//!      the GPU at once (in small tiles up to a policy's size, where their
//!      digit counts can lie over the keys; else in larger ones); else
//!      the reset, the histogram kernel and one Onesweep launch per pass and
//!      portion. The passes ping-pong between two buffers so that the last
//!      one writes the output.
//! It never asks for more temporary storage than CUB 3.0.1 does for the
//! same call: its tiles are at least as large as CUB's on Hopper (fewer
//! look-back words), and it keeps one set of look-back words for all passes.
#pragma once

#include <climits>
#include <cstdint>
#include <type_traits>

#include <cuda_runtime_api.h>

#include <cubling/agent/agent_radix_sort_histogram.cuh>
#include <cubling/agent/agent_radix_sort_onesweep.cuh>
#include <cubling/agent/agent_radix_sort_single_tile.cuh>
#include <cubling/device/dispatch/chained_policy.cuh>
#include <cubling/device/dispatch/kernels/radix_sort.cuh>
#include <cubling/device/dispatch/launch.cuh>
#include <cubling/device/dispatch/temporary_storage.cuh>
#include <cubling/util/double_buffer.cuh>
#include <cubling/util/error.cuh>
#include <cubling/util/math.cuh>

namespace cubling
{
namespace detail
{

//! The unsigned type of a sort's global offsets: 32 bits for a 32-bit count type, else 64.
template <typename NumItemsT>
using radix_sort_offset_t = std::conditional_t<(sizeof(NumItemsT) <= 4), unsigned int, unsigned long long>;

// example-begin policies
//! DeviceRadixSort's tuning policies, one per architecture, newest first.
//! 8-bit digits, except in the single tile. A Onesweep tile holds about 36
//! to 46 KiB of its widest type (keys or values), which its exchange in
//! static shared memory must hold; on Hopper, a tile of items wider than 4
//! bytes holds 68 KiB, in dynamic shared memory. Every Onesweep tile is at
//! least as large as CUB 3.0.1's Hopper tile for the same types, which
//! keeps the look-back words, and so the temporary storage, no larger than
//! CUB's (the storage is sized for the chain's smallest tile).
//!
//! @tparam KeyT     the key type
//! @tparam ValueT   the value type (NullType: keys only)
//! @tparam COOPERATIVE  sort an input of a few tiles in one launch, cluster
//!                      or cooperative (chapter 10's step 4 turns it off)
template <typename KeyT, typename ValueT, bool COOPERATIVE = true> struct DeviceRadixSortPolicy
{
  static constexpr int KEY_BYTES   = static_cast<int>(sizeof(KeyT));
  static constexpr int VALUE_BYTES = std::is_same<ValueT, NullType>::value ? 0 : static_cast<int>(sizeof(ValueT));
  static constexpr int WIDEST      = KEY_BYTES > VALUE_BYTES ? KEY_BYTES : VALUE_BYTES;
  static constexpr int RADIX_BITS  = 8;

  //! 4-byte keys with values of at most 4 bytes, or none: the common case,
  //! tuned on the H200 (figures/probes/radix_sweep.cu).
  static constexpr bool WORD_KEYS = KEY_BYTES == 4 && VALUE_BYTES <= 4;
  //! Threads per block: 384 for 4-byte keys and for wide items, 512 for
  //! 1- and 2-byte keys.
  static constexpr int onesweep_threads = WORD_KEYS || WIDEST > 4 ? 384 : 512;
  //! Keys per thread. 4-byte keys alone: 24; with values: 25. Larger tiles
  //! than CUB 3.0.1's Hopper ones (18 to 20 keys alone, 17 or 23 with
  //! values, by count and key type): fewer tiles share each pass's fixed
  //! costs (the counts, the look-back), and that outweighs the registers
  //! they spill at 3 blocks per SM (measured from 18 to 28 in the probe).
  //! 1- and 2-byte keys: 20. Wider items fill 45 KiB. (Hopper's pairs
  //! tile is larger: hopper_pairs_items.)
  static constexpr int onesweep_items()
  {
    if (WORD_KEYS)
    {
      return VALUE_BYTES == 0 ? 24 : 25;
    }
    if (WIDEST <= 4)
    {
      return 20;
    }
    const int items = 46080 / (384 * WIDEST);
    return items < 1 ? 1 : items;
  }
  //! Hopper's tile for items wider than 4 bytes: 256 threads of 34 8-byte
  //! keys (proportionally fewer for wider items), 2 blocks per SM (128
  //! registers a thread, none spilled). The tile, 8704 keys, is larger than
  //! static shared memory holds, so it takes dynamic shared memory; CUB's
  //! 5760-key tile stays within static. Swept with 64-bit keys on the H200
  //! (figures/probes/radix_sweep.cu, whose comment has the times): larger
  //! tiles win until the registers spill.
  static constexpr int wide_threads    = 256;
  static constexpr int wide_items      = 34 * 8 / WIDEST > 1 ? 34 * 8 / WIDEST : 1;
  static constexpr int wide_min_blocks = 2;
  //! Blocks per SM that the kernel's registers must allow: the ranking
  //! waits on shared memory and the look-back on L2, and more tiles in
  //! flight hide it. 4-byte keys alone: 3 (56 registers a thread); with
  //! values: 2 (80 registers). Otherwise no cap.
  static constexpr int onesweep_min_blocks = WORD_KEYS ? (VALUE_BYTES == 0 ? 3 : 2) : 1;
  //! Hopper's look-back reads 4 words a digit at once; 2 for 4-byte keys
  //! with values, whose kernel, short of registers, spills more with 4
  //! (measured on the H200 with figures/probes/radix_sweep.cu, whose
  //! comment has the times of 1, 2, 4 and 8 words).
  static constexpr int look_back_window = WORD_KEYS && VALUE_BYTES > 0 ? 2 : 4;
  //! Hopper, 4-byte keys alone: the keys' exchange has shared memory of its
  //! own, beside the ranking's (48 KiB a block in all, still static), so
  //! each key goes to its place in the tile as soon as it is ranked and
  //! frees its register. The kernel held every key and every rank at once
  //! until the ranking was done, and spilled 296 bytes a thread at 56
  //! registers; now 32. Measured with figures/probes/radix_sweep.cu (P_KX,
  //! P_PX; its comment has the times): on an H100, from 1.10x CUB's time
  //! to 0.90x at 2^28 keys, and by as much at 2^24 and 2^26.
  //! Pairs gain from it only in hopper_pairs' tile: their ranks wait for
  //! the values, and at 384x25 the exchange apart made the sort 1-3%
  //! slower, the ranks in registers or in shared memory; tiles of 384x18 to
  //! 384x22 at three blocks an SM (no spill) were 3-11% slower on the H200.
  static constexpr bool exchange_apart = WORD_KEYS;
  //! Hopper, 4-byte keys with values of up to 4 bytes (measured with 4-byte
  //! ones): 384 threads of 36 pairs at 2
  //! blocks an SM, the exchange apart, the ranks and digits in shared
  //! memory and the keys read twice (the agent's RANKS_SHARED and
  //! KEYS_TWICE, see its file comment). Without those two, tiles larger
  //! than 384x25 spilled more than they gained; with them, ptxas keeps all
  //! but 16 bytes a thread of the 384x36 kernel in its 80 registers. Swept
  //! from 384x25 to 384x44, and at 320 and 352 threads, with
  //! figures/probes/radix_sweep.cu (P_PK, P_PD; its comment has the
  //! times): 384x36 was the fastest at 2^26 and 2^28 pairs, and within 1%
  //! of the fastest (384x34) at 2^24.
  static constexpr bool hopper_pairs      = WORD_KEYS && VALUE_BYTES > 0;
  static constexpr int hopper_pairs_items = 36;
  static constexpr int hopper_items       = hopper_pairs ? hopper_pairs_items : onesweep_items();
  //! 64-bit counts that an `int` holds run the kernels of 32-bit offsets
  //! (DeviceRadixSort::dispatch): Hopper's pairs kernel spills 120 bytes a
  //! thread with 64-bit offsets, not 16, and took 1.08x CUB's time at 2^28
  //! pairs instead of 0.90x. Keys alone keep the offsets of their count:
  //! with 64-bit ones they were 2% faster.
  static constexpr bool narrow_offsets = hopper_pairs;

  //! The cooperative sort of a small input (one tile per block, all
  //! resident): wide blocks, so that a few tiles still spread their ranking
  //! over many warps: 512 threads for items of up to 4 bytes, with at least
  //! 16 keys each (18 for 4-byte keys alone: 9216 keys a tile, so 2^20 keys
  //! fit on Hopper's 132 SMs at a block per SM), the Onesweep block for
  //! wider items (whose tile fills the exchange in static shared memory).
  //! Never smaller than the chain's smallest Onesweep tile, for which the
  //! look-back words are sized (InvokeCooperative checks it).
  static constexpr int onesweep_tile       = onesweep_threads * onesweep_items();
  static constexpr int cooperative_threads = WIDEST > 4 ? onesweep_threads : 512;
  static constexpr int cooperative_items   = WIDEST > 4 || ceil_div(onesweep_tile, cooperative_threads) > 16
                                                ? ceil_div(onesweep_tile, cooperative_threads)
                                                : 16;
  //! Items wider than 4 bytes: two blocks per SM (80 registers), so that
  //! twice as many tiles fit at once.
  static constexpr int cooperative_min_blocks = WIDEST > 4 ? 2 : 1;
  using CooperativeTile = AgentRadixSortOnesweepPolicy<cooperative_threads, cooperative_items, RADIX_BITS,
                                                       BLOCK_SCAN_RAKING_MEMOIZE, WARP_MATCH_ANY, 1,
                                                       cooperative_min_blocks>;

  // example-begin small-cooperative-policy
  //! The cooperative sort of an input too small to give every SM a tile of
  //! CooperativeTile: tiles of 512 threads of 4 keys, up to 2^18 keys (128
  //! tiles, a block an SM). Their digit counts lie over the keys
  //! (DeviceRadixSortCooperativeKernel), so they take no storage but the
  //! last tile's. Measured with figures/probes/radix_sweep.cu, whose comment
  //! has the times of 256x4, 256x8, 512x4 and 512x8 tiles up to 2^20 keys:
  //! 512x4 was the fastest from 2^16 to 2^18, and from 2^19 the larger
  //! tiles win, with the look-back (H100) and with the column sums (H200).
  static constexpr int64_t small_cooperative_max_items = int64_t{1} << 18;
  using SmallCooperativeTile = AgentRadixSortOnesweepPolicy<512, 4, RADIX_BITS, BLOCK_SCAN_RAKING_MEMOIZE,
                                                            WARP_MATCH_ANY, 1, 2>;
  // example-end small-cooperative-policy

  // example-begin single-tile-policies
  //! The sort of an input small enough for one block (AgentRadixSortSingleTile):
  //! 256 threads of 19 keys, fewer for items wider than 4 bytes, which is
  //! CUB 3.0.1's single tile, so no input needs temporary storage here that
  //! CUB sorts without. The sort is one block's latency, and it pays for
  //! every key the tile could hold in every pass: 6-bit digits (5 for 1-byte
  //! keys) ranked with packed counters, two more passes than 8-bit digits
  //! for 32-bit keys, but a pass over 32 counters a thread waits far less
  //! than one over 256 digits (measured on the H200 with
  //! figures/probes/radix_sweep.cu).
  static constexpr int single_tile_items = 76 / (WIDEST > 4 ? WIDEST : 4) > 1 ? 76 / (WIDEST > 4 ? WIDEST : 4) : 1;
  using SingleTile = AgentRadixSortSingleTilePolicy<256, single_tile_items, (KEY_BYTES > 1 ? 6 : 5),
                                                    RADIX_RANK_MEMOIZE, BLOCK_SCAN_WARP_SCANS>;
  // example-end single-tile-policies

  // example-begin cluster-policy
  //! The sort of a small input by one thread-block cluster (sm_90), the keys
  //! in its blocks' shared memory from the first pass to the last
  //! (AgentRadixSortCluster): 256 threads of 8 keys each (every pass waits
  //! for each block's ranking of its whole tile, so the tile is small),
  //! fewer when keys and values take more than 8 bytes, so that a block's
  //! keys and values fit in its 48 KiB of static shared memory beside the
  //! ranking's; clusters of up to 16 blocks (32768 4-byte keys).
  static constexpr int cluster_items =
      64 / (KEY_BYTES + VALUE_BYTES) > 8 ? 8 : (64 / (KEY_BYTES + VALUE_BYTES) > 1 ? 64 / (KEY_BYTES + VALUE_BYTES) : 1);
  using ClusterTile = AgentRadixSortClusterPolicy<256, cluster_items, 16, RADIX_BITS>;
  // example-end cluster-policy

  // example-begin bucket-policy
  //! The cooperative sort splits 4-byte keys into buckets by their top
  //! digit first, and each bucket is sorted by a block of the single-tile
  //! shape (DeviceRadixSortBucketKernel): two grid barriers instead of a
  //! pass's three for each of the other digits. Measured with
  //! figures/probes/radix_sweep.cu (P_BK, P_BT, P_BI; its comment has the
  //! ratios): from 2^16 to 2^20 keys it cuts the sort's time by a quarter
  //! to a third, and buckets of the single tile beat smaller ones.
  static constexpr bool bucket_small_inputs = COOPERATIVE && WORD_KEYS;
  //! The most keys split into buckets: seven eighths of what 256 buckets
  //! of a single tile hold, so that uniform keys (each bucket within a few
  //! percent of the mean) almost never overfill one and pay for the split
  //! with no gain (the digit passes then follow it).
  static constexpr int64_t bucket_max_items = int64_t{1 << RADIX_BITS} * SingleTile::TILE_ITEMS * 7 / 8;
  // example-end bucket-policy

  //! The up-front histogram on Hopper: lane columns (four passes of 4-byte
  //! keys fill 128 KiB, one block of 1024 threads an SM) where they fit,
  //! shared copies for wider keys. figures/probes/histogram_pairs.cu: at
  //! 2^28 uniform u32 keys the copies took 1.9 times the read of the keys,
  //! the columns 1.4 times (the probe's own column kernel: 1024x8 1.14,
  //! 512x16 1.29).
  using HopperHistogram =
      std::conditional_t<(KEY_BYTES <= 4), AgentRadixSortHistogramPolicy<1024, 8, 1, RADIX_BITS, true>,
                         AgentRadixSortHistogramPolicy<256, 8, 2, RADIX_BITS>>;

  //! Pascal and later.
  struct Policy600 : ChainedPolicy<600, Policy600, Policy600>
  {
    using HistogramPolicy = AgentRadixSortHistogramPolicy<256, 8, 2, RADIX_BITS>;
    using OnesweepPolicy  = AgentRadixSortOnesweepPolicy<onesweep_threads, onesweep_items(), RADIX_BITS,
                                                        BLOCK_SCAN_WARP_SCANS, WARP_MATCH_ANY, 1, onesweep_min_blocks>;
    static constexpr bool COOPERATIVE_SMALL_INPUTS = COOPERATIVE;
    static constexpr bool CLUSTER_SMALL_INPUTS     = false; // no clusters before sm_90
    using CooperativePolicy                        = CooperativeTile;
    using SmallCooperativePolicy                   = SmallCooperativeTile;
    static constexpr int64_t SMALL_COOPERATIVE_MAX_ITEMS = small_cooperative_max_items;
    using ClusterPolicy                            = ClusterTile;
    using SingleTilePolicy                         = SingleTile;
    static constexpr bool BUCKET_SMALL_INPUTS      = bucket_small_inputs;
    static constexpr int64_t BUCKET_MAX_ITEMS      = bucket_max_items;
    using BucketPolicy                             = SingleTile;
  };
  //! Hopper: the same tiles for keys of up to 4 bytes alone, larger ones
  //! for 4-byte keys with values (hopper_pairs) and for wider items
  //! (wide_items), a raking scan in the ranking, 4-byte keys exchanged
  //! apart from the ranking's storage, and the histogram in lane columns
  //! (HopperHistogram).
  struct Policy900 : ChainedPolicy<900, Policy900, Policy600>
  {
    using HistogramPolicy = HopperHistogram;
    using OnesweepPolicy  = std::conditional_t<
        (WIDEST > 4),
        AgentRadixSortOnesweepPolicy<wide_threads, wide_items, RADIX_BITS, BLOCK_SCAN_RAKING_MEMOIZE, WARP_MATCH_ANY, 1,
                                     wide_min_blocks, look_back_window>,
        AgentRadixSortOnesweepPolicy<onesweep_threads, hopper_items, RADIX_BITS, BLOCK_SCAN_RAKING_MEMOIZE,
                                     WARP_MATCH_ANY, 1, onesweep_min_blocks, look_back_window, exchange_apart,
                                     hopper_pairs, hopper_pairs>>;
    static constexpr bool COOPERATIVE_SMALL_INPUTS = COOPERATIVE;
    static constexpr bool CLUSTER_SMALL_INPUTS     = COOPERATIVE;
    using CooperativePolicy                        = CooperativeTile;
    using SmallCooperativePolicy                   = SmallCooperativeTile;
    static constexpr int64_t SMALL_COOPERATIVE_MAX_ITEMS = small_cooperative_max_items;
    using ClusterPolicy                            = ClusterTile;
    using SingleTilePolicy                         = SingleTile;
    static constexpr bool BUCKET_SMALL_INPUTS      = bucket_small_inputs;
    static constexpr int64_t BUCKET_MAX_ITEMS      = bucket_max_items;
    using BucketPolicy                             = SingleTile;
  };
  using MaxPolicy = Policy900;
};
// example-end policies

// example-begin narrow-offsets
//! Calls `run(offset)` with a value of the offset type that a sort of
//! `num_items` keys, counted in NumItemsT, runs with, and returns what it
//! returns: radix_sort_offset_t<NumItemsT>, or 32 bits where the policy
//! chain asks for it (narrow_offsets) and an `int` holds the count. The
//! size query and the sort decide alike, from the count alone.
template <typename PolicyChain, typename NumItemsT, typename Run>
cudaError_t with_radix_sort_offsets(int64_t num_items, Run run)
{
  using Offset = radix_sort_offset_t<NumItemsT>;
  if constexpr (sizeof(Offset) > 4 && PolicyChain::narrow_offsets)
  {
    if (num_items >= 0 && num_items <= int64_t{INT_MAX})
    {
      return run(0u);
    }
  }
  return run(Offset{});
}
// example-end narrow-offsets

//! @brief The dispatch of one radix sort (see the file comment for its phases).
//!
//! @tparam IS_DESCENDING  whether the sort is descending
//! @tparam KeyT           the key type
//! @tparam ValueT         the value type; NullType to sort keys only
//! @tparam OffsetT        the unsigned offset type (radix_sort_offset_t)
//! @tparam Decomposer     `identity_decomposer_t`, or a decomposer of a custom key
//! @tparam PolicyChain    the tuning policies (`MaxPolicy`: the newest link)
//! @tparam Launcher       launches the kernels: KernelLauncher, or a test's stand-in
template <bool IS_DESCENDING, typename KeyT, typename ValueT, typename OffsetT,
          typename Decomposer  = identity_decomposer_t,
          typename PolicyChain = DeviceRadixSortPolicy<KeyT, ValueT>, typename Launcher = KernelLauncher>
struct DispatchRadixSort
{
  using MaxPolicy                   = typename PolicyChain::MaxPolicy;
  using Codec                       = radix_key_codec<KeyT, Decomposer>;
  static constexpr bool KEYS_ONLY   = std::is_same<ValueT, NullType>::value;
  static constexpr int RADIX_BITS   = PolicyChain::RADIX_BITS;
  static constexpr int RADIX_DIGITS = 1 << RADIX_BITS;
  //! The storage's parts, in order.
  enum Part
  {
    BINS,     //!< exclusive digit offsets, RADIX_DIGITS per pass per portion
    COUNTER,  //!< the histogram's blocks-done counter (the cooperative sort's buckets-ready word)
    LOOKBACK, //!< RADIX_DIGITS words per tile of a portion
    KEYS,     //!< the keys between passes, when the input must stay as it is
    VALUES,   //!< the values, likewise
    PARTS
  };

  //! The keys of a policy's tile.
  struct TileItems
  {
    template <typename Policy> constexpr int64_t operator()(PolicyTag<Policy>) const
    {
      return Policy::OnesweepPolicy::TILE_ITEMS;
    }
  };
  static constexpr int64_t MIN_TILE_ITEMS = policy_chain_min<MaxPolicy>(TileItems{});
  //! The keys of a policy's single tile.
  struct SingleTileItems
  {
    template <typename Policy> constexpr int64_t operator()(PolicyTag<Policy>) const
    {
      return Policy::SingleTilePolicy::TILE_ITEMS;
    }
  };
  //! Every policy sorts this many keys in one block, with no temporary storage.
  static constexpr int64_t MIN_SINGLE_TILE_ITEMS = policy_chain_min<MaxPolicy>(SingleTileItems{});

  //! The keys of one launch (a portion) with tiles of `tile_items`: whole tiles (onesweep_word::max_launch_items).
  static constexpr int64_t PortionItems(int64_t tile_items)
  {
    return onesweep_word::max_launch_items(tile_items);
  }

  //! The portions of `num_items` keys for a policy.
  struct Portions
  {
    int64_t num_items;
    template <typename Policy> constexpr int64_t operator()(PolicyTag<Policy>) const
    {
      return ceil_div(num_items, PortionItems(Policy::OnesweepPolicy::TILE_ITEMS));
    }
  };

  //! The storage layout of a call; the same for every policy of the chain.
  static constexpr TempStorageLayout<PARTS> Layout(int64_t num_items, int passes, bool is_overwrite_okay)
  {
    if (passes == 0 || num_items <= MIN_SINGLE_TILE_ITEMS)
    {
      return make_temp_storage_layout(TempStoragePart{0, 1}, TempStoragePart{0, 1}, TempStoragePart{0, 1},
                                      TempStoragePart{0, 1}, TempStoragePart{0, 1});
    }
    const int64_t portions    = policy_chain_max<MaxPolicy>(Portions{num_items});
    const int64_t max_portion = num_items < PortionItems(MIN_TILE_ITEMS) ? num_items : PortionItems(MIN_TILE_ITEMS);
    const int64_t tiles       = ceil_div(max_portion, MIN_TILE_ITEMS);
    const bool spare_buffer   = !is_overwrite_okay && passes > 1;
    const size_t n            = static_cast<size_t>(num_items);
    return make_temp_storage_layout(
        temp_storage_part<OffsetT>(static_cast<size_t>(portions * passes * RADIX_DIGITS)),
        temp_storage_part<unsigned int>(1),
        temp_storage_part<uint32_t>(static_cast<size_t>(tiles * RADIX_DIGITS)),
        temp_storage_part<KeyT>(spare_buffer ? n : 0, 128),
        temp_storage_part<std::conditional_t<KEYS_ONLY, char, ValueT>>(spare_buffer && !KEYS_ONLY ? n : 0, 128));
  }

  DoubleBuffer<KeyT>& d_keys;
  DoubleBuffer<ValueT>& d_values;
  void* (&parts)[PARTS];
  int64_t num_items;
  int begin_bit;
  int end_bit;
  int passes;
  bool is_overwrite_okay;
  cudaStream_t stream;
  Decomposer decomposer;
  int ptx;

  //! Point both selectors at the other buffer (where the result now is).
  void Flip()
  {
    d_keys.selector ^= 1;
    d_values.selector ^= 1;
  }

  //! Whether a sort of `passes_made` passes leaves its result in the other
  //! buffer (radix_sort_pass_target): always when the input stays as it is,
  //! after an odd number of passes in place.
  bool ResultFlips(int passes_made) const
  {
    return is_overwrite_okay ? passes_made % 2 == 1 : true;
  }

  // example-begin invoke
  //! Launch the kernels with the configuration of `ActivePolicy`.
  template <typename ActivePolicy> cudaError_t Invoke()
  {
    using Onesweep               = typename ActivePolicy::OnesweepPolicy;
    using Histogram              = typename ActivePolicy::HistogramPolicy;
    constexpr int64_t TILE_ITEMS = Onesweep::TILE_ITEMS;
    static_assert(Onesweep::RADIX_BITS == RADIX_BITS && Histogram::RADIX_BITS == RADIX_BITS,
                  "one digit width for the whole chain");
    if (num_items <= ActivePolicy::SingleTilePolicy::TILE_ITEMS)
    {
      using SingleTile           = typename ActivePolicy::SingleTilePolicy;
      constexpr auto single_tile = DeviceRadixSortSingleTileKernel<MaxPolicy, IS_DESCENDING, KeyT, ValueT, Decomposer>;
      const LaunchConfig how{dim3(1), dim3(SingleTile::BLOCK_THREADS), 0, stream};
      CUBLING_RETURN_IF_ERROR(Launcher::Launch(how, single_tile, d_keys.Current(), d_keys.Alternate(),
                                               d_values.Current(), d_values.Alternate(), static_cast<int>(num_items),
                                               begin_bit, end_bit, decomposer));
      Flip();
      return cudaSuccess;
    }
    if constexpr (ActivePolicy::CLUSTER_SMALL_INPUTS)
    {
      bool sorted = false;
      CUBLING_RETURN_IF_ERROR(InvokeCluster<ActivePolicy>(sorted));
      if (sorted)
      {
        Flip();
        return cudaSuccess;
      }
    }

    OffsetT* d_bins          = static_cast<OffsetT*>(parts[BINS]);
    unsigned int* d_counter  = static_cast<unsigned int*>(parts[COUNTER]);
    uint32_t* d_lookback     = static_cast<uint32_t*>(parts[LOOKBACK]);
    // The passes go from the input, through the two buffers, to the output
    // (radix_sort_pass_target). In place, the two buffers are the caller's;
    // otherwise the input is only read, and the spare buffer is buffer 0.
    KeyT* key_buffers[2]     = {d_keys.Current(), d_keys.Alternate()};
    ValueT* value_buffers[2] = {d_values.Current(), d_values.Alternate()};
    if (!is_overwrite_okay)
    {
      key_buffers[0]   = static_cast<KeyT*>(parts[KEYS]);
      value_buffers[0] = static_cast<ValueT*>(parts[VALUES]);
    }
    if constexpr (ActivePolicy::COOPERATIVE_SMALL_INPUTS)
    {
      // Small tiles first, where their digit counts can lie over the keys
      // (DeviceRadixSortCooperativeKernel), then the larger ones. Keys
      // aligned to less than a word never take them: no kernel is built.
      // Buckets first where every bucket could fit a block: the sort then
      // has one more pass, which may change the buffer it ends in.
      static_assert(ActivePolicy::BUCKET_MAX_ITEMS <= int64_t{RADIX_DIGITS} * ActivePolicy::BucketPolicy::TILE_ITEMS,
                    "more keys than the buckets could ever hold");
      const bool buckets = ActivePolicy::BUCKET_SMALL_INPUTS && passes > 1 && num_items <= ActivePolicy::BUCKET_MAX_ITEMS;
      bool sorted = false;
      if constexpr (alignof(KeyT) >= 4)
      {
        if ((is_overwrite_okay || passes > 1) && num_items <= ActivePolicy::SMALL_COOPERATIVE_MAX_ITEMS)
        {
          CUBLING_RETURN_IF_ERROR((InvokeCooperative<ActivePolicy, true>(d_bins, d_counter, d_lookback, key_buffers,
                                                                         value_buffers, buckets, sorted)));
        }
      }
      if (!sorted)
      {
        CUBLING_RETURN_IF_ERROR((InvokeCooperative<ActivePolicy, false>(d_bins, d_counter, d_lookback, key_buffers,
                                                                        value_buffers, buckets, sorted)));
      }
      if (sorted)
      {
        if (ResultFlips(cooperative_sort_passes(begin_bit, end_bit, RADIX_BITS, buckets)))
        {
          Flip();
        }
        return cudaSuccess;
      }
    }

    const int64_t portion_items = PortionItems(TILE_ITEMS);
    const int64_t portions      = ceil_div(num_items, portion_items);

    // The histograms and the counter are contiguous: one reset.
    const size_t reset_bytes =
        static_cast<size_t>(reinterpret_cast<char*>(d_counter + 1) - reinterpret_cast<char*>(d_bins));
    CUBLING_RETURN_IF_ERROR(cudaMemsetAsync(d_bins, 0, reset_bytes, stream));

    int device = 0, sms = 0, blocks_per_sm = 0;
    constexpr auto histogram = DeviceRadixSortHistogramKernel<MaxPolicy, IS_DESCENDING, KeyT, OffsetT, Decomposer>;
    size_t histogram_shared = 0;
    CUBLING_RETURN_IF_ERROR(
        (prepare_block_shared_storage<
            typename AgentRadixSortHistogram<Histogram, IS_DESCENDING, KeyT, OffsetT, Decomposer>::TempStorage>(
            histogram, histogram_shared)));
    CUBLING_RETURN_IF_ERROR(cudaGetDevice(&device));
    CUBLING_RETURN_IF_ERROR(sm_count(device, sms));
    CUBLING_RETURN_IF_ERROR(
        resident_blocks_per_sm<histogram>(device, Histogram::BLOCK_THREADS, blocks_per_sm, histogram_shared));
    const int64_t histogram_tiles =
        ceil_div(num_items, int64_t{Histogram::BLOCK_THREADS} * Histogram::ITEMS_PER_THREAD);
    const int64_t histogram_blocks =
        histogram_tiles < int64_t{sms} * blocks_per_sm ? histogram_tiles : int64_t{sms} * blocks_per_sm;
    const int64_t lookback_words =
        ceil_div(num_items < portion_items ? num_items : portion_items, TILE_ITEMS) * RADIX_DIGITS;
    const LaunchConfig histogram_how{dim3(static_cast<unsigned>(histogram_blocks)), dim3(Histogram::BLOCK_THREADS),
                                     histogram_shared, stream};
    CUBLING_RETURN_IF_ERROR(Launcher::Launch(histogram_how, histogram, d_bins, d_counter, d_keys.Current(),
                                             num_items, begin_bit, end_bit, d_lookback, lookback_words, decomposer));

    // The passes, one launch per pass and portion.
    constexpr auto onesweep =
        DeviceRadixSortOnesweepKernel<MaxPolicy, IS_DESCENDING, KeyT, ValueT, OffsetT, Decomposer>;
    size_t onesweep_shared = 0;
    CUBLING_RETURN_IF_ERROR(
        (prepare_block_shared_storage<
            typename AgentRadixSortOnesweep<Onesweep, IS_DESCENDING, KeyT, ValueT, OffsetT, Decomposer>::TempStorage>(
            onesweep, onesweep_shared)));
    const KeyT* keys_in     = d_keys.Current();
    const ValueT* values_in = d_values.Current();
    for (int pass = 0; pass < passes; ++pass)
    {
      const int target = radix_sort_pass_target(pass, passes, is_overwrite_okay);
      const int bit    = begin_bit + pass * RADIX_BITS;
      for (int64_t portion = 0; portion < portions; ++portion)
      {
        const int64_t launch = pass * portions + portion;
        const int64_t offset = portion * portion_items;
        const int items = static_cast<int>(num_items - offset < portion_items ? num_items - offset : portion_items);
        OnesweepLaunchArgs<KeyT, ValueT, OffsetT> args{};
        args.d_keys_in      = keys_in + offset;
        args.d_keys_out     = key_buffers[target];
        args.d_values_in    = KEYS_ONLY ? nullptr : values_in + offset;
        args.d_values_out   = value_buffers[target];
        args.d_lookback     = d_lookback;
        args.d_bins_in      = d_bins + (portion * passes + pass) * RADIX_DIGITS;
        args.d_bins_out  = portion + 1 < portions ? d_bins + ((portion + 1) * passes + pass) * RADIX_DIGITS : nullptr;
        args.d_pass_bins = d_bins + pass * RADIX_DIGITS;
        args.num_items   = num_items;
        args.portion_offset = offset;
        args.portion_items  = items;
        args.current_bit    = bit;
        args.num_bits       = radix_sort_pass_bits(bit, end_bit, RADIX_BITS);
        args.tag            = onesweep_word::tag_of_launch(launch);
        LaunchConfig how{dim3(static_cast<unsigned>(ceil_div(int64_t{items}, TILE_ITEMS))),
                         dim3(Onesweep::BLOCK_THREADS), onesweep_shared, stream};
        how.programmatic_serialization = ptx >= 900;
        CUBLING_RETURN_IF_ERROR(Launcher::Launch(how, onesweep, args, decomposer));
      }
      keys_in   = key_buffers[target];
      values_in = value_buffers[target];
    }
    if (ResultFlips(passes))
    {
      Flip();
    }
    return cudaSuccess;
  }
  // example-end invoke

  //! The whole sort by one thread-block cluster, when its blocks' shared
  //! memory holds the input. `sorted` says whether it ran: not when the
  //! input is too large, or the device runs no cluster of the blocks needed.
  template <typename ActivePolicy> cudaError_t InvokeCluster(bool& sorted)
  {
    using Policy = typename ActivePolicy::ClusterPolicy;
    constexpr auto cluster_sort =
        DeviceRadixSortClusterKernel<MaxPolicy, IS_DESCENDING, KeyT, ValueT, Decomposer>;
    sorted              = false;
    const int64_t tiles = ceil_div(num_items, int64_t{Policy::TILE_ITEMS});
    if (tiles > Policy::MAX_BLOCKS)
    {
      return cudaSuccess;
    }
    int device = 0, most = 0;
    CUBLING_RETURN_IF_ERROR(cudaGetDevice(&device));
    CUBLING_RETURN_IF_ERROR(max_cluster_blocks<cluster_sort>(device, Policy::BLOCK_THREADS, Policy::MAX_BLOCKS, most));
    if (tiles > most)
    {
      return cudaSuccess;
    }
    LaunchConfig how{dim3(static_cast<unsigned>(tiles)), dim3(Policy::BLOCK_THREADS), 0, stream};
    how.cluster = dim3(static_cast<unsigned>(tiles), 1, 1);
    CUBLING_RETURN_IF_ERROR(Launcher::Launch(how, cluster_sort, d_keys.Current(), d_keys.Alternate(),
                                             d_values.Current(), d_values.Alternate(), static_cast<int>(num_items),
                                             begin_bit, end_bit, decomposer));
    sorted = true;
    return cudaSuccess;
  }

  //! The whole sort in one cooperative launch, when its tiles all fit on the
  //! GPU at once, in the small tiles (SMALL_TILES) or the larger ones;
  //! `buckets`: the top digit's pass first, and the buckets' kernel after
  //! (DeviceRadixSortCooperativeKernel). `sorted` says whether it ran: not
  //! when the input is too large, the device cannot launch cooperatively,
  //! or the runtime refuses (then the error is cleared, and the caller
  //! takes another way).
  template <typename ActivePolicy, bool SMALL_TILES>
  cudaError_t InvokeCooperative(OffsetT* d_bins, unsigned int* d_counter, uint32_t* d_lookback,
                                KeyT* (&key_buffers)[2], ValueT* (&value_buffers)[2], bool buckets, bool& sorted)
  {
    using Policy       = cooperative_policy_t<ActivePolicy, SMALL_TILES>;
    using SmallOffsetT = unsigned int; // a GPU-full of tiles: far fewer than 2^32 keys
    static_assert(SMALL_TILES || Policy::TILE_ITEMS >= MIN_TILE_ITEMS,
                  "a cooperative tile smaller than every Onesweep tile would need more look-back words than the storage holds");
    constexpr auto cooperative_sort =
        DeviceRadixSortCooperativeKernel<MaxPolicy, SMALL_TILES, IS_DESCENDING, KeyT, ValueT, SmallOffsetT, Decomposer>;
    sorted              = false;
    const int64_t tiles = ceil_div(num_items, int64_t{Policy::TILE_ITEMS});
    int device = 0, sms = 0, per_sm = 0, cooperative = 0;
    CUBLING_RETURN_IF_ERROR(cudaGetDevice(&device));
    CUBLING_RETURN_IF_ERROR(sm_count(device, sms));
    CUBLING_RETURN_IF_ERROR(resident_blocks_per_sm<cooperative_sort>(device, Policy::BLOCK_THREADS, per_sm));
    CUBLING_RETURN_IF_ERROR(can_launch_cooperatively(device, cooperative));
    if (!cooperative || tiles > int64_t{sms} * per_sm)
    {
      return cudaSuccess;
    }
    CooperativeSortArgs<KeyT, ValueT, SmallOffsetT> args{};
    args.d_keys_in          = d_keys.Current();
    args.d_key_buffers[0]   = key_buffers[0];
    args.d_key_buffers[1]   = key_buffers[1];
    args.d_values_in        = d_values.Current();
    args.d_value_buffers[0] = value_buffers[0];
    args.d_value_buffers[1] = value_buffers[1];
    args.d_bins             = reinterpret_cast<SmallOffsetT*>(d_bins); // as many counts, each no wider
    args.d_lookback         = d_lookback;
    args.num_items          = static_cast<int>(num_items);
    args.begin_bit          = begin_bit;
    args.end_bit            = end_bit;
    args.is_overwrite_okay  = is_overwrite_okay;
    if (buckets) // the word is the first tile counter's, which no cooperative sort uses
    {
      args.d_buckets_ready = d_counter;
      args.bucket_capacity = ActivePolicy::BucketPolicy::TILE_ITEMS;
    }
    LaunchConfig how{dim3(static_cast<unsigned>(tiles)), dim3(Policy::BLOCK_THREADS), 0, stream};
    how.cooperative          = true;
    const cudaError_t status = Launcher::Launch(how, cooperative_sort, args, decomposer);
    if (is_cooperative_refusal(status))
    {
      (void) cudaGetLastError(); // refused before anything ran: clear it, and take the other way
      return cudaSuccess;
    }
    CUBLING_RETURN_IF_ERROR(status);
    sorted = true;
    if (buckets) // from the top digit's target into the last pass's
    {
      using BucketPolicy = typename ActivePolicy::BucketPolicy;
      constexpr auto bucket_sort =
          DeviceRadixSortBucketKernel<MaxPolicy, IS_DESCENDING, KeyT, ValueT, SmallOffsetT, Decomposer>;
      const int passes_with_top = cooperative_sort_passes(begin_bit, end_bit, RADIX_BITS, true);
      const int first           = radix_sort_pass_target(0, passes_with_top, is_overwrite_okay);
      const int last            = radix_sort_pass_target(passes_with_top - 1, passes_with_top, is_overwrite_okay);
      const LaunchConfig bucket_how{dim3(RADIX_DIGITS), dim3(BucketPolicy::BLOCK_THREADS), 0, stream};
      CUBLING_RETURN_IF_ERROR(Launcher::Launch(bucket_how, bucket_sort, key_buffers[first], key_buffers[last],
                                               value_buffers[first], value_buffers[last], args.d_bins,
                                               args.d_buckets_ready, args.num_items, begin_bit, end_bit - RADIX_BITS,
                                               decomposer));
    }
    return cudaSuccess;
  }

  //! @brief Check, answer the size query, or pick the policy and launch.
  //!
  //! @param d_temp_storage      temporary storage, or `nullptr` for the size query
  //! @param temp_storage_bytes  its size in bytes; written by the size query
  //! @param d_keys              the keys: `Current()` holds them; the result is left in `Current()`
  //! @param d_values            the values, likewise (keys only: unused)
  //! @param num_items           how many keys
  //! @param begin_bit           the first bit sorted on
  //! @param end_bit             one past the last bit sorted on
  //! @param is_overwrite_okay   may the input buffers be written (DoubleBuffer calls), or must they stay as they are
  //! @param stream              the stream to run on
  //! @param decomposer          splits a custom key into fields
  static cudaError_t Dispatch(void* d_temp_storage, size_t& temp_storage_bytes, DoubleBuffer<KeyT>& d_keys,
                              DoubleBuffer<ValueT>& d_values, int64_t num_items, int begin_bit, int end_bit,
                              bool is_overwrite_okay, cudaStream_t stream, Decomposer decomposer = {})
  {
    if (num_items < 0 || begin_bit < 0 || begin_bit > end_bit || end_bit > Codec::key_bits(decomposer))
    {
      return cudaErrorInvalidValue;
    }
    const int passes                      = radix_sort_passes(begin_bit, end_bit, RADIX_BITS);
    const TempStorageLayout<PARTS> layout = Layout(num_items, passes, is_overwrite_okay);
    if (d_temp_storage == nullptr) // the size query: no pointer checks, no device
    {
      CUBLING_RETURN_IF_ERROR(layout.Query(temp_storage_bytes));
      temp_storage_bytes = temp_storage_bytes > 0 ? temp_storage_bytes : 1; // a second call is not a query
      return cudaSuccess;
    }
    void* parts[PARTS]   = {};
    const bool null_data = is_null(d_keys.Current()) || is_null(d_keys.Alternate()) ||
                           (!KEYS_ONLY && (is_null(d_values.Current()) || is_null(d_values.Alternate())));
    if (layout.Carve(d_temp_storage, temp_storage_bytes, parts) != cudaSuccess || (num_items > 0 && null_data))
    {
      return cudaErrorInvalidValue;
    }
    if (num_items == 0)
    {
      return cudaSuccess; // nothing to write
    }
    if (passes == 0) // no bits to sort on: the input, unchanged
    {
      if (is_overwrite_okay)
      {
        return cudaSuccess;
      }
      CUBLING_RETURN_IF_ERROR(cudaMemcpyAsync(d_keys.Alternate(), d_keys.Current(),
                                              static_cast<size_t>(num_items) * sizeof(KeyT), cudaMemcpyDeviceToDevice,
                                              stream));
      if constexpr (!KEYS_ONLY)
      {
        CUBLING_RETURN_IF_ERROR(cudaMemcpyAsync(d_values.Alternate(), d_values.Current(),
                                                static_cast<size_t>(num_items) * sizeof(ValueT),
                                                cudaMemcpyDeviceToDevice, stream));
      }
      d_keys.selector ^= 1;
      d_values.selector ^= 1;
      return cudaSuccess;
    }
    int device = 0, ptx = 0;
    CUBLING_RETURN_IF_ERROR(cudaGetDevice(&device));
    CUBLING_RETURN_IF_ERROR(ptx_version(device, ptx));
    DispatchRadixSort dispatch{d_keys, d_values,          parts,  num_items,  begin_bit, end_bit,
                               passes, is_overwrite_okay, stream, decomposer, ptx};
    return MaxPolicy::Invoke(ptx, dispatch);
  }
};

} // namespace detail
} // namespace cubling
