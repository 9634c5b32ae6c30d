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

void launch(const float* d_in, float* d_out, int64_t n, void* d_scratch, cudaStream_t stream)
{
  // The scratch holds the n squares, then DeviceReduce's temporary storage.
  float* squares    = static_cast<float*>(d_scratch);
  const size_t skip = ch06::reduce_sum_squares_f32::squares_bytes(n);
  void* d_temp      = static_cast<char*>(d_scratch) + skip;
  size_t bytes      = ch06::temp_bytes<problems::reduce_sum_squares_f32>(
      n, skip, [&](size_t& b) { return cubling::DeviceReduce::Sum(nullptr, b, squares, d_out, n, stream); });

  const int64_t blocks = cubling::ceil_div(n, BLOCK);
  if (blocks > 0)
  {
    square_kernel<<<static_cast<unsigned>(blocks), BLOCK, 0, stream>>>(d_in, squares, n);
  }
  CHECK_CUDA(cubling::DeviceReduce::Sum(d_temp, bytes, squares, d_out, n, stream));
}
// example-end kernel

} // namespace step01_square_then_reduce
