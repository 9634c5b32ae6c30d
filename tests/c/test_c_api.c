/* The C API, from a C99 compiler: version and error text. */
#include <string.h>

#include <cubling/cubling.h>

#include "check.h"

int main(void)
{
  const char* text = cubling_version_string();
  char expected[32];
  CHECK(cubling_version() == CUBLING_VERSION);
  CHECK(text != NULL);
  snprintf(expected, sizeof expected, "%d.%d.%d", CUBLING_VERSION_MAJOR, CUBLING_VERSION_MINOR, CUBLING_VERSION_PATCH);
  CHECK(strcmp(text, expected) == 0);

  /* Every code gets a non-empty text; the one cubling's checks return names the checks. */
  CHECK(strlen(cubling_error_string(cudaSuccess)) > 0);
  CHECK(strstr(cubling_error_string(cudaErrorInvalidValue), "temporary storage") != NULL);
  CHECK(strcmp(cubling_error_string(cudaErrorMemoryAllocation), cudaGetErrorString(cudaErrorMemoryAllocation)) == 0);
  CHECK(cubling_error_string((cudaError_t) 12345) != NULL);

  printf("C API %s: all checks passed\n", text);
  return 0;
}
