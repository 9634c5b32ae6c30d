// Wrong on purpose: the last item of each output stays as the runner
// poisoned it (0xA5 bytes: -1515870811 as an int32).
#include "broken_steps.cuh"

namespace step03_skips_last_item
{

void launch(const runner::Args<broken::Problem>& a)
{
  broken::scan(a, a.n - 1);
}

} // namespace step03_skips_last_item
