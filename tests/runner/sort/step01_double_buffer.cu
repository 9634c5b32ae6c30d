// A sort step as chapter 10's will be written: in double-buffer mode the
// keys and values start in a.out<K>() (a fresh copy of the input, made
// before every run) and the step reports CUB's selector; out of place, it
// has no buffers to ping-pong and says so.
#include "test_problems.h"

namespace step01_double_buffer
{

void launch(const runner::Args<problems::test_sort_pairs_u32>& a)
{
  if (a.axes.mode != runner::Mode::double_buffer)
  {
    a.skip("a DoubleBuffer step: it runs in double_buffer mode only");
    return;
  }
  problems::sort_pairs_double_buffer(a);
}

} // namespace step01_double_buffer
