//! @file
//! Carving one block of caller-provided temporary storage into aligned parts.
//!
//! A device-wide algorithm may need several scratch arrays at once (a
//! reduction its partials; a look-back scan its tile status and a counter;
//! Onesweep its histograms and look-back words), but the caller hands over
//! one block, as CUB's two-phase protocol has it. This header lays the parts
//! out in that block, one after the other, each on its own alignment:
//!
//!     d_temp_storage (anywhere)
//!     |<- slack ->|<- part 0 ->|pad|<- part 1 ->| ... |<- part N-1 ->|
//!                 ^ rounded up to the largest alignment of the parts
//!
//! Contracts:
//! - **The size depends on the parts alone, never on an address or a
//!   device.** The caller's storage may start anywhere (an offset into a
//!   larger allocation, a pool), so the size includes `alignment - 1` bytes
//!   of slack: enough to round any address up to the largest alignment.
//!   The offsets of the parts are measured from that rounded start, so they
//!   are the same for every address. Every function is `constexpr`: a size
//!   query can be a compile-time constant, and needs no GPU.
//! - **Empty parts take no bytes**, and their pointer is null: no address in
//!   the block belongs to them, so any use of one faults where it happens.
//!   A layout whose parts are all empty needs 0 bytes.
//! - **Too little storage is a bad argument**: `Carve()` returns
//!   `cudaErrorInvalidValue` when the block is smaller than the size query
//!   said, whatever the address, and writes no pointer. So do a null block,
//!   an alignment that is not a power of two, and sizes whose sum does not
//!   fit in `size_t`.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <cuda_runtime_api.h>

namespace cubling
{
namespace detail
{

//! One part of a block of temporary storage.
struct TempStoragePart
{
  size_t bytes;     //!< its size; 0: the part is empty (its pointer is null)
  size_t alignment; //!< the alignment of its first byte: a power of two
};

//! @brief A part for `count` objects of `T`, aligned for `T` or to `alignment`, whichever is stricter.
//!
//! @tparam T         the type of the part's objects
//! @param count      how many (`count * sizeof(T)` that overflows makes the layout invalid)
//! @param alignment  a power of two; for example 128 to start the part on a cache line
template <typename T>
constexpr TempStoragePart temp_storage_part(size_t count, size_t alignment = alignof(T))
{
  const size_t align = alignment > alignof(T) ? alignment : alignof(T);
  return {count > SIZE_MAX / sizeof(T) ? SIZE_MAX : count * sizeof(T), align};
}

//! @brief The layout of `N` parts in one block of temporary storage (see the file comment).
//!
//! Build it with `make_temp_storage_layout(temp_storage_part<T>(n), ...)`;
//! answer the size query with `Query()` and split the caller's block with
//! `Carve()`, or do both as CUB's AliasTemporaries does with `Alias()`.
//!
//! @tparam N  the number of parts, at least 1
template <int N>
struct TempStorageLayout
{
  static_assert(N >= 1, "a layout has at least one part");

  TempStoragePart parts[N]; //!< the parts, in the order they are laid out

  //! Every alignment is a power of two and the layout's size fits in `size_t`.
  constexpr bool valid() const
  {
    for (int i = 0; i < N; ++i)
    {
      const size_t a = parts[i].alignment;
      if (a == 0 || (a & (a - 1)) != 0)
      {
        return false;
      }
    }
    size_t end = 0;
    for (int i = 0; i < N; ++i)
    {
      if (parts[i].bytes == 0)
      {
        continue;
      }
      const size_t pad = (parts[i].alignment - end % parts[i].alignment) % parts[i].alignment;
      if (end > SIZE_MAX - pad || end + pad > SIZE_MAX - parts[i].bytes)
      {
        return false;
      }
      end += pad + parts[i].bytes;
    }
    return end <= SIZE_MAX - (alignment() - 1);
  }

  //! The largest alignment of a non-empty part (1 when all are empty): what
  //! the block's start is rounded up to.
  constexpr size_t alignment() const
  {
    size_t a = 1;
    for (int i = 0; i < N; ++i)
    {
      a = parts[i].bytes > 0 && parts[i].alignment > a ? parts[i].alignment : a;
    }
    return a;
  }

  //! Where part `i` starts, in bytes from the rounded start (a multiple of
  //! its alignment); where it would start, for an empty part.
  constexpr size_t offset(int i) const
  {
    size_t end = 0;
    for (int j = 0; j <= i; ++j)
    {
      if (parts[j].bytes == 0 && j < i)
      {
        continue;
      }
      end += (parts[j].alignment - end % parts[j].alignment) % parts[j].alignment;
      if (j < i)
      {
        end += parts[j].bytes;
      }
    }
    return end;
  }

  //! The bytes from the rounded start to the end of the last non-empty part.
  constexpr size_t span() const
  {
    size_t end = 0;
    for (int i = 0; i < N; ++i)
    {
      end = parts[i].bytes > 0 ? offset(i) + parts[i].bytes : end;
    }
    return end;
  }

  //! The bytes a caller must provide, wherever its block starts: the span
  //! plus the slack of a misaligned start; 0 when every part is empty. Only
  //! meaningful when `valid()`.
  constexpr size_t required_bytes() const
  {
    const size_t s = span();
    return s == 0 ? 0 : s + (alignment() - 1);
  }

  //! @brief The size query: write `required_bytes()` to `temp_storage_bytes`.
  //!
  //! @param temp_storage_bytes  written with the size; untouched on error
  //! @return `cudaSuccess`, or `cudaErrorInvalidValue` for an invalid layout
  constexpr cudaError_t Query(size_t& temp_storage_bytes) const
  {
    if (!valid())
    {
      return cudaErrorInvalidValue;
    }
    temp_storage_bytes = required_bytes();
    return cudaSuccess;
  }

  //! @brief Split the caller's block into the parts.
  //!
  //! @param d_temp_storage      the block (any address; null is a bad argument)
  //! @param temp_storage_bytes  its size: at least what `Query()` said
  //! @param pointers            written with the start of each part (null for an empty part); untouched on error
  //! @return `cudaSuccess`, or `cudaErrorInvalidValue` (null block, too small, invalid layout)
  cudaError_t Carve(void* d_temp_storage, size_t temp_storage_bytes, void* (&pointers)[N]) const
  {
    if (!valid() || d_temp_storage == nullptr || temp_storage_bytes < required_bytes())
    {
      return cudaErrorInvalidValue;
    }
    const uintptr_t base  = reinterpret_cast<uintptr_t>(d_temp_storage);
    const uintptr_t align = static_cast<uintptr_t>(alignment());
    const uintptr_t start = base + (align - base % align) % align;
    for (int i = 0; i < N; ++i)
    {
      pointers[i] = parts[i].bytes > 0 ? reinterpret_cast<void*>(start + offset(i)) : nullptr;
    }
    return cudaSuccess;
  }

  //! @brief Both phases of the protocol in one call: the size query when
  //! `d_temp_storage` is null, else `Carve()`.
  //!
  //! @param d_temp_storage      the block, or null for the size query
  //! @param temp_storage_bytes  written by the size query; else the block's size
  //! @param pointers            written with the parts' starts, outside the size query
  cudaError_t Alias(void* d_temp_storage, size_t& temp_storage_bytes, void* (&pointers)[N]) const
  {
    if (d_temp_storage == nullptr)
    {
      return Query(temp_storage_bytes);
    }
    return Carve(d_temp_storage, temp_storage_bytes, pointers);
  }
};

//! @brief A layout of the given parts, in that order.
//!
//! @tparam Rest   the types of the parts after the first (TempStoragePart)
//! @param first   the first part (from temp_storage_part())
//! @param rest    the other parts
template <typename... Rest>
constexpr TempStorageLayout<1 + static_cast<int>(sizeof...(Rest))> make_temp_storage_layout(TempStoragePart first,
                                                                                             Rest... rest)
{
  return {{first, TempStoragePart(rest)...}};
}

//! Is a data argument a null pointer? Iterators are never null. (A null data
//! pointer, like too little storage, is a bad argument that a dispatch
//! finds before any launch.)
template <typename It>
bool is_null(const It& it)
{
  if constexpr (std::is_pointer<It>::value)
  {
    return it == nullptr;
  }
  else
  {
    return false;
  }
}

} // namespace detail
} // namespace cubling
