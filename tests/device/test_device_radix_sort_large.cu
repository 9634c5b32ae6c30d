// DeviceRadixSort at sizes where offsets need 64 bits and Onesweep runs in
// portions (test_device_radix_sort.cuh):
//   - 2^31 + 5 uint8 keys (about 2 GiB in, 2 GiB out, 2 GiB of spare
//     buffer): the output must be sorted and hold each byte value as often
//     as the input (counted on the CPU);
//   - 2^31 + 5 uint8 keys through a DoubleBuffer, descending;
//   - 2^28 uint32 keys, against CUB, bit for bit.
// CUBLING_QUICK=1 (the compute-sanitizer runs) sorts 2^28 + 2^16 + 5 uint8
// keys instead of 2^31 + 5, still two portions (a launch takes whole tiles
// up to 2^28 - 1 keys and one tile more: QUICK_LOG2_MARGIN below), so the
// portions' path is checked at a size the sanitizer finishes, and skips the
// 2^28 uint32 keys. Each case is one shard's (CUBLING_SHARD).
#include "test_device_radix_sort.cuh"

namespace
{
using namespace device_radix_sort_test;

//! QUICK's keys beyond 2^28: more than one launch of uint8 keys takes, for
//! two portions.
constexpr int QUICK_LOG2_MARGIN = 16;
static_assert((int64_t{1} << 28) + (int64_t{1} << QUICK_LOG2_MARGIN) >
                  cubling::detail::onesweep_word::max_launch_items(
                      cubling::detail::DeviceRadixSortPolicy<uint8_t, cubling::NullType>::Policy900::OnesweepPolicy::TILE_ITEMS),
              "CUBLING_QUICK's uint8 keys must take two portions");

void large_bytes(bool descending)
{
  if (!in_shard())
  {
    return;
  }
  const int log2_n = quick ? 28 : 31;
  const int64_t margin = quick ? int64_t{1} << QUICK_LOG2_MARGIN : 0;
  check_set_context("2^%d + %lld uint8 keys, %s", log2_n, static_cast<long long>(margin + 5),
                    descending ? "descending, DoubleBuffer" : "ascending");
  const int64_t n = (int64_t{1} << log2_n) + margin + 5;
  std::vector<uint8_t> keys(static_cast<size_t>(n));
  uint64_t counts[256] = {};
  for (int64_t i = 0; i < n; i += 8)
  {
    const uint64_t r = check_random(&rng);
    for (int64_t j = i; j < i + 8 && j < n; ++j)
    {
      keys[static_cast<size_t>(j)] = static_cast<uint8_t>(r >> (8 * (j - i)));
      ++counts[keys[static_cast<size_t>(j)]];
    }
  }
  DeviceArray<uint8_t> in(static_cast<size_t>(n)), out(static_cast<size_t>(n));
  in.upload(keys.data(), static_cast<size_t>(n));
  size_t bytes    = 0;
  uint8_t* result = out.ptr;
  if (descending)
  {
    cubling::DoubleBuffer<uint8_t> buffers(in.ptr, out.ptr);
    CHECK_CUDA(cubling::DeviceRadixSort::SortKeysDescending(nullptr, bytes, buffers, n));
    DeviceArray<unsigned char> temp(bytes);
    fill_garbage(temp.ptr, bytes);
    CHECK_CUDA(cubling::DeviceRadixSort::SortKeysDescending(temp.ptr, bytes, buffers, n));
    CHECK_LAUNCH();
    result = buffers.Current();
  }
  else
  {
    CHECK_CUDA(cubling::DeviceRadixSort::SortKeys(nullptr, bytes, in.ptr, out.ptr, n));
    DeviceArray<unsigned char> temp(bytes);
    fill_garbage(temp.ptr, bytes);
    CHECK_CUDA(cubling::DeviceRadixSort::SortKeys(temp.ptr, bytes, in.ptr, out.ptr, n));
    CHECK_LAUNCH();
  }
  CHECK_CUDA(cudaMemcpy(keys.data(), result, static_cast<size_t>(n), cudaMemcpyDeviceToHost));
  // Sorted, and each value as often as in the input: the runs have the counted lengths.
  int64_t at = 0;
  for (int step = 0; step < 256; ++step)
  {
    const int value = descending ? 255 - step : step;
    for (uint64_t k = 0; k < counts[value]; ++k, ++at)
    {
      if (keys[static_cast<size_t>(at)] != value)
      {
        EXPECT(false, "key %lld is %d, where a run of %llu keys %d should be", static_cast<long long>(at),
               keys[static_cast<size_t>(at)], static_cast<unsigned long long>(counts[value]), value);
      }
    }
  }
  EXPECT(at == n, "the runs hold %lld keys, not %lld", static_cast<long long>(at), static_cast<long long>(n));
  ++cases;
}

void large_u32()
{
  const int64_t n = int64_t{1} << 28;
  if (skip_size(n) || !in_shard())
  {
    return;
  }
  check_set_context("2^28 uint32 keys against CUB");
  const std::vector<uint32_t> keys = make_keys<uint32_t>(n, Dist::uniform);
  DeviceArray<uint32_t> in(static_cast<size_t>(n)), out(static_cast<size_t>(n)), cub_out(static_cast<size_t>(n));
  in.upload(keys.data(), static_cast<size_t>(n));
  size_t bytes = 0, cub_bytes = 0;
  CHECK_CUDA(cubling::DeviceRadixSort::SortKeys(nullptr, bytes, in.ptr, out.ptr, n));
  CHECK_CUDA(cub::DeviceRadixSort::SortKeys(nullptr, cub_bytes, in.ptr, cub_out.ptr, n));
  EXPECT(bytes <= cub_bytes, "cubling asks for %zu bytes, CUB for %zu", bytes, cub_bytes);
  {
    DeviceArray<unsigned char> temp(bytes);
    CHECK_CUDA(cubling::DeviceRadixSort::SortKeys(temp.ptr, bytes, in.ptr, out.ptr, n));
    CHECK_LAUNCH();
  }
  {
    DeviceArray<unsigned char> temp(cub_bytes);
    CHECK_CUDA(cub::DeviceRadixSort::SortKeys(temp.ptr, cub_bytes, in.ptr, cub_out.ptr, n));
    CHECK_LAUNCH();
  }
  EXPECT(same_bytes(download_n(out.ptr, n), download_n(cub_out.ptr, n)), "cubling's 2^28 keys differ from CUB's");
  ++cases;
}

void device()
{
  large_u32();
  large_bytes(false);
  large_bytes(true);
}
} // namespace

int main(int argc, char** argv)
{
  return device_reduce_test::run(argc, argv, "DeviceRadixSort large (uint8 keys in two portions, 2^28 uint32)", nullptr,
                                 device);
}
