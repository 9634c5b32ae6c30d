// cubling::BlockScan with BLOCK_SCAN_RAKING_MEMOIZE, on the GPU, against a CPU scan and
// cub::BlockScan with the same algorithm (see test_block_scan.cuh).
#include "test_block_scan.cuh"

int main(int argc, char** argv)
{
  return block_scan_test::run<cubling::BLOCK_SCAN_RAKING_MEMOIZE, cub::BLOCK_SCAN_RAKING_MEMOIZE>(argc, argv, "BLOCK_SCAN_RAKING_MEMOIZE");
}
