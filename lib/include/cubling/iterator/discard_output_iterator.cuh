//! @file
//! DiscardOutputIterator: an output that throws away everything written to it.
//!
//! cubling follows CUB 2.x here: CUB 3 dropped `cub::DiscardOutputIterator`
//! in favour of libcu++'s `cuda::discard_iterator` (and Thrust's
//! `thrust::discard_iterator`); this is the CUB 2.x class, with its name and
//! template parameter, so that CUB 2.x code compiles with `cubling::`.
#pragma once

#include <cstddef>
#include <iterator>

#include <cubling/iterator/iterator_common.cuh>
#include <cubling/util/macros.cuh>

namespace cubling
{

//! @brief A random-access output iterator whose writes do nothing.
//!
//! For an algorithm with several outputs when only some are wanted: pass
//! this for the others, and their results cost no memory and no bandwidth.
//! `*it = x` and `it[i] = x` accept a value of any type and drop it. The
//! iterator keeps a position (`OffsetT`) so that it moves, subtracts and
//! compares like any other random-access iterator. Everything runs on the
//! host and on the device. As in CUB, `value_type` is `void`.
//!
//! @tparam OffsetT  the difference type (default `ptrdiff_t`), a signed
//!                  integer; 64 bits work end to end
template <typename OffsetT = std::ptrdiff_t>
class DiscardOutputIterator : public detail::RandomAccessArithmetic<DiscardOutputIterator<OffsetT>, OffsetT>
{
  static_assert(detail::is_offset_v<OffsetT>, "the offset type of an iterator is a signed integer type");

public:
  //! @brief What `*it` and `it[i]` return: assigning anything to it does nothing.
  struct Reference
  {
    //! @brief Drop `value`.
    //! @tparam T  any type
    template <typename T> CUBLING_HOST_DEVICE CUBLING_FORCEINLINE const Reference& operator=(const T&) const
    {
      return *this;
    }
  };

  using self_type         = DiscardOutputIterator; //!< this iterator's own type
  using value_type        = void;                  //!< none: an output iterator (as in CUB)
  using difference_type   = OffsetT;               //!< the type of the distance between two iterators
  using pointer           = void;                  //!< none: there is no `operator->`
  using reference         = Reference;             //!< what `operator*` returns: a proxy that drops what it is given
  using iterator_category = std::random_access_iterator_tag; //!< a random-access iterator

private:
  OffsetT offset;

public:
  //! @brief An iterator at position `offset`.
  //! @param offset  the starting position (default 0)
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE DiscardOutputIterator(OffsetT offset = 0) : offset(offset) {}

  //! The current item, as a proxy that drops what is written to it.
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE reference operator*() const
  {
    return Reference{};
  }

  //! @brief The item `n` places ahead, as a proxy that drops what is written to it.
  //! @param n  the distance, any integer type
  template <typename Distance, detail::enable_if_distance_t<Distance> = 0>
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE reference operator[](Distance n) const
  {
    (void)n;
    return Reference{};
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
    return offset == other.offset;
  }
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE bool before(const self_type& other) const
  {
    return offset < other.offset;
  }
};

} // namespace cubling
