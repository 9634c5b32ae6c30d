//! @file
//! CacheModifiedOutputIterator: a pointer whose writes go through ThreadStore with a cache modifier.
//!
//! cubling follows CUB 2.x here: its name and template parameters (the
//! modifier first, then the value type, then the offset type) are CUB 2.x's,
//! like the other fancy iterators of this folder, whose CUB 3 successors moved
//! to libcu++ and Thrust.
#pragma once

#include <cstddef>
#include <iterator>

#include <cubling/iterator/iterator_common.cuh>
#include <cubling/thread/thread_store.cuh>
#include <cubling/util/macros.cuh>

namespace cubling
{

//! @brief A random-access output iterator over an array in global memory
//! that writes every item with `cubling::ThreadStore<MODIFIER>`.
//!
//! `*it = x` and `it[i] = x` do not write at once: they return a small proxy
//! (the `reference` type) whose assignment calls `ThreadStore<MODIFIER>`.
//! Handing an algorithm this iterator instead of the pointer chooses the
//! store instruction of every write: `STORE_CS` for results that nobody will
//! read soon, `STORE_CG` to skip L1, and so on (see cubling::CacheStoreModifier).
//!
//! The arithmetic runs on the host and on the device; the writes are PTX
//! stores and run **on the device only**. The memory must be global memory
//! (for every modifier but STORE_DEFAULT and STORE_VOLATILE), aligned for
//! `ValueType`, and `ValueType` trivially copyable, as ThreadStore requires.
//! As in CUB, `value_type` is `void`: the iterator can only be written through.
//!
//! @tparam MODIFIER   the cache policy of every write (cubling::CacheStoreModifier)
//! @tparam ValueType  the type of the items
//! @tparam OffsetT    the difference type (default `ptrdiff_t`), a signed
//!                    integer; 64 bits work end to end
template <CacheStoreModifier MODIFIER, typename ValueType, typename OffsetT = std::ptrdiff_t>
class CacheModifiedOutputIterator
    : public detail::RandomAccessArithmetic<CacheModifiedOutputIterator<MODIFIER, ValueType, OffsetT>, OffsetT>
{
  static_assert(detail::is_offset_v<OffsetT>, "the offset type of an iterator is a signed integer type");

public:
  //! @brief What `*it` and `it[i]` return: assigning a value to it stores the
  //! value with `ThreadStore<MODIFIER>`.
  class Reference
  {
    ValueType* ptr;

  public:
    //! @brief The item at `ptr`.
    //! @param ptr  where an assignment writes
    CUBLING_HOST_DEVICE CUBLING_FORCEINLINE explicit Reference(ValueType* ptr) : ptr(ptr) {}

    Reference(const Reference&) = default;

    //! Assigning one proxy to another would only copy an address, never an
    //! item: forbidden, so that `*out = *other_out` does not compile silently.
    Reference& operator=(const Reference&) = delete;

    //! @brief Store `val` with `ThreadStore<MODIFIER>` (device only).
    //! @param val  the value to write
    //! @return `val`
    __device__ CUBLING_FORCEINLINE ValueType operator=(ValueType val) const
    {
      ThreadStore<MODIFIER>(ptr, val);
      return val;
    }
  };

  using self_type         = CacheModifiedOutputIterator;     //!< this iterator's own type
  using value_type        = void;                            //!< none: an output iterator (as in CUB)
  using difference_type   = OffsetT;                         //!< the type of the distance between two iterators
  using pointer           = void;                            //!< none: there is no `operator->`
  using reference         = Reference;                       //!< what `operator*` returns: a write proxy
  using iterator_category = std::random_access_iterator_tag; //!< a random-access iterator

private:
  ValueType* ptr;

public:
  //! A null iterator.
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE CacheModifiedOutputIterator() : ptr(nullptr) {}

  //! @brief Write the array at `ptr`.
  //! @tparam QualifiedValueType  `ValueType`, possibly `volatile`
  //! @param ptr                  the first item
  template <typename QualifiedValueType>
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE CacheModifiedOutputIterator(QualifiedValueType* ptr)
      : ptr(const_cast<cuda::std::remove_volatile_t<QualifiedValueType>*>(ptr))
  {
    static_assert(cuda::std::is_same_v<cuda::std::remove_volatile_t<QualifiedValueType>, ValueType>,
                  "CacheModifiedOutputIterator<MODIFIER, T> writes an array of T: pass a (non-const) T*");
  }

  //! The current item, as a write proxy (device only).
  __device__ CUBLING_FORCEINLINE reference operator*() const
  {
    return Reference(ptr);
  }

  //! @brief The item `n` places ahead, as a write proxy (device only).
  //! @param n  the distance, any integer type
  template <typename Distance, detail::enable_if_distance_t<Distance> = 0>
  __device__ CUBLING_FORCEINLINE reference operator[](Distance n) const
  {
    return Reference(ptr + static_cast<OffsetT>(n));
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
