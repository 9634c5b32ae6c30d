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
using Pair    = Problem::Out; // cubling::KeyValuePair<int64_t, int>: key = index, value = item

void launch_cubling(const int* d_in, Pair* d_out, int64_t n, void* d_temp, cudaStream_t stream)
{
  // example-begin cubling
  cubling::ArgIndexInputIterator<const int*, int64_t> pairs(d_in); // item i reads as (i, d_in[i])
  const Pair init(INT64_MAX, INT_MAX);                             // loses to every item: no item has a larger index
  size_t bytes = ch06::temp_bytes<Problem>(
      n, 0,
      [&](size_t& b)
      { return cubling::DeviceReduce::Reduce(nullptr, b, pairs, d_out, n, cubling::ArgMin{}, init, stream); });
  CHECK_CUDA(cubling::DeviceReduce::Reduce(d_temp, bytes, pairs, d_out, n, cubling::ArgMin{}, init, stream));
  // example-end cubling
}

void launch_cub(const int* d_in, Pair* d_out, int64_t n, void* d_temp, cudaStream_t stream)
{
  // example-begin cub
  size_t bytes = ch06::temp_bytes<Problem>(
      n, 0,
      [&](size_t& b) { return cub::DeviceReduce::ArgMin(nullptr, b, d_in, &d_out->value, &d_out->key, n, stream); });
  CHECK_CUDA(cub::DeviceReduce::ArgMin(d_temp, bytes, d_in, &d_out->value, &d_out->key, n, stream));
  // example-end cub
}

} // namespace versus_arg_index_argmin
