//! @file
//! What cubling's fancy iterators share: the switch that lets a host-device
//! member call a user's operator, wraparound-safe arithmetic on counters, and
//! the arithmetic and comparisons of a random-access iterator, written once
//! (detail::RandomAccessArithmetic).
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

//! @brief The arithmetic and comparisons of a random-access iterator, written
//! once for all of cubling's fancy iterators (a CRTP base).
//!
//! `Derived` derives from `RandomAccessArithmetic<Derived, OffsetT>`, makes
//! this base a friend, and provides the primitives that everything here is
//! built from:
//!   - `void advance(OffsetT n)`: move `n` places (negative: back);
//!   - `OffsetT distance_from(const Derived& other) const`: `*this - other`, in items;
//!   - `bool equals(const Derived& other) const`: the same position;
//!   - optionally `bool before(const Derived& other) const`: before `other`
//!     (without it, `distance_from(other) < 0`, which orders a wrapped
//!     counter right).
//!
//! Every operator runs on the host and on the device, with nvcc's execution
//! check disabled, so that it is checked only where it is used (a wrapped
//! iterator or operator may be host-only or device-only). Every distance
//! parameter is any integer type, converted to `OffsetT`; every result is a
//! `Derived`.
//!
//! @tparam Derived  the iterator
//! @tparam OffsetT  its difference type, a signed integer
template <typename Derived, typename OffsetT> struct RandomAccessArithmetic
{
  //! Pre-increment.
  CUBLING_EXEC_CHECK_DISABLE
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE Derived& operator++()
  {
    self().advance(OffsetT(1));
    return self();
  }

  //! Post-increment.
  CUBLING_EXEC_CHECK_DISABLE
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE Derived operator++(int)
  {
    Derived before = self();
    self().advance(OffsetT(1));
    return before;
  }

  //! Pre-decrement.
  CUBLING_EXEC_CHECK_DISABLE
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE Derived& operator--()
  {
    self().advance(OffsetT(-1));
    return self();
  }

  //! Post-decrement.
  CUBLING_EXEC_CHECK_DISABLE
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE Derived operator--(int)
  {
    Derived before = self();
    self().advance(OffsetT(-1));
    return before;
  }

  //! @brief The iterator `n` places ahead.
  //! @param n  the distance, any integer type (converted to `OffsetT`)
  CUBLING_EXEC_CHECK_DISABLE
  template <typename Distance, detail::enable_if_distance_t<Distance> = 0>
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE Derived operator+(Distance n) const
  {
    Derived result = self();
    result.advance(static_cast<OffsetT>(n));
    return result;
  }

  //! @brief `n + it`: the iterator `n` places ahead of `it`.
  //! @param n   the distance, any integer type
  //! @param it  the iterator
  CUBLING_EXEC_CHECK_DISABLE
  template <typename Distance, detail::enable_if_distance_t<Distance> = 0>
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE friend Derived operator+(Distance n, const Derived& it)
  {
    return it + n;
  }

  //! @brief Move `n` places ahead.
  //! @param n  the distance, any integer type
  CUBLING_EXEC_CHECK_DISABLE
  template <typename Distance, detail::enable_if_distance_t<Distance> = 0>
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE Derived& operator+=(Distance n)
  {
    self().advance(static_cast<OffsetT>(n));
    return self();
  }

  //! @brief The iterator `n` places back.
  //! @param n  the distance, any integer type
  CUBLING_EXEC_CHECK_DISABLE
  template <typename Distance, detail::enable_if_distance_t<Distance> = 0>
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE Derived operator-(Distance n) const
  {
    Derived result = self();
    result.advance(static_cast<OffsetT>(-static_cast<OffsetT>(n)));
    return result;
  }

  //! @brief Move `n` places back.
  //! @param n  the distance, any integer type
  CUBLING_EXEC_CHECK_DISABLE
  template <typename Distance, detail::enable_if_distance_t<Distance> = 0>
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE Derived& operator-=(Distance n)
  {
    self().advance(static_cast<OffsetT>(-static_cast<OffsetT>(n)));
    return self();
  }

  //! @brief The distance from `other` to this iterator (`*this - other` items; negative when behind).
  //! @param other  an iterator over the same sequence
  CUBLING_EXEC_CHECK_DISABLE
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE OffsetT operator-(const Derived& other) const
  {
    return self().distance_from(other);
  }

  //! @brief Same position.
  //! @param other  the iterator to compare with
  CUBLING_EXEC_CHECK_DISABLE
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE bool operator==(const Derived& other) const
  {
    return self().equals(other);
  }
  //! @brief Different positions.
  //! @param other  the iterator to compare with
  CUBLING_EXEC_CHECK_DISABLE
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE bool operator!=(const Derived& other) const
  {
    return !self().equals(other);
  }
  //! @brief Before `other`.
  //! @param other  an iterator over the same sequence
  CUBLING_EXEC_CHECK_DISABLE
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE bool operator<(const Derived& other) const
  {
    return self().before(other);
  }
  //! @brief After `other`.
  //! @param other  an iterator over the same sequence
  CUBLING_EXEC_CHECK_DISABLE
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE bool operator>(const Derived& other) const
  {
    return other.before(self());
  }
  //! @brief Not after `other`.
  //! @param other  an iterator over the same sequence
  CUBLING_EXEC_CHECK_DISABLE
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE bool operator<=(const Derived& other) const
  {
    return !other.before(self());
  }
  //! @brief Not before `other`.
  //! @param other  an iterator over the same sequence
  CUBLING_EXEC_CHECK_DISABLE
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE bool operator>=(const Derived& other) const
  {
    return !self().before(other);
  }

private:
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE Derived& self()
  {
    return static_cast<Derived&>(*this);
  }
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE const Derived& self() const
  {
    return static_cast<const Derived&>(*this);
  }

  // The ordering of a Derived that has no before() of its own (hidden by one that has).
  CUBLING_EXEC_CHECK_DISABLE
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE bool before(const Derived& other) const
  {
    return self().distance_from(other) < 0;
  }
};

} // namespace detail
} // namespace cubling
