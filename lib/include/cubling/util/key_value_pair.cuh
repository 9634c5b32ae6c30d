//! @file
//! KeyValuePair: a key travelling with a value, as ArgMin and ArgMax return them.
#pragma once

#include <cubling/util/macros.cuh>

namespace cubling
{

//! @brief A key and a value, in that order (CUB's `KeyValuePair`).
//!
//! ArgMin and ArgMax reduce pairs of (index, item): `key` is the index of
//! the item in the input and `value` the item itself.
//!
//! @tparam Key    the key type, for example `int64_t` for an index
//! @tparam Value  the value type
template <typename Key, typename Value>
struct KeyValuePair
{
  using KeyT   = Key;   //!< the key type
  using ValueT = Value; //!< the value type

  Key key;     //!< the key (for ArgMin/ArgMax: the item's index)
  Value value; //!< the value (for ArgMin/ArgMax: the item)

  //! Default construction leaves the members uninitialized, like a plain struct.
  KeyValuePair() = default;

  //! A pair of `key` and `value`.
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE KeyValuePair(const Key& key, const Value& value)
      : key(key)
      , value(value)
  {}

  //! Convert from a pair of other types, member by member (for example an
  //! `int64_t` index into a CUB-style `int` key).
  template <typename OtherKey, typename OtherValue>
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE explicit KeyValuePair(const KeyValuePair<OtherKey, OtherValue>& other)
      : key(static_cast<Key>(other.key))
      , value(static_cast<Value>(other.value))
  {}

  //! Member-wise equality.
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE bool operator==(const KeyValuePair& other) const
  {
    return key == other.key && value == other.value;
  }
  //! Member-wise inequality.
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE bool operator!=(const KeyValuePair& other) const
  {
    return !(*this == other);
  }
};

} // namespace cubling
