// Wrong on purpose (the cubling side): it sorts from the current buffers
// into the alternates, but never sets the selector. CUB's side is right.
#include "test_problems.h"

namespace versus_forgets_selector
{

void launch_cubling(const runner::Args<problems::test_sort_pairs_u32>& a)
{
  problems::sort_pairs_pointers(a, a.out<0>(), a.out<1>(), a.alt<0>(), a.alt<1>());
}

void launch_cub(const runner::Args<problems::test_sort_pairs_u32>& a)
{
  problems::sort_pairs_double_buffer(a);
}

} // namespace versus_forgets_selector
