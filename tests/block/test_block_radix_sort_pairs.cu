// BlockRadixSort, key-value pairs (the value is the key's tile index, so
// stability is checked), struct keys through a decomposer, and a 2D block,
// against a CPU stable sort and cub::BlockRadixSort (the harness is
// test_block_radix_sort.cuh).
#include "test_block_radix_sort.cuh"

int main(int argc, char** argv)
{
  using namespace block_radix_sort_test;
  std::uint64_t state = start(argc, argv, "BlockRadixSort");
  constexpr auto WARP_SCANS = cubling::BLOCK_SCAN_WARP_SCANS;
  run_case<std::uint32_t, std::uint32_t, 256, 1, 12, 6, true, WARP_SCANS, false, false, true>("uint32", state);
  run_case<std::uint32_t, std::uint32_t, 256, 1, 12, 6, true, WARP_SCANS, true, true, true>("uint32", state);
  run_case<float, std::uint64_t, 128, 1, 5, 4, false, WARP_SCANS, true, false, true>("float", state);
  run_case<std::uint32_t, int, 16, 8, 3, 4, true, WARP_SCANS, false, true, true>("uint32 (2D block)", state);
  run_case<custom_key, int, 64, 1, 5, 4, true, WARP_SCANS, false, false, true, custom_decomposer>("custom", state);
  run_case<custom_key, int, 64, 1, 5, 7, true, WARP_SCANS, true, true, true, custom_decomposer>("custom", state);
  run_case<custom_key, int, 64, 1, 5, 5, false, WARP_SCANS, true, false, false, custom_decomposer>("custom", state);
  return 0;
}
