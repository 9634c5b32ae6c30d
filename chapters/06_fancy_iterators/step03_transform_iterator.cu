// Step 3: a TransformInputIterator squares the items as DeviceReduce reads them.
//
// What changes: no kernel of our own any more. A
// cubling::TransformInputIterator<float, Square, const float*> wraps the input
// pointer: reading item i through it reads in[i] and returns Square()(in[i]).
// cubling::DeviceReduce::Sum takes any random-access iterator, so it sums the
// squares without knowing that they are squares, and without an array of
// them. One library call, one launch, one pass over the data.
// Why: this is the composition that the fancy iterators exist for: the
// transform is written once, as a function object, and any algorithm that
// takes an iterator can use it. It also shows a price. DeviceReduce reads a
// raw pointer with 16-byte vector loads (agent/agent_reduce.cuh), but an
// iterator that is not a pointer is read one item at a time: the library
// cannot tell that this iterator's items lie next to each other in memory.
// Expected: as fast as step 2 or a little slower at large sizes, and faster
// at small ones (one launch instead of two). How much the item-at-a-time
// loads cost is what step 4 measures, against the same arithmetic on the
// vector path.
#include <cstdint>

#include <cuda_runtime.h>

#include <cubling/device/device_reduce.cuh>
#include <cubling/iterator/transform_input_iterator.cuh>

#include "problems.h"
#include "sum_squares.cuh"

namespace step03_transform_iterator
{

void launch(const runner::Args<problems::reduce_sum_squares_f32>& a)
{
  // example-begin call
  cubling::TransformInputIterator<float, ch06::Square, const float*> squares(a.in(), ch06::Square{});
  size_t bytes = ch06::temp_bytes(a, 0);
  CHECK_CUDA(cubling::DeviceReduce::Sum(a.scratch, bytes, squares, a.out(), a.n, a.stream));
  // example-end call
}

} // namespace step03_transform_iterator
