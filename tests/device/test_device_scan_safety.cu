// The safety of DeviceScan's single pass (test_device_scan.cuh): the
// look-back trusts the tile states in the temporary storage, so they must
// be reset by every call, whatever the storage held before.
//   - garbage: the storage (exactly the size query's bytes) is filled with
//     random bytes, 0xFF, and forged status words before the call. The
//     forgeries follow single_pass_scan_operators.cuh: a value of at most 8
//     bytes shares an 8- (values of 4 bytes or less) or 16-byte word with
//     its status in the word's first 4 bytes; so every even uint32 of the
//     storage holds SCAN_TILE_PREFIX (2) or SCAN_TILE_AGGREGATE (1) and
//     every odd one a random value: a word that says "prefix available"
//     with a wrong prefix, at every tile. Checked for int32 and int64
//     InclusiveSum and ExclusiveSum, an Affine ExclusiveScan and an int32
//     InclusiveSumByKey, against the CPU and CUB;
//   - leftovers: one storage block serves, in turn, a by-key scan, plain
//     scans of other sizes and item sizes, and the same scan twice;
//   - CUDA graphs: an InclusiveSum (at two sizes: one cooperative launch,
//     and the init kernel with the look-back) and an Affine ExclusiveScan,
//     captured on a non-default stream, replayed 6 times with a new input copied in
//     (outside the graph) before each replay, then 3 more times with the
//     temporary storage filled with forged words before each replay.
#include "test_device_scan.cuh"

namespace
{
using namespace device_scan_test;

enum class Garbage
{
  random_bytes,
  all_ff,
  forged_prefix,
  forged_aggregate
};

const char* garbage_name(Garbage g)
{
  switch (g)
  {
    case Garbage::random_bytes: return "random bytes";
    case Garbage::all_ff: return "0xFF bytes";
    case Garbage::forged_prefix: return "forged SCAN_TILE_PREFIX words";
    default: return "forged SCAN_TILE_AGGREGATE words";
  }
}

// Fill `bytes` bytes of device memory at d with garbage of kind g.
void fill_garbage(void* d, size_t bytes, Garbage g)
{
  std::vector<uint32_t> words((bytes + 3) / 4);
  for (size_t i = 0; i < words.size(); ++i)
  {
    const uint32_t r = static_cast<uint32_t>(check_random(&rng));
    switch (g)
    {
      case Garbage::random_bytes: words[i] = r; break;
      case Garbage::all_ff: words[i] = 0xFFFFFFFFu; break;
      case Garbage::forged_prefix: words[i] = i % 2 == 0 ? 2u : r; break;
      case Garbage::forged_aggregate: words[i] = i % 2 == 0 ? 1u : r; break;
    }
  }
  if (bytes > 0)
  {
    CHECK_CUDA(cudaMemcpy(d, words.data(), bytes, cudaMemcpyHostToDevice));
  }
}

// Run `call(temp, bytes)` with exactly the size query's storage, filled with
// garbage g first; the output (n items at d_out, poisoned) is returned.
template <typename T, typename Call>
std::vector<T> run_with_garbage(const char* who, T* d_out, int64_t n, Garbage g, Call&& call)
{
  size_t bytes = CHECK_BYTES_SENTINEL;
  EXPECT(call(nullptr, bytes) == cudaSuccess, "%s: the size query failed", who);
  DeviceArray<unsigned char> temp(bytes);
  fill_garbage(temp.ptr, bytes, g);
  CHECK_CUDA(cudaMemset(static_cast<void*>(d_out), 0xA5, static_cast<size_t>(n + GUARD) * sizeof(T)));
  const cudaError_t status = call(temp.ptr, bytes);
  EXPECT(status == cudaSuccess, "%s returned %s", who, cudaGetErrorName(status));
  CHECK_LAUNCH();
  expect_guard(who, d_out, n, 0xA5);
  return download(d_out, n);
}

// One scan of T over garbage of every kind: cubling against the CPU and CUB
// (CUB with its own two-phase protocol).
template <typename T, typename Mine, typename Theirs>
void check_garbage(const char* mine_name, const char* theirs_name, T* d_out, int64_t n, const std::vector<T>& want,
                   Mine&& mine, Theirs&& theirs)
{
  const std::vector<T> cub = run_poisoned(theirs_name, d_out, n, 0xA5, theirs);
  expect_same(theirs_name, cub, want);
  for (Garbage g : {Garbage::random_bytes, Garbage::all_ff, Garbage::forged_prefix, Garbage::forged_aggregate})
  {
    char who[160];
    std::snprintf(who, sizeof who, "%s over temporary storage of %s", mine_name, garbage_name(g));
    expect_same(who, run_with_garbage(who, d_out, n, g, mine), want);
    ++cases;
  }
}

template <typename T>
void check_garbage_sums(int64_t n)
{
  std::vector<T> h(static_cast<size_t>(n));
  fill_random(h.data(), h.size());
  DeviceArray<T> d_in(h.size()), d_out(h.size() + GUARD);
  d_in.upload(h.data(), h.size());
  check_set_context("%s sums of %lld items over garbage", type_name<T>(), static_cast<long long>(n));
  check_garbage("cubling::DeviceScan::InclusiveSum", "cub::DeviceScan::InclusiveSum", d_out.ptr, n,
                cpu_sums(h.data(), n, false),
                [&](void* t, size_t& b) { return cubling::DeviceScan::InclusiveSum(t, b, d_in.ptr, d_out.ptr, n); },
                [&](void* t, size_t& b) { return cub::DeviceScan::InclusiveSum(t, b, d_in.ptr, d_out.ptr, n); });
  check_garbage("cubling::DeviceScan::ExclusiveSum", "cub::DeviceScan::ExclusiveSum", d_out.ptr, n,
                cpu_sums(h.data(), n, true),
                [&](void* t, size_t& b) { return cubling::DeviceScan::ExclusiveSum(t, b, d_in.ptr, d_out.ptr, n); },
                [&](void* t, size_t& b) { return cub::DeviceScan::ExclusiveSum(t, b, d_in.ptr, d_out.ptr, n); });
}

void check_garbage_affine(int64_t n)
{
  std::vector<Affine> h(static_cast<size_t>(n));
  fill_values(h.data(), h.size());
  const Affine init = random_value<Affine>();
  DeviceArray<Affine> d_in(h.size()), d_out(h.size() + GUARD);
  d_in.upload(h.data(), h.size());
  check_set_context("Affine ExclusiveScan of %lld items over garbage", static_cast<long long>(n));
  check_garbage("cubling::DeviceScan::ExclusiveScan", "cub::DeviceScan::ExclusiveScan", d_out.ptr, n,
                cpu_scan(h.data(), n, ComposeAffine{}, Kind::exclusive, init),
                [&](void* t, size_t& b) {
                  return cubling::DeviceScan::ExclusiveScan(t, b, d_in.ptr, d_out.ptr, ComposeAffine{}, init, n);
                },
                [&](void* t, size_t& b) {
                  return cub::DeviceScan::ExclusiveScan(t, b, d_in.ptr, d_out.ptr, ComposeAffine{}, init, n);
                });
}

// Keys in runs of 1..199 items.
std::vector<int32_t> runs_of_keys(int64_t n)
{
  std::vector<int32_t> keys(static_cast<size_t>(n));
  int32_t key = 0;
  for (int64_t i = 0; i < n;)
  {
    const int64_t len = 1 + static_cast<int64_t>(check_random(&rng) % 199);
    for (int64_t j = i; j < n && j < i + len; ++j)
    {
      keys[j] = key;
    }
    i += len;
    ++key;
  }
  return keys;
}

std::vector<int32_t> cpu_sums_by_key(const int32_t* keys, const int32_t* x, int64_t n)
{
  std::vector<int32_t> out(static_cast<size_t>(n));
  uint32_t acc = 0;
  for (int64_t i = 0; i < n; ++i)
  {
    acc    = (i == 0 || keys[i] != keys[i - 1]) ? static_cast<uint32_t>(x[i]) : acc + static_cast<uint32_t>(x[i]);
    out[i] = static_cast<int32_t>(acc);
  }
  return out;
}

void check_garbage_by_key(int64_t n)
{
  std::vector<int32_t> h(static_cast<size_t>(n));
  fill_random(h.data(), h.size());
  const std::vector<int32_t> keys = runs_of_keys(n);
  DeviceArray<int32_t> d_in(h.size()), d_keys(h.size()), d_out(h.size() + GUARD);
  d_in.upload(h.data(), h.size());
  d_keys.upload(keys.data(), keys.size());
  check_set_context("int32 InclusiveSumByKey of %lld items over garbage", static_cast<long long>(n));
  check_garbage("cubling::DeviceScan::InclusiveSumByKey", "cub::DeviceScan::InclusiveSumByKey", d_out.ptr, n,
                cpu_sums_by_key(keys.data(), h.data(), n),
                [&](void* t, size_t& b) {
                  return cubling::DeviceScan::InclusiveSumByKey(t, b, d_keys.ptr, d_in.ptr, d_out.ptr, n);
                },
                [&](void* t, size_t& b) {
                  return cub::DeviceScan::InclusiveSumByKey(t, b, d_keys.ptr, d_in.ptr, d_out.ptr, n);
                });
}

// One storage block, in turn: a by-key scan, then plain scans of other
// sizes and item sizes, then the same scan twice; each against the CPU.
void check_leftovers()
{
  // big: past one cooperative launch's reach, so the init kernel and the look-back run
  const int64_t big = (int64_t{1} << 23) + 5, mid = 1299709, small = 100003;
  std::vector<int32_t> h32(static_cast<size_t>(big));
  std::vector<int64_t> h64(static_cast<size_t>(big));
  fill_random(h32.data(), h32.size());
  fill_random(h64.data(), h64.size());
  const std::vector<int32_t> keys = runs_of_keys(big);
  DeviceArray<int32_t> d32(h32.size()), d_keys(keys.size()), o32(h32.size() + GUARD);
  DeviceArray<int64_t> d64(h64.size()), o64(h64.size() + GUARD);
  d32.upload(h32.data(), h32.size());
  d64.upload(h64.data(), h64.size());
  d_keys.upload(keys.data(), keys.size());

  // The largest size any of the calls asks for.
  size_t need = 0, b = 0;
  CHECK_CUDA(cubling::DeviceScan::InclusiveSumByKey(nullptr, b, d_keys.ptr, d32.ptr, o32.ptr, big));
  need = std::max(need, b);
  CHECK_CUDA(cubling::DeviceScan::InclusiveSum(nullptr, b, d32.ptr, o32.ptr, big));
  need = std::max(need, b);
  CHECK_CUDA(cubling::DeviceScan::ExclusiveSum(nullptr, b, d64.ptr, o64.ptr, big));
  need = std::max(need, b);
  DeviceArray<unsigned char> temp(need);
  CHECK_CUDA(cudaMemset(temp.ptr, 0, need)); // zero: no status word is "prefix" until a call leaves one

  auto step = [&](const char* what, auto&& run, auto&& check) {
    check_set_context("temporary storage with the leftovers of the calls before: %s", what);
    size_t bytes = need;
    const cudaError_t status = run(static_cast<void*>(temp.ptr), bytes);
    EXPECT(status == cudaSuccess, "%s returned %s", what, cudaGetErrorName(status));
    CHECK_LAUNCH();
    check(what);
    ++cases;
  };
  auto sums32 = [&](int64_t n, bool exclusive) {
    return [&, n, exclusive](const char* what) {
      expect_guard(what, o32.ptr, n, 0xA5);
      expect_same(what, download(o32.ptr, n), cpu_sums(h32.data(), n, exclusive));
    };
  };
  auto poison32 = [&](int64_t n) {
    CHECK_CUDA(cudaMemset(o32.ptr, 0xA5, static_cast<size_t>(n + GUARD) * sizeof(int32_t)));
  };

  poison32(big);
  step("InclusiveSumByKey, int32, 2^23 + 5 items",
       [&](void* t, size_t& bytes) { return cubling::DeviceScan::InclusiveSumByKey(t, bytes, d_keys.ptr, d32.ptr, o32.ptr, big); },
       [&](const char* what) {
         expect_guard(what, o32.ptr, big, 0xA5);
         expect_same(what, download(o32.ptr, big), cpu_sums_by_key(keys.data(), h32.data(), big));
       });
  poison32(mid);
  step("InclusiveSum, int32, 1299709 items (after a by-key scan)",
       [&](void* t, size_t& bytes) { return cubling::DeviceScan::InclusiveSum(t, bytes, d32.ptr, o32.ptr, mid); },
       sums32(mid, false));
  CHECK_CUDA(cudaMemset(o64.ptr, 0xA5, static_cast<size_t>(small + GUARD) * sizeof(int64_t)));
  step("ExclusiveSum, int64, 100003 items (after an int32 scan)",
       [&](void* t, size_t& bytes) { return cubling::DeviceScan::ExclusiveSum(t, bytes, d64.ptr, o64.ptr, small); },
       [&](const char* what) {
         expect_guard(what, o64.ptr, small, 0xA5);
         expect_same(what, download(o64.ptr, small), cpu_sums(h64.data(), small, true));
       });
  for (int again = 0; again < 2; ++again)
  {
    poison32(big);
    step(again ? "ExclusiveSum, int32, 2^23 + 5 items, the same call again" : "ExclusiveSum, int32, 2^23 + 5 items (after smaller scans)",
         [&](void* t, size_t& bytes) { return cubling::DeviceScan::ExclusiveSum(t, bytes, d32.ptr, o32.ptr, big); },
         sums32(big, true));
  }
  poison32(mid);
  step("InclusiveSum, int32, 1299709 items (after a larger scan)",
       [&](void* t, size_t& bytes) { return cubling::DeviceScan::InclusiveSum(t, bytes, d32.ptr, o32.ptr, mid); },
       sums32(mid, false));
}

// Capture `call(temp, bytes, stream)` into a graph on a non-default stream;
// replay it 6 times with a new input each time, then 3 more times with
// forged words in the temporary storage; check each replay with `want(h)`.
template <typename T, typename Call, typename Want>
void check_graph(const char* what, int64_t n, Call&& call, Want&& want, T* d_in, T* d_out)
{
  check_set_context("a CUDA graph of %s, %lld items", what, static_cast<long long>(n));
  cudaStream_t stream;
  CHECK_CUDA(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  size_t bytes = 0;
  CHECK_CUDA(call(nullptr, bytes, stream));
  DeviceArray<unsigned char> temp(bytes);
  fill_garbage(temp.ptr, bytes, Garbage::forged_prefix);
  cudaGraph_t graph;
  cudaGraphExec_t exec;
  CHECK_CUDA(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal));
  const cudaError_t status = call(temp.ptr, bytes, stream);
  CHECK_CUDA(cudaStreamEndCapture(stream, &graph));
  EXPECT(status == cudaSuccess, "%s returned %s while captured", what, cudaGetErrorName(status));
  CHECK_CUDA(cudaGraphInstantiate(&exec, graph, 0));
  std::vector<T> h(static_cast<size_t>(n));
  for (int replay = 0; replay < 9; ++replay)
  {
    fill_values(h.data(), h.size());
    CHECK_CUDA(cudaMemcpy(static_cast<void*>(d_in), h.data(), static_cast<size_t>(n) * sizeof(T), cudaMemcpyHostToDevice));
    CHECK_CUDA(cudaMemset(static_cast<void*>(d_out), replay % 2 ? 0x5A : 0xA5, static_cast<size_t>(n + GUARD) * sizeof(T)));
    if (replay >= 6)
    {
      fill_garbage(temp.ptr, bytes, replay % 2 ? Garbage::forged_prefix : Garbage::forged_aggregate);
    }
    // The poison and the garbage went through the legacy default stream,
    // which a non-blocking stream does not wait for: without this, a memset
    // could land after the replay and overwrite its output.
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK_CUDA(cudaGraphLaunch(exec, stream));
    CHECK_CUDA(cudaStreamSynchronize(stream));
    char who[160];
    std::snprintf(who, sizeof who, "%s, graph replay %d%s", what, replay,
                  replay >= 6 ? " (forged words in the temporary storage)" : "");
    expect_guard(who, d_out, n, replay % 2 ? 0x5A : 0xA5);
    expect_same(who, download(d_out, n), want(h));
    ++cases;
  }
  CHECK_CUDA(cudaGraphExecDestroy(exec));
  CHECK_CUDA(cudaGraphDestroy(graph));
  CHECK_CUDA(cudaStreamDestroy(stream));
}

void check_graphs()
{
  const int64_t n = 1299709;
  for (int64_t sum_n : {n, (int64_t{1} << 23) + 5}) // one cooperative launch; the init kernel and the look-back
  {
    DeviceArray<int32_t> d_in(sum_n), d_out(sum_n + GUARD);
    check_graph<int32_t>(
      "InclusiveSum of int32", sum_n,
      [&](void* t, size_t& b, cudaStream_t s) { return cubling::DeviceScan::InclusiveSum(t, b, d_in.ptr, d_out.ptr, sum_n, s); },
      [&](const std::vector<int32_t>& h) { return cpu_sums(h.data(), sum_n, false); }, d_in.ptr, d_out.ptr);
  }
  {
    DeviceArray<Affine> d_in(n), d_out(n + GUARD);
    const Affine init = random_value<Affine>();
    check_graph<Affine>(
      "ExclusiveScan of Affine", n,
      [&](void* t, size_t& b, cudaStream_t s) {
        return cubling::DeviceScan::ExclusiveScan(t, b, d_in.ptr, d_out.ptr, ComposeAffine{}, init, n, s);
      },
      [&](const std::vector<Affine>& h) { return cpu_scan(h.data(), n, ComposeAffine{}, Kind::exclusive, init); },
      d_in.ptr, d_out.ptr);
  }
}

void device()
{
  // Only the last size is beyond one cooperative launch's reach for the plain sums (on an H200, 528 tiles of
  // 8192 items): the init kernel and the look-back, whose tile states the garbage is aimed at.
  for (int64_t n : {33 * hopper_tile<int32_t>() + 1, int64_t{1299709}, (int64_t{1} << 22) + 1, (int64_t{1} << 23) + 5})
  {
    std::printf("  garbage in the temporary storage, %lld items\n", static_cast<long long>(n));
    std::fflush(stdout);
    check_garbage_sums<int32_t>(n);
    check_garbage_sums<int64_t>(n);
    check_garbage_affine(n);
    check_garbage_by_key(n);
  }
  std::printf("  leftovers of other calls in the temporary storage\n");
  std::fflush(stdout);
  check_leftovers();
  std::printf("  CUDA graphs\n");
  std::fflush(stdout);
  check_graphs();
}

} // namespace

int main(int argc, char** argv)
{
  return device_reduce_test::run(argc, argv, "DeviceScan safety (garbage and stale temporary storage, graphs)",
                                 nullptr, device);
}
