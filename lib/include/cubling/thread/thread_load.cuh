//! @file
//! ThreadLoad: one thread reads one item, with a chosen cache policy.
//!
//! A plain `*ptr` lets the compiler pick the load instruction and its cache
//! behaviour. ThreadLoad names it instead: `ld.global.cg` to skip L1,
//! `ld.global.nc` to go through the read-only path, and so on. The item is
//! read as a sequence of machine words (16, 8, 4, 2 or 1 bytes, the widest
//! that its alignment allows), so it works for any trivially copyable type,
//! structs included.
#pragma once

#include <cubling/util/macros.cuh>

#include <cuda/std/bit>
#include <cuda/std/cstdint>
#include <cuda/std/iterator>
#include <cuda/std/type_traits>

namespace cubling
{

//! @brief Cache policies for cubling::ThreadLoad (CUB's names and order).
//!
//! Every modifier but LOAD_DEFAULT and LOAD_VOLATILE becomes one PTX
//! `ld.global.<policy>` instruction, so a pointer given with them must point
//! to global memory. They only change where the data may be cached on the
//! way; the value read is the same.
enum CacheLoadModifier
{
  //! A plain C++ read (`*ptr`): the compiler chooses. Any memory space.
  LOAD_DEFAULT,
  //! `ld.global.ca`: cache at all levels (L1 and L2).
  LOAD_CA,
  //! `ld.global.cg`: cache in L2 only, bypass L1. Useful for data read once.
  LOAD_CG,
  //! `ld.global.cs`: streaming, likely to be read once: evict first.
  LOAD_CS,
  //! `ld.global.cv`: do not cache; fetch again on every read (volatile in global memory).
  LOAD_CV,
  //! `ld.global.nc`: the read-only (texture) path. The data must not change
  //! while the kernel runs, in any thread.
  LOAD_LDG,
  //! A `volatile` C++ read: never merged with or removed for another read. Any memory space.
  LOAD_VOLATILE,
};

namespace detail
{

//! The machine word that an item of type `T` is read and written in: as wide
//! as its alignment, at most 16 bytes. (`sizeof(T)` is a multiple of
//! `alignof(T)`, so the words cover the item exactly.)
template <typename T> struct ThreadWord
{
  static constexpr int BYTES = alignof(T) >= 16  ? 16
                               : alignof(T) >= 8 ? 8
                               : alignof(T) >= 4 ? 4
                               : alignof(T) >= 2 ? 2
                                                 : 1;
  static constexpr int COUNT = static_cast<int>(sizeof(T)) / BYTES;
  // clang-format off
  using Type = cuda::std::conditional_t<BYTES == 16, uint4,
               cuda::std::conditional_t<BYTES == 8, unsigned long long,
               cuda::std::conditional_t<BYTES == 4, unsigned int,
               cuda::std::conditional_t<BYTES == 2, unsigned short, unsigned char>>>>;
  // clang-format on
};

//! An item's bytes, seen as the words it is read and written in.
template <typename T> struct alignas(T) ItemWords
{
  typename ThreadWord<T>::Type word[ThreadWord<T>::COUNT];
};

// One PTX load per word size. The "memory" clobber keeps each load after
// this thread's earlier stores in program order (the compiler cannot see
// what an asm statement reads); volatile keeps LOAD_CV's re-reads.
#define CUBLING_DEFINE_LOAD_WORD(MODIFIER, PTX)                                                                        \
  __device__ CUBLING_FORCEINLINE void LoadWord(cuda::std::integral_constant<CacheLoadModifier, MODIFIER>,              \
                                               size_t address, uint4& word)                                            \
  {                                                                                                                    \
    asm volatile("ld.global." PTX ".v4.u32 {%0, %1, %2, %3}, [%4];"                                                    \
                 : "=r"(word.x), "=r"(word.y), "=r"(word.z), "=r"(word.w)                                              \
                 : "l"(address)                                                                                        \
                 : "memory");                                                                                          \
  }                                                                                                                    \
  __device__ CUBLING_FORCEINLINE void LoadWord(cuda::std::integral_constant<CacheLoadModifier, MODIFIER>,              \
                                               size_t address, unsigned long long& word)                               \
  {                                                                                                                    \
    asm volatile("ld.global." PTX ".u64 %0, [%1];" : "=l"(word) : "l"(address) : "memory");                            \
  }                                                                                                                    \
  __device__ CUBLING_FORCEINLINE void LoadWord(cuda::std::integral_constant<CacheLoadModifier, MODIFIER>,              \
                                               size_t address, unsigned int& word)                                     \
  {                                                                                                                    \
    asm volatile("ld.global." PTX ".u32 %0, [%1];" : "=r"(word) : "l"(address) : "memory");                            \
  }                                                                                                                    \
  __device__ CUBLING_FORCEINLINE void LoadWord(cuda::std::integral_constant<CacheLoadModifier, MODIFIER>,              \
                                               size_t address, unsigned short& word)                                   \
  {                                                                                                                    \
    asm volatile("ld.global." PTX ".u16 %0, [%1];" : "=h"(word) : "l"(address) : "memory");                            \
  }                                                                                                                    \
  __device__ CUBLING_FORCEINLINE void LoadWord(cuda::std::integral_constant<CacheLoadModifier, MODIFIER>,              \
                                               size_t address, unsigned char& word)                                    \
  {                                                                                                                    \
    /* a byte load needs a register of at least 16 bits: load into one, then narrow */                                 \
    unsigned short wide;                                                                                               \
    asm volatile("ld.global." PTX ".u8 %0, [%1];" : "=h"(wide) : "l"(address) : "memory");                             \
    word = static_cast<unsigned char>(wide);                                                                           \
  }

CUBLING_DEFINE_LOAD_WORD(LOAD_CA, "ca")
CUBLING_DEFINE_LOAD_WORD(LOAD_CG, "cg")
CUBLING_DEFINE_LOAD_WORD(LOAD_CS, "cs")
CUBLING_DEFINE_LOAD_WORD(LOAD_CV, "cv")
CUBLING_DEFINE_LOAD_WORD(LOAD_LDG, "nc")

#undef CUBLING_DEFINE_LOAD_WORD

//! Read `*ptr` word by word with one of the PTX modifiers.
template <CacheLoadModifier MODIFIER, typename T> __device__ CUBLING_FORCEINLINE T LoadWithModifier(const T* ptr)
{
  static_assert(cuda::std::is_trivially_copyable_v<T>,
                "ThreadLoad with a PTX cache modifier copies the item's bytes: T must be trivially copyable");
  using Word = ThreadWord<T>;
  ItemWords<T> words;
  const size_t address = __cvta_generic_to_global(ptr);
#pragma unroll
  for (int i = 0; i < Word::COUNT; ++i)
  {
    LoadWord(cuda::std::integral_constant<CacheLoadModifier, MODIFIER>{}, address + i * Word::BYTES, words.word[i]);
  }
  return cuda::std::bit_cast<T>(words);
}

template <CacheLoadModifier MODIFIER, typename T> __device__ CUBLING_FORCEINLINE T LoadFromPointer(const T* ptr)
{
  if constexpr (MODIFIER == LOAD_DEFAULT)
  {
    return *ptr;
  }
  else if constexpr (MODIFIER == LOAD_VOLATILE)
  {
    if constexpr (cuda::std::is_arithmetic_v<T> || cuda::std::is_pointer_v<T> || cuda::std::is_enum_v<T>)
    {
      return *const_cast<const volatile T*>(ptr);
    }
    else
    {
      // A struct has no volatile copy constructor: read its words through
      // volatile pointers instead.
      static_assert(cuda::std::is_trivially_copyable_v<T>,
                    "ThreadLoad<LOAD_VOLATILE> of a class type copies its bytes: T must be trivially copyable");
      using Word = ThreadWord<T>;
      ItemWords<T> words;
      const volatile typename Word::Type* source = reinterpret_cast<const volatile typename Word::Type*>(ptr);
      if constexpr (Word::BYTES == 16)
      {
#pragma unroll
        for (int i = 0; i < Word::COUNT; ++i)
        {
          const volatile unsigned int* lanes = &source[i].x; // uint4 has no volatile copy either
          words.word[i]                      = make_uint4(lanes[0], lanes[1], lanes[2], lanes[3]);
        }
      }
      else
      {
#pragma unroll
        for (int i = 0; i < Word::COUNT; ++i)
        {
          words.word[i] = source[i];
        }
      }
      return cuda::std::bit_cast<T>(words);
    }
  }
  else
  {
    return LoadWithModifier<MODIFIER>(ptr);
  }
}

} // namespace detail

//! @brief Read one item through `itr` with the cache policy `MODIFIER`.
//!
//! For a pointer, LOAD_DEFAULT is `*itr`, LOAD_VOLATILE a `volatile` read,
//! and every other modifier the PTX load `ld.global.<policy>` (see
//! cubling::CacheLoadModifier), issued once per machine word of the item:
//! an item is split into words as wide as its alignment, up to 16 bytes
//! (an `int8_t` is one byte load, a `double` one 8-byte load, a 16-byte
//! struct aligned to 16 one vector load, a 12-byte struct of `int`s three
//! 4-byte loads). Those modifiers need a pointer to global memory, aligned
//! for `T`, and a trivially copyable `T`.
//!
//! For any other iterator the modifier is ignored and the result is `*itr`.
//!
//! @tparam MODIFIER              the cache policy (default LOAD_DEFAULT)
//! @tparam RandomAccessIterator  a pointer or an input iterator
//! @param itr                    where to read
//! @return the item read, of the iterator's value type
template <CacheLoadModifier MODIFIER = LOAD_DEFAULT, typename RandomAccessIterator>
__device__ CUBLING_FORCEINLINE typename cuda::std::iterator_traits<RandomAccessIterator>::value_type
ThreadLoad(RandomAccessIterator itr)
{
  if constexpr (cuda::std::is_pointer_v<RandomAccessIterator>)
  {
    using T = cuda::std::remove_cv_t<cuda::std::remove_pointer_t<RandomAccessIterator>>;
    return detail::LoadFromPointer<MODIFIER>(const_cast<const T*>(itr));
  }
  else
  {
    return *itr;
  }
}

} // namespace cubling
