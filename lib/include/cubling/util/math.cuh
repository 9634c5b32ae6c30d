//! @file
//! Integer helpers used by launch configuration and tiling.
#pragma once

#include <cubling/util/macros.cuh>

namespace cubling
{

//! Number of pieces of size `divisor` needed to cover `dividend` items.
//!
//! @tparam T  an integer type (the result has the type of `dividend`)
//! @param dividend  number of items, at least 0
//! @param divisor   size of one piece, greater than 0
// example-begin ceil-div
template <typename T, typename U>
CUBLING_HOST_DEVICE constexpr T ceil_div(T dividend, U divisor)
{
  return static_cast<T>((dividend + static_cast<T>(divisor) - 1) / static_cast<T>(divisor));
}
// example-end ceil-div

} // namespace cubling
