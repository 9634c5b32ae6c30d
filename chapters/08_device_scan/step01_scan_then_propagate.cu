// Step 1: scan-then-propagate, where chapter 07 ended.
//
// What changes: nothing yet; this is chapter 07's step 6, included from
// there (../07_block_scan/versus_block_scan.cuh and scan_frame.cuh), not
// copied. Three passes over 1024-item tiles: pass 1 scans every tile with
// cubling::BlockScan<int, 128> and writes it, with the tile's total, to
// memory; pass 2 scans the tile totals; pass 3 reads every scanned tile
// again and adds the sum of the tiles before it.
// Why: it is the baseline the chapter must beat. Its traffic is about 4n
// ints: pass 1 reads n and writes n, pass 3 reads n and writes n again,
// where an ideal scan reads n and writes n. Pass 2 is small, but it is a
// kernel launch of its own (a few, over large inputs).
// Expected: at large sizes about half of a copy's rate, since twice the
// ideal traffic moves; at small sizes three launches (one for an input of a
// single tile), where a copy is one.
#include <cubling/block/block_scan.cuh>

#include "../07_block_scan/versus_block_scan.cuh"
#include "problems.h"

namespace step01_scan_then_propagate
{

// example-begin launch
void launch(const runner::Args<problems::inclusive_sum_i32>& a)
{
  versus::launch<cubling::BlockScan<int, versus::BLOCK>>(a); // chapter 07's step 6
}
// example-end launch

} // namespace step01_scan_then_propagate
