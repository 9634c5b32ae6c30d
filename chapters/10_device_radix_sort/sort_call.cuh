// sort_call.cuh: one radix-sort call of a chapter-10 problem, written once
// for any library with CUB's DeviceRadixSort API: `Library` is
// cub::DeviceRadixSort or cubling::DeviceRadixSort, `DoubleBuffer` the
// library's DoubleBuffer, `Count` the type of the item count. CUB's oracles
// (sort_problems.cu) and both sides of every VERSUS row call it, so that
// the two libraries are timed on the same call.
#pragma once

#include <cstdint>

#include <cuda_runtime.h>

#include "check.h"
#include "sort_problems.h"

namespace ch10
{

// example-begin call
//! Sort the problem's arrays with `Library`, an item count of type `Count`:
//! in double-buffer mode on the library's DoubleBuffer, returning its
//! selector; out of place from in<K>() into out<K>(). The temporary storage
//! is all of the runner's scratch (at least what the call needs).
template <typename Library, template <typename> class DoubleBuffer, typename Count, typename Problem>
cudaError_t sort_with(const runner::Args<Problem>& a, Count n)
{
  using Key         = typename Problem::KeyT;
  size_t bytes      = a.scratch_bytes;
  const int begin   = a.axes.begin_bit;
  const int end     = a.template end_bit<Key>();
  const bool down   = a.axes.descending;
  if (a.axes.mode == runner::Mode::double_buffer)
  {
    DoubleBuffer<Key> keys(a.template out<0>(), a.template alt<0>());
    cudaError_t status;
    if constexpr (Problem::pairs)
    {
      DoubleBuffer<uint32_t> values(a.template out<1>(), a.template alt<1>());
      status = down ? Library::SortPairsDescending(a.scratch, bytes, keys, values, n, begin, end, a.stream)
                    : Library::SortPairs(a.scratch, bytes, keys, values, n, begin, end, a.stream);
    }
    else
    {
      status = down ? Library::SortKeysDescending(a.scratch, bytes, keys, n, begin, end, a.stream)
                    : Library::SortKeys(a.scratch, bytes, keys, n, begin, end, a.stream);
    }
    *a.selector = keys.selector;
    return status;
  }
  if constexpr (Problem::pairs)
  {
    return down ? Library::SortPairsDescending(a.scratch, bytes, a.template in<0>(), a.template out<0>(),
                                               a.template in<1>(), a.template out<1>(), n, begin, end, a.stream)
                : Library::SortPairs(a.scratch, bytes, a.template in<0>(), a.template out<0>(), a.template in<1>(),
                                     a.template out<1>(), n, begin, end, a.stream);
  }
  else
  {
    return down ? Library::SortKeysDescending(a.scratch, bytes, a.template in<0>(), a.template out<0>(), n, begin,
                                              end, a.stream)
                : Library::SortKeys(a.scratch, bytes, a.template in<0>(), a.template out<0>(), n, begin, end,
                                    a.stream);
  }
}

//! CUB's side: the count type of the runner's variant (0: `int`, which
//! cannot count past 2^31 - 1 items, 1: `int64_t`).
template <typename Library, template <typename> class DoubleBuffer, typename Problem>
void sort_by_variant(const runner::Args<Problem>& a)
{
  CHECK_CUDA(runner::call_with_variant_count(a, [&a](auto count) { return sort_with<Library, DoubleBuffer>(a, count); }));
}
// example-end call

//! The temporary storage `Library` asks for, for `n` items in either count
//! type, out of place (a DoubleBuffer needs less).
template <typename Library, typename Problem>
size_t sort_temp_bytes(int64_t n)
{
  using Key = typename Problem::KeyT;
  return runner::max_over_count_types(n, [](auto count) {
    const Key* keys_in = nullptr;
    Key* keys_out      = nullptr;
    size_t bytes       = 0;
    if constexpr (Problem::pairs)
    {
      const uint32_t* values_in = nullptr;
      uint32_t* values_out      = nullptr;
      const cudaError_t status = Library::SortPairs(nullptr, bytes, keys_in, keys_out, values_in, values_out, count);
      CHECK_CUDA(status);
    }
    else
    {
      const cudaError_t status = Library::SortKeys(nullptr, bytes, keys_in, keys_out, count);
      CHECK_CUDA(status);
    }
    return bytes;
  });
}

} // namespace ch10
