// DeviceScan::ExclusiveSum and InclusiveSum (test_device_scan.cuh) of uint8,
// uint16, uint32, uint64 and double: every sweep size up to 2^24 + 1,
// unaligned inputs and outputs, in place; double sums within a tolerance of
// a long double sum, and exact (bit for bit) for multiples of 1/8.
#include "test_device_scan.cuh"

namespace
{
using namespace device_scan_test;

void device()
{
  const int64_t max_items = (int64_t{1} << 24) + 1;
  check_sum_type<uint8_t>(max_items);
  check_sum_type<uint16_t>(max_items);
  check_sum_type<uint32_t>(max_items);
  check_sum_type<uint64_t>(max_items);
  check_sum_type<double>(max_items);
}

} // namespace

int main(int argc, char** argv)
{
  return device_reduce_test::run(argc, argv, "DeviceScan ExclusiveSum/InclusiveSum (unsigned types, double)",
                                 nullptr, device);
}
