// BlockExchange, on the GPU, against a CPU rearrangement and
// cub::BlockExchange.
//
// One case is one item type, one block shape and one ITEMS_PER_THREAD, in
// one launch of 2 blocks. Each thread starts from a known register array
// (thread r's item i is item r * ITEMS + i of its block's random tile) and
// runs every exchange
//   BlockedToStriped, StripedToBlocked, BlockedToWarpStriped, WarpStripedToBlocked
// three ways: cubling into a second array, cubling in place (the one-array
// overload, which passes the same array as input and output), and cub into
// a second array; plus one exchange
// with the default constructor (private storage), and one that converts
// the item type on output. The warp-striped exchanges need whole warps and
// are skipped on blocks that are not multiples of 32. The CPU oracle puts
// each input item at its position in the source arrangement and reads
// every output item from its position in the target arrangement. Outputs
// are poisoned first; every result must equal the oracle bit for bit.
#include <cub/block/block_exchange.cuh>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <type_traits>
#include <vector>

#include <cubling/block/block_exchange.cuh>
#include <cubling/util/arch.cuh>

#include "check.h"

namespace
{

// A 12-byte item with no padding and a constructor.
struct Item12
{
  int32_t a;
  uint32_t b;
  int32_t c;
  __host__ __device__ Item12() : a(1), b(2), c(3) {}
};

uint64_t rng = 0;
int cases    = 0;

enum Arrangement
{
  BLOCKED,
  STRIPED,
  WARP_STRIPED
};

int position(Arrangement arrangement, int threads, int items, int rank, int i)
{
  switch (arrangement)
  {
  case BLOCKED:
    return rank * items + i;
  case STRIPED:
    return i * threads + rank;
  default:
    return (rank / cubling::warp_threads) * cubling::warp_threads * items + i * cubling::warp_threads +
           rank % cubling::warp_threads;
  }
}

// The four exchanges, as (from, to).
constexpr int EXCHANGES                    = 4;
const Arrangement from_of[EXCHANGES]       = {BLOCKED, STRIPED, BLOCKED, WARP_STRIPED};
const Arrangement to_of[EXCHANGES]         = {STRIPED, BLOCKED, WARP_STRIPED, BLOCKED};
const char* const exchange_name[EXCHANGES] = {"BlockedToStriped", "StripedToBlocked", "BlockedToWarpStriped",
                                              "WarpStripedToBlocked"};

// Result slots: for exchange e, [3e] cubling, [3e + 1] cubling in place,
// [3e + 2] cub; then [12] private storage (BlockedToStriped) and, in the
// wide output, the converting exchange (StripedToBlocked into int64_t).
enum
{
  WAYS         = 3,
  SLOT_PRIVATE = EXCHANGES * WAYS,
  SLOTS        = SLOT_PRIVATE + 1,
  BLOCKS       = 2
};

// --- the kernel ---------------------------------------------------------------------------

template <typename T, int BX, int BY, int BZ, int ITEMS, bool WARPS>
__global__ void __launch_bounds__(BX* BY* BZ) exchange_kernel(const T* in, T* out, int64_t* wide)
{
  constexpr int THREADS = BX * BY * BZ;
  constexpr int TILE    = THREADS * ITEMS;
  using Mine            = cubling::BlockExchange<T, BX, ITEMS, false, BY, BZ>;
  using Theirs          = cub::BlockExchange<T, BX, ITEMS, false, BY, BZ>;
  __shared__ typename Mine::TempStorage mine_storage;
  __shared__ typename Theirs::TempStorage cub_storage;

  const int rank =
      (static_cast<int>(threadIdx.z) * BY + static_cast<int>(threadIdx.y)) * BX + static_cast<int>(threadIdx.x);
  const T* tile_in = in + static_cast<size_t>(blockIdx.x) * TILE;
  T* tile_out      = out + static_cast<size_t>(blockIdx.x) * SLOTS * TILE;
  T items[ITEMS];
  for (int i = 0; i < ITEMS; ++i)
  {
    items[i] = tile_in[rank * ITEMS + i];
  }
  auto dump = [&](int slot, const T(&result)[ITEMS])
  {
    for (int i = 0; i < ITEMS; ++i)
    {
      tile_out[slot * TILE + rank * ITEMS + i] = result[i];
    }
  };

  // Exchange e, three ways. Each call ends with reads of its storage, so the
  // block passes a barrier before the storage is written again.
  auto run = [&](int e, auto mine_op, auto mine_in_place_op, auto cub_op)
  {
    T result[ITEMS];
    mine_op(Mine(mine_storage), items, result);
    dump(WAYS * e, result);
    __syncthreads();
    T in_place[ITEMS];
    for (int i = 0; i < ITEMS; ++i)
    {
      in_place[i] = items[i];
    }
    mine_in_place_op(Mine(mine_storage), in_place);
    dump(WAYS * e + 1, in_place);
    cub_op(Theirs(cub_storage), items, result);
    dump(WAYS * e + 2, result);
    __syncthreads();
  };
  run(
      0, [](Mine m, const T(&x)[ITEMS], T(&y)[ITEMS]) { m.BlockedToStriped(x, y); },
      [](Mine m, T(&y)[ITEMS]) { m.BlockedToStriped(y); },
      [](Theirs t, const T(&x)[ITEMS], T(&y)[ITEMS]) { t.BlockedToStriped(x, y); });
  run(
      1, [](Mine m, const T(&x)[ITEMS], T(&y)[ITEMS]) { m.StripedToBlocked(x, y); },
      [](Mine m, T(&y)[ITEMS]) { m.StripedToBlocked(y); },
      [](Theirs t, const T(&x)[ITEMS], T(&y)[ITEMS]) { t.StripedToBlocked(x, y); });
  if constexpr (WARPS)
  {
    run(
        2, [](Mine m, const T(&x)[ITEMS], T(&y)[ITEMS]) { m.BlockedToWarpStriped(x, y); },
        [](Mine m, T(&y)[ITEMS]) { m.BlockedToWarpStriped(y); },
        [](Theirs t, const T(&x)[ITEMS], T(&y)[ITEMS]) { t.BlockedToWarpStriped(x, y); });
    run(
        3, [](Mine m, const T(&x)[ITEMS], T(&y)[ITEMS]) { m.WarpStripedToBlocked(x, y); },
        [](Mine m, T(&y)[ITEMS]) { m.WarpStripedToBlocked(y); },
        [](Theirs t, const T(&x)[ITEMS], T(&y)[ITEMS]) { t.WarpStripedToBlocked(x, y); });
  }

  T result[ITEMS];
  Mine().BlockedToStriped(items, result);
  dump(SLOT_PRIVATE, result);

  if constexpr (std::is_integral_v<T> && std::is_signed_v<T> && sizeof(T) <= 4) // signed integers: widen on output
  {
    __syncthreads();
    int64_t widened[ITEMS];
    Mine(mine_storage).StripedToBlocked(items, widened);
    for (int i = 0; i < ITEMS; ++i)
    {
      wide[static_cast<size_t>(blockIdx.x) * TILE + rank * ITEMS + i] = widened[i];
    }
  }
}

// --- one case -----------------------------------------------------------------------------

template <typename T, int BX, int BY, int BZ, int ITEMS> void check_case(const char* type)
{
  constexpr int THREADS = BX * BY * BZ;
  constexpr int TILE    = THREADS * ITEMS;
  constexpr bool WARPS  = THREADS % cubling::warp_threads == 0;
  constexpr bool WIDEN  = std::is_integral_v<T> && std::is_signed_v<T> && sizeof(T) <= 4;

  std::vector<T> in(static_cast<size_t>(BLOCKS) * TILE);
  for (T& x : in)
  {
    x = check_random_bits<T>(&rng);
  }
  T *d_in = nullptr, *d_out = nullptr;
  int64_t* d_wide        = nullptr;
  const size_t out_count = static_cast<size_t>(BLOCKS) * SLOTS * TILE;
  CHECK_CUDA(cudaMalloc(&d_in, sizeof(T) * in.size()));
  CHECK_CUDA(cudaMalloc(&d_out, sizeof(T) * out_count));
  CHECK_CUDA(cudaMalloc(&d_wide, sizeof(int64_t) * BLOCKS * TILE));
  CHECK_CUDA(cudaMemcpy(d_in, in.data(), sizeof(T) * in.size(), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemset(d_out, 0xA5, sizeof(T) * out_count));
  CHECK_CUDA(cudaMemset(d_wide, 0xA5, sizeof(int64_t) * BLOCKS * TILE));
  exchange_kernel<T, BX, BY, BZ, ITEMS, WARPS><<<BLOCKS, dim3(BX, BY, BZ)>>>(d_in, d_out, d_wide);
  CHECK_LAUNCH();
  std::vector<T> out(out_count);
  std::vector<int64_t> wide(static_cast<size_t>(BLOCKS) * TILE);
  CHECK_CUDA(cudaMemcpy(out.data(), d_out, sizeof(T) * out.size(), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(wide.data(), d_wide, sizeof(int64_t) * wide.size(), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaFree(d_in));
  CHECK_CUDA(cudaFree(d_out));
  CHECK_CUDA(cudaFree(d_wide));

  auto fail = [&](const char* what, const char* exchange, int block, int rank, int i)
  {
    char detail[256];
    std::snprintf(detail, sizeof detail,
                  "T=%s, block %dx%dx%d, %d item(s) per thread, %s, block %d, thread %d, item %d", type, BX, BY, BZ,
                  ITEMS, exchange, block, rank, i);
    check_fail(__FILE__, __LINE__, what, detail);
  };

  for (int b = 0; b < BLOCKS; ++b)
  {
    const T* regs = in.data() + static_cast<size_t>(b) * TILE; // thread r's item i: regs[r * ITEMS + i]
    const T* got  = out.data() + static_cast<size_t>(b) * SLOTS * TILE;
    for (int e = 0; e < EXCHANGES; ++e)
    {
      if (!WARPS && (from_of[e] == WARP_STRIPED || to_of[e] == WARP_STRIPED))
      {
        continue;
      }
      // The tile as the exchange sees it: input item i of thread r sits at its source position.
      std::vector<T> tile(TILE);
      for (int r = 0; r < THREADS; ++r)
      {
        for (int i = 0; i < ITEMS; ++i)
        {
          tile[position(from_of[e], THREADS, ITEMS, r, i)] = regs[r * ITEMS + i];
        }
      }
      for (int r = 0; r < THREADS; ++r)
      {
        for (int i = 0; i < ITEMS; ++i)
        {
          const T& want = tile[position(to_of[e], THREADS, ITEMS, r, i)];
          const int at  = r * ITEMS + i;
          if (!check_same_bits(got[(WAYS * e) * TILE + at], want))
          {
            fail("cubling::BlockExchange differs from the CPU rearrangement", exchange_name[e], b, r, i);
          }
          if (!check_same_bits(got[(WAYS * e + 1) * TILE + at], want))
          {
            fail("cubling::BlockExchange, in place, differs from the CPU rearrangement", exchange_name[e], b, r, i);
          }
          if (!check_same_bits(got[(WAYS * e + 2) * TILE + at], want))
          {
            fail("cub::BlockExchange differs from the CPU rearrangement", exchange_name[e], b, r, i);
          }
          if (e == 0 && !check_same_bits(got[SLOT_PRIVATE * TILE + at], want))
          {
            fail("cubling::BlockExchange() (private storage) differs from the CPU rearrangement", exchange_name[e], b,
                 r, i);
          }
          if constexpr (WIDEN)
          {
            if (e == 1 && wide[static_cast<size_t>(b) * TILE + at] != static_cast<int64_t>(want))
            {
              fail("cubling::BlockExchange into int64_t differs from the CPU rearrangement", exchange_name[e], b, r, i);
            }
          }
        }
      }
    }
  }
  ++cases;
}

// Every shape and ITEMS_PER_THREAD on int32 (8 and 16 items take the padded layout).
template <int BX, int BY, int BZ> void check_shape()
{
  check_case<int32_t, BX, BY, BZ, 1>("int32");
  check_case<int32_t, BX, BY, BZ, 3>("int32");
  check_case<int32_t, BX, BY, BZ, 4>("int32");
  check_case<int32_t, BX, BY, BZ, 8>("int32");
  if constexpr (BX * BY * BZ <= 128) // three tiles of shared memory (cubling, cub, private) fit in 48 KiB
  {
    check_case<int32_t, BX, BY, BZ, 16>("int32");
  }
}

template <typename T> void check_type(const char* type)
{
  check_case<T, 128, 1, 1, 4>(type);
  check_case<T, 96, 1, 1, 3>(type);
  check_case<T, 32, 4, 1, 8>(type);
}

} // namespace

int main(int argc, char** argv)
{
  const bool on_device = argc > 1 && std::strcmp(argv[1], "--device") == 0;
  if (!on_device)
  {
    std::printf("usage: %s --device (BlockExchange runs on the GPU only)\n", argv[0]);
    return 2;
  }
  check_skip_without_gpu();
  rng = check_seed();
  check_shape<32, 1, 1>();
  check_shape<96, 1, 1>();
  check_shape<128, 1, 1>();
  check_shape<256, 1, 1>();
  check_shape<32, 4, 1>(); // 2D
  check_shape<5, 4, 3>();  // 3D, 60 threads: not whole warps (striped exchanges only)
  check_case<int32_t, 65, 1, 1, 3>("int32");
  check_type<int8_t>("int8");
  check_type<int16_t>("int16");
  check_type<int64_t>("int64");
  check_type<uint8_t>("uint8");
  check_type<uint16_t>("uint16");
  check_type<uint32_t>("uint32");
  check_type<uint64_t>("uint64");
  check_type<float>("float");
  check_type<double>("double");
  check_type<Item12>("Item12");
  std::printf("BlockExchange: %d cases passed\n", cases);
  return 0;
}
