// DeviceRadixSort's ways through the dispatch, once each, for every width of
// key and value (test_device_radix_sort.cuh): a few dozen sorts, meant for
// compute-sanitizer.
//
// The other DeviceRadixSort tests sweep sizes, distributions and bit windows
// for each type: hundreds of sorts a program, which racecheck did not finish
// in 8 minutes, even split 8 ways (figures/measure.sh's comment). Here each
// type sorts once at the edges of each way the dispatch may take on this
// device: the single tile (one below its most keys), just past it, one
// thread-block cluster full and one key more, and the most keys that small
// cooperative tiles take and one more (the larger cooperative tiles, with
// buckets first for 4-byte keys). Onesweep's kernels have a test of their
// own at small sizes (test_device_radix_sort_onesweep.cu). Every sort is
// check_sort's: against the CPU's stable sort and against CUB, bit for bit,
// with poisoned outputs and garbage in the temporary storage.
#include <algorithm>

#include "test_device_radix_sort.cuh"

namespace
{
using namespace device_radix_sort_test;

//! The edges of each way through the dispatch for keys `K` and values `V` (void: keys only).
template <typename K, typename V> std::vector<int64_t> path_sizes()
{
  using Policy              = hopper_policy_t<K, V>;
  constexpr int64_t single  = Policy::SingleTilePolicy::TILE_ITEMS;
  constexpr int64_t cluster = cluster_max_items<K, V>();
  constexpr int64_t small   = Policy::SMALL_COOPERATIVE_MAX_ITEMS;
  std::vector<int64_t> s    = {single - 1, single + 1, cluster, cluster + 1, small, small + 1};
  s.erase(std::remove_if(s.begin(), s.end(), [](int64_t n) { return n < 2; }), s.end());
  std::sort(s.begin(), s.end());
  s.erase(std::unique(s.begin(), s.end()), s.end());
  return s;
}

//! One sort at each edge, ascending (and descending too where `BOTH_WAYS`).
template <typename K, typename V = void, bool BOTH_WAYS = false> void paths_of()
{
  constexpr int bits = static_cast<int>(sizeof(K) * 8);
  for (const int64_t n : path_sizes<K, V>())
  {
    check_sort<K, V, false>(n, Dist::uniform, 0, bits);
    if (BOTH_WAYS)
    {
      check_sort<K, V, true>(n, Dist::uniform, 0, bits);
    }
  }
}

void device()
{
  paths_of<uint32_t, void, true>();
  paths_of<float>();
  paths_of<int16_t>();
  paths_of<uint8_t>();
  paths_of<uint64_t>();
  paths_of<double>();
  paths_of<uint32_t, uint32_t, true>();
  paths_of<uint32_t, uint8_t>();
  paths_of<uint32_t, uint64_t>();
  paths_of<uint32_t, Custom>();
  paths_of<uint64_t, uint32_t>();
}
} // namespace

int main(int argc, char** argv)
{
  return device_reduce_test::run(argc, argv, "DeviceRadixSort's ways through the dispatch, once each", nullptr,
                                 device);
}
