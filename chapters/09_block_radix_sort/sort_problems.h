// sort_problems.h: the problems of chapter 09, many small sorts side by side.
// The input is cut into tiles of 4096 items (the last one may be partial),
// and each tile is sorted on its own: a block of 256 threads, 16 items per
// thread, holds one tile, so that the block-level sort is the whole cost of
// a block's life. Each problem is a struct of typed traits
// (chapters/common/problem.h) with a CPU reference and a CUB oracle, defined
// in sort_problems.cu. CMake passes this header to the runner
// (cubling_add_chapter(PROBLEMS_HEADER ...)), so the chapter's table may
// name these problems.
//
// Both sort uint32 keys by their bits [begin_bit, end_bit) (the runner's
// --bits; default every bit), ascending or descending (--descending),
// stably; out of place, or in place (the runner's copy of the input is
// sorted where it lies). The keys are drawn from any of the runner's
// distributions (--dist): uniform, low entropy, all equal, sorted.
#pragma once

#include <cstdint>

#include "problems.h"

namespace problems
{

//! What both tile sorts share: the tile, the modes and the distributions.
struct TileSort : runner::ProblemDefaults
{
  static constexpr int block_threads    = 256;
  static constexpr int items_per_thread = 16;
  static constexpr int tile_items       = block_threads * items_per_thread; //!< 4096
  static constexpr unsigned modes = runner::bit(runner::Mode::out_of_place) | runner::bit(runner::Mode::in_place);
  static constexpr unsigned distributions = (1u << 6) - 1; //!< every runner::Distribution
};

//! Sort each 4096-item tile of n uint32 keys. Bytes counted: n * 4 read
//! plus n * 4 written. Reference: std::stable_sort of each tile by the
//! key's bits in range. Oracle: a kernel that sorts each tile with
//! cub::BlockRadixSort<uint32_t, 256, 16> (versus_tile_sort.cuh).
struct tile_sort_keys_u32 : TileSort
{
  using In  = Arrays<uint32_t>;
  using Out = Arrays<uint32_t>;
  static constexpr char name[] = "tile_sort_keys_u32", title[] = "sort each 4096-item tile of uint32 keys",
                        item_type[] = "u32", oracle_name[] = "cub::BlockRadixSort<uint32_t, 256, 16> per tile";
  static double bytes_moved(int64_t n);
  static void fill(const Host<In>& in, const Axes& axes, uint64_t seed);
  static void reference(const ConstHost<In>& in, const Params&, const Axes& axes, const Host<Out>& out);
  static size_t oracle_scratch_bytes(int64_t n);
  static void oracle(const runner::Args<tile_sort_keys_u32>& a);
};

//! Sort each 4096-item tile of n (uint32 key, uint32 value) pairs by key.
//! The values are the items' positions in the input, so that a sort that is
//! not stable, or that moves a value without its key, shows. Bytes counted:
//! n * 8 read plus n * 8 written. Reference: std::stable_sort of each tile.
//! Oracle: cub::BlockRadixSort<uint32_t, 256, 16, uint32_t> per tile.
struct tile_sort_pairs_u32 : TileSort
{
  using In  = Arrays<uint32_t, uint32_t>; // keys, values
  using Out = Arrays<uint32_t, uint32_t>;
  static constexpr char name[] = "tile_sort_pairs_u32",
                        title[] = "sort each 4096-item tile of uint32 keys with uint32 values", item_type[] = "u32/u32",
                        oracle_name[] = "cub::BlockRadixSort<uint32_t, 256, 16, uint32_t> per tile";
  static double bytes_moved(int64_t n);
  static void fill(const Host<In>& in, const Axes& axes, uint64_t seed);
  static void reference(const ConstHost<In>& in, const Params&, const Axes& axes, const Host<Out>& out);
  static size_t oracle_scratch_bytes(int64_t n);
  static void oracle(const runner::Args<tile_sort_pairs_u32>& a);
};

} // namespace problems
