//! @file
//! ConstantInputIterator: the same value at every position, with no memory behind it.
//!
//! cubling follows CUB 2.x here: CUB 3 dropped `cub::ConstantInputIterator`
//! in favour of libcu++'s `cuda::constant_iterator` (and Thrust's
//! `thrust::constant_iterator`); this is the CUB 2.x class, with its name and
//! template parameters, so that CUB 2.x code compiles with `cubling::`.
#pragma once

#include <cstddef>
#include <iterator>

#include <cubling/iterator/iterator_common.cuh>
#include <cubling/util/macros.cuh>

namespace cubling
{

//! @brief A random-access input iterator that reads `val` at every position.
//!
//! The iterator remembers its position (`offset`, an `OffsetT`) only so that
//! it can be compared and subtracted like any other random-access iterator;
//! every item is `val`. Useful to fill, to count (a Sum of ones), or to test
//! ties (an ArgMin over equal items must return the first index).
//! Everything, dereference included, runs on the host and on the device.
//!
//! @tparam ValueType  the type of the value
//! @tparam OffsetT    the difference type (default `ptrdiff_t`), a signed
//!                    integer; 64 bits work end to end
template <typename ValueType, typename OffsetT = std::ptrdiff_t>
class ConstantInputIterator : public detail::RandomAccessArithmetic<ConstantInputIterator<ValueType, OffsetT>, OffsetT>
{
  static_assert(detail::is_offset_v<OffsetT>, "the offset type of an iterator is a signed integer type");

public:
  using self_type         = ConstantInputIterator;           //!< this iterator's own type
  using value_type        = ValueType;                       //!< the type of the items
  using difference_type   = OffsetT;                         //!< the type of the distance between two iterators
  using pointer           = const ValueType*;                //!< what `operator->` returns (a pointer to the value)
  using reference         = ValueType;                       //!< what `operator*` returns: the value, by value
  using iterator_category = std::random_access_iterator_tag; //!< a random-access iterator

private:
  ValueType val;
  OffsetT offset;

public:
  //! A value-initialized value (`ValueType{}`) at position 0.
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE ConstantInputIterator() : val(), offset(0) {}

  //! @brief Read `val` everywhere, starting at position `offset`.
  //! @param val     the value of every item
  //! @param offset  the starting position (only compared and subtracted, never read)
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE ConstantInputIterator(const ValueType& val, OffsetT offset = 0)
      : val(val), offset(offset)
  {
  }

  //! The value.
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE reference operator*() const
  {
    return val;
  }

  //! A pointer to the value (valid while this iterator lives).
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE pointer operator->() const
  {
    return &val;
  }

  //! @brief The item `n` places ahead: `val` again.
  //! @param n  the distance, any integer type
  template <typename Distance, detail::enable_if_distance_t<Distance> = 0>
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE reference operator[](Distance n) const
  {
    (void)n;
    return val;
  }

private:
  friend detail::RandomAccessArithmetic<self_type, OffsetT>;

  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE void advance(OffsetT n)
  {
    offset = static_cast<OffsetT>(offset + n);
  }
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE OffsetT distance_from(const self_type& other) const
  {
    return static_cast<OffsetT>(offset - other.offset);
  }
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE bool equals(const self_type& other) const
  {
    return offset == other.offset && val == other.val;
  }
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE bool before(const self_type& other) const
  {
    return offset < other.offset;
  }
};

} // namespace cubling
