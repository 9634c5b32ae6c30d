// Step 6: the transform reads through a CacheModifiedInputIterator<LOAD_CS>.
//
// What changes: the same as step 5 with another modifier: LOAD_CS, "cache
// streaming", reads every item with ld.global.cs, a hint that the line will
// be used once and may be evicted first. Nothing else changes.
// Why: a reduction touches every item exactly once, which is the access
// pattern the streaming hint describes. If a modifier were to help a
// one-pass reduction, this is the one to expect it from: by keeping the
// input from pushing other data out of L2, it could matter more to the work
// around the reduction than to the reduction itself, which a benchmark that
// runs it alone cannot see.
// Expected: no prediction, as for step 5: the table reports what the H200
// shows, next to steps 3 and 5. The runner rotates its inputs so that no
// timed run finds its input in L2, at any size: every step streams from
// memory, which is the case the hint is for.
#include <cstdint>

#include <cuda_runtime.h>

#include <cubling/device/device_reduce.cuh>
#include <cubling/iterator/cache_modified_input_iterator.cuh>
#include <cubling/iterator/transform_input_iterator.cuh>

#include "problems.h"
#include "sum_squares.cuh"

namespace step06_cache_streaming_transform
{

void launch(const runner::Args<problems::reduce_sum_squares_f32>& a)
{
  // example-begin call
  using Streaming = cubling::CacheModifiedInputIterator<cubling::LOAD_CS, float>;
  cubling::TransformInputIterator<float, ch06::Square, Streaming> squares(Streaming(a.in()), ch06::Square{});
  size_t bytes = ch06::temp_bytes(a, 0);
  CHECK_CUDA(cubling::DeviceReduce::Sum(a.scratch, bytes, squares, a.out(), a.n, a.stream));
  // example-end call
}

} // namespace step06_cache_streaming_transform
