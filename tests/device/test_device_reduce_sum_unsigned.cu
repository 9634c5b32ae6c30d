// DeviceReduce::Sum, Reduce and TransformReduce (test_device_reduce_sum.cuh)
// on uint8, uint16, uint32, uint64 and double.
#include "test_device_reduce_sum.cuh"

namespace
{
using namespace device_reduce_sum_test;

void device()
{
  Outputs o;
  outs = &o;
  // Larger sizes (15485863, 2^24 + 1) for a few types.
  check_type<uint8_t>(false, false);
  check_type<uint16_t>(false, false);
  check_type<uint32_t>(false, false);
  check_type<uint64_t>(true, false);
  check_type<double>(true, false);
  outs = nullptr;
}

} // namespace

int main(int argc, char** argv)
{
  return device_reduce_test::run(argc, argv, "DeviceReduce Sum/Reduce/TransformReduce (unsigned types and double)",
                                 nullptr, device);
}
