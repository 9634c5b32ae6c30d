// The size query of every DeviceReduce entry point and of every C function,
// on the CPU (--host): no GPU is needed, and on a machine without one any
// runtime call would fail, so success proves that the query touches no
// device.
//
// For each call (every C++ overload: Reduce, Sum, Min, Max, ArgMin and
// ArgMax in both forms, TransformReduce; pointers and fancy iterators in and
// out; int, unsigned, int64_t, size_t counts) and for counts from 0 to
// 2^33 + 3 (within the count type), the query with null data pointers must
// return cudaSuccess and a size that is nonzero and at least what a run
// needs on any device: the partials of the largest grid any policy of the
// chain can launch (one block per tile of that policy, at most
// max_reduce_partials), plus the slack to align them at any start address.
// The bound is computed here by walking every link of the chain.
//
// A chain whose links differ in tile size (the smallest tile newest, oldest,
// or in the middle) shows that the bound holds for whichever link runs: a
// size counted by any tile but the smallest would fail it.
#include <cstdio>
#include <cstring>
#include <limits>

#include <cubling/cubling.h>
#include <cubling/device/device_reduce.cuh>
#include <cubling/iterator/arg_index_input_iterator.cuh>
#include <cubling/iterator/cache_modified_input_iterator.cuh>
#include <cubling/iterator/constant_input_iterator.cuh>
#include <cubling/iterator/counting_input_iterator.cuh>
#include <cubling/iterator/discard_output_iterator.cuh>
#include <cubling/iterator/transform_input_iterator.cuh>
#include <cubling/iterator/transform_output_iterator.cuh>

#include "check.h"

namespace
{
using cubling::KeyValuePair;
using cubling::detail::DeviceReducePolicy;
using cubling::detail::max_reduce_partials;

long long cases = 0;

// --- what a run needs, over every link of a chain ------------------------------------------------

// The most blocks link P's grid can have for n items of InputIt, on any device.
template <typename P, typename InputIt, typename AccumT>
int64_t most_blocks(int64_t n)
{
  using Agent = cubling::AgentReduce<typename P::ReducePolicy, InputIt, cubling::Sum, AccumT,
                                     cubling::detail::IgnoreIndex<cubling::detail::Identity>>;
  const int64_t tiles = n > 0 ? (n + Agent::TILE_ITEMS - 1) / Agent::TILE_ITEMS : 1;
  return tiles < max_reduce_partials ? tiles : max_reduce_partials;
}

// The most bytes any link from P to the end of the chain needs: its partials,
// aligned for AccumT, at any start address.
template <typename P, typename InputIt, typename AccumT>
size_t need(int64_t n)
{
  const size_t here = static_cast<size_t>(most_blocks<P, InputIt, AccumT>(n)) * sizeof(AccumT) + alignof(AccumT) - 1;
  if constexpr (std::is_same<typename P::OlderPolicy, P>::value)
  {
    return here;
  }
  else
  {
    const size_t older = need<typename P::OlderPolicy, InputIt, AccumT>(n);
    return older > here ? older : here;
  }
}

const int64_t counts[] = {0,         1,          255,        256,       257,         4095, 4096,
                          4097,      1000003,    int64_t{1} << 22,      (int64_t{1} << 26) + 1,
                          INT32_MAX, (int64_t{1} << 31) + 5, (int64_t{1} << 33) + 3};

// Query `call(temp_storage_bytes, n)` for every count up to `max_count`; each
// answer must be nonzero and at least need<Chain's newest link, InputIt, AccumT>(n).
template <typename InputIt, typename AccumT, typename Chain = DeviceReducePolicy, typename Call>
void expect_query(const char* name, int64_t max_count, Call call)
{
  for (const int64_t n : counts)
  {
    if (n > max_count)
    {
      continue;
    }
    check_set_context("%s, size query, num_items %lld", name, static_cast<long long>(n));
    size_t bytes             = CHECK_BYTES_SENTINEL;
    const cudaError_t status = call(bytes, n);
    EXPECT(status == cudaSuccess, "the size query returned %s", cudaGetErrorName(status));
    EXPECT(bytes != CHECK_BYTES_SENTINEL, "the size query did not write temp_storage_bytes");
    EXPECT(bytes > 0, "the size query said 0 bytes");
    const size_t needed = need<typename Chain::MaxPolicy, InputIt, AccumT>(n);
    EXPECT(bytes >= needed, "the size query said %zu bytes; a run may need %zu", bytes, needed);
    ++cases;
  }
}

constexpr int64_t INT_COUNTS  = std::numeric_limits<int>::max();
constexpr int64_t ANY_COUNT   = std::numeric_limits<int64_t>::max();

// --- types for the entry points -----------------------------------------------------------------

struct Stats // 12 bytes, not a power of two
{
  int32_t lo, hi;
  uint32_t bits;
};
struct MergeStats
{
  __host__ __device__ Stats operator()(const Stats& a, const Stats& b) const
  {
    return {b.lo < a.lo ? b.lo : a.lo, a.hi < b.hi ? b.hi : a.hi, a.bits ^ b.bits};
  }
};
struct MakeStats
{
  __host__ __device__ Stats operator()(int32_t x) const
  {
    return {x, x, static_cast<uint32_t>(x)};
  }
};
struct SquareF
{
  __host__ __device__ float operator()(float x) const
  {
    return x * x;
  }
};
struct WidenI64
{
  __host__ __device__ int64_t operator()(int8_t x) const
  {
    return x;
  }
};
struct SumI64
{
  __host__ __device__ int64_t operator()(int64_t a, int64_t b) const
  {
    return a + b;
  }
};
struct HalfOf
{
  __host__ __device__ double operator()(int64_t x) const
  {
    return static_cast<double>(x) / 2;
  }
};

template <typename T>
using KV = KeyValuePair<int64_t, T>; // what ArgMin and ArgMax accumulate

// Null pointers of every type used below.
template <typename T>
constexpr T* null = nullptr;

// --- the C++ entry points ----------------------------------------------------------------------------

template <typename T>
void sum_min_max(const char* type)
{
  using Acc = std::decay_t<decltype(std::declval<T>() + std::declval<T>())>; // Sum adds as C++ promotes
  char name[128];
  std::snprintf(name, sizeof name, "Sum (%s)", type);
  expect_query<const T*, Acc>(name, ANY_COUNT, [](size_t& b, int64_t n)
                              { return cubling::DeviceReduce::Sum(nullptr, b, null<const T>, null<T>, n); });
  std::snprintf(name, sizeof name, "Min (%s)", type);
  expect_query<const T*, T>(name, ANY_COUNT, [](size_t& b, int64_t n)
                            { return cubling::DeviceReduce::Min(nullptr, b, null<const T>, null<T>, n); });
  std::snprintf(name, sizeof name, "Max (%s)", type);
  expect_query<const T*, T>(name, ANY_COUNT, [](size_t& b, int64_t n)
                            { return cubling::DeviceReduce::Max(nullptr, b, null<const T>, null<T>, n); });
  std::snprintf(name, sizeof name, "ArgMin (%s: value, index)", type);
  expect_query<const T*, KV<T>>(name, ANY_COUNT, [](size_t& b, int64_t n) {
    return cubling::DeviceReduce::ArgMin(nullptr, b, null<const T>, null<T>, null<int64_t>, n);
  });
  std::snprintf(name, sizeof name, "ArgMax (%s: value, index)", type);
  expect_query<const T*, KV<T>>(name, ANY_COUNT, [](size_t& b, int64_t n) {
    return cubling::DeviceReduce::ArgMax(nullptr, b, null<const T>, null<T>, null<int64_t>, n);
  });
  std::snprintf(name, sizeof name, "ArgMin (%s: KeyValuePair<int, T>)", type);
  expect_query<const T*, KV<T>>(name, ANY_COUNT, [](size_t& b, int64_t n) {
    return cubling::DeviceReduce::ArgMin(nullptr, b, null<const T>, null<KeyValuePair<int, T>>, n);
  });
  std::snprintf(name, sizeof name, "ArgMax (%s: KeyValuePair<int64_t, T>)", type);
  expect_query<const T*, KV<T>>(name, ANY_COUNT, [](size_t& b, int64_t n) {
    return cubling::DeviceReduce::ArgMax(nullptr, b, null<const T>, null<KV<T>>, n);
  });
}

void cxx_entry_points()
{
  sum_min_max<int8_t>("int8");
  sum_min_max<uint8_t>("uint8");
  sum_min_max<int16_t>("int16");
  sum_min_max<uint16_t>("uint16");
  sum_min_max<int32_t>("int32");
  sum_min_max<uint32_t>("uint32");
  sum_min_max<int64_t>("int64");
  sum_min_max<uint64_t>("uint64");
  sum_min_max<float>("float");
  sum_min_max<double>("double");

  // The count's integer type (NumItemsT).
  expect_query<const int*, int>("Sum (int32, int count)", INT_COUNTS, [](size_t& b, int64_t n) {
    return cubling::DeviceReduce::Sum(nullptr, b, null<const int>, null<int>, static_cast<int>(n));
  });
  expect_query<const int*, int>("Sum (int32, unsigned count)", std::numeric_limits<unsigned>::max(),
                                [](size_t& b, int64_t n) {
                                  return cubling::DeviceReduce::Sum(nullptr, b, null<const int>, null<int>,
                                                                    static_cast<unsigned>(n));
                                });
  expect_query<const int*, int>("Sum (int32, size_t count)", ANY_COUNT, [](size_t& b, int64_t n) {
    return cubling::DeviceReduce::Sum(nullptr, b, null<const int>, null<int>, static_cast<size_t>(n));
  });
  expect_query<const int*, int>("Min (int32, uint64_t count)", ANY_COUNT, [](size_t& b, int64_t n) {
    return cubling::DeviceReduce::Min(nullptr, b, null<const int>, null<int>, static_cast<uint64_t>(n));
  });

  // Reduce and TransformReduce: custom operators and value types.
  expect_query<const Stats*, Stats>("Reduce (Stats, MergeStats)", ANY_COUNT, [](size_t& b, int64_t n) {
    return cubling::DeviceReduce::Reduce(nullptr, b, null<const Stats>, null<Stats>, n, MergeStats{}, Stats{});
  });
  expect_query<const int*, int>("Reduce (int32, Max, int count)", INT_COUNTS, [](size_t& b, int64_t n) {
    return cubling::DeviceReduce::Reduce(nullptr, b, null<const int>, null<int>, static_cast<int>(n), cubling::Max{},
                                         0);
  });
  expect_query<const int8_t*, int64_t>("TransformReduce (int8 widened to int64)", ANY_COUNT, [](size_t& b, int64_t n) {
    return cubling::DeviceReduce::TransformReduce(nullptr, b, null<const int8_t>, null<int64_t>, n, SumI64{},
                                                  WidenI64{}, int64_t{0});
  });
  expect_query<const int32_t*, Stats>("TransformReduce (int32 to Stats)", ANY_COUNT, [](size_t& b, int64_t n) {
    return cubling::DeviceReduce::TransformReduce(nullptr, b, null<const int32_t>, null<Stats>, n, MergeStats{},
                                                  MakeStats{}, Stats{});
  });

  // Fancy iterators in and out.
  using Counting = cubling::CountingInputIterator<int64_t>;
  expect_query<Counting, int64_t>("Sum (CountingInputIterator<int64_t>)", ANY_COUNT, [](size_t& b, int64_t n) {
    return cubling::DeviceReduce::Sum(nullptr, b, Counting(0), null<int64_t>, n);
  });
  using Constant = cubling::ConstantInputIterator<double>;
  expect_query<Constant, double>("Max (ConstantInputIterator<double>)", ANY_COUNT, [](size_t& b, int64_t n) {
    return cubling::DeviceReduce::Max(nullptr, b, Constant(1.5), null<double>, n);
  });
  using Squares = cubling::TransformInputIterator<float, SquareF, const float*>;
  expect_query<Squares, float>("Sum (TransformInputIterator<float>)", ANY_COUNT, [](size_t& b, int64_t n) {
    return cubling::DeviceReduce::Sum(nullptr, b, Squares(null<const float>, SquareF{}), null<float>, n);
  });
  using Cached = cubling::CacheModifiedInputIterator<cubling::LOAD_CG, int>;
  expect_query<Cached, int>("Min (CacheModifiedInputIterator<LOAD_CG, int>)", ANY_COUNT, [](size_t& b, int64_t n) {
    return cubling::DeviceReduce::Min(nullptr, b, Cached(null<int>), null<int>, n);
  });
  using Indexed = cubling::ArgIndexInputIterator<const float*, int64_t>;
  using IndexedPair = KeyValuePair<int64_t, float>;
  expect_query<Indexed, IndexedPair>("Reduce (ArgIndexInputIterator, ArgMin)", ANY_COUNT, [](size_t& b, int64_t n) {
    return cubling::DeviceReduce::Reduce(nullptr, b, Indexed(null<const float>), null<IndexedPair>, n,
                                         cubling::ArgMin{}, IndexedPair(0, 0.0f));
  });
  expect_query<Counting, KV<int64_t>>("ArgMax (CountingInputIterator, KeyValuePair)", ANY_COUNT,
                                      [](size_t& b, int64_t n) {
                                        return cubling::DeviceReduce::ArgMax(nullptr, b, Counting(0),
                                                                             null<KV<int64_t>>, n);
                                      });
  using Discard = cubling::DiscardOutputIterator<>;
  expect_query<const int*, int>("Sum (into a DiscardOutputIterator)", ANY_COUNT, [](size_t& b, int64_t n) {
    return cubling::DeviceReduce::Sum(nullptr, b, null<const int>, Discard(), n);
  });
  using Halves = cubling::TransformOutputIterator<double, HalfOf, double*>;
  expect_query<const int64_t*, int64_t>("Sum (into a TransformOutputIterator)", ANY_COUNT, [](size_t& b, int64_t n) {
    return cubling::DeviceReduce::Sum(nullptr, b, null<const int64_t>, Halves(null<double>, HalfOf{}), n);
  });
  expect_query<const int*, KV<int>>("ArgMin (value into a DiscardOutputIterator)", ANY_COUNT,
                                    [](size_t& b, int64_t n) {
                                      return cubling::DeviceReduce::ArgMin(nullptr, b, null<const int>, Discard(),
                                                                           null<int64_t>, n);
                                    });
}

// --- chains whose links differ in tile size ------------------------------------------------------

template <int THREADS, int ITEMS_4B>
using Tile = cubling::AgentReducePolicy<THREADS, ITEMS_4B, cubling::BLOCK_REDUCE_WARP_REDUCTIONS, 4>;

// Tiles of 4-byte items: sm_90 4096, sm_80 512, sm_60 1024 (the smallest in the middle).
struct MiddleSmallestChain
{
  struct Policy600 : cubling::ChainedPolicy<600, Policy600, Policy600>
  {
    using ReducePolicy                      = Tile<256, 4>;
    static constexpr bool SINGLE_PASS       = true;
    static constexpr int STREAM_FROM_ROUNDS = 48;
    static constexpr int STREAM_CHUNK_TILES = 4;
  };
  struct Policy800 : cubling::ChainedPolicy<800, Policy800, Policy600>
  {
    using ReducePolicy                      = Tile<128, 4>;
    static constexpr bool SINGLE_PASS       = true;
    static constexpr int STREAM_FROM_ROUNDS = 48;
    static constexpr int STREAM_CHUNK_TILES = 4;
  };
  struct Policy900 : cubling::ChainedPolicy<900, Policy900, Policy800>
  {
    using ReducePolicy                      = Tile<256, 16>;
    static constexpr bool SINGLE_PASS       = true;
    static constexpr int STREAM_FROM_ROUNDS = 48;
    static constexpr int STREAM_CHUNK_TILES = 4;
  };
  using MaxPolicy = Policy900;
};

// Tiles of 4-byte items: sm_90 256 (the smallest, newest: 64 threads), sm_60 2048.
struct NewestSmallestChain
{
  struct Policy600 : cubling::ChainedPolicy<600, Policy600, Policy600>
  {
    using ReducePolicy                      = Tile<256, 8>;
    static constexpr bool SINGLE_PASS       = true;
    static constexpr int STREAM_FROM_ROUNDS = 48;
    static constexpr int STREAM_CHUNK_TILES = 4;
  };
  struct Policy900 : cubling::ChainedPolicy<900, Policy900, Policy600>
  {
    using ReducePolicy                      = Tile<64, 4>;
    static constexpr bool SINGLE_PASS       = true;
    static constexpr int STREAM_FROM_ROUNDS = 48;
    static constexpr int STREAM_CHUNK_TILES = 4;
  };
  using MaxPolicy = Policy900;
};

// The walks themselves, at compile time.
struct ThreadsOf
{
  template <typename P>
  constexpr int operator()(cubling::detail::PolicyTag<P>) const
  {
    return P::ReducePolicy::BLOCK_THREADS;
  }
};
static_assert(cubling::detail::policy_chain_min<MiddleSmallestChain::MaxPolicy>(ThreadsOf{}) == 128, "min, middle");
static_assert(cubling::detail::policy_chain_max<MiddleSmallestChain::MaxPolicy>(ThreadsOf{}) == 256, "max");
static_assert(cubling::detail::policy_chain_min<DeviceReducePolicy::MaxPolicy>(ThreadsOf{}) == 256, "the library's");
static_assert(cubling::detail::policy_chain_min<NewestSmallestChain::MaxPolicy>(ThreadsOf{}) == 64, "min, newest");
static_assert(cubling::detail::policy_chain_max<NewestSmallestChain::Policy600>(ThreadsOf{}) == 256, "one link");

using Identity = cubling::detail::IgnoreIndex<cubling::detail::Identity>;

template <typename Chain, typename T>
void chain_sum(const char* name)
{
  expect_query<const T*, T, Chain>(name, ANY_COUNT, [](size_t& b, int64_t n) {
    return cubling::detail::DispatchReduce<false, const T*, T*, cubling::Sum, T, T, Identity, Chain>::Dispatch(
      nullptr, b, null<const T>, null<T>, n, cubling::Sum{}, T{}, Identity{}, 0);
  });
}

void chains()
{
  chain_sum<MiddleSmallestChain, int32_t>("DispatchReduce Sum (int32), tiles 4096/512/1024");
  chain_sum<MiddleSmallestChain, double>("DispatchReduce Sum (double), tiles 2048/256/512");
  chain_sum<NewestSmallestChain, int32_t>("DispatchReduce Sum (int32), tiles 256/2048");
  chain_sum<NewestSmallestChain, uint8_t>("DispatchReduce Sum (uint8), tiles 1024/8192");
}

// --- the C API ------------------------------------------------------------------------------------------

#define C_QUERY(op, suffix, T, Acc)                                                                            \
  expect_query<const T*, Acc>("cubling_device_reduce_" #op "_" #suffix, ANY_COUNT, [](size_t& b, int64_t n) { \
    return cubling_device_reduce_##op##_##suffix(nullptr, &b, nullptr, nullptr, n, 0);                         \
  })
#define C_ARG_QUERY(op, suffix, T)                                                                               \
  expect_query<const T*, KV<T>>("cubling_device_reduce_" #op "_" #suffix, ANY_COUNT, [](size_t& b, int64_t n) { \
    return cubling_device_reduce_##op##_##suffix(nullptr, &b, nullptr, nullptr, nullptr, n, 0);                  \
  })
#define C_QUERIES(suffix, T)         \
  C_QUERY(sum, suffix, T, T);        \
  C_QUERY(min, suffix, T, T);        \
  C_QUERY(max, suffix, T, T);        \
  C_ARG_QUERY(argmin, suffix, T);    \
  C_ARG_QUERY(argmax, suffix, T)

void c_entry_points()
{
  C_QUERIES(i32, int32_t);
  C_QUERIES(u32, uint32_t);
  C_QUERIES(i64, int64_t);
  C_QUERIES(u64, uint64_t);
  C_QUERIES(f32, float);
  C_QUERIES(f64, double);
}

} // namespace

int main(int argc, char** argv)
{
  if (argc < 2 || std::strcmp(argv[1], "--host") != 0)
  {
    std::printf("usage: %s --host\n", argv[0]);
    return 2;
  }
  check_seed();
  cxx_entry_points();
  chains();
  c_entry_points();
  std::printf("DeviceReduce size queries --host: %lld cases passed\n", cases);
  return 0;
}
