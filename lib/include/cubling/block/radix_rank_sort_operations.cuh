//! @file
//! What the radix rankers and sorts need to know about a key: how it maps to
//! ordered bits and back, and how a digit is read from those bits.
//!
//! Stable names, for the block and device sorts:
//! - `cubling::detail::identity_decomposer_t`: the decomposer of a plain key
//!   (one of the types of `radix_key_traits`).
//! - `cubling::detail::is_radix_decomposer_v<KeyT, Decomposer>`: true when
//!   `Decomposer` maps a `KeyT&` to a `cuda::std::tuple<T&...>` of radix
//!   key types (CUB 3.0's custom keys).
//! - `cubling::detail::radix_key_codec<KeyT, Decomposer>`: `bits_type` (the
//!   unsigned bits of a plain key, or `KeyT` itself for a decomposed key, whose
//!   fields then hold ordered bits), `to_bits`, `from_bits`, `invert`,
//!   `key_bits` (the default `end_bit`) and `padding_key<IS_DESCENDING>` (a
//!   key that ranks after every other one).
//! - `cubling::detail::radix_digit_extractor<KeyT, Decomposer>`: built from
//!   `(begin_bit, num_bits[, decomposer])`; `Digit(bits)` returns the
//!   `num_bits` bits of `bits` that start at `begin_bit`, -0.0 folded onto
//!   +0.0 as `rank_bits` does.
//! - `cubling::ShiftDigitExtractor<KeyT>` and `cubling::BFEDigitExtractor<KeyT>`:
//!   CUB's public names for the plain-key extractor.
//! - `cubling::detail::radix_sort_passes(begin_bit, end_bit, radix_bits)` and
//!   `radix_sort_pass_bits(bit, end_bit, radix_bits)`: how many digit passes
//!   a bit range takes, and how many bits the pass starting at `bit` sorts.
//!
//! Decomposed keys: the decomposer returns references to the key's fields,
//! most significant first. Each field is mapped to ordered bits by its own
//! traits, in place, and the bit positions count over the fields laid end to
//! end: bit 0 is the lowest bit of the last field. A digit may take bits from
//! two or more fields.
#pragma once

#include <cubling/thread/radix_key_traits.cuh>
#include <cubling/util/macros.cuh>

#include <cuda/std/bit>
#include <cuda/std/cstdint>
#include <cuda/std/tuple>
#include <cuda/std/type_traits>
#include <cuda/std/utility>

namespace cubling
{
namespace detail
{

//! The number of digit passes over bits `[begin_bit, end_bit)`, `radix_bits` at a time.
CUBLING_HOST_DEVICE constexpr int radix_sort_passes(int begin_bit, int end_bit, int radix_bits)
{
  return end_bit > begin_bit ? (end_bit - begin_bit + radix_bits - 1) / radix_bits : 0;
}

//! How many bits the pass that starts at `bit` sorts: `radix_bits`, or fewer
//! for the last pass where `end_bit - bit` is less.
CUBLING_HOST_DEVICE constexpr int radix_sort_pass_bits(int bit, int end_bit, int radix_bits)
{
  return end_bit - bit < radix_bits ? end_bit - bit : radix_bits;
}

//! The decomposer of a plain key: the key is its own single field.
struct identity_decomposer_t
{
  //! @tparam T The key type.
  //! @param key The key.
  //! @return `key` itself.
  template <typename T>
  CUBLING_HOST_DEVICE T& operator()(T& key) const
  {
    return key;
  }
};

//! Does `T` have radix key traits (is it a plain key)?
//! @tparam T The type to test.
//! @tparam Enable Leave it `void`.
template <typename T, typename Enable = void>
struct is_radix_plain_key : ::cuda::std::false_type
{};

//! Plain keys: the types that `radix_key_traits` is specialized for.
//! @tparam T The type to test.
template <typename T>
struct is_radix_plain_key<T, ::cuda::std::void_t<typename radix_key_traits<T>::UnsignedBits>> : ::cuda::std::true_type
{};

//! True when `T` is a plain key.
//! @tparam T The type to test.
template <typename T>
inline constexpr bool is_radix_plain_key_v = is_radix_plain_key<::cuda::std::remove_cv_t<T>>::value;

//! Is `Tuple` a `cuda::std::tuple` of (non-const) references to plain keys?
//! @tparam Tuple The type to test.
template <typename Tuple>
struct is_radix_field_tuple : ::cuda::std::false_type
{};

//! A tuple of references qualifies when every referenced type is a plain key.
//! @tparam Fields The referenced field types.
template <typename... Fields>
struct is_radix_field_tuple<::cuda::std::tuple<Fields&...>>
    : ::cuda::std::bool_constant<(sizeof...(Fields) > 0)
                                 && (... && (is_radix_plain_key_v<Fields> && !::cuda::std::is_const_v<Fields>) )>
{};

//! Does `Decomposer` decompose a `KeyT` (return a tuple of references to plain keys from a `KeyT&`)?
//! @tparam KeyT The key type.
//! @tparam Decomposer The candidate decomposer.
//! @tparam Enable Leave it `void`.
template <typename KeyT, typename Decomposer, typename Enable = void>
struct is_radix_decomposer : ::cuda::std::false_type
{};

//! The decomposer qualifies when its result on a `KeyT&` is a tuple of field references.
//! @tparam KeyT The key type.
//! @tparam Decomposer The candidate decomposer.
template <typename KeyT, typename Decomposer>
struct is_radix_decomposer<KeyT,
                           Decomposer,
                           ::cuda::std::void_t<decltype(::cuda::std::declval<const Decomposer&>()(
                             ::cuda::std::declval<KeyT&>()))>>
    : is_radix_field_tuple<decltype(::cuda::std::declval<const Decomposer&>()(::cuda::std::declval<KeyT&>()))>
{};

//! True when `Decomposer` decomposes a `KeyT`; the condition of the sorts' decomposer overloads.
//! @tparam KeyT The key type.
//! @tparam Decomposer The candidate decomposer.
template <typename KeyT, typename Decomposer>
inline constexpr bool is_radix_decomposer_v = is_radix_decomposer<KeyT, Decomposer>::value;

//! Calls `visit(field)` on each field of a tuple of references, the least
//! significant (last) field first.
//! @tparam Visitor A callable on each field type.
//! @tparam Fields The referenced field types.
//! @tparam Is The indices `0 .. sizeof...(Fields) - 1`.
//! @param visit The callable.
//! @param fields The fields.
template <typename Visitor, typename... Fields, ::cuda::std::size_t... Is>
CUBLING_HOST_DEVICE CUBLING_FORCEINLINE void visit_fields_low_first(
  Visitor& visit, const ::cuda::std::tuple<Fields&...>& fields, ::cuda::std::index_sequence<Is...>)
{
  constexpr ::cuda::std::size_t last = sizeof...(Fields) - 1;
  (visit(::cuda::std::get<last - Is>(fields)), ...);
}

//! Calls `visit(field)` on each field of `key` as `decomposer` splits it,
//! the least significant (last) field first.
//! @tparam Visitor A callable on each field type.
//! @tparam Decomposer A decomposer of `KeyT`.
//! @tparam KeyT The key type.
//! @param visit The callable.
//! @param decomposer The decomposer.
//! @param key The key whose fields are visited.
template <typename Visitor, typename Decomposer, typename KeyT>
CUBLING_HOST_DEVICE CUBLING_FORCEINLINE void for_each_field_low_first(Visitor& visit, Decomposer decomposer, KeyT& key)
{
  auto fields = decomposer(key);
  visit_fields_low_first(
    visit, fields, ::cuda::std::make_index_sequence<::cuda::std::tuple_size<decltype(fields)>::value>{});
}

//! Field visitor: raw bits to ordered bits.
struct fields_to_ordered
{
  //! @tparam Field A plain key type.
  //! @param field The field, rewritten in place.
  template <typename Field>
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE void operator()(Field& field) const
  {
    field = ::cuda::std::bit_cast<Field>(to_ordered_bits(field));
  }
};

//! Field visitor: ordered bits back to raw bits.
struct fields_from_ordered
{
  //! @tparam Field A plain key type.
  //! @param field The field, rewritten in place.
  template <typename Field>
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE void operator()(Field& field) const
  {
    field = from_ordered_bits<Field>(::cuda::std::bit_cast<radix_unsigned_bits_t<Field>>(field));
  }
};

//! Field visitor: bitwise NOT (descending order).
struct fields_invert
{
  //! @tparam Field A plain key type.
  //! @param field The field, rewritten in place.
  template <typename Field>
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE void operator()(Field& field) const
  {
    using Bits = radix_unsigned_bits_t<Field>;
    field      = ::cuda::std::bit_cast<Field>(invert_for_descending(::cuda::std::bit_cast<Bits>(field)));
  }
};

//! Field visitor: sets every field's bits to one pattern (all zeros or all ones).
struct fields_fill
{
  //! Fill with all ones when true, all zeros when false.
  bool ones;
  //! @tparam Field A plain key type.
  //! @param field The field, overwritten.
  template <typename Field>
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE void operator()(Field& field) const
  {
    using Bits = radix_unsigned_bits_t<Field>;
    field      = ::cuda::std::bit_cast<Field>(ones ? Bits(~Bits(0)) : Bits(0));
  }
};

//! Field visitor: adds up the fields' widths in bits.
struct fields_count_bits
{
  //! The running total.
  int total;
  //! @tparam Field A plain key type.
  //! @param field The field (only its type is used).
  template <typename Field>
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE void operator()(Field& field)
  {
    (void) field;
    total += int(sizeof(Field) * 8);
  }
};

//! Field visitor: gathers one digit from fields of ordered bits, visited low field first.
struct fields_gather_digit
{
  //! The digit gathered so far.
  ::cuda::std::uint32_t digit_bits;
  //! Where the next copied bits land in the digit.
  ::cuda::std::uint32_t filled;
  //! The digit's first bit, counted from the lowest bit of the current field.
  ::cuda::std::uint32_t skip;
  //! The digit's bits still to copy.
  ::cuda::std::uint32_t remaining;

  //! @tparam Field A plain key type.
  //! @param field The field, holding ordered bits.
  template <typename Field>
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE void operator()(Field& field)
  {
    using Bits                               = radix_unsigned_bits_t<Field>;
    constexpr ::cuda::std::uint32_t width    = sizeof(Field) * 8;
    if (skip >= width)
    {
      skip -= width;
      return;
    }
    const ::cuda::std::uint32_t take = (width - skip < remaining) ? (width - skip) : remaining;
    if (take > 0)
    {
      const Bits ordered = rank_bits<Field>(::cuda::std::bit_cast<Bits>(field));
      const ::cuda::std::uint64_t piece =
        (static_cast<::cuda::std::uint64_t>(ordered) >> skip) & ((::cuda::std::uint64_t(1) << take) - 1);
      digit_bits |= static_cast<::cuda::std::uint32_t>(piece) << filled;
      filled += take;
      remaining -= take;
    }
    skip = 0;
  }
};

//! How keys of type `KeyT`, split by `Decomposer`, map to ordered bits and back.
//! This primary template serves plain keys: `bits_type` is the key's unsigned bits.
//! @tparam KeyT The key type.
//! @tparam Decomposer `identity_decomposer_t` for a plain key, or a decomposer of `KeyT`.
//! @tparam IsPlain Leave it defaulted.
template <typename KeyT, typename Decomposer = identity_decomposer_t, bool IsPlain = is_radix_plain_key_v<KeyT>>
struct radix_key_codec
{
  //! The type that holds a key's ordered bits.
  using bits_type = radix_unsigned_bits_t<KeyT>;

  //! @param key A key.
  //! @return Its ordered bits (ascending order).
  static CUBLING_HOST_DEVICE CUBLING_FORCEINLINE bits_type to_bits(KeyT key, Decomposer = {})
  {
    return to_ordered_bits(key);
  }

  //! @param bits Ordered bits, as made by `to_bits`.
  //! @return The key.
  static CUBLING_HOST_DEVICE CUBLING_FORCEINLINE KeyT from_bits(bits_type bits, Decomposer = {})
  {
    return from_ordered_bits<KeyT>(bits);
  }

  //! @param bits Ordered bits.
  //! @return The bits of the reverse order (the bitwise NOT).
  static CUBLING_HOST_DEVICE CUBLING_FORCEINLINE bits_type invert(bits_type bits, Decomposer = {})
  {
    return invert_for_descending(bits);
  }

  //! @return The number of bits of a key: the default `end_bit`.
  static CUBLING_HOST_DEVICE CUBLING_FORCEINLINE int key_bits(Decomposer = {})
  {
    return int(sizeof(KeyT) * 8);
  }

  //! A key whose ordered bits (inverted when `IS_DESCENDING`) are all ones,
  //! so it ranks after every key: the filler of a partial tile.
  //! @tparam IS_DESCENDING Whether the sort is descending.
  //! @return The key.
  template <bool IS_DESCENDING>
  static CUBLING_HOST_DEVICE CUBLING_FORCEINLINE KeyT padding_key(Decomposer = {})
  {
    return from_ordered_bits<KeyT>(IS_DESCENDING ? bits_type(0) : bits_type(~bits_type(0)));
  }
};

//! Decomposed keys: `bits_type` is `KeyT` itself, with each field holding ordered bits.
//! @tparam KeyT The key type.
//! @tparam Decomposer A decomposer of `KeyT`.
template <typename KeyT, typename Decomposer>
struct radix_key_codec<KeyT, Decomposer, false>
{
  static_assert(is_radix_decomposer_v<KeyT, Decomposer>,
                "a key type without radix traits needs a decomposer returning cuda::std::tuple<T&...> of arithmetic "
                "fields");

  //! The type that holds a key's ordered bits: the key type, with each field's bits ordered.
  using bits_type = KeyT;

  //! @param key A key.
  //! @param decomposer Splits the key into fields.
  //! @return The key with every field's bits ordered.
  static CUBLING_HOST_DEVICE CUBLING_FORCEINLINE bits_type to_bits(KeyT key, Decomposer decomposer)
  {
    fields_to_ordered visit{};
    for_each_field_low_first(visit, decomposer, key);
    return key;
  }

  //! @param bits A key with ordered fields, as made by `to_bits`.
  //! @param decomposer Splits the key into fields.
  //! @return The key.
  static CUBLING_HOST_DEVICE CUBLING_FORCEINLINE KeyT from_bits(bits_type bits, Decomposer decomposer)
  {
    fields_from_ordered visit{};
    for_each_field_low_first(visit, decomposer, bits);
    return bits;
  }

  //! @param bits A key with ordered fields.
  //! @param decomposer Splits the key into fields.
  //! @return The key with every field's bits inverted.
  static CUBLING_HOST_DEVICE CUBLING_FORCEINLINE bits_type invert(bits_type bits, Decomposer decomposer)
  {
    fields_invert visit{};
    for_each_field_low_first(visit, decomposer, bits);
    return bits;
  }

  //! @param decomposer Splits the key into fields.
  //! @return The total width of the fields in bits: the default `end_bit`.
  static CUBLING_HOST_DEVICE CUBLING_FORCEINLINE int key_bits(Decomposer decomposer)
  {
    KeyT key{};
    fields_count_bits visit{0};
    for_each_field_low_first(visit, decomposer, key);
    return visit.total;
  }

  //! A key whose ordered fields (inverted when `IS_DESCENDING`) are all ones,
  //! so it ranks after every key.
  //! @tparam IS_DESCENDING Whether the sort is descending.
  //! @param decomposer Splits the key into fields.
  //! @return The key.
  template <bool IS_DESCENDING>
  static CUBLING_HOST_DEVICE CUBLING_FORCEINLINE KeyT padding_key(Decomposer decomposer)
  {
    KeyT key{};
    fields_fill visit{!IS_DESCENDING};
    for_each_field_low_first(visit, decomposer, key);
    return from_bits(key, decomposer);
  }
};

//! Reads radix digits from ordered bits. This primary template serves plain keys.
//!
//! A digit is `num_bits` bits starting at `begin_bit` of the key's rank bits
//! (ordered bits, ascending or inverted, with -0.0 folded onto +0.0).
//! @tparam KeyT The key type.
//! @tparam Decomposer `identity_decomposer_t` for a plain key, or a decomposer of `KeyT`.
//! @tparam IsPlain Leave it defaulted.
template <typename KeyT, typename Decomposer = identity_decomposer_t, bool IsPlain = is_radix_plain_key_v<KeyT>>
struct radix_digit_extractor
{
  //! The ordered bits a digit is read from.
  using bits_type = radix_unsigned_bits_t<KeyT>;
  //! The type shifts are done in: the bits type, at least 32 bits wide.
  using shift_type =
    ::cuda::std::conditional_t<(sizeof(bits_type) < sizeof(::cuda::std::uint32_t)), ::cuda::std::uint32_t, bits_type>;

  //! The digit's lowest bit.
  ::cuda::std::uint32_t begin_bit;
  //! The digit's bits, as a mask in the low bits.
  ::cuda::std::uint32_t mask;

  //! @param digit_begin_bit The digit's lowest bit, below the key's width (or anything when `num_bits` is 0).
  //! @param num_bits The digit's width, 0 to 32.
  //! @param decomposer Unused for plain keys.
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE explicit radix_digit_extractor(
    ::cuda::std::uint32_t digit_begin_bit = 0, ::cuda::std::uint32_t num_bits = 0, Decomposer decomposer = {})
      : begin_bit(num_bits ? digit_begin_bit : 0)
      , mask(static_cast<::cuda::std::uint32_t>((::cuda::std::uint64_t(1) << num_bits) - 1))
  {
    (void) decomposer;
  }

  //! @param bits A key's ordered bits.
  //! @return Its digit, in the low bits.
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE ::cuda::std::uint32_t Digit(bits_type bits) const
  {
    const shift_type wide = static_cast<shift_type>(rank_bits<KeyT>(bits));
    return static_cast<::cuda::std::uint32_t>(wide >> begin_bit) & mask;
  }
};

//! Reads radix digits from decomposed keys whose fields hold ordered bits;
//! a digit may span fields.
//! @tparam KeyT The key type.
//! @tparam Decomposer A decomposer of `KeyT`.
template <typename KeyT, typename Decomposer>
struct radix_digit_extractor<KeyT, Decomposer, false>
{
  //! The ordered bits a digit is read from: a key with ordered fields.
  using bits_type = KeyT;

  //! Splits a key into fields.
  Decomposer decomposer;
  //! The digit's lowest bit, counted over all fields from the lowest bit of the last one.
  ::cuda::std::uint32_t begin_bit;
  //! The digit's width.
  ::cuda::std::uint32_t num_bits;

  //! @param digit_begin_bit The digit's lowest bit.
  //! @param digit_num_bits The digit's width, 0 to 32.
  //! @param key_decomposer Splits a key into fields.
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE radix_digit_extractor(
    ::cuda::std::uint32_t digit_begin_bit, ::cuda::std::uint32_t digit_num_bits, Decomposer key_decomposer)
      : decomposer(key_decomposer)
      , begin_bit(digit_begin_bit)
      , num_bits(digit_num_bits)
  {}

  //! @param bits A key with ordered fields.
  //! @return Its digit, in the low bits.
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE ::cuda::std::uint32_t Digit(bits_type bits) const
  {
    fields_gather_digit visit{0, 0, begin_bit, num_bits};
    for_each_field_low_first(visit, decomposer, bits);
    return visit.digit_bits;
  }
};

} // namespace detail

//! Reads a radix digit from a key's ordered bits with a shift and a mask;
//! -0.0 and +0.0 give the same digits. CUB's name for the plain-key digit extractor.
//! @tparam KeyT The key type (one of the radix key types).
template <typename KeyT>
struct ShiftDigitExtractor
//! @cond
    : detail::radix_digit_extractor<KeyT>
//! @endcond
{
  //! @param bit_start The digit's lowest bit.
  //! @param num_bits The digit's width, 0 to 32.
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE explicit ShiftDigitExtractor(
    ::cuda::std::uint32_t bit_start = 0, ::cuda::std::uint32_t num_bits = 0)
      : detail::radix_digit_extractor<KeyT>(bit_start, num_bits)
  {}
};

//! CUB's other name for the plain-key digit extractor (CUB extracts with a
//! bit-field instruction; the result is the same).
//! @tparam KeyT The key type (one of the radix key types).
template <typename KeyT>
struct BFEDigitExtractor
//! @cond
    : detail::radix_digit_extractor<KeyT>
//! @endcond
{
  //! @param bit_start The digit's lowest bit.
  //! @param num_bits The digit's width, 0 to 32.
  CUBLING_HOST_DEVICE CUBLING_FORCEINLINE explicit BFEDigitExtractor(
    ::cuda::std::uint32_t bit_start = 0, ::cuda::std::uint32_t num_bits = 0)
      : detail::radix_digit_extractor<KeyT>(bit_start, num_bits)
  {}
};

} // namespace cubling
