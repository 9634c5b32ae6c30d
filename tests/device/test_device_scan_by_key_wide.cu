// DeviceScan's by-key family (test_device_scan_by_key.cuh) with values of 8
// bytes, whose (value, head flag) tile states are kept apart from their
// status: int64 (sums wrap; MaxOp), double (eighths, exact; MaxOp) and
// Affine (ComposeAffine: not commutative).
#include "test_device_scan_by_key.cuh"

namespace
{
using namespace device_scan_by_key_test;

void device()
{
  check_values<int64_t, MaxOp, MaxOp>("MaxOp");
  check_values<double, MaxOp, MaxOp>("MaxOp");
  check_values<Affine, ComposeAffine, ComposeAffine>("ComposeAffine");
}

} // namespace

int main(int argc, char** argv)
{
  return device_reduce_test::run(argc, argv, "DeviceScan by key (int64, double and Affine values)", nullptr, device);
}
