// cubling::BlockScan with BLOCK_SCAN_WARP_SCANS, on the GPU, against a CPU scan and
// cub::BlockScan with the same algorithm (see test_block_scan.cuh).
#include "test_block_scan.cuh"

int main(int argc, char** argv)
{
  return block_scan_test::run<cubling::BLOCK_SCAN_WARP_SCANS, cub::BLOCK_SCAN_WARP_SCANS>(argc, argv,
                                                                                          "BLOCK_SCAN_WARP_SCANS");
}
