// sort_frame.cuh: what every step of chapter 09 shares, so that the steps
// differ in how they rank the keys and in nothing else.
//
// The problem (sort_problems.h): tiles of 4096 uint32 keys, or key-value
// pairs, each sorted on its own by one block of 256 threads, 16 items per
// thread. Every step sorts a tile the same way, least significant digit
// first (an LSD radix sort inside the block):
//   load the tile into registers;
//   for each digit of RADIX_BITS bits, from begin_bit up to end_bit:
//     rank: every key learns its position in the tile once the tile is
//           stably sorted by this digit (the step's own code, a Ranker);
//     scatter: every thread writes its keys (and values) to shared memory
//           at their ranks, and reads back its items of the new order;
//   store the tile.
// Each pass is stable (equal digits keep their order), so after the last
// pass the tile is sorted by every digit at once: by the whole key.
//
// A Ranker is a struct with
//   static constexpr int RADIX_BITS;     bits per pass
//   static constexpr bool WARP_STRIPED;  the arrangement the keys are ranked
//                                        in: warp-striped, else blocked
//   struct TempStorage;                  its shared memory
//   static __device__ void rank(TempStorage&, const uint32_t (&keys)[ITEMS],
//                               int (&ranks)[ITEMS], DigitOf digit);
// and ranks[i] must be the position of keys[i] in the tile stably sorted by
// digit(key), where "stably" means in the order of the arrangement: blocked
// (thread t's item i is tile item t * 16 + i) or warp-striped (warp w's
// lane l's item i is tile item w * 512 + i * 32 + l).
#pragma once

#include <cstdint>

#include <cuda_runtime.h>

#include <cubling/block/block_exchange.cuh>
#include <cubling/block/block_load.cuh>
#include <cubling/block/block_store.cuh>
#include <cubling/util/math.cuh>

#include "sort_problems.h"

namespace ch09
{

constexpr int BLOCK = problems::TileSort::block_threads;    // 256 threads
constexpr int ITEMS = problems::TileSort::items_per_thread; // 16 keys per thread
constexpr int TILE  = problems::TileSort::tile_items;       // 4096 keys per tile
constexpr int WARPS = BLOCK / 32;

// example-begin tile
//! What a sort kernel is given: where the tiles come from and go, and which
//! bits of a key count, in which direction. Keys only: null values.
struct Tile
{
  const uint32_t* keys_in;
  uint32_t* keys_out;
  const uint32_t* values_in;
  uint32_t* values_out;
  int64_t n;
  int begin_bit, end_bit; //!< the bits [begin_bit, end_bit) of a key count
  bool descending;
};

//! The digit of a key for one pass: `bits` bits from `bit` on, of the key
//! or, in a descending sort, of its complement (so that an ascending sort of
//! the digits is a descending sort of the keys, and stays stable).
struct DigitOf
{
  int bit;
  uint32_t mask, flip;
  __device__ __forceinline__ uint32_t operator()(uint32_t key) const
  {
    return ((key ^ flip) >> bit) & mask;
  }
};

__device__ __forceinline__ DigitOf digit_of(int bit, int bits, bool descending)
{
  return {bit, (1u << bits) - 1u, descending ? ~0u : 0u};
}
// example-end tile

//! Keys past the end of a partial tile: the largest key (the smallest in a
//! descending sort), so that they sort after every real key; stable, they
//! stay after the real keys equal to them, and are not stored.
__device__ __forceinline__ uint32_t padding_key(const Tile& tile)
{
  return tile.descending ? 0u : ~0u;
}

//! Blocked loads and stores through chapter 04's warp transpose (every
//! access of a warp is 128 contiguous bytes).
using Load  = cubling::BlockLoad<uint32_t, BLOCK, ITEMS, cubling::BLOCK_LOAD_WARP_TRANSPOSE>;
using Store = cubling::BlockStore<uint32_t, BLOCK, ITEMS, cubling::BLOCK_STORE_WARP_TRANSPOSE>;
union IoStorage
{
  Load::TempStorage load;
  Store::TempStorage store;
};

//! A blocked tile: thread t's items are tile items t * 16 .. t * 16 + 15.
//! Each warp transposes through its own part of the storage, so a
//! __syncwarp() is enough between the keys and the values.
template <bool PAIRS>
__device__ __forceinline__ void load_blocked(IoStorage& io, const Tile& tile, int64_t base, int valid,
                                             uint32_t (&keys)[ITEMS], uint32_t (&values)[ITEMS])
{
  if (valid == TILE)
  {
    Load(io.load).Load(tile.keys_in + base, keys);
  }
  else
  {
    Load(io.load).Load(tile.keys_in + base, keys, valid, padding_key(tile));
  }
  if constexpr (PAIRS)
  {
    __syncwarp();
    if (valid == TILE)
    {
      Load(io.load).Load(tile.values_in + base, values);
    }
    else
    {
      Load(io.load).Load(tile.values_in + base, values, valid, 0u);
    }
  }
}

template <bool PAIRS>
__device__ __forceinline__ void store_blocked(IoStorage& io, const Tile& tile, int64_t base, int valid,
                                              uint32_t (&keys)[ITEMS], uint32_t (&values)[ITEMS])
{
  if (valid == TILE)
  {
    Store(io.store).Store(tile.keys_out + base, keys);
  }
  else
  {
    Store(io.store).Store(tile.keys_out + base, keys, valid);
  }
  if constexpr (PAIRS)
  {
    __syncwarp();
    if (valid == TILE)
    {
      Store(io.store).Store(tile.values_out + base, values);
    }
    else
    {
      Store(io.store).Store(tile.values_out + base, values, valid);
    }
  }
}

//! Warp w's lane l's item i: tile item w * 512 + i * 32 + l. A warp's
//! accesses to one item index are 32 consecutive words: coalesced as they
//! are, with no transpose.
__device__ __forceinline__ int warp_striped(int i)
{
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  return warp * 32 * ITEMS + i * 32 + lane;
}

__device__ __forceinline__ void load_warp_striped(const uint32_t* in, int valid, uint32_t pad,
                                                  uint32_t (&items)[ITEMS])
{
#pragma unroll
  for (int i = 0; i < ITEMS; ++i)
  {
    items[i] = warp_striped(i) < valid ? in[warp_striped(i)] : pad;
  }
}

__device__ __forceinline__ void store_warp_striped(uint32_t* out, int valid, const uint32_t (&items)[ITEMS])
{
#pragma unroll
  for (int i = 0; i < ITEMS; ++i)
  {
    if (warp_striped(i) < valid)
    {
      out[warp_striped(i)] = items[i];
    }
  }
}

//! The scatter of a blocked tile: the library's BlockExchange, whose
//! layout pads a word every 32 so that the blocked reads (a stride of 16
//! words) do not conflict in the banks.
using Exchange = cubling::BlockExchange<uint32_t, BLOCK, ITEMS>;

//! The shared memory of a sort kernel: each part is used in turn, with a
//! __syncthreads() between two uses.
template <typename Ranker>
union SortStorage
{
  IoStorage io;
  typename Ranker::TempStorage rank;
  Exchange::TempStorage exchange; // the scatter of a blocked tile
  uint32_t slots[TILE];           // the scatter of a warp-striped tile
};

//! Write each item to its rank, then read back this thread's items of the
//! new order, in the Ranker's arrangement.
template <typename Ranker>
__device__ __forceinline__ void scatter(SortStorage<Ranker>& temp, uint32_t (&items)[ITEMS], int (&ranks)[ITEMS])
{
  if constexpr (Ranker::WARP_STRIPED)
  {
#pragma unroll
    for (int i = 0; i < ITEMS; ++i)
    {
      temp.slots[ranks[i]] = items[i];
    }
    __syncthreads();
#pragma unroll
    for (int i = 0; i < ITEMS; ++i)
    {
      items[i] = temp.slots[warp_striped(i)];
    }
  }
  else
  {
    Exchange(temp.exchange).ScatterToBlocked(items, ranks);
  }
}

// example-begin sort-loop
//! One block sorts tile blockIdx.x: load it, rank and scatter it once per
//! digit, store it. The Ranker is the step's idea.
template <typename Ranker, bool PAIRS>
__global__ void __launch_bounds__(BLOCK) sort_kernel(Tile tile)
{
  __shared__ SortStorage<Ranker> temp;
  const int64_t base = blockIdx.x * int64_t{TILE};
  const int valid    = static_cast<int>(tile.n - base < TILE ? tile.n - base : TILE);
  uint32_t keys[ITEMS], values[ITEMS];
  if constexpr (Ranker::WARP_STRIPED)
  {
    load_warp_striped(tile.keys_in + base, valid, padding_key(tile), keys);
    if constexpr (PAIRS)
    {
      load_warp_striped(tile.values_in + base, valid, 0u, values);
    }
  }
  else
  {
    load_blocked<PAIRS>(temp.io, tile, base, valid, keys, values);
  }

  for (int bit = tile.begin_bit; bit < tile.end_bit; bit += Ranker::RADIX_BITS)
  {
    const int bits      = tile.end_bit - bit < Ranker::RADIX_BITS ? tile.end_bit - bit : Ranker::RADIX_BITS;
    const DigitOf digit = digit_of(bit, bits, tile.descending);
    int ranks[ITEMS];
    __syncthreads(); // the load, or the last pass's scatter, is done with the shared memory
    Ranker::rank(temp.rank, keys, ranks, digit);
    __syncthreads();
    scatter(temp, keys, ranks);
    if constexpr (PAIRS)
    {
      __syncthreads();
      scatter(temp, values, ranks); // a value goes where its key went
    }
  }

  __syncthreads();
  if constexpr (Ranker::WARP_STRIPED)
  {
    store_warp_striped(tile.keys_out + base, valid, keys);
    if constexpr (PAIRS)
    {
      store_warp_striped(tile.values_out + base, valid, values);
    }
  }
  else
  {
    store_blocked<PAIRS>(temp.io, tile, base, valid, keys, values);
  }
}
// example-end sort-loop

// example-begin launch
//! The tiles of a problem, read from the input (in place: from the output,
//! which holds a copy of it) and written to the output.
inline Tile tile_of(const runner::Args<problems::tile_sort_keys_u32>& a)
{
  const bool in_place = a.axes.mode == runner::Mode::in_place;
  return {in_place ? a.out() : a.in(), a.out(), nullptr, nullptr, a.n, a.axes.begin_bit, a.end_bit<uint32_t>(),
          a.axes.descending};
}

inline Tile tile_of(const runner::Args<problems::tile_sort_pairs_u32>& a)
{
  const bool in_place = a.axes.mode == runner::Mode::in_place;
  return {in_place ? a.out<0>() : a.in<0>(), a.out<0>(), in_place ? a.out<1>() : a.in<1>(), a.out<1>(), a.n,
          a.axes.begin_bit,                  a.end_bit<uint32_t>(),  a.axes.descending};
}

//! One block of BLOCK threads per tile.
template <typename Problem>
void launch(void (*kernel)(Tile), const runner::Args<Problem>& a)
{
  const int64_t tiles = cubling::ceil_div(a.n, int64_t{TILE});
  if (tiles > 0)
  {
    kernel<<<static_cast<unsigned>(tiles), BLOCK, 0, a.stream>>>(tile_of(a));
  }
}
// example-end launch

} // namespace ch09
