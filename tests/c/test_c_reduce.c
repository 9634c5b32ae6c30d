/* DeviceReduce's C API, from a C99 compiler.
 *
 * Every cubling_device_reduce_* function (sum, min, max, argmin, argmax of
 * i32 u32 i64 u64 f32 f64):
 *   - the size query, first, without a GPU: it succeeds with null data
 *     pointers, for counts up to 2^31 + 5; a null temp_storage_bytes and a
 *     negative count are cudaErrorInvalidValue;
 *   - then (skipped, 77, without a GPU) seeded random inputs of 0, 1, 1000
 *     and 2^20 + 3 items, against a CPU reference: integer sums wrap, float
 *     sums lie within 8 eps * sum|x| of a long double sum and are the same
 *     bits on a second run, min/max/argmin/argmax are exact (ties: the first
 *     index), and an empty input writes 0, the type's largest or lowest value
 *     and index 1. Outputs are poisoned first, temporary storage is filled
 *     with garbage;
 *   - the bad-input table: a null input (with items), a null output, a null
 *     index output, a negative count, one byte of temporary storage too few,
 *     a null temp_storage_bytes: cudaErrorInvalidValue, with the outputs and
 *     the temporary storage untouched; 0 items with a null input succeeds.
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include <cubling/cubling.h>

#include "check.h"

static uint64_t rng;
static int cases;
static const size_t SENTINEL    = (size_t) 0xDEADBEEFu;
static const unsigned char POISON = 0xA5;

static const int64_t query_counts[] = {0, 1, 1000, (1 << 20) + 3, ((int64_t) 1 << 31) + 5};
static const int64_t run_counts[]   = {0, 1, 1000, (1 << 20) + 3};
#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

/* DEFINE_TESTS(sfx, T, UT, IS_FLOAT, MAXV, LOWV, EPS): the tests of the five
 * functions of one element type T (UT: the unsigned type of its width, for
 * wrapping sums; EPS: its epsilon, 0 for integers). */
#define DEFINE_TESTS(sfx, T, UT, IS_FLOAT, MAXV, LOWV, EPS)                                                          \
  typedef cudaError_t (*reduce_fn_##sfx)(void*, size_t*, const T*, T*, int64_t, cudaStream_t);                      \
  typedef cudaError_t (*arg_fn_##sfx)(void*, size_t*, const T*, T*, int64_t*, int64_t, cudaStream_t);               \
                                                                                                                    \
  static void query_##sfx(void)                                                                                     \
  {                                                                                                                 \
    const char* names[5]       = {"sum_" #sfx, "min_" #sfx, "max_" #sfx, "argmin_" #sfx, "argmax_" #sfx};           \
    const reduce_fn_##sfx f[3] = {cubling_device_reduce_sum_##sfx, cubling_device_reduce_min_##sfx,                 \
                                  cubling_device_reduce_max_##sfx};                                                 \
    const arg_fn_##sfx g[2]    = {cubling_device_reduce_argmin_##sfx, cubling_device_reduce_argmax_##sfx};          \
    size_t c;                                                                                                       \
    int k;                                                                                                          \
    for (c = 0; c < COUNT_OF(query_counts); ++c)                                                                    \
    {                                                                                                               \
      const int64_t n = query_counts[c];                                                                            \
      for (k = 0; k < 5; ++k)                                                                                       \
      {                                                                                                             \
        size_t bytes = SENTINEL;                                                                                    \
        cudaError_t ok, null_bytes, negative;                                                                       \
        if (k < 3)                                                                                                  \
        {                                                                                                           \
          ok         = f[k](NULL, &bytes, NULL, NULL, n, 0);                                                        \
          null_bytes = f[k](NULL, NULL, NULL, NULL, n, 0);                                                          \
          negative   = f[k](NULL, &bytes, NULL, NULL, -1, 0);                                                       \
        }                                                                                                           \
        else                                                                                                        \
        {                                                                                                           \
          ok         = g[k - 3](NULL, &bytes, NULL, NULL, NULL, n, 0);                                              \
          null_bytes = g[k - 3](NULL, NULL, NULL, NULL, NULL, n, 0);                                                \
          negative   = g[k - 3](NULL, &bytes, NULL, NULL, NULL, -1, 0);                                             \
        }                                                                                                           \
        EXPECT(ok == cudaSuccess, "cubling_device_reduce_%s: the size query for %lld items returned %s",           \
                names[k], (long long) n, cudaGetErrorName(ok));                                                     \
        EXPECT(bytes != SENTINEL, "cubling_device_reduce_%s: the size query did not write *temp_storage_bytes",   \
                names[k]);                                                                                          \
        EXPECT(null_bytes == cudaErrorInvalidValue,                                                                \
                "cubling_device_reduce_%s: a null temp_storage_bytes returned %s", names[k],                        \
                cudaGetErrorName(null_bytes));                                                                      \
        EXPECT(negative == cudaErrorInvalidValue, "cubling_device_reduce_%s: num_items -1 returned %s",            \
                names[k], cudaGetErrorName(negative));                                                              \
        ++cases;                                                                                                    \
      }                                                                                                             \
    }                                                                                                               \
  }                                                                                                                 \
                                                                                                                    \
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
  /* Query, allocate exactly that much (garbage-filled), poison the output, run, read back. */                     \
  static T run_reduce_##sfx(reduce_fn_##sfx f, const char* name, const T* d_in, int64_t n)                         \
  {                                                                                                                 \
    size_t bytes = SENTINEL;                                                                                        \
    void* temp;                                                                                                     \
    T* d_out = (T*) check_device_alloc(sizeof(T), POISON);                                                          \
    T got;                                                                                                          \
    cudaError_t status = f(NULL, &bytes, d_in, d_out, n, 0);                                                        \
    EXPECT(status == cudaSuccess && bytes != SENTINEL, "%s, %lld items: size query: %s", name, (long long) n,      \
            cudaGetErrorName(status));                                                                              \
    temp   = check_device_alloc(bytes, POISON);                                                                     \
    status = f(temp, &bytes, d_in, d_out, n, 0);                                                                    \
    EXPECT(status == cudaSuccess, "%s, %lld items: %s", name, (long long) n, cudaGetErrorName(status));            \
    CHECK_CUDA(cudaDeviceSynchronize());                                                                            \
    CHECK_CUDA(cudaMemcpy(&got, d_out, sizeof(T), cudaMemcpyDeviceToHost));                                         \
    CHECK_CUDA(cudaFree(temp));                                                                                     \
    CHECK_CUDA(cudaFree(d_out));                                                                                    \
    return got;                                                                                                     \
  }                                                                                                                 \
                                                                                                                    \
  static void run_arg_##sfx(arg_fn_##sfx g, const char* name, const T* d_in, int64_t n, T* value, int64_t* index)  \
  {                                                                                                                 \
    size_t bytes     = SENTINEL;                                                                                    \
    void* temp;                                                                                                     \
    T* d_value       = (T*) check_device_alloc(sizeof(T), POISON);                                                  \
    int64_t* d_index = (int64_t*) check_device_alloc(sizeof(int64_t), POISON);                                      \
    cudaError_t status = g(NULL, &bytes, d_in, d_value, d_index, n, 0);                                             \
    EXPECT(status == cudaSuccess && bytes != SENTINEL, "%s, %lld items: size query: %s", name, (long long) n,      \
            cudaGetErrorName(status));                                                                              \
    temp   = check_device_alloc(bytes, POISON);                                                                     \
    status = g(temp, &bytes, d_in, d_value, d_index, n, 0);                                                         \
    EXPECT(status == cudaSuccess, "%s, %lld items: %s", name, (long long) n, cudaGetErrorName(status));            \
    CHECK_CUDA(cudaDeviceSynchronize());                                                                            \
    CHECK_CUDA(cudaMemcpy(value, d_value, sizeof(T), cudaMemcpyDeviceToHost));                                      \
    CHECK_CUDA(cudaMemcpy(index, d_index, sizeof(int64_t), cudaMemcpyDeviceToHost));                                \
    CHECK_CUDA(cudaFree(temp));                                                                                     \
    CHECK_CUDA(cudaFree(d_value));                                                                                  \
    CHECK_CUDA(cudaFree(d_index));                                                                                  \
  }                                                                                                                 \
                                                                                                                    \
  static void run_##sfx(int64_t n)                                                                                  \
  {                                                                                                                 \
    T* x     = (T*) malloc(sizeof(T) * (size_t) (n > 0 ? n : 1));                                                   \
    T* d_in  = (T*) check_device_alloc(sizeof(T) * (size_t) n, POISON);                                             \
    T lo     = MAXV, hi = LOWV, got, again, value;                                                                  \
    int64_t i, lo_at = 1, hi_at = 1, index;                                                                         \
    CHECK(x != NULL);                                                                                               \
    fill_##sfx(x, n);                                                                                               \
    CHECK_CUDA(cudaMemcpy(d_in, x, sizeof(T) * (size_t) n, cudaMemcpyHostToDevice));                                \
    for (i = 0; i < n; ++i)                                                                                         \
    {                                                                                                               \
      if (i == 0 || x[i] < lo)                                                                                      \
      {                                                                                                             \
        lo    = x[i];                                                                                               \
        lo_at = i;                                                                                                  \
      }                                                                                                             \
      if (i == 0 || hi < x[i])                                                                                      \
      {                                                                                                             \
        hi    = x[i];                                                                                               \
        hi_at = i;                                                                                                  \
      }                                                                                                             \
    }                                                                                                               \
                                                                                                                    \
    /* sum */                                                                                                       \
    got   = run_reduce_##sfx(cubling_device_reduce_sum_##sfx, "cubling_device_reduce_sum_" #sfx, d_in, n);          \
    again = run_reduce_##sfx(cubling_device_reduce_sum_##sfx, "cubling_device_reduce_sum_" #sfx, d_in, n);          \
    if (IS_FLOAT)                                                                                                   \
    {                                                                                                               \
      long double s = 0, a = 0, tol;                                                                                \
      for (i = 0; i < n; ++i)                                                                                       \
      {                                                                                                             \
        s += (long double) x[i];                                                                                    \
        a += fabsl((long double) x[i]);                                                                             \
      }                                                                                                             \
      tol = 8 * (long double) (EPS) * a;                                                                            \
      EXPECT(fabsl((long double) got - s) <= tol, "cubling_device_reduce_sum_" #sfx ", %lld items: %.21Lg, the CPU's sum %.21Lg", \
              (long long) n, (long double) got, s);                                                                 \
      EXPECT(memcmp(&got, &again, sizeof(T)) == 0,                                                                 \
              "cubling_device_reduce_sum_" #sfx ", %lld items: %.21Lg, then %.21Lg: not deterministic",              \
              (long long) n, (long double) got, (long double) again);                                               \
    }                                                                                                               \
    else                                                                                                            \
    {                                                                                                               \
      UT s = 0;                                                                                                     \
      for (i = 0; i < n; ++i)                                                                                       \
      {                                                                                                             \
        s = (UT) (s + (UT) x[i]);                                                                                   \
      }                                                                                                             \
      EXPECT((UT) got == s, "cubling_device_reduce_sum_" #sfx ", %lld items: %.21Lg, the CPU's wrapped sum %.21Lg",     \
              (long long) n, (long double) got, (long double) (T) s);                                               \
    }                                                                                                               \
    ++cases;                                                                                                        \
                                                                                                                    \
    /* min, max: the empty input gives MAXV, LOWV */                                                                \
    got = run_reduce_##sfx(cubling_device_reduce_min_##sfx, "cubling_device_reduce_min_" #sfx, d_in, n);            \
    EXPECT(got == (n > 0 ? lo : (T) MAXV), "cubling_device_reduce_min_" #sfx ", %lld items: %.21Lg, want %.21Lg",  \
            (long long) n, (long double) got, (long double) (n > 0 ? lo : (T) MAXV));                               \
    got = run_reduce_##sfx(cubling_device_reduce_max_##sfx, "cubling_device_reduce_max_" #sfx, d_in, n);            \
    EXPECT(got == (n > 0 ? hi : (T) LOWV), "cubling_device_reduce_max_" #sfx ", %lld items: %.21Lg, want %.21Lg",  \
            (long long) n, (long double) got, (long double) (n > 0 ? hi : (T) LOWV));                               \
    cases += 2;                                                                                                     \
                                                                                                                    \
    /* argmin, argmax: the first extremum; the empty input gives {MAXV or LOWV, index 1} */                         \
    run_arg_##sfx(cubling_device_reduce_argmin_##sfx, "cubling_device_reduce_argmin_" #sfx, d_in, n, &value, &index); \
    EXPECT(value == (n > 0 ? lo : (T) MAXV) && index == lo_at,                                                     \
            "cubling_device_reduce_argmin_" #sfx ", %lld items: {%.21Lg at %lld}, want {%.21Lg at %lld}",           \
            (long long) n, (long double) value, (long long) index, (long double) (n > 0 ? lo : (T) MAXV),           \
            (long long) lo_at);                                                                                     \
    run_arg_##sfx(cubling_device_reduce_argmax_##sfx, "cubling_device_reduce_argmax_" #sfx, d_in, n, &value, &index); \
    EXPECT(value == (n > 0 ? hi : (T) LOWV) && index == hi_at,                                                     \
            "cubling_device_reduce_argmax_" #sfx ", %lld items: {%.21Lg at %lld}, want {%.21Lg at %lld}",           \
            (long long) n, (long double) value, (long long) index, (long double) (n > 0 ? hi : (T) LOWV),           \
            (long long) hi_at);                                                                                     \
    cases += 2;                                                                                                     \
                                                                                                                    \
    CHECK_CUDA(cudaFree(d_in));                                                                                     \
    free(x);                                                                                                        \
  }                                                                                                                 \
                                                                                                                    \
  /* The bad-input table of one function (f, or g when f is NULL). */                                               \
  static void bad_##sfx(reduce_fn_##sfx f, arg_fn_##sfx g, const char* name)                                        \
  {                                                                                                                 \
    const int64_t n  = 1000;                                                                                        \
    T x[1000];                                                                                                      \
    T* d_in          = (T*) check_device_alloc(sizeof x, POISON);                                                   \
    T* d_out         = (T*) check_device_alloc(64, POISON);                                                         \
    int64_t* d_index = (int64_t*) check_device_alloc(64, POISON);                                                   \
    size_t q = SENTINEL, given;                                                                                     \
    void* temp;                                                                                                     \
    int row;                                                                                                        \
    cudaError_t status;                                                                                             \
    fill_##sfx(x, n);                                                                                               \
    CHECK_CUDA(cudaMemcpy(d_in, x, sizeof x, cudaMemcpyHostToDevice));                                              \
    status = f ? f(NULL, &q, d_in, d_out, n, 0) : g(NULL, &q, d_in, d_out, d_index, n, 0);                          \
    EXPECT(status == cudaSuccess, "%s: size query: %s", name, cudaGetErrorName(status));                           \
    EXPECT(check_device_untouched(d_out, 64, POISON) && check_device_untouched(d_index, 64, POISON),               \
           "%s: the size query wrote an output", name);                                                            \
    temp = check_device_alloc(q + 1, POISON);                                                                       \
    /* rows: 0 null input, 1 null output, 2 null index output, 3 num_items -1, 4 one byte too few,                \
       5 a null temp_storage_bytes, 6 a null output with no items */                                               \
    for (row = 0; row < 7; ++row)                                                                                   \
    {                                                                                                               \
      const T* in       = row == 0 ? NULL : d_in;                                                                   \
      T* out            = (row == 1 || row == 6) ? NULL : d_out;                                                    \
      int64_t* index    = row == 2 ? NULL : d_index;                                                                \
      const int64_t cnt = row == 3 ? -1 : (row == 6 ? 0 : n);                                                       \
      size_t* bytes     = row == 5 ? NULL : &given;                                                                 \
      if ((row == 2 && f) || (row == 4 && q == 0))                                                                  \
      {                                                                                                             \
        continue;                                                                                                   \
      }                                                                                                             \
      given = row == 4 ? q - 1 : q;                                                                                 \
      CHECK_CUDA(cudaMemset(temp, POISON, q + 1));                                                                  \
      status = f ? f(temp, bytes, in, out, cnt, 0) : g(temp, bytes, in, out, index, cnt, 0);                        \
      EXPECT(status == cudaErrorInvalidValue, "%s, bad-input row %d: returned %s", name, row,                      \
              cudaGetErrorName(status));                                                                            \
      EXPECT(cudaGetLastError() == cudaSuccess, "%s, bad-input row %d: an error was left behind", name, row);      \
      EXPECT(check_device_untouched(d_out, 64, POISON) && check_device_untouched(d_index, 64, POISON),             \
             "%s, bad-input row %d: an output was written", name,                                                  \
              row);                                                                                                 \
      EXPECT(check_device_untouched(temp, q + 1, POISON),                                                          \
             "%s, bad-input row %d: the temporary storage was written", name, row);                                \
      ++cases;                                                                                                      \
    }                                                                                                               \
    /* 0 items with a null input: succeeds and writes the empty result */                                          \
    given  = q;                                                                                                     \
    status = f ? f(temp, &given, NULL, d_out, 0, 0) : g(temp, &given, NULL, d_out, d_index, 0, 0);                  \
    EXPECT(status == cudaSuccess, "%s: 0 items and a null input returned %s", name, cudaGetErrorName(status));     \
    EXPECT(!check_device_untouched(d_out, sizeof(T), POISON), "%s: 0 items: nothing was written", name);           \
    CHECK_CUDA(cudaFree(temp));                                                                                     \
    CHECK_CUDA(cudaFree(d_in));                                                                                     \
    CHECK_CUDA(cudaFree(d_out));                                                                                    \
    CHECK_CUDA(cudaFree(d_index));                                                                                  \
    ++cases;                                                                                                        \
  }                                                                                                                 \
                                                                                                                    \
  static void test_##sfx(void)                                                                                      \
  {                                                                                                                 \
    size_t c;                                                                                                       \
    for (c = 0; c < COUNT_OF(run_counts); ++c)                                                                      \
    {                                                                                                               \
      run_##sfx(run_counts[c]);                                                                                     \
    }                                                                                                               \
    bad_##sfx(cubling_device_reduce_sum_##sfx, NULL, "cubling_device_reduce_sum_" #sfx);                            \
    bad_##sfx(cubling_device_reduce_min_##sfx, NULL, "cubling_device_reduce_min_" #sfx);                            \
    bad_##sfx(cubling_device_reduce_max_##sfx, NULL, "cubling_device_reduce_max_" #sfx);                            \
    bad_##sfx(NULL, cubling_device_reduce_argmin_##sfx, "cubling_device_reduce_argmin_" #sfx);                      \
    bad_##sfx(NULL, cubling_device_reduce_argmax_##sfx, "cubling_device_reduce_argmax_" #sfx);                      \
  }

DEFINE_TESTS(i32, int32_t, uint32_t, 0, INT32_MAX, INT32_MIN, 0)
DEFINE_TESTS(u32, uint32_t, uint32_t, 0, UINT32_MAX, 0, 0)
DEFINE_TESTS(i64, int64_t, uint64_t, 0, INT64_MAX, INT64_MIN, 0)
DEFINE_TESTS(u64, uint64_t, uint64_t, 0, UINT64_MAX, 0, 0)
DEFINE_TESTS(f32, float, uint32_t, 1, FLT_MAX, -FLT_MAX, FLT_EPSILON)
DEFINE_TESTS(f64, double, uint64_t, 1, DBL_MAX, -DBL_MAX, DBL_EPSILON)

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
  printf("C DeviceReduce size queries: %d checks passed\n", cases);

  check_skip_without_gpu();
  test_i32();
  test_u32();
  test_i64();
  test_u64();
  test_f32();
  test_f64();
  printf("C DeviceReduce: %d checks passed\n", cases);
  return 0;
}
