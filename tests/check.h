/* check.h: the one check helper of cubling's tests and chapter runners.
 *
 * C99 and C++ alike. Every failed check prints where it failed, what was
 * expected, and the seed of the random inputs, then exits with status 1, so
 * a failure can be replayed with CUBLING_SEED=<seed>. A program that needs a
 * GPU and finds none exits with CHECK_SKIP (77), which CTest reports as
 * "skipped" through SKIP_RETURN_CODE.
 */
#ifndef CUBLING_TESTS_CHECK_H
#define CUBLING_TESTS_CHECK_H

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <cuda_runtime_api.h>

/* The exit status that CTest's SKIP_RETURN_CODE maps to "skipped". */
#define CHECK_SKIP 77

/* The seed of this process's random inputs (0 until check_seed() is called). */
static uint64_t check_current_seed = 0;

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

#endif /* CUBLING_TESTS_CHECK_H */
