// The fancy iterators through cubling::DeviceReduce (--device; see test_iterators.cuh).
//
// Every iterator is reduced at sizes 0, 1, small odd sizes and the tile
// edges, and checked against a CPU reference (a loop, or a closed form for
// the iterators with no memory) and against cub::DeviceReduce on the
// equivalent input: Thrust's counting, constant and transform iterators, or
// the materialized array. A CountingInputIterator reduction over 2^32 + 12345
// items checks 64-bit offsets end to end with no memory at all.
#include <cub/device/device_reduce.cuh>
#include <cub/iterator/cache_modified_input_iterator.cuh>
#include <thrust/iterator/constant_iterator.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include <cuda/std/functional>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <vector>

#include <cubling/device/device_reduce.cuh>
#include <cubling/iterator/arg_index_input_iterator.cuh>
#include <cubling/iterator/cache_modified_input_iterator.cuh>
#include <cubling/iterator/cache_modified_output_iterator.cuh>
#include <cubling/iterator/constant_input_iterator.cuh>
#include <cubling/iterator/counting_input_iterator.cuh>
#include <cubling/iterator/discard_output_iterator.cuh>
#include <cubling/iterator/transform_input_iterator.cuh>
#include <cubling/iterator/transform_output_iterator.cuh>

#include "test_iterators.cuh"

namespace iterator_test
{
namespace
{

// 0, 1, odd sizes, and the edges of DeviceReduce's tiles (4096 items of 4
// bytes, 2048 of 8 bytes, 256 threads), then several blocks.
const int64_t sizes[] = {0, 1, 2, 3, 31, 255, 257, 1023, 2047, 2048, 2049, 4095, 4096, 4097, 12289, 65537, 1000003};

// n * (n - 1) / 2 modulo 2^64 (exact for every n: the even factor is halved first).
uint64_t triangle(uint64_t n)
{
  return n % 2 == 0 ? (n / 2) * (n - 1) : n * ((n - 1) / 2);
}

// start + (start + 1) + ... + (start + n - 1), modulo 2^64.
uint64_t counting_sum(uint64_t start, uint64_t n)
{
  return n * start + triangle(n);
}

// The first index of the smallest (or largest) item.
template <bool MIN, typename T> int64_t first_extreme(const std::vector<T>& items)
{
  int64_t best = 0;
  for (int64_t i = 1; i < static_cast<int64_t>(items.size()); ++i)
  {
    if (MIN ? items[i] < items[best] : items[best] < items[i])
    {
      best = i;
    }
  }
  return best;
}

template <typename T> std::vector<T> random_items(int64_t n, int64_t lo, int64_t hi)
{
  std::vector<T> items(static_cast<size_t>(n));
  for (T& x : items)
  {
    x = static_cast<T>(random_nonzero(lo, hi));
  }
  return items;
}

// --- the examples of the book ------------------------------------------------------

// example-begin transform-input-iterator
// The squares of the items, summed in one pass: a TransformInputIterator
// squares each float as DeviceReduce reads it, and no array of squares is made.
struct SquareOf
{
  __host__ __device__ float operator()(float x) const
  {
    return x * x;
  }
};

cudaError_t SumOfSquares(const float* d_in, float* d_out, int64_t num_items)
{
  cubling::TransformInputIterator<float, SquareOf, const float*> squares(d_in, SquareOf{});
  size_t temp_bytes  = 0;
  cudaError_t status = cubling::DeviceReduce::Sum(nullptr, temp_bytes, squares, d_out, num_items);
  void* d_temp       = nullptr;
  if (status == cudaSuccess)
  {
    status = cudaMalloc(&d_temp, temp_bytes);
  }
  if (status == cudaSuccess)
  {
    status = cubling::DeviceReduce::Sum(d_temp, temp_bytes, squares, d_out, num_items);
  }
  cudaFree(d_temp);
  return status;
}
// example-end transform-input-iterator

void examples()
{
  check_set_context("the examples");
  const int64_t n = 4097;
  void* d_temp    = nullptr;
  size_t bytes    = 0;

  std::vector<float> floats(n);
  double want_squares = 0;
  for (float& x : floats)
  {
    x = random_float();
    want_squares += double(x) * x;
  }
  float* d_floats = to_device(floats);
  float* d_float  = poisoned<float>(1);
  CHECK_CUDA(SumOfSquares(d_floats, d_float, n));
  const float got_squares = one_to_host(d_float);
  EXPECT(std::fabs(got_squares - want_squares) <= 1e-4 * want_squares, "sum of squares %g, want %g", got_squares,
         want_squares);

  int64_t* d_sum = poisoned<int64_t>(1);
  {
    // example-begin counting-input-iterator
    // 0 + 1 + ... + (n - 1), with no input array: the items are computed as they are read.
    cubling::CountingInputIterator<int64_t> indices(0);
    CHECK_CUDA(cubling::DeviceReduce::Sum(nullptr, bytes, indices, d_sum, n));
    CHECK_CUDA(cudaMalloc(&d_temp, bytes));
    CHECK_CUDA(cubling::DeviceReduce::Sum(d_temp, bytes, indices, d_sum, n));
    // example-end counting-input-iterator
    CHECK_CUDA(cudaFree(d_temp));
    EXPECT(one_to_host(d_sum) == n * (n - 1) / 2, "counting example");
  }
  {
    // example-begin constant-input-iterator
    // Count the items by summing ones: a ConstantInputIterator reads 1 everywhere.
    cubling::ConstantInputIterator<int64_t> ones(1);
    CHECK_CUDA(cubling::DeviceReduce::Sum(nullptr, bytes, ones, d_sum, n));
    CHECK_CUDA(cudaMalloc(&d_temp, bytes));
    CHECK_CUDA(cubling::DeviceReduce::Sum(d_temp, bytes, ones, d_sum, n));
    // example-end constant-input-iterator
    CHECK_CUDA(cudaFree(d_temp));
    EXPECT(one_to_host(d_sum) == n, "constant example");
  }
  const std::vector<int> ints = random_items<int>(n, -1000000, 1000000);
  const int* d_in             = to_device(ints);
  int* d_max                  = poisoned<int>(1);
  {
    // example-begin cache-modified-input-iterator
    // The largest item, each one read through the read-only data path (ld.global.nc).
    cubling::CacheModifiedInputIterator<cubling::LOAD_LDG, int> items(d_in);
    CHECK_CUDA(cubling::DeviceReduce::Max(nullptr, bytes, items, d_max, n));
    CHECK_CUDA(cudaMalloc(&d_temp, bytes));
    CHECK_CUDA(cubling::DeviceReduce::Max(d_temp, bytes, items, d_max, n));
    // example-end cache-modified-input-iterator
    CHECK_CUDA(cudaFree(d_temp));
    EXPECT(one_to_host(d_max) == ints[first_extreme<false>(ints)], "cache-modified input example");
  }
  {
    // example-begin cache-modified-output-iterator
    // The sum, written with a streaming store (st.global.cs): nobody reads it soon.
    cubling::CacheModifiedOutputIterator<cubling::STORE_CS, int64_t> result(d_sum);
    CHECK_CUDA(cubling::DeviceReduce::Reduce(nullptr, bytes, d_in, result, n, cubling::Sum{}, int64_t{0}));
    CHECK_CUDA(cudaMalloc(&d_temp, bytes));
    CHECK_CUDA(cubling::DeviceReduce::Reduce(d_temp, bytes, d_in, result, n, cubling::Sum{}, int64_t{0}));
    // example-end cache-modified-output-iterator
    CHECK_CUDA(cudaFree(d_temp));
    int64_t want = 0;
    for (int x : ints)
    {
      want += x;
    }
    EXPECT(one_to_host(d_sum) == want, "cache-modified output example");
  }
  {
    using Pair   = cubling::KeyValuePair<std::ptrdiff_t, int>;
    Pair* d_pair = poisoned<Pair>(1);
    // example-begin arg-index-input-iterator
    // The first smallest item and its index, as CUB 2.x built ArgMin: reduce
    // (index, item) pairs with cubling::ArgMin, which keeps the smaller key on ties.
    cubling::ArgIndexInputIterator<const int*> pairs(d_in);
    const Pair init(std::numeric_limits<std::ptrdiff_t>::max(), std::numeric_limits<int>::max());
    CHECK_CUDA(cubling::DeviceReduce::Reduce(nullptr, bytes, pairs, d_pair, n, cubling::ArgMin{}, init));
    CHECK_CUDA(cudaMalloc(&d_temp, bytes));
    CHECK_CUDA(cubling::DeviceReduce::Reduce(d_temp, bytes, pairs, d_pair, n, cubling::ArgMin{}, init));
    // example-end arg-index-input-iterator
    CHECK_CUDA(cudaFree(d_temp));
    const Pair got    = one_to_host(d_pair);
    const int64_t arg = first_extreme<true>(ints);
    EXPECT(got.key == arg && got.value == ints[arg], "arg-index example");
    CHECK_CUDA(cudaFree(d_pair));
  }
  {
    int64_t* d_index = poisoned<int64_t>(1);
    // example-begin discard-output-iterator
    // Only the index of the largest item is wanted: its value goes to a DiscardOutputIterator.
    CHECK_CUDA(cubling::DeviceReduce::ArgMax(nullptr, bytes, d_in, cubling::DiscardOutputIterator<>(), d_index, n));
    CHECK_CUDA(cudaMalloc(&d_temp, bytes));
    CHECK_CUDA(cubling::DeviceReduce::ArgMax(d_temp, bytes, d_in, cubling::DiscardOutputIterator<>(), d_index, n));
    // example-end discard-output-iterator
    CHECK_CUDA(cudaFree(d_temp));
    EXPECT(one_to_host(d_index) == first_extreme<false>(ints), "discard example");
    CHECK_CUDA(cudaFree(d_index));
  }
  {
    double* d_mean = poisoned<double>(1);
    // example-begin transform-output-iterator
    // The mean of the items: the 64-bit sum goes through MeanOf (sum / count) on its way to memory.
    cubling::TransformOutputIterator<int64_t, MeanOf, double*> mean(d_mean, MeanOf{double(n)});
    CHECK_CUDA(cubling::DeviceReduce::Sum(nullptr, bytes, d_in, mean, n));
    CHECK_CUDA(cudaMalloc(&d_temp, bytes));
    CHECK_CUDA(cubling::DeviceReduce::Sum(d_temp, bytes, d_in, mean, n));
    // example-end transform-output-iterator
    CHECK_CUDA(cudaFree(d_temp));
    int64_t sum = 0;
    for (int x : ints)
    {
      sum += x;
    }
    EXPECT(one_to_host(d_mean) == double(sum) / double(n), "transform output example");
    CHECK_CUDA(cudaFree(d_mean));
  }
  CHECK_CUDA(cudaFree(d_floats));
  CHECK_CUDA(cudaFree(d_float));
  CHECK_CUDA(cudaFree(d_sum));
  CHECK_CUDA(cudaFree(const_cast<int*>(d_in)));
  CHECK_CUDA(cudaFree(d_max));
  cases += 8;
}

// --- one reduction against its references ---------------------------------------------

// Run `cubling_call` and `cub_call` (two-phase calls writing one item of T
// each to their own poisoned output) and check both against `want`.
template <typename T, typename CublingCall, typename CubCall>
void expect_one(const char* what, T want, T* d_cubling, T* d_cub, CublingCall cubling_call, CubCall cub_call)
{
  CHECK_CUDA(cudaMemset(d_cubling, 0xA5, sizeof(T)));
  CHECK_CUDA(cudaMemset(d_cub, 0xA5, sizeof(T)));
  check_two_phase("cubling::DeviceReduce", cubling_call);
  check_two_phase("cub::DeviceReduce", cub_call);
  const T got = one_to_host(d_cubling), oracle = one_to_host(d_cub);
  EXPECT(got == want, "%s: cubling wrote %.17g, the CPU wants %.17g", what, double(got), double(want));
  EXPECT(oracle == want, "%s: CUB wrote %.17g, the CPU wants %.17g", what, double(oracle), double(want));
  ++cases;
}

// --- CountingInputIterator ------------------------------------------------------------

void reduce_counting(int64_t n)
{
  check_set_context("CountingInputIterator, %lld items", static_cast<long long>(n));
  int64_t* d_a = poisoned<int64_t>(1);
  int64_t* d_b = poisoned<int64_t>(1);
  int64_t* d_i = poisoned<int64_t>(1);
  int64_t* d_j = poisoned<int64_t>(1);
  {
    const int64_t start = random_nonzero(-1000000, 1000000);
    const cubling::CountingInputIterator<int64_t, int64_t> it(start);
    const thrust::counting_iterator<int64_t> oracle(start);
    expect_one(
        "Sum of int64 items", static_cast<int64_t>(counting_sum(static_cast<uint64_t>(start), n)), d_a, d_b,
        [&](void* t, size_t& b) { return cubling::DeviceReduce::Sum(t, b, it, d_a, n); },
        [&](void* t, size_t& b) { return cub::DeviceReduce::Sum(t, b, oracle, d_b, n); });
    expect_one(
        "Min", n ? start : std::numeric_limits<int64_t>::max(), d_a, d_b,
        [&](void* t, size_t& b) { return cubling::DeviceReduce::Min(t, b, it, d_a, n); },
        [&](void* t, size_t& b) { return cub::DeviceReduce::Min(t, b, oracle, d_b, n); });
    expect_one(
        "Max", n ? start + n - 1 : std::numeric_limits<int64_t>::lowest(), d_a, d_b,
        [&](void* t, size_t& b) { return cubling::DeviceReduce::Max(t, b, it, d_a, n); },
        [&](void* t, size_t& b) { return cub::DeviceReduce::Max(t, b, oracle, d_b, n); });
    int64_t squares = 0;
    for (int64_t k = 0; k < n; ++k)
    {
      squares += (start + k) * (start + k);
    }
    expect_one(
        "TransformReduce of squares", squares, d_a, d_b,
        [&](void* t, size_t& b)
        { return cubling::DeviceReduce::TransformReduce(t, b, it, d_a, n, cubling::Sum{}, Square{}, int64_t{0}); },
        [&](void* t, size_t& b) {
          return cub::DeviceReduce::TransformReduce(t, b, oracle, d_b, n, cuda::std::plus<>{}, Square{}, int64_t{0});
        });
    if (n > 0)
    {
      // ArgMin and ArgMax: the first and the last item. (CUB's two-output
      // form writes nothing for an empty input, so n = 0 is not compared.)
      check_two_phase("cubling::DeviceReduce::ArgMin", [&](void* t, size_t& b) { return cubling::DeviceReduce::ArgMin(t, b, it, d_a, d_i, n); });
      check_two_phase("cub::DeviceReduce::ArgMin", [&](void* t, size_t& b) { return cub::DeviceReduce::ArgMin(t, b, oracle, d_b, d_j, n); });
      EXPECT(one_to_host(d_a) == start && one_to_host(d_i) == 0, "ArgMin: cubling");
      EXPECT(one_to_host(d_b) == start && one_to_host(d_j) == 0, "ArgMin: CUB");
      check_two_phase("cubling::DeviceReduce::ArgMax", [&](void* t, size_t& b) { return cubling::DeviceReduce::ArgMax(t, b, it, d_a, d_i, n); });
      check_two_phase("cub::DeviceReduce::ArgMax", [&](void* t, size_t& b) { return cub::DeviceReduce::ArgMax(t, b, oracle, d_b, d_j, n); });
      EXPECT(one_to_host(d_a) == start + n - 1 && one_to_host(d_i) == n - 1, "ArgMax: cubling");
      EXPECT(one_to_host(d_b) == start + n - 1 && one_to_host(d_j) == n - 1, "ArgMax: CUB");
      cases += 2;
    }
  }
  {
    // CUB 2.x's common form: 32-bit items and offsets, summed into 64 bits.
    const int start = static_cast<int>(random_nonzero(-1000000, 1000000));
    const cubling::CountingInputIterator<int, int> it(start);
    const thrust::counting_iterator<int> oracle(start);
    expect_one(
        "Sum of int items into int64", static_cast<int64_t>(counting_sum(static_cast<uint64_t>(int64_t{start}), n)),
        d_a, d_b, [&](void* t, size_t& b) { return cubling::DeviceReduce::Sum(t, b, it, d_a, static_cast<int>(n)); },
        [&](void* t, size_t& b) { return cub::DeviceReduce::Sum(t, b, oracle, d_b, static_cast<int>(n)); });
  }
  {
    // 32-bit unsigned items that wrap around past 2^32 - 1, summed modulo 2^32.
    const uint32_t start = 0xFFFFFFFFu - static_cast<uint32_t>(random_nonzero(1, 3000));
    const cubling::CountingInputIterator<uint32_t, int64_t> it(start);
    const thrust::counting_iterator<uint32_t> oracle(start);
    uint32_t* d_u = poisoned<uint32_t>(1);
    uint32_t* d_v = poisoned<uint32_t>(1);
    expect_one(
        "Sum of wrapping uint32 items", static_cast<uint32_t>(counting_sum(start, n)), d_u, d_v,
        [&](void* t, size_t& b) { return cubling::DeviceReduce::Sum(t, b, it, d_u, n); },
        [&](void* t, size_t& b) { return cub::DeviceReduce::Sum(t, b, oracle, d_v, n); });
    CHECK_CUDA(cudaFree(d_u));
    CHECK_CUDA(cudaFree(d_v));
  }
  CHECK_CUDA(cudaFree(d_a));
  CHECK_CUDA(cudaFree(d_b));
  CHECK_CUDA(cudaFree(d_i));
  CHECK_CUDA(cudaFree(d_j));
}

// --- ConstantInputIterator -----------------------------------------------------------

void reduce_constant(int64_t n)
{
  check_set_context("ConstantInputIterator, %lld items", static_cast<long long>(n));
  {
    const int64_t value = random_nonzero(-1000000000, 1000000000);
    const cubling::ConstantInputIterator<int64_t> it(value);
    const thrust::constant_iterator<int64_t> oracle(value);
    int64_t* d_a = poisoned<int64_t>(1);
    int64_t* d_b = poisoned<int64_t>(1);
    expect_one(
        "Sum of int64", value * n, d_a, d_b,
        [&](void* t, size_t& b) { return cubling::DeviceReduce::Sum(t, b, it, d_a, n); },
        [&](void* t, size_t& b) { return cub::DeviceReduce::Sum(t, b, oracle, d_b, n); });
    expect_one(
        "Min", n ? value : std::numeric_limits<int64_t>::max(), d_a, d_b,
        [&](void* t, size_t& b) { return cubling::DeviceReduce::Min(t, b, it, d_a, n); },
        [&](void* t, size_t& b) { return cub::DeviceReduce::Min(t, b, oracle, d_b, n); });
    if (n > 0)
    {
      // All items tie: ArgMin and ArgMax must both pick index 0.
      int64_t* d_i = poisoned<int64_t>(1);
      int64_t* d_j = poisoned<int64_t>(1);
      check_two_phase("cubling::DeviceReduce::ArgMax", [&](void* t, size_t& b) { return cubling::DeviceReduce::ArgMax(t, b, it, d_a, d_i, n); });
      check_two_phase("cub::DeviceReduce::ArgMax", [&](void* t, size_t& b) { return cub::DeviceReduce::ArgMax(t, b, oracle, d_b, d_j, n); });
      EXPECT(one_to_host(d_a) == value && one_to_host(d_i) == 0, "ArgMax of ties: cubling");
      EXPECT(one_to_host(d_b) == value && one_to_host(d_j) == 0, "ArgMax of ties: CUB");
      check_two_phase("cubling::DeviceReduce::ArgMin", [&](void* t, size_t& b) { return cubling::DeviceReduce::ArgMin(t, b, it, d_a, d_i, n); });
      EXPECT(one_to_host(d_a) == value && one_to_host(d_i) == 0, "ArgMin of ties: cubling");
      CHECK_CUDA(cudaFree(d_i));
      CHECK_CUDA(cudaFree(d_j));
      cases += 2;
    }
    CHECK_CUDA(cudaFree(d_a));
    CHECK_CUDA(cudaFree(d_b));
  }
  {
    // Integer-valued doubles: every partial sum is exact.
    const double value = static_cast<double>(random_nonzero(-1000, 1000));
    const cubling::ConstantInputIterator<double, int64_t> it(value);
    const thrust::constant_iterator<double> oracle(value);
    double* d_a = poisoned<double>(1);
    double* d_b = poisoned<double>(1);
    expect_one(
        "Sum of double", value * static_cast<double>(n), d_a, d_b,
        [&](void* t, size_t& b) { return cubling::DeviceReduce::Sum(t, b, it, d_a, n); },
        [&](void* t, size_t& b) { return cub::DeviceReduce::Sum(t, b, oracle, d_b, n); });
    CHECK_CUDA(cudaFree(d_a));
    CHECK_CUDA(cudaFree(d_b));
  }
  {
    // 1-byte items, summed in int (as C++ promotes them) into an int output.
    const int8_t value = static_cast<int8_t>(random_nonzero(-100, 100));
    const cubling::ConstantInputIterator<int8_t, int> it(value);
    const thrust::constant_iterator<int8_t> oracle(value);
    int* d_a = poisoned<int>(1);
    int* d_b = poisoned<int>(1);
    expect_one(
        "Sum of int8 into int", static_cast<int>(value * n), d_a, d_b,
        [&](void* t, size_t& b) { return cubling::DeviceReduce::Sum(t, b, it, d_a, n); },
        [&](void* t, size_t& b) { return cub::DeviceReduce::Sum(t, b, oracle, d_b, n); });
    CHECK_CUDA(cudaFree(d_a));
    CHECK_CUDA(cudaFree(d_b));
  }
}

// --- TransformInputIterator ----------------------------------------------------------

void reduce_transform(int64_t n)
{
  check_set_context("TransformInputIterator, %lld items", static_cast<long long>(n));
  {
    // Floats squared: against the CPU in double (tolerance) and CUB's TransformReduce.
    std::vector<float> floats(static_cast<size_t>(n));
    double want = 0;
    for (float& x : floats)
    {
      x = random_float();
      want += double(x) * x;
    }
    const float* d_in = to_device(floats);
    float* d_a        = poisoned<float>(1);
    float* d_b        = poisoned<float>(1);
    float* d_c        = poisoned<float>(1);
    const cubling::TransformInputIterator<float, Square, const float*> it(d_in, Square{});
    check_two_phase("cubling::DeviceReduce::Sum", [&](void* t, size_t& b) { return cubling::DeviceReduce::Sum(t, b, it, d_a, n); });
    check_two_phase("cub::DeviceReduce::TransformReduce", [&](void* t, size_t& b)
              { return cub::DeviceReduce::TransformReduce(t, b, d_in, d_b, n, cuda::std::plus<>{}, Square{}, 0.0f); });
    check_two_phase("cubling::DeviceReduce::TransformReduce", [&](void* t, size_t& b)
              { return cubling::DeviceReduce::TransformReduce(t, b, d_in, d_c, n, cubling::Sum{}, Square{}, 0.0f); });
    const float got = one_to_host(d_a), oracle = one_to_host(d_b), direct = one_to_host(d_c);
    const double tolerance = 1e-5 * want + 1e-6;
    EXPECT(std::fabs(got - want) <= tolerance, "Sum of squares: cubling %.9g, CPU %.9g", got, want);
    EXPECT(std::fabs(oracle - want) <= tolerance, "Sum of squares: CUB %.9g, CPU %.9g", oracle, want);
    EXPECT(std::fabs(direct - want) <= tolerance, "TransformReduce on the pointer %.9g, CPU %.9g", direct, want);
    CHECK_CUDA(cudaFree(const_cast<float*>(d_in)));
    CHECK_CUDA(cudaFree(d_a));
    CHECK_CUDA(cudaFree(d_b));
    CHECK_CUDA(cudaFree(d_c));
    ++cases;
  }
  {
    // 32-bit integers squared into 64 bits: exact.
    const std::vector<int32_t> ints = random_items<int32_t>(n, -40000, 40000);
    const int32_t* d_in             = to_device(ints);
    int64_t* d_a                    = poisoned<int64_t>(1);
    int64_t* d_b                    = poisoned<int64_t>(1);
    int64_t want = 0, largest = std::numeric_limits<int64_t>::lowest();
    for (int32_t x : ints)
    {
      want += SquareToI64{}(x);
      largest = std::max(largest, SquareToI64{}(x));
    }
    const cubling::TransformInputIterator<int64_t, SquareToI64, const int32_t*> it(d_in, SquareToI64{});
    expect_one(
        "Sum of int32 squared into int64", want, d_a, d_b,
        [&](void* t, size_t& b) { return cubling::DeviceReduce::Sum(t, b, it, d_a, n); },
        [&](void* t, size_t& b) {
          return cub::DeviceReduce::TransformReduce(t, b, d_in, d_b, n, cuda::std::plus<>{}, SquareToI64{}, int64_t{0});
        });
    expect_one(
        "Max of the squares", largest, d_a, d_b,
        [&](void* t, size_t& b) { return cubling::DeviceReduce::Max(t, b, it, d_a, n); },
        [&](void* t, size_t& b)
        { return cub::DeviceReduce::Max(t, b, thrust::make_transform_iterator(d_in, SquareToI64{}), d_b, n); });
    if (n > 0)
    {
      // ArgMax of the negated items is ArgMin of the items: same index, value negated.
      int32_t* d_v = poisoned<int32_t>(1);
      int32_t* d_w = poisoned<int32_t>(1);
      int64_t* d_i = poisoned<int64_t>(1);
      int64_t* d_j = poisoned<int64_t>(1);
      const cubling::TransformInputIterator<int32_t, Negate, const int32_t*> negated(d_in, Negate{});
      check_two_phase("cubling::DeviceReduce::ArgMax", [&](void* t, size_t& b) { return cubling::DeviceReduce::ArgMax(t, b, negated, d_v, d_i, n); });
      check_two_phase("cub::DeviceReduce::ArgMin", [&](void* t, size_t& b) { return cub::DeviceReduce::ArgMin(t, b, d_in, d_w, d_j, n); });
      const int64_t arg = first_extreme<true>(ints);
      EXPECT(one_to_host(d_i) == arg && one_to_host(d_v) == -ints[arg], "ArgMax of -x: cubling");
      EXPECT(one_to_host(d_j) == arg && one_to_host(d_w) == ints[arg], "ArgMin of x: CUB");
      CHECK_CUDA(cudaFree(d_v));
      CHECK_CUDA(cudaFree(d_w));
      CHECK_CUDA(cudaFree(d_i));
      CHECK_CUDA(cudaFree(d_j));
      ++cases;
    }
    {
      // Over a counting iterator: 3x + 1 for x = start, start + 1, ...: no memory.
      const int64_t start = random_nonzero(-1000000, 1000000);
      const cubling::TransformInputIterator<int64_t, ThreeXPlusOne, cubling::CountingInputIterator<int64_t, int64_t>>
          over_counting(cubling::CountingInputIterator<int64_t, int64_t>(start), ThreeXPlusOne{});
      const auto oracle = thrust::make_transform_iterator(thrust::counting_iterator<int64_t>(start), ThreeXPlusOne{});
      expect_one(
          "Sum of 3x + 1 over a counting iterator",
          static_cast<int64_t>(3 * counting_sum(static_cast<uint64_t>(start), n) + static_cast<uint64_t>(n)), d_a, d_b,
          [&](void* t, size_t& b) { return cubling::DeviceReduce::Sum(t, b, over_counting, d_a, n); },
          [&](void* t, size_t& b) { return cub::DeviceReduce::Sum(t, b, oracle, d_b, n); });
    }
    CHECK_CUDA(cudaFree(const_cast<int32_t*>(d_in)));
    CHECK_CUDA(cudaFree(d_a));
    CHECK_CUDA(cudaFree(d_b));
  }
}

// --- CacheModifiedInputIterator ------------------------------------------------------

// Sum (into 64 bits) through one modifier, against the CPU and CUB on the pointer.
template <cubling::CacheLoadModifier MODIFIER>
void reduce_cache_modified_sum(const std::vector<int32_t>& ints, const int32_t* d_in, int64_t* d_a, int64_t* d_b)
{
  const int64_t n = static_cast<int64_t>(ints.size());
  int64_t want    = 0;
  for (int32_t x : ints)
  {
    want += x;
  }
  const cubling::CacheModifiedInputIterator<MODIFIER, int32_t> it(d_in);
  expect_one(
      "Sum through a cache modifier", want, d_a, d_b,
      [&](void* t, size_t& b) { return cubling::DeviceReduce::Reduce(t, b, it, d_a, n, cubling::Sum{}, int64_t{0}); },
      [&](void* t, size_t& b)
      { return cub::DeviceReduce::Reduce(t, b, d_in, d_b, n, cuda::std::plus<>{}, int64_t{0}); });
}

void reduce_cache_modified(int64_t n)
{
  check_set_context("CacheModifiedInputIterator, %lld items", static_cast<long long>(n));
  const std::vector<int32_t> ints = random_items<int32_t>(n, -1000000, 1000000);
  const int32_t* d_in             = to_device(ints);
  int64_t* d_a                    = poisoned<int64_t>(1);
  int64_t* d_b                    = poisoned<int64_t>(1);
  reduce_cache_modified_sum<cubling::LOAD_DEFAULT>(ints, d_in, d_a, d_b);
  reduce_cache_modified_sum<cubling::LOAD_CA>(ints, d_in, d_a, d_b);
  reduce_cache_modified_sum<cubling::LOAD_CG>(ints, d_in, d_a, d_b);
  reduce_cache_modified_sum<cubling::LOAD_CS>(ints, d_in, d_a, d_b);
  reduce_cache_modified_sum<cubling::LOAD_CV>(ints, d_in, d_a, d_b);
  reduce_cache_modified_sum<cubling::LOAD_LDG>(ints, d_in, d_a, d_b);
  reduce_cache_modified_sum<cubling::LOAD_VOLATILE>(ints, d_in, d_a, d_b);

  int32_t* d_v = poisoned<int32_t>(1);
  int32_t* d_w = poisoned<int32_t>(1);
  {
    // Min through LOAD_LDG, against CUB 3's own CacheModifiedInputIterator.
    const cubling::CacheModifiedInputIterator<cubling::LOAD_LDG, int32_t> it(d_in);
    const cub::CacheModifiedInputIterator<cub::LOAD_LDG, int32_t> oracle(d_in);
    expect_one(
        "Min through LOAD_LDG", n ? ints[first_extreme<true>(ints)] : std::numeric_limits<int32_t>::max(), d_v, d_w,
        [&](void* t, size_t& b) { return cubling::DeviceReduce::Min(t, b, it, d_v, n); },
        [&](void* t, size_t& b) { return cub::DeviceReduce::Min(t, b, oracle, d_w, n); });
  }
  if (n > 1)
  {
    // ArgMax through LOAD_CS, from an odd address (one item in).
    const cubling::CacheModifiedInputIterator<cubling::LOAD_CS, int32_t> it(d_in + 1);
    const std::vector<int32_t> tail(ints.begin() + 1, ints.end());
    const int64_t arg = first_extreme<false>(tail);
    check_two_phase("cubling::DeviceReduce::ArgMax", [&](void* t, size_t& b) { return cubling::DeviceReduce::ArgMax(t, b, it, d_v, d_a, n - 1); });
    check_two_phase("cub::DeviceReduce::ArgMax", [&](void* t, size_t& b) { return cub::DeviceReduce::ArgMax(t, b, d_in + 1, d_w, d_b, n - 1); });
    EXPECT(one_to_host(d_a) == arg && one_to_host(d_v) == tail[arg], "ArgMax through LOAD_CS: cubling");
    EXPECT(one_to_host(d_b) == arg && one_to_host(d_w) == tail[arg], "ArgMax: CUB");
    ++cases;
  }
  {
    // 8-byte items through LOAD_LDG: integer-valued doubles, so the sums are exact.
    std::vector<double> doubles(static_cast<size_t>(n));
    double want = 0;
    for (double& x : doubles)
    {
      x = static_cast<double>(random_nonzero(-1000000, 1000000));
      want += x;
    }
    const double* d_doubles = to_device(doubles);
    double* d_x             = poisoned<double>(1);
    double* d_y             = poisoned<double>(1);
    const cubling::CacheModifiedInputIterator<cubling::LOAD_LDG, double> it(d_doubles);
    expect_one(
        "Sum of doubles through LOAD_LDG", want, d_x, d_y,
        [&](void* t, size_t& b) { return cubling::DeviceReduce::Sum(t, b, it, d_x, n); },
        [&](void* t, size_t& b) { return cub::DeviceReduce::Sum(t, b, d_doubles, d_y, n); });
    CHECK_CUDA(cudaFree(const_cast<double*>(d_doubles)));
    CHECK_CUDA(cudaFree(d_x));
    CHECK_CUDA(cudaFree(d_y));
  }
  CHECK_CUDA(cudaFree(const_cast<int32_t*>(d_in)));
  CHECK_CUDA(cudaFree(d_a));
  CHECK_CUDA(cudaFree(d_b));
  CHECK_CUDA(cudaFree(d_v));
  CHECK_CUDA(cudaFree(d_w));
}

// --- ArgIndexInputIterator -----------------------------------------------------------

// Reduce (index, item) pairs with ArgMin or ArgMax; compare with the CPU and
// with cub::DeviceReduce::ArgMin/ArgMax on the pointer.
template <bool MIN, typename Offset, typename T> void reduce_arg_index_one(const std::vector<T>& items, const T* d_in)
{
  using Pair      = cubling::KeyValuePair<Offset, T>;
  const int64_t n = static_cast<int64_t>(items.size());
  const cubling::ArgIndexInputIterator<const T*, Offset> it(d_in);
  const Pair init(std::numeric_limits<Offset>::max(),
                  MIN ? std::numeric_limits<T>::max() : std::numeric_limits<T>::lowest());
  Pair* d_pair = poisoned<Pair>(1);
  check_two_phase(
      "cubling::DeviceReduce::Reduce (ArgMin/ArgMax over an ArgIndexInputIterator)", [&](void* t, size_t& b)
      {
        if constexpr (MIN)
        {
          return cubling::DeviceReduce::Reduce(t, b, it, d_pair, n, cubling::ArgMin{}, init);
        }
        else
        {
          return cubling::DeviceReduce::Reduce(t, b, it, d_pair, n, cubling::ArgMax{}, init);
        }
      });
  const Pair got = one_to_host(d_pair);
  if (n == 0)
  {
    EXPECT(got.key == init.key && got.value == init.value, "an empty input gives the initial pair");
  }
  else
  {
    const int64_t arg = first_extreme<MIN>(items);
    EXPECT(got.key == static_cast<Offset>(arg) && got.value == items[arg], "%s: cubling (%lld, %.9g), CPU (%lld, %.9g)",
           MIN ? "ArgMin" : "ArgMax", static_cast<long long>(got.key), double(got.value), static_cast<long long>(arg),
           double(items[arg]));
    T* d_v       = poisoned<T>(1);
    int64_t* d_i = poisoned<int64_t>(1);
    check_two_phase(
        "cub::DeviceReduce::ArgMin/ArgMax", [&](void* t, size_t& b)
        {
          if constexpr (MIN)
          {
            return cub::DeviceReduce::ArgMin(t, b, d_in, d_v, d_i, n);
          }
          else
          {
            return cub::DeviceReduce::ArgMax(t, b, d_in, d_v, d_i, n);
          }
        });
    EXPECT(one_to_host(d_i) == arg && one_to_host(d_v) == items[arg], "CUB on the pointer");
    CHECK_CUDA(cudaFree(d_v));
    CHECK_CUDA(cudaFree(d_i));
  }
  CHECK_CUDA(cudaFree(d_pair));
  ++cases;
}

void reduce_arg_index(int64_t n)
{
  check_set_context("ArgIndexInputIterator, %lld items", static_cast<long long>(n));
  // Few distinct values: many ties, so "the first index" is tested.
  const std::vector<int32_t> ints = random_items<int32_t>(n, -50, 50);
  const int32_t* d_ints           = to_device(ints);
  reduce_arg_index_one<true, int64_t>(ints, d_ints);
  reduce_arg_index_one<false, int64_t>(ints, d_ints);
  reduce_arg_index_one<true, int>(ints, d_ints); // CUB 2.x's 32-bit keys
  std::vector<float> floats(static_cast<size_t>(n));
  for (float& x : floats)
  {
    x = random_float();
  }
  const float* d_floats = to_device(floats);
  reduce_arg_index_one<false, std::ptrdiff_t>(floats, d_floats);
  if (n > 5)
  {
    // normalize(): keys count from the new base, five items in.
    using Pair = cubling::KeyValuePair<int64_t, int32_t>;
    cubling::ArgIndexInputIterator<const int32_t*, int64_t> it(d_ints, 5);
    it.normalize();
    Pair* d_pair = poisoned<Pair>(1);
    const Pair init(std::numeric_limits<int64_t>::max(), std::numeric_limits<int32_t>::max());
    check_two_phase("cubling::DeviceReduce::Reduce", [&](void* t, size_t& b)
              { return cubling::DeviceReduce::Reduce(t, b, it, d_pair, n - 5, cubling::ArgMin{}, init); });
    const std::vector<int32_t> tail(ints.begin() + 5, ints.end());
    const int64_t arg = first_extreme<true>(tail);
    const Pair got    = one_to_host(d_pair);
    EXPECT(got.key == arg && got.value == tail[arg], "ArgMin after normalize()");
    CHECK_CUDA(cudaFree(d_pair));
    ++cases;
  }
  CHECK_CUDA(cudaFree(const_cast<int32_t*>(d_ints)));
  CHECK_CUDA(cudaFree(const_cast<float*>(d_floats)));
}

// --- the output iterators ------------------------------------------------------------

void reduce_outputs(int64_t n)
{
  check_set_context("output iterators, %lld items", static_cast<long long>(n));
  const std::vector<int32_t> ints = random_items<int32_t>(n, -1000000, 1000000);
  const int32_t* d_in             = to_device(ints);
  int64_t sum                     = 0;
  for (int32_t x : ints)
  {
    sum += x;
  }
  const int64_t arg_min = first_extreme<true>(ints);
  int64_t* d_sum        = poisoned<int64_t>(1);
  int64_t* d_index      = poisoned<int64_t>(1);
  int32_t* d_value      = poisoned<int32_t>(1);
  double* d_mean        = poisoned<double>(1);

  // CUB's sum, the reference of the transformed outputs.
  check_two_phase("cub::DeviceReduce::Reduce", [&](void* t, size_t& b)
            { return cub::DeviceReduce::Reduce(t, b, d_in, d_sum, n, cuda::std::plus<>{}, int64_t{0}); });
  EXPECT(one_to_host(d_sum) == sum, "CUB's sum");

  // DiscardOutputIterator: the run succeeds and writes nowhere; with ArgMin's
  // two outputs, the one kept is right.
  check_two_phase("cubling::DeviceReduce::Reduce",
      [&](void* t, size_t& b)
      { return cubling::DeviceReduce::Reduce(t, b, d_in, cubling::DiscardOutputIterator<>(), n, cubling::Sum{},
                                             int64_t{0});
      });
  if (n > 0)
  {
    check_two_phase("cubling::DeviceReduce::ArgMin", [&](void* t, size_t& b)
              { return cubling::DeviceReduce::ArgMin(t, b, d_in, cubling::DiscardOutputIterator<>(), d_index, n); });
    EXPECT(one_to_host(d_index) == arg_min, "ArgMin index, value discarded");
    check_two_phase("cubling::DeviceReduce::ArgMin", [&](void* t, size_t& b)
              { return cubling::DeviceReduce::ArgMin(t, b, d_in, d_value, cubling::DiscardOutputIterator<int>(), n); });
    EXPECT(one_to_host(d_value) == ints[arg_min], "ArgMin value, index discarded");
  }
  ++cases;

  // TransformOutputIterator: a mean, and an affine map of the minimum.
  const double count = n > 0 ? static_cast<double>(n) : 1.0;
  const cubling::TransformOutputIterator<int64_t, MeanOf, double*> mean(d_mean, MeanOf{count});
  check_two_phase("cubling::DeviceReduce::Sum", [&](void* t, size_t& b) { return cubling::DeviceReduce::Sum(t, b, d_in, mean, n); });
  EXPECT(one_to_host(d_mean) == static_cast<double>(sum) / count, "mean through a TransformOutputIterator");
  const AffineI32 affine{static_cast<int32_t>(random_nonzero(-9, 9)), static_cast<int32_t>(random_nonzero(-99, 99))};
  CHECK_CUDA(cudaMemset(d_value, 0xA5, sizeof(int32_t)));
  check_two_phase("cubling::DeviceReduce::Min",
      [&](void* t, size_t& b)
      { return cubling::DeviceReduce::Min(
            t, b, d_in, cubling::TransformOutputIterator<int32_t, AffineI32, int32_t*>(d_value, affine), n);
      });
  const int32_t min = n ? ints[arg_min] : std::numeric_limits<int32_t>::max();
  EXPECT(one_to_host(d_value) == affine(min), "affine map of the minimum");
  ++cases;

  // CacheModifiedOutputIterator: each store modifier, and ArgMin's two outputs.
  CHECK_CUDA(cudaMemset(d_sum, 0xA5, sizeof(int64_t)));
  check_two_phase("cubling::DeviceReduce::Reduce",
      [&](void* t, size_t& b)
      { return cubling::DeviceReduce::Reduce(t, b, d_in,
                                             cubling::CacheModifiedOutputIterator<cubling::STORE_CS, int64_t>(d_sum), n,
                                             cubling::Sum{}, int64_t{0});
      });
  EXPECT(one_to_host(d_sum) == sum, "Sum written with STORE_CS");
  CHECK_CUDA(cudaMemset(d_sum, 0xA5, sizeof(int64_t)));
  check_two_phase("cubling::DeviceReduce::Reduce",
      [&](void* t, size_t& b)
      { return cubling::DeviceReduce::Reduce(t, b, d_in,
                                             cubling::CacheModifiedOutputIterator<cubling::STORE_WT, int64_t>(d_sum), n,
                                             cubling::Sum{}, int64_t{0});
      });
  EXPECT(one_to_host(d_sum) == sum, "Sum written with STORE_WT");
  CHECK_CUDA(cudaMemset(d_value, 0xA5, sizeof(int32_t)));
  check_two_phase("cubling::DeviceReduce::Min",
      [&](void* t, size_t& b)
      { return cubling::DeviceReduce::Min(
            t, b, d_in, cubling::CacheModifiedOutputIterator<cubling::STORE_VOLATILE, int32_t>(d_value), n);
      });
  EXPECT(one_to_host(d_value) == min, "Min written with STORE_VOLATILE");
  if (n > 0)
  {
    CHECK_CUDA(cudaMemset(d_value, 0xA5, sizeof(int32_t)));
    CHECK_CUDA(cudaMemset(d_index, 0xA5, sizeof(int64_t)));
    check_two_phase("cubling::DeviceReduce::ArgMin",
        [&](void* t, size_t& b)
        { return cubling::DeviceReduce::ArgMin(
              t, b, d_in, cubling::CacheModifiedOutputIterator<cubling::STORE_CG, int32_t>(d_value),
              cubling::CacheModifiedOutputIterator<cubling::STORE_WB, int64_t>(d_index), n);
        });
    EXPECT(one_to_host(d_value) == ints[arg_min] && one_to_host(d_index) == arg_min,
           "ArgMin written with STORE_CG and STORE_WB");
  }
  ++cases;

  CHECK_CUDA(cudaFree(const_cast<int32_t*>(d_in)));
  CHECK_CUDA(cudaFree(d_sum));
  CHECK_CUDA(cudaFree(d_index));
  CHECK_CUDA(cudaFree(d_value));
  CHECK_CUDA(cudaFree(d_mean));
}

// --- more than 2^32 items ------------------------------------------------------------

void reduce_beyond_2_32()
{
  const int64_t n = (int64_t{1} << 32) + 12345;
  if (quick)
  {
    std::printf("CUBLING_QUICK=1: skipped the CountingInputIterator sums over 2^32 + 12345 items\n");
    return;
  }
  check_set_context("CountingInputIterator, 2^32 + 12345 items");
  // From 0, in uint64 (wraps, well defined): n (n - 1) / 2 modulo 2^64. The
  // true sum is above 2^63, so an int64 counter from 0 would overflow.
  {
    uint64_t* d_sum = poisoned<uint64_t>(1);
    check_two_phase("cubling::DeviceReduce::Sum",
        [&](void* t, size_t& b)
        { return cubling::DeviceReduce::Sum(t, b, cubling::CountingInputIterator<uint64_t, int64_t>(0), d_sum, n); });
    const uint64_t got = one_to_host(d_sum);
    EXPECT(got == triangle(static_cast<uint64_t>(n)), "uint64 sum %llu, want n(n-1)/2 mod 2^64 = %llu",
           static_cast<unsigned long long>(got), static_cast<unsigned long long>(triangle(n)));
    CHECK_CUDA(cudaFree(d_sum));
  }
  // int64 items from -(n / 2): n * start + n (n - 1) / 2, which fits.
  {
    const int64_t start = -(n / 2);
    int64_t* d_sum      = poisoned<int64_t>(1);
    check_two_phase("cubling::DeviceReduce::Sum",
        [&](void* t, size_t& b) { return cubling::DeviceReduce::Sum(t, b, cubling::CountingInputIterator<int64_t, int64_t>(start), d_sum, n);
        });
    const int64_t got  = one_to_host(d_sum);
    const int64_t want = static_cast<int64_t>(counting_sum(static_cast<uint64_t>(start), static_cast<uint64_t>(n)));
    EXPECT(got == want, "int64 sum %lld, want %lld", static_cast<long long>(got), static_cast<long long>(want));
    CHECK_CUDA(cudaFree(d_sum));
  }
  cases += 2;
  std::printf("CountingInputIterator sums over 2^32 + 12345 items: passed\n");
}

} // namespace

void run_reduce_tests()
{
  examples();
  for (int64_t n : sizes)
  {
    reduce_counting(n);
    reduce_constant(n);
    reduce_transform(n);
    reduce_cache_modified(n);
    reduce_arg_index(n);
    reduce_outputs(n);
  }
  reduce_beyond_2_32();
}

} // namespace iterator_test
