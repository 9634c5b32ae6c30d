/* A consumer's C program: the C API, no GPU needed. */
#include <stdio.h>

#include <cubling/cubling.h>

int main(void)
{
  printf("cubling %s\n", cubling_version_string());
  return cubling_version() == CUBLING_VERSION ? 0 : 1;
}
