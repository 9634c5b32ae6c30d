//! @file
//! What cubling's fancy iterators share: the switch that lets a host-device
//! member call a user's operator, and wraparound-safe arithmetic on counters.
//!
//! The iterators themselves (one header each in this folder) follow CUB
//! 2.x's names and template parameters. CUB 3 moved them out of CUB (the
//! counting, constant, transform and discard iterators now live in libcu++ and
//! Thrust as `cuda::counting_iterator`, `thrust::constant_iterator` and so
//! on); cubling keeps the CUB 2.x spelling, so that CUB 2.x code still
//! compiles with `cub::` swapped for `cubling::`.
#pragma once

#include <cubling/util/macros.cuh>

#include <cuda/std/type_traits>

#include <new>

//! Put before a `__host__ __device__` function that calls a user's callable
//! (a conversion operator, a wrapped iterator) which may be host-only or
//! device-only: nvcc then checks the call only where the function is really
//! used, on the side where it is used, instead of rejecting the template.
#if defined(__NVCC__)
#define CUBLING_EXEC_CHECK_DISABLE _Pragma("nv_exec_check_disable")
#else
#define CUBLING_EXEC_CHECK_DISABLE
#endif

namespace cubling
{
namespace detail
{

//! Is `T` an integer type that a counter can wrap around in (not `bool`)?
template <typename T>
constexpr bool is_counter_integer_v = cuda::std::is_integral_v<T> && !cuda::std::is_same_v<T, bool>;

//! `value + n` for a counter: integers wrap around modulo 2^bits, as unsigned
//! arithmetic does (so stepping a signed counter past its maximum is not
//! undefined behaviour, and a 64-bit `n` is never cut to `int` first); other
//! types add `n` converted to their own type.
template <typename ValueType, typename OffsetT>
CUBLING_HOST_DEVICE CUBLING_FORCEINLINE ValueType counter_advance(const ValueType& value, OffsetT n)
{
  if constexpr (is_counter_integer_v<ValueType>)
  {
    using U = cuda::std::make_unsigned_t<ValueType>;
    return static_cast<ValueType>(static_cast<U>(static_cast<U>(value) + static_cast<U>(n)));
  }
  else
  {
    return static_cast<ValueType>(value + static_cast<ValueType>(n));
  }
}

//! `a - b` for two counters, as an `OffsetT`. A counter type narrower than
//! `OffsetT` subtracts exactly in `OffsetT` (no wraparound between the two);
//! one as wide or wider subtracts modulo 2^bits and reads the result as
//! signed, which is exact whenever the true distance fits in `OffsetT`.
template <typename OffsetT, typename ValueType>
CUBLING_HOST_DEVICE CUBLING_FORCEINLINE OffsetT counter_distance(const ValueType& a, const ValueType& b)
{
  if constexpr (is_counter_integer_v<ValueType>)
  {
    if constexpr (sizeof(ValueType) < sizeof(OffsetT))
    {
      return static_cast<OffsetT>(static_cast<OffsetT>(a) - static_cast<OffsetT>(b));
    }
    else
    {
      using U = cuda::std::make_unsigned_t<ValueType>;
      using S = cuda::std::make_signed_t<ValueType>;
      return static_cast<OffsetT>(static_cast<S>(static_cast<U>(static_cast<U>(a) - static_cast<U>(b))));
    }
  }
  else
  {
    return static_cast<OffsetT>(a - b);
  }
}

//! Copy the operator `source` over `target`. A lambda's closure type has no
//! copy assignment, which would leave an iterator holding one unassignable
//! (a random-access iterator must be assignable): such an operator is
//! destroyed and copy-constructed in place instead.
CUBLING_EXEC_CHECK_DISABLE
template <typename Op> CUBLING_HOST_DEVICE CUBLING_FORCEINLINE void assign_operator(Op& target, const Op& source)
{
  if constexpr (cuda::std::is_copy_assignable_v<Op>)
  {
    target = source;
  }
  else
  {
    target.~Op();
    ::new (static_cast<void*>(&target)) Op(source);
  }
}

//! Can `T` be the offset (difference) type of an iterator? A signed integer.
template <typename T> constexpr bool is_offset_v = cuda::std::is_integral_v<T>&& cuda::std::is_signed_v<T>;

//! Enables an overload for integer distances only (so that `it + other_it`
//! and `it - other_it` never pick the step-by-`n` overloads).
template <typename Distance>
using enable_if_distance_t = cuda::std::enable_if_t<cuda::std::is_integral_v<Distance>, int>;

} // namespace detail
} // namespace cubling
