// Step 4: DeviceReduce::TransformReduce on the raw pointer.
//
// What changes: the same square and the same sum, but the transform is given
// to the reduction (DeviceReduce::TransformReduce, with cubling::Sum and
// Square) instead of being wrapped around the input. The input is the raw
// `const float*` again, so DeviceReduce takes its vector path: full tiles are
// read with 16-byte loads, and the square is applied to each float after it
// is in a register.
// Why: steps 3 and 4 do exactly the same arithmetic, in the same kernel, with
// the same grid; the only difference is how the items are loaded. Their
// ratio is the price of the generic, one-item-at-a-time path that every
// iterator other than a pointer takes. The chapter's goal is that this price
// be small (the generic path at most 5% slower than the pointer path at large
// sizes), so that choosing an iterator costs nothing that matters.
// Expected: about as fast as step 3, or slightly faster. A reduction is
// limited by memory bandwidth, and a warp reading 32 consecutive floats with
// 32 scalar loads touches the same 128 bytes as eight threads reading them
// with vector loads; the difference is in the number of load instructions
// in flight, which a GPU with many resident warps can mostly hide.
#include <cstdint>

#include <cuda_runtime.h>

#include <cubling/device/device_reduce.cuh>
#include <cubling/thread/thread_operators.cuh>

#include "problems.h"
#include "sum_squares.cuh"

namespace step04_transform_reduce_pointer
{

void launch(const runner::Args<problems::reduce_sum_squares_f32>& a)
{
  // example-begin call
  size_t bytes = ch06::temp_bytes(a, 0);
  CHECK_CUDA(cubling::DeviceReduce::TransformReduce(a.scratch, bytes, a.in(), a.out(), a.n, cubling::Sum{}, ch06::Square{},
                                                    0.0f, a.stream));
  // example-end call
}

} // namespace step04_transform_reduce_pointer
