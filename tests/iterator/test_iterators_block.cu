// The fancy iterators through cubling::BlockLoad and cubling::BlockStore (--device; see test_iterators.cuh).
//
// Each block loads its tile from an input iterator and stores it to an
// output iterator, with the same algorithm on both sides (direct, striped,
// vectorize, transpose, warp-transpose: every load path must take a
// non-pointer iterator). The inputs are the fancy input iterators, stored to
// a plain pointer; the outputs are the fancy output iterators, loaded from a
// plain pointer. The last tile is partial (`valid_items`), and the output is
// poisoned past the end, so a write out of bounds shows.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include <cubling/block/block_load.cuh>
#include <cubling/block/block_store.cuh>
#include <cubling/iterator/arg_index_input_iterator.cuh>
#include <cubling/iterator/cache_modified_input_iterator.cuh>
#include <cubling/iterator/cache_modified_output_iterator.cuh>
#include <cubling/iterator/constant_input_iterator.cuh>
#include <cubling/iterator/counting_input_iterator.cuh>
#include <cubling/iterator/discard_output_iterator.cuh>
#include <cubling/iterator/transform_input_iterator.cuh>
#include <cubling/iterator/transform_output_iterator.cuh>
#include <cubling/util/key_value_pair.cuh>

#include "test_iterators.cuh"

namespace iterator_test
{
namespace
{

constexpr int BLOCK_THREADS    = 128;
constexpr int ITEMS_PER_THREAD = 4;
constexpr int TILE             = BLOCK_THREADS * ITEMS_PER_THREAD;
constexpr int SLACK            = 64; // poisoned items past the end of every output

// One tile edge after another: a partial first tile, exactly one tile, one
// item more, and several tiles with a partial last one.
const int64_t sizes[] = {1, 37, TILE - 1, TILE, TILE + 1, 4095, 4096, 4097, 5 * TILE + 77};

// Random nonzero ints.
std::vector<int> random_items_int(int64_t n)
{
  std::vector<int> items(static_cast<size_t>(n));
  for (int& x : items)
  {
    x = static_cast<int>(random_nonzero(-1000000, 1000000));
  }
  return items;
}

// Every block moves its tile from `in` to `out`; the last one only its
// `valid_items`. With USE_DEFAULT, the guarded load takes an out-of-bounds default.
template <typename T, cubling::BlockLoadAlgorithm LOAD, cubling::BlockStoreAlgorithm STORE, bool USE_DEFAULT,
          typename InputIt, typename OutputIt>
__global__ void __launch_bounds__(BLOCK_THREADS) round_trip_kernel(InputIt in, OutputIt out, int64_t n, T oob_default)
{
  using Load  = cubling::BlockLoad<T, BLOCK_THREADS, ITEMS_PER_THREAD, LOAD>;
  using Store = cubling::BlockStore<T, BLOCK_THREADS, ITEMS_PER_THREAD, STORE>;
  __shared__ typename Load::TempStorage load_storage;
  __shared__ typename Store::TempStorage store_storage;
  const int64_t tile_begin = int64_t{blockIdx.x} * TILE;
  const int64_t remaining  = n - tile_begin;
  T items[ITEMS_PER_THREAD];
  if (remaining >= TILE)
  {
    Load(load_storage).Load(in + tile_begin, items);
    Store(store_storage).Store(out + tile_begin, items);
  }
  else
  {
    const int valid = static_cast<int>(remaining);
    if constexpr (USE_DEFAULT)
    {
      Load(load_storage).Load(in + tile_begin, items, valid, oob_default);
    }
    else
    {
      Load(load_storage).Load(in + tile_begin, items, valid);
    }
    Store(store_storage).Store(out + tile_begin, items, valid);
  }
}

template <typename T, cubling::BlockLoadAlgorithm LOAD, cubling::BlockStoreAlgorithm STORE, bool USE_DEFAULT = false,
          typename InputIt, typename OutputIt>
void launch(InputIt in, OutputIt out, int64_t n)
{
  const unsigned blocks = static_cast<unsigned>((n + TILE - 1) / TILE);
  T oob_default;
  std::memset(&oob_default, 0x3C, sizeof(T));
  round_trip_kernel<T, LOAD, STORE, USE_DEFAULT><<<blocks, BLOCK_THREADS>>>(in, out, n, oob_default);
  CHECK_LAUNCH();
}

// The output after a round trip: `want(i)` for i < n, the poison past it.
template <typename T, typename Want> void expect_output(const T* d_out, int64_t n, Want want, const char* what)
{
  const std::vector<T> got = to_host(d_out, static_cast<size_t>(n + SLACK));
  for (int64_t i = 0; i < n; ++i)
  {
    EXPECT(got[i] == want(i), "%s: item %lld", what, static_cast<long long>(i));
  }
  // Byte by byte against the poison pattern: a copy of a struct need not
  // copy its padding, so comparing with a poisoned T value would not do.
  for (int64_t i = n; i < n + SLACK; ++i)
  {
    const unsigned char* bytes = reinterpret_cast<const unsigned char*>(&got[i]);
    EXPECT(std::all_of(bytes, bytes + sizeof(T), [](unsigned char b) { return b == 0xA5; }),
           "%s: written past the end, at %lld", what, static_cast<long long>(i));
  }
  ++cases;
}

// --- input iterators, stored to a pointer ----------------------------------------------

template <cubling::BlockLoadAlgorithm LOAD, cubling::BlockStoreAlgorithm STORE> void inputs(int64_t n)
{
  check_set_context("BlockLoad algorithm %d / BlockStore algorithm %d, %lld items, input iterators", int(LOAD), int(STORE),
              static_cast<long long>(n));
  const std::vector<int> ints = random_items_int(n);
  const int* d_in             = to_device(ints);
  int* d_out                  = poisoned<int>(n + SLACK);
  auto reset                  = [&] { CHECK_CUDA(cudaMemset(d_out, 0xA5, sizeof(int) * (n + SLACK))); };

  // example-begin block-load-cache-modified
  // A block loads its tile through the read-only data path: the iterator
  // takes the place of the pointer, and every algorithm accepts it.
  launch<int, LOAD, STORE>(cubling::CacheModifiedInputIterator<cubling::LOAD_LDG, int>(d_in), d_out, n);
  // example-end block-load-cache-modified
  expect_output(
      d_out, n, [&](int64_t i) { return ints[i]; }, "CacheModifiedInputIterator<LOAD_LDG>");

  reset();
  launch<int, LOAD, STORE, true>(cubling::CacheModifiedInputIterator<cubling::LOAD_CS, int, int>(d_in), d_out, n);
  expect_output(
      d_out, n, [&](int64_t i) { return ints[i]; }, "CacheModifiedInputIterator<LOAD_CS>, with a default");

  reset();
  const AffineI32 op{static_cast<int32_t>(random_nonzero(-9, 9)), static_cast<int32_t>(random_nonzero(-99, 99))};
  launch<int, LOAD, STORE>(cubling::TransformInputIterator<int, AffineI32, const int*>(d_in, op), d_out, n);
  expect_output(
      d_out, n, [&](int64_t i) { return op(ints[i]); }, "TransformInputIterator");

  reset();
  const int start = static_cast<int>(random_nonzero(-1000000, 1000000));
  launch<int, LOAD, STORE>(cubling::CountingInputIterator<int, int64_t>(start), d_out, n);
  expect_output(
      d_out, n, [&](int64_t i) { return static_cast<int>(start + i); }, "CountingInputIterator");

  reset();
  const int value = static_cast<int>(random_nonzero(-1000000, 1000000));
  launch<int, LOAD, STORE, true>(cubling::ConstantInputIterator<int>(value), d_out, n);
  expect_output(
      d_out, n, [&](int64_t) { return value; }, "ConstantInputIterator");

  // (index, item) pairs: a struct through the transposes.
  using Pair   = cubling::KeyValuePair<int64_t, int>;
  Pair* d_pair = poisoned<Pair>(n + SLACK);
  launch<Pair, LOAD, STORE>(cubling::ArgIndexInputIterator<const int*, int64_t>(d_in), d_pair, n);
  expect_output(
      d_pair, n, [&](int64_t i) { return Pair(i, ints[i]); }, "ArgIndexInputIterator");

  CHECK_CUDA(cudaFree(const_cast<int*>(d_in)));
  CHECK_CUDA(cudaFree(d_out));
  CHECK_CUDA(cudaFree(d_pair));
}

// --- output iterators, loaded from a pointer -------------------------------------------

template <cubling::BlockLoadAlgorithm LOAD, cubling::BlockStoreAlgorithm STORE> void outputs(int64_t n)
{
  check_set_context("BlockLoad algorithm %d / BlockStore algorithm %d, %lld items, output iterators", int(LOAD), int(STORE),
              static_cast<long long>(n));
  const std::vector<int> ints = random_items_int(n);
  const int* d_in             = to_device(ints);
  int* d_out                  = poisoned<int>(n + SLACK);
  auto reset                  = [&] { CHECK_CUDA(cudaMemset(d_out, 0xA5, sizeof(int) * (n + SLACK))); };

  // example-begin block-store-cache-modified
  // A block stores its tile with streaming stores (st.global.cs).
  launch<int, LOAD, STORE>(d_in, cubling::CacheModifiedOutputIterator<cubling::STORE_CS, int>(d_out), n);
  // example-end block-store-cache-modified
  expect_output(
      d_out, n, [&](int64_t i) { return ints[i]; }, "CacheModifiedOutputIterator<STORE_CS>");

  reset();
  launch<int, LOAD, STORE>(d_in, cubling::CacheModifiedOutputIterator<cubling::STORE_CG, int, int>(d_out), n);
  expect_output(
      d_out, n, [&](int64_t i) { return ints[i]; }, "CacheModifiedOutputIterator<STORE_CG>");

  reset();
  const AffineI32 op{static_cast<int32_t>(random_nonzero(-9, 9)), static_cast<int32_t>(random_nonzero(-99, 99))};
  launch<int, LOAD, STORE>(d_in, cubling::TransformOutputIterator<int, AffineI32, int*>(d_out, op), n);
  expect_output(
      d_out, n, [&](int64_t i) { return op(ints[i]); }, "TransformOutputIterator");

  // A transformed store with streaming stores underneath: two output iterators, nested.
  reset();
  using Streaming = cubling::CacheModifiedOutputIterator<cubling::STORE_CS, int>;
  launch<int, LOAD, STORE>(d_in, cubling::TransformOutputIterator<int, AffineI32, Streaming>(Streaming(d_out), op), n);
  expect_output(
      d_out, n, [&](int64_t i) { return op(ints[i]); }, "TransformOutputIterator over STORE_CS");

  // Discarded: the kernel runs, and the (untouched) output stays poisoned.
  reset();
  launch<int, LOAD, STORE>(d_in, cubling::DiscardOutputIterator<>(), n);
  expect_output(
      d_out, 0, [&](int64_t i) { return ints[i]; }, "DiscardOutputIterator");

  CHECK_CUDA(cudaFree(const_cast<int*>(d_in)));
  CHECK_CUDA(cudaFree(d_out));
}

template <cubling::BlockLoadAlgorithm LOAD, cubling::BlockStoreAlgorithm STORE> void algorithm_pair()
{
  for (int64_t n : sizes)
  {
    inputs<LOAD, STORE>(n);
    outputs<LOAD, STORE>(n);
  }
}

} // namespace

void run_block_tests()
{
  algorithm_pair<cubling::BLOCK_LOAD_DIRECT, cubling::BLOCK_STORE_DIRECT>();
  algorithm_pair<cubling::BLOCK_LOAD_STRIPED, cubling::BLOCK_STORE_STRIPED>();
  algorithm_pair<cubling::BLOCK_LOAD_VECTORIZE, cubling::BLOCK_STORE_VECTORIZE>();
  algorithm_pair<cubling::BLOCK_LOAD_TRANSPOSE, cubling::BLOCK_STORE_TRANSPOSE>();
  algorithm_pair<cubling::BLOCK_LOAD_WARP_TRANSPOSE, cubling::BLOCK_STORE_WARP_TRANSPOSE>();
  std::printf("BlockLoad/BlockStore through the fancy iterators: every algorithm passed\n");
}

} // namespace iterator_test
