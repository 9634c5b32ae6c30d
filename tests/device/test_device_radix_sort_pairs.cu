// DeviceRadixSort of key-value pairs (test_device_radix_sort.cuh): uint32 keys
// with uint8, uint64 and a 10-byte struct as values, uint64 keys with uint32
// values, float keys with uint32 values; ascending and descending. The
// values are the input indices, so the values out check stability.
#include "test_device_radix_sort.cuh"

namespace
{
using namespace device_radix_sort_test;

void device()
{
  check_both_orders<uint32_t, uint32_t>(20);
  check_both_orders<uint32_t, uint8_t>(17);
  check_both_orders<uint32_t, uint64_t>(17);
  check_both_orders<uint32_t, Custom>(17);
  check_both_orders<uint64_t, uint32_t>(17);
  check_both_orders<float, uint32_t>(17);
}
} // namespace

int main(int argc, char** argv)
{
  return device_reduce_test::run(argc, argv, "DeviceRadixSort pairs", nullptr, device);
}
