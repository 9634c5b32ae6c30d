// The sum over a transform iterator of versus_transform_iterator, with the
// library's tuning but no oversubscribed grid
// (chapters/common/resident_grid_reduce.cuh) on the cubling side: next to
// versus_transform_iterator, it shows what the oversubscribed grid of large
// inputs buys on the generic (one item at a time) load path, measured in the
// same run.
#include "problems.h"
#include "resident_grid_reduce.cuh"
#include "transform_iterator_sum.cuh"

namespace versus_transform_iterator_resident_grid
{

VERSUS_SUM_OF_SQUARES(chapters::ResidentGridDeviceReduce)

} // namespace versus_transform_iterator_resident_grid
