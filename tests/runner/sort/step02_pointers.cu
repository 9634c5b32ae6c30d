// The pointer form of the sort: out of place from the input into the
// outputs; in double-buffer mode from the current buffers into the
// alternates, which the selector then names.
#include "test_problems.h"

namespace step02_pointers
{

void launch(const runner::Args<problems::test_sort_pairs_u32>& a)
{
  if (a.axes.mode == runner::Mode::double_buffer)
  {
    problems::sort_pairs_pointers(a, a.out<0>(), a.out<1>(), a.alt<0>(), a.alt<1>());
    *a.selector = 1;
    return;
  }
  problems::sort_pairs_pointers(a, a.in<0>(), a.in<1>(), a.out<0>(), a.out<1>());
}

} // namespace step02_pointers
