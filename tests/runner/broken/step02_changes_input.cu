// Wrong on purpose: the result is right, but input 1 is changed.
#include "broken_steps.cuh"

namespace step02_changes_input
{

void launch(const runner::Args<broken::Problem>& a)
{
  broken::scan(a, a.n);
  CHECK_CUDA(cudaMemsetAsync(const_cast<int64_t*>(a.in<1>()), 0x11, sizeof(int64_t), a.stream));
}

} // namespace step02_changes_input
