//! @file
//! CountingInputIterator: the sequence `val, val + 1, val + 2, ...`, computed
//! on the fly, with no memory behind it.
//!
//! cubling follows CUB 2.x here: CUB 3 dropped `cub::CountingInputIterator`
//! in favour of libcu++'s `cuda::counting_iterator` (and Thrust's
//! `thrust::counting_iterator`); this is the CUB 2.x class, with its name and
//! template parameters, so that CUB 2.x code compiles with `cubling::`.
#pragma once

#include <cstddef>
#include <iterator>

#include <cubling/iterator/iterator_common.cuh>
#include <cubling/util/macros.cuh>

namespace cubling
{

//! @brief A random-access input iterator over the sequence `val, val + 1, val + 2, ...`.
//!
//! Item `i` is `val + i`, computed when it is read: an input of any length
//! that costs no memory and no bandwidth, which makes it the natural way to
//! test a device-wide algorithm on more than 2^32 items, or to feed it the
//! indices `0, 1, 2, ...`. Everything, dereference included, runs on the host
//! and on the device.
//!
//! The offset type is the difference type: with a 64-bit `OffsetT` (the
//! default is `ptrdiff_t`) every step and every distance is computed in 64
//! bits, so a sequence of more than 2^32 items works end to end. An integer
//! counter that steps past its largest value wraps around modulo 2^bits, as
//! unsigned arithmetic does (no undefined behaviour). Distances and
//! comparisons are exact for a counter type narrower than `OffsetT` (a
//! `uint32_t` sequence of 3 billion items, with 64-bit offsets, measures 3
//! billion), which assumes that the two positions did not wrap apart; for a
//! counter as wide as `OffsetT` they are taken modulo 2^bits.
//!
//! @tparam ValueType  the type of the items (an integer, a floating-point type, ...)
//! @tparam OffsetT    the difference type (default `ptrdiff_t`)
template <typename ValueType, typename OffsetT = std::ptrdiff_t>
class CountingInputIterator : public detail::RandomAccessArithmetic<CountingInputIterator<ValueType, OffsetT>, OffsetT>
{
  static_assert(detail::is_offset_v<OffsetT>, "the offset type of an iterator is a signed integer type");

public:
  using self_type         = CountingInputIterator; //!< this iterator's own type
  using value_type        = ValueType;             //!< the type of the items
  using difference_type   = OffsetT;               //!< the type of the distance between two iterators
  using pointer           = const ValueType*;      //!< what `operator->` returns (a pointer to the current item)
  using reference         = ValueType;             //!< what `operator*` returns: the item, by value
  using iterator_category = std::random_access_iterator_tag; //!< a random-access iterator

private:
  ValueType val;

public:
  //! A counter that starts at zero (`ValueType{}`).
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE CountingInputIterator() : val() {}

  //! @brief A sequence that starts at `val`.
  //! @param val  the first item
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE CountingInputIterator(const ValueType& val) : val(val) {}

  //! The current item.
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE reference operator*() const
  {
    return val;
  }

  //! A pointer to the current item (valid while this iterator is unchanged).
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE pointer operator->() const
  {
    return &val;
  }

  //! @brief The item `n` places ahead: `val + n`.
  //! @param n  the distance, any integer type
  template <typename Distance, detail::enable_if_distance_t<Distance> = 0>
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE reference operator[](Distance n) const
  {
    return detail::counter_advance(val, static_cast<OffsetT>(n));
  }

private:
  friend detail::RandomAccessArithmetic<self_type, OffsetT>;

  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE void advance(OffsetT n)
  {
    val = detail::counter_advance(val, n);
  }
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE OffsetT distance_from(const self_type& other) const
  {
    return detail::counter_distance<OffsetT>(val, other.val);
  }
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE bool equals(const self_type& other) const
  {
    return val == other.val;
  }
};

} // namespace cubling
