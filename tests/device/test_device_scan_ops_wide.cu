// DeviceScan with custom operators on values wider than 8 bytes, whose tile
// states keep the values apart from the status words: Mat2 (16 bytes,
// matrix product) and Tracked (12 bytes), whose operator counts every
// argument that is not a real item, the initial value or one of its own
// results. The cases: test_device_scan_ops.cuh.
#include "test_device_scan_ops.cuh"

namespace
{
using namespace device_scan_ops_test;

void device()
{
  Violations v;
  violations              = &v;
  const int64_t max_items = (int64_t{1} << 22) + 1;
  check_type<Mat2, MatMul>("MatMul", max_items);
  check_type<Tracked, CheckedCompose>("CheckedCompose", max_items);
  violations = nullptr;
}

} // namespace

int main(int argc, char** argv)
{
  return device_reduce_test::run(argc, argv, "DeviceScan custom operators (values wider than 8 bytes)", nullptr,
                                 device);
}
