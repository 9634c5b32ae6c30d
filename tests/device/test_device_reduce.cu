// DeviceReduce's contracts, on the CPU (--host) and on the GPU (--device).
//
// --host, no GPU needed: the size query. For every entry point (C++ and C),
// several item types and counts up to 2^33: it succeeds, writes
// temp_storage_bytes, accepts null data pointers (and does not look at
// them), gives the same answer for any pointers and for any integer type of
// the count, and rejects a negative count (and, in C, a null
// temp_storage_bytes) with cudaErrorInvalidValue.
//
// --device:
//   - the bad-input table, for Sum, Min, Max, ArgMin and ArgMax (both forms),
//     Reduce, TransformReduce and several C functions: every bad argument
//     returns cudaErrorInvalidValue before any launch, with the poisoned
//     outputs and temporary storage untouched; the size query accepts null
//     data pointers; an empty input succeeds, with or without an input
//     pointer, and writes the documented empty result;
//   - streams: a call returns while the stream is still busy (it does not
//     synchronize the host), and its kernel runs on the given stream, after
//     the work queued there before it;
//   - a custom struct with a custom operator (Reduce), and TransformReduce
//     into it, aligned and not;
//   - more than 2^31 items of a cubling::CountingInputIterator, in no memory
//     (the generic, non-vector load path), checked against the closed form.
// NaN and Inf are in test_device_reduce_nan_inf.cu, ties in the ArgMin/ArgMax
// programs.
#include <cubling/cubling.h>
#include <cubling/iterator/counting_input_iterator.cuh>

#include "test_device_reduce.cuh"

namespace
{
using namespace device_reduce_test;

// --- the entry points, behind one signature -------------------------------------------------

// call(d_temp_storage, temp_storage_bytes (may be null: C only), d_in, out_a, out_b, num_items)
using CallFn = cudaError_t (*)(void*, size_t*, const void*, void*, void*, int64_t);

struct Entry
{
  const char* name;
  bool c_api;           // temp_storage_bytes is a pointer, and a null one is a bad argument
  size_t item_bytes;    // bytes per input item
  size_t a_bytes;       // the first output
  size_t b_bytes;       // the second output (the index of the two-output ArgMin/ArgMax), or 0
  CallFn call;
  // Random input for n items; the expected outputs for an input (n may be 0).
  std::vector<unsigned char> (*input)(int64_t n);
  void (*want)(const void* in, int64_t n, unsigned char* a, unsigned char* b);
};

template <typename T>
std::vector<unsigned char> input_of(int64_t n)
{
  std::vector<T> items(static_cast<size_t>(n));
  for (T& x : items)
  {
    x = random_item<T>();
  }
  std::vector<unsigned char> bytes(items.size() * sizeof(T));
  std::memcpy(bytes.data(), items.data(), bytes.size());
  return bytes;
}

template <typename T>
void put(unsigned char* to, const T& x)
{
  std::memcpy(to, &x, sizeof(T));
}

struct MinOf
{
  template <typename T>
  T operator()(const T& a, const T& b) const
  {
    return b < a ? b : a;
  }
};

struct MaxOf
{
  template <typename T>
  T operator()(const T& a, const T& b) const
  {
    return a < b ? b : a;
  }
};

constexpr Stats STATS_INIT = {std::numeric_limits<int32_t>::max(), std::numeric_limits<int32_t>::min(), 0x9E3779B9u};

// The expected results, by operation.
template <typename T>
void want_sum(const void* in, int64_t n, unsigned char* a, unsigned char*)
{
  put(a, wrapped_sum(static_cast<const T*>(in), n));
}
template <typename T>
void want_min(const void* in, int64_t n, unsigned char* a, unsigned char*)
{
  put(a, fold(static_cast<const T*>(in), n, std::numeric_limits<T>::max(), MinOf{}, Same{}));
}
template <typename T>
void want_max(const void* in, int64_t n, unsigned char* a, unsigned char*)
{
  put(a, fold(static_cast<const T*>(in), n, std::numeric_limits<T>::lowest(), MaxOf{}, Same{}));
}
template <bool MIN, typename T>
void want_arg2(const void* in, int64_t n, unsigned char* a, unsigned char* b)
{
  const auto r = first_extremum<MIN>(static_cast<const T*>(in), n);
  put(a, r.value);
  put(b, r.key);
}
template <bool MIN, typename K, typename T>
void want_pair(const void* in, int64_t n, unsigned char* a, unsigned char*)
{
  const auto r = first_extremum<MIN>(static_cast<const T*>(in), n);
  put(a, cubling::KeyValuePair<K, T>(static_cast<K>(r.key), r.value));
}
void want_xor_i32(const void* in, int64_t n, unsigned char* a, unsigned char*)
{
  put(a, fold(static_cast<const int32_t*>(in), n, int32_t{0x1234}, XorOp{}, Same{}));
}
void want_stats(const void* in, int64_t n, unsigned char* a, unsigned char*)
{
  put(a, fold(static_cast<const Stats*>(in), n, STATS_INIT, MergeStats{}, Same{}));
}
void want_widened_i8(const void* in, int64_t n, unsigned char* a, unsigned char*)
{
  put(a, fold(static_cast<const int8_t*>(in), n, int64_t{7}, SumAs<int64_t>{}, Widen<int64_t>{}));
}
void want_stats_of_i32(const void* in, int64_t n, unsigned char* a, unsigned char*)
{
  put(a, fold(static_cast<const int32_t*>(in), n, STATS_INIT, MergeStats{}, MakeStats{}));
}

// The C++ entry points take temp_storage_bytes by reference.
#define CXX_CALL(expr)                                                                                     \
  [](void* t, size_t* bytes, const void* in, void* a, void* b, int64_t n) -> cudaError_t {                 \
    (void) b;                                                                                              \
    return expr;                                                                                           \
  }

using KV_i32   = cubling::KeyValuePair<int, int32_t>;
using KV64_f64 = cubling::KeyValuePair<int64_t, double>;
using KV64_u16 = cubling::KeyValuePair<int64_t, uint16_t>;

// Every KeyValuePair here has no padding, so its bytes can be compared.
static_assert(sizeof(KV_i32) == 8 && sizeof(KV64_f64) == 16, "no padding");

const Entry entries[] = {
  {"cubling::DeviceReduce::Sum (int32)", false, 4, 4, 0,
   CXX_CALL(cubling::DeviceReduce::Sum(t, *bytes, static_cast<const int32_t*>(in), static_cast<int32_t*>(a), n)),
   input_of<int32_t>, want_sum<int32_t>},
  {"cubling::DeviceReduce::Sum (uint8)", false, 1, 1, 0,
   CXX_CALL(cubling::DeviceReduce::Sum(t, *bytes, static_cast<const uint8_t*>(in), static_cast<uint8_t*>(a), n)),
   input_of<uint8_t>, want_sum<uint8_t>},
  {"cubling::DeviceReduce::Min (int32)", false, 4, 4, 0,
   CXX_CALL(cubling::DeviceReduce::Min(t, *bytes, static_cast<const int32_t*>(in), static_cast<int32_t*>(a), n)),
   input_of<int32_t>, want_min<int32_t>},
  {"cubling::DeviceReduce::Max (float)", false, 4, 4, 0,
   CXX_CALL(cubling::DeviceReduce::Max(t, *bytes, static_cast<const float*>(in), static_cast<float*>(a), n)),
   input_of<float>, want_max<float>},
  {"cubling::DeviceReduce::ArgMin (int32: value, index)", false, 4, 4, 8,
   CXX_CALL(cubling::DeviceReduce::ArgMin(t, *bytes, static_cast<const int32_t*>(in), static_cast<int32_t*>(a),
                                          static_cast<int64_t*>(b), n)),
   input_of<int32_t>, want_arg2<true, int32_t>},
  {"cubling::DeviceReduce::ArgMin (int32: KeyValuePair<int, int32_t>)", false, 4, 8, 0,
   CXX_CALL(cubling::DeviceReduce::ArgMin(t, *bytes, static_cast<const int32_t*>(in), static_cast<KV_i32*>(a), n)),
   input_of<int32_t>, want_pair<true, int, int32_t>},
  {"cubling::DeviceReduce::ArgMax (double: value, index)", false, 8, 8, 8,
   CXX_CALL(cubling::DeviceReduce::ArgMax(t, *bytes, static_cast<const double*>(in), static_cast<double*>(a),
                                          static_cast<int64_t*>(b), n)),
   input_of<double>, want_arg2<false, double>},
  {"cubling::DeviceReduce::ArgMax (double: KeyValuePair<int64_t, double>)", false, 8, 16, 0,
   CXX_CALL(cubling::DeviceReduce::ArgMax(t, *bytes, static_cast<const double*>(in), static_cast<KV64_f64*>(a), n)),
   input_of<double>, want_pair<false, int64_t, double>},
  {"cubling::DeviceReduce::Reduce (int32, xor, init 0x1234)", false, 4, 4, 0,
   CXX_CALL(cubling::DeviceReduce::Reduce(t, *bytes, static_cast<const int32_t*>(in), static_cast<int32_t*>(a), n,
                                          XorOp{}, int32_t{0x1234})),
   input_of<int32_t>, want_xor_i32},
  {"cubling::DeviceReduce::Reduce (Stats, MergeStats)", false, sizeof(Stats), sizeof(Stats), 0,
   CXX_CALL(cubling::DeviceReduce::Reduce(t, *bytes, static_cast<const Stats*>(in), static_cast<Stats*>(a), n,
                                          MergeStats{}, STATS_INIT)),
   input_of<Stats>, want_stats},
  {"cubling::DeviceReduce::TransformReduce (int8 widened to int64, sum, init 7)", false, 1, 8, 0,
   CXX_CALL(cubling::DeviceReduce::TransformReduce(t, *bytes, static_cast<const int8_t*>(in), static_cast<int64_t*>(a),
                                                   n, SumAs<int64_t>{}, Widen<int64_t>{}, int64_t{7})),
   input_of<int8_t>, want_widened_i8},
  {"cubling::DeviceReduce::TransformReduce (int32 to Stats, MergeStats)", false, 4, sizeof(Stats), 0,
   CXX_CALL(cubling::DeviceReduce::TransformReduce(t, *bytes, static_cast<const int32_t*>(in), static_cast<Stats*>(a),
                                                   n, MergeStats{}, MakeStats{}, STATS_INIT)),
   input_of<int32_t>, want_stats_of_i32},
  // The C API (temp_storage_bytes by pointer).
  {"cubling_device_reduce_sum_i32", true, 4, 4, 0,
   CXX_CALL(cubling_device_reduce_sum_i32(t, bytes, static_cast<const int32_t*>(in), static_cast<int32_t*>(a), n, 0)),
   input_of<int32_t>, want_sum<int32_t>},
  {"cubling_device_reduce_sum_u64", true, 8, 8, 0,
   CXX_CALL(cubling_device_reduce_sum_u64(t, bytes, static_cast<const uint64_t*>(in), static_cast<uint64_t*>(a), n, 0)),
   input_of<uint64_t>, want_sum<uint64_t>},
  {"cubling_device_reduce_min_f32", true, 4, 4, 0,
   CXX_CALL(cubling_device_reduce_min_f32(t, bytes, static_cast<const float*>(in), static_cast<float*>(a), n, 0)),
   input_of<float>, want_min<float>},
  {"cubling_device_reduce_max_i64", true, 8, 8, 0,
   CXX_CALL(cubling_device_reduce_max_i64(t, bytes, static_cast<const int64_t*>(in), static_cast<int64_t*>(a), n, 0)),
   input_of<int64_t>, want_max<int64_t>},
  {"cubling_device_reduce_argmin_u32", true, 4, 4, 8,
   CXX_CALL(cubling_device_reduce_argmin_u32(t, bytes, static_cast<const uint32_t*>(in), static_cast<uint32_t*>(a),
                                             static_cast<int64_t*>(b), n, 0)),
   input_of<uint32_t>, want_arg2<true, uint32_t>},
  {"cubling_device_reduce_argmax_f64", true, 8, 8, 8,
   CXX_CALL(cubling_device_reduce_argmax_f64(t, bytes, static_cast<const double*>(in), static_cast<double*>(a),
                                             static_cast<int64_t*>(b), n, 0)),
   input_of<double>, want_arg2<false, double>},
};

// --- --host: the size query, without a GPU ------------------------------------------------------

void check_size_query(const Entry& e, int64_t n)
{
  check_set_context("%s, size query, num_items %lld", e.name, static_cast<long long>(n));
  // Real host memory stands in for the data: the query must not look at it (and
  // if it did, it would read host memory, not crash).
  alignas(16) static unsigned char fake_in[64], fake_a[64], fake_b[64];
  size_t bytes       = BYTES_SENTINEL;
  cudaError_t status = e.call(nullptr, &bytes, nullptr, nullptr, nullptr, n);
  EXPECT(status == cudaSuccess, "the size query with null data pointers returned %s", cudaGetErrorName(status));
  EXPECT(bytes != BYTES_SENTINEL, "the size query did not write temp_storage_bytes");
  size_t again = BYTES_SENTINEL;
  status       = e.call(nullptr, &again, fake_in, fake_a, e.b_bytes ? fake_b : nullptr, n);
  EXPECT(status == cudaSuccess, "the size query with data pointers returned %s", cudaGetErrorName(status));
  EXPECT(again == bytes, "the size query said %zu bytes with null pointers and %zu with data pointers", bytes, again);
  for (int64_t bad : {int64_t{-1}, int64_t{-4096}, std::numeric_limits<int64_t>::min()})
  {
    size_t ignored = BYTES_SENTINEL;
    status         = e.call(nullptr, &ignored, fake_in, fake_a, fake_b, bad);
    EXPECT(status == cudaErrorInvalidValue, "the size query with num_items %lld returned %s, not cudaErrorInvalidValue",
           static_cast<long long>(bad), cudaGetErrorName(status));
  }
  if (e.c_api)
  {
    status = e.call(nullptr, nullptr, fake_in, fake_a, fake_b, n);
    EXPECT(status == cudaErrorInvalidValue, "the size query with a null temp_storage_bytes returned %s",
           cudaGetErrorName(status));
  }
  ++cases;
}

// The count's type is a template parameter in C++ (NumItemsT): int, unsigned,
// size_t and int64_t counts of the same value must give the same size.
void check_count_types()
{
  check_set_context("cubling::DeviceReduce::Sum, size query, num_items of several integer types");
  const int32_t* in = nullptr;
  int32_t* out      = nullptr;
  for (int64_t n : {int64_t{0}, int64_t{1}, int64_t{4097}, int64_t{1} << 30})
  {
    size_t b64 = BYTES_SENTINEL, b32 = BYTES_SENTINEL, bu = BYTES_SENTINEL, bz = BYTES_SENTINEL;
    CHECK_CUDA(cubling::DeviceReduce::Sum(nullptr, b64, in, out, n));
    CHECK_CUDA(cubling::DeviceReduce::Sum(nullptr, b32, in, out, static_cast<int>(n)));
    CHECK_CUDA(cubling::DeviceReduce::Sum(nullptr, bu, in, out, static_cast<unsigned>(n)));
    CHECK_CUDA(cubling::DeviceReduce::Sum(nullptr, bz, in, out, static_cast<size_t>(n)));
    EXPECT(b64 == b32 && b64 == bu && b64 == bz, "num_items %lld: %zu bytes (int64_t), %zu (int), %zu (unsigned), %zu (size_t)",
           static_cast<long long>(n), b64, b32, bu, bz);
    ++cases;
  }
  size_t ignored = 0;
  EXPECT(cubling::DeviceReduce::Sum(nullptr, ignored, in, out, -1) == cudaErrorInvalidValue,
         "an int count of -1 was accepted");
}

// Every C function's size query, with null data pointers; a null
// temp_storage_bytes and a negative count are rejected.
#define C_QUERY(op, suffix)                                                                                   \
  do                                                                                                          \
  {                                                                                                           \
    check_set_context("cubling_device_reduce_" #op "_" #suffix ", size query, num_items %lld", static_cast<long long>(n)); \
    size_t bytes = BYTES_SENTINEL;                                                                            \
    EXPECT(cubling_device_reduce_##op##_##suffix(nullptr, &bytes, nullptr, nullptr, n, 0) == cudaSuccess,     \
           "the size query failed");                                                                          \
    EXPECT(bytes != BYTES_SENTINEL, "the size query did not write *temp_storage_bytes");                      \
    EXPECT(cubling_device_reduce_##op##_##suffix(nullptr, nullptr, nullptr, nullptr, n, 0) == cudaErrorInvalidValue, \
           "a null temp_storage_bytes was accepted");                                                         \
    EXPECT(cubling_device_reduce_##op##_##suffix(nullptr, &bytes, nullptr, nullptr, -1, 0) == cudaErrorInvalidValue, \
           "a negative count was accepted");                                                                  \
    ++cases;                                                                                                  \
  } while (0)

#define C_ARG_QUERY(op, suffix)                                                                               \
  do                                                                                                          \
  {                                                                                                           \
    check_set_context("cubling_device_reduce_" #op "_" #suffix ", size query, num_items %lld", static_cast<long long>(n)); \
    size_t bytes = BYTES_SENTINEL;                                                                            \
    EXPECT(cubling_device_reduce_##op##_##suffix(nullptr, &bytes, nullptr, nullptr, nullptr, n, 0) == cudaSuccess, \
           "the size query failed");                                                                          \
    EXPECT(bytes != BYTES_SENTINEL, "the size query did not write *temp_storage_bytes");                      \
    EXPECT(cubling_device_reduce_##op##_##suffix(nullptr, nullptr, nullptr, nullptr, nullptr, n, 0) ==        \
             cudaErrorInvalidValue,                                                                           \
           "a null temp_storage_bytes was accepted");                                                         \
    EXPECT(cubling_device_reduce_##op##_##suffix(nullptr, &bytes, nullptr, nullptr, nullptr, -1, 0) ==        \
             cudaErrorInvalidValue,                                                                           \
           "a negative count was accepted");                                                                  \
    ++cases;                                                                                                  \
  } while (0)

#define C_QUERIES(suffix)       \
  C_QUERY(sum, suffix);         \
  C_QUERY(min, suffix);         \
  C_QUERY(max, suffix);         \
  C_ARG_QUERY(argmin, suffix);  \
  C_ARG_QUERY(argmax, suffix)

void check_c_size_queries(int64_t n)
{
  C_QUERIES(i32);
  C_QUERIES(u32);
  C_QUERIES(i64);
  C_QUERIES(u64);
  C_QUERIES(f32);
  C_QUERIES(f64);
}

const int64_t query_counts[] = {0, 1, 255, 4096, 1000003, int64_t{1} << 28, HUGE_ITEMS, (int64_t{1} << 33) + 3};

void host()
{
  for (const Entry& e : entries)
  {
    for (int64_t n : query_counts)
    {
      check_size_query(e, n);
    }
  }
  check_count_types();
  for (int64_t n : query_counts)
  {
    check_c_size_queries(n);
  }
}

// --- --device: the bad-input table ------------------------------------------------------------

constexpr unsigned char POISON = 0xA5;

struct Scratch
{
  DeviceArray<unsigned char> a{64}, b{64};
};

void expect_untouched(const Entry& e, Scratch& s, const void* temp, size_t temp_bytes, const char* row)
{
  const cudaError_t pending = cudaGetLastError();
  EXPECT(pending == cudaSuccess, "%s: it left an error behind: %s", row, cudaGetErrorName(pending));
  EXPECT(still_poisoned(s.a.ptr, 64, POISON), "%s: the output was written", row);
  if (e.b_bytes)
  {
    EXPECT(still_poisoned(s.b.ptr, 64, POISON), "%s: the index output was written", row);
  }
  if (temp != nullptr && temp_bytes > 0)
  {
    EXPECT(still_poisoned(temp, temp_bytes, POISON), "%s: the temporary storage was written (a kernel ran?)", row);
  }
}

void reset(Scratch& s, void* temp, size_t temp_bytes)
{
  CHECK_CUDA(cudaMemset(s.a.ptr, POISON, 64));
  CHECK_CUDA(cudaMemset(s.b.ptr, POISON, 64));
  if (temp != nullptr && temp_bytes > 0)
  {
    CHECK_CUDA(cudaMemset(temp, POISON, temp_bytes));
  }
  CHECK_CUDA(cudaDeviceSynchronize());
}

void expect_outputs(Scratch& s, size_t a_bytes, size_t b_bytes, const unsigned char* want_a,
                    const unsigned char* want_b, const char* row)
{
  std::vector<unsigned char> a(a_bytes), b(b_bytes);
  CHECK_CUDA(cudaDeviceSynchronize());
  CHECK_CUDA(cudaMemcpy(a.data(), s.a.ptr, a_bytes, cudaMemcpyDeviceToHost));
  EXPECT(std::memcmp(a.data(), want_a, a_bytes) == 0, "%s: wrong result", row);
  if (b_bytes)
  {
    CHECK_CUDA(cudaMemcpy(b.data(), s.b.ptr, b_bytes, cudaMemcpyDeviceToHost));
    int64_t got = 0, want = 0;
    std::memcpy(&got, b.data(), 8);
    std::memcpy(&want, want_b, 8);
    EXPECT(got == want, "%s: index %lld, want %lld", row, static_cast<long long>(got), static_cast<long long>(want));
  }
}

void check_bad_inputs(const Entry& e)
{
  check_set_context("%s, bad-input table", e.name);
  const int64_t n                     = 1000;
  const std::vector<unsigned char> in = e.input(n);
  DeviceArray<unsigned char> d_in(in.size());
  d_in.upload(in.data(), in.size());
  Scratch s;
  void* a = s.a.ptr;
  void* b = e.b_bytes ? s.b.ptr : nullptr;
  std::vector<unsigned char> want_a(e.a_bytes), want_b(e.b_bytes + 8), empty_a(e.a_bytes), empty_b(e.b_bytes + 8);
  e.want(in.data(), n, want_a.data(), want_b.data());
  e.want(nullptr, 0, empty_a.data(), empty_b.data());
  const int64_t negatives[] = {-1, std::numeric_limits<int64_t>::min()};
  cudaError_t status;

  // The size query: writes only temp_storage_bytes; accepts null data pointers.
  reset(s, nullptr, 0);
  size_t q = BYTES_SENTINEL;
  status   = e.call(nullptr, &q, d_in.ptr, a, b, n);
  EXPECT(status == cudaSuccess && q != BYTES_SENTINEL, "the size query returned %s", cudaGetErrorName(status));
  expect_untouched(e, s, nullptr, 0, "the size query");
  size_t q_null = BYTES_SENTINEL;
  status        = e.call(nullptr, &q_null, nullptr, nullptr, nullptr, n);
  EXPECT(status == cudaSuccess, "the size query with null data pointers returned %s", cudaGetErrorName(status));
  EXPECT(q_null == q, "the size query said %zu bytes with null data pointers, %zu with real ones", q_null, q);
  for (int64_t bad : negatives)
  {
    size_t ignored = BYTES_SENTINEL;
    status         = e.call(nullptr, &ignored, d_in.ptr, a, b, bad);
    EXPECT(status == cudaErrorInvalidValue, "the size query with num_items %lld returned %s",
           static_cast<long long>(bad), cudaGetErrorName(status));
    expect_untouched(e, s, nullptr, 0, "the size query with a negative count");
  }
  if (e.c_api)
  {
    status = e.call(nullptr, nullptr, d_in.ptr, a, b, n);
    EXPECT(status == cudaErrorInvalidValue, "the size query with a null temp_storage_bytes returned %s",
           cudaGetErrorName(status));
  }

  // The run: every bad argument is rejected before any launch.
  const size_t temp_bytes = q > 0 ? q : 1;
  DeviceArray<unsigned char> temp(temp_bytes + 256);
  auto bad_row = [&](const char* row, const void* in_ptr, void* a_ptr, void* b_ptr, size_t bytes, int64_t count,
                     bool null_bytes = false) {
    reset(s, temp.ptr, temp_bytes);
    size_t given       = bytes;
    const cudaError_t r = e.call(temp.ptr, null_bytes ? nullptr : &given, in_ptr, a_ptr, b_ptr, count);
    EXPECT(r == cudaErrorInvalidValue, "%s: returned %s, not cudaErrorInvalidValue", row, cudaGetErrorName(r));
    expect_untouched(e, s, temp.ptr, temp_bytes, row);
    ++cases;
  };
  bad_row("a null input with 1000 items", nullptr, a, b, q, n);
  bad_row("a null output", d_in.ptr, nullptr, b, q, n);
  if (e.b_bytes)
  {
    bad_row("a null index output", d_in.ptr, a, nullptr, q, n);
    bad_row("both outputs null", d_in.ptr, nullptr, nullptr, q, n);
  }
  bad_row("a null input and a null output", nullptr, nullptr, b, q, n);
  bad_row("num_items -1", d_in.ptr, a, b, q, -1);
  bad_row("num_items INT64_MIN", d_in.ptr, a, b, q, std::numeric_limits<int64_t>::min());
  if (q > 0)
  {
    bad_row("temp_storage_bytes one short", d_in.ptr, a, b, q - 1, n);
    bad_row("temp_storage_bytes 0", d_in.ptr, a, b, 0, n);
  }
  bad_row("a null output with no items", nullptr, nullptr, b, q, 0);
  if (e.c_api)
  {
    bad_row("a null temp_storage_bytes", d_in.ptr, a, b, q, n, true);
  }

  // The good calls: exactly the size asked for, more than that, and empty inputs.
  reset(s, temp.ptr, temp_bytes);
  size_t given = q;
  status       = e.call(temp.ptr, &given, d_in.ptr, a, b, n);
  EXPECT(status == cudaSuccess, "the run returned %s", cudaGetErrorName(status));
  expect_outputs(s, e.a_bytes, e.b_bytes, want_a.data(), want_b.data(), "the run");
  reset(s, temp.ptr, temp_bytes + 256);
  given  = q + 256;
  status = e.call(temp.ptr, &given, d_in.ptr, a, b, n);
  EXPECT(status == cudaSuccess, "the run with 256 spare bytes returned %s", cudaGetErrorName(status));
  expect_outputs(s, e.a_bytes, e.b_bytes, want_a.data(), want_b.data(), "the run with 256 spare bytes");

  size_t q0 = BYTES_SENTINEL;
  status    = e.call(nullptr, &q0, nullptr, nullptr, nullptr, 0);
  EXPECT(status == cudaSuccess && q0 != BYTES_SENTINEL, "the size query for 0 items returned %s",
         cudaGetErrorName(status));
  DeviceArray<unsigned char> temp0(q0 > 0 ? q0 : 1);
  for (const void* in_ptr : {static_cast<const void*>(d_in.ptr), static_cast<const void*>(nullptr)})
  {
    reset(s, nullptr, 0);
    given  = q0;
    status = e.call(temp0.ptr, &given, in_ptr, a, b, 0);
    EXPECT(status == cudaSuccess, "0 items (%s input) returned %s", in_ptr ? "a real" : "a null",
           cudaGetErrorName(status));
    expect_outputs(s, e.a_bytes, e.b_bytes, empty_a.data(), empty_b.data(), in_ptr ? "0 items" : "0 items and a null input");
  }
  ++cases;
}

// --- --device: streams ------------------------------------------------------------------------------

__device__ unsigned long long global_ns()
{
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

// Hold the stream until the host releases it (or 10 s pass), then write `value` to *item.
__global__ void hold_then_write(const volatile int* release, int* timed_out, int32_t* item, int32_t value)
{
  const unsigned long long start = global_ns();
  while (*release == 0)
  {
    if (global_ns() - start > 10000000000ull)
    {
      *timed_out = 1;
      break;
    }
    __nanosleep(1000);
  }
  *item = value;
}

// The call must return while its stream is still busy, and its kernel must
// run after the work queued before it on that stream: the input is changed
// by a kernel that waits for the host, queued just before.
// run(d_temp_storage, temp_storage_bytes, d_in, out_a, out_b, num_items, stream)
template <typename Run>
void check_stream(const char* name, Run run, void (*want)(const void*, int64_t, unsigned char*, unsigned char*),
                  size_t a_bytes, size_t b_bytes)
{
  check_set_context("%s, on a busy stream", name);
  const int64_t n = (1 << 20) + 3;
  std::vector<int32_t> host(static_cast<size_t>(n));
  for (int32_t& x : host)
  {
    x = static_cast<int32_t>(check_random(&rng) % 2001) - 1000;
  }
  const int64_t changed_at   = n / 2 + 17;
  const int32_t changed_to   = 123456; // the new maximum
  std::vector<int32_t> after = host;
  after[changed_at]          = changed_to;
  std::vector<unsigned char> want_a(a_bytes), want_b(b_bytes + 8);
  want(after.data(), n, want_a.data(), want_b.data());

  DeviceArray<int32_t> d_in(static_cast<size_t>(n));
  d_in.upload(host.data(), host.size());
  Scratch s;
  void* b  = b_bytes ? s.b.ptr : nullptr;
  size_t q = 0;
  CHECK_CUDA(run(nullptr, q, d_in.ptr, s.a.ptr, b, n, cudaStream_t{0}));
  DeviceArray<unsigned char> temp(q > 0 ? q : 1);
  // Warm up: the first launch of a kernel may load it, and loading may wait for the device.
  CHECK_CUDA(run(temp.ptr, q, d_in.ptr, s.a.ptr, b, n, cudaStream_t{0}));
  reset(s, temp.ptr, q);

  int* flags = nullptr; // [0]: release, [1]: timed out
  CHECK_CUDA(cudaHostAlloc(&flags, 2 * sizeof(int), cudaHostAllocMapped));
  flags[0]     = 0;
  flags[1]     = 0;
  int* d_flags = nullptr;
  CHECK_CUDA(cudaHostGetDevicePointer(reinterpret_cast<void**>(&d_flags), flags, 0));
  cudaStream_t stream;
  CHECK_CUDA(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  hold_then_write<<<1, 1, 0, stream>>>(d_flags, d_flags + 1, d_in.ptr + changed_at, changed_to);
  CHECK_CUDA(cudaGetLastError());

  size_t query                 = BYTES_SENTINEL;
  const cudaError_t query_status = run(nullptr, query, d_in.ptr, s.a.ptr, b, n, stream);
  const cudaError_t status       = run(temp.ptr, q, d_in.ptr, s.a.ptr, b, n, stream);
  const cudaError_t busy         = cudaStreamQuery(stream);
  flags[0]                       = 1; // release the stream
  CHECK_CUDA(cudaStreamSynchronize(stream));
  EXPECT(query_status == cudaSuccess && query == q, "the size query on a busy stream returned %s and %zu bytes",
         cudaGetErrorName(query_status), query);
  EXPECT(status == cudaSuccess, "the call returned %s", cudaGetErrorName(status));
  EXPECT(busy == cudaErrorNotReady,
         "the stream was idle when the call returned (cudaStreamQuery: %s): the call waited for it",
         cudaGetErrorName(busy));
  EXPECT(flags[1] == 0, "the holding kernel timed out");
  expect_outputs(s, a_bytes, b_bytes, want_a.data(), want_b.data(),
                 "the result (did the kernel run on another stream, before the item was changed?)");
  CHECK_CUDA(cudaStreamDestroy(stream));
  CHECK_CUDA(cudaFreeHost(flags));
  ++cases;
}

void check_streams()
{
  check_stream(
    "cubling::DeviceReduce::Sum (int32)",
    [](void* t, size_t& bytes, const int32_t* in, void* a, void*, int64_t n, cudaStream_t stream) {
      return cubling::DeviceReduce::Sum(t, bytes, in, static_cast<int32_t*>(a), n, stream);
    },
    want_sum<int32_t>, 4, 0);
  check_stream(
    "cubling::DeviceReduce::ArgMax (int32: value, index)",
    [](void* t, size_t& bytes, const int32_t* in, void* a, void* b, int64_t n, cudaStream_t stream) {
      return cubling::DeviceReduce::ArgMax(t, bytes, in, static_cast<int32_t*>(a), static_cast<int64_t*>(b), n, stream);
    },
    want_arg2<false, int32_t>, 4, 8);
  check_stream(
    "cubling::DeviceReduce::ArgMin (int32: KeyValuePair<int, int32_t>)",
    [](void* t, size_t& bytes, const int32_t* in, void* a, void*, int64_t n, cudaStream_t stream) {
      return cubling::DeviceReduce::ArgMin(t, bytes, in, static_cast<KV_i32*>(a), n, stream);
    },
    want_pair<true, int, int32_t>, 8, 0);
  check_stream(
    "cubling::DeviceReduce::Reduce (int32, xor, init 0x1234)",
    [](void* t, size_t& bytes, const int32_t* in, void* a, void*, int64_t n, cudaStream_t stream) {
      return cubling::DeviceReduce::Reduce(t, bytes, in, static_cast<int32_t*>(a), n, XorOp{}, int32_t{0x1234}, stream);
    },
    want_xor_i32, 4, 0);
  check_stream(
    "cubling::DeviceReduce::TransformReduce (int32 to Stats)",
    [](void* t, size_t& bytes, const int32_t* in, void* a, void*, int64_t n, cudaStream_t stream) {
      return cubling::DeviceReduce::TransformReduce(t, bytes, in, static_cast<Stats*>(a), n, MergeStats{}, MakeStats{},
                                                    STATS_INIT, stream);
    },
    want_stats_of_i32, sizeof(Stats), 0);
  check_stream(
    "cubling_device_reduce_max_i32",
    [](void* t, size_t& bytes, const int32_t* in, void* a, void*, int64_t n, cudaStream_t stream) {
      return cubling_device_reduce_max_i32(t, &bytes, in, static_cast<int32_t*>(a), n, stream);
    },
    want_max<int32_t>, 4, 0);
  check_stream(
    "cubling_device_reduce_argmax_i32",
    [](void* t, size_t& bytes, const int32_t* in, void* a, void* b, int64_t n, cudaStream_t stream) {
      return cubling_device_reduce_argmax_i32(t, &bytes, in, static_cast<int32_t*>(a), static_cast<int64_t*>(b), n,
                                              stream);
    },
    want_arg2<false, int32_t>, 4, 8);
}

// --- --device: a custom struct ---------------------------------------------------------------------------

Outputs* outs = nullptr;


void check_structs()
{
  for (int64_t n : {int64_t{0}, int64_t{1}, int64_t{255}, int64_t{1279}, int64_t{1280}, int64_t{1281}, int64_t{4096},
                    int64_t{100003}, int64_t{(1 << 20) + 1}, int64_t{3 * 1280 * 1056 + 5}})
  {
    for (int64_t offset : {0, 1})
    {
      std::vector<Stats> h(static_cast<size_t>(n + offset));
      std::vector<int32_t> h32(static_cast<size_t>(n + offset));
      for (size_t i = 0; i < h.size(); ++i)
      {
        h32[i] = static_cast<int32_t>(check_random(&rng));
        h[i]   = random_item<Stats>();
      }
      DeviceArray<Stats> d(h.size());
      DeviceArray<int32_t> d32(h32.size());
      d.upload(h.data(), h.size());
      d32.upload(h32.data(), h32.size());
      const Stats* in      = d.ptr + offset;
      const int32_t* in32  = d32.ptr + offset;
      Stats* mine          = outs->slot<Stats>(0);
      Stats* theirs        = outs->slot<Stats>(1);

      check_set_context("Reduce over Stats, %lld items at element offset %lld", static_cast<long long>(n),
                  static_cast<long long>(offset));
      Stats want = fold(h.data() + offset, n, STATS_INIT, MergeStats{}, Same{});
      poison(mine, poison_for(want));
      poison(theirs, poison_for(want));
      check_two_phase("cubling::DeviceReduce::Reduce", [&](void* t, size_t& b) {
        return cubling::DeviceReduce::Reduce(t, b, in, mine, n, MergeStats{}, STATS_INIT);
      });
      check_two_phase("cub::DeviceReduce::Reduce", [&](void* t, size_t& b) {
        return cub::DeviceReduce::Reduce(t, b, in, theirs, n, MergeStats{}, STATS_INIT);
      });
      EXPECT(same_bits(read_back(theirs), want), "cub::DeviceReduce::Reduce = %s, want %s", text(read_back(theirs)).c,
             text(want).c);
      EXPECT(same_bits(read_back(mine), want), "cubling::DeviceReduce::Reduce = %s, want %s", text(read_back(mine)).c,
             text(want).c);
      ++cases;

      check_set_context("TransformReduce int32 -> Stats, %lld items at element offset %lld", static_cast<long long>(n),
                  static_cast<long long>(offset));
      want = fold(h32.data() + offset, n, STATS_INIT, MergeStats{}, MakeStats{});
      poison(mine, poison_for(want));
      poison(theirs, poison_for(want));
      check_two_phase("cubling::DeviceReduce::TransformReduce", [&](void* t, size_t& b) {
        return cubling::DeviceReduce::TransformReduce(t, b, in32, mine, n, MergeStats{}, MakeStats{}, STATS_INIT);
      });
      check_two_phase("cub::DeviceReduce::TransformReduce", [&](void* t, size_t& b) {
        return cub::DeviceReduce::TransformReduce(t, b, in32, theirs, n, MergeStats{}, MakeStats{}, STATS_INIT);
      });
      EXPECT(same_bits(read_back(theirs), want), "cub::DeviceReduce::TransformReduce = %s, want %s",
             text(read_back(theirs)).c, text(want).c);
      EXPECT(same_bits(read_back(mine), want), "cubling::DeviceReduce::TransformReduce = %s, want %s",
             text(read_back(mine)).c, text(want).c);
      ++cases;
    }
  }
}

// --- --device: more than 2^31 items of a counting iterator -------------------------------------------

void check_counting()
{
  const int64_t n = (int64_t{1} << 31) + 5;
  const cubling::CountingInputIterator<int64_t, int64_t> in(-1000); // the items -1000, -999, ...: no memory at all
  check_set_context("a counting iterator from -1000, %lld items", static_cast<long long>(n));
  int64_t* out = outs->slot<int64_t>(0);
  poison(out, POISON);
  check_two_phase("cubling::DeviceReduce::Sum", [&](void* t, size_t& b) { return cubling::DeviceReduce::Sum(t, b, in, out, n); });
  const int64_t want = n * (n - 1) / 2 - 1000 * n;
  EXPECT(read_back(out) == want, "cubling::DeviceReduce::Sum = %s, want %s", text(read_back(out)).c, text(want).c);
  poison(out, POISON);
  check_two_phase("cubling::DeviceReduce::Max", [&](void* t, size_t& b) { return cubling::DeviceReduce::Max(t, b, in, out, n); });
  EXPECT(read_back(out) == n - 1 - 1000, "cubling::DeviceReduce::Max = %s", text(read_back(out)).c);
  int64_t* index = outs->slot<int64_t>(1);
  poison(out, POISON);
  poison(index, POISON);
  check_two_phase("cubling::DeviceReduce::ArgMax",
            [&](void* t, size_t& b) { return cubling::DeviceReduce::ArgMax(t, b, in, out, index, n); });
  EXPECT(read_back(out) == n - 1 - 1000 && read_back(index) == n - 1, "cubling::DeviceReduce::ArgMax = {%s at %s}",
         text(read_back(out)).c, text(read_back(index)).c);
  cases += 3;
}

void device()
{
  Outputs o;
  outs = &o;
  std::printf("  the bad-input table\n");
  for (const Entry& e : entries)
  {
    check_bad_inputs(e);
  }
  std::printf("  streams\n");
  check_streams();
  std::printf("  a custom struct\n");
  check_structs();
  if (quick)
  {
    std::printf("CUBLING_QUICK=1: skipped the counting iterator of 2^31 + 5 items\n");
  }
  else
  {
    std::printf("  a counting iterator of 2^31 + 5 items\n");
    check_counting();
  }
  outs = nullptr;
}

} // namespace

int main(int argc, char** argv)
{
  return device_reduce_test::run(argc, argv, "DeviceReduce contracts", host, device);
}
