// Step 4: decoupled look-back (Merrill and Garland, NVR-2016-002).
//
// What changes: only how a tile finds its exclusive prefix. As soon as a
// tile has scanned itself it publishes its total as an AGGREGATE (tile 0:
// as its PREFIX straight away). Then its first warp reads the status words
// of the 32 tiles before it at once, one per lane, and finds the nearest
// one with a PREFIX: the prefix plus the aggregates after it is the sum of
// every item before the tile. With no prefix among the 32 (all aggregates),
// it adds them all and reads the 32 before them. It waits only while a tile
// after the nearest prefix has published nothing at all. Then it publishes
// its own PREFIX. Everything else is step 3's (tile_status.cuh).
// Why: in step 3 a tile waited for its predecessor's *prefix*, which waited
// for its own predecessor's: one chain through every tile. Here a tile needs
// only its predecessors' *aggregates*, which each tile publishes right after
// its own scan, without waiting for anyone; a prefix only shortens the walk.
// The wait no longer grows with the number of tiles, and the work of
// looking back (a few words per tile, read by one warp) should hide behind
// the loads of the tiles that run at the same time (the page measures
// whether it does).
// Expected: step 3's time at small sizes, and close to a copy's rate at
// large ones: near the 2n-int traffic of an ideal scan.
#include <cstdint>

#include "problems.h"
#include "tile_status.cuh"

namespace step04_decoupled_look_back
{

// example-begin look-back
//! The first warp publishes the aggregate, looks back window by window, and
//! publishes the inclusive prefix. Tiles before tile 0 read as a prefix of
//! 0, so every look-back ends at a prefix. An integer sum does not care in
//! which order a window's values are added: one warp-wide reduction does it.
struct LookBack
{
  __device__ int operator()(uint64_t* words, int64_t tile, int aggregate) const
  {
    __shared__ int exclusive_prefix;
    if (threadIdx.x < 32)
    {
      const int lane = threadIdx.x;
      if (lane == 0)
      {
        ch08::publish(words, tile, tile == 0 ? ch08::PREFIX : ch08::AGGREGATE, aggregate);
      }
      int exclusive      = 0;
      int64_t window_end = tile; // the window is tiles window_end - 32 .. window_end - 1
      while (window_end > 0)
      {
        const int64_t predecessor = window_end - 32 + lane;
        const uint64_t word = predecessor >= 0 ? ch08::read_word(words, predecessor) : ch08::pack(ch08::PREFIX, 0);
        const ch08::Status status = ch08::status_of(word);
        const unsigned prefixes   = __ballot_sync(0xffffffffu, status == ch08::PREFIX);
        const int nearest         = prefixes ? 31 - __clz(prefixes) : -1; // the newest prefix's lane
        if (__any_sync(0xffffffffu, status == ch08::NOT_READY && lane > nearest))
        {
          continue; // a tile after the nearest prefix has published nothing yet: read the window again
        }
        exclusive += __reduce_add_sync(0xffffffffu, lane >= nearest ? ch08::value_of(word) : 0);
        if (nearest >= 0)
        {
          break;
        }
        window_end -= 32; // aggregates only: the prefix is further back
      }
      if (lane == 0)
      {
        if (tile > 0)
        {
          ch08::publish(words, tile, ch08::PREFIX, exclusive + aggregate);
        }
        exclusive_prefix = exclusive;
      }
    }
    __syncthreads();
    return exclusive_prefix;
  }
};
// example-end look-back

void launch(const runner::Args<problems::inclusive_sum_i32>& a)
{
  ch08::launch_single_pass<LookBack>(a);
}

} // namespace step04_decoupled_look_back
