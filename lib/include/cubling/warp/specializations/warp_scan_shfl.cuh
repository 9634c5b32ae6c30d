//! @file
//! WarpScanShfl: the prefix scan of a power-of-two logical warp, in registers.
//!
//! How it works: a Kogge-Stone scan with `__shfl_up_sync`. In the round with
//! distance `d` (1, 2, 4, ...) every lane reads the running value of the lane
//! `d` below it and folds it in on the left; after log2(LOGICAL_WARP_THREADS)
//! rounds lane i holds `op(x0, ..., xi)`. The exclusive result is one more
//! shuffle up by one lane (or, for integer sums, `inclusive - input`, which
//! needs no shuffle); the warp's total is a shuffle from its last lane.
//!
//! When to pick it: WarpScan picks it for every power-of-two logical warp (1,
//! 2, 4, 8, 16, 32). It needs no shared memory and no barrier, and it scans
//! items of any trivially copyable type, one 32-bit shuffle per word per
//! round. It cannot serve other sizes: a shuffle's `width` must be a power of
//! two for the segments to tile the hardware warp.
#pragma once

#include <cstring>

#include <cuda/std/functional>
#include <cuda/std/type_traits>

#include <cubling/util/arch.cuh>
#include <cubling/util/lane_id.cuh>
#include <cubling/util/macros.cuh>
#include <cubling/util/uninitialized.cuh>

namespace cubling
{
namespace detail
{

//! Whether a scan of `T` with `ScanOp` is an integer sum, for which the
//! exclusive result is `inclusive - input` (exact, wraparound included).
template <typename T, typename ScanOp>
inline constexpr bool scan_is_integer_sum =
  cuda::std::is_integral_v<T> && cuda::std::is_same_v<ScanOp, cuda::std::plus<>>;

//! A warp shuffle of a value of any trivially copyable type, one 32-bit word
//! at a time. `Shuffle` is called as `Shuffle(member_mask, word)` for each word.
template <typename T, typename Shuffle>
__device__ CUBLING_FORCEINLINE T shuffle_words(const T& value, Shuffle shuffle)
{
  static_assert(cuda::std::is_trivially_copyable_v<T>, "WarpScan moves items between lanes as raw 32-bit words");
  constexpr int WORDS = (sizeof(T) + sizeof(unsigned int) - 1) / sizeof(unsigned int);
  unsigned int words[WORDS] = {};
  memcpy(words, &value, sizeof(T));
#pragma unroll
  for (int w = 0; w < WORDS; ++w)
  {
    words[w] = shuffle(words[w]);
  }
  T result = value;
  memcpy(&result, words, sizeof(T));
  return result;
}

//! @brief Prefix scan across a logical warp of a power-of-two number of
//! lanes, in registers.
//!
//! The hardware warp splits into 32 / LOGICAL_WARP_THREADS independent logical
//! warps of consecutive lanes; each scans its own values, and only its own
//! lanes take part in its shuffles.
//!
//! @tparam T                     item type (trivially copyable)
//! @tparam LOGICAL_WARP_THREADS  1, 2, 4, 8, 16 or 32
template <typename T, int LOGICAL_WARP_THREADS>
struct WarpScanShfl
{
  static_assert(LOGICAL_WARP_THREADS >= 1 && LOGICAL_WARP_THREADS <= warp_threads
                  && (LOGICAL_WARP_THREADS & (LOGICAL_WARP_THREADS - 1)) == 0,
                "WarpScanShfl needs a power-of-two logical warp of 1 to 32 threads");

  //! Nothing: the shuffles exchange registers directly.
  struct TempStorage : Uninitialized<NullType>
  {};

  int lane;                 //!< lane in the logical warp
  unsigned int member_mask; //!< the hardware lanes of this logical warp

  __device__ CUBLING_FORCEINLINE explicit WarpScanShfl(TempStorage& /*temp_storage*/)
      : lane(static_cast<int>(LaneId() % LOGICAL_WARP_THREADS))
      , member_mask(LOGICAL_WARP_THREADS == warp_threads
                      ? 0xffffffffu
                      : ((1u << (LOGICAL_WARP_THREADS % warp_threads)) - 1u)
                          << (LaneId() / LOGICAL_WARP_THREADS * LOGICAL_WARP_THREADS))
  {}

  //! Lane `lane - distance`'s value; lanes below `distance` get their own back.
  __device__ CUBLING_FORCEINLINE T ShuffleUp(const T& value, int distance) const
  {
    const unsigned int mask = member_mask;
    return shuffle_words(value, [mask, distance](unsigned int word) {
      return __shfl_up_sync(mask, word, static_cast<unsigned int>(distance), LOGICAL_WARP_THREADS);
    });
  }

  //! Lane `src_lane`'s value, in every lane (src_lane counts within the logical warp).
  __device__ CUBLING_FORCEINLINE T ShuffleIndex(const T& value, int src_lane) const
  {
    const unsigned int mask = member_mask;
    return shuffle_words(value, [mask, src_lane](unsigned int word) {
      return __shfl_sync(mask, word, src_lane, LOGICAL_WARP_THREADS);
    });
  }

  //! Inclusive scan: lane i gets `op(x0, ..., xi)`.
  template <typename ScanOp>
  __device__ CUBLING_FORCEINLINE void InclusiveScan(T input, T& inclusive, ScanOp scan_op)
  {
    // Before the round with `distance`, lane i holds the fold of lanes
    // [max(0, i - distance + 1), i]; the lane `distance` below holds the
    // block of lanes just before that, so folding it in on the left doubles
    // the span and keeps the lanes in order.
    T value = input;
#pragma unroll
    for (int distance = 1; distance < LOGICAL_WARP_THREADS; distance *= 2)
    {
      const T below = ShuffleUp(value, distance);
      if (lane >= distance)
      {
        value = static_cast<T>(scan_op(below, value));
      }
    }
    inclusive = value;
  }

  //! What follows a finished inclusive scan, as the caller asks for it
  //! (the same contract as WarpScanSmem::Finish):
  //!   - AGGREGATE: `aggregate` = the logical warp's total, in every lane,
  //!     without `initial_value`;
  //!   - SEEDED: `inclusive` becomes `op(initial_value, inclusive)`;
  //!   - EXCLUSIVE: `exclusive` = the inclusive result of the lane below;
  //!     lane 0's is `initial_value` when SEEDED, else unspecified (its own
  //!     inclusive value, or 0 for integer sums).
  template <bool EXCLUSIVE, bool SEEDED, bool AGGREGATE, typename ScanOp>
  __device__ CUBLING_FORCEINLINE void
  Finish(T input, T& inclusive, T& exclusive, T& aggregate, ScanOp scan_op, T initial_value)
  {
    if constexpr (AGGREGATE)
    {
      aggregate = ShuffleIndex(inclusive, LOGICAL_WARP_THREADS - 1);
    }
    if constexpr (SEEDED)
    {
      inclusive = static_cast<T>(scan_op(initial_value, inclusive));
    }
    if constexpr (EXCLUSIVE)
    {
      if constexpr (scan_is_integer_sum<T, ScanOp>)
      {
        exclusive = static_cast<T>(inclusive - input); // no shuffle; lane 0 gets 0 or initial_value
      }
      else
      {
        exclusive = ShuffleUp(inclusive, 1);
        if (SEEDED && lane == 0)
        {
          exclusive = initial_value;
        }
      }
    }
  }

  //! Lane `src_lane`'s `input`, in every lane of the logical warp.
  __device__ CUBLING_FORCEINLINE T Broadcast(T input, unsigned int src_lane)
  {
    return ShuffleIndex(input, static_cast<int>(src_lane));
  }
};

} // namespace detail
} // namespace cubling
