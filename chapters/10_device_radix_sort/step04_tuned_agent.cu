// Step 4: the library's Onesweep agent, tuned for Hopper.
//
// What changes: step 3's kernels become the library's
// (cubling::AgentRadixSortHistogram and cubling::AgentRadixSortOnesweep),
// reached through the dispatch layer (cubling::detail::DispatchRadixSort)
// with the library's policy chain, whose Hopper link sets the tile. Against
// step 3 (agent/agent_radix_sort_onesweep.cuh says how each works):
//   - the tile's size and the rank come from the policy; the rank publishes
//     the tile's digit counts as soon as it has them, before it finishes;
//   - no memset before a pass: the histogram kernel zeroes the look-back
//     words once, and each pass tags its words, so that it never counts a
//     word of the pass before;
//   - a pass in which every key has the same digit (the histogram says so)
//     copies its tiles without ranking or looking back;
//   - the look-back reads several tiles' words at once, not one a round
//     trip to L2;
//   - 4-byte keys alone are exchanged in shared memory of their own, each
//     key put in its place as soon as it is ranked, so that no thread holds
//     all its keys and all their ranks at once (they spilled);
//   - pairs take a tile half as large again: each key's rank waits for its
//     value in shared memory, not in a register, and the keys are read a
//     second time after their digits are counted instead of waiting in
//     registers through the block scan.
// The launches are plain here: each kernel waits for the one before it to
// finish (the Launcher below drops the programmatic dependent launch that
// the library asks for; step 5 keeps it).
// Why: step 3 shows the idea; what remains is how many keys a tile ranks
// per word it publishes and reads, and what a pass can skip.
// Expected: within a few percent of CUB at large sizes, and far faster than
// step 3 on low-entropy and equal keys.
#include <type_traits>
#include <utility>

#include <cubling/device/dispatch/dispatch_radix_sort.cuh>
#include <cubling/device/dispatch/launch.cuh>

#include "check.h"
#include "sort_problems.h"

namespace step04_tuned_agent
{

// example-begin launcher
//! The library's launcher, without the programmatic dependent launch: each
//! kernel waits for the one before it to finish, as an ordinary launch does.
struct PlainLauncher
{
  template <typename Kernel, typename... Args>
  static cudaError_t Launch(cubling::detail::LaunchConfig how, Kernel kernel, Args&&... args)
  {
    how.programmatic_serialization = false;
    return cubling::detail::KernelLauncher::Launch(how, kernel, std::forward<Args>(args)...);
  }
};
// example-end launcher

// example-begin dispatch
//! The library's dispatch with its policy chain and the plain launcher, for
//! keys only (Value = cubling::NullType) or pairs, with offsets of type
//! `Offset`; without the cooperative launch of small inputs (`false`: step
//! 5's).
template <typename Value> using Policy = cubling::detail::DeviceRadixSortPolicy<uint32_t, Value, false>;
template <bool DESCENDING, typename Value, typename Offset>
using Dispatch = cubling::detail::DispatchRadixSort<DESCENDING, uint32_t, Value, Offset,
                                                    cubling::detail::identity_decomposer_t, Policy<Value>, PlainLauncher>;

//! Out of place, the keys go from in() to out() and the input must stay as
//! it is; in double-buffer mode the dispatch may write both buffers, and the
//! selector says which holds the result.
template <typename Problem>
void sort(const runner::Args<Problem>& a)
{
  using Value              = std::conditional_t<Problem::pairs, uint32_t, cubling::NullType>;
  const bool double_buffer = a.axes.mode == runner::Mode::double_buffer;
  cubling::DoubleBuffer<uint32_t> keys(double_buffer ? a.template out<0>() : const_cast<uint32_t*>(a.template in<0>()),
                                       double_buffer ? a.template alt<0>() : a.template out<0>());
  cubling::DoubleBuffer<Value> values;
  if constexpr (Problem::pairs)
  {
    values = cubling::DoubleBuffer<Value>(double_buffer ? a.template out<1>()
                                                        : const_cast<uint32_t*>(a.template in<1>()),
                                          double_buffer ? a.template alt<1>() : a.template out<1>());
  }
  size_t bytes      = a.scratch_bytes;
  const int end_bit = a.template end_bit<uint32_t>();
  // The offsets step 5's int64_t count gets (with_radix_sort_offsets): 64
  // bits for keys; 32 for pairs while an int holds the count.
  CHECK_CUDA((cubling::detail::with_radix_sort_offsets<Policy<Value>, int64_t>(a.n, [&](auto offset) {
    using Offset = decltype(offset);
    return a.axes.descending ? Dispatch<true, Value, Offset>::Dispatch(a.scratch, bytes, keys, values, a.n,
                                                                       a.axes.begin_bit, end_bit, double_buffer,
                                                                       a.stream)
                             : Dispatch<false, Value, Offset>::Dispatch(a.scratch, bytes, keys, values, a.n,
                                                                        a.axes.begin_bit, end_bit, double_buffer,
                                                                        a.stream);
  })));
  if (double_buffer)
  {
    *a.selector = keys.selector;
  }
}
// example-end dispatch

void launch(const runner::Args<problems::sort_keys_u32>& a)
{
  sort(a);
}
void launch(const runner::Args<problems::sort_pairs_u32>& a)
{
  sort(a);
}

} // namespace step04_tuned_agent
