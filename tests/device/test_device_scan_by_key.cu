// DeviceScan's by-key family (test_device_scan_by_key.cuh) with values of at
// most 4 bytes, whose (value, head flag) tile states pack with their status:
// int32 (sums wrap; MaxOp) and float (eighths, exact; MaxOp).
#include "test_device_scan_by_key.cuh"

namespace
{
using namespace device_scan_by_key_test;

void device()
{
  check_values<int32_t, MaxOp, MaxOp>("MaxOp");
  check_values<float, MaxOp, MaxOp>("MaxOp");
}

} // namespace

int main(int argc, char** argv)
{
  return device_reduce_test::run(argc, argv, "DeviceScan by key (int32 and float values)", nullptr, device);
}
