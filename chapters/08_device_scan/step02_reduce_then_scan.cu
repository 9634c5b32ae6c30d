// Step 2: reduce-then-scan.
//
// What changes: pass 1 no longer writes the scanned tile; it only reduces
// each 1024-item tile to its total (a BlockReduce over 16-byte loads: a
// reduction does not care which thread holds which item). Pass 2 scans the
// totals, as before. Pass 3 reads the *input* again, scans each tile with
// the same BlockScan as step 1, adds the sum of the tiles before it, and
// writes the output once.
// Why: step 1 wrote every scanned item in pass 1 only to read it back and
// write it again in pass 3. Reducing first costs a second read of the
// input, and saves one write and one read: about 3n ints of traffic
// instead of 4n.
// Expected: about 4/3 of step 1's rate at large sizes; the same three
// launches above one tile, so the same time at small sizes (but three for
// a single tile too, where step 1 launches once).
#include <cstdint>

#include <cuda_runtime.h>

#include <cubling/block/block_reduce.cuh>
#include <cubling/block/block_scan.cuh>
#include <cubling/util/math.cuh>

#include "../07_block_scan/scan_frame.cuh"
#include "problems.h"

namespace step02_reduce_then_scan
{

constexpr int BLOCK = 128;
constexpr int ITEMS = ch07::TILE / BLOCK; // 8 items per thread
using Io            = ch07::TileIo<BLOCK, ITEMS>;

// example-begin kernels
// Pass 1: block b writes the total of tile b. Each thread reads two int4,
// 512 items apart, so that every load of a warp is 512 contiguous bytes.
__global__ void __launch_bounds__(BLOCK) reduce_kernel(const int* in, int* totals, int64_t n)
{
  __shared__ cubling::BlockReduce<int, BLOCK>::TempStorage temp;
  const int64_t base = blockIdx.x * int64_t{ch07::TILE};
  int sum            = 0;
  for (int half = 0; half < 2; ++half)
  {
    int items[4];
    ch07::load_vector(in + base + half * 4 * BLOCK, n - base - half * 4 * BLOCK, threadIdx.x, items);
    sum += items[0] + items[1] + items[2] + items[3];
  }
  sum = cubling::BlockReduce<int, BLOCK>(temp).Sum(sum);
  if (threadIdx.x == 0)
  {
    totals[blockIdx.x] = sum;
  }
}

// Pass 3: block b scans tile b of the input and adds prefixes[b - 1], the
// sum of every tile before it.
__global__ void __launch_bounds__(BLOCK) scan_kernel(const int* in, int* out, const int* prefixes, int64_t n)
{
  __shared__ Io::TempStorage io;
  __shared__ cubling::BlockScan<int, BLOCK>::TempStorage scan;
  const int64_t base = blockIdx.x * int64_t{ch07::TILE};
  const int prefix   = blockIdx.x > 0 ? prefixes[blockIdx.x - 1] : 0;
  int items[ITEMS];
  Io::load(io, in + base, n - base, items);
  cubling::BlockScan<int, BLOCK>(scan).InclusiveSum(items, items);
#pragma unroll
  for (int k = 0; k < ITEMS; ++k)
  {
    items[k] += prefix;
  }
  Io::store(io, out + base, n - base, items);
}
// example-end kernels

// example-begin launch
void launch(const runner::Args<problems::inclusive_sum_i32>& a)
{
  const int* in       = a.axes.mode == runner::Mode::in_place ? a.out() : a.in();
  const int64_t tiles = cubling::ceil_div(a.n, int64_t{ch07::TILE});
  int* totals         = static_cast<int*>(a.scratch);
  if (tiles == 0)
  {
    return;
  }
  reduce_kernel<<<static_cast<unsigned>(tiles), BLOCK, 0, a.stream>>>(in, totals, a.n);
  ch07::scan_totals(totals, tiles, totals + ch07::vector_ints(tiles), a.stream); // now the tiles' inclusive prefixes
  scan_kernel<<<static_cast<unsigned>(tiles), BLOCK, 0, a.stream>>>(in, a.out(), totals, a.n);
}
// example-end launch

} // namespace step02_reduce_then_scan
