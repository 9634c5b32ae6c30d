// sort_problems.cu: CPU references and CUB oracles for sort_problems.h.
#include <cub/block/block_radix_sort.cuh>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <utility>
#include <vector>

#include "sort_problems.h"
#include "versus_tile_sort.cuh"

namespace problems
{
namespace
{

// The bits of a key that count, as a mask; the runner's end bit -1 is 32.
uint32_t key_mask(const Axes& axes)
{
  const int end_bit = axes.end_bit < 0 ? 32 : axes.end_bit;
  if (end_bit <= axes.begin_bit)
  {
    return 0u;
  }
  const uint64_t ones = (uint64_t{1} << (end_bit - axes.begin_bit)) - 1u;
  return static_cast<uint32_t>(ones << axes.begin_bit);
}

// Each tile of `keys` (and `values`, when given) sorted stably by the
// masked key into the outputs.
void sort_tiles(const runner::Span<const uint32_t>& keys, const uint32_t* values, const Axes& axes,
                const runner::Span<uint32_t>& keys_out, uint32_t* values_out)
{
  const uint32_t mask = key_mask(axes);
  const auto before   = [&](const std::pair<uint32_t, uint32_t>& x, const std::pair<uint32_t, uint32_t>& y) {
    return axes.descending ? (x.first & mask) > (y.first & mask) : (x.first & mask) < (y.first & mask);
  };
  std::vector<std::pair<uint32_t, uint32_t>> tile;
  for (int64_t begin = 0; begin < keys.count; begin += TileSort::tile_items)
  {
    const int64_t end = std::min(keys.count, begin + TileSort::tile_items);
    tile.clear();
    for (int64_t i = begin; i < end; ++i)
    {
      tile.emplace_back(keys[i], values != nullptr ? values[i] : 0u);
    }
    std::stable_sort(tile.begin(), tile.end(), before);
    for (int64_t i = begin; i < end; ++i)
    {
      keys_out[i] = tile[static_cast<size_t>(i - begin)].first;
      if (values_out != nullptr)
      {
        values_out[i] = tile[static_cast<size_t>(i - begin)].second;
      }
    }
  }
}

constexpr int BLOCK = TileSort::block_threads, ITEMS = TileSort::items_per_thread;

} // namespace

// --- tile_sort_keys_u32 --------------------------------------------------------------
double tile_sort_keys_u32::bytes_moved(int64_t n)
{
  return 8.0 * static_cast<double>(n);
}
void tile_sort_keys_u32::fill(const Host<In>& in, const Axes& axes, uint64_t seed)
{
  runner::fill_keys(std::get<0>(in), axes.distribution, seed);
}
void tile_sort_keys_u32::reference(const ConstHost<In>& in, const Params&, const Axes& axes, const Host<Out>& out)
{
  sort_tiles(std::get<0>(in), nullptr, axes, std::get<0>(out), nullptr);
}
size_t tile_sort_keys_u32::oracle_scratch_bytes(int64_t)
{
  return 0;
}
void tile_sort_keys_u32::oracle(const runner::Args<tile_sort_keys_u32>& a)
{
  versus::launch<cub::BlockRadixSort<uint32_t, BLOCK, ITEMS>>(a);
}

// --- tile_sort_pairs_u32 -------------------------------------------------------------
double tile_sort_pairs_u32::bytes_moved(int64_t n)
{
  return 16.0 * static_cast<double>(n);
}
void tile_sort_pairs_u32::fill(const Host<In>& in, const Axes& axes, uint64_t seed)
{
  runner::fill_keys(std::get<0>(in), axes.distribution, seed);
  std::iota(std::get<1>(in).begin(), std::get<1>(in).end(), 0u); // each value: its key's input position
}
void tile_sort_pairs_u32::reference(const ConstHost<In>& in, const Params&, const Axes& axes, const Host<Out>& out)
{
  sort_tiles(std::get<0>(in), std::get<1>(in).data, axes, std::get<0>(out), std::get<1>(out).data);
}
size_t tile_sort_pairs_u32::oracle_scratch_bytes(int64_t)
{
  return 0;
}
void tile_sort_pairs_u32::oracle(const runner::Args<tile_sort_pairs_u32>& a)
{
  versus::launch<cub::BlockRadixSort<uint32_t, BLOCK, ITEMS, uint32_t>>(a);
}

} // namespace problems
