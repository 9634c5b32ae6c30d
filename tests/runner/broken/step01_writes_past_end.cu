// Wrong on purpose: one item too many (it reads the input's guard zone, and
// writes one item into output 0's).
#include "broken_steps.cuh"

namespace step01_writes_past_end
{

void launch(const runner::Args<broken::Problem>& a)
{
  broken::scan(a, a.n + 1);
}

} // namespace step01_writes_past_end
