//! @file
//! CacheModifiedInputIterator: a pointer whose reads go through ThreadLoad with a cache modifier.
//!
//! cubling follows CUB 2.x here: its name and template parameters (the
//! modifier first, then the value type, then the offset type) are CUB 2.x's,
//! like the other fancy iterators of this folder, whose CUB 3 successors moved
//! to libcu++ and Thrust.
#pragma once

#include <cstddef>
#include <iterator>

#include <cubling/iterator/iterator_common.cuh>
#include <cubling/thread/thread_load.cuh>
#include <cubling/util/macros.cuh>

namespace cubling
{

//! @brief A random-access input iterator over an array in global memory
//! that reads every item with `cubling::ThreadLoad<MODIFIER>`.
//!
//! Handing an algorithm this iterator instead of the pointer chooses the
//! load instruction of every read: `LOAD_LDG` for the read-only path,
//! `LOAD_CS` for data read once, and so on (see cubling::CacheLoadModifier).
//! The items read are the same as through the pointer.
//!
//! The arithmetic runs on the host and on the device, so the iterator can be
//! made and moved on the host and passed to a kernel; the reads are PTX
//! loads and run **on the device only**. The memory must be global memory
//! (for every modifier but LOAD_DEFAULT and LOAD_VOLATILE), aligned for
//! `ValueType`, and `ValueType` trivially copyable, as ThreadLoad requires.
//! There is no `operator->`: an item is loaded into a register, it has no
//! address to point to.
//!
//! @tparam MODIFIER   the cache policy of every read (cubling::CacheLoadModifier)
//! @tparam ValueType  the type of the items
//! @tparam OffsetT    the difference type (default `ptrdiff_t`), a signed
//!                    integer; 64 bits work end to end
template <CacheLoadModifier MODIFIER, typename ValueType, typename OffsetT = std::ptrdiff_t>
class CacheModifiedInputIterator
    : public detail::RandomAccessArithmetic<CacheModifiedInputIterator<MODIFIER, ValueType, OffsetT>, OffsetT>
{
  static_assert(detail::is_offset_v<OffsetT>, "the offset type of an iterator is a signed integer type");

public:
  using self_type         = CacheModifiedInputIterator; //!< this iterator's own type
  using value_type        = ValueType;                  //!< the type of the items
  using difference_type   = OffsetT;                    //!< the type of the distance between two iterators
  using pointer           = void;      //!< none: items are loaded into registers, there is no `operator->`
  using reference         = ValueType; //!< what `operator*` returns: the item loaded, by value
  using iterator_category = std::random_access_iterator_tag; //!< a random-access iterator

  //! The current position in memory (public, as in CUB, for code that wants
  //! the raw address, such as a vectorized load).
  ValueType* ptr;

  //! A null iterator.
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE CacheModifiedInputIterator() : ptr(nullptr) {}

  //! @brief Read the array at `ptr` (a pointer to `ValueType`, `const` or not).
  //! @tparam QualifiedValueType  `ValueType`, possibly `const` or `volatile`
  //! @param ptr                  the first item
  template <typename QualifiedValueType>
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE CacheModifiedInputIterator(QualifiedValueType* ptr)
      : ptr(const_cast<cuda::std::remove_cv_t<QualifiedValueType>*>(ptr))
  {
    static_assert(cuda::std::is_same_v<cuda::std::remove_cv_t<QualifiedValueType>, ValueType>,
                  "CacheModifiedInputIterator<MODIFIER, T> reads an array of T: pass a T* or a const T*");
  }

  //! The current item, loaded with `ThreadLoad<MODIFIER>` (device only).
  __device__ CUBLING_FORCEINLINE reference operator*() const
  {
    return ThreadLoad<MODIFIER>(ptr);
  }

  //! @brief The item `n` places ahead, loaded with `ThreadLoad<MODIFIER>` (device only).
  //! @param n  the distance, any integer type
  template <typename Distance, detail::enable_if_distance_t<Distance> = 0>
  __device__ CUBLING_FORCEINLINE reference operator[](Distance n) const
  {
    return ThreadLoad<MODIFIER>(ptr + static_cast<OffsetT>(n));
  }

private:
  friend detail::RandomAccessArithmetic<self_type, OffsetT>;

  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE void advance(OffsetT n)
  {
    ptr += n;
  }
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE OffsetT distance_from(const self_type& other) const
  {
    return static_cast<OffsetT>(ptr - other.ptr);
  }
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE bool equals(const self_type& other) const
  {
    return ptr == other.ptr;
  }
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE bool before(const self_type& other) const
  {
    return ptr < other.ptr;
  }
};

} // namespace cubling
