// DeviceRadixSort's ways through the dispatch (test_device_radix_sort.cuh):
//   - one launch: an input of one block's tile is sorted by the single-tile
//     kernel alone; on sm_90, an input that one thread-block cluster holds,
//     by the cluster kernel alone; an input of a few tiles (no more than
//     fit on the GPU at once), by exactly one cooperative launch, in small
//     tiles up to the policy's most keys for them, and for 4-byte keys the
//     buckets' kernel after it; a larger input takes the histogram kernel
//     and a launch per pass, none cooperative.
//     CountingLauncher counts them;
//   - refused: when the runtime refuses the cooperative launches
//     (RefusingLauncher, refusing_launcher.cuh), small tiles then large,
//     the same call takes the launch per pass, sorts right, and leaves no
//     error pending;
//   - buckets first, on the CPU (--host): which buffer each pass writes;
//   - the count's width, on the CPU (--host): an int64_t count of pairs that
//     an int holds runs the kernels of 32-bit offsets, a larger one and any
//     count of keys alone those of 64-bit offsets (narrow_offsets), as the
//     size query shows, which needs no GPU;
//   - buckets at their limit: one bucket exactly full, then one key over
//     (bucket_limits);
//   - passes that copy between passes that rank: keys whose middle bytes
//     are the same everywhere (Dist::ends_random), on both ways; the passes
//     that copy must not leave the look-back words of an earlier pass for a
//     later one to read as its own.
// Every result is checked against the CPU's stable sort, keys and values
// (the input indices, so that stability is checked too); the temporary
// storage holds garbage, and the buffers not read are poisoned.
// CUBLING_SHARD splits the cases over processes, as in the other tests.
#include "refusing_launcher.cuh"
#include "test_device_radix_sort.cuh"

namespace
{
using namespace device_radix_sort_test;
using namespace test_launchers;

bool cooperative_device = false;

//! Sort uint32 `keys` (PAIRS: with their indices as values) through DispatchRadixSort with `Launcher`, and
//! check them (sort_through_dispatch).
template <typename Launcher, bool PAIRS> void sort_keys_through(const std::vector<uint32_t>& keys)
{
  sort_through_dispatch<Launcher, uint32_t, std::conditional_t<PAIRS, uint32_t, void>>(keys);
}

//! sort_keys_through, of `n` keys drawn from `dist`.
template <typename Launcher, bool PAIRS> void sort_through(int64_t n, Dist dist)
{
  sort_keys_through<Launcher, PAIRS>(make_keys<uint32_t>(n, dist));
}

//! The library's policy for uint32 keys (PAIRS: with uint32 values).
template <bool PAIRS>
using PolicyOf = cubling::detail::DeviceRadixSortPolicy<uint32_t, std::conditional_t<PAIRS, uint32_t, cubling::NullType>>;

//! The most keys (PAIRS: with values) that one block sorts alone.
template <bool PAIRS> constexpr int64_t single_tile_items()
{
  return PolicyOf<PAIRS>::SingleTile::TILE_ITEMS;
}

//! Does the library sort `n` keys (PAIRS: with values) with one thread-block cluster on this device?
template <bool PAIRS> bool cluster_expected(int64_t n)
{
  using Value  = std::conditional_t<PAIRS, uint32_t, cubling::NullType>;
  using Policy = PolicyOf<PAIRS>;
  constexpr auto kernel = cubling::detail::DeviceRadixSortClusterKernel<typename Policy::MaxPolicy, false, uint32_t,
                                                                         Value, cubling::detail::identity_decomposer_t>;
  int device = 0, most = 0;
  CHECK_CUDA(cudaGetDevice(&device));
  CHECK_CUDA(cubling::detail::max_cluster_blocks<kernel>(device, Policy::ClusterTile::BLOCK_THREADS,
                                                          Policy::ClusterTile::MAX_BLOCKS, most));
  return n > single_tile_items<PAIRS>() && n <= int64_t{most} * Policy::ClusterTile::TILE_ITEMS;
}

//! Do the tiles of `n` keys (PAIRS: with values) all fit on this device at
//! once, in the cooperative kernel's small tiles (SMALL) or larger ones?
template <bool PAIRS, bool SMALL> bool cooperative_fits(int64_t n)
{
  using Value  = std::conditional_t<PAIRS, uint32_t, cubling::NullType>;
  using Policy = PolicyOf<PAIRS>;
  using Tile   = std::conditional_t<SMALL, typename Policy::SmallCooperativeTile, typename Policy::CooperativeTile>;
  constexpr auto kernel =
      cubling::detail::DeviceRadixSortCooperativeKernel<typename Policy::MaxPolicy, SMALL, false, uint32_t, Value,
                                                        unsigned int, cubling::detail::identity_decomposer_t>;
  int device = 0, sms = 0, per_sm = 0;
  CHECK_CUDA(cudaGetDevice(&device));
  CHECK_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  CHECK_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, Tile::BLOCK_THREADS, 0));
  const int64_t tiles = (n + Tile::TILE_ITEMS - 1) / Tile::TILE_ITEMS;
  return tiles <= int64_t{sms} * per_sm;
}

//! Cooperative launches the library tries for `n` keys (PAIRS: with values)
//! on this device, in place: one in small tiles (up to their most keys),
//! one in the larger tiles; the first that runs sorts.
template <bool PAIRS> int cooperative_tries(int64_t n)
{
  if (!cooperative_device || n <= single_tile_items<PAIRS>() || cluster_expected<PAIRS>(n))
  {
    return 0;
  }
  const bool small = n <= PolicyOf<PAIRS>::small_cooperative_max_items && cooperative_fits<PAIRS, true>(n);
  return (small ? 1 : 0) + (cooperative_fits<PAIRS, false>(n) ? 1 : 0);
}

//! Does the library sort `n` keys (PAIRS: with values) in one cooperative launch on this device?
template <bool PAIRS> bool one_launch_expected(int64_t n)
{
  return cooperative_tries<PAIRS>(n) > 0;
}

//! Does the cooperative sort of `n` keys split them into buckets first, and
//! launch the buckets' kernel after it (32-bit keys: more than one pass)?
template <bool PAIRS> bool buckets_expected(int64_t n)
{
  using Policy = PolicyOf<PAIRS>;
  return Policy::bucket_small_inputs && n <= Policy::bucket_max_items;
}

template <bool PAIRS> void launches_of(int64_t n)
{
  if (!in_shard())
  {
    return;
  }
  check_set_context("%s of %lld uint32 keys: launches", PAIRS ? "pairs" : "keys", static_cast<long long>(n));
  const long long before = launches, cooperative_before = cooperative_launches, cluster_before = cluster_launches;
  sort_through<CountingLauncher, PAIRS>(n, Dist::uniform);
  const long long made = launches - before, cooperative = cooperative_launches - cooperative_before;
  const long long cluster = cluster_launches - cluster_before;
  if (n <= single_tile_items<PAIRS>())
  {
    EXPECT(made == 1 && cooperative == 0 && cluster == 0,
           "%lld launches (%lld cooperative), expected the single-tile kernel alone", made, cooperative);
  }
  else if (cluster_expected<PAIRS>(n))
  {
    EXPECT(made == 1 && cluster == 1, "%lld launches (%lld with a cluster), expected one cluster launch", made,
           cluster);
  }
  else if (one_launch_expected<PAIRS>(n))
  {
    const long long want = buckets_expected<PAIRS>(n) ? 2 : 1; // and the buckets' kernel
    EXPECT(made == want && cooperative == 1,
           "%lld launches (%lld cooperative), expected one cooperative launch and %lld in all", made, cooperative,
           want);
  }
  else
  {
    EXPECT(cooperative == 0 && made == 5, "%lld launches (%lld cooperative), expected the histogram and 4 passes",
           made, cooperative);
  }
}

template <bool PAIRS> void refused(int64_t n, Dist dist)
{
  if (!in_shard())
  {
    return;
  }
  check_set_context("%s of %lld uint32 keys (%s), cooperative launch refused", PAIRS ? "pairs" : "keys",
                    static_cast<long long>(n), dist_name(dist));
  const long long before = refusals;
  sort_through<RefusingLauncher, PAIRS>(n, dist);
  const long long want = cooperative_tries<PAIRS>(n); // each refused, then the launch per pass
  EXPECT(refusals - before == want, "%lld cooperative launches refused, expected %lld", refusals - before, want);
}

//! Buckets at their limit: the keys of one top digit fill a bucket exactly
//! (the buckets' kernel sorts them), then one key more (the digit passes
//! follow the split). Both must sort right, keys and pairs. The crowded
//! digit is 0x5a, then 0xff: the last bucket, whose count includes the last
//! tile's padding keys (n is no multiple of a tile).
void bucket_limits()
{
  constexpr int64_t capacity = PolicyOf<false>::MaxPolicy::BucketPolicy::TILE_ITEMS;
  static_assert(capacity == PolicyOf<true>::MaxPolicy::BucketPolicy::TILE_ITEMS, "one bucket size for keys and pairs");
  const int64_t n = 200003; // a cooperative sort with buckets, about 780 keys each
  for (const uint32_t crowded : {0x5au, 0xffu}) // the top digit of the full bucket
  {
    for (const int64_t crowd : {capacity, capacity + 1})
    {
      if (!in_shard())
      {
        continue;
      }
      check_set_context("%lld keys, %lld of them with top digit 0x%x: buckets %s", static_cast<long long>(n),
                        static_cast<long long>(crowd), crowded, crowd > capacity ? "overfilled" : "full");
      std::vector<uint32_t> keys = make_keys<uint32_t>(n, Dist::uniform);
      for (int64_t i = 0; i < n; ++i)
      {
        uint32_t top = keys[static_cast<size_t>(i)] >> 24;
        top          = i < crowd ? crowded : (top == crowded ? (crowded + 1) & 0xffu : top);
        keys[static_cast<size_t>(i)] = (keys[static_cast<size_t>(i)] & 0x00ffffffu) | (top << 24);
      }
      sort_keys_through<KernelLauncher, false>(keys);
      sort_keys_through<KernelLauncher, true>(keys);
    }
  }
}

//! The temporary storage DispatchRadixSort asks for, for `n` uint32 keys
//! (PAIRS: with uint32 values) out of place, with offsets of type `Offset`.
template <typename Offset, bool PAIRS> size_t dispatch_bytes(int64_t n)
{
  using Value = std::conditional_t<PAIRS, uint32_t, cubling::NullType>;
  cubling::DoubleBuffer<uint32_t> keys;
  cubling::DoubleBuffer<Value> values;
  size_t bytes = 0;
  CHECK_CUDA((cubling::detail::DispatchRadixSort<false, uint32_t, Value, Offset>::Dispatch(nullptr, bytes, keys, values,
                                                                                          n, 0, 32, false, 0)));
  return bytes;
}

//! The temporary storage DeviceRadixSort asks for, for an int64_t count of
//! `n` uint32 keys (PAIRS: with uint32 values), out of place.
template <bool PAIRS> size_t library_bytes(int64_t n)
{
  const uint32_t* keys_in = nullptr;
  uint32_t* keys_out      = nullptr;
  size_t bytes            = 0;
  if constexpr (PAIRS)
  {
    const uint32_t* values_in = nullptr;
    uint32_t* values_out      = nullptr;
    CHECK_CUDA(cubling::DeviceRadixSort::SortPairs(nullptr, bytes, keys_in, keys_out, values_in, values_out, n));
  }
  else
  {
    CHECK_CUDA(cubling::DeviceRadixSort::SortKeys(nullptr, bytes, keys_in, keys_out, n));
  }
  return bytes;
}

//! The count's width: the offsets' type decides the size of the digit
//! counts in the temporary storage, so the size query tells which kernels
//! a call runs. Pairs narrow an int64_t count that an int holds to 32-bit
//! offsets; a larger count, and keys alone, keep 64-bit ones.
void count_width()
{
  static_assert(PolicyOf<true>::narrow_offsets && !PolicyOf<false>::narrow_offsets,
                "the check below is for pairs narrowed and keys alone not");
  for (const int64_t n : {int64_t{1} << 20, int64_t{1} << 28, int64_t{INT32_MAX}, int64_t{INT32_MAX} + 1})
  {
    check_set_context("an int64_t count of %lld", static_cast<long long>(n));
    const size_t narrow = dispatch_bytes<unsigned int, true>(n);
    const size_t wide   = dispatch_bytes<unsigned long long, true>(n);
    EXPECT(narrow < wide, "pairs: 32-bit offsets ask for %zu bytes, 64-bit ones %zu: the check cannot tell them apart",
           narrow, wide);
    const size_t pairs = library_bytes<true>(n);
    const bool fits    = n <= INT32_MAX;
    EXPECT(pairs == (fits ? narrow : wide), "pairs: the library asks for %zu bytes, its %d-bit offsets %zu", pairs,
           fits ? 32 : 64, fits ? narrow : wide);
    const size_t keys      = library_bytes<false>(n);
    const size_t keys_wide = dispatch_bytes<unsigned long long, false>(n);
    EXPECT(keys == keys_wide, "keys alone: the library asks for %zu bytes, its 64-bit offsets %zu", keys, keys_wide);
    ++cases;
  }
}

//! The buffers of a cooperative sort with buckets first (no GPU needed):
//! for 2 to 8 digit passes (one pass takes no buckets), in place or not,
//! the top digit's pass and the first digit pass write different buffers
//! (the small tiles' words lie over the second's target while the first
//! reads), and the buckets' kernel
//! writes where the digit passes would have ended, which is the output
//! (buffer 1) for a sort that leaves its input alone, and for one in place
//! is buffer 1 exactly when the dispatch flips the selector. Then the
//! count's width (count_width).
void host()
{
  using cubling::detail::cooperative_sort_passes;
  using cubling::detail::radix_sort_pass_target;
  for (int digits = 2; digits <= 8; ++digits)
  {
    for (const bool in_place : {false, true})
    {
      check_set_context("buckets first, %d digit passes, %s", digits, in_place ? "in place" : "input kept");
      const int passes = cooperative_sort_passes(0, 8 * digits, 8, true);
      EXPECT(passes == digits + 1, "%d passes, expected %d", passes, digits + 1);
      const int split  = radix_sort_pass_target(0, passes, in_place);
      const int second = radix_sort_pass_target(1, passes, in_place);
      const int last   = radix_sort_pass_target(passes - 1, passes, in_place);
      EXPECT(split != second, "the split and the first digit pass both write buffer %d", split);
      if (in_place)
      {
        EXPECT((last == 1) == (passes % 2 == 1), "the result in buffer %d, but the selector %s", last,
               passes % 2 == 1 ? "flips" : "stays");
      }
      else
      {
        EXPECT(last == 1, "the result in buffer %d, not the output", last);
      }
      ++cases;
    }
  }
  count_width();
}

void device()
{
  cooperative_device = device_launches_cooperatively("every sort takes the launch per pass");
  constexpr int64_t single  = single_tile_items<false>();
  constexpr int64_t tile    = PolicyOf<false>::onesweep_tile;
  constexpr int64_t cluster = PolicyOf<false>::ClusterTile::TILE_ITEMS * PolicyOf<false>::ClusterTile::MAX_BLOCKS;
  constexpr int64_t small_most = PolicyOf<false>::small_cooperative_max_items;
  for (const int64_t n : {single, single + 1, tile + 1, cluster, cluster + 1, int64_t{100003}, small_most,
                          small_most + 1, int64_t{1} << 20, (int64_t{1} << 20) + 1, int64_t{3} << 20})
  {
    launches_of<false>(n);
    launches_of<true>(n);
    refused<false>(n, Dist::uniform);
    refused<true>(n, Dist::uniform);
  }
  bucket_limits();
  for (const int64_t n : {int64_t{50001}, int64_t{100003}, int64_t{3} << 20})
  {
    for (int repeat = 0; repeat < 3; ++repeat)
    {
      // Each sort its own case (refused asks in_shard itself): a case inside
      // another would make the shards' sequences of cases differ.
      check_set_context("%lld keys, middle bytes equal, one launch if it fits", static_cast<long long>(n));
      if (in_shard())
      {
        sort_through<KernelLauncher, false>(n, Dist::ends_random);
      }
      if (in_shard())
      {
        sort_through<KernelLauncher, true>(n, Dist::ends_random);
      }
      refused<false>(n, Dist::ends_random);
      refused<true>(n, Dist::ends_random);
    }
  }
}
} // namespace

int main(int argc, char** argv)
{
  return device_reduce_test::run(argc, argv, "DeviceRadixSort's launches: one cooperative, or one per pass", host,
                                 device);
}
