// DeviceReduce::ArgMax, both forms (test_device_reduce_arg.cuh), on
// int8, int16, int32, int64 and float, with 2^28 int32 and float
// items and 2^31 + 5 int8 items.
#include "test_device_reduce_arg.cuh"

int main(int argc, char** argv)
{
  return device_reduce_test::run(argc, argv, "DeviceReduce ArgMax (signed types and float)", nullptr,
                                 device_reduce_arg_test::device<false, true>);
}
