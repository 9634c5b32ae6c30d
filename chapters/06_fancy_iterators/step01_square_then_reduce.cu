// Step 1: square every item into scratch memory, then sum the squares.
//
// What changes: chapter 05 ended with cubling::DeviceReduce, which sums an
// array. The sum of squares (the squared Euclidean norm of a vector) is not
// a sum of the array, so the first idea is to make an array that it is a sum
// of: one kernel writes x * x for every item into scratch memory, and
// DeviceReduce::Sum reduces that scratch array. Both are library-quality
// pieces; only the glue between them is new.
// Why: it is what you write when the library call you have does not take a
// transform. It is correct, and it is the baseline that every later step is
// measured against.
// Expected: the slowest step at large sizes. The data crosses memory three
// times instead of once: the squaring kernel reads n floats and writes n
// floats, and the reduction reads the n squares back, so about three times
// the bytes of a single pass. At small sizes, two launches instead of one.
#include <cstdint>

#include <cuda_runtime.h>

#include <cubling/device/device_reduce.cuh>
#include <cubling/util/math.cuh>

#include "problems.h"
#include "sum_squares.cuh"

namespace step01_square_then_reduce
{

constexpr int BLOCK = 256;

// example-begin kernel
// One thread per item: squares[i] = in[i] * in[i].
__global__ void __launch_bounds__(BLOCK) square_kernel(const float* __restrict__ in, float* squares, int64_t n)
{
  const int64_t i = blockIdx.x * int64_t{BLOCK} + threadIdx.x;
  if (i < n)
  {
    squares[i] = ch06::Square{}(in[i]);
  }
}

void launch(const runner::Args<problems::reduce_sum_squares_f32>& a)
{
  // The scratch holds the n squares, then DeviceReduce's temporary storage.
  float* squares    = static_cast<float*>(a.scratch);
  const size_t skip = ch06::squares_bytes(a.n);
  void* d_temp      = static_cast<char*>(a.scratch) + skip;
  size_t bytes      = ch06::temp_bytes(a, skip);

  const int64_t blocks = cubling::ceil_div(a.n, BLOCK);
  if (blocks > 0)
  {
    square_kernel<<<static_cast<unsigned>(blocks), BLOCK, 0, a.stream>>>(a.in(), squares, a.n);
  }
  CHECK_CUDA(cubling::DeviceReduce::Sum(d_temp, bytes, squares, a.out(), a.n, a.stream));
}
// example-end kernel

} // namespace step01_square_then_reduce
