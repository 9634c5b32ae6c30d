//! @file
//! The tile states and the look-back of single-pass scans (Merrill and
//! Garland, "Single-pass Parallel Prefix Scan with Decoupled Look-back",
//! NVIDIA technical report NVR-2016-002).
//!
//! A single-pass scan gives every tile of the input to one thread block, in
//! tile order. A tile's outputs need the fold of every item before it: its
//! *exclusive prefix*. Each tile therefore publishes what it knows, as soon
//! as it knows it, in a status word of its own in the temporary storage:
//!   - SCAN_TILE_NOT_READY: nothing yet;
//!   - SCAN_TILE_AGGREGATE: the fold of the tile's own items (its aggregate),
//!     known as soon as the tile has been reduced;
//!   - SCAN_TILE_PREFIX: the fold of every item up to and including the
//!     tile's last (its inclusive prefix), known once its exclusive prefix is.
//! A tile finds its exclusive prefix by looking back: one warp reads the
//! words of the 32 tiles before it at once, finds the nearest one with a
//! prefix, and folds that prefix with the aggregates of the tiles after it.
//! It never waits for a predecessor to finish its own look-back unless none
//! of them has a prefix yet: that is what "decoupled" means. With no prefix
//! among the 32, it reads the 32 before them, and so on, keeping what it
//! read in shared memory; then it folds forward again, window by window.
//!
//! **Deterministic by construction.** The fold is always left to right,
//! starting from the nearest prefix: `prefix(p) op agg(p+1) op ... op
//! agg(t-1)`. If every published prefix is the left fold of the aggregates
//! before it (tile 0's is), so is the new one, whichever `p` the timing of
//! this run makes the nearest. So every tile's prefix has the same bits as
//! in a chained scan, on every run, floats included. CUB folds the window
//! with a tree reduction, whose grouping depends on where the nearest prefix
//! happened to be, and so on timing.
//!
//! **Storage.** A value of at most 8 bytes travels in the same word as its
//! status (8- or 16-byte words, written and read whole, through L2), so a
//! reader sees a status and its value from the same write. Larger values sit
//! in arrays of their own, written before their status with a fence between.
//! Every word must read SCAN_TILE_NOT_READY before the scan starts: the
//! dispatch runs DeviceScanInitKernel first, so garbage
//! or a previous call's states in the temporary storage never count.
#pragma once

#include <cstdint>
#include <cstring>

#include <cuda/std/type_traits>

#include <cubling/util/arch.cuh>
#include <cubling/util/lane_id.cuh>
#include <cubling/util/macros.cuh>
#include <cubling/util/uninitialized.cuh>
#include <cubling/warp/specializations/warp_scan_shfl.cuh>

//! Where a probe may count a look-back's reads
//! (figures/probes/scan_warp_specialized.cu, -DP_LOOK_BACK_COUNTS=1): after
//! each read of a window on the way back, every lane of the warp, with the
//! tile looking back, whether the window was ready, and the lane of its
//! newest prefix (-1: none). Nothing, unless a probe defines it.
#ifndef CUBLING_SCAN_LOOK_BACK_READ
#define CUBLING_SCAN_LOOK_BACK_READ(tile, ready, nearest)
#endif

//! How many words apart the packed tile states lie (ScanTileState<T, true>).
//! Spread out, fewer tiles share a line of L2 that every tile around them
//! writes and reads at once: four words apart, a 128-byte line holds four
//! tiles' words instead of sixteen (4-byte values). Measured on an H200 with
//! figures/probes/scan_warp_specialized.cu, which builds with other values:
//! with the streaming agent's 32-KiB tiles, 4 and 8 were level and the
//! fastest, 1 and 2 slower; 4 needs half the storage of 8. Every translation
//! unit of a program must see the same value, since the temporary storage's
//! size depends on it.
#ifndef CUBLING_SCAN_TILE_STRIDE
#define CUBLING_SCAN_TILE_STRIDE 4
#endif

namespace cubling
{

//! What a tile has published so far (see the file comment).
enum ScanTileStatus : unsigned int
{
  SCAN_TILE_NOT_READY = 0, //!< nothing: the value is not to be read
  SCAN_TILE_AGGREGATE = 1, //!< the fold of the tile's own items
  SCAN_TILE_PREFIX    = 2, //!< the fold of every item up to the tile's last
};

namespace detail
{

//! Values of at most 8 bytes share a word with their status.
template <typename T>
inline constexpr bool tile_value_packs = cuda::std::is_trivially_copyable_v<T> && sizeof(T) <= 8;

//! The per-tile state of a single-pass scan over values of type `T`, in
//! global memory: one status word per tile, with the value in it (small
//! types) or beside it (larger ones).
template <typename T, bool PACKED = tile_value_packs<T>>
struct ScanTileState;

//! Values of at most 8 bytes: status and value in one 8- or 16-byte word.
template <typename T>
struct ScanTileState<T, true>
{
  using Word = cuda::std::conditional_t<sizeof(T) <= 4, unsigned long long, ulonglong2>;
  //! The word's layout: the status in the first half, the value in the second.
  struct Fields
  {
    alignas(sizeof(Word) / 2) unsigned int status;
    alignas(sizeof(Word) / 2) T value;
  };
  static_assert(sizeof(Fields) == sizeof(Word), "a tile's status and value fill one word");

  Word* words;
  //! Words from one tile's state to the next (CUBLING_SCAN_TILE_STRIDE).
  static constexpr int64_t stride = CUBLING_SCAN_TILE_STRIDE;

  //! Bytes for `tiles` tiles, and their alignment.
  static constexpr size_t Bytes(int64_t tiles)
  {
    return static_cast<size_t>(tiles * stride) * sizeof(Word);
  }
  static constexpr size_t alignment = sizeof(Word);

  //! Build the state over storage carved for it.
  static ScanTileState Over(void* storage)
  {
    return ScanTileState{static_cast<Word*>(storage)};
  }

  //! Tile `tile`'s word. Past the last tile it is storage the caller may
  //! use otherwise (the streaming scan's tile counter), reset with the states.
  __device__ CUBLING_FORCEINLINE Word* WordOf(int64_t tile) const
  {
    return words + tile * stride;
  }

  //! Mark tile `tile` not ready (the init kernel).
  __device__ CUBLING_FORCEINLINE void Reset(int64_t tile) const
  {
    *WordOf(tile) = Word{};
  }

  //! Publish `status` and `value` for tile `tile`, in one store that other
  //! blocks see through L2.
  __device__ CUBLING_FORCEINLINE void Publish(int64_t tile, ScanTileStatus status, const T& value) const
  {
    Fields fields{};
    fields.status = status;
    fields.value  = value;
    Word word;
    memcpy(&word, &fields, sizeof word);
    __stcg(WordOf(tile), word);
  }

  //! Read tile `tile`'s status and value, in one load from L2.
  __device__ CUBLING_FORCEINLINE void Read(int64_t tile, unsigned int& status, T& value) const
  {
    const Word word = __ldcg(WordOf(tile));
    Fields fields;
    memcpy(&fields, &word, sizeof word);
    status = fields.status;
    value  = fields.value;
  }
};

//! Larger values: a status array, and one array for aggregates and one for
//! prefixes, each value written once and fenced before its status.
template <typename T>
struct ScanTileState<T, false>
{
  unsigned int* statuses;
  T* aggregates;
  T* prefixes;

  //! The three arrays, each aligned for its type, in one block of `Bytes()` bytes.
  static constexpr size_t ValuesOffset(int64_t tiles)
  {
    const size_t status_bytes = static_cast<size_t>(tiles) * sizeof(unsigned int);
    return (status_bytes + alignof(T) - 1) / alignof(T) * alignof(T);
  }
  static constexpr size_t Bytes(int64_t tiles)
  {
    return ValuesOffset(tiles) + 2 * static_cast<size_t>(tiles) * sizeof(T);
  }
  static constexpr size_t alignment = alignof(T) > 16 ? alignof(T) : 16;

  //! The tile count is needed to find the arrays: it is the one the dispatch carved for.
  static ScanTileState Over(void* storage, int64_t tiles)
  {
    char* base = static_cast<char*>(storage);
    T* values  = reinterpret_cast<T*>(base + ValuesOffset(tiles));
    return ScanTileState{reinterpret_cast<unsigned int*>(base), values, values + tiles};
  }

  __device__ CUBLING_FORCEINLINE void Reset(int64_t tile) const
  {
    statuses[tile] = SCAN_TILE_NOT_READY;
  }

  __device__ CUBLING_FORCEINLINE void Publish(int64_t tile, ScanTileStatus status, const T& value) const
  {
    (status == SCAN_TILE_PREFIX ? prefixes : aggregates)[tile] = value;
    __threadfence(); // the value reaches L2 before the status that announces it
    __stcg(statuses + tile, static_cast<unsigned int>(status));
  }

  __device__ CUBLING_FORCEINLINE void Read(int64_t tile, unsigned int& status, T& value) const
  {
    status = __ldcg(statuses + tile);
    __threadfence(); // a value is read after the status that announced it
    if (status != SCAN_TILE_NOT_READY)
    {
      // Through L2, in 4-byte words where T allows, else a byte at a time.
      using Word         = cuda::std::conditional_t<sizeof(T) % 4 == 0 && alignof(T) >= 4, unsigned int, unsigned char>;
      constexpr int WORDS = static_cast<int>(sizeof(T) / sizeof(Word));
      const Word* source  = reinterpret_cast<const Word*>((status == SCAN_TILE_PREFIX ? prefixes : aggregates) + tile);
      Word bytes[WORDS];
#pragma unroll
      for (int k = 0; k < WORDS; ++k)
      {
        bytes[k] = __ldcg(source + k);
      }
      memcpy(&value, bytes, sizeof(T));
    }
  }
};

//! Make the tile state for `tiles` tiles over carved storage, whichever layout `T` gets.
template <typename T>
ScanTileState<T> make_scan_tile_state(void* storage, int64_t tiles)
{
  if constexpr (tile_value_packs<T>)
  {
    (void) tiles;
    return ScanTileState<T>::Over(storage);
  }
  else
  {
    return ScanTileState<T>::Over(storage, tiles);
  }
}

//! Whether `ScanOp` over `T` gives the same bits however its applications
//! are grouped (an integer sum; the by-key family specializes it for its
//! segmented operator over such a sum), so that a warp may fold a window
//! as a tree, not left to right, and stay deterministic.
template <typename T, typename ScanOp>
inline constexpr bool scan_op_is_exact = scan_is_integer_sum<T, ScanOp>;

// example-begin fold-lanes
//! Fold onto `prefix`, left to right, lane `first` to lane `end - 1`'s
//! `value` (every lane of the warp calls it, and gets the result). The 32
//! shuffles are unrolled, so they issue back to back; only the operator's
//! chain is serial. An integer sum needs no order: one warp-wide reduction
//! instruction (32-bit) or a tree of shuffles. Another exact operator keeps
//! the order but not the chain: a scan across the lanes in five steps (each
//! lane folds in the lane 1, 2, 4, 8, 16 below it, within [first, end)),
//! whose last lane holds the fold.
template <typename T, typename ScanOp>
__device__ CUBLING_FORCEINLINE T fold_lanes(T prefix, const T& value, int first, int end, ScanOp scan_op)
{
  const int lane    = static_cast<int>(LaneId());
  const bool folded = lane >= first && lane < end;
  if constexpr (scan_is_integer_sum<T, ScanOp> && sizeof(T) == 4)
  {
    using Word = cuda::std::conditional_t<cuda::std::is_signed_v<T>, int, unsigned int>;
    const Word sum = __reduce_add_sync(0xffffffffu, folded ? static_cast<Word>(value) : Word{0});
    return static_cast<T>(prefix + static_cast<T>(sum));
  }
  else if constexpr (scan_is_integer_sum<T, ScanOp>)
  {
    T sum = folded ? value : T{0};
#pragma unroll
    for (int distance = warp_threads / 2; distance > 0; distance /= 2)
    {
      sum += shuffle_words(sum, [distance](unsigned int word) { return __shfl_xor_sync(0xffffffffu, word, distance); });
    }
    return static_cast<T>(prefix + sum);
  }
  else if constexpr (scan_op_is_exact<T, ScanOp>)
  {
    if (first >= end)
    {
      return prefix;
    }
    T fold = value;
#pragma unroll
    for (int distance = 1; distance < warp_threads; distance *= 2)
    {
      const T below =
          shuffle_words(fold, [distance](unsigned int word) { return __shfl_up_sync(0xffffffffu, word, distance); });
      if (lane - distance >= first && lane < end)
      {
        fold = scan_op(below, fold);
      }
    }
    const T last = shuffle_words(fold, [end](unsigned int word) { return __shfl_sync(0xffffffffu, word, end - 1); });
    return scan_op(prefix, last);
  }
  else
  {
#pragma unroll
    for (int src = 0; src < warp_threads; ++src)
    {
      const T lane_value = shuffle_words(value, [src](unsigned int word) { return __shfl_sync(0xffffffffu, word, src); });
      if (src >= first && src < end)
      {
        prefix = scan_op(prefix, lane_value);
      }
    }
    return prefix;
  }
}
// example-end fold-lanes

// example-begin look-back
//! @brief The look-back of one tile: the block-prefix callback that
//! BlockScan calls with the tile's aggregate.
//!
//! The first warp of the block calls it, every lane, as BlockScan's
//! `block_prefix_callback_op`; lane 0's return value is the tile's exclusive
//! prefix. It publishes the aggregate, looks back (see the file comment),
//! then publishes the inclusive prefix. `MAX_SPIN_NS` caps the back-off
//! between two reads of a window that is not ready (0: no back-off).
//!
//! @tparam T       the scan's accumulator type
//! @tparam ScanOp  associative `op(a, b)`; not necessarily commutative
template <typename T, typename ScanOp, int MAX_SPIN_NS = 0>
struct TileLookBack
{
  //! The most windows whose values the way back keeps, for the way forward;
  //! windows further back are read again on the way forward.
  static constexpr int STASHED_WINDOWS = 8;
  //! Shared memory of the first warp: each lane's value of the windows it
  //! passed on the way back, newest first.
  struct _TempStorage
  {
    T windows[STASHED_WINDOWS][warp_threads];
  };
  struct TempStorage : Uninitialized<_TempStorage>
  {};

  _TempStorage& storage;
  ScanTileState<T> state;
  ScanOp scan_op;
  int64_t tile; //!< the caller's tile, at least 1 (tile 0 has no predecessor)

  __device__ CUBLING_FORCEINLINE TileLookBack(TempStorage& storage, const ScanTileState<T>& state, ScanOp scan_op,
                                              int64_t tile)
      : storage(storage.Alias())
      , state(state)
      , scan_op(scan_op)
      , tile(tile)
  {}

  __device__ CUBLING_FORCEINLINE T FoldLanes(T prefix, const T& value, int first) const
  {
    return fold_lanes(prefix, value, first, warp_threads, scan_op);
  }

  //! Read the window of the 32 tiles before `window_end`: lane 31 reads
  //! tile window_end - 1, lane 0 tile window_end - 32. Tiles before tile 0
  //! do not exist: they read as aggregates that nobody folds (tile 0 always
  //! publishes a prefix, above them). Returns the lane of the newest prefix
  //! (-1: none), and whether every tile after it has published at least its
  //! aggregate.
  __device__ CUBLING_FORCEINLINE int ReadWindow(int64_t window_end, T& value, bool& ready) const
  {
    const int lane              = static_cast<int>(LaneId());
    const int64_t predecessor   = window_end - warp_threads + lane;
    unsigned int status         = SCAN_TILE_AGGREGATE;
    if (predecessor >= 0)
    {
      state.Read(predecessor, status, value);
    }
    const unsigned int prefixes = __ballot_sync(0xffffffffu, status == SCAN_TILE_PREFIX);
    const int nearest           = prefixes ? warp_threads - 1 - __clz(prefixes) : -1;
    ready = __ballot_sync(0xffffffffu, status == SCAN_TILE_NOT_READY && lane > nearest) == 0;
    return nearest;
  }

  //! Look back over the tiles before `tile` and return their fold, left to right.
  __device__ CUBLING_FORCEINLINE T ExclusivePrefix() const
  {
    const int lane = static_cast<int>(LaneId());
    // Back: window by window, to the newest window with a prefix, waiting
    // until every tile after that prefix has its aggregate. The windows
    // passed on the way (aggregates only) are kept for the way forward.
    int64_t window_end = tile;
    int passed         = 0;
    T value;
    int nearest = -1;
    int spin_ns = 8;
    for (;;)
    {
      bool ready = false;
      nearest    = ReadWindow(window_end, value, ready);
      CUBLING_SCAN_LOOK_BACK_READ(tile, ready, nearest);
      if (ready && nearest >= 0)
      {
        break;
      }
      if (ready) // aggregates only: the prefix is further back
      {
        if (passed < STASHED_WINDOWS)
        {
          storage.windows[passed][lane] = value;
        }
        ++passed;
        window_end -= warp_threads;
        continue;
      }
      if (MAX_SPIN_NS > 0)
      {
        __nanosleep(spin_ns);
        spin_ns = spin_ns * 2 < MAX_SPIN_NS ? spin_ns * 2 : MAX_SPIN_NS;
      }
    }
    T prefix = shuffle_words(value, [nearest](unsigned int word) { return __shfl_sync(0xffffffffu, word, nearest); });
    prefix   = FoldLanes(prefix, value, nearest + 1);
    // Forward: fold the windows passed, oldest first. A kept window is folded
    // as it was read; one read again may by now hold a prefix, which may
    // start the fold afresh: every prefix is the same left fold.
    __syncwarp();
    for (int w = passed - 1; w >= 0; --w)
    {
      window_end += warp_threads;
      if (w < STASHED_WINDOWS)
      {
        prefix = FoldLanes(prefix, storage.windows[w][lane], 0);
        continue;
      }
      bool ready = false;
      nearest    = ReadWindow(window_end, value, ready);
      if (nearest >= 0)
      {
        prefix = shuffle_words(value, [nearest](unsigned int word) { return __shfl_sync(0xffffffffu, word, nearest); });
      }
      prefix = FoldLanes(prefix, value, nearest + 1);
    }
    return prefix;
  }

  //! BlockScan's callback: publish the aggregate, look back, publish the
  //! inclusive prefix, and return the exclusive one.
  __device__ CUBLING_FORCEINLINE T operator()(const T& tile_aggregate) const
  {
    const bool leader = LaneId() == 0;
    if (leader)
    {
      state.Publish(tile, SCAN_TILE_AGGREGATE, tile_aggregate);
    }
    const T exclusive = ExclusivePrefix();
    if (leader)
    {
      state.Publish(tile, SCAN_TILE_PREFIX, scan_op(exclusive, tile_aggregate));
    }
    return exclusive;
  }
};
// example-end look-back

} // namespace detail
} // namespace cubling
