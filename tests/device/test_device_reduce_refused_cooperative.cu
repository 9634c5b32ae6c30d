// DeviceReduce when the runtime refuses its cooperative launch (as it may
// under MPS or in a green context): the dispatch must run the same grid in
// two plain launches instead, write the right result, and leave no error
// behind.
//
// The refusal is forced without a special device: DispatchReduce takes its
// launcher as a template parameter, and RefusingLauncher
// (refusing_launcher.cuh) makes the runtime refuse every cooperative launch
// for real. It checks that the runtime did refuse, and counts the refusals: one per call whose grid has more than one block (more than one
// tile of items) on a device that launches cooperatively, none otherwise.
//
// For Sum (int32, and float on small whole numbers, whose sums are exact in
// any order), Max (int32) and ArgMin (int32 with many ties) at 1, 4095,
// 4096, 4097, 1000003 and 2^22 + 1 items, each result must match the CPU
// reference and cub::DeviceReduce on the same data, and have the same bits
// as cubling::DeviceReduce (same grid, same order of the fold). Outputs are
// poisoned before every call, the temporary storage is filled with garbage,
// and cudaGetLastError() must be cudaSuccess after every call
// (check_two_phase).
#include <functional>
#include <utility>

#include <cubling/device/device_reduce.cuh>

#include "refusing_launcher.cuh"
#include "test_device_reduce.cuh"

namespace
{
using namespace device_reduce_test;
using namespace test_launchers;
using cubling::detail::DispatchReduce;

using Identity = cubling::detail::IgnoreIndex<cubling::detail::Identity>;
using Library  = cubling::detail::DeviceReducePolicy;

bool cooperative_device = false;

// Run `call(d_temp_storage, temp_storage_bytes, d_out)` into a poisoned slot and return what it wrote.
template <typename OutT, typename Call>
OutT run_into(Outputs& outs, int slot, const OutT& expected, const char* who, Call&& call)
{
  OutT* d_out = outs.slot<OutT>(slot);
  poison(d_out, poison_for(expected));
  check_two_phase(who, [&](void* temp, size_t& bytes) { return call(temp, bytes, d_out); });
  return read_back(d_out);
}

// Run the refused call and check that it was refused exactly when it had to be.
template <typename OutT, typename Call>
OutT run_refused(Outputs& outs, int slot, const OutT& expected, int64_t n, int64_t tile_items, Call&& call)
{
  const long long before = refusals;
  const OutT got         = run_into<OutT>(outs, slot, expected, "refused cooperative launch", call);
  const long long want   = cooperative_device && n > tile_items ? 1 : 0;
  EXPECT(refusals - before == want, "%lld items: %lld cooperative launches refused, expected %lld",
         static_cast<long long>(n), refusals - before, want);
  return got;
}

template <typename T>
void check_sum(Outputs& outs, const DeviceArray<T>& d_in, const std::vector<T>& items)
{
  using Dispatch  = DispatchReduce<false, const T*, T*, cubling::Sum, T, T, Identity, Library, RefusingLauncher>;
  using Agent     = cubling::AgentReduce<Library::MaxPolicy::ReducePolicy, const T*, cubling::Sum, T, Identity>;
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
  const T* in     = d_in.ptr;
  const T refused = run_refused<T>(outs, 0, want, n, Agent::TILE_ITEMS, [&](void* temp, size_t& bytes, T* out) {
    return Dispatch::Dispatch(temp, bytes, in, out, n, cubling::Sum{}, T{}, Identity{}, 0);
  });
  const T library = run_into<T>(outs, 1, want, "cubling::DeviceReduce::Sum", [&](void* temp, size_t& bytes, T* out) {
    return cubling::DeviceReduce::Sum(temp, bytes, in, out, n);
  });
  const T cub = run_into<T>(outs, 2, want, "cub::DeviceReduce::Sum", [&](void* temp, size_t& bytes, T* out) {
    return cub::DeviceReduce::Sum(temp, bytes, in, out, n);
  });
  EXPECT(same_bits(refused, want), "Sum (%s) of %lld items: %s, the CPU says %s", type_name<T>(),
         static_cast<long long>(n), text(refused).c, text(want).c);
  EXPECT(same_bits(refused, cub), "Sum (%s) of %lld items: %s, CUB says %s", type_name<T>(), static_cast<long long>(n),
         text(refused).c, text(cub).c);
  EXPECT(same_bits(refused, library), "Sum (%s) of %lld items: %s, cubling::DeviceReduce says %s", type_name<T>(),
         static_cast<long long>(n), text(refused).c, text(library).c);
  cases += 3;
}

void check_max(Outputs& outs, const DeviceArray<int32_t>& d_in, const std::vector<int32_t>& items)
{
  using Dispatch = DispatchReduce<false, const int32_t*, int32_t*, cubling::Max, int32_t, int32_t, Identity, Library,
                                  RefusingLauncher>;
  using Agent = cubling::AgentReduce<Library::MaxPolicy::ReducePolicy, const int32_t*, cubling::Max, int32_t, Identity>;
  const int64_t n       = static_cast<int64_t>(items.size());
  const int32_t want    = first_extremum<false>(items.data(), n).value;
  const int32_t* in     = d_in.ptr;
  const int32_t refused = run_refused<int32_t>(outs, 0, want, n, Agent::TILE_ITEMS,
                                               [&](void* temp, size_t& bytes, int32_t* out) {
                                                 return Dispatch::Dispatch(temp, bytes, in, out, n, cubling::Max{},
                                                                           std::numeric_limits<int32_t>::lowest(),
                                                                           Identity{}, 0);
                                               });
  const int32_t cub = run_into<int32_t>(outs, 1, want, "cub::DeviceReduce::Max",
                                        [&](void* temp, size_t& bytes, int32_t* out) {
                                          return cub::DeviceReduce::Max(temp, bytes, in, out, n);
                                        });
  EXPECT(refused == want && refused == cub, "Max of %lld items: %d, the CPU says %d, CUB %d", static_cast<long long>(n),
         refused, want, cub);
  cases += 2;
}

void check_argmin(Outputs& outs, const DeviceArray<int32_t>& d_in, const std::vector<int32_t>& items)
{
  using Pair       = cubling::KeyValuePair<int64_t, int32_t>;
  using WithIndex  = cubling::detail::PairWithIndex<int64_t>;
  using Dispatch   = DispatchReduce<true, const int32_t*, Pair*, cubling::ArgMin, Pair, Pair, WithIndex, Library,
                                    RefusingLauncher>;
  using Agent      = cubling::AgentReduce<Library::MaxPolicy::ReducePolicy, const int32_t*, cubling::ArgMin, Pair,
                                          WithIndex>;
  const int64_t n   = static_cast<int64_t>(items.size());
  const Pair want   = first_extremum<true>(items.data(), n); // the first of equal minima
  const int32_t* in = d_in.ptr;
  const Pair refused = run_refused<Pair>(outs, 0, want, n, Agent::TILE_ITEMS, [&](void* temp, size_t& bytes, Pair* out) {
    return Dispatch::Dispatch(temp, bytes, in, out, n, cubling::ArgMin{}, Pair(1, std::numeric_limits<int32_t>::max()),
                              WithIndex{}, 0);
  });
  int32_t* d_min   = outs.slot<int32_t>(1);
  int64_t* d_index = outs.slot<int64_t>(2);
  poison(d_min, poison_for(want.value));
  poison(d_index, poison_for(want.key));
  check_two_phase("cub::DeviceReduce::ArgMin", [&](void* temp, size_t& bytes) {
    return cub::DeviceReduce::ArgMin(temp, bytes, in, d_min, d_index, n);
  });
  const int32_t cub_min   = read_back(d_min);
  const int64_t cub_index = read_back(d_index);
  EXPECT(refused.key == want.key && refused.value == want.value, "ArgMin of %lld items: (%lld, %d), the CPU says (%lld, %d)",
         static_cast<long long>(n), static_cast<long long>(refused.key), refused.value,
         static_cast<long long>(want.key), want.value);
  EXPECT(refused.key == cub_index && refused.value == cub_min, "ArgMin of %lld items: (%lld, %d), CUB says (%lld, %d)",
         static_cast<long long>(n), static_cast<long long>(refused.key), refused.value,
         static_cast<long long>(cub_index), cub_min);
  cases += 2;
}

void device()
{
  cooperative_device = device_launches_cooperatively("no refusal to force, the two passes run anyway");
  Outputs outs;
  const int64_t sizes[] = {1, 4095, 4096, 4097, 1000003, (int64_t{1} << 22) + 1};
  for (const int64_t n : sizes)
  {
    check_set_context("refused cooperative launch, %lld items", static_cast<long long>(n));
    const DispatchInputs in(n);

    check_sum(outs, in.d_ints, in.ints);
    check_sum(outs, in.d_floats, in.floats);
    check_max(outs, in.d_ints, in.ints);
    check_argmin(outs, in.d_ties, in.ties);
  }
  EXPECT(!cooperative_device || refusals > 0, "no cooperative launch was refused: the fallback was never taken");
  const cudaError_t last = cudaGetLastError();
  EXPECT(last == cudaSuccess, "an error was left behind: %s", cudaGetErrorName(last));
  std::printf("%lld cooperative launches refused and run in two passes\n", refusals);
}

} // namespace

int main(int argc, char** argv)
{
  return device_reduce_test::run(argc, argv, "DeviceReduce, cooperative launch refused (the two-pass fallback)",
                                 nullptr, device);
}
