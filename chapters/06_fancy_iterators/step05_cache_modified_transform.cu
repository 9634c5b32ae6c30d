// Step 5: the transform reads through a CacheModifiedInputIterator<LOAD_LDG>.
//
// What changes: step 3's TransformInputIterator now wraps a
// cubling::CacheModifiedInputIterator<cubling::LOAD_LDG, float> instead of the
// raw pointer. Every item is then read with ld.global.nc, the load of the
// read-only (non-coherent) data path, instead of a plain ld.global. The
// square and the reduction are unchanged, and the path is still the generic
// one: the iterator is not a pointer.
// Why: on the Kepler GPUs of the early CUB days, the read-only path went
// through the texture cache, and CUB's own dispatch used it for raw pointers
// but not for iterators; wrapping an iterator in LOAD_LDG by hand recovered
// up to a factor of two there. Whether anything of that survives on a GPU
// whose L1 and texture caches are one unit is a question for the
// measurement, so this step asks it. With __restrict__ on a const pointer,
// the compiler may already pick ld.global.nc by itself.
// Expected: no prediction: the chapter reports what the H200 shows. A
// reduction reads every byte once, so no cache policy can save a trip to
// memory; at most it changes how the loads are issued.
#include <cstdint>

#include <cuda_runtime.h>

#include <cubling/device/device_reduce.cuh>
#include <cubling/iterator/cache_modified_input_iterator.cuh>
#include <cubling/iterator/transform_input_iterator.cuh>

#include "problems.h"
#include "sum_squares.cuh"

namespace step05_cache_modified_transform
{

void launch(const runner::Args<problems::reduce_sum_squares_f32>& a)
{
  // example-begin call
  using ReadOnly = cubling::CacheModifiedInputIterator<cubling::LOAD_LDG, float>;
  cubling::TransformInputIterator<float, ch06::Square, ReadOnly> squares(ReadOnly(a.in()), ch06::Square{});
  size_t bytes = ch06::temp_bytes(a, 0);
  CHECK_CUDA(cubling::DeviceReduce::Sum(a.scratch, bytes, squares, a.out(), a.n, a.stream));
  // example-end call
}

} // namespace step05_cache_modified_transform
