//! @file
//! Key traits for radix sorting: a map from each key type to unsigned bits
//! whose ascending unsigned order is the key order of CUB's radix sort, and
//! back.
//!
//! The key order (the one `cub::DeviceRadixSort` documents and produces):
//! - unsigned integers: by value;
//! - signed integers: by value (the sign bit is flipped, so negatives come first);
//! - floating point (`float`, `double`, `__half`, `__nv_bfloat16`): negative
//!   NaNs first (by descending bits), then -inf, the negative numbers, the two
//!   zeros, the positive numbers, +inf, and last the positive NaNs (by
//!   ascending bits). -0.0 and +0.0 compare equal, so a stable sort keeps
//!   their input order.
//!
//! How the zeros are handled: `to_ordered_bits` is a bijection, so a key
//! comes back from `from_ordered_bits` bit for bit, -0.0 included (a sort
//! returns -0.0 where it was given -0.0). The zeros are merged only where a
//! sort ranks keys: `rank_bits` and `digit` fold the ordered bits of -0.0
//! onto those of +0.0. The two patterns are adjacent and are each other's
//! bitwise complement, so the fold is right for ascending bits and for
//! bits inverted by `invert_for_descending` alike.
#pragma once

#include <cubling/util/macros.cuh>

#include <cuda/std/bit>
#include <cuda/std/cstdint>
#include <cuda/std/type_traits>

#include <cuda_bf16.h>
#include <cuda_fp16.h>

namespace cubling
{
namespace detail
{

//! The unsigned type of a key's bits and how a key maps to ordered bits.
//! Specialized for the integer types of 1, 2, 4 and 8 bytes, `float`,
//! `double`, `__half` and `__nv_bfloat16`; other types have no traits.
//! @tparam T The key type.
//! @tparam Enable Selects the integer specialization; leave it `void`.
template <typename T, typename Enable = void>
struct radix_key_traits;

//! Integer keys: the unsigned type of the same size; signed ones flip their
//! sign bit so that negatives order before non-negatives.
//! @tparam T An integer key type (not `bool`).
template <typename T>
struct radix_key_traits<T, ::cuda::std::enable_if_t<::cuda::std::is_integral_v<T> && !::cuda::std::is_same_v<T, bool>>>
{
  //! The unsigned type with as many bits as `T`.
  using UnsignedBits = ::cuda::std::make_unsigned_t<T>;
  //! Is `T` a floating-point type? (Never, here.)
  static constexpr bool is_floating = false;
  //! The bits flipped on the way in and out: the sign bit for signed types, none for unsigned.
  static constexpr UnsignedBits flip =
    ::cuda::std::is_signed_v<T> ? UnsignedBits(UnsignedBits(1) << (sizeof(T) * 8 - 1)) : UnsignedBits(0);
};

//! The traits shared by the floating-point keys.
//! @tparam Bits The unsigned type with as many bits as the key.
template <typename Bits>
struct radix_float_key_traits
{
  //! The unsigned type with as many bits as the key.
  using UnsignedBits = Bits;
  //! Is the key a floating-point type? (Always, here.)
  static constexpr bool is_floating = true;
  //! The sign bit of the key's representation.
  static constexpr UnsignedBits sign_bit = UnsignedBits(UnsignedBits(1) << (sizeof(Bits) * 8 - 1));
};

//! `float` keys: 32-bit patterns.
template <>
struct radix_key_traits<float> : radix_float_key_traits<::cuda::std::uint32_t>
{};

//! `double` keys: 64-bit patterns.
template <>
struct radix_key_traits<double> : radix_float_key_traits<::cuda::std::uint64_t>
{};

//! `__half` keys: 16-bit patterns.
template <>
struct radix_key_traits<__half> : radix_float_key_traits<::cuda::std::uint16_t>
{};

//! `__nv_bfloat16` keys: 16-bit patterns.
template <>
struct radix_key_traits<__nv_bfloat16> : radix_float_key_traits<::cuda::std::uint16_t>
{};

//! The unsigned bits type of key type `T`.
//! @tparam T The key type.
template <typename T>
using radix_unsigned_bits_t = typename radix_key_traits<T>::UnsignedBits;

//! Maps a key to unsigned bits whose ascending order is the radix-sort order
//! of the keys. A bijection: `from_ordered_bits` undoes it bit for bit, and
//! -0.0 and +0.0 keep distinct (adjacent) patterns; use `rank_bits` or
//! `digit` to compare them as equal.
//! @tparam T The key type (one with `radix_key_traits`).
//! @param key The key.
//! @return The ordered bits of `key`.
template <typename T>
CUBLING_HOST_DEVICE CUBLING_FORCEINLINE radix_unsigned_bits_t<T> to_ordered_bits(T key)
{
  using traits = radix_key_traits<T>;
  using Bits   = typename traits::UnsignedBits;
  const Bits bits = ::cuda::std::bit_cast<Bits>(key);
  if constexpr (traits::is_floating)
  {
    // Negative: all bits flipped, so larger magnitudes order first and below
    // every positive. Non-negative: only the sign bit set, above the negatives.
    return (bits & traits::sign_bit) ? Bits(~bits) : Bits(bits | traits::sign_bit);
  }
  else
  {
    return Bits(bits ^ traits::flip);
  }
}

//! Maps ordered bits back to the key they came from: the inverse of
//! `to_ordered_bits`.
//! @tparam T The key type (one with `radix_key_traits`).
//! @param bits Ordered bits, as made by `to_ordered_bits<T>`.
//! @return The key whose ordered bits are `bits`.
template <typename T>
CUBLING_HOST_DEVICE CUBLING_FORCEINLINE T from_ordered_bits(radix_unsigned_bits_t<T> bits)
{
  using traits = radix_key_traits<T>;
  using Bits   = typename traits::UnsignedBits;
  Bits raw;
  if constexpr (traits::is_floating)
  {
    // A set top bit marks a non-negative key (only its sign bit was added).
    raw = (bits & traits::sign_bit) ? Bits(bits & ~traits::sign_bit) : Bits(~bits);
  }
  else
  {
    raw = Bits(bits ^ traits::flip);
  }
  return ::cuda::std::bit_cast<T>(raw);
}

//! Turns ascending ordered bits into descending ones and back: the bitwise
//! NOT, which reverses the unsigned order.
//! @tparam Bits An unsigned bits type.
//! @param bits Ordered bits (ascending or already inverted).
//! @return `~bits`.
template <typename Bits>
CUBLING_HOST_DEVICE CUBLING_FORCEINLINE Bits invert_for_descending(Bits bits)
{
  return Bits(~bits);
}

//! The bits a sort ranks a key by: its ordered bits, with the pattern of
//! ordered -0.0 replaced by that of ordered +0.0 for floating-point types,
//! so that the two zeros rank equal. Inverted bits work too: inversion swaps
//! the two zero patterns, so both zeros again end up on one value. Integer
//! bits are returned unchanged.
//! @tparam T The key type (one with `radix_key_traits`).
//! @param bits Ordered bits, ascending or inverted for descending order.
//! @return `bits`, with the two zeros merged for floating-point `T`.
template <typename T>
CUBLING_HOST_DEVICE CUBLING_FORCEINLINE radix_unsigned_bits_t<T> rank_bits(radix_unsigned_bits_t<T> bits)
{
  using traits = radix_key_traits<T>;
  using Bits   = typename traits::UnsignedBits;
  if constexpr (traits::is_floating)
  {
    // Ordered -0.0 is all ones below the sign bit; ordered +0.0 is the sign bit alone.
    constexpr Bits ordered_minus_zero = Bits(~traits::sign_bit);
    constexpr Bits ordered_plus_zero  = traits::sign_bit;
    return bits == ordered_minus_zero ? ordered_plus_zero : bits;
  }
  else
  {
    return bits;
  }
}

//! One radix digit of a key: `num_bits` bits of its rank bits (see
//! `rank_bits`), starting at bit `begin_bit` (bit 0 is the least
//! significant). Bits past the top of the key read as zero.
//! @tparam T The key type (one with `radix_key_traits`).
//! @param bits Ordered bits, ascending or inverted for descending order.
//! @param begin_bit The first bit of the digit; below the key's bit width.
//! @param num_bits The digit's width, 1 to 32.
//! @return The digit, in the low `num_bits` bits.
template <typename T>
CUBLING_HOST_DEVICE CUBLING_FORCEINLINE ::cuda::std::uint32_t
digit(radix_unsigned_bits_t<T> bits, ::cuda::std::uint32_t begin_bit, ::cuda::std::uint32_t num_bits)
{
  const ::cuda::std::uint64_t wide = static_cast<::cuda::std::uint64_t>(rank_bits<T>(bits));
  const ::cuda::std::uint64_t mask = (::cuda::std::uint64_t(1) << num_bits) - 1;
  return static_cast<::cuda::std::uint32_t>((wide >> begin_bit) & mask);
}

} // namespace detail
} // namespace cubling
