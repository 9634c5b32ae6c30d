// A consumer's CUDA C++ program: ThreadReduce on the host, and a DeviceReduce
// size query (which touches no device); no GPU needed.
#include <cstdio>

#include <cubling/cubling.cuh>

int main()
{
  const int items[5] = {3, 1, 4, 1, 5};
  const int sum      = cubling::ThreadReduce(items, cubling::Sum());
  const int largest  = cubling::ThreadReduce(items, cubling::Max());
  size_t bytes       = 0;
  const cudaError_t status =
    cubling::DeviceReduce::Sum(nullptr, bytes, static_cast<const int*>(nullptr), static_cast<int*>(nullptr), 1000000);
  std::printf("sum %d, max %d; DeviceReduce::Sum over 10^6 ints needs %zu bytes\n", sum, largest, bytes);
  return (sum == 14 && largest == 5 && status == cudaSuccess && bytes > 0) ? 0 : 1;
}
