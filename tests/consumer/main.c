/* A consumer's C program: the C API, no GPU needed (a DeviceReduce size query touches no device). */
#include <stdio.h>

#include <cubling/cubling.h>

int main(void)
{
  size_t bytes = 0;
  const cudaError_t status = cubling_device_reduce_sum_f32(NULL, &bytes, NULL, NULL, 1000000, 0);
  printf("cubling %s; a sum of 10^6 floats needs %zu bytes of temporary storage\n", cubling_version_string(), bytes);
  return cubling_version() == CUBLING_VERSION && status == cudaSuccess && bytes > 0 ? 0 : 1;
}
