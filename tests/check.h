/* check.h: the one check helper of cubling's tests and chapter runners.
 *
 * C99 and C++ alike. Every failed check prints where it failed, what was
 * expected, what was being checked (check_set_context) and the seed of the
 * random inputs, then exits with status 1, so a failure can be replayed with
 * CUBLING_SEED=<seed>. A program that needs a GPU and finds none exits with
 * CHECK_SKIP (77), which CTest reports as "skipped" through SKIP_RETURN_CODE.
 *
 *   CHECK(cond)              stop if cond is false
 *   CHECK_CUDA(call)         stop if a CUDA call did not return cudaSuccess
 *   CHECK_LAUNCH()           after a launch: surface launch and execution errors
 *   EXPECT(cond, fmt, ...)   stop with a printf-style message if cond is false
 *   check_set_context(fmt, ...)  say what is being checked, for every later failure
 *   check_two_phase(who, call)   (C++) the two-phase temporary-storage protocol, checked
 *   check_device_alloc(bytes, poison), check_device_untouched(d, bytes, poison)
 *                            poisoned device memory, and whether it is still poison
 */
#ifndef CUBLING_TESTS_CHECK_H
#define CUBLING_TESTS_CHECK_H

#include <inttypes.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cuda_runtime_api.h>

/* The exit status that CTest's SKIP_RETURN_CODE maps to "skipped". */
#define CHECK_SKIP 77

/* State shared by every translation unit of a program: in C++ an inline
 * variable (one per program), in C a static one (C tests are one file). */
#ifdef __cplusplus
#define CHECK_SHARED inline
#else
#define CHECK_SHARED static
#endif

/* The seed of this process's random inputs (0 until check_seed() is called). */
CHECK_SHARED uint64_t check_current_seed = 0;

/* What is being checked now, printed with every failure ("" when nothing was said). */
CHECK_SHARED char check_context[512] = "";

/* Seed for this run: $CUBLING_SEED if set, else a fresh one from the clock.
 * Print it once so that any run, passing or failing, can be replayed. */
static inline uint64_t check_seed(void)
{
  const char* env = getenv("CUBLING_SEED");
  check_current_seed = env ? strtoull(env, NULL, 0) : (uint64_t)time(NULL) * 2654435761u + (uint64_t)clock();
  printf("seed %" PRIu64 " (replay with CUBLING_SEED=%" PRIu64 ")\n", check_current_seed, check_current_seed);
  return check_current_seed;
}

/* A small, fast, seeded generator (splitmix64): the same seed gives the same inputs everywhere. */
static inline uint64_t check_random(uint64_t* state)
{
  uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
  z          = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z          = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

static inline void check_fail(const char* file, int line, const char* what, const char* detail)
{
  fprintf(stderr, "%s:%d: CHECK FAILED: %s%s%s (seed %" PRIu64 ")\n", file, line, what, detail ? ": " : "",
          detail ? detail : "", check_current_seed);
  exit(1);
}

#if defined(__GNUC__)
#define CHECK_PRINTF_LIKE(format_index, first_arg) __attribute__((format(printf, format_index, first_arg)))
#else
#define CHECK_PRINTF_LIKE(format_index, first_arg)
#endif

/* Say what is being checked (printf-style); every later failure prints it. */
static inline void check_set_context(const char* format, ...) CHECK_PRINTF_LIKE(1, 2);
static inline void check_set_context(const char* format, ...)
{
  va_list args;
  va_start(args, format);
  vsnprintf(check_context, sizeof check_context, format, args);
  va_end(args);
}

/* A failed EXPECT: the message (printf-style), the condition and the context. */
static inline void check_failf(const char* file, int line, const char* condition, const char* format, ...)
  CHECK_PRINTF_LIKE(4, 5);
static inline void check_failf(const char* file, int line, const char* condition, const char* format, ...)
{
  char message[768];
  char detail[1400];
  va_list args;
  va_start(args, format);
  vsnprintf(message, sizeof message, format, args);
  va_end(args);
  snprintf(detail, sizeof detail, "%s%s%s", condition, check_context[0] ? "; while checking " : "", check_context);
  check_fail(file, line, message, detail);
}

/* EXPECT(cond, printf-style message): stop with the message, the condition
 * and the context if cond is false. */
#define EXPECT(cond, ...)                                    \
  do                                                         \
  {                                                          \
    if (!(cond))                                             \
    {                                                        \
      check_failf(__FILE__, __LINE__, #cond, __VA_ARGS__);   \
    }                                                        \
  } while (0)

/* CHECK(cond): stop the program if cond is false. */
#define CHECK(cond)                                     \
  do                                                    \
  {                                                     \
    if (!(cond))                                        \
    {                                                   \
      check_fail(__FILE__, __LINE__, #cond, NULL);      \
    }                                                   \
  } while (0)

/* CHECK_CUDA(call): stop the program if a CUDA call did not return cudaSuccess. */
#define CHECK_CUDA(call)                                                 \
  do                                                                     \
  {                                                                      \
    cudaError_t check_status_ = (call);                                  \
    if (check_status_ != cudaSuccess)                                    \
    {                                                                    \
      check_fail(__FILE__, __LINE__, #call, cudaGetErrorString(check_status_)); \
    }                                                                    \
  } while (0)

/* CHECK_LAUNCH(): after a kernel launch, surface launch and execution errors. */
#define CHECK_LAUNCH()                       \
  do                                         \
  {                                          \
    CHECK_CUDA(cudaGetLastError());          \
    CHECK_CUDA(cudaDeviceSynchronize());     \
  } while (0)

/* Exit with CHECK_SKIP, saying why, when there is no usable CUDA device. */
static inline void check_skip_without_gpu(void)
{
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0)
  {
    printf("SKIPPED: this program needs an NVIDIA GPU, and no CUDA device was found\n");
    exit(CHECK_SKIP);
  }
}

/* Device memory of `bytes` bytes (at least 1), every byte set to `poison`. */
static inline void* check_device_alloc(size_t bytes, unsigned char poison)
{
  void* p = NULL;
  CHECK_CUDA(cudaMalloc(&p, bytes > 0 ? bytes : 1));
  CHECK_CUDA(cudaMemset(p, poison, bytes > 0 ? bytes : 1));
  return p;
}

/* 1 if the `bytes` bytes at device address d all still hold `poison`
 * (after the device has finished what it was doing). */
static inline int check_device_untouched(const void* d, size_t bytes, unsigned char poison)
{
  unsigned char* host = (unsigned char*) malloc(bytes > 0 ? bytes : 1);
  size_t i;
  int all = 1;
  CHECK(host != NULL);
  CHECK_CUDA(cudaDeviceSynchronize());
  CHECK_CUDA(cudaMemcpy(host, d, bytes, cudaMemcpyDeviceToHost));
  for (i = 0; i < bytes; ++i)
  {
    if (host[i] != poison)
    {
      all = 0;
      break;
    }
  }
  free(host);
  return all;
}

#ifdef __cplusplus
/* An item of any type with every byte drawn from `state`: bit patterns that
 * no arithmetic made, NaNs included for floating-point types. */
template <typename T>
T check_random_bits(uint64_t* state)
{
  T item;
  unsigned char* bytes = reinterpret_cast<unsigned char*>(&item);
  for (size_t k = 0; k < sizeof(T); ++k)
  {
    bytes[k] = static_cast<unsigned char>(check_random(state));
  }
  return item;
}

/* Two items agree bit for bit, padding included. */
template <typename T>
bool check_same_bits(const T& x, const T& y)
{
  return memcmp(&x, &y, sizeof(T)) == 0;
}

/* The sentinel a size query must overwrite. */
constexpr size_t CHECK_BYTES_SENTINEL = 0xDEADBEEFCAFEull;

/* The two-phase temporary-storage protocol, checked: the size query (which
 * must succeed and write the size), then exactly that much temporary
 * storage, filled with garbage so that nothing in it starts at zero, then
 * the run, which must succeed, leave no launch error behind, and finish
 * without error. `call(d_temp_storage, temp_storage_bytes)` returns a
 * cudaError_t; `who` names it in failures. */
template <typename Call>
void check_two_phase(const char* who, Call&& call)
{
  size_t bytes       = CHECK_BYTES_SENTINEL;
  cudaError_t status = call(nullptr, bytes);
  EXPECT(status == cudaSuccess, "%s: the size query returned %s", who, cudaGetErrorName(status));
  EXPECT(bytes != CHECK_BYTES_SENTINEL, "%s: the size query did not write temp_storage_bytes", who);
  void* temp = nullptr;
  CHECK_CUDA(cudaMalloc(&temp, bytes > 0 ? bytes : 1));
  CHECK_CUDA(cudaMemset(temp, 0xA5, bytes > 0 ? bytes : 1));
  status = call(temp, bytes);
  EXPECT(status == cudaSuccess, "%s returned %s", who, cudaGetErrorName(status));
  const cudaError_t launch = cudaGetLastError();
  EXPECT(launch == cudaSuccess, "%s: a launch error was left behind: %s", who, cudaGetErrorName(launch));
  const cudaError_t sync = cudaDeviceSynchronize();
  EXPECT(sync == cudaSuccess, "%s: the kernel failed: %s", who, cudaGetErrorName(sync));
  CHECK_CUDA(cudaFree(temp));
}
#endif

#endif /* CUBLING_TESTS_CHECK_H */
