// BlockExchange's scatter exchanges (ScatterToBlocked, ScatterToStriped,
// ScatterToStripedGuarded, ScatterToStripedFlagged), on the GPU, against a
// CPU scatter and cub::BlockExchange.
//
// One case is one item type, one block shape and one ITEMS_PER_THREAD, in
// one launch of 3 blocks. Each block gets its own random tile of items and
// its own ranks: a random permutation of the tile positions (thread r's item
// i goes to position ranks[r * ITEMS + i]), so items travel far and every
// thread both sends to and receives from many others. In the same kernel,
// on the same registers, every scatter runs three ways: cubling into a
// second array, cubling in place (the one-array overload), and cub into a
// second array; plus ScatterToStriped with the default constructor (private
// storage) and ScatterToBlocked with 64-bit ranks. The guarded and flagged
// forms leave out the items ranked at or past a per-block count `valid`
// (the whole tile, a random count, and 1): guarded gives them rank -1,
// flagged a false flag and a rank far outside the tile, which must not be
// used. The CPU oracle writes each item to its rank in a tile and reads the
// target arrangement back; outputs are poisoned first, and every result at a
// position that received an item must equal the oracle bit for bit (CUB's
// included). Positions that received none (guarded and flagged, from
// `valid` on) are unspecified and not checked.
#include <cub/block/block_exchange.cuh>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <utility>
#include <vector>

#include <cubling/block/block_exchange.cuh>

#include "check.h"

namespace
{

// A 6-byte item with no padding and a constructor: the shared tile must cope
// with a type that __shared__ cannot construct.
struct Small
{
  int16_t a;
  int16_t b;
  int16_t c;
  __host__ __device__ Small() : a(1), b(2), c(3) {}
};

uint64_t rng = 0;
int cases    = 0;

// The four scatters; each runs three ways (cubling, cubling in place, cub).
enum Scatter
{
  TO_BLOCKED,
  TO_STRIPED,
  TO_STRIPED_GUARDED,
  TO_STRIPED_FLAGGED,
  SCATTERS
};
const char* const scatter_name[SCATTERS] = {"ScatterToBlocked", "ScatterToStriped", "ScatterToStripedGuarded",
                                            "ScatterToStripedFlagged"};
const char* const way_name[3]            = {"cubling", "cubling in place", "cub"};

// Result slots: [3s + way] for scatter s; then the private-storage
// ScatterToStriped and the ScatterToBlocked with int64_t ranks.
enum
{
  WAYS         = 3,
  SLOT_PRIVATE = SCATTERS * WAYS,
  SLOT_RANKS64,
  SLOTS,
  BLOCKS = 3
};

// --- the kernel ---------------------------------------------------------------------------

template <typename T, int BX, int BY, int ITEMS>
__global__ void __launch_bounds__(BX* BY)
    scatter_kernel(const T* in, const int* ranks_in, const int* valid_per_block, T* out)
{
  constexpr int THREADS = BX * BY;
  constexpr int TILE    = THREADS * ITEMS;
  using Mine            = cubling::BlockExchange<T, BX, ITEMS, false, BY>;
  using Theirs          = cub::BlockExchange<T, BX, ITEMS, false, BY>;
  __shared__ typename Mine::TempStorage mine_storage;
  __shared__ typename Theirs::TempStorage cub_storage;

  const int rank     = static_cast<int>(threadIdx.y) * BX + static_cast<int>(threadIdx.x);
  const size_t first = static_cast<size_t>(blockIdx.x) * TILE + static_cast<size_t>(rank) * ITEMS;
  const int valid    = valid_per_block[blockIdx.x];
  T items[ITEMS];
  int ranks[ITEMS];
  int guarded_ranks[ITEMS]; // -1: left out
  int flagged_ranks[ITEMS]; // far outside the tile where the flag is false
  bool flags[ITEMS];
  int64_t ranks64[ITEMS];
  for (int i = 0; i < ITEMS; ++i)
  {
    items[i]         = in[first + i];
    ranks[i]         = ranks_in[first + i];
    flags[i]         = ranks[i] < valid;
    guarded_ranks[i] = flags[i] ? ranks[i] : -1;
    flagged_ranks[i] = flags[i] ? ranks[i] : 3 * TILE + rank;
    ranks64[i]       = ranks[i];
  }
  T* block_out = out + static_cast<size_t>(blockIdx.x) * SLOTS * TILE;
  auto dump    = [&](int slot, const T(&result)[ITEMS])
  {
    for (int i = 0; i < ITEMS; ++i)
    {
      block_out[slot * TILE + rank * ITEMS + i] = result[i];
    }
  };

  // Scatter s, three ways. Each call ends with reads of its storage, so the
  // block passes a barrier before that storage is written again.
  auto run = [&](int s, auto mine_op, auto mine_in_place_op, auto cub_op)
  {
    T result[ITEMS];
    mine_op(Mine(mine_storage), result);
    dump(WAYS * s, result);
    __syncthreads();
    T in_place[ITEMS];
    for (int i = 0; i < ITEMS; ++i)
    {
      in_place[i] = items[i];
    }
    mine_in_place_op(Mine(mine_storage), in_place);
    dump(WAYS * s + 1, in_place);
    cub_op(Theirs(cub_storage), result);
    dump(WAYS * s + 2, result);
    __syncthreads();
  };
  run(
      TO_BLOCKED, [&](Mine m, T(&y)[ITEMS]) { m.ScatterToBlocked(items, y, ranks); },
      [&](Mine m, T(&y)[ITEMS]) { m.ScatterToBlocked(y, ranks); },
      [&](Theirs t, T(&y)[ITEMS]) { t.ScatterToBlocked(items, y, ranks); });
  run(
      TO_STRIPED, [&](Mine m, T(&y)[ITEMS]) { m.ScatterToStriped(items, y, ranks); },
      [&](Mine m, T(&y)[ITEMS]) { m.ScatterToStriped(y, ranks); },
      [&](Theirs t, T(&y)[ITEMS]) { t.ScatterToStriped(items, y, ranks); });
  run(
      TO_STRIPED_GUARDED, [&](Mine m, T(&y)[ITEMS]) { m.ScatterToStripedGuarded(items, y, guarded_ranks); },
      [&](Mine m, T(&y)[ITEMS]) { m.ScatterToStripedGuarded(y, guarded_ranks); },
      [&](Theirs t, T(&y)[ITEMS]) { t.ScatterToStripedGuarded(items, y, guarded_ranks); });
  // (CUB 3.0.1's one-array ScatterToStripedFlagged does not compile: it
  // forwards to a private overload. Its two-array form is the reference.)
  run(
      TO_STRIPED_FLAGGED, [&](Mine m, T(&y)[ITEMS]) { m.ScatterToStripedFlagged(items, y, flagged_ranks, flags); },
      [&](Mine m, T(&y)[ITEMS]) { m.ScatterToStripedFlagged(y, flagged_ranks, flags); },
      [&](Theirs t, T(&y)[ITEMS]) { t.ScatterToStripedFlagged(items, y, flagged_ranks, flags); });

  T result[ITEMS];
  Mine().ScatterToStriped(items, result, ranks);
  dump(SLOT_PRIVATE, result);
  Mine(mine_storage).ScatterToBlocked(items, result, ranks64);
  dump(SLOT_RANKS64, result);
}

// --- one case -----------------------------------------------------------------------------

template <typename T, int BX, int BY, int ITEMS> void check_case(const char* type)
{
  constexpr int THREADS = BX * BY;
  constexpr int TILE    = THREADS * ITEMS;

  // Inputs: random items; per block, a random permutation of the tile as ranks.
  std::vector<T> in(static_cast<size_t>(BLOCKS) * TILE);
  for (T& x : in)
  {
    x = check_random_bits<T>(&rng);
  }
  std::vector<int> ranks(static_cast<size_t>(BLOCKS) * TILE);
  for (int b = 0; b < BLOCKS; ++b)
  {
    int* perm = ranks.data() + static_cast<size_t>(b) * TILE;
    for (int k = 0; k < TILE; ++k)
    {
      perm[k] = k;
    }
    for (int k = TILE - 1; k > 0; --k) // Fisher-Yates
    {
      std::swap(perm[k], perm[check_random(&rng) % static_cast<uint64_t>(k + 1)]);
    }
  }
  const int valid[BLOCKS] = {TILE, static_cast<int>(check_random(&rng) % TILE), 1};

  T *d_in = nullptr, *d_out = nullptr;
  int *d_ranks = nullptr, *d_valid = nullptr;
  const size_t out_count = static_cast<size_t>(BLOCKS) * SLOTS * TILE;
  CHECK_CUDA(cudaMalloc(&d_in, sizeof(T) * in.size()));
  CHECK_CUDA(cudaMalloc(&d_ranks, sizeof(int) * ranks.size()));
  CHECK_CUDA(cudaMalloc(&d_valid, sizeof(valid)));
  CHECK_CUDA(cudaMalloc(&d_out, sizeof(T) * out_count));
  CHECK_CUDA(cudaMemcpy(d_in, in.data(), sizeof(T) * in.size(), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(d_ranks, ranks.data(), sizeof(int) * ranks.size(), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(d_valid, valid, sizeof(valid), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemset(d_out, 0xA5, sizeof(T) * out_count));
  scatter_kernel<T, BX, BY, ITEMS><<<BLOCKS, dim3(BX, BY)>>>(d_in, d_ranks, d_valid, d_out);
  CHECK_LAUNCH();
  std::vector<T> out(out_count);
  CHECK_CUDA(cudaMemcpy(out.data(), d_out, sizeof(T) * out.size(), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaFree(d_in));
  CHECK_CUDA(cudaFree(d_ranks));
  CHECK_CUDA(cudaFree(d_valid));
  CHECK_CUDA(cudaFree(d_out));

  auto fail = [&](const char* what, const char* scatter, const char* way, int block, int rank, int i)
  {
    char detail[320];
    std::snprintf(detail, sizeof detail,
                  "T=%s, block %dx%d, %d item(s) per thread, %s (%s), block %d (valid %d), thread %d, item %d",
                  type, BX, BY, ITEMS, scatter, way, block, valid[block], rank, i);
    check_fail(__FILE__, __LINE__, what, detail);
  };

  for (int b = 0; b < BLOCKS; ++b)
  {
    // The oracle: every item at its rank.
    const T* regs   = in.data() + static_cast<size_t>(b) * TILE; // thread r's item i: regs[r * ITEMS + i]
    const int* rank = ranks.data() + static_cast<size_t>(b) * TILE;
    std::vector<T> tile(TILE);
    for (int k = 0; k < TILE; ++k)
    {
      tile[rank[k]] = regs[k];
    }
    const T* got = out.data() + static_cast<size_t>(b) * SLOTS * TILE;
    for (int r = 0; r < THREADS; ++r)
    {
      for (int i = 0; i < ITEMS; ++i)
      {
        const int at      = r * ITEMS + i;       // where thread r's item i was dumped
        const int blocked = r * ITEMS + i;       // its tile position, blocked
        const int striped = i * THREADS + r;     // its tile position, striped
        for (int s = 0; s < SCATTERS; ++s)
        {
          const int position = s == TO_BLOCKED ? blocked : striped;
          const bool placed  = (s == TO_BLOCKED || s == TO_STRIPED) || position < valid[b];
          if (!placed)
          {
            continue; // no item was ranked here: unspecified
          }
          for (int way = 0; way < WAYS; ++way)
          {
            if (!check_same_bits(got[(WAYS * s + way) * TILE + at], tile[position]))
            {
              fail("BlockExchange scatter differs from the CPU scatter", scatter_name[s], way_name[way], b, r, i);
            }
          }
        }
        if (!check_same_bits(got[SLOT_PRIVATE * TILE + at], tile[striped]))
        {
          fail("BlockExchange scatter differs from the CPU scatter", "ScatterToStriped", "cubling, private storage",
               b, r, i);
        }
        if (!check_same_bits(got[SLOT_RANKS64 * TILE + at], tile[blocked]))
        {
          fail("BlockExchange scatter differs from the CPU scatter", "ScatterToBlocked", "cubling, int64_t ranks", b,
               r, i);
        }
      }
    }
  }
  ++cases;
}

// The required sizes: blocks of 32, 96 (not a multiple of 64), 128 and 256
// threads, with 1, 3 and 4 items per thread.
template <typename T> void check_type(const char* type)
{
  check_case<T, 32, 1, 1>(type);
  check_case<T, 32, 1, 3>(type);
  check_case<T, 32, 1, 4>(type);
  check_case<T, 96, 1, 1>(type);
  check_case<T, 96, 1, 3>(type);
  check_case<T, 96, 1, 4>(type);
  check_case<T, 128, 1, 1>(type);
  check_case<T, 128, 1, 3>(type);
  check_case<T, 128, 1, 4>(type);
  check_case<T, 256, 1, 1>(type);
  check_case<T, 256, 1, 3>(type);
  check_case<T, 256, 1, 4>(type);
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
  check_type<int8_t>("int8");
  check_type<int32_t>("int32");
  check_type<int64_t>("int64");
  check_type<double>("double");
  check_type<Small>("Small");
  // 8 and 16 items per thread take cubling's padded layout (a slot skipped every 32).
  check_case<int32_t, 128, 1, 8>("int32");
  check_case<int32_t, 96, 1, 16>("int32");
  check_case<double, 64, 1, 8>("double");
  // A 2D block (ranks are row-major) and a block that is not whole warps.
  check_case<int32_t, 32, 4, 3>("int32");
  check_case<int64_t, 65, 1, 3>("int64");
  std::printf("BlockExchange scatter: %d cases passed\n", cases);
  return 0;
}
