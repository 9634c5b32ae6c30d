//! @file
//! WarpReduceShfl: the reduction of a power-of-two logical warp, in registers.
//!
//! Two algorithms, chosen at compile time:
//!   - one `redux.sync` instruction (`__reduce_add_sync`, `__reduce_min_sync`,
//!     `__reduce_max_sync`), when the hardware can do the whole job: 32-bit
//!     integers, a sum, minimum or maximum, all 32 lanes of the hardware warp
//!     valid, and code compiled for sm_80 or newer;
//!   - otherwise a shuffle tree: log2(LOGICAL_WARP_THREADS) rounds in which
//!     every lane reads the value `offset` lanes above it with
//!     `__shfl_down_sync` and folds it into its own.
//! Neither touches shared memory, so the TempStorage is empty.
#pragma once

#include <cstring>

#include <cuda/functional>
#include <cuda/std/functional>
#include <cuda/std/type_traits>

#include <cubling/thread/thread_operators.cuh>
#include <cubling/util/arch.cuh>
#include <cubling/util/lane_id.cuh>
#include <cubling/util/macros.cuh>
#include <cubling/util/uninitialized.cuh>

namespace cubling
{
namespace detail
{

//! The redux.sync operation that computes a reduction operator, if there is one.
enum class ReduxOp
{
  none,
  add,
  min,
  max,
};

//! Which redux.sync operation computes `ReductionOp` over `T`. The instruction
//! exists for 32-bit signed and unsigned integers only, and for the operators
//! whose meaning cubling knows: its own Sum/Min/Max and libcu++'s
//! `cuda::std::plus`, `cuda::minimum`, `cuda::maximum` (untyped, or typed on T).
template <typename T, typename ReductionOp>
CUBLING_HOST_DEVICE constexpr ReduxOp redux_op_for()
{
  using cuda::std::is_same_v;
  if constexpr (!is_same_v<T, int> && !is_same_v<T, unsigned int>)
  {
    return ReduxOp::none;
  }
  else if constexpr (is_same_v<ReductionOp, Sum> || is_same_v<ReductionOp, cuda::std::plus<>>
                     || is_same_v<ReductionOp, cuda::std::plus<T>>)
  {
    return ReduxOp::add;
  }
  else if constexpr (is_same_v<ReductionOp, Min> || is_same_v<ReductionOp, cuda::minimum<>>
                     || is_same_v<ReductionOp, cuda::minimum<T>>)
  {
    return ReduxOp::min;
  }
  else if constexpr (is_same_v<ReductionOp, Max> || is_same_v<ReductionOp, cuda::maximum<>>
                     || is_same_v<ReductionOp, cuda::maximum<T>>)
  {
    return ReduxOp::max;
  }
  else
  {
    return ReduxOp::none;
  }
}

//! `__shfl_down_sync` for a value of any trivially copyable type: the value is
//! cut into 32-bit words, each word is shuffled (one SHFL each), and the words
//! are put back together. Within each segment of WIDTH lanes, lane i receives
//! lane i + offset's value, or its own when i + offset leaves the segment.
template <int WIDTH, typename T>
__device__ CUBLING_FORCEINLINE T shuffle_down(const T& value, int offset, unsigned int member_mask)
{
  static_assert(cuda::std::is_trivially_copyable_v<T>, "WarpReduce moves items between lanes as raw 32-bit words");
  constexpr int WORDS = (sizeof(T) + sizeof(unsigned int) - 1) / sizeof(unsigned int);
  unsigned int words[WORDS] = {};
  memcpy(words, &value, sizeof(T));
#pragma unroll
  for (int w = 0; w < WORDS; ++w)
  {
    words[w] = __shfl_down_sync(member_mask, words[w], static_cast<unsigned int>(offset), WIDTH);
  }
  T result = value;
  memcpy(&result, words, sizeof(T));
  return result;
}

//! @brief Reduction across a logical warp of a power-of-two number of lanes,
//! in registers.
//!
//! The hardware warp splits into 32 / LOGICAL_WARP_THREADS independent logical
//! warps of consecutive lanes; each reduces its own values, and only its own
//! lanes take part in its shuffles (the member mask), so the logical warps of
//! one hardware warp need not call together.
//!
//! @tparam T                     item type (trivially copyable)
//! @tparam LOGICAL_WARP_THREADS  1, 2, 4, 8, 16 or 32
template <typename T, int LOGICAL_WARP_THREADS>
struct WarpReduceShfl
{
  static_assert(LOGICAL_WARP_THREADS >= 1 && LOGICAL_WARP_THREADS <= warp_threads
                  && (LOGICAL_WARP_THREADS & (LOGICAL_WARP_THREADS - 1)) == 0,
                "WarpReduceShfl needs a power-of-two logical warp of 1 to 32 threads");

  //! Nothing: the shuffles exchange registers directly (see util/uninitialized.cuh).
  struct TempStorage : Uninitialized<NullType>
  {};

  int lane;                 //!< lane in the logical warp
  unsigned int member_mask; //!< the hardware lanes of this logical warp

  __device__ CUBLING_FORCEINLINE explicit WarpReduceShfl(TempStorage& /*temp_storage*/)
      : lane(static_cast<int>(LaneId() % LOGICAL_WARP_THREADS))
      , member_mask(LOGICAL_WARP_THREADS == warp_threads
                      ? 0xffffffffu
                      : ((1u << (LOGICAL_WARP_THREADS % warp_threads)) - 1u) << (LaneId() / LOGICAL_WARP_THREADS * LOGICAL_WARP_THREADS))
  {}

  //! Reduce the logical warp's values; the result is valid in its lane 0.
  //! ALL_LANES_VALID says, at compile time, that valid_items is the whole
  //! logical warp (no bounds checks are then needed).
  template <bool ALL_LANES_VALID, typename ReductionOp>
  __device__ CUBLING_FORCEINLINE T Reduce(T input, int valid_items, ReductionOp reduction_op)
  {
    // Phase 0 (when it applies): the hardware reduces the whole warp in one
    // instruction, and every lane gets the result.
    constexpr ReduxOp REDUX =
      (ALL_LANES_VALID && LOGICAL_WARP_THREADS == warp_threads) ? redux_op_for<T, ReductionOp>() : ReduxOp::none;
    if constexpr (REDUX != ReduxOp::none)
    {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
      if constexpr (REDUX == ReduxOp::add)
      {
        return __reduce_add_sync(0xffffffffu, input);
      }
      else if constexpr (REDUX == ReduxOp::min)
      {
        return __reduce_min_sync(0xffffffffu, input);
      }
      else
      {
        return __reduce_max_sync(0xffffffffu, input);
      }
#endif // older GPUs fall through to the shuffle tree
    }

    // The shuffle tree. Before the round with `offset`, lane i holds the
    // reduction of lanes [i, i + offset) (clipped to the valid lanes); it
    // folds in lane i + offset's value, which covers the next `offset` lanes,
    // keeping the lanes in order (left operand first), so the operator need
    // not be commutative. After log2(LOGICAL_WARP_THREADS) rounds lane 0 holds
    // the whole logical warp's reduction.
    //
    // With every lane valid there is no bounds check: a lane whose partner
    // lies past the end of the logical warp gets its own value back and folds
    // it with itself. That value is garbage, but it never reaches lane 0: the
    // lanes lane 0 reads from, directly or not, always have their partners in
    // range. With valid_items, the lanes whose partner is not valid keep their
    // value unchanged.
    T value = input;
#pragma unroll
    for (int offset = 1; offset < LOGICAL_WARP_THREADS; offset *= 2)
    {
      const T peer = shuffle_down<LOGICAL_WARP_THREADS>(value, offset, member_mask);
      if (ALL_LANES_VALID || lane + offset < valid_items)
      {
        value = static_cast<T>(reduction_op(value, peer));
      }
    }
    return value;
  }
};

} // namespace detail
} // namespace cubling
