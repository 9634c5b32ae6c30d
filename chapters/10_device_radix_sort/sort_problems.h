// sort_problems.h: the problems of chapter 10, radix sorts, each a struct of
// typed traits (chapters/common/problem.h) with a CPU reference (a stable
// std::stable_sort by the key's bits in [begin_bit, end_bit)) and a CUB
// oracle (cub::DeviceRadixSort), defined in sort_problems.cu. CMake passes
// this header to the runner (cubling_add_chapter(PROBLEMS_HEADER ...)).
//
// Every sort runs out of place (from the input into the outputs) or in a
// DoubleBuffer (the runner's fresh copy of the input in out<K>(), alt<K>()
// the alternate, the selector saying where the result is), over any bit
// range, ascending or descending. Values are the input positions, so that a
// sort that is not stable shows.
//
// CUB's speed depends on the type of the item count it is given: on an H200
// SortKeys is faster with `int64_t`, SortPairs with `int`, and not at every
// size (shared/anchors/cub_offsets_h200_2026-11-23.csv). So the oracle, and
// the CUB side of every VERSUS row, come in two variants (runner::Args::
// variant 0: an `int` count, 1: an `int64_t` count); the runner times both
// and reports the faster, with its name.
#pragma once

#include <cstdint>
#include <type_traits>

#include "problems.h"

namespace problems
{

//! Every distribution of runner::Distribution.
constexpr unsigned every_sort_distribution = (1u << 6) - 1;

//! A radix sort of n keys of type Key, with uint32 values (the input
//! positions) when PAIRS. Bytes counted: the keys (and values) read once
//! and written once, as an ideal sort with one pass would.
template <typename Key, bool PAIRS, unsigned DISTRIBUTIONS = every_sort_distribution>
struct RadixSortProblem : runner::CountVariants
{
  using KeyT  = Key;
  using In    = std::conditional_t<PAIRS, Arrays<Key, uint32_t>, Arrays<Key>>;
  using Out   = In;
  static constexpr bool pairs              = PAIRS;
  static constexpr unsigned modes          = runner::bit(runner::Mode::out_of_place) | runner::bit(runner::Mode::double_buffer);
  static constexpr unsigned distributions  = DISTRIBUTIONS;
  static double bytes_moved(int64_t n)
  {
    return 2.0 * static_cast<double>(n) * static_cast<double>(sizeof(Key) + (PAIRS ? sizeof(uint32_t) : 0));
  }
};

//! Sort n uint32 keys. Oracle: cub::DeviceRadixSort::SortKeys(Descending),
//! the faster of its `int` and `int64_t` counts.
struct sort_keys_u32 : RadixSortProblem<uint32_t, false>
{
  static constexpr char name[] = "sort_keys_u32", title[] = "sort uint32 keys", item_type[] = "u32",
                        oracle_name[] = "cub::DeviceRadixSort::SortKeys";
  static void fill(const Host<In>& in, const Axes& axes, uint64_t seed);
  static void reference(const ConstHost<In>& in, const Params&, const Axes& axes, const Host<Out>& out);
  static size_t oracle_scratch_bytes(int64_t n);
  static void oracle(const runner::Args<sort_keys_u32>& a);
};

//! Sort n uint32 keys with uint32 values. Oracle:
//! cub::DeviceRadixSort::SortPairs(Descending), the faster count type.
struct sort_pairs_u32 : RadixSortProblem<uint32_t, true>
{
  static constexpr char name[] = "sort_pairs_u32", title[] = "sort uint32 keys with uint32 values",
                        item_type[] = "u32/u32", oracle_name[] = "cub::DeviceRadixSort::SortPairs";
  static void fill(const Host<In>& in, const Axes& axes, uint64_t seed);
  static void reference(const ConstHost<In>& in, const Params&, const Axes& axes, const Host<Out>& out);
  static size_t oracle_scratch_bytes(int64_t n);
  static void oracle(const runner::Args<sort_pairs_u32>& a);
};

//! Sort n uint64 keys (a VERSUS row: eight passes of 8 bits).
struct sort_keys_u64 : RadixSortProblem<uint64_t, false>
{
  static constexpr char name[] = "sort_keys_u64", title[] = "sort uint64 keys", item_type[] = "u64",
                        oracle_name[] = "cub::DeviceRadixSort::SortKeys";
  static void fill(const Host<In>& in, const Axes& axes, uint64_t seed);
  static void reference(const ConstHost<In>& in, const Params&, const Axes& axes, const Host<Out>& out);
  static size_t oracle_scratch_bytes(int64_t n);
  static void oracle(const runner::Args<sort_keys_u64>& a);
};

//! Sort n float32 keys, drawn as uniform random bit patterns: negative and
//! positive numbers, both zeros, infinities and NaNs. The order is CUB's
//! (cubling/thread/radix_key_traits.cuh): -0.0 and +0.0 are equal, and keep
//! their input order. Compared bit for bit. (A VERSUS row.)
struct sort_keys_f32 : RadixSortProblem<float, false, runner::bit(runner::Distribution::uniform)>
{
  static constexpr char name[] = "sort_keys_f32", title[] = "sort float32 keys", item_type[] = "f32",
                        oracle_name[] = "cub::DeviceRadixSort::SortKeys";
  static void fill(const Host<In>& in, const Axes& axes, uint64_t seed);
  static void reference(const ConstHost<In>& in, const Params&, const Axes& axes, const Host<Out>& out);
  static size_t oracle_scratch_bytes(int64_t n);
  static void oracle(const runner::Args<sort_keys_f32>& a);
};

//! sort_keys_u32 on low-entropy keys only: each key the AND of 5 uniform
//! words (0.201 bits of entropy per bit), so that most keys share most
//! digits. A problem of its own so that a plain run of the chapter measures
//! its VERSUS row (a run over every distribution would time every step too).
struct sort_keys_u32_entropy_0201 : RadixSortProblem<uint32_t, false, runner::bit(runner::Distribution::entropy_0201)>
{
  static constexpr char name[] = "sort_keys_u32_entropy_0201", title[] = "sort uint32 keys of entropy 0.201",
                        item_type[] = "u32", oracle_name[] = "cub::DeviceRadixSort::SortKeys";
  static void fill(const Host<In>& in, const Axes& axes, uint64_t seed);
  static void reference(const ConstHost<In>& in, const Params&, const Axes& axes, const Host<Out>& out);
  static size_t oracle_scratch_bytes(int64_t n);
  static void oracle(const runner::Args<sort_keys_u32_entropy_0201>& a);
};

//! sort_keys_u32 on one key repeated n times: every digit of every pass is
//! the same, the worst case for a sort that counts digits with atomics.
struct sort_keys_u32_all_equal : RadixSortProblem<uint32_t, false, runner::bit(runner::Distribution::all_equal)>
{
  static constexpr char name[] = "sort_keys_u32_all_equal", title[] = "sort n equal uint32 keys",
                        item_type[] = "u32", oracle_name[] = "cub::DeviceRadixSort::SortKeys";
  static void fill(const Host<In>& in, const Axes& axes, uint64_t seed);
  static void reference(const ConstHost<In>& in, const Params&, const Axes& axes, const Host<Out>& out);
  static size_t oracle_scratch_bytes(int64_t n);
  static void oracle(const runner::Args<sort_keys_u32_all_equal>& a);
};

} // namespace problems
