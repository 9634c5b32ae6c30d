//! @file
//! ArgIndexInputIterator: reads each item paired with its index, as a KeyValuePair.
//!
//! cubling follows CUB 2.x here: its name and template parameters (the
//! wrapped iterator, the offset type, then the output value type) are CUB
//! 2.x's, like the other fancy iterators of this folder, whose CUB 3
//! successors moved to libcu++ and Thrust.
#pragma once

#include <cstddef>
#include <iterator>

#include <cubling/iterator/iterator_common.cuh>
#include <cubling/util/key_value_pair.cuh>
#include <cubling/util/macros.cuh>

namespace cubling
{

//! @brief A random-access input iterator that reads, at position `i`, the
//! pair `{key = i, value = itr[i]}`.
//!
//! The iterator holds a base `itr` and an offset from it; the key of an item
//! is its offset from the base, so it stays right however the iterator is
//! moved (`it[5].key` is 5 more than `(*it).key`). A reduction with
//! cubling::ArgMin or cubling::ArgMax over these pairs finds the extreme item
//! and its index, which is how CUB 2.x built its ArgMin and ArgMax.
//! normalize() makes the current position the new base, so that keys count
//! from there.
//!
//! Where the dereference runs follows the wrapped iterator: on the host over
//! host memory (or an iterator that computes its items), on the device over
//! device memory. The arithmetic runs on both.
//!
//! @tparam InputIteratorT  the wrapped random-access iterator (or pointer)
//! @tparam OffsetT         the difference type and the key type (default
//!                         `ptrdiff_t`), a signed integer; 64 bits work end to end
//! @tparam OutputValueT    the value type of the pairs (default: the value
//!                         type of `InputIteratorT`; items are converted to it)
template <typename InputIteratorT, typename OffsetT = std::ptrdiff_t,
          typename OutputValueT = typename std::iterator_traits<InputIteratorT>::value_type>
class ArgIndexInputIterator
    : public detail::RandomAccessArithmetic<ArgIndexInputIterator<InputIteratorT, OffsetT, OutputValueT>, OffsetT>
{
  static_assert(detail::is_offset_v<OffsetT>, "the offset type of an iterator is a signed integer type");

public:
  using self_type         = ArgIndexInputIterator;               //!< this iterator's own type
  using value_type        = KeyValuePair<OffsetT, OutputValueT>; //!< the type of the items: (index, item) pairs
  using difference_type   = OffsetT;                             //!< the type of the distance between two iterators
  using pointer           = void;                                //!< none: pairs are computed, there is no `operator->`
  using reference         = value_type;                          //!< what `operator*` returns: the pair, by value
  using iterator_category = std::random_access_iterator_tag;     //!< a random-access iterator

private:
  InputIteratorT itr;
  OffsetT offset;

public:
  //! A default-constructed iterator (when `InputIteratorT` has one); assign it before use.
  ArgIndexInputIterator() = default;

  //! @brief Pair the items of `itr` with their indices, starting at position `offset`.
  //! @param itr     the base: the item at `itr` has key 0
  //! @param offset  the starting position, as an offset from `itr` (default 0)
  CUBLING_EXEC_CHECK_DISABLE
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE ArgIndexInputIterator(InputIteratorT itr, difference_type offset = 0)
      : itr(itr), offset(offset)
  {
  }

  //! The current pair: `{offset, itr[offset]}`.
  CUBLING_EXEC_CHECK_DISABLE
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE reference operator*() const
  {
    return value_type(offset, static_cast<OutputValueT>(itr[offset]));
  }

  //! @brief The pair `n` places ahead: `{offset + n, itr[offset + n]}`.
  //! @param n  the distance, any integer type
  CUBLING_EXEC_CHECK_DISABLE
  template <typename Distance, detail::enable_if_distance_t<Distance> = 0>
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE reference operator[](Distance n) const
  {
    const OffsetT position = static_cast<OffsetT>(offset + static_cast<OffsetT>(n));
    return value_type(position, static_cast<OutputValueT>(itr[position]));
  }

  //! @brief Make the current position the base: keys count from here on
  //! (the current item's key becomes 0).
  CUBLING_EXEC_CHECK_DISABLE
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE void normalize()
  {
    itr    = itr + offset;
    offset = 0;
  }

private:
  friend detail::RandomAccessArithmetic<self_type, OffsetT>;

  CUBLING_EXEC_CHECK_DISABLE
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE void advance(OffsetT n)
  {
    offset = static_cast<OffsetT>(offset + n);
  }
  CUBLING_EXEC_CHECK_DISABLE
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE OffsetT distance_from(const self_type& other) const
  {
    return static_cast<OffsetT>(offset - other.offset);
  }
  CUBLING_EXEC_CHECK_DISABLE
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE bool equals(const self_type& other) const
  {
    return offset == other.offset && itr == other.itr;
  }
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE bool before(const self_type& other) const
  {
    return offset < other.offset;
  }
};

} // namespace cubling
