//! @file
//! Uninitialized: raw, suitably aligned storage for a value of type T; and
//! the one way every cooperative type declares its `TempStorage`.
//!
//! **Why.** A cooperative type's shared memory is a layout of items of the
//! caller's type `T` (a tile, a raking grid, one slot per warp), and `T` may
//! be a struct with a constructor. A struct holding a `T[]` then has a
//! non-trivial default constructor, and so does a union of such structs,
//! which callers write to let several primitives share the same bytes:
//! ```
//! __shared__ union { typename Load::TempStorage load; typename Reduce::TempStorage reduce; } smem;
//! ```
//! CUDA does not run constructors on `__shared__` variables: nvcc warns
//! ("dynamic initialization is not supported", an error under `-Werror`)
//! for a struct whose `T` has one, and rejects outright a union of such
//! structs, whose default constructor is deleted. So the type that the
//! caller sees must be plain bytes, whatever `T` is.
//!
//! **The idiom** (CUB's, and the only one in cubling). Each cooperative type
//! and each of its specializations names its layout `_TempStorage` and
//! exposes
//! ```
//! struct TempStorage : Uninitialized<_TempStorage> {};
//! ```
//! and its constructor keeps `temp_storage.Alias()`, a `_TempStorage&`.
//! `TempStorage` has the size and alignment of the layout, no constructor,
//! and is a distinct type per primitive (an alias of `Uninitialized<...>`
//! would let one primitive's storage be passed to another with the same
//! layout by mistake). A primitive that wraps another uses the inner
//! `TempStorage` as its own `_TempStorage`: the wrapping costs no bytes.
//! A specialization that needs no shared memory derives from
//! `Uninitialized<NullType>` (one byte, never touched).
#pragma once

#include <cubling/util/macros.cuh>

namespace cubling
{

//! @brief An empty layout: the `_TempStorage` of algorithms that use no
//! shared memory (CUB's `NullType`).
struct NullType
{};

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
