// Step 3: a chained scan, in one pass.
//
// What changes: one kernel, and the data is read once and written once.
// Each block draws a tile number from a counter, loads and scans its tile
// (2048 items, 256 threads), then thread 0 waits until the tile before it
// has published its *inclusive prefix* (the sum of every item up to its
// last), adds its own tile's total, publishes that for the next tile, and
// the block adds the predecessor's prefix to its items and stores them
// (tile_status.cuh holds all of this but the wait). The counter and the
// status words are cleared by one cudaMemsetAsync before the kernel. The
// counter, not blockIdx.x, orders the tiles: blocks are not promised to
// start in index order, and a tile that waited for one that has not started
// (and cannot, because the GPU is full of waiting tiles) would wait forever.
// Why: the ideal traffic, 2n ints, in one launch (and a memset).
// Expected: fast at small sizes (one kernel), but slow at large ones: the
// prefix travels from tile to tile one at a time, each hop a write to L2
// and a read from L2 by another multiprocessor, so the scan takes at least
// (tiles x one hop's latency), however many tiles run at once. Every other
// block loads and scans its tile, then waits in line.
#include <cstdint>

#include "problems.h"
#include "tile_status.cuh"

namespace step03_chained_scan
{

// example-begin wait
//! Thread 0 spins until the tile before its own has its inclusive prefix,
//! then publishes its own. The whole block waits for it at the barrier.
struct WaitForPredecessor
{
  __device__ int operator()(uint64_t* words, int64_t tile, int aggregate) const
  {
    __shared__ int exclusive_prefix;
    if (threadIdx.x == 0)
    {
      int exclusive = 0;
      if (tile > 0)
      {
        uint64_t word;
        do
        {
          word = ch08::read_word(words, tile - 1);
        } while (ch08::status_of(word) != ch08::PREFIX);
        exclusive = ch08::value_of(word);
      }
      ch08::publish(words, tile, ch08::PREFIX, exclusive + aggregate);
      exclusive_prefix = exclusive;
    }
    __syncthreads();
    return exclusive_prefix;
  }
};
// example-end wait

void launch(const runner::Args<problems::inclusive_sum_i32>& a)
{
  ch08::launch_single_pass<WaitForPredecessor>(a);
}

} // namespace step03_chained_scan
