// broken_steps.cuh: the correct scans that the broken steps start from.
#pragma once

#include "test_problems.h"

namespace broken
{

using Problem = problems::test_scan_pairs;

//! Scan `count` items of both arrays, out of place.
inline void scan(const runner::Args<Problem>& a, int64_t count)
{
  size_t bytes = a.scratch_bytes;
  CHECK_CUDA(Problem::scan<int32_t>(a.scratch, bytes, a.in<0>(), a.out<0>(), a.params().init, count, a.stream));
  CHECK_CUDA(Problem::scan<int64_t>(a.scratch, bytes, a.in<1>(), a.out<1>(), a.params().init, count, a.stream));
}

} // namespace broken
