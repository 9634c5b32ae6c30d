// DeviceScan with custom operators on values of at most 8 bytes (packed with
// their tile status): Affine, AffineF, uint32 with cuda::std::plus<> and a
// random initial value, float with a custom maximum. The cases:
// test_device_scan_ops.cuh.
#include "test_device_scan_ops.cuh"

namespace
{
using namespace device_scan_ops_test;

void device()
{
  Violations v;
  violations              = &v;
  const int64_t max_items = (int64_t{1} << 22) + 1;
  check_type<Affine, ComposeAffine>("ComposeAffine", max_items);
  check_type<AffineF, ComposeAffineF>("ComposeAffineF", EIGHTHS_EXACT_ITEMS);
  check_type<uint32_t, cuda::std::plus<>>("cuda::std::plus<>", max_items);
  check_type<float, MaxOp>("MaxOp", max_items);
  violations = nullptr;
}

} // namespace

int main(int argc, char** argv)
{
  return device_reduce_test::run(argc, argv, "DeviceScan custom operators (values of at most 8 bytes)", nullptr,
                                 device);
}
