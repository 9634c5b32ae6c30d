// ArgMin by hand, the way CUB 2.x built it: an ArgIndexInputIterator pairs
// each item with its index, and DeviceReduce::Reduce folds the (index, item)
// pairs with cubling::ArgMin (the smaller value wins, and on equal values the
// smaller index). Against cub::DeviceReduce::ArgMin, in its two-output form.
//
// cubling's own DeviceReduce::ArgMin computes the same thing differently: it
// loads the plain items (with vector loads, on a pointer) and pairs each one
// with its index afterwards, in registers (detail::PairWithIndex in
// agent/agent_reduce.cuh). The iterator built here is not a pointer, so its
// items are read one at a time. The inputs have many ties, so the first
// minimum must win on both sides.
#include <cub/device/device_reduce.cuh>

#include <climits>
#include <cstdint>

#include <cubling/device/device_reduce.cuh>
#include <cubling/iterator/arg_index_input_iterator.cuh>
#include <cubling/thread/thread_operators.cuh>

#include "problems.h"
#include "sum_squares.cuh"

namespace versus_arg_index_argmin
{

using Problem = problems::reduce_argmin_i32;
using Pair    = Problem::Result; // cubling::KeyValuePair<int64_t, int>: key = index, value = item

void launch_cubling(const runner::Args<problems::reduce_argmin_i32>& a)
{
  // example-begin cubling-side
  cubling::ArgIndexInputIterator<const int*, int64_t> pairs(a.in()); // item i reads as (i, d_in[i])
  const Pair init(INT64_MAX, INT_MAX);                             // loses to every item: no item has a larger index
  size_t bytes = ch06::temp_bytes(a, 0);
  CHECK_CUDA(cubling::DeviceReduce::Reduce(a.scratch, bytes, pairs, a.out(), a.n, cubling::ArgMin{}, init, a.stream));
  // example-end cubling-side
}

void launch_cub(const runner::Args<problems::reduce_argmin_i32>& a)
{
  // example-begin cub-side
  size_t bytes = ch06::temp_bytes(a, 0);
  CHECK_CUDA(cub::DeviceReduce::ArgMin(a.scratch, bytes, a.in(), &a.out()->value, &a.out()->key, a.n, a.stream));
  // example-end cub-side
}

} // namespace versus_arg_index_argmin
