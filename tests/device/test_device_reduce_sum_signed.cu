// DeviceReduce::Sum, Reduce and TransformReduce (test_device_reduce_sum.cuh)
// on int8, int16, int32, int64 and float, with 2^28 int32 and float items,
// and on 2^31 + 5 int8 items.
#include "test_device_reduce_sum.cuh"

namespace
{
using namespace device_reduce_sum_test;

void device()
{
  Outputs o;
  outs = &o;
  // Larger sizes (15485863, 2^24 + 1) for a few types, 2^28 for int32 and float.
  check_type<int8_t>(true, false);
  check_type<int16_t>(false, false);
  check_type<int32_t>(true, true);
  check_type<int64_t>(false, false);
  check_type<float>(true, true);
  if (quick)
  {
    std::printf("CUBLING_QUICK=1: skipped the 2^31 + 5 int8 items\n");
  }
  else
  {
    std::printf("  int8, 2^31 + 5 items\n");
    check_huge_int8();
  }
  outs = nullptr;
}

} // namespace

int main(int argc, char** argv)
{
  return device_reduce_test::run(argc, argv, "DeviceReduce Sum/Reduce/TransformReduce (signed types)", nullptr, device);
}
