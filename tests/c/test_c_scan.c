/* DeviceScan's C API, from a C99 compiler.
 *
 * Every cubling_device_scan_* function (inclusive and exclusive sums,
 * inclusive min and max, of i32 u32 i64 u64 f32 f64):
 *   - the size query, first, without a GPU: it succeeds with null data
 *     pointers, for counts up to 2^31 + 5; the size is never 0 and is the
 *     same with (never dereferenced) non-null data pointers; a null
 *     temp_storage_bytes and a negative count are cudaErrorInvalidValue;
 *   - then (skipped, 77, without a GPU) seeded random inputs of 0, 1, 1000,
 *     4095, 4096, 4097 and 2^20 + 3 items, against a CPU reference: integer
 *     sums wrap and are exact, min and max are exact, float prefix sums lie
 *     within 8 eps * (sum of |x| so far) of a long double sum and are the
 *     same bits on a second run and in place (d_out == d_in). Outputs are
 *     poisoned first and a guard zone after them must stay poisoned;
 *     temporary storage is filled with garbage;
 *   - the bad-input table: a null input (with items), a null output (with
 *     items), a negative count, one byte of temporary storage too few, a null
 *     temp_storage_bytes: cudaErrorInvalidValue, with the output and the
 *     temporary storage untouched; 0 items with null data pointers succeeds
 *     and writes nothing.
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include <cubling/cubling.h>

#include "check.h"

static uint64_t rng;
static int cases;
static const size_t SENTINEL      = (size_t) 0xDEADBEEFu;
static const unsigned char POISON = 0xA5;
/* Items after the output that no call may write. */
#define GUARD 16

static const int64_t query_counts[] = {0, 1, 1000, (1 << 20) + 3, ((int64_t) 1 << 31) + 5};
static const int64_t run_counts[]   = {0, 1, 1000, 4095, 4096, 4097, (1 << 20) + 3};
#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

/* The four functions of a type, in this order. */
enum
{
  INCLUSIVE_SUM,
  EXCLUSIVE_SUM,
  INCLUSIVE_MIN,
  INCLUSIVE_MAX,
  FUNCTIONS
};
static const char* const op_names[FUNCTIONS] = {"inclusive_sum", "exclusive_sum", "inclusive_min", "inclusive_max"};

/* DEFINE_TESTS(sfx, T, UT, IS_FLOAT, EPS): the tests of the four functions of
 * one element type T (UT: the unsigned type of its width, for wrapping sums;
 * EPS: its epsilon, 0 for integers). */
#define DEFINE_TESTS(sfx, T, UT, IS_FLOAT, EPS)                                                                     \
  typedef cudaError_t (*scan_fn_##sfx)(void*, size_t*, const T*, T*, int64_t, cudaStream_t);                        \
  static const scan_fn_##sfx fns_##sfx[FUNCTIONS] = {                                                               \
    cubling_device_scan_inclusive_sum_##sfx, cubling_device_scan_exclusive_sum_##sfx,                               \
    cubling_device_scan_inclusive_min_##sfx, cubling_device_scan_inclusive_max_##sfx};                              \
                                                                                                                    \
  static void query_##sfx(void)                                                                                     \
  {                                                                                                                 \
    size_t c;                                                                                                       \
    int k;                                                                                                          \
    for (c = 0; c < COUNT_OF(query_counts); ++c)                                                                    \
    {                                                                                                               \
      const int64_t n = query_counts[c];                                                                            \
      for (k = 0; k < FUNCTIONS; ++k)                                                                               \
      {                                                                                                             \
        size_t bytes = SENTINEL, with_pointers = SENTINEL;                                                          \
        /* Never dereferenced: the size query does not look at the data pointers. */                               \
        T* fake = (T*) (uintptr_t) 0x10000;                                                                         \
        const cudaError_t ok         = fns_##sfx[k](NULL, &bytes, NULL, NULL, n, 0);                                \
        const cudaError_t pointers   = fns_##sfx[k](NULL, &with_pointers, fake, fake + 64, n, 0);                   \
        const cudaError_t null_bytes = fns_##sfx[k](NULL, NULL, NULL, NULL, n, 0);                                  \
        const cudaError_t negative   = fns_##sfx[k](NULL, &bytes, NULL, NULL, -1, 0);                               \
        EXPECT(ok == cudaSuccess, "cubling_device_scan_%s_" #sfx ": the size query for %lld items returned %s",    \
               op_names[k], (long long) n, cudaGetErrorName(ok));                                                   \
        EXPECT(bytes != SENTINEL && bytes > 0,                                                                      \
               "cubling_device_scan_%s_" #sfx ": the size query for %lld items wrote %zu", op_names[k],             \
               (long long) n, bytes);                                                                               \
        EXPECT(pointers == cudaSuccess && with_pointers == bytes,                                                   \
               "cubling_device_scan_%s_" #sfx ": with data pointers, the size query for %lld items returned %s "    \
               "and %zu bytes (%zu with null ones)",                                                                \
               op_names[k], (long long) n, cudaGetErrorName(pointers), with_pointers, bytes);                       \
        EXPECT(null_bytes == cudaErrorInvalidValue, "cubling_device_scan_%s_" #sfx ": a null temp_storage_bytes returned %s", \
               op_names[k], cudaGetErrorName(null_bytes));                                                          \
        EXPECT(negative == cudaErrorInvalidValue, "cubling_device_scan_%s_" #sfx ": num_items -1 returned %s",     \
               op_names[k], cudaGetErrorName(negative));                                                            \
        ++cases;                                                                                                    \
      }                                                                                                             \
    }                                                                                                               \
  }                                                                                                                 \
                                                                                                                    \
  /* Random items: every bit pattern for integers, uniform in [-1, 1) for floats. */                               \
  static void fill_##sfx(T* x, int64_t n)                                                                           \
  {                                                                                                                 \
    int64_t i;                                                                                                      \
    for (i = 0; i < n; ++i)                                                                                         \
    {                                                                                                               \
      const uint64_t r = check_random(&rng);                                                                        \
      if (IS_FLOAT)                                                                                                 \
      {                                                                                                             \
        x[i] = (T) ((double) (r >> 11) / 9007199254740992.0 * 2.0 - 1.0);                                           \
      }                                                                                                             \
      else                                                                                                          \
      {                                                                                                             \
        memcpy(&x[i], &r, sizeof(T));                                                                               \
      }                                                                                                             \
    }                                                                                                               \
  }                                                                                                                 \
                                                                                                                    \
  /* Query, allocate exactly that much (garbage-filled), run on d_in into d_out (which may be d_in), */            \
  /* then check that the GUARD items after the output are still poisoned and read the output back. */             \
  static void run_scan_##sfx(int k, const T* d_in, T* d_out, int64_t n, T* got)                                    \
  {                                                                                                                 \
    size_t bytes = SENTINEL;                                                                                        \
    void* temp;                                                                                                     \
    cudaError_t status = fns_##sfx[k](NULL, &bytes, d_in, d_out, n, 0);                                             \
    EXPECT(status == cudaSuccess && bytes != SENTINEL, "cubling_device_scan_%s_" #sfx ", %lld items: size query: %s", \
           op_names[k], (long long) n, cudaGetErrorName(status));                                                   \
    temp   = check_device_alloc(bytes, POISON);                                                                     \
    status = fns_##sfx[k](temp, &bytes, d_in, d_out, n, 0);                                                         \
    EXPECT(status == cudaSuccess, "cubling_device_scan_%s_" #sfx ", %lld items: %s", op_names[k], (long long) n,   \
           cudaGetErrorName(status));                                                                               \
    CHECK_CUDA(cudaDeviceSynchronize());                                                                            \
    EXPECT(check_device_untouched(d_out + n, GUARD * sizeof(T), POISON),                                            \
           "cubling_device_scan_%s_" #sfx ", %lld items: wrote past the end of the output", op_names[k],            \
           (long long) n);                                                                                          \
    CHECK_CUDA(cudaMemcpy(got, d_out, sizeof(T) * (size_t) n, cudaMemcpyDeviceToHost));                             \
    CHECK_CUDA(cudaFree(temp));                                                                                     \
  }                                                                                                                 \
                                                                                                                    \
  /* The CPU reference of function k over x[0 .. n), into want; for sums of floats also the running sum */         \
  /* of |x| (the scale of the tolerance), into scale. */                                                            \
  static void reference_##sfx(int k, const T* x, int64_t n, T* want, long double* scale)                           \
  {                                                                                                                 \
    int64_t i;                                                                                                      \
    UT wrapped    = 0;                                                                                              \
    long double s = 0, a = 0;                                                                                       \
    T best        = n > 0 ? x[0] : (T) 0;                                                                           \
    for (i = 0; i < n; ++i)                                                                                         \
    {                                                                                                               \
      if (k == EXCLUSIVE_SUM)                                                                                       \
      {                                                                                                             \
        want[i]  = IS_FLOAT ? (T) s : (T) wrapped;                                                                  \
        scale[i] = a;                                                                                               \
      }                                                                                                             \
      wrapped = (UT) (wrapped + (UT) x[i]);                                                                         \
      s += (long double) x[i];                                                                                      \
      a += fabsl((long double) x[i]);                                                                               \
      if (k == INCLUSIVE_SUM)                                                                                       \
      {                                                                                                             \
        want[i]  = IS_FLOAT ? (T) s : (T) wrapped;                                                                  \
        scale[i] = a;                                                                                               \
      }                                                                                                             \
      if (k == INCLUSIVE_MIN && x[i] < best)                                                                        \
      {                                                                                                             \
        best = x[i];                                                                                                \
      }                                                                                                             \
      if (k == INCLUSIVE_MAX && best < x[i])                                                                        \
      {                                                                                                             \
        best = x[i];                                                                                                \
      }                                                                                                             \
      if (k == INCLUSIVE_MIN || k == INCLUSIVE_MAX)                                                                 \
      {                                                                                                             \
        want[i]  = best;                                                                                            \
        scale[i] = 0;                                                                                               \
      }                                                                                                             \
    }                                                                                                               \
  }                                                                                                                 \
                                                                                                                    \
  static void run_##sfx(int64_t n)                                                                                  \
  {                                                                                                                 \
    const size_t items   = (size_t) (n > 0 ? n : 1);                                                                \
    T* x                 = (T*) malloc(sizeof(T) * items);                                                          \
    T* want              = (T*) malloc(sizeof(T) * items);                                                          \
    T* got               = (T*) malloc(sizeof(T) * items);                                                          \
    T* again             = (T*) malloc(sizeof(T) * items);                                                          \
    long double* scale   = (long double*) malloc(sizeof(long double) * items);                                      \
    T* d_in              = (T*) check_device_alloc(sizeof(T) * (size_t) (n + GUARD), POISON);                       \
    T* d_out             = (T*) check_device_alloc(sizeof(T) * (size_t) (n + GUARD), POISON);                       \
    int64_t i;                                                                                                      \
    int k;                                                                                                          \
    CHECK(x != NULL && want != NULL && got != NULL && again != NULL && scale != NULL);                              \
    fill_##sfx(x, n);                                                                                               \
    for (k = 0; k < FUNCTIONS; ++k)                                                                                 \
    {                                                                                                               \
      reference_##sfx(k, x, n, want, scale);                                                                        \
      /* out of place, into a poisoned output */                                                                    \
      CHECK_CUDA(cudaMemcpy(d_in, x, sizeof(T) * (size_t) n, cudaMemcpyHostToDevice));                             \
      CHECK_CUDA(cudaMemset(d_out, POISON, sizeof(T) * (size_t) (n + GUARD)));                                      \
      run_scan_##sfx(k, d_in, d_out, n, got);                                                                       \
      for (i = 0; i < n; ++i)                                                                                       \
      {                                                                                                             \
        const int ok = (IS_FLOAT && scale[i] > 0)                                                                   \
                         ? fabsl((long double) got[i] - (long double) want[i]) <= 8 * (long double) (EPS) * scale[i] \
                         : memcmp(&got[i], &want[i], sizeof(T)) == 0;                                               \
        EXPECT(ok, "cubling_device_scan_%s_" #sfx ", %lld items: item %lld is %.21Lg, the CPU says %.21Lg",        \
               op_names[k], (long long) n, (long long) i, (long double) got[i], (long double) want[i]);             \
      }                                                                                                             \
      /* in place: the same bits (deterministic), and the input of the next function is uploaded again */          \
      run_scan_##sfx(k, d_in, d_in, n, again);                                                                      \
      for (i = 0; i < n; ++i)                                                                                       \
      {                                                                                                             \
        EXPECT(memcmp(&got[i], &again[i], sizeof(T)) == 0,                                                          \
               "cubling_device_scan_%s_" #sfx ", %lld items, in place: item %lld is %.21Lg, out of place %.21Lg",  \
               op_names[k], (long long) n, (long long) i, (long double) again[i], (long double) got[i]);            \
      }                                                                                                             \
      ++cases;                                                                                                      \
    }                                                                                                               \
    /* floats: a second run gives the same bits */                                                                  \
    if (IS_FLOAT)                                                                                                   \
    {                                                                                                               \
      for (k = INCLUSIVE_SUM; k <= EXCLUSIVE_SUM; ++k)                                                              \
      {                                                                                                             \
        CHECK_CUDA(cudaMemcpy(d_in, x, sizeof(T) * (size_t) n, cudaMemcpyHostToDevice));                           \
        CHECK_CUDA(cudaMemset(d_out, POISON, sizeof(T) * (size_t) (n + GUARD)));                                    \
        run_scan_##sfx(k, d_in, d_out, n, got);                                                                     \
        CHECK_CUDA(cudaMemset(d_out, POISON, sizeof(T) * (size_t) (n + GUARD)));                                    \
        run_scan_##sfx(k, d_in, d_out, n, again);                                                                   \
        EXPECT(n == 0 || memcmp(got, again, sizeof(T) * (size_t) n) == 0,                                           \
               "cubling_device_scan_%s_" #sfx ", %lld items: two runs differ: not deterministic", op_names[k],      \
               (long long) n);                                                                                      \
        ++cases;                                                                                                    \
      }                                                                                                             \
    }                                                                                                               \
    CHECK_CUDA(cudaFree(d_in));                                                                                     \
    CHECK_CUDA(cudaFree(d_out));                                                                                    \
    free(x);                                                                                                        \
    free(want);                                                                                                     \
    free(got);                                                                                                      \
    free(again);                                                                                                    \
    free(scale);                                                                                                    \
  }                                                                                                                 \
                                                                                                                    \
  /* The bad-input table of function k. */                                                                          \
  static void bad_##sfx(int k)                                                                                      \
  {                                                                                                                 \
    const int64_t n = 1000;                                                                                         \
    T x[1000];                                                                                                      \
    T* d_in  = (T*) check_device_alloc(sizeof x, POISON);                                                           \
    T* d_out = (T*) check_device_alloc(sizeof x + GUARD * sizeof(T), POISON);                                       \
    size_t q = SENTINEL, given;                                                                                     \
    void* temp;                                                                                                     \
    int row;                                                                                                        \
    cudaError_t status;                                                                                             \
    fill_##sfx(x, n);                                                                                               \
    CHECK_CUDA(cudaMemcpy(d_in, x, sizeof x, cudaMemcpyHostToDevice));                                              \
    status = fns_##sfx[k](NULL, &q, d_in, d_out, n, 0);                                                             \
    EXPECT(status == cudaSuccess, "cubling_device_scan_%s_" #sfx ": size query: %s", op_names[k],                  \
           cudaGetErrorName(status));                                                                               \
    EXPECT(q > 0, "cubling_device_scan_%s_" #sfx ": the size query said 0 bytes", op_names[k]);                    \
    EXPECT(check_device_untouched(d_out, sizeof x + GUARD * sizeof(T), POISON),                                     \
           "cubling_device_scan_%s_" #sfx ": the size query wrote the output",                                      \
           op_names[k]);                                                                                            \
    temp = check_device_alloc(q + 1, POISON);                                                                       \
    /* rows: 0 null input, 1 null output, 2 num_items -1, 3 one byte too few, 4 a null temp_storage_bytes,        \
       5 num_items INT64_MIN */                                                                                     \
    for (row = 0; row < 6; ++row)                                                                                   \
    {                                                                                                               \
      const T* in       = row == 0 ? NULL : d_in;                                                                   \
      T* out            = row == 1 ? NULL : d_out;                                                                  \
      const int64_t cnt = row == 2 ? -1 : (row == 5 ? INT64_MIN : n);                                               \
      size_t* bytes     = row == 4 ? NULL : &given;                                                                 \
      given             = row == 3 ? q - 1 : q;                                                                     \
      CHECK_CUDA(cudaMemset(temp, POISON, q + 1));                                                                  \
      status = fns_##sfx[k](temp, bytes, in, out, cnt, 0);                                                          \
      EXPECT(status == cudaErrorInvalidValue, "cubling_device_scan_%s_" #sfx ", bad-input row %d: returned %s",    \
             op_names[k], row, cudaGetErrorName(status));                                                           \
      EXPECT(cudaGetLastError() == cudaSuccess, "cubling_device_scan_%s_" #sfx ", bad-input row %d: an error was left behind", \
             op_names[k], row);                                                                                     \
      EXPECT(check_device_untouched(d_out, sizeof x + GUARD * sizeof(T), POISON),                                   \
             "cubling_device_scan_%s_" #sfx ", bad-input row %d: the output was written", op_names[k], row);        \
      EXPECT(check_device_untouched(temp, q + 1, POISON),                                                           \
             "cubling_device_scan_%s_" #sfx ", bad-input row %d: the temporary storage was written",                \
             op_names[k], row);                                                                                     \
      ++cases;                                                                                                      \
    }                                                                                                               \
    /* 0 items: succeeds with null data pointers, and with real ones writes nothing */                              \
    given  = q;                                                                                                     \
    status = fns_##sfx[k](temp, &given, NULL, NULL, 0, 0);                                                          \
    EXPECT(status == cudaSuccess, "cubling_device_scan_%s_" #sfx ": 0 items and null data returned %s",            \
           op_names[k], cudaGetErrorName(status));                                                                  \
    status = fns_##sfx[k](temp, &given, d_in, d_out, 0, 0);                                                         \
    EXPECT(status == cudaSuccess, "cubling_device_scan_%s_" #sfx ": 0 items returned %s", op_names[k],             \
           cudaGetErrorName(status));                                                                               \
    EXPECT(cudaDeviceSynchronize() == cudaSuccess, "cubling_device_scan_%s_" #sfx ": 0 items: an error",           \
           op_names[k]);                                                                                            \
    EXPECT(check_device_untouched(d_out, sizeof x + GUARD * sizeof(T), POISON),                                     \
           "cubling_device_scan_%s_" #sfx ": 0 items wrote the output",                                             \
           op_names[k]);                                                                                            \
    CHECK_CUDA(cudaFree(temp));                                                                                     \
    CHECK_CUDA(cudaFree(d_in));                                                                                     \
    CHECK_CUDA(cudaFree(d_out));                                                                                    \
    ++cases;                                                                                                        \
  }                                                                                                                 \
                                                                                                                    \
  static void test_##sfx(void)                                                                                      \
  {                                                                                                                 \
    size_t c;                                                                                                       \
    int k;                                                                                                          \
    for (c = 0; c < COUNT_OF(run_counts); ++c)                                                                      \
    {                                                                                                               \
      run_##sfx(run_counts[c]);                                                                                     \
    }                                                                                                               \
    for (k = 0; k < FUNCTIONS; ++k)                                                                                 \
    {                                                                                                               \
      bad_##sfx(k);                                                                                                 \
    }                                                                                                               \
  }

DEFINE_TESTS(i32, int32_t, uint32_t, 0, 0)
DEFINE_TESTS(u32, uint32_t, uint32_t, 0, 0)
DEFINE_TESTS(i64, int64_t, uint64_t, 0, 0)
DEFINE_TESTS(u64, uint64_t, uint64_t, 0, 0)
DEFINE_TESTS(f32, float, uint32_t, 1, FLT_EPSILON)
DEFINE_TESTS(f64, double, uint64_t, 1, DBL_EPSILON)

int main(void)
{
  rng = check_seed();

  /* The size query needs no GPU. */
  query_i32();
  query_u32();
  query_i64();
  query_u64();
  query_f32();
  query_f64();
  printf("C DeviceScan size queries: %d checks passed\n", cases);

  check_skip_without_gpu();
  test_i32();
  test_u32();
  test_i64();
  test_u64();
  test_f32();
  test_f64();
  printf("C DeviceScan: %d checks passed\n", cases);
  return 0;
}
