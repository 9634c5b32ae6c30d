//! @file
//! Binary operator functors used by every reduction and scan in cubling.
//!
//! Any callable `T op(T, T)` that is associative works wherever cubling asks
//! for a reduction operator: these functors, `cuda::std::plus<>` and friends,
//! a struct with a `__host__ __device__ operator()`, or an extended lambda.
//! Commutativity is only required where an algorithm says so.
#pragma once

#include <cubling/util/key_value_pair.cuh>
#include <cubling/util/macros.cuh>

#include <cuda/std/type_traits>

namespace cubling
{

// example-begin operators
//! Addition: `a + b`, with the usual arithmetic promotions (so `int8 + int8`
//! is an `int`, as with `cuda::std::plus<>`). The identity is zero.
struct Sum
{
  template <typename A, typename B>
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE auto operator()(const A& a, const B& b) const -> decltype(a + b)
  {
    return a + b;
  }
};

namespace detail
{
//! Is `x` a NaN? Only a floating-point value can be; for any other type this
//! is `false` at compile time, and the type needs no `!=`.
template <typename T>
CUBLING_HOST_DEVICE CUBLING_FORCEINLINE bool is_nan(const T& x)
{
  if constexpr (cuda::std::is_floating_point_v<T>)
  {
    return x != x;
  }
  else
  {
    return false;
  }
}
} // namespace detail

//! Minimum: returns `b` when `b < a`, else `a`; ties keep the first argument.
//! A NaN wins over any number, in either argument, so that a minimum over
//! data with a NaN is NaN whatever the order of the reduction.
struct Min
{
  template <typename A, typename B>
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE cuda::std::common_type_t<A, B> operator()(const A& a, const B& b) const
  {
    return (b < a || detail::is_nan(b)) ? b : a;
  }
};

//! Maximum: returns `b` when `a < b`, else `a`; ties keep the first argument.
//! A NaN wins over any number, in either argument, as for Min.
struct Max
{
  template <typename A, typename B>
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE cuda::std::common_type_t<A, B> operator()(const A& a, const B& b) const
  {
    return (a < b || detail::is_nan(b)) ? b : a;
  }
};
// example-end operators

// example-begin arg-operators
//! Arg-minimum of (index, item) pairs: the pair with the smaller `value`;
//! between equal values, the one with the smaller `key`. So a reduction in
//! any order finds the *first* occurrence of the minimum, as CUB does.
struct ArgMin
{
  template <typename Key, typename Value>
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE KeyValuePair<Key, Value>
  operator()(const KeyValuePair<Key, Value>& a, const KeyValuePair<Key, Value>& b) const
  {
    return (b.value < a.value || (a.value == b.value && b.key < a.key)) ? b : a;
  }
};

//! Arg-maximum of (index, item) pairs: the pair with the larger `value`;
//! between equal values, the one with the smaller `key` (the first occurrence).
struct ArgMax
{
  template <typename Key, typename Value>
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE KeyValuePair<Key, Value>
  operator()(const KeyValuePair<Key, Value>& a, const KeyValuePair<Key, Value>& b) const
  {
    return (a.value < b.value || (a.value == b.value && b.key < a.key)) ? b : a;
  }
};
// example-end arg-operators

} // namespace cubling
