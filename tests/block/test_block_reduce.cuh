// test_block_reduce.cuh: the BlockReduce test harness. Each
// test_block_reduce_<algorithm>.cu runs it for one algorithm (one file per
// algorithm keeps each compile short and lets them build in parallel).
//
// One case is one kernel launch of 8 blocks of a fixed shape. Each block
// reduces its own random items (1 or 4 per thread) with
//   [0] cubling::BlockReduce on a caller-declared TempStorage,
//   [1] cub::BlockReduce with the same algorithm, on the same registers,
//   [2] cubling::BlockReduce with the default constructor (private storage),
// and, with one item per thread, the first num_valid threads' values with
//   [3] cubling, reusing [0]'s TempStorage after a __syncthreads(),
//   [4] cub,
// where num_valid differs per block: the whole block, 1, 31, 32, 33, half
// the block plus one, the block minus one, and more than the block. (cubling
// defines num_valid >= the block size as "every thread"; CUB 3.0.1 documents
// num_valid only up to the block size, and on blocks that are not a multiple
// of 32 it folds in missing threads beyond it, so CUB is given at most the
// block size.)
// The CPU oracle is the left fold in rank order; every result must equal it
// exactly, CUB's included. The inputs are chosen so that exact equality is
// right: integers (wrapping, which is associative and commutative), floats
// that are small multiples of 1/8 (their sums are exact in any order), and
// a custom struct with an exact operator. Outputs are poisoned first.
#pragma once

#include <cub/block/block_reduce.cuh>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <type_traits>
#include <vector>

#include <cubling/block/block_reduce.cuh>
#include <cubling/thread/thread_operators.cuh>

#include "check.h"

namespace block_reduce_test
{

// --- custom types and operators -------------------------------------------------

// example-begin custom-types
// A non-commutative, associative operator on a struct: composing affine maps
// x -> a*x + b over 32-bit wraparound arithmetic (f then g). The constructor
// makes the struct non-trivial, which __shared__ storage must cope with.
struct Affine
{
  uint32_t a, b;
  __host__ __device__ Affine() : a(1), b(0) {}
  __host__ __device__ Affine(uint32_t a_, uint32_t b_) : a(a_), b(b_) {}
};

struct ComposeAffine
{
  __host__ __device__ Affine operator()(const Affine& f, const Affine& g) const
  {
    return Affine(g.a * f.a, g.a * f.b + g.b);
  }
};

// A commutative and associative operator on a struct: the range [lo, hi] of
// the values seen so far.
struct Range
{
  int32_t lo, hi;
  __host__ __device__ Range() : lo(0), hi(0) {}
  __host__ __device__ Range(int32_t lo_, int32_t hi_) : lo(lo_), hi(hi_) {}
};

struct MergeRanges
{
  __host__ __device__ Range operator()(const Range& x, const Range& y) const
  {
    return Range(y.lo < x.lo ? y.lo : x.lo, x.hi < y.hi ? y.hi : x.hi);
  }
};

// A commutative and associative custom operator on integers.
struct BitXor
{
  template <typename T>
  __host__ __device__ T operator()(const T& x, const T& y) const
  {
    return static_cast<T>(x ^ y);
  }
};
// example-end custom-types

// --- inputs ---------------------------------------------------------------------------

inline uint64_t rng = 0;
inline int cases    = 0;

template <typename T>

T random_item()
{
  const uint64_t r = check_random(&rng);
  if constexpr (std::is_same_v<T, Affine>)
  {
    return Affine(static_cast<uint32_t>(r) | 1u, static_cast<uint32_t>(r >> 32));
  }
  else if constexpr (std::is_same_v<T, Range>)
  {
    const int32_t x = static_cast<int32_t>(r);
    return Range(x, x);
  }
  else if constexpr (std::is_floating_point_v<T>)
  {
    return static_cast<T>(static_cast<int>(r % 801) - 400) / T(8); // exact sums in any order
  }
  else if constexpr (std::is_signed_v<T> && sizeof(T) >= 4)
  {
    // Sums of up to 4096 items stay far from overflow (signed overflow is undefined).
    const int shift = 8 * static_cast<int>(sizeof(T)) - 14;
    return static_cast<T>(static_cast<int64_t>(r >> 1) % (int64_t{1} << shift)) * static_cast<T>(r & 1 ? -1 : 1);
  }
  else
  {
    return static_cast<T>(r); // all bits; int8/int16 sums wrap through int, unsigned sums wrap
  }
}

template <typename T>

bool same_bits(const T& x, const T& y)
{
  return std::memcmp(&x, &y, sizeof(T)) == 0;
}

// The CPU oracle: fold `count` items left to right, in rank order.
template <typename T, typename Op>
T left_fold(const T* items, int count, Op op)
{
  T accumulator = items[0];
  for (int i = 1; i < count; ++i)
  {
    accumulator = static_cast<T>(op(accumulator, items[i]));
  }
  return accumulator;
}

// --- the kernel -------------------------------------------------------------------------

constexpr int BLOCKS  = 8;
constexpr int RESULTS = 5; // per block: [0]..[4] as described at the top

template <typename T, int BX, int BY, int BZ, cubling::BlockReduceAlgorithm ALGORITHM,
          cub::BlockReduceAlgorithm CUB_ALGORITHM, int ITEMS, bool USE_SUM, typename Op>
__global__ void __launch_bounds__(BX* BY* BZ) block_reduce_kernel(const T* in, const int* num_valid, Op op, T* out)
{
  constexpr int THREADS = BX * BY * BZ;
  using Mine            = cubling::BlockReduce<T, BX, ALGORITHM, BY, BZ>;
  using Theirs          = cub::BlockReduce<T, BX, CUB_ALGORITHM, BY, BZ>;
  __shared__ typename Mine::TempStorage mine_storage;
  __shared__ typename Theirs::TempStorage cub_storage;

  const int rank =
      (static_cast<int>(threadIdx.z) * BY + static_cast<int>(threadIdx.y)) * BX + static_cast<int>(threadIdx.x);
  const T* block_in = in + static_cast<size_t>(blockIdx.x) * THREADS * ITEMS;
  T* block_out      = out + static_cast<size_t>(blockIdx.x) * RESULTS;
  T items[ITEMS];
  for (int i = 0; i < ITEMS; ++i)
  {
    items[i] = block_in[rank * ITEMS + i];
  }

  T mine, theirs, mine_private;
  if constexpr (ITEMS == 1 && USE_SUM)
  {
    mine         = Mine(mine_storage).Sum(items[0]);
    theirs       = Theirs(cub_storage).Sum(items[0]);
    mine_private = Mine().Sum(items[0]);
  }
  else if constexpr (ITEMS == 1)
  {
    mine         = Mine(mine_storage).Reduce(items[0], op);
    theirs       = Theirs(cub_storage).Reduce(items[0], op);
    mine_private = Mine().Reduce(items[0], op);
  }
  else if constexpr (USE_SUM)
  {
    mine         = Mine(mine_storage).Sum(items);
    theirs       = Theirs(cub_storage).Sum(items);
    mine_private = Mine().Sum(items);
  }
  else
  {
    mine         = Mine(mine_storage).Reduce(items, op);
    theirs       = Theirs(cub_storage).Reduce(items, op);
    mine_private = Mine().Reduce(items, op);
  }
  if (rank == 0)
  {
    block_out[0] = mine;
    block_out[1] = theirs;
    block_out[2] = mine_private;
  }

  if constexpr (ITEMS == 1)
  {
    const int valid = num_valid[blockIdx.x];
    __syncthreads(); // mine_storage and cub_storage are reused
    if constexpr (USE_SUM)
    {
      mine   = Mine(mine_storage).Sum(items[0], valid);
      theirs = Theirs(cub_storage).Sum(items[0], valid < THREADS ? valid : THREADS);
    }
    else
    {
      mine   = Mine(mine_storage).Reduce(items[0], op, valid);
      theirs = Theirs(cub_storage).Reduce(items[0], op, valid < THREADS ? valid : THREADS);
    }
    if (rank == 0)
    {
      block_out[3] = mine;
      block_out[4] = theirs;
    }
  }
}

// --- one case ----------------------------------------------------------------------------

template <typename T> T* to_device(const std::vector<T>& host)
{
  T* device = nullptr;
  CHECK_CUDA(cudaMalloc(&device, sizeof(T) * host.size()));
  CHECK_CUDA(cudaMemcpy(device, host.data(), sizeof(T) * host.size(), cudaMemcpyHostToDevice));
  return device;
}

inline void fail(const char* what, const char* type, int bx, int by, int bz, int items, const char* op, int block,
                 int valid)
{
  char detail[256];
  std::snprintf(detail, sizeof detail, "T=%s, block %dx%dx%d, %d item(s) per thread, op %s, block %d, num_valid %d",
                type, bx, by, bz, items, op, block, valid);
  check_fail(__FILE__, __LINE__, what, detail);
}

// One launch: BLOCKS blocks of BX x BY x BZ threads, ITEMS items each, reduced with op.
template <cubling::BlockReduceAlgorithm ALGORITHM, cub::BlockReduceAlgorithm CUB_ALGORITHM, typename T, int BX, int BY,
          int BZ, int ITEMS, bool USE_SUM = false, typename Op>
void check_case(const char* type, const char* op_name, Op op)
{
  constexpr int THREADS = BX * BY * BZ;
  std::vector<T> in(static_cast<size_t>(BLOCKS) * THREADS * ITEMS);
  for (T& x : in)
  {
    x = random_item<T>();
  }
  auto at_most                     = [](int n) { return n < THREADS ? n : THREADS; };
  const std::vector<int> num_valid = {
      THREADS, 1, at_most(31), at_most(32), at_most(33), THREADS / 2 + 1, THREADS > 1 ? THREADS - 1 : 1, THREADS + 7};

  T* d_in          = to_device(in);
  int* d_num_valid = to_device(num_valid);
  T* d_out         = nullptr;
  CHECK_CUDA(cudaMalloc(&d_out, sizeof(T) * BLOCKS * RESULTS));
  CHECK_CUDA(cudaMemset(d_out, 0xA5, sizeof(T) * BLOCKS * RESULTS));
  block_reduce_kernel<T, BX, BY, BZ, ALGORITHM, CUB_ALGORITHM, ITEMS, USE_SUM>
      <<<BLOCKS, dim3(BX, BY, BZ)>>>(d_in, d_num_valid, op, d_out);
  CHECK_LAUNCH();
  std::vector<T> out(BLOCKS * RESULTS);
  CHECK_CUDA(cudaMemcpy(out.data(), d_out, sizeof(T) * out.size(), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaFree(d_in));
  CHECK_CUDA(cudaFree(d_num_valid));
  CHECK_CUDA(cudaFree(d_out));

  for (int b = 0; b < BLOCKS; ++b)
  {
    const T* items = in.data() + static_cast<size_t>(b) * THREADS * ITEMS;
    const T* got   = out.data() + static_cast<size_t>(b) * RESULTS;
    const T want   = left_fold(items, THREADS * ITEMS, op);
    if (!same_bits(got[0], want))
    {
      fail("cubling::BlockReduce(temp_storage) differs from the CPU fold", type, BX, BY, BZ, ITEMS, op_name, b,
           THREADS);
    }
    if (!same_bits(got[1], want))
    {
      fail("cub::BlockReduce differs from the CPU fold", type, BX, BY, BZ, ITEMS, op_name, b, THREADS);
    }
    if (!same_bits(got[2], want))
    {
      fail("cubling::BlockReduce() (private storage) differs from the CPU fold", type, BX, BY, BZ, ITEMS, op_name, b,
           THREADS);
    }
    if (ITEMS == 1)
    {
      const int valid      = num_valid[b];
      const T want_partial = left_fold(items, at_most(valid), op);
      if (!same_bits(got[3], want_partial))
      {
        fail("cubling::BlockReduce, num_valid, differs from the CPU fold", type, BX, BY, BZ, ITEMS, op_name, b, valid);
      }
      if (!same_bits(got[4], want_partial))
      {
        fail("cub::BlockReduce, num_valid, differs from the CPU fold", type, BX, BY, BZ, ITEMS, op_name, b, valid);
      }
    }
  }
  ++cases;
}

// --- the plan -------------------------------------------------------------------------------

// Every block shape, on int32, with every operator, 1 and 4 items per thread.
template <cubling::BlockReduceAlgorithm A, cub::BlockReduceAlgorithm C, int BX, int BY, int BZ>
void check_shape()
{
  check_case<A, C, int32_t, BX, BY, BZ, 1, true>("int32", "Sum", cubling::Sum());
  check_case<A, C, int32_t, BX, BY, BZ, 4, true>("int32", "Sum", cubling::Sum());
  check_case<A, C, int32_t, BX, BY, BZ, 1>("int32", "Min", cubling::Min());
  check_case<A, C, int32_t, BX, BY, BZ, 4>("int32", "Max", cubling::Max());
  check_case<A, C, int32_t, BX, BY, BZ, 1>("int32", "BitXor", BitXor());
  check_case<A, C, int32_t, BX, BY, BZ, 4>("int32", "BitXor", BitXor());
}

// Every item type, on a block that is not a multiple of 32 and on a 3D block.
template <cubling::BlockReduceAlgorithm A, cub::BlockReduceAlgorithm C, typename T>
void check_type(const char* type)
{
  check_case<A, C, T, 65, 1, 1, 1, true>(type, "Sum", cubling::Sum());
  check_case<A, C, T, 65, 1, 1, 4, true>(type, "Sum", cubling::Sum());
  check_case<A, C, T, 65, 1, 1, 1>(type, "Min", cubling::Min());
  check_case<A, C, T, 5, 4, 3, 1>(type, "Max", cubling::Max());
  check_case<A, C, T, 5, 4, 3, 4, true>(type, "Sum", cubling::Sum());
}

// A custom struct with a custom operator, on several shapes.
template <cubling::BlockReduceAlgorithm A, cub::BlockReduceAlgorithm C, typename T, typename Op>
void check_struct(const char* type, const char* op_name, Op op)
{
  check_case<A, C, T, 7, 1, 1, 1>(type, op_name, op);
  check_case<A, C, T, 65, 1, 1, 4>(type, op_name, op);
  check_case<A, C, T, 256, 1, 1, 1>(type, op_name, op);
  check_case<A, C, T, 1024, 1, 1, 4>(type, op_name, op);
  check_case<A, C, T, 5, 4, 3, 1>(type, op_name, op);
}

template <cubling::BlockReduceAlgorithm A, cub::BlockReduceAlgorithm C>

void check_all()
{
  check_shape<A, C, 7, 1, 1>();
  check_shape<A, C, 32, 1, 1>();
  check_shape<A, C, 64, 1, 1>(); // raking segments of 2, unpadded (read as one 8-byte access)
  check_shape<A, C, 65, 1, 1>();
  check_shape<A, C, 96, 1, 1>();
  check_shape<A, C, 128, 1, 1>();
  check_shape<A, C, 256, 1, 1>();
  check_shape<A, C, 1024, 1, 1>();
  check_shape<A, C, 32, 4, 1>(); // 2D: 128 threads
  check_shape<A, C, 5, 4, 3>();  // 3D: 60 threads, not a multiple of 32 (raking: 30 full segments of 2)

  check_type<A, C, int8_t>("int8");
  check_type<A, C, int16_t>("int16");
  check_type<A, C, int32_t>("int32");
  check_type<A, C, int64_t>("int64");
  check_type<A, C, uint8_t>("uint8");
  check_type<A, C, uint16_t>("uint16");
  check_type<A, C, uint32_t>("uint32");
  check_type<A, C, uint64_t>("uint64");
  check_type<A, C, float>("float");
  check_type<A, C, double>("double");

  check_struct<A, C, Range>("Range", "MergeRanges", MergeRanges());
  // Composing affine maps is not commutative: only the algorithms that keep
  // rank order may be given it. BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY requires
  // a commutative operator and would, correctly, get it wrong.
  if constexpr (A != cubling::BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY)
  {
    check_struct<A, C, Affine>("Affine", "ComposeAffine", ComposeAffine());
  }
}

// main() of each test file.
template <cubling::BlockReduceAlgorithm A, cub::BlockReduceAlgorithm C>
int run(int argc, char** argv, const char* algorithm)
{
  const bool on_device = argc > 1 && std::strcmp(argv[1], "--device") == 0;
  if (!on_device)
  {
    std::printf("usage: %s --device (BlockReduce runs on the GPU only)\n", argv[0]);
    return 2;
  }
  check_skip_without_gpu();
  rng = check_seed();
  check_all<A, C>();
  std::printf("BlockReduce<%s>: %d cases passed\n", algorithm, cases);
  return 0;
}

} // namespace block_reduce_test
