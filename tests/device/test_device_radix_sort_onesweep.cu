// DeviceRadixSort's Onesweep kernels (the up-front histogram, then a launch
// per digit pass) at small sizes, for every width of key and value
// (test_device_radix_sort.cuh).
//
// The dispatch takes Onesweep only for inputs whose tiles do not all fit on
// the GPU at once: millions of keys, sizes that the other tests reach for
// few types, and that compute-sanitizer cannot check in reasonable time.
// Here the runtime refuses every cooperative launch (RefusingLauncher), so
// inputs a little larger than one thread-block cluster holds take Onesweep:
//   - every way the kernels keep a tile: 4-byte keys alone (exchanged apart
//     from the ranking's storage), pairs, 8-byte keys (dynamic shared
//     memory), 1- and 2-byte keys, values of 1, 4, 8 and 10 bytes;
//   - a partial last tile, a few tiles, and a pass whose digit is the same
//     in every key (the pass copies its tiles);
//   - ascending and descending, and a bit window that leaves a narrow last
//     digit.
// Each sort must make exactly the histogram launch and one launch per pass
// (CountingRefusingLauncher), and its keys and values must match the CPU's
// stable sort (the values are the input indices, so stability is checked
// too). A few dozen sorts of under a hundred thousand keys: small enough,
// unlike the sweeping tests, for compute-sanitizer's racecheck; CUBLING_SHARD
// splits them like the others' cases (each sort is one case).
#include "refusing_launcher.cuh"
#include "test_device_radix_sort.cuh"

namespace
{
using namespace device_radix_sort_test;
using namespace test_launchers;

//! RefusingLauncher, counting the launches asked of it.
using CountingRefusingLauncher = CountingLauncherOf<RefusingLauncher>;

//! Plain launches (neither cooperative nor in a cluster) asked for so far.
long long plain_launches()
{
  return launches - cooperative_launches - cluster_launches;
}

//! Sort `n` keys of `dist` through Onesweep, in the window [begin_bit, end_bit), and check the sort and its launches.
template <typename K, typename V, bool DESCENDING>
void onesweep_sort(int64_t n, Dist dist, int begin_bit = 0, int end_bit = int(sizeof(K) * 8))
{
  if (!in_shard())
  {
    return;
  }
  using Policy       = hopper_policy_t<K, V>;
  constexpr int bits = Policy::OnesweepPolicy::RADIX_BITS;
  const int passes   = cubling::detail::radix_sort_passes(begin_bit, end_bit, bits);
  constexpr int value_bytes = std::is_void<V>::value ? 0 : int(sizeof(std::conditional_t<std::is_void<V>::value, char, V>));
  check_set_context("Onesweep, %s %d-byte keys with %d-byte values, n = %lld, %s, bits [%d, %d)",
                    DESCENDING ? "descending" : "ascending", static_cast<int>(sizeof(K)), value_bytes,
                    static_cast<long long>(n), dist_name(dist), begin_bit, end_bit);
  const long long before = plain_launches();
  sort_through_dispatch<CountingRefusingLauncher, K, V, DESCENDING>(make_keys<K>(n, dist), begin_bit, end_bit);
  EXPECT(plain_launches() - before == 1 + passes, "%lld plain launches, expected the histogram and %d passes",
         plain_launches() - before, passes);
}

//! The sizes that take Onesweep here: just over what a cluster holds (a
//! partial last tile), and a few tiles more than that.
template <typename K, typename V> std::vector<int64_t> onesweep_sizes()
{
  constexpr int64_t tile    = hopper_policy_t<K, V>::OnesweepPolicy::TILE_ITEMS;
  constexpr int64_t cluster = cluster_max_items<K, V>();
  return {cluster + 1, cluster + 3 * tile + 7};
}

//! Uniform keys at each size, both ways; keys with one digit the same everywhere (passes that copy).
template <typename K, typename V> void onesweep_type()
{
  for (const int64_t n : onesweep_sizes<K, V>())
  {
    onesweep_sort<K, V, false>(n, Dist::uniform);
    onesweep_sort<K, V, true>(n, Dist::uniform);
  }
  const int64_t n = onesweep_sizes<K, V>().back();
  onesweep_sort<K, V, false>(n, sizeof(K) >= 4 ? Dist::ends_random : Dist::all_equal);
}

void device()
{
  onesweep_type<uint32_t, void>();
  onesweep_type<float, void>();
  onesweep_type<uint32_t, uint32_t>();
  onesweep_type<int32_t, uint8_t>();
  onesweep_type<uint32_t, uint64_t>();
  onesweep_type<uint32_t, Custom>();
  onesweep_type<uint64_t, void>();
  onesweep_type<double, uint64_t>();
  onesweep_type<uint8_t, void>();
  onesweep_type<int16_t, uint32_t>();
  // A window whose last pass has 4 bits, and all-equal keys (every pass copies).
  const int64_t n = onesweep_sizes<uint32_t, void>().back();
  onesweep_sort<uint32_t, void, false>(n, Dist::uniform, 4, 24);
  onesweep_sort<uint32_t, uint32_t, true>(n, Dist::uniform, 4, 24);
  onesweep_sort<uint32_t, void, false>(n, Dist::all_equal);
  onesweep_sort<uint64_t, void, true>(n, Dist::all_equal);
}
} // namespace

int main(int argc, char** argv)
{
  return device_reduce_test::run(argc, argv, "DeviceRadixSort's Onesweep kernels at small sizes", nullptr, device);
}
