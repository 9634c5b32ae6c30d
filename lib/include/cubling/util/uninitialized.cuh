//! @file
//! Uninitialized: raw, suitably aligned storage for a value of type T.
//!
//! `__shared__` variables cannot have constructors, yet a cooperative type's
//! temporary storage may hold items of any T, a struct with a constructor
//! included. Each primitive's public `TempStorage` therefore derives from
//! `Uninitialized<Layout>`: it has the size and alignment of the layout the
//! algorithm uses, no constructor, and `Alias()` views it as that layout.
#pragma once

#include <cubling/util/macros.cuh>

namespace cubling
{

//! @brief Storage with the size and alignment of `T`, and no constructor.
//!
//! @tparam T  the layout to be stored (any type)
template <typename T>
struct Uninitialized
{
  //! The bytes; never touched except through Alias().
  alignas(T) unsigned char storage[sizeof(T)];

  //! View the bytes as a `T`.
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE T& Alias()
  {
    return *reinterpret_cast<T*>(this);
  }
};

} // namespace cubling
