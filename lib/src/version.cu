// The compiled part of cubling's C API: version and error text.
#include <cubling/cubling.h>

extern "C" int cubling_version(void)
{
  return CUBLING_VERSION;
}

#define CUBLING_STRINGIFY_(x) #x
#define CUBLING_STRINGIFY(x)  CUBLING_STRINGIFY_(x)

extern "C" const char* cubling_version_string(void)
{
  return CUBLING_STRINGIFY(CUBLING_VERSION_MAJOR) "." CUBLING_STRINGIFY(CUBLING_VERSION_MINOR) "." CUBLING_STRINGIFY(
    CUBLING_VERSION_PATCH);
}

extern "C" const char* cubling_error_string(cudaError_t status)
{
  if (status == cudaErrorInvalidValue)
  {
    return "invalid value: cubling rejected an argument before any launch and wrote nothing "
           "(a null data pointer while items exist, a negative item count, less temporary "
           "storage than the size query asked for, or a bit range out of bounds)";
  }
  return cudaGetErrorString(status);
}
