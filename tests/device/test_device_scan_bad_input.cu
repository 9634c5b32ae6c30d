// DeviceScan's bad input, empty input and size query (test_device_scan.cuh),
// for every entry point (the in-place overloads and FutureValue included),
// on 1000 int32 items:
//   - a null input, a null output, null keys (by key), a negative count
//     (-1 and INT64_MIN) and one byte of temporary storage too few return
//     cudaErrorInvalidValue, leave no error behind, and write nothing: the
//     output (poisoned, with its guard) and the temporary storage are
//     compared after a synchronisation;
//   - 0 items succeeds, with real or null data pointers, and writes nothing;
//   - the size query with null data pointers succeeds, writes a size > 0,
//     and the same size as with real pointers; it does not look at the data;
//   - the count may be any integer type (int, unsigned, short, uint8,
//     long long, size_t): the size and the results are those of int64.
#include <functional>

#include "test_device_scan.cuh"

namespace
{
using namespace device_scan_test;

using Call = std::function<cudaError_t(void*, size_t&, const int32_t* keys, int32_t* in, int32_t* out, int64_t n)>;

struct Entry
{
  const char* name;
  bool by_key, in_place;
  Call call;
};

std::vector<Entry> entries(int32_t* d_init)
{
  using S = cubling::DeviceScan;
  auto plus = cuda::std::plus<>{};
  return {
    {"ExclusiveSum", false, false, [](void* t, size_t& b, const int32_t*, int32_t* i, int32_t* o, int64_t n) { return S::ExclusiveSum(t, b, i, o, n); }},
    {"ExclusiveSum (in place)", false, true, [](void* t, size_t& b, const int32_t*, int32_t* i, int32_t*, int64_t n) { return S::ExclusiveSum(t, b, i, n); }},
    {"ExclusiveScan", false, false, [=](void* t, size_t& b, const int32_t*, int32_t* i, int32_t* o, int64_t n) { return S::ExclusiveScan(t, b, i, o, plus, 7, n); }},
    {"ExclusiveScan (in place)", false, true, [=](void* t, size_t& b, const int32_t*, int32_t* i, int32_t*, int64_t n) { return S::ExclusiveScan(t, b, i, plus, 7, n); }},
    {"ExclusiveScan (FutureValue)", false, false, [=](void* t, size_t& b, const int32_t*, int32_t* i, int32_t* o, int64_t n) {
       return S::ExclusiveScan(t, b, i, o, plus, cubling::FutureValue<int32_t>(d_init), n);
     }},
    {"InclusiveSum", false, false, [](void* t, size_t& b, const int32_t*, int32_t* i, int32_t* o, int64_t n) { return S::InclusiveSum(t, b, i, o, n); }},
    {"InclusiveSum (in place)", false, true, [](void* t, size_t& b, const int32_t*, int32_t* i, int32_t*, int64_t n) { return S::InclusiveSum(t, b, i, n); }},
    {"InclusiveScan", false, false, [=](void* t, size_t& b, const int32_t*, int32_t* i, int32_t* o, int64_t n) { return S::InclusiveScan(t, b, i, o, MaxOp{}, n); }},
    {"InclusiveScan (in place)", false, true, [=](void* t, size_t& b, const int32_t*, int32_t* i, int32_t*, int64_t n) { return S::InclusiveScan(t, b, i, MaxOp{}, n); }},
    {"InclusiveScanInit", false, false, [=](void* t, size_t& b, const int32_t*, int32_t* i, int32_t* o, int64_t n) { return S::InclusiveScanInit(t, b, i, o, plus, 7, n); }},
    {"ExclusiveSumByKey", true, false, [](void* t, size_t& b, const int32_t* k, int32_t* i, int32_t* o, int64_t n) { return S::ExclusiveSumByKey(t, b, k, i, o, n); }},
    {"ExclusiveScanByKey", true, false, [=](void* t, size_t& b, const int32_t* k, int32_t* i, int32_t* o, int64_t n) { return S::ExclusiveScanByKey(t, b, k, i, o, plus, 7, n); }},
    {"InclusiveSumByKey", true, false, [](void* t, size_t& b, const int32_t* k, int32_t* i, int32_t* o, int64_t n) { return S::InclusiveSumByKey(t, b, k, i, o, n); }},
    {"InclusiveScanByKey", true, false, [](void* t, size_t& b, const int32_t* k, int32_t* i, int32_t* o, int64_t n) { return S::InclusiveScanByKey(t, b, k, i, o, MaxOp{}, n); }},
  };
}

constexpr int64_t N = 1000;

// The output, and for in-place entries the data, poisoned; the temporary
// storage filled; checked after a synchronisation.
struct Buffers
{
  DeviceArray<int32_t> keys{N}, in{N + GUARD}, out{N + GUARD}, init{1};
  std::vector<int32_t> h_in = std::vector<int32_t>(N);
  Buffers()
  {
    fill_random(h_in.data(), h_in.size());
    std::vector<int32_t> k(N);
    for (int64_t i = 0; i < N; ++i)
    {
      k[i] = static_cast<int32_t>(i / 10);
    }
    keys.upload(k.data(), k.size());
    const int32_t seven = 7;
    init.upload(&seven, 1);
  }
  // Fresh input (its guard poisoned with 0xA5) and a poisoned output.
  void reset()
  {
    CHECK_CUDA(cudaMemset(in.ptr, 0xA5, (N + GUARD) * sizeof(int32_t)));
    in.upload(h_in.data(), h_in.size());
    CHECK_CUDA(cudaMemset(out.ptr, 0xA5, (N + GUARD) * sizeof(int32_t)));
  }
  // Nothing written: the output still poisoned, the input unchanged.
  void expect_unwritten(const char* who, const char* row)
  {
    EXPECT(still_poisoned(out.ptr, (N + GUARD) * sizeof(int32_t), 0xA5), "%s, %s: the output was written", who, row);
    expect_same(who, download(in.ptr, N), h_in);
    EXPECT(still_poisoned(in.ptr + N, GUARD * sizeof(int32_t), 0xA5), "%s, %s: wrote past the input", who, row);
  }
};

void check_entry(const Entry& e, Buffers& buf)
{
  check_set_context("cubling::DeviceScan::%s, bad input", e.name);
  size_t q = CHECK_BYTES_SENTINEL, with_data = CHECK_BYTES_SENTINEL;
  // the size query: null data pointers, then real ones; the same size, > 0
  buf.reset();
  EXPECT(e.call(nullptr, q, nullptr, nullptr, nullptr, N) == cudaSuccess, "%s: the size query with null data failed",
         e.name);
  EXPECT(e.call(nullptr, with_data, buf.keys.ptr, buf.in.ptr, buf.out.ptr, N) == cudaSuccess,
         "%s: the size query failed", e.name);
  EXPECT(q != CHECK_BYTES_SENTINEL && q > 0, "%s: the size query wrote %zu", e.name, q);
  EXPECT(q == with_data, "%s: the size query says %zu bytes with null data pointers, %zu with real ones", e.name, q,
         with_data);
  buf.expect_unwritten(e.name, "the size query");
  for (int64_t n : {int64_t{0}, int64_t{1}, int64_t{1} << 20, (int64_t{1} << 31) + 5})
  {
    size_t a = CHECK_BYTES_SENTINEL;
    EXPECT(e.call(nullptr, a, nullptr, nullptr, nullptr, n) == cudaSuccess && a > 0 && a != CHECK_BYTES_SENTINEL,
           "%s: the size query for %lld items failed or said 0", e.name, static_cast<long long>(n));
  }
  DeviceArray<unsigned char> temp(q + 1);

  struct Row
  {
    const char* what;
    bool null_keys, null_in, null_out;
    int64_t n;
    size_t bytes;
  };
  std::vector<Row> rows = {
    {"a null input", false, true, false, N, q},
    {"a negative count (-1)", false, false, false, -1, q},
    {"a negative count (INT64_MIN)", false, false, false, std::numeric_limits<int64_t>::min(), q},
    {"one byte of temporary storage too few", false, false, false, N, q - 1},
  };
  if (!e.in_place)
  {
    rows.push_back({"a null output", false, false, true, N, q});
  }
  if (e.by_key)
  {
    rows.push_back({"null keys", true, false, false, N, q});
  }
  for (const Row& r : rows)
  {
    buf.reset();
    CHECK_CUDA(cudaMemset(temp.ptr, 0xA5, q + 1));
    size_t bytes             = r.bytes;
    const cudaError_t status = e.call(temp.ptr, bytes, r.null_keys ? nullptr : buf.keys.ptr,
                                      r.null_in ? nullptr : buf.in.ptr, r.null_out ? nullptr : buf.out.ptr, r.n);
    EXPECT(status == cudaErrorInvalidValue, "%s with %s returned %s, not cudaErrorInvalidValue", e.name, r.what,
           cudaGetErrorName(status));
    EXPECT(cudaGetLastError() == cudaSuccess, "%s with %s left an error behind", e.name, r.what);
    CHECK_CUDA(cudaDeviceSynchronize());
    buf.expect_unwritten(e.name, r.what);
    EXPECT(still_poisoned(temp.ptr, q + 1, 0xA5), "%s with %s wrote the temporary storage", e.name, r.what);
    ++cases;
  }
  // 0 items: succeeds and writes nothing, with null or real data pointers
  for (bool null_data : {true, false})
  {
    buf.reset();
    size_t bytes             = q;
    const cudaError_t status = e.call(temp.ptr, bytes, null_data ? nullptr : buf.keys.ptr,
                                      null_data ? nullptr : buf.in.ptr, null_data ? nullptr : buf.out.ptr, 0);
    EXPECT(status == cudaSuccess, "%s of 0 items (%s data pointers) returned %s", e.name, null_data ? "null" : "real",
           cudaGetErrorName(status));
    CHECK_LAUNCH();
    buf.expect_unwritten(e.name, "0 items");
    ++cases;
  }
  // and a good call, so that the table above is not passing for a function that always fails
  buf.reset();
  size_t bytes = q;
  EXPECT(e.call(temp.ptr, bytes, buf.keys.ptr, buf.in.ptr, buf.out.ptr, N) == cudaSuccess, "%s of %lld items failed",
         e.name, static_cast<long long>(N));
  CHECK_LAUNCH();
  ++cases;
}

// The count as any integer type: the same size and the same results as int64.
template <typename NumItemsT>
void check_count_type(const char* type, Buffers& buf, const std::vector<int32_t>& want_incl)
{
  const int64_t n = 200;
  check_set_context("cubling::DeviceScan::InclusiveSum with a count of type %s", type);
  size_t q64 = 0, q = CHECK_BYTES_SENTINEL;
  CHECK_CUDA(cubling::DeviceScan::InclusiveSum(nullptr, q64, buf.in.ptr, buf.out.ptr, n));
  CHECK_CUDA(cubling::DeviceScan::InclusiveSum(nullptr, q, buf.in.ptr, buf.out.ptr, static_cast<NumItemsT>(n)));
  EXPECT(q == q64, "the size for a %s count is %zu, for int64 %zu", type, q, q64);
  buf.reset();
  const std::vector<int32_t> got = run_poisoned("cubling::DeviceScan::InclusiveSum", buf.out.ptr, n, 0x5A,
                                                [&](void* t, size_t& b) {
                                                  return cubling::DeviceScan::InclusiveSum(t, b, buf.in.ptr, buf.out.ptr,
                                                                                           static_cast<NumItemsT>(n));
                                                });
  expect_same("cubling::DeviceScan::InclusiveSum", got,
              std::vector<int32_t>(want_incl.begin(), want_incl.begin() + n));
  ++cases;
}

void device()
{
  Buffers buf;
  for (const Entry& e : entries(buf.init.ptr))
  {
    check_entry(e, buf);
  }
  const std::vector<int32_t> want = cpu_sums(buf.h_in.data(), N, false);
  check_count_type<int>("int", buf, want);
  check_count_type<unsigned>("unsigned", buf, want);
  check_count_type<short>("short", buf, want);
  check_count_type<uint8_t>("uint8_t", buf, want);
  check_count_type<long long>("long long", buf, want);
  check_count_type<size_t>("size_t", buf, want);
}

} // namespace

int main(int argc, char** argv)
{
  return device_reduce_test::run(argc, argv, "DeviceScan bad input, empty input, size query", nullptr, device);
}
