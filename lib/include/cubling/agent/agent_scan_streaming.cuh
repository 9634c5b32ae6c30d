//! @file
//! AgentScanStreaming: DeviceScan's single pass on Hopper, with warps that
//! each do one job, so that the memory never idles while tiles look back.
//!
//! AgentScan gives a block one tile: load, scan with the look-back, store.
//! While its tile waits for its prefix, the block has no load in flight, and
//! that wait, not the scan, is what held the single pass near 70% of a
//! copy's speed. Here a *persistent* block (as many as fit, each looping over
//! tiles) splits the work among warps:
//!   - the **producer** (one lane) takes the next tile number from a global
//!     counter, so tiles start in order, and starts the tile's load: one
//!     bulk copy (util/async_copy.cuh) into the next of `STAGES` stages of a
//!     ring in shared memory;
//!   - the **reducer** folds each tile the moment it lands and publishes its
//!     aggregate (tile 0: its inclusive prefix). It never waits on another
//!     block, so no aggregate ever waits for a look-back;
//!   - the **look-back warp** finds each tile's exclusive prefix
//!     (TileLookBack, single_pass_scan_operators.cuh) and publishes its
//!     inclusive prefix;
//!   - the **consumer warps**, in `GROUPS` groups that take the tiles in
//!     turn, scan a tile out of shared memory, take its prefix, and store:
//!     while one group waits for its tile's prefix, another scans the next.
//!
//! **The ring and the queue.** Each stage goes `full` (its bytes landed) and
//! is `empty` again once the reducer and the tile's consumer group have read
//! it; the consumers read their rows into registers and give the stage back
//! *before* they wait for the prefix. The look-back warp never touches a
//! stage: the reducer hands it each tile's number and aggregate through a
//! queue of `QUEUE` rounds (`queued`), and the prefix goes back to the
//! consumers through the same slot (`answered`, then `dequeued` once they
//! have read it). So the loads run ahead of the look-backs by as much as the
//! ring holds, however long a look-back takes. Each of those is an mbarrier.
//! Every thread that read a stage or a slot arrives itself: an arrive
//! releases only its own thread's reads, so one lane arriving for its warp
//! would leave the other lanes' reads unordered before the next write
//! (racecheck reported exactly that, for the bulk copy into a stage).
//!
//! **Layout.** Warp w of a consumer group owns `WARP_ITEMS` consecutive
//! items of the tile, in `ROWS` rows of 32 16-byte vectors; lane l holds
//! vector l of each row. A row is read from shared memory without bank
//! conflicts and stored to global memory as 512 contiguous bytes, so no
//! transpose is needed. A lane scans its vector, the warp scans the lanes'
//! totals in lane order, and the rows are folded left to right: the
//! consumers' folds keep the items' order. The reducer's do not
//! (ReduceTile), so the agent takes sums only (detail::scan_can_stream);
//! other operators take AgentScan.
//!
//! **Contract.** A sum over an arithmetic type of 4 or 8 bytes, through raw
//! pointers to it, both 16-byte aligned (the dispatch checks). The last tile may be
//! partial: it is read and written item by item from global memory, its
//! missing items padded with the sum's identity (detail::sum_identity),
//! which also stands for every absent prefix, so no fold needs a branch.
//! A float scan is bitwise the same
//! from run to run: every fold has a fixed grouping, and the look-back folds
//! left to right. In place is safe: a tile's items are stored only after the
//! reducer and the consumers have read all of them.
#pragma once

#include <cstdint>

#include <cuda/std/type_traits>

#include <cubling/agent/agent_scan.cuh>
#include <cubling/agent/single_pass_scan_operators.cuh>
#include <cubling/util/async_copy.cuh>
#include <cubling/util/macros.cuh>

namespace cubling
{

//! @brief The tuning of AgentScanStreaming.
//!
//! @tparam CONSUMER_WARPS_    warps that scan and store (the block has 3 more)
//! @tparam ROWS_              rows of 32 16-byte vectors per consumer warp and tile
//! @tparam STAGES_            tiles the ring in shared memory holds
//! @tparam GROUPS_            groups the consumer warps form, each a whole tile, taking the tiles in turn
template <int CONSUMER_WARPS_, int ROWS_, int STAGES_, int GROUPS_ = 1>
struct AgentScanStreamingPolicy
{
  static constexpr int CONSUMER_WARPS = CONSUMER_WARPS_;
  static constexpr int ROWS           = ROWS_;
  static constexpr int STAGES         = STAGES_;
  static constexpr int GROUPS         = GROUPS_;
  static constexpr int GROUP_WARPS    = CONSUMER_WARPS / GROUPS;   //!< consumer warps on one tile
  static constexpr int BLOCK_THREADS  = (CONSUMER_WARPS + 3) * 32; //!< + producer, reducer, look-back warp
  static constexpr int TILE_BYTES     = GROUP_WARPS * ROWS * 32 * 16;
  static constexpr int RING_BYTES     = STAGES * TILE_BYTES; //!< dynamic shared memory per block
  static_assert(CONSUMER_WARPS % GROUPS == 0 && GROUPS <= 4 && GROUPS <= STAGES,
                "whole groups, each with a named barrier of its own (1 to 4), no more than the ring's stages");
};

namespace detail
{

//! Whether a scan can take the streaming agent: a sum (`+`) over an
//! arithmetic type of 4 or 8 bytes, whose reducer may regroup it (see
//! ReduceTile), read and written through raw pointers to that type.
template <typename InputIt, typename OutputIt, typename AccumT, typename ScanOp>
inline constexpr bool scan_can_stream =
  cuda::std::is_arithmetic_v<AccumT> && cuda::std::is_same_v<ScanOp, cuda::std::plus<>>
  && cuda::std::is_pointer_v<InputIt> && cuda::std::is_pointer_v<OutputIt>
  && cuda::std::is_same_v<cuda::std::remove_cv_t<cuda::std::remove_pointer_t<InputIt>>, AccumT>
  && cuda::std::is_same_v<cuda::std::remove_pointer_t<OutputIt>, AccumT> && (sizeof(AccumT) == 4 || sizeof(AccumT) == 8);

//! The identity of `+` over an arithmetic type, bit for bit: `identity + x`
//! is `x` for every x. For floats that is -0.0, not +0.0 (+0.0 + -0.0 is
//! +0.0, which would lose a lone -0.0).
template <typename T>
inline constexpr T sum_identity = cuda::std::is_floating_point_v<T> ? static_cast<T>(-0.0) : T{};

// example-begin select
//! `condition ? a : b` for a 4- or 8-byte `T`, as one `selp` instruction
//! that the compiler cannot turn into a branch. A lane-dependent `?:` in the
//! consumers' unrolled rows was compiled as two copies of the whole scan, one
//! for lane 0 and one for the others, each running its shuffles in divergent
//! mode: three times the instructions (ncu), and most of the time that
//! separated the library from its probe (figures/probes/scan_warp_specialized.cu).
template <typename T>
__device__ CUBLING_FORCEINLINE T select_branch_free(bool condition, const T& a, const T& b)
{
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "selp moves 4 or 8 bytes");
  using Bits = cuda::std::conditional_t<sizeof(T) == 4, unsigned int, unsigned long long>;
  Bits x, y, chosen;
  memcpy(&x, &a, sizeof(T));
  memcpy(&y, &b, sizeof(T));
  const unsigned int predicate = condition;
  if constexpr (sizeof(T) == 4)
  {
    asm("{\n .reg .pred p;\n setp.ne.u32 p, %3, 0;\n selp.b32 %0, %1, %2, p;\n}"
        : "=r"(chosen)
        : "r"(x), "r"(y), "r"(predicate));
  }
  else
  {
    asm("{\n .reg .pred p;\n setp.ne.u32 p, %3, 0;\n selp.b64 %0, %1, %2, p;\n}"
        : "=l"(chosen)
        : "l"(x), "l"(y), "r"(predicate));
  }
  T result;
  memcpy(&result, &chosen, sizeof(T));
  return result;
}
// example-end select

} // namespace detail

//! @brief A persistent block of DeviceScan's streaming single pass (see the file comment).
//!
//! @tparam Policy  an AgentScanStreamingPolicy
//! @tparam T       the item and accumulator type (4 or 8 bytes)
//! @tparam ScanOp  `cuda::std::plus<>` (see detail::scan_can_stream)
//! @tparam InitT   the initial value's type (unused by ScanKind::inclusive)
//! @tparam KIND    inclusive, inclusive with an initial value, or exclusive
template <typename Policy, typename T, typename ScanOp, typename InitT, detail::ScanKind KIND>
struct AgentScanStreaming
{
  static constexpr int VECTOR_ITEMS = 16 / static_cast<int>(sizeof(T));
  static constexpr int WARPS        = Policy::CONSUMER_WARPS;
  static constexpr int GROUPS       = Policy::GROUPS;
  static constexpr int GROUP_WARPS  = Policy::GROUP_WARPS;
  static constexpr int ROWS         = Policy::ROWS;
  static constexpr int STAGES       = Policy::STAGES;
  static constexpr int QUEUE        = 4 * STAGES; //!< rounds the look-back's queue holds
  static constexpr int WARP_ITEMS   = ROWS * 32 * VECTOR_ITEMS;
  static constexpr int TILE_ITEMS   = GROUP_WARPS * WARP_ITEMS;
  static constexpr int PRODUCER     = WARPS; //!< warp ids of the three single-job warps
  static constexpr int REDUCER      = WARPS + 1;
  static constexpr int LOOK_BACK    = WARPS + 2;
  static constexpr bool HAS_INIT    = KIND != detail::ScanKind::inclusive;

  //! 16 bytes of items, the unit of the ring and of the stores.
  struct alignas(16) Vector
  {
    T items[VECTOR_ITEMS];
  };
  static_assert(Policy::TILE_BYTES == TILE_ITEMS * static_cast<int>(sizeof(T)), "a tile fills one stage");

  using TileState = detail::ScanTileState<T>;
  using LookBack  = detail::TileLookBack<T, ScanOp, 0>;
  //! The sum's identity, folded where a prefix is absent (detail::sum_identity).
  __device__ static constexpr T Identity()
  {
    return detail::sum_identity<T>;
  }

  //! The block's static shared memory; the ring itself is dynamic (Policy::RING_BYTES).
  struct TempStorage
  {
    unsigned long long full[STAGES], empty[STAGES]; //!< by stage
    int64_t tile_of[STAGES];
    unsigned long long queued[QUEUE], answered[QUEUE], dequeued[QUEUE]; //!< the look-back's queue, by slot
    int64_t queue_tile[QUEUE];
    T queue_aggregate[QUEUE];
    T queue_prefix[QUEUE];
    //! by group, then by the group's round parity: a warp may start its group's next round early
    T warp_total[GROUPS][2][GROUP_WARPS];
    typename LookBack::TempStorage look_back;
  };

  TempStorage& storage;
  Vector* ring;
  const T* d_in;
  T* d_out;
  ScanOp scan_op;
  InitT init;
  int64_t num_items;
  int64_t tiles;
  unsigned long long* tile_counter;
  TileState state;

  //! A whole warp's shuffles of a value of any size, word by word.
  static __device__ CUBLING_FORCEINLINE T ShuffleUp(const T& value, int distance)
  {
    return detail::shuffle_words(value, [distance](unsigned int word) {
      return __shfl_up_sync(0xffffffffu, word, distance);
    });
  }
  static __device__ CUBLING_FORCEINLINE T ShuffleDown(const T& value, int distance)
  {
    return detail::shuffle_words(value, [distance](unsigned int word) {
      return __shfl_down_sync(0xffffffffu, word, distance);
    });
  }
  static __device__ CUBLING_FORCEINLINE T ShuffleFrom(const T& value, int source_lane)
  {
    return detail::shuffle_words(value, [source_lane](unsigned int word) {
      return __shfl_sync(0xffffffffu, word, source_lane);
    });
  }

  //! A stage's items: from the ring, or (the partial last tile, `stage` null)
  //! item by item from global memory, padded with the identity.
  __device__ CUBLING_FORCEINLINE Vector ReadVector(const Vector* stage, int64_t tile, int vector)
  {
    if (stage)
    {
      return stage[vector];
    }
    const T* items    = d_in + tile * TILE_ITEMS;
    const int valid   = static_cast<int>(num_items - tile * TILE_ITEMS);
    Vector v;
#pragma unroll
    for (int i = 0; i < VECTOR_ITEMS; ++i)
    {
      const int item = vector * VECTOR_ITEMS + i;
      v.items[i]     = item < valid ? items[item] : Identity();
    }
    return v;
  }

  __device__ CUBLING_FORCEINLINE bool PartialTile(int64_t tile)
  {
    return num_items - tile * TILE_ITEMS < TILE_ITEMS;
  }

  //! Every role takes the ring's stages in turn: its round k uses stage
  //! k % STAGES, and a stage's barriers complete one phase a round, so the
  //! phase a role waits for in round k has parity (k / STAGES) & 1. The
  //! queue's slots go the same way, slot k % QUEUE (QueueParity).
  static __device__ CUBLING_FORCEINLINE unsigned Parity(int round)
  {
    return (round / STAGES) & 1;
  }
  static __device__ CUBLING_FORCEINLINE unsigned QueueParity(int round)
  {
    return (round / QUEUE) & 1;
  }
  __device__ CUBLING_FORCEINLINE Vector* Stage(int s)
  {
    return ring + int64_t{s} * (TILE_ITEMS / VECTOR_ITEMS);
  }
  //! Wait until round k's phase of the stage's barrier in `barriers`
  //! completes; the tile that the stage holds in that round.
  __device__ CUBLING_FORCEINLINE int64_t AwaitTile(unsigned long long (&barriers)[STAGES], int k)
  {
    detail::barrier_wait(&barriers[k % STAGES], Parity(k));
    return storage.tile_of[k % STAGES];
  }

  // --- the producer -------------------------------------------------------------------
  __device__ CUBLING_FORCEINLINE void Produce()
  {
    for (int k = 0;; ++k)
    {
      const int s = k % STAGES;
      if (k >= STAGES)
      {
        detail::barrier_wait(&storage.empty[s], Parity(k - STAGES)); // round k - STAGES is done with it
      }
      const int64_t tile = static_cast<int64_t>(atomicAdd(tile_counter, 1ull));
      storage.tile_of[s] = tile;
      if (tile >= tiles || PartialTile(tile))
      {
        detail::barrier_arrive(&storage.full[s]); // the end, or a tile read from global memory: no bytes
        if (tile >= tiles)
        {
          // Each other consumer group learns of the end in its next round.
          for (int later = k + 1; later < k + GROUPS; ++later)
          {
            const int t = later % STAGES;
            if (later >= STAGES)
            {
              detail::barrier_wait(&storage.empty[t], Parity(later - STAGES));
            }
            storage.tile_of[t] = tile;
            detail::barrier_arrive(&storage.full[t]);
          }
          return;
        }
        continue;
      }
      detail::barrier_arrive_expect_bytes(&storage.full[s], Policy::TILE_BYTES);
      detail::bulk_load(Stage(s), d_in + tile * TILE_ITEMS, Policy::TILE_BYTES, &storage.full[s]);
    }
  }

  // --- the reducer --------------------------------------------------------------------
  //! The sum of the tile's items (every lane gets it). Lane l sums its
  //! vector of every row into one of four accumulators (row r into r % 4),
  //! so that four chains of additions overlap: the reducer's latency sits on
  //! every tile's look-back (a tile waits for the aggregates of the tiles
  //! before it, which land at about the same time as its own). Then the
  //! accumulators and the lanes are summed in a fixed tree: the same
  //! grouping on every run, so float sums keep their bits. This regrouping
  //! is why the agent takes commutative sums only.
  __device__ CUBLING_FORCEINLINE T ReduceTile(const Vector* stage, int64_t tile)
  {
    constexpr int CHAINS = 4;
    static_assert(GROUP_WARPS * ROWS % CHAINS == 0, "the rows split evenly among the chains");
    const int lane = static_cast<int>(LaneId());
    T sums[CHAINS];
#pragma unroll
    for (int c = 0; c < CHAINS; ++c)
    {
      sums[c] = Identity();
    }
    if (stage) // a full tile, in the ring
    {
#pragma unroll 4
      for (int row = 0; row < GROUP_WARPS * ROWS; ++row)
      {
        sums[row % CHAINS] = scan_op(sums[row % CHAINS], VectorSum(stage[row * 32 + lane]));
      }
    }
    else // the partial last tile, from global memory
    {
      for (int row = 0; row < GROUP_WARPS * ROWS; ++row)
      {
        sums[row % CHAINS] = scan_op(sums[row % CHAINS], VectorSum(ReadVector(nullptr, tile, row * 32 + lane)));
      }
    }
    T x = scan_op(scan_op(sums[0], sums[1]), scan_op(sums[2], sums[3]));
#pragma unroll
    for (int d = 1; d < 32; d *= 2) // lane l takes in lane l + d: lane 0 ends with the sum
    {
      const T right = ShuffleDown(x, d);
      x = detail::select_branch_free(lane % (2 * d) == 0, scan_op(x, right), x);
    }
    return ShuffleFrom(x, 0);
  }

  //! The sum of one vector's items, as a balanced tree.
  __device__ CUBLING_FORCEINLINE T VectorSum(const Vector& v)
  {
    if constexpr (VECTOR_ITEMS == 4)
    {
      return scan_op(scan_op(v.items[0], v.items[1]), scan_op(v.items[2], v.items[3]));
    }
    else
    {
      return scan_op(v.items[0], v.items[1]);
    }
  }

  //! Put round k's tile and aggregate in its slot of the look-back's queue
  //! (one lane), once round k - QUEUE's consumers have read their prefix.
  __device__ CUBLING_FORCEINLINE void Enqueue(int k, int64_t tile, const T& aggregate)
  {
    const int q = k % QUEUE;
    if (k >= QUEUE)
    {
      detail::barrier_wait(&storage.dequeued[q], QueueParity(k - QUEUE));
    }
    storage.queue_tile[q]      = tile;
    storage.queue_aggregate[q] = aggregate;
    detail::barrier_arrive(&storage.queued[q]);
  }

  __device__ CUBLING_FORCEINLINE void Reduce()
  {
    for (int k = 0;; ++k)
    {
      const int s        = k % STAGES;
      const int64_t tile = AwaitTile(storage.full, k);
      if (tile >= tiles)
      {
        if (LaneId() == 0)
        {
          Enqueue(k, tile, Identity()); // pass the end on
        }
        return;
      }
      const Vector* stage = PartialTile(tile) ? nullptr : Stage(s);
      const T aggregate   = ReduceTile(stage, tile);
      detail::barrier_arrive(&storage.empty[s]); // every lane: its reads of the stage are done
      if (LaneId() == 0)
      {
        if (tile == 0)
        {
          const T inclusive = HAS_INIT ? scan_op(static_cast<T>(init), aggregate) : aggregate;
          state.Publish(0, SCAN_TILE_PREFIX, inclusive);
        }
        else
        {
          state.Publish(tile, SCAN_TILE_AGGREGATE, aggregate);
        }
        Enqueue(k, tile, aggregate);
      }
      __syncwarp();
    }
  }

  // --- the look-back warp -------------------------------------------------------------
  __device__ CUBLING_FORCEINLINE void LookBackTiles()
  {
    for (int k = 0;; ++k)
    {
      const int q = k % QUEUE;
      detail::barrier_wait(&storage.queued[q], QueueParity(k));
      const int64_t tile = storage.queue_tile[q];
      if (tile >= tiles)
      {
        return;
      }
      T prefix = Identity();
      if (tile == 0)
      {
        if constexpr (HAS_INIT)
        {
          prefix = static_cast<T>(init);
        }
      }
      else
      {
        prefix = LookBack(storage.look_back, state, scan_op, tile).ExclusivePrefix();
        if (LaneId() == 0)
        {
          state.Publish(tile, SCAN_TILE_PREFIX, scan_op(prefix, storage.queue_aggregate[q]));
        }
      }
      __syncwarp();
      if (LaneId() == 0)
      {
        storage.queue_prefix[q] = prefix;
      }
      detail::barrier_arrive(&storage.answered[q]); // every lane: its read of the slot is done
    }
  }

  // --- the consumers ------------------------------------------------------------------
  //! Consumer warp `consumer` is warp `consumer % GROUP_WARPS` of group
  //! `consumer / GROUP_WARPS`, which takes the rounds k with k % GROUPS == group.
  __device__ CUBLING_FORCEINLINE void Consume(int consumer)
  {
    const int lane  = static_cast<int>(LaneId());
    const int group = consumer / GROUP_WARPS, warp = consumer % GROUP_WARPS;
    for (int k = group;; k += GROUPS)
    {
      const int s        = k % STAGES;
      const int64_t tile = AwaitTile(storage.full, k);
      if (tile >= tiles)
      {
        return;
      }
      const bool partial  = PartialTile(tile);
      const Vector* stage = partial ? nullptr : Stage(s);

      // The warp's rows into registers, and the stage back to the producer
      // at once: the scan and the wait for the prefix need no stage.
      Vector items[ROWS];
#pragma unroll
      for (int r = 0; r < ROWS; ++r)
      {
        items[r] = ReadVector(stage, tile, (warp * ROWS + r) * 32 + lane);
      }
      detail::barrier_arrive(&storage.empty[s]); // every lane: its rows are in registers, the stage may refill

      // example-begin rows
      // Scan the warp's rows: each vector in order, the lanes in order, the
      // rows in order. before[r]: the fold of the warp's items before this
      // lane's vector of row r.
      T before[ROWS];
      T carry = Identity();
#pragma unroll
      for (int r = 0; r < ROWS; ++r)
      {
#pragma unroll
        for (int i = 1; i < VECTOR_ITEMS; ++i)
        {
          items[r].items[i] = scan_op(items[r].items[i - 1], items[r].items[i]);
        }
        T inclusive = items[r].items[VECTOR_ITEMS - 1];
#pragma unroll
        for (int d = 1; d < 32; d *= 2)
        {
          const T below = ShuffleUp(inclusive, d);
          inclusive     = detail::select_branch_free(lane >= d, scan_op(below, inclusive), inclusive);
        }
        const T left      = ShuffleUp(inclusive, 1);
        const T row_total = ShuffleFrom(inclusive, 31);
        before[r]         = scan_op(carry, detail::select_branch_free(lane > 0, left, Identity()));
        carry             = scan_op(carry, row_total);
      }
      // example-end rows
      const int parity = (k / GROUPS) & 1;
      if (lane == 0)
      {
        storage.warp_total[group][parity][warp] = carry;
      }
      detail::group_barrier_sync<GROUP_WARPS * 32>(group); // the group's warp totals written
      T prefix = Identity(); // the fold of everything before this warp's items
      for (int w = 0; w < warp; ++w)
      {
        prefix = scan_op(prefix, storage.warp_total[group][parity][w]);
      }
      const int q = k % QUEUE;
      detail::barrier_wait(&storage.answered[q], QueueParity(k));
      prefix = scan_op(storage.queue_prefix[q], prefix);
      detail::barrier_arrive(&storage.dequeued[q]); // every lane: the prefix is read, the slot may refill

      // Fold the prefixes in and store.
      const int64_t tile_offset = tile * TILE_ITEMS;
      const int valid = partial ? static_cast<int>(num_items - tile_offset) : TILE_ITEMS;
#pragma unroll
      for (int r = 0; r < ROWS; ++r)
      {
        const T left = scan_op(prefix, before[r]);
        Vector out;
#pragma unroll
        for (int i = 0; i < VECTOR_ITEMS; ++i)
        {
          if constexpr (KIND == detail::ScanKind::exclusive)
          {
            out.items[i] = i == 0 ? left : scan_op(left, items[r].items[i - 1]);
          }
          else
          {
            out.items[i] = scan_op(left, items[r].items[i]);
          }
        }
        const int vector = (warp * ROWS + r) * 32 + lane;
        if (!partial)
        {
          reinterpret_cast<Vector*>(d_out + tile_offset)[vector] = out;
        }
        else
        {
#pragma unroll
          for (int i = 0; i < VECTOR_ITEMS; ++i)
          {
            if (vector * VECTOR_ITEMS + i < valid)
            {
              d_out[tile_offset + vector * VECTOR_ITEMS + i] = out.items[i];
            }
          }
        }
      }
    }
  }

  // example-begin roles
  //! The block's work: set up the ring's barriers, then each warp does its
  //! job until the tiles run out.
  __device__ CUBLING_FORCEINLINE void Run()
  {
    if (threadIdx.x == 0)
    {
      for (int s = 0; s < STAGES; ++s)
      {
        detail::barrier_init(&storage.full[s], 1);
        detail::barrier_init(&storage.empty[s], (GROUP_WARPS + 1) * 32); // the reducer and the tile's group
      }
      for (int q = 0; q < QUEUE; ++q)
      {
        detail::barrier_init(&storage.queued[q], 1);
        detail::barrier_init(&storage.answered[q], 32);                // the look-back warp
        detail::barrier_init(&storage.dequeued[q], GROUP_WARPS * 32); // the tile's group
      }
      detail::barrier_init_fence();
    }
    __syncthreads();
    const int warp = static_cast<int>(threadIdx.x / 32);
    if (warp == PRODUCER)
    {
      if (LaneId() == 0)
      {
        Produce();
      }
    }
    else if (warp == REDUCER)
    {
      Reduce();
    }
    else if (warp == LOOK_BACK)
    {
      LookBackTiles();
    }
    else
    {
      Consume(warp);
    }
  }
  // example-end roles
};

} // namespace cubling
