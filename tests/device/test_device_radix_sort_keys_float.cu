// DeviceRadixSort of floating-point keys (test_device_radix_sort.cuh): float,
// double, __half and __nv_bfloat16, ascending and descending, with NaNs of
// both signs, infinities and -0.0/+0.0 mixed in (equal rank, input order
// kept, bits kept), every size, distribution and bit window of the harness,
// against a CPU stable sort and CUB.
#include "test_device_radix_sort.cuh"

namespace
{
using namespace device_radix_sort_test;

void device()
{
  check_both_orders<float>(20);
  check_both_orders<double>(17);
  check_both_orders<__half>(17);
  check_both_orders<__nv_bfloat16>(17);
}
} // namespace

int main(int argc, char** argv)
{
  return device_reduce_test::run(argc, argv, "DeviceRadixSort floating-point keys", nullptr, device);
}
