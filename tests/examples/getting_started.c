/* getting_started.c: the same sum as getting_started.cu, from C99 through
 * cubling.h, as docs/getting_started.rst shows it: allocate, ask the size,
 * reduce, read the result back. CTest builds it with the C compiler
 * (-std=c99 -Wall -Wextra -Werror -pedantic) and runs it (label gpu; it exits
 * 77, "skipped", where there is no GPU). */
#include <stdio.h>
#include <stdlib.h>

#include <cubling/cubling.h>

#include "check.h"

/* Print what went wrong and stop, for any cudaError_t that is not cudaSuccess. */
static void ok(cudaError_t status, const char* what)
{
  if (status != cudaSuccess)
  {
    fprintf(stderr, "%s: %s\n", what, cubling_error_string(status));
    exit(EXIT_FAILURE);
  }
}

int main(void)
{
  int64_t i;
  long long expected = 0;
  check_skip_without_gpu();
  {
    /* example-begin c-reduce */
    const int64_t n = (int64_t) 1 << 20;
    int32_t* host   = (int32_t*) malloc((size_t) n * sizeof(int32_t));
    int32_t* d_in   = NULL;
    int32_t* d_out  = NULL;
    void* d_temp    = NULL;
    size_t temp_bytes = 0;
    int32_t sum       = 0;
    for (i = 0; i < n; ++i)
    {
      host[i] = (int32_t) (i % 7) - 3; /* -3 .. 3 */
    }

    /* 1. The input and the output, in GPU memory. */
    ok(cudaMalloc((void**) &d_in, (size_t) n * sizeof(int32_t)), "cudaMalloc");
    ok(cudaMalloc((void**) &d_out, sizeof(int32_t)), "cudaMalloc");
    ok(cudaMemcpy(d_in, host, (size_t) n * sizeof(int32_t), cudaMemcpyHostToDevice), "cudaMemcpy");

    /* 2. Ask how much temporary storage the sum needs (no GPU work), and allocate it. */
    ok(cubling_device_reduce_sum_i32(NULL, &temp_bytes, d_in, d_out, n, 0), "size query");
    ok(cudaMalloc(&d_temp, temp_bytes), "cudaMalloc");

    /* 3. Reduce: the same call, now with the storage. It is asynchronous, on stream 0. */
    ok(cubling_device_reduce_sum_i32(d_temp, &temp_bytes, d_in, d_out, n, 0), "sum");

    /* 4. Read the result back (cudaMemcpy waits for the reduction). */
    ok(cudaMemcpy(&sum, d_out, sizeof sum, cudaMemcpyDeviceToHost), "cudaMemcpy");
    printf("the sum of %lld items is %d\n", (long long) n, (int) sum);

    cudaFree(d_temp);
    cudaFree(d_out);
    cudaFree(d_in);
    /* example-end c-reduce */
    for (i = 0; i < n; ++i)
    {
      expected += host[i];
    }
    free(host);
    EXPECT(sum == expected, "got %d, expected %lld", (int) sum, expected);
  }
  return EXIT_SUCCESS;
}
