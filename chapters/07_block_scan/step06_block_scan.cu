// Step 6: the library's block scan, cubling::BlockScan.
//
// What changes: step 5's hand-written block scan (the sequential scan in
// registers, the shuffles, the warp totals) becomes one call,
// cubling::BlockScan<int, 128>::InclusiveSum(items, items), with the
// default algorithm, BLOCK_SCAN_RAKING. The loads, the stores, the tile and
// the passes around it are step 5's (the kernel is versus_block_scan.cuh's,
// which the VERSUS rows also build on CUB).
// Why: this is what the chapter put into lib/: the same structure as step 5
// (a sequential scan per thread, then a cooperative scan of the thread
// totals), for any type, operator and block size, with CUB's three
// algorithms. Raking does the cooperative part differently from step 5:
// every thread leaves its total in shared memory, one warp scans them in
// segments (4 totals per lane for 128 threads) around a warp scan, and
// every thread reads its prefix back; two barriers where step 5 had one.
// Expected: about step 5's time: on the whole scan both are near what
// passes 2 and 3 leave, and on many tiles within a few percent of each
// other, step 5 a little ahead if the second barrier shows. The three
// algorithms, on cubling and on CUB, are the VERSUS rows.
#include <cubling/block/block_scan.cuh>

#include "problems.h"
#include "versus_block_scan.cuh"

namespace step06_block_scan
{

// example-begin block-scan
using BlockScan = cubling::BlockScan<int, versus::BLOCK>; // BLOCK_SCAN_RAKING
// example-end block-scan

void launch(const runner::Args<problems::inclusive_sum_i32>& a)
{
  versus::launch<BlockScan>(a);
}

void launch(const runner::Args<problems::tile_scans_i32>& a)
{
  versus::launch<BlockScan>(a);
}

} // namespace step06_block_scan
