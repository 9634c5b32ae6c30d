// DeviceScan::ExclusiveSum and InclusiveSum (test_device_scan.cuh) of int8,
// int16, int32, int64 and float: every sweep size up to 2^24 + 1, unaligned
// inputs and outputs, in place; float sums within a tolerance of a long
// double sum, and exact (bit for bit) for multiples of 1/8. (2^28 int32
// items: test_device_scan_large.)
#include "test_device_scan.cuh"

namespace
{
using namespace device_scan_test;

void device()
{
  const int64_t max_items = (int64_t{1} << 24) + 1;
  check_sum_type<int8_t>(max_items);
  check_sum_type<int16_t>(max_items);
  check_sum_type<int32_t>(max_items);
  check_sum_type<int64_t>(max_items);
  check_sum_type<float>(max_items);
}

} // namespace

int main(int argc, char** argv)
{
  return device_reduce_test::run(argc, argv, "DeviceScan ExclusiveSum/InclusiveSum (signed types, float)", nullptr,
                                 device);
}
