// cubling::WarpReduce against cub::WarpReduce, in step 6's kernel.
//
// The kernel is a template on the WarpReduce type; launch_cubling and
// launch_cub instantiate it once on each library, and the runner checks and
// times both on the same data, in the same run. Both should compile to one
// redux.sync per warp on sm_80 and newer, so the ratio should be 1.
#include <cstdint>

#include <cuda_runtime.h>

#include <cub/warp/warp_reduce.cuh>

#include <cubling/warp/warp_reduce.cuh>

#include "sum_frame.cuh"
#include "problems.h"

namespace versus_warp_reduce
{

// example-begin kernel
template <typename WarpReduce>
__global__ void __launch_bounds__(ch02::BLOCK) reduce_kernel(const int* in, int* out, int64_t n)
{
  __shared__ typename WarpReduce::TempStorage temp_storage[ch02::WARPS];
  const int sum = WarpReduce(temp_storage[threadIdx.x / 32]).Sum(ch02::thread_sum(in, n));
  if (threadIdx.x % 32 == 0)
  {
    atomicAdd(out, sum);
  }
}
// example-end kernel

void launch_cubling(const runner::Args<problems::reduce_sum_i32>& a)
{
  ch02::launch_sum(reduce_kernel<cubling::WarpReduce<int>>, a);
}

void launch_cub(const runner::Args<problems::reduce_sum_i32>& a)
{
  ch02::launch_sum(reduce_kernel<cub::WarpReduce<int>>, a);
}

} // namespace versus_warp_reduce
