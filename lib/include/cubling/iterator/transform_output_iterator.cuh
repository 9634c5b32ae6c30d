//! @file
//! TransformOutputIterator: writing `x` through it writes `conversion_op(x)` through another iterator.
//!
//! CUB 2.x had no iterator of this name (Thrust has
//! `thrust::transform_output_iterator<UnaryFunction, OutputIterator>`, and
//! CUB 3's successors live in libcu++). cubling adds one, with Thrust's
//! behaviour in CUB 2.x's style, to match its other fancy iterators:
//!   - the template parameters follow TransformInputIterator's order: the
//!     value type first, then the operator, the wrapped iterator and the
//!     offset type (`<ValueType, ConversionOp, OutputIteratorT, OffsetT>`);
//!   - `value_type` is `ValueType`, the type that is **written into** this
//!     iterator (the argument of the operator), not `void` as for CUB's
//!     output iterators: an algorithm that converts its result to the
//!     output's value type (DeviceReduce does) then converts to what the
//!     operator takes, and the operator sees the full result.
#pragma once

#include <cstddef>
#include <iterator>

#include <cubling/iterator/iterator_common.cuh>
#include <cubling/util/macros.cuh>

namespace cubling
{

//! @brief A random-access output iterator that writes `conversion_op(x)`
//! through `output_itr` when `x` is written through it.
//!
//! `*it = x` and `it[i] = x` return a small proxy (the `reference` type)
//! whose assignment takes a `ValueType` and stores `conversion_op(x)` at the
//! same position of the wrapped output. An algorithm's result can so be
//! post-processed on its way to memory (a sum divided by the count, written
//! as a mean; a value narrowed to a smaller type) with no second kernel.
//!
//! Where the write runs follows the operator and the wrapped iterator: on
//! the host for a host-callable operator over host memory, on the device for
//! a device-callable operator over device memory. The arithmetic runs on both.
//!
//! @tparam ValueType        the type written into this iterator (the operator's argument)
//! @tparam ConversionOp     unary `conversion_op(value)` with a `const` call
//!                          operator; its result is assigned through `output_itr`
//! @tparam OutputIteratorT  the wrapped random-access output iterator (or pointer)
//! @tparam OffsetT          the difference type (default `ptrdiff_t`), a
//!                          signed integer; 64 bits work end to end
template <typename ValueType, typename ConversionOp, typename OutputIteratorT, typename OffsetT = std::ptrdiff_t>
class TransformOutputIterator
    : public detail::RandomAccessArithmetic<TransformOutputIterator<ValueType, ConversionOp, OutputIteratorT, OffsetT>,
                                            OffsetT>
{
  static_assert(detail::is_offset_v<OffsetT>, "the offset type of an iterator is a signed integer type");

public:
  //! @brief What `*it` and `it[i]` return: assigning `x` to it writes
  //! `conversion_op(x)` through the wrapped iterator.
  class Reference
  {
    OutputIteratorT output_itr;
    ConversionOp conversion_op;

  public:
    //! @brief The item at `output_itr`, written through `conversion_op`.
    //! @param output_itr     where an assignment writes
    //! @param conversion_op  what it applies first
    CUBLING_EXEC_CHECK_DISABLE
    CUBLING_HOST_DEVICE CUBLING_FORCEINLINE Reference(OutputIteratorT output_itr, ConversionOp conversion_op)
        : output_itr(output_itr), conversion_op(conversion_op)
    {
    }

    Reference(const Reference&) = default;

    //! Assigning one proxy to another would only copy an iterator, never an
    //! item: forbidden, so that `*out = *other_out` does not compile silently.
    Reference& operator=(const Reference&) = delete;

    //! @brief Write `conversion_op(value)` through the wrapped iterator.
    //! @param value  the value written into this iterator
    //! @return this proxy
    CUBLING_EXEC_CHECK_DISABLE
    CUBLING_HOST_DEVICE CUBLING_FORCEINLINE const Reference& operator=(const ValueType& value) const
    {
      *output_itr = conversion_op(value);
      return *this;
    }
  };

  using self_type         = TransformOutputIterator; //!< this iterator's own type
  using value_type        = ValueType;               //!< the type written into this iterator (see the file comment)
  using difference_type   = OffsetT;                 //!< the type of the distance between two iterators
  using pointer           = void;                    //!< none: there is no `operator->`
  using reference         = Reference;               //!< what `operator*` returns: a write proxy
  using iterator_category = std::random_access_iterator_tag; //!< a random-access iterator

private:
  ConversionOp conversion_op;
  OutputIteratorT output_itr;

public:
  //! A default-constructed iterator (when the operator and `OutputIteratorT`
  //! have one); assign it before use.
  TransformOutputIterator() = default;

  //! A copy of `other`.
  TransformOutputIterator(const TransformOutputIterator& other) = default;

  //! @brief Become a copy of `other`; works even when the operator is a
  //! lambda, whose closure type cannot be assigned.
  //! @param other  the iterator to copy
  CUBLING_EXEC_CHECK_DISABLE
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE TransformOutputIterator& operator=(const TransformOutputIterator& other)
  {
    if (this != &other)
    {
      detail::assign_operator(conversion_op, other.conversion_op);
      output_itr = other.output_itr;
    }
    return *this;
  }

  //! @brief Write `conversion_op(x)` through `output_itr` for each `x` written here.
  //! @param output_itr     the wrapped output; position 0 of this one is `*output_itr`
  //! @param conversion_op  the operator (copied)
  CUBLING_EXEC_CHECK_DISABLE
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE TransformOutputIterator(OutputIteratorT output_itr,
                                                                  ConversionOp conversion_op)
      : conversion_op(conversion_op), output_itr(output_itr)
  {
  }

  //! The current item, as a write proxy.
  CUBLING_EXEC_CHECK_DISABLE
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE reference operator*() const
  {
    return Reference(output_itr, conversion_op);
  }

  //! @brief The item `n` places ahead, as a write proxy.
  //! @param n  the distance, any integer type
  CUBLING_EXEC_CHECK_DISABLE
  template <typename Distance, detail::enable_if_distance_t<Distance> = 0>
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE reference operator[](Distance n) const
  {
    return Reference(output_itr + static_cast<OffsetT>(n), conversion_op);
  }

private:
  friend detail::RandomAccessArithmetic<self_type, OffsetT>;

  CUBLING_EXEC_CHECK_DISABLE
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE void advance(OffsetT n)
  {
    output_itr = output_itr + n;
  }
  CUBLING_EXEC_CHECK_DISABLE
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE OffsetT distance_from(const self_type& other) const
  {
    return static_cast<OffsetT>(output_itr - other.output_itr);
  }
  CUBLING_EXEC_CHECK_DISABLE
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE bool equals(const self_type& other) const
  {
    return output_itr == other.output_itr;
  }
};

} // namespace cubling
