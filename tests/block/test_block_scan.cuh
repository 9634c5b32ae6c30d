// test_block_scan.cuh: the BlockScan test harness. Each
// test_block_scan_<algorithm>.cu runs it for one algorithm (one file per
// algorithm keeps each compile short and lets them build in parallel).
//
// One case is one kernel of BLOCKS blocks of a fixed shape (1D, 2D or 3D),
// ITEMS items per thread in a blocked arrangement (thread r holds items
// r * ITEMS on), one item type and one operator. Every block calls every
// member of cubling::BlockScan, one after another on the same TempStorage
// with a __syncthreads() in between, then the same members of cub::BlockScan
// on the same registers:
//   - the sums (arithmetic types): exclusive and inclusive, plain, with the
//     block aggregate, and with a block prefix callback;
//   - the scans with the case's operator: exclusive with an initial value
//     (plain and with the aggregate), exclusive without one (plain and with
//     the aggregate), inclusive (plain and with the aggregate), inclusive
//     with an initial value (array forms only, as in CUB: plain and with the
//     aggregate), both with a callback; and an inclusive scan with the
//     default constructor's private storage.
// With ITEMS == 1 a case calls either the one-item overloads (SCALAR) or the
// array overloads with arrays of one.
//
// The callback members scan TILES consecutive tiles of the block's input with
// one callback object, which carries a running prefix from tile to tile (as
// a decoupled look-back does) from a random start. Lanes other than 0 return
// a wrong prefix: the contract is that only lane 0's return value is used.
// cubling's callback also counts its calls per thread, which must be the
// threads of the first warp (the whole block when it is smaller), once per
// tile and member.
//
// Every output lands in its own slot of a buffer poisoned beforehand; each
// case runs twice, with two different poisons, so that an output that was
// never written cannot match by chance (an int8 output could equal one
// poison byte). The host checks cubling's and CUB's slots against a CPU scan
// in rank order, bit for bit, and skips only what CUB documents as undefined
// (thread 0's first exclusive output without an initial value). Exactness
// is right for these inputs: integers (wrapping; signed ones kept far from
// overflow), floats that are multiples of 1/8 (exact sums in any order), and
// affine maps over 32-bit wraparound arithmetic (a non-commutative operator,
// exact).
#pragma once

#include <cub/block/block_scan.cuh>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <type_traits>
#include <vector>

#include <cuda/std/functional>

#include <cubling/block/block_scan.cuh>
#include <cubling/thread/thread_operators.cuh>

#include "check.h"
#include "custom_operators.cuh"

namespace block_scan_test
{

// --- output slots -----------------------------------------------------------------------

enum Slot
{
  EXCLUSIVE_SUM,
  EXCLUSIVE_SUM_AGG_OUT,
  EXCLUSIVE_SUM_AGG,
  EXCLUSIVE_SUM_CALLBACK, // TILES tiles
  INCLUSIVE_SUM,
  INCLUSIVE_SUM_AGG_OUT,
  INCLUSIVE_SUM_AGG,
  INCLUSIVE_SUM_CALLBACK, // TILES tiles
  EXCLUSIVE_INIT,
  EXCLUSIVE_INIT_AGG_OUT,
  EXCLUSIVE_INIT_AGG,
  EXCLUSIVE_CALLBACK, // TILES tiles
  EXCLUSIVE,          // thread 0's first output undefined
  EXCLUSIVE_AGG_OUT,  // thread 0's first output undefined
  EXCLUSIVE_AGG,
  INCLUSIVE,
  INCLUSIVE_AGG_OUT,
  INCLUSIVE_AGG,
  INCLUSIVE_CALLBACK,     // TILES tiles
  INCLUSIVE_INIT,         // arrays only
  INCLUSIVE_INIT_AGG_OUT, // arrays only
  INCLUSIVE_INIT_AGG,     // arrays only
  INCLUSIVE_PRIVATE,      // BlockScan() with private storage
  SLOTS,
};

const char* const slot_names[] = {
    "ExclusiveSum",
    "ExclusiveSum(aggregate): output",
    "ExclusiveSum(aggregate): aggregate",
    "ExclusiveSum(callback)",
    "InclusiveSum",
    "InclusiveSum(aggregate): output",
    "InclusiveSum(aggregate): aggregate",
    "InclusiveSum(callback)",
    "ExclusiveScan(initial)",
    "ExclusiveScan(initial, aggregate): output",
    "ExclusiveScan(initial, aggregate): aggregate",
    "ExclusiveScan(callback)",
    "ExclusiveScan",
    "ExclusiveScan(aggregate): output",
    "ExclusiveScan(aggregate): aggregate",
    "InclusiveScan",
    "InclusiveScan(aggregate): output",
    "InclusiveScan(aggregate): aggregate",
    "InclusiveScan(callback)",
    "InclusiveScan(initial)",
    "InclusiveScan(initial, aggregate): output",
    "InclusiveScan(initial, aggregate): aggregate",
    "InclusiveScan, private storage",
};
static_assert(sizeof(slot_names) / sizeof(slot_names[0]) == SLOTS, "one name per slot");

constexpr int BLOCKS = 4;
constexpr int TILES  = 3; // tiles scanned in a row by the callback members

template <typename T>
constexpr bool has_sum = std::is_arithmetic_v<T>;

// The callback members, and the calls each thread of the first warp makes per tile.
template <typename T>
constexpr int CALLBACK_MEMBERS = has_sum<T> ? 4 : 2;

// --- the callback -------------------------------------------------------------------------

// A running prefix over consecutive tiles: returns the prefix before this
// tile and folds the tile's total in. Lane 0 returns the right prefix; the
// other lanes return something else, which the scan must ignore.
template <typename T, typename Op>
struct RunningPrefix
{
  T running;
  Op op;
  int lane;
  int* calls; // this thread's call counter, or nullptr

  __device__ T operator()(T block_aggregate)
  {
    const T before = running;
    running        = static_cast<T>(op(running, block_aggregate));
    if (calls != nullptr)
    {
      ++*calls;
    }
    return lane == 0 ? before : running;
  }
};

// --- the kernel -------------------------------------------------------------------------

// out[(((block * 2 + impl) * SLOTS + slot) * TILES + tile) * THREADS * ITEMS + rank * ITEMS + i],
// impl 0 = cubling, 1 = CUB. params[2 * block] is the initial value, params[2 * block + 1]
// the callback's start. calls[block * THREADS + rank] counts cubling's callback calls.
template <typename BlockScanT, int THREADS, int ITEMS, bool SCALAR, typename T, typename Op>
__device__ void run_members(typename BlockScanT::TempStorage& storage, const T* tiles, T init, T start, Op op, T* out,
                            int rank, int* calls)
{
  static_assert(!SCALAR || ITEMS == 1, "the one-item overloads take one item");
  T items[ITEMS];
  T o[ITEMS];
  T aggregate;
  const auto load = [&](int tile) {
    for (int i = 0; i < ITEMS; ++i)
    {
      items[i] = tiles[static_cast<size_t>(tile) * THREADS * ITEMS + rank * ITEMS + i];
    }
  };
  const auto put = [&](int slot, int tile) {
    for (int i = 0; i < ITEMS; ++i)
    {
      out[(static_cast<size_t>(slot) * TILES + tile) * THREADS * ITEMS + rank * ITEMS + i] = o[i];
    }
  };
  const auto put_aggregate = [&](int slot) {
    for (int i = 0; i < ITEMS; ++i)
    {
      out[static_cast<size_t>(slot) * TILES * THREADS * ITEMS + rank * ITEMS + i] = aggregate;
    }
  };
  // Call `f(input, output)` with one item or with the arrays.
  const auto call = [&](auto&& f) {
    if constexpr (SCALAR)
    {
      f(items[0], o[0]);
    }
    else
    {
      f(items, o);
    }
  };
  const int lane = rank % 32;

  load(0);
  if constexpr (has_sum<T>)
  {
    call([&](auto& in, auto& res) { BlockScanT(storage).ExclusiveSum(in, res); });
    put(EXCLUSIVE_SUM, 0);
    __syncthreads();
    call([&](auto& in, auto& res) { BlockScanT(storage).ExclusiveSum(in, res, aggregate); });
    put(EXCLUSIVE_SUM_AGG_OUT, 0);
    put_aggregate(EXCLUSIVE_SUM_AGG);
    __syncthreads();
    call([&](auto& in, auto& res) { BlockScanT(storage).InclusiveSum(in, res); });
    put(INCLUSIVE_SUM, 0);
    __syncthreads();
    call([&](auto& in, auto& res) { BlockScanT(storage).InclusiveSum(in, res, aggregate); });
    put(INCLUSIVE_SUM_AGG_OUT, 0);
    put_aggregate(INCLUSIVE_SUM_AGG);
    __syncthreads();
  }
  call([&](auto& in, auto& res) { BlockScanT(storage).ExclusiveScan(in, res, init, op); });
  put(EXCLUSIVE_INIT, 0);
  __syncthreads();
  call([&](auto& in, auto& res) { BlockScanT(storage).ExclusiveScan(in, res, init, op, aggregate); });
  put(EXCLUSIVE_INIT_AGG_OUT, 0);
  put_aggregate(EXCLUSIVE_INIT_AGG);
  __syncthreads();
  call([&](auto& in, auto& res) { BlockScanT(storage).ExclusiveScan(in, res, op); });
  put(EXCLUSIVE, 0);
  __syncthreads();
  call([&](auto& in, auto& res) { BlockScanT(storage).ExclusiveScan(in, res, op, aggregate); });
  put(EXCLUSIVE_AGG_OUT, 0);
  put_aggregate(EXCLUSIVE_AGG);
  __syncthreads();
  call([&](auto& in, auto& res) { BlockScanT(storage).InclusiveScan(in, res, op); });
  put(INCLUSIVE, 0);
  __syncthreads();
  call([&](auto& in, auto& res) { BlockScanT(storage).InclusiveScan(in, res, op, aggregate); });
  put(INCLUSIVE_AGG_OUT, 0);
  put_aggregate(INCLUSIVE_AGG);
  __syncthreads();
  if constexpr (!SCALAR)
  {
    BlockScanT(storage).InclusiveScan(items, o, init, op);
    put(INCLUSIVE_INIT, 0);
    __syncthreads();
    BlockScanT(storage).InclusiveScan(items, o, init, op, aggregate);
    put(INCLUSIVE_INIT_AGG_OUT, 0);
    put_aggregate(INCLUSIVE_INIT_AGG);
    __syncthreads();
  }
  call([&](auto& in, auto& res) { BlockScanT().InclusiveScan(in, res, op); });
  put(INCLUSIVE_PRIVATE, 0);
  __syncthreads();

  // The callback members, over TILES tiles each, one callback object per member.
  // The sums' callbacks carry a running sum, the scans' a running scan_op.
  const auto tiles_with = [&](int slot, auto callback_op, auto&& member) {
    RunningPrefix<T, decltype(callback_op)> callback{start, callback_op, lane, calls};
    for (int tile = 0; tile < TILES; ++tile)
    {
      load(tile);
      call([&](auto& in, auto& res) { member(in, res, callback); });
      put(slot, tile);
      __syncthreads();
    }
  };
  if constexpr (has_sum<T>)
  {
    tiles_with(EXCLUSIVE_SUM_CALLBACK, cuda::std::plus<>{},
               [&](auto& in, auto& res, auto& callback) { BlockScanT(storage).ExclusiveSum(in, res, callback); });
    tiles_with(INCLUSIVE_SUM_CALLBACK, cuda::std::plus<>{},
               [&](auto& in, auto& res, auto& callback) { BlockScanT(storage).InclusiveSum(in, res, callback); });
  }
  tiles_with(EXCLUSIVE_CALLBACK, op,
             [&](auto& in, auto& res, auto& callback) { BlockScanT(storage).ExclusiveScan(in, res, op, callback); });
  tiles_with(INCLUSIVE_CALLBACK, op,
             [&](auto& in, auto& res, auto& callback) { BlockScanT(storage).InclusiveScan(in, res, op, callback); });
}

template <cubling::BlockScanAlgorithm ALGORITHM, cub::BlockScanAlgorithm CUB_ALGORITHM, typename T, int BX, int BY,
          int BZ, int ITEMS, bool SCALAR, typename Op>
__global__ void __launch_bounds__(BX* BY* BZ) block_scan_kernel(const T* in, const T* params, Op op, T* out, int* calls)
{
  constexpr int THREADS = BX * BY * BZ;
  using Mine            = cubling::BlockScan<T, BX, ALGORITHM, BY, BZ>;
  using Theirs          = cub::BlockScan<T, BX, CUB_ALGORITHM, BY, BZ>;
  __shared__ typename Mine::TempStorage mine_storage;
  __shared__ typename Theirs::TempStorage cub_storage;

  const int rank =
      (static_cast<int>(threadIdx.z) * BY + static_cast<int>(threadIdx.y)) * BX + static_cast<int>(threadIdx.x);
  const size_t block   = blockIdx.x;
  const T* tiles       = in + block * TILES * THREADS * ITEMS;
  const size_t per_out = static_cast<size_t>(SLOTS) * TILES * THREADS * ITEMS;
  const T init         = params[2 * block];
  const T start        = params[2 * block + 1];

  run_members<Mine, THREADS, ITEMS, SCALAR>(mine_storage, tiles, init, start, op, out + (block * 2) * per_out, rank,
                                            calls + block * THREADS + rank);
  run_members<Theirs, THREADS, ITEMS, SCALAR>(cub_storage, tiles, init, start, op, out + (block * 2 + 1) * per_out,
                                              rank, static_cast<int*>(nullptr));
}

// --- host side ----------------------------------------------------------------------------

inline uint64_t rng = 0;
inline int cases    = 0;

template <typename T>
T random_item()
{
  const uint64_t r = check_random(&rng);
  if constexpr (std::is_same_v<T, Affine>)
  {
    return {static_cast<uint32_t>(r) | 1u, static_cast<uint32_t>(r >> 32)};
  }
  else if constexpr (std::is_floating_point_v<T>)
  {
    // Multiples of 1/8, never zero: sums of up to 3 * 7168 items stay exact in float.
    const int k = static_cast<int>(r % 800) - 400;
    return static_cast<T>(k >= 0 ? k + 1 : k) / T(8);
  }
  else if constexpr (std::is_signed_v<T> && sizeof(T) >= 4)
  {
    // Nonzero, and sums of up to 3 * 7168 items (the callbacks' running
    // prefix included) stay far from overflow (signed overflow is undefined).
    const int shift = 8 * static_cast<int>(sizeof(T)) - 17;
    const T value   = static_cast<T>(static_cast<int64_t>(r >> 1) % (int64_t{1} << shift) + 1);
    return r & 1 ? static_cast<T>(-value) : value;
  }
  else
  {
    // All bits but zero: int8/int16 sums wrap through int, unsigned sums wrap.
    const T value = static_cast<T>(r);
    return value == T{} ? T{1} : value;
  }
}

template <typename T>
T* to_device(const std::vector<T>& host)
{
  T* device = nullptr;
  CHECK_CUDA(cudaMalloc(&device, sizeof(T) * host.size()));
  CHECK_CUDA(cudaMemcpy(device, host.data(), sizeof(T) * host.size(), cudaMemcpyHostToDevice));
  return device;
}

// The CPU reference of one block: want[(slot * TILES + tile) * N + k], N = THREADS * ITEMS.
template <typename T, typename Op>
void reference(const T* tiles, int n, T init, T start, Op op, std::vector<T>& want)
{
  const auto plus = [](const T& p, const T& q) {
    if constexpr (has_sum<T>)
    {
      return static_cast<T>(p + q);
    }
    else
    {
      return p;
    }
  };
  want.assign(static_cast<size_t>(SLOTS) * TILES * n, T{});
  const auto at = [&](int slot, int tile, int k) -> T& {
    return want[(static_cast<size_t>(slot) * TILES + tile) * n + k];
  };
  // Inclusive scans of `x` with `f`, unseeded and seeded with `seed`.
  std::vector<T> inc(n), inc_seeded(n), sum(n), sum_seeded(n);
  T prefix     = start;
  T sum_prefix = start;
  for (int tile = 0; tile < TILES; ++tile)
  {
    const T* x = tiles + static_cast<size_t>(tile) * n;
    for (int k = 0; k < n; ++k)
    {
      inc[k] = k == 0 ? x[0] : static_cast<T>(op(inc[k - 1], x[k]));
      sum[k] = k == 0 ? x[0] : plus(sum[k - 1], x[k]);
    }
    // The callbacks: this tile's prefix before it, the running total after.
    for (int k = 0; k < n; ++k)
    {
      at(EXCLUSIVE_CALLBACK, tile, k)     = k == 0 ? prefix : static_cast<T>(op(prefix, inc[k - 1]));
      at(INCLUSIVE_CALLBACK, tile, k)     = static_cast<T>(op(prefix, inc[k]));
      at(EXCLUSIVE_SUM_CALLBACK, tile, k) = k == 0 ? sum_prefix : plus(sum_prefix, sum[k - 1]);
      at(INCLUSIVE_SUM_CALLBACK, tile, k) = plus(sum_prefix, sum[k]);
    }
    prefix     = static_cast<T>(op(prefix, inc[n - 1]));
    sum_prefix = plus(sum_prefix, sum[n - 1]);
    if (tile != 0)
    {
      continue;
    }
    for (int k = 0; k < n; ++k)
    {
      inc_seeded[k] = static_cast<T>(op(k == 0 ? init : inc_seeded[k - 1], x[k]));
    }
    for (int k = 0; k < n; ++k)
    {
      const T exc      = k == 0 ? T{} : inc[k - 1]; // k == 0: undefined, not compared
      const T exc_init = k == 0 ? init : inc_seeded[k - 1];
      const T exc_sum  = k == 0 ? T{} : sum[k - 1];
      at(EXCLUSIVE_SUM, 0, k)          = exc_sum;
      at(EXCLUSIVE_SUM_AGG_OUT, 0, k)  = exc_sum;
      at(EXCLUSIVE_SUM_AGG, 0, k)      = sum[n - 1];
      at(INCLUSIVE_SUM, 0, k)          = sum[k];
      at(INCLUSIVE_SUM_AGG_OUT, 0, k)  = sum[k];
      at(INCLUSIVE_SUM_AGG, 0, k)      = sum[n - 1];
      at(EXCLUSIVE_INIT, 0, k)         = exc_init;
      at(EXCLUSIVE_INIT_AGG_OUT, 0, k) = exc_init;
      at(EXCLUSIVE_INIT_AGG, 0, k)     = inc[n - 1]; // the aggregate leaves the initial value out
      at(EXCLUSIVE, 0, k)              = exc;
      at(EXCLUSIVE_AGG_OUT, 0, k)      = exc;
      at(EXCLUSIVE_AGG, 0, k)          = inc[n - 1];
      at(INCLUSIVE, 0, k)              = inc[k];
      at(INCLUSIVE_AGG_OUT, 0, k)      = inc[k];
      at(INCLUSIVE_AGG, 0, k)          = inc[n - 1];
      at(INCLUSIVE_INIT, 0, k)         = inc_seeded[k];
      at(INCLUSIVE_INIT_AGG_OUT, 0, k) = inc_seeded[k];
      at(INCLUSIVE_INIT_AGG, 0, k)     = inc[n - 1];
      at(INCLUSIVE_PRIVATE, 0, k)      = inc[k];
    }
  }
}

inline bool is_callback_slot(int slot)
{
  return slot == EXCLUSIVE_SUM_CALLBACK || slot == INCLUSIVE_SUM_CALLBACK || slot == EXCLUSIVE_CALLBACK ||
         slot == INCLUSIVE_CALLBACK;
}

inline bool is_sum_slot(int slot)
{
  return slot <= INCLUSIVE_SUM_CALLBACK;
}

inline bool is_array_only_slot(int slot)
{
  return slot == INCLUSIVE_INIT || slot == INCLUSIVE_INIT_AGG_OUT || slot == INCLUSIVE_INIT_AGG;
}

// One case: BLOCKS blocks of BX x BY x BZ threads, ITEMS items each (the
// one-item overloads when SCALAR), scanned with `op`.
template <cubling::BlockScanAlgorithm A, cub::BlockScanAlgorithm C, typename T, int BX, int BY, int BZ, int ITEMS,
          bool SCALAR = false, typename Op>
void check_case(const char* type, const char* op_name, Op op)
{
  constexpr int THREADS = BX * BY * BZ;
  constexpr int N       = THREADS * ITEMS;
  std::vector<T> in(static_cast<size_t>(BLOCKS) * TILES * N), params(2 * BLOCKS);
  for (T& x : in)
  {
    x = random_item<T>();
  }
  for (T& x : params)
  {
    x = random_item<T>();
  }
  std::printf("case %d: %s, %s, block %dx%dx%d, %d item(s) per thread%s\n", cases, type, op_name, BX, BY, BZ, ITEMS,
              SCALAR ? " (one-item overloads)" : "");

  const size_t out_items = static_cast<size_t>(BLOCKS) * 2 * SLOTS * TILES * N;
  T* d_in                = to_device(in);
  T* d_params            = to_device(params);
  T* d_out               = nullptr;
  int* d_calls           = nullptr;
  CHECK_CUDA(cudaMalloc(&d_out, sizeof(T) * out_items));
  CHECK_CUDA(cudaMalloc(&d_calls, sizeof(int) * BLOCKS * THREADS));
  std::vector<T> out(out_items);
  std::vector<int> calls(static_cast<size_t>(BLOCKS) * THREADS);
  std::vector<T> want;

  for (const int poison : {0xA5, 0x5A})
  {
    CHECK_CUDA(cudaMemset(d_out, poison, sizeof(T) * out_items));
    CHECK_CUDA(cudaMemset(d_calls, 0, sizeof(int) * BLOCKS * THREADS));
    block_scan_kernel<A, C, T, BX, BY, BZ, ITEMS, SCALAR>
        <<<BLOCKS, dim3(BX, BY, BZ)>>>(d_in, d_params, op, d_out, d_calls);
    CHECK_LAUNCH();
    CHECK_CUDA(cudaMemcpy(out.data(), d_out, sizeof(T) * out_items, cudaMemcpyDeviceToHost));
    CHECK_CUDA(cudaMemcpy(calls.data(), d_calls, sizeof(int) * calls.size(), cudaMemcpyDeviceToHost));

    for (int b = 0; b < BLOCKS; ++b)
    {
      reference(in.data() + static_cast<size_t>(b) * TILES * N, N, params[2 * b], params[2 * b + 1], op, want);
      for (int impl = 0; impl < 2; ++impl)
      {
        const T* got = out.data() + (static_cast<size_t>(b) * 2 + impl) * SLOTS * TILES * N;
        for (int slot = 0; slot < SLOTS; ++slot)
        {
          if ((!has_sum<T> && is_sum_slot(slot)) || (SCALAR && is_array_only_slot(slot)))
          {
            continue;
          }
          const int tiles = is_callback_slot(slot) ? TILES : 1;
          for (int tile = 0; tile < tiles; ++tile)
          {
            for (int k = 0; k < N; ++k)
            {
              if (k == 0 && (slot == EXCLUSIVE || slot == EXCLUSIVE_AGG_OUT))
              {
                continue; // undefined in CUB's contract
              }
              const size_t at = (static_cast<size_t>(slot) * TILES + tile) * N + k;
              if (!check_same_bits(got[at], want[at]))
              {
                check_set_context("%s of %s, T=%s, op %s, block %dx%dx%d, %d item(s)%s, block %d, tile %d, "
                                  "thread %d, item %d, poison 0x%X",
                                  slot_names[slot], impl == 0 ? "cubling" : "CUB", type, op_name, BX, BY, BZ, ITEMS,
                                  SCALAR ? " (one-item overloads)" : "", b, tile, k / ITEMS, k % ITEMS, poison);
                EXPECT(false, "wrong value");
              }
            }
          }
        }
      }
      // The callback is called by the first warp (the whole block when smaller), once per tile and member.
      for (int r = 0; r < THREADS; ++r)
      {
        const int expected = r < 32 ? CALLBACK_MEMBERS<T> * TILES : 0;
        const int got      = calls[static_cast<size_t>(b) * THREADS + r];
        check_set_context("cubling's callback calls, T=%s, block %dx%dx%d, block %d, thread %d", type, BX, BY, BZ, b,
                          r);
        EXPECT(got == expected, "called %d times, expected %d", got, expected);
      }
    }
  }
  CHECK_CUDA(cudaFree(d_in));
  CHECK_CUDA(cudaFree(d_params));
  CHECK_CUDA(cudaFree(d_out));
  CHECK_CUDA(cudaFree(d_calls));
  ++cases;
}

// --- the plan -------------------------------------------------------------------------------

// The block shapes with int32 sums and scans (cuda::std::plus<>, which takes
// the warp scans' integer shortcut), and the non-commutative affine maps; a
// few instantiations per shape, to keep the compile short.
template <cubling::BlockScanAlgorithm A, cub::BlockScanAlgorithm C>
void check_shapes()
{
  const cuda::std::plus<> plus{};
  check_case<A, C, int32_t, 32, 1, 1, 4>("int32", "plus", plus);
  check_case<A, C, int32_t, 32, 1, 1, 1, true>("int32", "plus", plus);
  check_case<A, C, int32_t, 96, 1, 1, 4>("int32", "plus", plus);
  check_case<A, C, int32_t, 96, 1, 1, 7>("int32", "plus", plus);
  check_case<A, C, int32_t, 100, 1, 1, 1, true>("int32", "plus", plus); // not whole warps; segments of 4, 25 rakers
  check_case<A, C, int32_t, 128, 1, 1, 4>("int32", "plus", plus);
  check_case<A, C, int32_t, 128, 1, 1, 1>("int32", "plus", plus); // arrays of one
  check_case<A, C, int32_t, 256, 1, 1, 7>("int32", "plus", plus);
  check_case<A, C, int32_t, 1024, 1, 1, 4>("int32", "plus", plus);
  check_case<A, C, int32_t, 16, 4, 2, 4>("int32", "plus", plus);  // 3D: 128 threads
  check_case<A, C, int32_t, 20, 1, 1, 4>("int32", "plus", plus);  // one partial warp (shared-memory warp scan)
  check_case<A, C, int32_t, 40, 1, 1, 1, true>("int32", "plus", plus); // 20 segments of 2
  check_case<A, C, int32_t, 128, 1, 1, 4>("int32", "Max", cubling::Max{});

  const ComposeAffine compose{};
  check_case<A, C, Affine, 20, 1, 1, 1, true>("Affine", "ComposeAffine", compose);
  check_case<A, C, Affine, 32, 1, 1, 7>("Affine", "ComposeAffine", compose);
  check_case<A, C, Affine, 40, 1, 1, 4>("Affine", "ComposeAffine", compose);
  check_case<A, C, Affine, 96, 1, 1, 1, true>("Affine", "ComposeAffine", compose);
  check_case<A, C, Affine, 100, 1, 1, 7>("Affine", "ComposeAffine", compose);
  check_case<A, C, Affine, 128, 1, 1, 4>("Affine", "ComposeAffine", compose);
  check_case<A, C, Affine, 256, 1, 1, 1, true>("Affine", "ComposeAffine", compose);
  check_case<A, C, Affine, 1024, 1, 1, 7>("Affine", "ComposeAffine", compose);
  check_case<A, C, Affine, 16, 4, 2, 4>("Affine", "ComposeAffine", compose);
}

// Every item type, with cuda::std::plus<> for the scans too, on a few shapes.
template <cubling::BlockScanAlgorithm A, cub::BlockScanAlgorithm C>
void check_types()
{
  const cuda::std::plus<> plus{};
  check_case<A, C, int8_t, 128, 1, 1, 4>("int8", "plus", plus);
  check_case<A, C, int16_t, 96, 1, 1, 7>("int16", "plus", plus);
  check_case<A, C, int64_t, 256, 1, 1, 4>("int64", "plus", plus);
  check_case<A, C, int64_t, 100, 1, 1, 1, true>("int64", "plus", plus);
  check_case<A, C, uint8_t, 16, 4, 2, 1, true>("uint8", "plus", plus);
  check_case<A, C, uint16_t, 128, 1, 1, 4>("uint16", "plus", plus);
  check_case<A, C, uint32_t, 1024, 1, 1, 1, true>("uint32", "plus", plus);
  check_case<A, C, uint64_t, 96, 1, 1, 4>("uint64", "plus", plus);
  check_case<A, C, float, 128, 1, 1, 7>("float", "plus", plus);
  check_case<A, C, float, 100, 1, 1, 4>("float", "Max", cubling::Max{});
  check_case<A, C, double, 256, 1, 1, 4>("double", "plus", plus);
  check_case<A, C, double, 40, 1, 1, 1, true>("double", "plus", plus);
}

// main() of each test file.
template <cubling::BlockScanAlgorithm A, cub::BlockScanAlgorithm C>
int run(int argc, char** argv, const char* algorithm)
{
  const bool on_device = argc > 1 && std::strcmp(argv[1], "--device") == 0;
  if (!on_device)
  {
    std::printf("usage: %s --device (BlockScan runs on the GPU only)\n", argv[0]);
    return 2;
  }
  check_skip_without_gpu();
  rng = check_seed();
  check_shapes<A, C>();
  check_types<A, C>();
  std::printf("BlockScan<%s>: %d cases passed, cubling and CUB alike\n", algorithm, cases);
  return 0;
}

} // namespace block_scan_test
