// DeviceReduce::ArgMax, both forms (test_device_reduce_arg.cuh), on
// uint8, uint16, uint32, uint64 and double.
#include "test_device_reduce_arg.cuh"

int main(int argc, char** argv)
{
  return device_reduce_test::run(argc, argv, "DeviceReduce ArgMax (unsigned types and double)", nullptr,
                                 device_reduce_arg_test::device<false, false>);
}
