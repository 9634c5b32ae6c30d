// getting_started.cu: the whole two-phase protocol of cubling::DeviceReduce,
// as docs/getting_started.rst shows it: allocate, ask the size, reduce, read
// the result back. CTest runs it (label gpu; it exits 77, "skipped", where
// there is no GPU) and checks the sum against the one it knows.
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <cuda_runtime.h>

#include <cubling/device/device_reduce.cuh>

#include "check.h"

int main()
{
  check_skip_without_gpu();
  // example-begin cxx-reduce
  const int64_t n = 1 << 20;
  std::vector<int> host(n);
  for (int64_t i = 0; i < n; ++i)
  {
    host[i] = static_cast<int>(i % 7) - 3; // -3 .. 3
  }

  // 1. The input and the output, in GPU memory.
  int* d_in  = nullptr;
  int* d_out = nullptr;
  CHECK_CUDA(cudaMalloc(&d_in, n * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&d_out, sizeof(int)));
  CHECK_CUDA(cudaMemcpy(d_in, host.data(), n * sizeof(int), cudaMemcpyHostToDevice));

  // 2. Ask how much temporary storage the sum needs (no GPU work), and allocate it.
  void* d_temp      = nullptr;
  size_t temp_bytes = 0;
  CHECK_CUDA(cubling::DeviceReduce::Sum(d_temp, temp_bytes, d_in, d_out, n));
  CHECK_CUDA(cudaMalloc(&d_temp, temp_bytes));

  // 3. Reduce: the same call, now with the storage. It is asynchronous, on stream 0.
  CHECK_CUDA(cubling::DeviceReduce::Sum(d_temp, temp_bytes, d_in, d_out, n));

  // 4. Read the result back (cudaMemcpy waits for the reduction).
  int sum = 0;
  CHECK_CUDA(cudaMemcpy(&sum, d_out, sizeof(int), cudaMemcpyDeviceToHost));
  std::printf("the sum of %lld items is %d\n", static_cast<long long>(n), sum);

  CHECK_CUDA(cudaFree(d_temp));
  CHECK_CUDA(cudaFree(d_out));
  CHECK_CUDA(cudaFree(d_in));
  // example-end cxx-reduce

  long long expected = 0;
  for (int64_t i = 0; i < n; ++i)
  {
    expected += host[i];
  }
  EXPECT(sum == expected, "got %d, expected %lld", sum, expected);
  return EXIT_SUCCESS;
}
