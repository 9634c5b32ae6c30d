// The sum of squares in one line of Thrust: thrust::transform_reduce, against
// step 3's TransformInputIterator and cubling::DeviceReduce::Sum.
//
// thrust::transform_reduce returns the sum to the host, as a value: it waits
// for the GPU, copies the result back, and allocates and frees its own
// temporary storage on every call, none of which a DeviceReduce call does.
// Underneath, Thrust 3 hands the raw pointer and the square to
// cub::DeviceReduce::TransformReduce, so its loads are CUB's pointer path,
// while the cubling side here reads through an iterator (step 3's form).
// To produce the same output as every other row, the Thrust side then copies
// that value to d_out. All of this is counted: it is what a Thrust user pays
// for the convenience. (par_nosync lets Thrust skip the synchronizations it
// does not need, but a result returned by value needs one.)
#include <thrust/execution_policy.h>
#include <thrust/functional.h>
#include <thrust/transform_reduce.h>

#include <cubling/device/device_reduce.cuh>
#include <cubling/iterator/transform_input_iterator.cuh>

#include "problems.h"
#include "sum_squares.cuh"

namespace versus_thrust_transform_reduce
{

void launch_cubling(const runner::Args<problems::reduce_sum_squares_f32>& a)
{
  cubling::TransformInputIterator<float, ch06::Square, const float*> squares(a.in(), ch06::Square{});
  size_t bytes = ch06::temp_bytes(a, 0);
  CHECK_CUDA(cubling::DeviceReduce::Sum(a.scratch, bytes, squares, a.out(), a.n, a.stream));
}

void launch_cub(const runner::Args<problems::reduce_sum_squares_f32>& a) // no scratch: Thrust allocates its own
{
  // example-begin thrust
  // The result comes back to the host...
  const float sum = thrust::transform_reduce(thrust::cuda::par_nosync.on(a.stream), a.in(), a.in() + a.n,
                                             ch06::Square{}, 0.0f, thrust::plus<float>{});
  // ...and goes back to the device, where every other row leaves its result
  // (the copy reads `sum`, so it must finish before `sum` goes away).
  CHECK_CUDA(cudaMemcpyAsync(a.out(), &sum, sizeof(float), cudaMemcpyHostToDevice, a.stream));
  CHECK_CUDA(cudaStreamSynchronize(a.stream));
  // example-end thrust
}

} // namespace versus_thrust_transform_reduce
