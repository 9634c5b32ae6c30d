// cubling::BlockScan with BLOCK_SCAN_RAKING, on the GPU, against a CPU scan and
// cub::BlockScan with the same algorithm (see test_block_scan.cuh).
#include "test_block_scan.cuh"

int main(int argc, char** argv)
{
  return block_scan_test::run<cubling::BLOCK_SCAN_RAKING, cub::BLOCK_SCAN_RAKING>(argc, argv, "BLOCK_SCAN_RAKING");
}
