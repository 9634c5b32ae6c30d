// BlockRadixSort, keys only, 32-bit key types: every sort member on unsigned,
// int and float keys, several shapes and digit widths, against a CPU stable
// sort and cub::BlockRadixSort (the harness is test_block_radix_sort.cuh).
#include "test_block_radix_sort.cuh"

int main(int argc, char** argv)
{
  using namespace block_radix_sort_test;
  std::uint64_t state = start(argc, argv, "BlockRadixSort");
  constexpr auto WARP_SCANS = cubling::BLOCK_SCAN_WARP_SCANS;
  constexpr auto RAKING     = cubling::BLOCK_SCAN_RAKING;
  // The performance shape: 256 threads x 16 keys, 4-bit digits, memoized.
  run_case<std::uint32_t, int, 256, 1, 16, 4, true, WARP_SCANS, false, false, false>("uint32", state);
  run_case<std::uint32_t, int, 256, 1, 16, 4, true, WARP_SCANS, true, true, false>("uint32", state);
  run_case<std::int32_t, int, 128, 1, 7, 5, false, RAKING, true, false, false>("int32", state);
  run_case<std::int32_t, int, 128, 1, 7, 5, false, RAKING, false, true, false>("int32", state);
  run_case<float, int, 96, 1, 5, 7, true, WARP_SCANS, false, false, false>("float", state);
  run_case<float, int, 96, 1, 5, 7, true, WARP_SCANS, true, true, false>("float", state);
  return 0;
}
