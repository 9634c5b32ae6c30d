// DeviceRadixSort of integer keys (test_device_radix_sort.cuh): int8 .. int64
// and uint8 .. uint64, ascending and descending, every size, distribution
// and bit window of the harness, against a CPU stable sort and CUB.
#include "test_device_radix_sort.cuh"

namespace
{
using namespace device_radix_sort_test;

void device()
{
  check_both_orders<uint32_t>(20);
  check_both_orders<int32_t>(17);
  check_both_orders<uint8_t>(17);
  check_both_orders<int8_t>(17);
  check_both_orders<uint16_t>(17);
  check_both_orders<int16_t>(17);
  check_both_orders<uint64_t>(20);
  check_both_orders<int64_t>(17);
}
} // namespace

int main(int argc, char** argv)
{
  return device_reduce_test::run(argc, argv, "DeviceRadixSort integer keys", nullptr, device);
}
