//! @file
//! DoubleBuffer: a pair of device buffers and which of them is current, as
//! CUB's DoubleBuffer has it.
#pragma once

#include <cubling/util/macros.cuh>

namespace cubling
{

//! @brief Two device buffers of the same size, one of which holds the data
//! ("current"), and a selector that says which.
//!
//! An algorithm that may overwrite its input (DeviceRadixSort's DoubleBuffer
//! overloads) reads the current buffer, uses both as scratch space, and
//! leaves the selector on the one that holds its result. Reading the result
//! from `Current()` after the call is the contract; which buffer that is
//! depends on the call.
//!
//! @tparam T  the element type
template <typename T> struct DoubleBuffer
{
  T* d_buffers[2]; //!< the two buffers
  int selector;    //!< which of `d_buffers` is current: 0 or 1

  //! Two null buffers, the first current.
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE DoubleBuffer() : d_buffers{nullptr, nullptr}, selector(0) {}

  //! @param d_current    the buffer that holds the data
  //! @param d_alternate  the other one, of the same size
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE DoubleBuffer(T* d_current, T* d_alternate)
      : d_buffers{d_current, d_alternate}, selector(0)
  {
  }

  //! The buffer that holds the data.
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE T* Current() const
  {
    return d_buffers[selector];
  }

  //! The other buffer.
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE T* Alternate() const
  {
    return d_buffers[selector ^ 1];
  }
};

} // namespace cubling
