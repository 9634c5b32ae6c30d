/* DeviceRadixSort's C API, from a C99 compiler.
 *
 * Every cubling_device_radix_sort_* function (keys and pairs with 4- and
 * 8-byte values, ascending and descending, keys i32 u32 i64 u64 f32 f64):
 *   - the size query, first, without a GPU: it succeeds with null data
 *     pointers, for counts up to 2^31 + 5; the size is never 0; a null
 *     temp_storage_bytes, a negative count and bad bit ranges are
 *     cudaErrorInvalidValue;
 *   - then (skipped, 77, without a GPU) seeded random keys (every bit
 *     pattern, NaNs included) of 0, 1, 1000, 4097, 100003 and 2^20 + 3
 *     items, on all bits and on a window, against a CPU stable sort of the
 *     keys' ordered bits; the values are the input indices (stability).
 *     Outputs are poisoned first, and a guard zone after them must stay
 *     poisoned; the temporary storage is filled with garbage;
 *   - the bad-input table: a null key pointer (with items), a negative
 *     count, one byte of temporary storage too few, begin_bit < 0, end_bit
 *     past the key: cudaErrorInvalidValue, with the output untouched.
 */
#include <string.h>

#include <cubling/cubling.h>

#include "check.h"

static uint64_t rng;
static int cases;
static const unsigned char POISON = 0xA5;
#define GUARD 16

/* The ordered bits of a key (ascending unsigned order is the sort order); -0.0 ranks as +0.0. */
static uint64_t ordered(const void* key, int size, int is_float, int is_signed)
{
  uint64_t bits = 0, sign = (uint64_t) 1 << (size * 8 - 1);
  memcpy(&bits, key, (size_t) size); /* little endian */
  if (is_float)
  {
    if (bits == sign)
    {
      bits = 0; /* -0.0 ranks as +0.0 */
    }
    bits = (bits & sign) ? ~bits : (bits | sign);
    if (size < 8)
    {
      bits &= (((uint64_t) 1 << (size * 8)) - 1);
    }
  }
  else if (is_signed)
  {
    bits ^= sign;
  }
  return bits;
}

typedef struct
{
  uint64_t rank;
  int64_t index;
} Ranked;

static int by_rank(const void* a, const void* b)
{
  const Ranked* x = (const Ranked*) a;
  const Ranked* y = (const Ranked*) b;
  if (x->rank != y->rank)
  {
    return x->rank < y->rank ? -1 : 1;
  }
  return x->index < y->index ? -1 : (x->index > y->index ? 1 : 0); /* stable */
}

/* One key type: `size` bytes, the C functions in order (keys, keys descending, pairs v32, v32 descending, v64, v64 descending). */
typedef cudaError_t (*keys_fn)(void*, size_t*, const void*, void*, int64_t, int, int, cudaStream_t);
typedef cudaError_t (*pairs_fn)(void*, size_t*, const void*, void*, const void*, void*, int64_t, int, int,
                                cudaStream_t);
typedef struct
{
  const char* name;
  int size;
  int is_float;
  int is_signed;
  keys_fn keys[2];
  pairs_fn pairs32[2];
  pairs_fn pairs64[2];
} KeyType;

/* Typed wrappers with the table's signatures: C calls each function through a
 * pointer of its own type (a call through a cast pointer would be undefined). */
#define KEY_WRAPPERS(s, T)                                                                                      \
  static cudaError_t keys_##s(void* t, size_t* b, const void* ki, void* ko, int64_t n, int bb, int eb,         \
                              cudaStream_t st)                                                                 \
  {                                                                                                            \
    return cubling_device_radix_sort_keys_##s(t, b, (const T*) ki, (T*) ko, n, bb, eb, st);                    \
  }                                                                                                            \
  static cudaError_t keys_descending_##s(void* t, size_t* b, const void* ki, void* ko, int64_t n, int bb,      \
                                         int eb, cudaStream_t st)                                              \
  {                                                                                                            \
    return cubling_device_radix_sort_keys_descending_##s(t, b, (const T*) ki, (T*) ko, n, bb, eb, st);         \
  }                                                                                                            \
  PAIR_WRAPPERS(s, T, v32, uint32_t)                                                                           \
  PAIR_WRAPPERS(s, T, v64, uint64_t)
#define PAIR_WRAPPERS(s, T, v, V)                                                                               \
  static cudaError_t pairs_##s##_##v(void* t, size_t* b, const void* ki, void* ko, const void* vi, void* vo,   \
                                     int64_t n, int bb, int eb, cudaStream_t st)                               \
  {                                                                                                            \
    return cubling_device_radix_sort_pairs_##s##_##v(t, b, (const T*) ki, (T*) ko, (const V*) vi, (V*) vo, n,  \
                                                     bb, eb, st);                                              \
  }                                                                                                            \
  static cudaError_t pairs_descending_##s##_##v(void* t, size_t* b, const void* ki, void* ko, const void* vi,  \
                                                void* vo, int64_t n, int bb, int eb, cudaStream_t st)          \
  {                                                                                                            \
    return cubling_device_radix_sort_pairs_descending_##s##_##v(t, b, (const T*) ki, (T*) ko, (const V*) vi,   \
                                                                (V*) vo, n, bb, eb, st);                       \
  }
KEY_WRAPPERS(i32, int32_t)
KEY_WRAPPERS(u32, uint32_t)
KEY_WRAPPERS(i64, int64_t)
KEY_WRAPPERS(u64, uint64_t)
KEY_WRAPPERS(f32, float)
KEY_WRAPPERS(f64, double)

#define KEY_TYPE(s, T, f, sg)                                                                                   \
  {#s, (int) sizeof(T), f, sg, {keys_##s, keys_descending_##s}, {pairs_##s##_v32, pairs_descending_##s##_v32}, \
   {pairs_##s##_v64, pairs_descending_##s##_v64}}

static const KeyType key_types[] = {KEY_TYPE(i32, int32_t, 0, 1), KEY_TYPE(u32, uint32_t, 0, 0),
                                    KEY_TYPE(i64, int64_t, 0, 1), KEY_TYPE(u64, uint64_t, 0, 0),
                                    KEY_TYPE(f32, float, 1, 0),   KEY_TYPE(f64, double, 1, 0)};
#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

static const int64_t query_counts[] = {0, 1, 1000, (1 << 20) + 3, ((int64_t) 1 << 31) + 5};
static const int64_t run_counts[]   = {0, 1, 1000, 4097, 100003, (1 << 20) + 3};

/* Call function `f` (0 keys, 1 pairs v32, 2 pairs v64) of type t, descending or not. */
static cudaError_t call(const KeyType* t, int f, int descending, void* temp, size_t* bytes, const void* kin,
                        void* kout, const void* vin, void* vout, int64_t n, int begin_bit, int end_bit)
{
  if (f == 0)
  {
    return t->keys[descending](temp, bytes, kin, kout, n, begin_bit, end_bit, 0);
  }
  return (f == 1 ? t->pairs32 : t->pairs64)[descending](temp, bytes, kin, kout, vin, vout, n, begin_bit, end_bit, 0);
}

static void size_queries(void)
{
  size_t i, c;
  int f, d;
  for (i = 0; i < COUNT_OF(key_types); ++i)
  {
    const KeyType* t = &key_types[i];
    for (f = 0; f < 3; ++f)
    {
      for (d = 0; d < 2; ++d)
      {
        for (c = 0; c < COUNT_OF(query_counts); ++c)
        {
          size_t bytes = 0;
          check_set_context("size query of %s, function %d, descending %d, n = %lld", t->name, f, d,
                            (long long) query_counts[c]);
          CHECK(call(t, f, d, NULL, &bytes, NULL, NULL, NULL, NULL, query_counts[c], 0, t->size * 8) == cudaSuccess);
          CHECK(bytes > 0);
        }
        CHECK(call(t, f, d, NULL, NULL, NULL, NULL, NULL, NULL, 10, 0, t->size * 8) == cudaErrorInvalidValue);
        {
          size_t bytes = 0;
          CHECK(call(t, f, d, NULL, &bytes, NULL, NULL, NULL, NULL, -1, 0, t->size * 8) == cudaErrorInvalidValue);
          CHECK(call(t, f, d, NULL, &bytes, NULL, NULL, NULL, NULL, 10, -1, 8) == cudaErrorInvalidValue);
          CHECK(call(t, f, d, NULL, &bytes, NULL, NULL, NULL, NULL, 10, 0, t->size * 8 + 1) == cudaErrorInvalidValue);
          CHECK(call(t, f, d, NULL, &bytes, NULL, NULL, NULL, NULL, 10, 9, 8) == cudaErrorInvalidValue);
        }
        ++cases;
      }
    }
  }
}

/* Sort n random keys of type t with function f on bits [begin_bit, end_bit) and check against the CPU. */
static void run_case(const KeyType* t, int f, int descending, int64_t n, int begin_bit, int end_bit)
{
  const size_t ks = (size_t) t->size, vs = f == 2 ? 8 : 4, room = (size_t) n + GUARD;
  unsigned char* keys   = (unsigned char*) malloc(room * ks);
  unsigned char* values = (unsigned char*) malloc(room * vs);
  unsigned char* got    = (unsigned char*) malloc(room * (ks > vs ? ks : vs));
  Ranked* ranked        = (Ranked*) malloc((n > 0 ? (size_t) n : 1) * sizeof(Ranked));
  void *kin, *kout, *vin, *vout, *temp;
  size_t bytes = 0, i;
  cudaError_t status;
  check_set_context("%s keys, function %d, descending %d, n = %lld, bits [%d, %d)", t->name, f, descending,
                    (long long) n, begin_bit, end_bit);
  CHECK(keys && values && got && ranked);
  for (i = 0; i < (size_t) n * ks; ++i)
  {
    keys[i] = (unsigned char) check_random(&rng);
  }
  for (i = 0; i < (size_t) n; ++i)
  {
    const uint64_t index = i;
    memcpy(values + i * vs, &index, vs);
    {
      uint64_t r = ordered(keys + i * ks, t->size, t->is_float, t->is_signed);
      if (descending)
      {
        r = ~r;
      }
      r = end_bit - begin_bit >= 64 ? (r >> begin_bit) : ((r >> begin_bit) & (((uint64_t) 1 << (end_bit - begin_bit)) - 1));
      ranked[i].rank  = r;
      ranked[i].index = (int64_t) i;
    }
  }
  /* ~r of a float's folded zero is the same for both zeros; integers' widths below 64 only lose high ones. */
  qsort(ranked, (size_t) n, sizeof(Ranked), by_rank);
  kin  = check_device_alloc(room * ks, POISON);
  kout = check_device_alloc(room * ks, POISON);
  vin  = check_device_alloc(room * vs, POISON);
  vout = check_device_alloc(room * vs, POISON);
  CHECK_CUDA(cudaMemcpy(kin, keys, (size_t) n * ks, cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(vin, values, (size_t) n * vs, cudaMemcpyHostToDevice));
  CHECK(call(t, f, descending, NULL, &bytes, kin, kout, vin, vout, n, begin_bit, end_bit) == cudaSuccess);
  temp = check_device_alloc(bytes, POISON);
  CHECK_CUDA(cudaMemset(temp, 0xC3, bytes));
  status = call(t, f, descending, temp, &bytes, kin, kout, vin, vout, n, begin_bit, end_bit);
  EXPECT(status == cudaSuccess, "returned %s", cudaGetErrorName(status));
  CHECK_LAUNCH();
  CHECK(check_device_untouched((unsigned char*) kout + (size_t) n * ks, GUARD * ks, POISON));
  CHECK_CUDA(cudaMemcpy(got, kout, (size_t) n * ks, cudaMemcpyDeviceToHost));
  for (i = 0; i < (size_t) n; ++i)
  {
    EXPECT(memcmp(got + i * ks, keys + (size_t) ranked[i].index * ks, ks) == 0, "key %zu differs from the CPU's", i);
  }
  if (f > 0)
  {
    CHECK(check_device_untouched((unsigned char*) vout + (size_t) n * vs, GUARD * vs, POISON));
    CHECK_CUDA(cudaMemcpy(got, vout, (size_t) n * vs, cudaMemcpyDeviceToHost));
    for (i = 0; i < (size_t) n; ++i)
    {
      uint64_t v = 0;
      memcpy(&v, got + i * vs, vs);
      EXPECT(v == (uint64_t) ranked[i].index, "value %zu is %llu, not %lld (stability)", i, (unsigned long long) v,
             (long long) ranked[i].index);
    }
  }
  /* Bad input: nothing written. */
  if (n > 0)
  {
    size_t fewer = bytes - 1;
    CHECK_CUDA(cudaMemset(kout, POISON, room * ks));
    CHECK(call(t, f, descending, temp, &bytes, NULL, kout, vin, vout, n, begin_bit, end_bit) == cudaErrorInvalidValue);
    CHECK(call(t, f, descending, temp, &bytes, kin, kout, vin, vout, -5, begin_bit, end_bit) == cudaErrorInvalidValue);
    CHECK(call(t, f, descending, temp, &bytes, kin, kout, vin, vout, n, -1, end_bit) == cudaErrorInvalidValue);
    CHECK(call(t, f, descending, temp, &bytes, kin, kout, vin, vout, n, 0, t->size * 8 + 1) == cudaErrorInvalidValue);
    if (bytes > 1)
    {
      CHECK(call(t, f, descending, temp, &fewer, kin, kout, vin, vout, n, begin_bit, end_bit) == cudaErrorInvalidValue);
    }
    CHECK(check_device_untouched(kout, room * ks, POISON));
  }
  CHECK_CUDA(cudaFree(kin));
  CHECK_CUDA(cudaFree(kout));
  CHECK_CUDA(cudaFree(vin));
  CHECK_CUDA(cudaFree(vout));
  CHECK_CUDA(cudaFree(temp));
  free(keys);
  free(values);
  free(got);
  free(ranked);
  ++cases;
}

int main(void)
{
  size_t i, c;
  int f, d;
  rng = check_seed();
  size_queries();
  check_skip_without_gpu();
  for (i = 0; i < COUNT_OF(key_types); ++i)
  {
    const KeyType* t = &key_types[i];
    for (f = 0; f < 3; ++f)
    {
      for (d = 0; d < 2; ++d)
      {
        for (c = 0; c < COUNT_OF(run_counts); ++c)
        {
          run_case(t, f, d, run_counts[c], 0, t->size * 8);
        }
        run_case(t, f, d, 100003, 3, t->size * 6);
      }
    }
  }
  printf("DeviceRadixSort C API: %d cases passed\n", cases);
  return 0;
}
