//! @file
//! ThreadStore: one thread writes one item, with a chosen cache policy.
//!
//! The store-side twin of ThreadLoad: STORE_CG, STORE_CS and friends name
//! the PTX `st.global.<policy>` instruction instead of leaving the choice to
//! the compiler. The item is written as a sequence of machine words (16, 8,
//! 4, 2 or 1 bytes, the widest that its alignment allows).
#pragma once

#include <cubling/thread/thread_load.cuh>
#include <cubling/util/macros.cuh>

#include <cuda/std/bit>
#include <cuda/std/type_traits>

namespace cubling
{

//! @brief Cache policies for cubling::ThreadStore (CUB's names and order).
//!
//! Every modifier but STORE_DEFAULT and STORE_VOLATILE becomes one PTX
//! `st.global.<policy>` instruction, so a pointer given with them must point
//! to global memory. They change only how the line is cached; the value
//! stored is the same.
enum CacheStoreModifier
{
  //! A plain C++ write (`*ptr = val`): the compiler chooses. Any memory space.
  STORE_DEFAULT,
  //! `st.global.wb`: write back; cache at all levels that may hold it.
  STORE_WB,
  //! `st.global.cg`: cache in L2 only, bypass L1.
  STORE_CG,
  //! `st.global.cs`: streaming, likely written once and not read soon: evict first.
  STORE_CS,
  //! `st.global.wt`: write through to system memory.
  STORE_WT,
  //! A `volatile` C++ write: never merged with or removed for another write. Any memory space.
  STORE_VOLATILE,
};

namespace detail
{

// One PTX store per word size. The "memory" clobber keeps stores in program
// order with the thread's other memory accesses.
#define CUBLING_DEFINE_STORE_WORD(MODIFIER, PTX)                                                                       \
  __device__ CUBLING_FORCEINLINE void StoreWord(cuda::std::integral_constant<CacheStoreModifier, MODIFIER>,            \
                                                size_t address, const uint4& word)                                     \
  {                                                                                                                    \
    asm volatile("st.global." PTX ".v4.u32 [%0], {%1, %2, %3, %4};"                                                    \
                 :                                                                                                     \
                 : "l"(address), "r"(word.x), "r"(word.y), "r"(word.z), "r"(word.w)                                    \
                 : "memory");                                                                                          \
  }                                                                                                                    \
  __device__ CUBLING_FORCEINLINE void StoreWord(cuda::std::integral_constant<CacheStoreModifier, MODIFIER>,            \
                                                size_t address, unsigned long long word)                               \
  {                                                                                                                    \
    asm volatile("st.global." PTX ".u64 [%0], %1;" : : "l"(address), "l"(word) : "memory");                            \
  }                                                                                                                    \
  __device__ CUBLING_FORCEINLINE void StoreWord(cuda::std::integral_constant<CacheStoreModifier, MODIFIER>,            \
                                                size_t address, unsigned int word)                                     \
  {                                                                                                                    \
    asm volatile("st.global." PTX ".u32 [%0], %1;" : : "l"(address), "r"(word) : "memory");                            \
  }                                                                                                                    \
  __device__ CUBLING_FORCEINLINE void StoreWord(cuda::std::integral_constant<CacheStoreModifier, MODIFIER>,            \
                                                size_t address, unsigned short word)                                   \
  {                                                                                                                    \
    asm volatile("st.global." PTX ".u16 [%0], %1;" : : "l"(address), "h"(word) : "memory");                            \
  }                                                                                                                    \
  __device__ CUBLING_FORCEINLINE void StoreWord(cuda::std::integral_constant<CacheStoreModifier, MODIFIER>,            \
                                                size_t address, unsigned char word)                                    \
  {                                                                                                                    \
    /* a byte store takes a register of at least 16 bits; only its low byte is written */                              \
    const unsigned short wide = word;                                                                                  \
    asm volatile("st.global." PTX ".u8 [%0], %1;" : : "l"(address), "h"(wide) : "memory");                             \
  }

CUBLING_DEFINE_STORE_WORD(STORE_WB, "wb")
CUBLING_DEFINE_STORE_WORD(STORE_CG, "cg")
CUBLING_DEFINE_STORE_WORD(STORE_CS, "cs")
CUBLING_DEFINE_STORE_WORD(STORE_WT, "wt")

#undef CUBLING_DEFINE_STORE_WORD

template <CacheStoreModifier MODIFIER, typename T>
__device__ CUBLING_FORCEINLINE void StoreToPointer(T* ptr, const T& val)
{
  if constexpr (MODIFIER == STORE_DEFAULT)
  {
    *ptr = val;
  }
  else if constexpr (MODIFIER == STORE_VOLATILE)
  {
    if constexpr (cuda::std::is_arithmetic_v<T> || cuda::std::is_pointer_v<T> || cuda::std::is_enum_v<T>)
    {
      *const_cast<volatile T*>(ptr) = val;
    }
    else
    {
      // A struct has no volatile assignment: write its words through
      // volatile pointers instead.
      static_assert(cuda::std::is_trivially_copyable_v<T>,
                    "ThreadStore<STORE_VOLATILE> of a class type copies its bytes: T must be trivially copyable");
      using Word                           = ThreadWord<T>;
      const ItemWords<T> words             = cuda::std::bit_cast<ItemWords<T>>(val);
      volatile typename Word::Type* target = reinterpret_cast<volatile typename Word::Type*>(ptr);
#pragma unroll
      for (int i = 0; i < Word::COUNT; ++i)
      {
        if constexpr (Word::BYTES == 16)
        {
          volatile unsigned int* lanes = &target[i].x; // uint4 has no volatile assignment either
          lanes[0]                     = words.word[i].x;
          lanes[1]                     = words.word[i].y;
          lanes[2]                     = words.word[i].z;
          lanes[3]                     = words.word[i].w;
        }
        else
        {
          target[i] = words.word[i];
        }
      }
    }
  }
  else
  {
    static_assert(cuda::std::is_trivially_copyable_v<T>,
                  "ThreadStore with a PTX cache modifier copies the item's bytes: T must be trivially copyable");
    using Word               = ThreadWord<T>;
    const ItemWords<T> words = cuda::std::bit_cast<ItemWords<T>>(val);
    const size_t address     = __cvta_generic_to_global(ptr);
#pragma unroll
    for (int i = 0; i < Word::COUNT; ++i)
    {
      StoreWord(cuda::std::integral_constant<CacheStoreModifier, MODIFIER>{}, address + i * Word::BYTES, words.word[i]);
    }
  }
}

} // namespace detail

//! @brief Write `val` through `itr` with the cache policy `MODIFIER`.
//!
//! For a pointer, STORE_DEFAULT is `*itr = val`, STORE_VOLATILE a `volatile`
//! write, and every other modifier the PTX store `st.global.<policy>` (see
//! cubling::CacheStoreModifier), issued once per machine word of the item,
//! the words as wide as the item's alignment allows (up to 16 bytes). Those
//! modifiers need a pointer to global memory, aligned for the item type,
//! and a trivially copyable item type.
//!
//! For any other output iterator the modifier is ignored: `*itr = val`.
//!
//! @tparam MODIFIER         the cache policy (default STORE_DEFAULT)
//! @tparam OutputIteratorT  a pointer or an output iterator
//! @tparam T                type of the value (converted to the pointee type for a pointer)
//! @param itr               where to write
//! @param val               the value to write
template <CacheStoreModifier MODIFIER = STORE_DEFAULT, typename OutputIteratorT, typename T>
__device__ CUBLING_FORCEINLINE void ThreadStore(OutputIteratorT itr, T val)
{
  if constexpr (cuda::std::is_pointer_v<OutputIteratorT>)
  {
    using Item = cuda::std::remove_cv_t<cuda::std::remove_pointer_t<OutputIteratorT>>;
    detail::StoreToPointer<MODIFIER>(const_cast<Item*>(itr), static_cast<Item>(val));
  }
  else
  {
    *itr = val;
  }
}

} // namespace cubling
