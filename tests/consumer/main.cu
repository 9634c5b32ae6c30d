// A consumer's CUDA C++ program: ThreadReduce on the host, no GPU needed.
#include <cstdio>

#include <cubling/cubling.cuh>

int main()
{
  const int items[5] = {3, 1, 4, 1, 5};
  const int sum      = cubling::ThreadReduce(items, cubling::Sum());
  const int largest  = cubling::ThreadReduce(items, cubling::Max());
  std::printf("sum %d, max %d\n", sum, largest);
  return (sum == 14 && largest == 5) ? 0 : 1;
}
