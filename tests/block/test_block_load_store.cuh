// test_block_load_store.cuh: the BlockLoad/BlockStore test harness. The
// test program test_block_load_store is built from one .cu file per
// algorithm pair (BLOCK_LOAD_X with BLOCK_STORE_X), so that each compiles in
// a reasonable time and they build in parallel; test_block_load_store.cu
// holds main().
//
// One case is one item type, one block shape and one ITEMS_PER_THREAD; it
// launches one block per (offset, valid_items) pair, where
//   - offset moves the tile off its natural alignment (every byte offset
//     1..15 for 1-byte items, odd element offsets for wider ones), so that
//     the vectorized paths must check alignment and take their fallback;
//   - valid_items is 0, 1, an odd count, tile - 1, tile, and tile + 5.
// Each launch does, in one block:
//   loads   [0] cubling::BlockLoad, full tile, caller's TempStorage
//           [1] cub::BlockLoad, same algorithm, full tile
//           [2] cubling::BlockLoad, full tile, private storage (default constructor)
//           [3] cubling, guarded with oob_default   [4] cub, the same
//           [5] cubling, guarded, registers preset  [6] cub, the same
//   stores  the registers hold a known pattern (thread r's item i is tile
//           item r * ITEMS + i, read with plain loads) and are stored with
//           cubling and with cub, full and guarded, into poisoned outputs;
//           [7] cubling's registers after its stores (they must not change).
// The guarded loads read from a source whose valid items end exactly at the
// end of its allocation, so that any read past valid_items is out of bounds
// (compute-sanitizer memcheck reports it). The CPU oracle places every
// item by its arrangement (blocked, striped or warp-striped); cubling's and
// CUB's results must both equal it bit for bit, and every output position
// that should not be written must still hold the poison.
#pragma once

#include <cub/block/block_load.cuh>
#include <cub/block/block_store.cuh>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <type_traits>
#include <vector>

#include <cubling/block/block_load.cuh>
#include <cubling/block/block_store.cuh>

#include "check.h"

namespace block_load_store_test
{

// A 12-byte item with no padding (so that bytes compare exactly) and a
// constructor (which __shared__ storage must cope with).
struct Item12
{
  int32_t a;
  uint32_t b;
  int32_t c;
  __host__ __device__ Item12() : a(1), b(2), c(3) {}
};

inline uint64_t rng = 0;
inline int cases    = 0;

template <typename T> T random_item()
{
  // Random bytes: no arithmetic is done on the items, so any bit pattern is fair.
  T item;
  unsigned char* bytes = reinterpret_cast<unsigned char*>(&item);
  for (size_t k = 0; k < sizeof(T); ++k)
  {
    bytes[k] = static_cast<unsigned char>(check_random(&rng));
  }
  return item;
}

template <typename T> bool same_bits(const T& x, const T& y)
{
  return std::memcmp(&x, &y, sizeof(T)) == 0;
}

// --- arrangements -------------------------------------------------------------------

enum Arrangement
{
  BLOCKED,
  STRIPED,
  WARP_STRIPED,
};

// The tile position of item i of thread `rank`.
inline int position(Arrangement arrangement, int threads, int items, int rank, int i)
{
  switch (arrangement)
  {
  case BLOCKED:
    return rank * items + i;
  case STRIPED:
    return i * threads + rank;
  default:
    return (rank / 32) * 32 * items + i * 32 + rank % 32;
  }
}

constexpr Arrangement arrangement_of(cubling::BlockLoadAlgorithm algorithm)
{
  return algorithm == cubling::BLOCK_LOAD_STRIPED ? STRIPED : BLOCKED;
}

constexpr Arrangement arrangement_of(cubling::BlockStoreAlgorithm algorithm)
{
  return algorithm == cubling::BLOCK_STORE_STRIPED ? STRIPED : BLOCKED;
}

// The direct loads leave the registers of unread items unchanged; after a
// transpose they are unspecified.
constexpr bool keeps_unread(cubling::BlockLoadAlgorithm algorithm)
{
  return algorithm == cubling::BLOCK_LOAD_DIRECT || algorithm == cubling::BLOCK_LOAD_STRIPED ||
         algorithm == cubling::BLOCK_LOAD_VECTORIZE;
}

// --- the kernel ---------------------------------------------------------------------

constexpr int MARGIN = 16; // extra items around a tile, for the offsets
enum RegisterSlot
{
  REG_FULL_MINE,
  REG_FULL_CUB,
  REG_FULL_PRIVATE,
  REG_OOB_MINE,
  REG_OOB_CUB,
  REG_GUARD_MINE,
  REG_GUARD_CUB,
  REG_AFTER_STORE,
  REG_SLOTS
};
enum OutputSlot
{
  OUT_FULL_MINE,
  OUT_FULL_CUB,
  OUT_GUARD_MINE,
  OUT_GUARD_CUB,
  OUT_SLOTS
};

template <typename T, int BX, int BY, int ITEMS, cubling::BlockLoadAlgorithm LA, cub::BlockLoadAlgorithm CLA,
          cubling::BlockStoreAlgorithm SA, cub::BlockStoreAlgorithm CSA>
__global__ void __launch_bounds__(BX* BY)
    load_store_kernel(const T* full_src, const T* guarded_src, int valid, T oob, T* regs, T* outs, int offset)
{
  constexpr int TILE = BX * BY * ITEMS;
  using MineLoad     = cubling::BlockLoad<T, BX, ITEMS, LA, BY>;
  using CubLoad      = cub::BlockLoad<T, BX, ITEMS, CLA, BY>;
  using MineStore    = cubling::BlockStore<T, BX, ITEMS, SA, BY>;
  using CubStore     = cub::BlockStore<T, BX, ITEMS, CSA, BY>;
  using CubDirect    = cub::BlockStore<T, BX, ITEMS, cub::BLOCK_STORE_DIRECT, BY>;
  __shared__ typename MineLoad::TempStorage mine_load;
  __shared__ typename CubLoad::TempStorage cub_load;
  __shared__ typename MineStore::TempStorage mine_store;
  __shared__ typename CubStore::TempStorage cub_store;

  const int rank = static_cast<int>(threadIdx.y) * BX + static_cast<int>(threadIdx.x);
  auto dump      = [&](int slot, const T(&items)[ITEMS])
  {
    for (int i = 0; i < ITEMS; ++i)
    {
      regs[slot * TILE + rank * ITEMS + i] = items[i];
    }
  };

  // Loads.
  T mine[ITEMS], theirs[ITEMS];
  MineLoad(mine_load).Load(full_src, mine);
  CubLoad(cub_load).Load(full_src, theirs);
  dump(REG_FULL_MINE, mine);
  dump(REG_FULL_CUB, theirs);
  __syncthreads(); // the TempStorages are reused below
  MineLoad().Load(full_src, mine);
  dump(REG_FULL_PRIVATE, mine);
  MineLoad(mine_load).Load(guarded_src, mine, valid, oob);
  CubLoad(cub_load).Load(guarded_src, theirs, valid, oob);
  dump(REG_OOB_MINE, mine);
  dump(REG_OOB_CUB, theirs);
  __syncthreads();
  for (int i = 0; i < ITEMS; ++i)
  {
    mine[i]   = oob;
    theirs[i] = oob;
  }
  MineLoad(mine_load).Load(guarded_src, mine, valid);
  CubLoad(cub_load).Load(guarded_src, theirs, valid);
  dump(REG_GUARD_MINE, mine);
  dump(REG_GUARD_CUB, theirs);

  // Stores, of a known blocked pattern.
  T items[ITEMS];
  for (int i = 0; i < ITEMS; ++i)
  {
    items[i] = full_src[rank * ITEMS + i];
  }
  T* out_full_mine  = outs + OUT_FULL_MINE * (TILE + MARGIN) + offset;
  T* out_full_cub   = outs + OUT_FULL_CUB * (TILE + MARGIN) + offset;
  T* out_guard_mine = outs + OUT_GUARD_MINE * (TILE + MARGIN) + offset;
  T* out_guard_cub  = outs + OUT_GUARD_CUB * (TILE + MARGIN) + offset;
  // CUB's vectorized store does not check alignment (it would fault on a
  // misaligned pointer): give CUB its direct store there, which writes the same.
  const bool cub_aligned = reinterpret_cast<uintptr_t>(out_full_cub) % 16 == 0;
  // CUB's transposing stores rearrange the caller's array in place: give
  // CUB a fresh copy each time.
  T cub_items[ITEMS];
  auto fresh_copy = [&]()
  {
    for (int i = 0; i < ITEMS; ++i)
    {
      cub_items[i] = items[i];
    }
  };
  __syncthreads();
  MineStore(mine_store).Store(out_full_mine, items);
  fresh_copy();
  if (CSA != cub::BLOCK_STORE_VECTORIZE || cub_aligned)
  {
    CubStore(cub_store).Store(out_full_cub, cub_items);
  }
  else
  {
    CubDirect().Store(out_full_cub, cub_items);
  }
  __syncthreads();
  MineStore().Store(out_guard_mine, items, valid);
  fresh_copy();
  CubStore(cub_store).Store(out_guard_cub, cub_items, valid);
  dump(REG_AFTER_STORE, items);
}

// --- one case ---------------------------------------------------------------------------

template <typename T> struct Buffer
{
  T* device = nullptr;
  size_t count;
  explicit Buffer(size_t count_) : count(count_)
  {
    CHECK_CUDA(cudaMalloc(&device, sizeof(T) * count));
  }
  ~Buffer()
  {
    cudaFree(device);
  }
  void upload(const std::vector<T>& host)
  {
    CHECK_CUDA(cudaMemcpy(device, host.data(), sizeof(T) * count, cudaMemcpyHostToDevice));
  }
  void poison()
  {
    CHECK_CUDA(cudaMemset(device, 0xA5, sizeof(T) * count));
  }
  std::vector<T> download() const
  {
    std::vector<T> host(count);
    CHECK_CUDA(cudaMemcpy(host.data(), device, sizeof(T) * count, cudaMemcpyDeviceToHost));
    return host;
  }
};

struct Where
{
  const char* type;
  const char* algorithm;
  int bx, by, items, offset, valid;
};

inline void fail(const Where& w, const char* what, int rank, int i)
{
  char detail[320];
  std::snprintf(detail, sizeof detail,
                "T=%s, %s, block %dx%d, %d item(s) per thread, offset %d, valid_items %d, thread %d, item %d", w.type,
                w.algorithm, w.bx, w.by, w.items, w.offset, w.valid, rank, i);
  check_fail(__FILE__, __LINE__, what, detail);
}

template <cubling::BlockLoadAlgorithm LA, cub::BlockLoadAlgorithm CLA, cubling::BlockStoreAlgorithm SA,
          cub::BlockStoreAlgorithm CSA, typename T, int BX, int BY, int ITEMS>
void check_case(const char* type, const char* algorithm)
{
  constexpr int THREADS        = BX * BY;
  constexpr int TILE           = THREADS * ITEMS;
  constexpr int ALLOC          = TILE + MARGIN;
  constexpr Arrangement LOADED = arrangement_of(LA);
  constexpr Arrangement STORED = arrangement_of(SA);

  // Offsets: all byte offsets below 16 for narrow items, odd ones for wide.
  std::vector<int> offsets;
  const int misalignments = sizeof(T) >= 16 ? 2 : static_cast<int>(16 / std::min<size_t>(sizeof(T), 8));
  for (int k = 0; k < misalignments && k < MARGIN; ++k)
  {
    offsets.push_back(k);
  }
  const std::vector<int> valids = {0, 1, (TILE / 2) | 1, TILE - 1, TILE, TILE + 5};
  const int launches            = static_cast<int>(std::max(offsets.size(), valids.size()));

  std::vector<T> src(ALLOC);
  for (T& x : src)
  {
    x = random_item<T>();
  }
  const T oob = random_item<T>();
  T poison;
  std::memset(static_cast<void*>(&poison), 0xA5, sizeof(T));

  Buffer<T> d_src(ALLOC), d_regs(static_cast<size_t>(REG_SLOTS) * TILE), d_outs(static_cast<size_t>(OUT_SLOTS) * ALLOC);
  d_src.upload(src);
  for (int launch = 0; launch < launches; ++launch)
  {
    const int offset  = offsets[launch % offsets.size()];
    const int valid   = valids[launch % valids.size()];
    const int guarded = std::min(valid, TILE); // the guarded source ends with the allocation
    const Where where = {type, algorithm, BX, BY, ITEMS, offset, valid};

    d_regs.poison();
    d_outs.poison();
    load_store_kernel<T, BX, BY, ITEMS, LA, CLA, SA, CSA><<<1, dim3(BX, BY)>>>(
        d_src.device + offset, d_src.device + ALLOC - guarded, valid, oob, d_regs.device, d_outs.device, offset);
    CHECK_LAUNCH();
    const std::vector<T> regs = d_regs.download();
    const std::vector<T> outs = d_outs.download();

    for (int rank = 0; rank < THREADS; ++rank)
    {
      for (int i = 0; i < ITEMS; ++i)
      {
        const int at     = rank * ITEMS + i;
        const int loaded = position(LOADED, THREADS, ITEMS, rank, i);
        auto reg         = [&](int slot) -> const T& { return regs[static_cast<size_t>(slot) * TILE + at]; };

        const T& full = src[offset + loaded];
        if (!same_bits(reg(REG_FULL_MINE), full))
        {
          fail(where, "cubling::BlockLoad, full tile, differs from the CPU arrangement", rank, i);
        }
        if (!same_bits(reg(REG_FULL_CUB), full))
        {
          fail(where, "cub::BlockLoad, full tile, differs from the CPU arrangement", rank, i);
        }
        if (!same_bits(reg(REG_FULL_PRIVATE), full))
        {
          fail(where, "cubling::BlockLoad() (private storage), full tile, differs from the CPU arrangement", rank, i);
        }
        const bool in_range = loaded < valid;
        const T& guard      = in_range ? src[ALLOC - guarded + loaded] : oob;
        if (!same_bits(reg(REG_OOB_MINE), guard))
        {
          fail(where,
               in_range ? "cubling::BlockLoad, guarded with oob_default, read a wrong item"
                        : "cubling::BlockLoad, guarded with oob_default, did not give the default",
               rank, i);
        }
        if (!same_bits(reg(REG_OOB_CUB), guard))
        {
          fail(where, "cub::BlockLoad, guarded with oob_default, differs from the CPU arrangement", rank, i);
        }
        if (in_range || keeps_unread(LA))
        {
          if (!same_bits(reg(REG_GUARD_MINE), guard))
          {
            fail(where,
                 in_range ? "cubling::BlockLoad, guarded, read a wrong item"
                          : "cubling::BlockLoad, guarded, changed a register past valid_items",
                 rank, i);
          }
          if (!same_bits(reg(REG_GUARD_CUB), guard))
          {
            fail(where, "cub::BlockLoad, guarded, differs from the CPU arrangement", rank, i);
          }
        }
        if (!same_bits(reg(REG_AFTER_STORE), src[offset + at]))
        {
          fail(where, "cubling::BlockStore changed the caller's items", rank, i);
        }
      }
    }

    // Stores: thread r's item i (tile item r * ITEMS + i) goes to its stored position.
    std::vector<int> owner(TILE); // tile position -> blocked index of the item stored there
    for (int rank = 0; rank < THREADS; ++rank)
    {
      for (int i = 0; i < ITEMS; ++i)
      {
        owner[position(STORED, THREADS, ITEMS, rank, i)] = rank * ITEMS + i;
      }
    }
    static const char* const names[OUT_SLOTS] = {"cubling::BlockStore, full tile,", "cub::BlockStore, full tile,",
                                                 "cubling::BlockStore() (private storage), guarded,",
                                                 "cub::BlockStore, guarded,"};
    for (int slot = 0; slot < OUT_SLOTS; ++slot)
    {
      const int written = (slot == OUT_FULL_MINE || slot == OUT_FULL_CUB) ? TILE : guarded;
      const T* out      = outs.data() + static_cast<size_t>(slot) * ALLOC;
      for (int p = 0; p < ALLOC; ++p)
      {
        const int tile_pos = p - offset;
        const bool inside  = tile_pos >= 0 && tile_pos < written;
        const T& want      = inside ? src[offset + owner[tile_pos]] : poison;
        if (!same_bits(out[p], want))
        {
          char what[160];
          std::snprintf(what, sizeof what, "%s %s", names[slot],
                        inside ? "wrote a wrong item" : "wrote outside its valid items");
          fail(where, what, -1, tile_pos);
        }
      }
    }
  }
  ++cases;
}

// --- the plan for one algorithm pair ------------------------------------------------------

template <cubling::BlockLoadAlgorithm LA, cub::BlockLoadAlgorithm CLA, cubling::BlockStoreAlgorithm SA,
          cub::BlockStoreAlgorithm CSA>
void check_algorithm(const char* name)
{
  // Every block shape and ITEMS_PER_THREAD, on int32.
  check_case<LA, CLA, SA, CSA, int32_t, 32, 1, 1>("int32", name);
  check_case<LA, CLA, SA, CSA, int32_t, 32, 1, 3>("int32", name);
  check_case<LA, CLA, SA, CSA, int32_t, 32, 1, 4>("int32", name);
  check_case<LA, CLA, SA, CSA, int32_t, 96, 1, 1>("int32", name);
  check_case<LA, CLA, SA, CSA, int32_t, 96, 1, 3>("int32", name);
  check_case<LA, CLA, SA, CSA, int32_t, 96, 1, 4>("int32", name);
  check_case<LA, CLA, SA, CSA, int32_t, 128, 1, 1>("int32", name);
  check_case<LA, CLA, SA, CSA, int32_t, 128, 1, 3>("int32", name);
  check_case<LA, CLA, SA, CSA, int32_t, 128, 1, 4>("int32", name);
  check_case<LA, CLA, SA, CSA, int32_t, 256, 1, 1>("int32", name);
  check_case<LA, CLA, SA, CSA, int32_t, 256, 1, 3>("int32", name);
  check_case<LA, CLA, SA, CSA, int32_t, 256, 1, 4>("int32", name);
  check_case<LA, CLA, SA, CSA, int32_t, 32, 4, 1>("int32", name); // 2D
  check_case<LA, CLA, SA, CSA, int32_t, 32, 4, 3>("int32", name);
  check_case<LA, CLA, SA, CSA, int32_t, 32, 4, 4>("int32", name);

  // Every item type with 4 items per thread (a vector's worth), then odd counts.
  check_case<LA, CLA, SA, CSA, int8_t, 128, 1, 4>("int8", name);
  check_case<LA, CLA, SA, CSA, int16_t, 128, 1, 4>("int16", name);
  check_case<LA, CLA, SA, CSA, int64_t, 128, 1, 4>("int64", name);
  check_case<LA, CLA, SA, CSA, uint8_t, 128, 1, 4>("uint8", name);
  check_case<LA, CLA, SA, CSA, uint16_t, 128, 1, 4>("uint16", name);
  check_case<LA, CLA, SA, CSA, uint32_t, 128, 1, 4>("uint32", name);
  check_case<LA, CLA, SA, CSA, uint64_t, 128, 1, 4>("uint64", name);
  check_case<LA, CLA, SA, CSA, float, 128, 1, 4>("float", name);
  check_case<LA, CLA, SA, CSA, double, 128, 1, 4>("double", name);
  check_case<LA, CLA, SA, CSA, Item12, 128, 1, 4>("Item12", name);
  check_case<LA, CLA, SA, CSA, int8_t, 96, 1, 3>("int8", name);
  check_case<LA, CLA, SA, CSA, int64_t, 96, 1, 3>("int64", name);
  check_case<LA, CLA, SA, CSA, double, 32, 4, 1>("double", name);
  check_case<LA, CLA, SA, CSA, Item12, 96, 1, 3>("Item12", name);
}

// One per algorithm pair, each in its own .cu file.
void check_direct();
void check_striped();
void check_vectorize();
void check_transpose();
void check_warp_transpose();

} // namespace block_load_store_test
