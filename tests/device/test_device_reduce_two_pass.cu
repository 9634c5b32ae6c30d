// DeviceReduce's two-launch paths, forced through the dispatch layer with
// policy chains of the test's own:
//   - the fallback for devices without cooperative launch: the resident
//     grid, then one block for the partials (ReduceFinish::partials_only,
//     then reduce_partials). A GPU that launches cooperatively never takes
//     it through the library's own chain; TwoPassPolicyChain says
//     SINGLE_PASS = false, with the library's newest tile and grid limits;
//   - the oversubscribed grid of large inputs: one block per chunk of tiles
//     (AgentReduce::ConsumeChunk), then one block for the partials. The
//     library's chain takes it from STREAM_FROM_ROUNDS rounds of tiles on;
//     OversubscribedPolicyChain takes it from one round, so that inputs of a
//     few million items take it, with chunks of whole tiles and a partial
//     last chunk; SmallTileOversubscribedPolicyChain, with tiles of 1024
//     items and chunks of one tile, would have more chunks than partial
//     slots above 2^24 items, so its chunks grow to two tiles there.
//     ArgMin never takes it (pairs stay on the resident grid): through these
//     chains it checks that it still gets the resident grid's answer.
//
// For Sum (int32, and float on small whole numbers, whose sums are exact in
// any order), Max (int32) and ArgMin (int32 with many ties), at tile edges,
// a prime and sizes up to 2^24 + 1, each result must
//   - match the CPU reference and cub::DeviceReduce on the same data;
//   - have the same bits as cubling::DeviceReduce (for the fallback, because
//     the grid and the order of the fold are the same; for the others,
//     because these sums are exact in any order).
// Outputs are poisoned before every call, and the temporary storage is
// filled with garbage (two_phase).
#include <functional>

#include <cubling/device/device_reduce.cuh>

#include "test_device_reduce.cuh"

namespace
{
using namespace device_reduce_test;
using cubling::detail::DispatchReduce;
using LibraryPolicy = cubling::detail::DeviceReducePolicy::MaxPolicy;

// example-begin two-pass-policy
// A policy chain of one link: the library's newest tuning, in two passes.
struct TwoPassPolicyChain
{
  struct Policy600 : cubling::ChainedPolicy<600, Policy600, Policy600>
  {
    using ReducePolicy                      = LibraryPolicy::ReducePolicy;
    static constexpr bool SINGLE_PASS       = false;
    static constexpr int STREAM_FROM_ROUNDS = LibraryPolicy::STREAM_FROM_ROUNDS;
    static constexpr int STREAM_CHUNK_TILES = LibraryPolicy::STREAM_CHUNK_TILES;
  };
  using MaxPolicy = Policy600;
};
// example-end two-pass-policy

// The library's newest tuning, oversubscribed from one round of tiles on.
struct OversubscribedPolicyChain
{
  struct Policy600 : cubling::ChainedPolicy<600, Policy600, Policy600>
  {
    using ReducePolicy                      = LibraryPolicy::ReducePolicy;
    static constexpr bool SINGLE_PASS       = true;
    static constexpr int STREAM_FROM_ROUNDS = 1;
    static constexpr int STREAM_CHUNK_TILES = LibraryPolicy::STREAM_CHUNK_TILES;
  };
  using MaxPolicy = Policy600;
};

// Tiles of 1024 four-byte items (four per thread) and chunks of one tile,
// oversubscribed from one round on.
struct SmallTileOversubscribedPolicyChain
{
  struct Policy600 : cubling::ChainedPolicy<600, Policy600, Policy600>
  {
    using ReducePolicy                      = cubling::AgentReducePolicy<256, 4, cubling::BLOCK_REDUCE_WARP_REDUCTIONS, 4>;
    static constexpr bool SINGLE_PASS       = true;
    static constexpr int STREAM_FROM_ROUNDS = 1;
    static constexpr int STREAM_CHUNK_TILES = 1;
  };
  using MaxPolicy = Policy600;
};

// The name of each chain, for the messages.
template <typename Chain> const char* chain_name();
template <> const char* chain_name<TwoPassPolicyChain>() { return "two-pass"; }
template <> const char* chain_name<OversubscribedPolicyChain>() { return "oversubscribed"; }
template <> const char* chain_name<SmallTileOversubscribedPolicyChain>() { return "oversubscribed, small tiles"; }

using Identity = cubling::detail::IgnoreIndex<cubling::detail::Identity>;

// Run `call(d_temp_storage, temp_storage_bytes, d_out)` into a poisoned slot and return what it wrote.
template <typename OutT, typename Call>
OutT run_into(Outputs& outs, int slot, const OutT& expected, const char* who, Call&& call)
{
  OutT* d_out = outs.slot<OutT>(slot);
  poison(d_out, poison_for(expected));
  check_two_phase(who, [&](void* temp, size_t& bytes) { return call(temp, bytes, d_out); });
  return read_back(d_out);
}

template <typename Chain, typename T>
void check_sum(Outputs& outs, const DeviceArray<T>& d_in, const std::vector<T>& items)
{
  const int64_t n = static_cast<int64_t>(items.size());
  T want{};
  if constexpr (std::is_integral_v<T>)
  {
    want = wrapped_sum(items.data(), n);
  }
  else // exact, in any order, for the small whole numbers used here
  {
    want = fold(items.data(), n, T{}, std::plus<T>{}, Same{});
  }
  const T* in = d_in.ptr;
  const T two = run_into<T>(
      outs, 0, want, chain_name<Chain>(),
      [&](void* temp, size_t& bytes, T* out)
      {
        return DispatchReduce<false, const T*, T*, cubling::Sum, T, T, Identity, Chain>::Dispatch(
            temp, bytes, in, out, n, cubling::Sum{}, T{}, Identity{}, 0);
      });
  const T single = run_into<T>(outs, 1, want, "cubling::DeviceReduce::Sum",
                               [&](void* temp, size_t& bytes, T* out)
                               { return cubling::DeviceReduce::Sum(temp, bytes, in, out, n); });
  const T cub =
      run_into<T>(outs, 2, want, "cub::DeviceReduce::Sum",
                  [&](void* temp, size_t& bytes, T* out) { return cub::DeviceReduce::Sum(temp, bytes, in, out, n); });
  EXPECT(same_bits(two, want), "%s Sum of %lld items: not the CPU's result", chain_name<Chain>(), static_cast<long long>(n));
  EXPECT(same_bits(two, cub), "%s Sum of %lld items: not CUB's result", chain_name<Chain>(), static_cast<long long>(n));
  EXPECT(same_bits(two, single), "%s Sum of %lld items: not cubling::DeviceReduce's bits", chain_name<Chain>(), static_cast<long long>(n));
  cases += 3;
}

template <typename Chain>
void check_max(Outputs& outs, const DeviceArray<int32_t>& d_in, const std::vector<int32_t>& items)
{
  const int64_t n    = static_cast<int64_t>(items.size());
  const int32_t want = first_extremum<false>(items.data(), n).value;
  const int32_t* in  = d_in.ptr;
  const int32_t two  = run_into<int32_t>(
      outs, 0, want, chain_name<Chain>(),
      [&](void* temp, size_t& bytes, int32_t* out)
      {
        return DispatchReduce<false, const int32_t*, int32_t*, cubling::Max, int32_t, int32_t, Identity,
                              Chain>::Dispatch(temp, bytes, in, out, n, cubling::Max{},
                                                             std::numeric_limits<int32_t>::lowest(), Identity{}, 0);
      });
  const int32_t cub = run_into<int32_t>(outs, 1, want, "cub::DeviceReduce::Max",
                                        [&](void* temp, size_t& bytes, int32_t* out)
                                        { return cub::DeviceReduce::Max(temp, bytes, in, out, n); });
  EXPECT(two == want && two == cub, "%s Max of %lld items: %d, the CPU says %d, CUB %d",
         chain_name<Chain>(), static_cast<long long>(n), two, want, cub);
  cases += 2;
}

template <typename Chain>
void check_argmin(Outputs& outs, const DeviceArray<int32_t>& d_in, const std::vector<int32_t>& items)
{
  using Pair           = cubling::KeyValuePair<int64_t, int32_t>;
  const int64_t n      = static_cast<int64_t>(items.size());
  const Pair want      = first_extremum<true>(items.data(), n); // the first of equal minima
  const int32_t* in = d_in.ptr;
  const Pair two    = run_into<Pair>(
      outs, 0, want, chain_name<Chain>(),
      [&](void* temp, size_t& bytes, Pair* out)
      {
        return DispatchReduce<true, const int32_t*, Pair*, cubling::ArgMin, Pair, Pair,
                              cubling::detail::PairWithIndex<int64_t>,
                              Chain>::Dispatch(temp, bytes, in, out, n, cubling::ArgMin{},
                                                               Pair(1, std::numeric_limits<int32_t>::max()),
                                                               cubling::detail::PairWithIndex<int64_t>{}, 0);
      });
  int32_t* d_min   = outs.slot<int32_t>(1);
  int64_t* d_index = outs.slot<int64_t>(2);
  poison(d_min, poison_for(want.value));
  poison(d_index, poison_for(want.key));
  check_two_phase("cub::DeviceReduce::ArgMin",
            [&](void* temp, size_t& bytes) { return cub::DeviceReduce::ArgMin(temp, bytes, in, d_min, d_index, n); });
  const int32_t cub_min   = read_back(d_min);
  const int64_t cub_index = read_back(d_index);
  EXPECT(two.key == want.key && two.value == want.value,
         "%s ArgMin of %lld items: (%lld, %d), the CPU says (%lld, %d)", chain_name<Chain>(),
         static_cast<long long>(n),
         static_cast<long long>(two.key), two.value, static_cast<long long>(want.key), want.value);
  EXPECT(two.key == cub_index && two.value == cub_min, "%s ArgMin of %lld items: (%lld, %d), CUB says (%lld, %d)",
         chain_name<Chain>(), static_cast<long long>(n), static_cast<long long>(two.key), two.value, static_cast<long long>(cub_index),
         cub_min);
  cases += 2;
}

// Every check of one chain, on the inputs of one size.
template <typename Chain>
void check_chain(Outputs& outs, const DispatchInputs& in)
{
  check_sum<Chain>(outs, in.d_ints, in.ints);
  check_max<Chain>(outs, in.d_ints, in.ints);
  check_sum<Chain>(outs, in.d_floats, in.floats);
  check_argmin<Chain>(outs, in.d_ties, in.ties);
}

void device()
{
  Outputs outs;
  const int64_t sizes[] = {1,       4095, 4096, 4097, 1000003, 2232323, (int64_t{1} << 22) + 1,
                           (int64_t{1} << 24) + 1};
  for (const int64_t n : sizes)
  {
    if (skip_size(n))
    {
      continue;
    }
    check_set_context("two launches, %lld items", static_cast<long long>(n));
    const DispatchInputs in(n);

    check_chain<TwoPassPolicyChain>(outs, in);
    check_chain<OversubscribedPolicyChain>(outs, in);
    check_chain<SmallTileOversubscribedPolicyChain>(outs, in);
  }
}

} // namespace

int main(int argc, char** argv)
{
  return device_reduce_test::run(argc, argv, "DeviceReduce, two launches (the fallback without cooperative launch; oversubscribed grids)",
                                 nullptr, device);
}
