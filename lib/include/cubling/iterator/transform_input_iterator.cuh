//! @file
//! TransformInputIterator: reads `conversion_op(item)` for each item of another iterator.
//!
//! cubling follows CUB 2.x here: CUB 3 dropped `cub::TransformInputIterator`
//! in favour of libcu++'s `cuda::transform_iterator` (and Thrust's
//! `thrust::transform_iterator`); this is the CUB 2.x class, with its name
//! and template parameters (the value type first, then the operator, then the
//! wrapped iterator), so that CUB 2.x code compiles with `cubling::`.
#pragma once

#include <cstddef>
#include <iterator>

#include <cubling/iterator/iterator_common.cuh>
#include <cubling/util/macros.cuh>

namespace cubling
{

//! @brief A random-access input iterator that applies `conversion_op` to
//! each item of `input_itr` as it is read.
//!
//! Nothing is precomputed or stored: reading position `i` reads
//! `input_itr[i]` and returns `conversion_op(input_itr[i])`, converted to
//! `ValueType`. A reduction over it is a map-reduce in one pass (the squares
//! of the items, summed, without an array of squares).
//!
//! Where the dereference runs follows the operator and the wrapped iterator:
//! on the host for a host-callable operator over host memory (or over an
//! iterator that computes its items, such as cubling::CountingInputIterator),
//! on the device for a device-callable operator over device memory. The
//! arithmetic runs on both.
//!
//! @tparam ValueType       the type of the items read (what `conversion_op` returns, converted)
//! @tparam ConversionOp    unary `conversion_op(item)` with a `const` call
//!                         operator: a functor or an extended lambda
//! @tparam InputIteratorT  the wrapped random-access iterator (or pointer)
//! @tparam OffsetT         the difference type (default `ptrdiff_t`), a
//!                         signed integer; 64 bits work end to end
template <typename ValueType, typename ConversionOp, typename InputIteratorT, typename OffsetT = std::ptrdiff_t>
class TransformInputIterator
    : public detail::RandomAccessArithmetic<TransformInputIterator<ValueType, ConversionOp, InputIteratorT, OffsetT>,
                                            OffsetT>
{
  static_assert(detail::is_offset_v<OffsetT>, "the offset type of an iterator is a signed integer type");

public:
  using self_type         = TransformInputIterator; //!< this iterator's own type
  using value_type        = ValueType;              //!< the type of the items read
  using difference_type   = OffsetT;                //!< the type of the distance between two iterators
  using pointer           = void;                   //!< none: items are computed, there is no `operator->`
  using reference         = ValueType;              //!< what `operator*` returns: the transformed item, by value
  using iterator_category = std::random_access_iterator_tag; //!< a random-access iterator

private:
  ConversionOp conversion_op;
  InputIteratorT input_itr;

public:
  //! A default-constructed iterator (when the operator and `InputIteratorT`
  //! have one); assign it before use.
  TransformInputIterator() = default;

  //! A copy of `other`.
  TransformInputIterator(const TransformInputIterator& other) = default;

  //! @brief Become a copy of `other`; works even when the operator is a
  //! lambda, whose closure type cannot be assigned.
  //! @param other  the iterator to copy
  CUBLING_EXEC_CHECK_DISABLE
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE TransformInputIterator& operator=(const TransformInputIterator& other)
  {
    if (this != &other)
    {
      detail::assign_operator(conversion_op, other.conversion_op);
      input_itr = other.input_itr;
    }
    return *this;
  }

  //! @brief Read `conversion_op(item)` for each item of `input_itr`.
  //! @param input_itr      the wrapped iterator; position 0 of this one is `*input_itr`
  //! @param conversion_op  the operator (copied)
  CUBLING_EXEC_CHECK_DISABLE
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE TransformInputIterator(InputIteratorT input_itr, ConversionOp conversion_op)
      : conversion_op(conversion_op), input_itr(input_itr)
  {
  }

  //! The current item, transformed.
  CUBLING_EXEC_CHECK_DISABLE
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE reference operator*() const
  {
    return static_cast<ValueType>(conversion_op(*input_itr));
  }

  //! @brief The item `n` places ahead, transformed.
  //! @param n  the distance, any integer type
  CUBLING_EXEC_CHECK_DISABLE
  template <typename Distance, detail::enable_if_distance_t<Distance> = 0>
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE reference operator[](Distance n) const
  {
    return static_cast<ValueType>(conversion_op(input_itr[static_cast<OffsetT>(n)]));
  }

private:
  friend detail::RandomAccessArithmetic<self_type, OffsetT>;

  CUBLING_EXEC_CHECK_DISABLE
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE void advance(OffsetT n)
  {
    input_itr = input_itr + n;
  }
  CUBLING_EXEC_CHECK_DISABLE
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE OffsetT distance_from(const self_type& other) const
  {
    return static_cast<OffsetT>(input_itr - other.input_itr);
  }
  CUBLING_EXEC_CHECK_DISABLE
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE bool equals(const self_type& other) const
  {
    return input_itr == other.input_itr;
  }
};

} // namespace cubling
