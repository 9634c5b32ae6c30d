// BlockRadixSort, keys only, the 8-, 16- and 64-bit key types and the half
// floats, including a block with a partial warp, against a CPU stable sort
// and cub::BlockRadixSort (the harness is test_block_radix_sort.cuh).
#include "test_block_radix_sort.cuh"

int main(int argc, char** argv)
{
  using namespace block_radix_sort_test;
  std::uint64_t state = start(argc, argv, "BlockRadixSort");
  constexpr auto WARP_SCANS = cubling::BLOCK_SCAN_WARP_SCANS;
  constexpr auto RAKING     = cubling::BLOCK_SCAN_RAKING;
  run_case<std::uint8_t, int, 80, 1, 9, 3, true, WARP_SCANS, true, true, false>("uint8", state);
  run_case<std::int8_t, int, 64, 1, 4, 4, false, RAKING, false, false, false>("int8", state);
  run_case<std::uint16_t, int, 128, 1, 5, 6, true, WARP_SCANS, false, true, false>("uint16", state);
  run_case<std::int16_t, int, 128, 1, 5, 6, true, WARP_SCANS, true, false, false>("int16", state);
  run_case<std::uint64_t, int, 128, 1, 4, 7, true, WARP_SCANS, false, false, false>("uint64", state);
  run_case<std::int64_t, int, 64, 1, 6, 4, false, WARP_SCANS, true, true, false>("int64", state);
  run_case<double, int, 128, 1, 3, 5, true, RAKING, false, false, false>("double", state);
  run_case<__half, int, 96, 1, 6, 4, true, WARP_SCANS, true, false, false>("half", state);
  run_case<__nv_bfloat16, int, 96, 1, 6, 7, true, WARP_SCANS, false, true, false>("bfloat16", state);
  return 0;
}
