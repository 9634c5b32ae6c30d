// A scan step as chapter 08's will be written: it reads its input where the
// mode puts it (in place: in the output, which the runner refilled before
// this run) and writes its output; the initial value is a parameter.
#include "test_problems.h"

namespace step01_exclusive_scan
{

using Problem = problems::test_scan_pairs;

void launch(const runner::Args<Problem>& a)
{
  const bool in_place = a.axes.mode == runner::Mode::in_place;
  size_t bytes        = a.scratch_bytes;
  CHECK_CUDA(Problem::scan<int32_t>(a.scratch, bytes, in_place ? a.out<0>() : a.in<0>(), a.out<0>(), a.params().init,
                                    a.n, a.stream));
  CHECK_CUDA(Problem::scan<int64_t>(a.scratch, bytes, in_place ? a.out<1>() : a.in<1>(), a.out<1>(), a.params().init,
                                    a.n, a.stream));
}

} // namespace step01_exclusive_scan
