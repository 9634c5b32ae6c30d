// radix_frame.cuh: what steps 1 to 3 share, so that each differs from the
// one before in one idea.
//
// An LSD (least significant digit first) radix sort of 32-bit keys: for
// each 8-bit digit, from the lowest to the highest, move every key to where
// its digit sends it, keeping the order of keys with the same digit (a
// stable pass). After the last pass the keys are sorted. A pass over tiles
// of TILE = 256 x 16 keys:
//   1. a block loads its tile, warp by warp, and *ranks* it: each key's
//      position in the tile sorted stably by the digit (rank_tile, below),
//      which also gives the tile's count of each digit;
//   2. it learns, for every digit d, where in the output the tile's first
//      key with digit d goes: the number of keys with a smaller digit in
//      the whole input, plus the number with digit d in earlier tiles (how
//      it learns that is each step's own part: its `Offsets`);
//   3. it writes its keys, in rank order, through shared memory, so that
//      the keys of one digit leave as consecutive words.
// Keys that are not in [begin_bit, end_bit) take no pass; descending order
// sorts by the inverted digit. Values (the sort of pairs) travel with their
// keys. Counts are `int`: the teaching steps sort fewer than 2^30 keys.
#pragma once

#include <climits>
#include <cstdint>

#include <cuda_runtime.h>

#include <cubling/block/block_scan.cuh>
#include <cubling/util/math.cuh>

#include "check.h"
#include "sort_problems.h"

namespace ch10
{

constexpr int RADIX_BITS = 8;
constexpr int RADIX      = 1 << RADIX_BITS; //!< 256 digits per pass
constexpr int BLOCK      = 256;             //!< one thread per digit where a block works on digits
constexpr int ITEMS      = 16;
constexpr int WARPS      = BLOCK / 32;
constexpr int TILE       = BLOCK * ITEMS; //!< 4096 keys
static_assert(BLOCK == RADIX, "thread d of a block looks after digit d");
using BlockScan = cubling::BlockScan<int, BLOCK>;

//! One digit pass: the digit is `bits` bits of the key from bit `shift`,
//! inverted for a descending sort.
struct Pass
{
  int shift;
  int bits;
  bool descending;
  __host__ __device__ int digit(uint32_t key) const
  {
    const uint32_t mask = (1u << bits) - 1u;
    return static_cast<int>(((key >> shift) & mask) ^ (descending ? mask : 0u));
  }
};

//! The passes of a sort of bits [begin_bit, end_bit): 8 bits each, the last fewer.
__host__ __device__ inline int pass_count(int begin_bit, int end_bit)
{
  return (end_bit - begin_bit + RADIX_BITS - 1) / RADIX_BITS;
}
__host__ __device__ inline Pass pass_of(int p, int begin_bit, int end_bit, bool descending)
{
  const int shift = begin_bit + p * RADIX_BITS;
  return {shift, end_bit - shift < RADIX_BITS ? end_bit - shift : RADIX_BITS, descending};
}

//! Where one pass reads and writes. Values are null when sorting keys only.
struct Buffers
{
  const uint32_t* keys_in;
  uint32_t* keys_out;
  const uint32_t* values_in;
  uint32_t* values_out;
};

// example-begin rank
//! The shared memory of one tile.
template <bool PAIRS>
struct TileStorage
{
  union
  {
    int warp_counts[WARPS][RADIX]; //!< while ranking: each warp's count of each digit
    uint32_t keys[TILE];           //!< while writing: the keys in rank order
  };
  uint32_t values[PAIRS ? TILE : 1];
  int digit_start[RADIX];  //!< where each digit's run starts in the ranked tile
  int digit_count[RADIX];  //!< the tile's count of each digit
  int global[RADIX];       //!< where the tile's first key of each digit goes in the output
  BlockScan::TempStorage scan;
};

//! Load the tile warp by warp: warp w holds keys w * 512 .. w * 512 + 511 of
//! the tile, lane l its keys l, l + 32, ...: consecutive lanes read
//! consecutive words, and the order of the keys is (warp, item, lane).
//! A key past the end gets the digit RADIX, which no pass has.
template <bool PAIRS>
__device__ __forceinline__ void load_tile(const Buffers& io, int64_t base, int64_t n, const Pass& pass,
                                          uint32_t (&keys)[ITEMS], uint32_t (&values)[ITEMS], int (&digits)[ITEMS])
{
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
#pragma unroll
  for (int k = 0; k < ITEMS; ++k)
  {
    const int64_t i = base + warp * 32 * ITEMS + k * 32 + lane;
    keys[k]         = i < n ? io.keys_in[i] : 0u;
    values[k]       = PAIRS && i < n ? io.values_in[i] : 0u;
    digits[k]       = i < n ? pass.digit(keys[k]) : RADIX;
  }
}

//! Rank the tile stably by digit: a key's rank is the number of keys in the
//! tile with a smaller digit, plus the number before it with the same one.
//! Within a warp, item by item, __match_any_sync finds the lanes that hold
//! the same digit; the lanes before this one among them, plus what the warp
//! counted of that digit in earlier items, are the key's rank in its warp,
//! and the last of them adds the group to the warp's count. Then thread d
//! turns the warps' counts of digit d into each warp's start within the
//! digit, and a block scan of the digit totals gives each digit's start.
template <bool PAIRS>
__device__ __forceinline__ void rank_tile(TileStorage<PAIRS>& s, const int (&digits)[ITEMS], int (&ranks)[ITEMS])
{
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  for (int i = threadIdx.x; i < WARPS * RADIX; i += BLOCK)
  {
    (&s.warp_counts[0][0])[i] = 0;
  }
  __syncthreads();
  int* counts = s.warp_counts[warp];
#pragma unroll
  for (int k = 0; k < ITEMS; ++k)
  {
    const int digit     = digits[k];
    const unsigned same = __match_any_sync(0xffffffffu, digit);
    const int before    = __popc(same & ((1u << lane) - 1u));
    ranks[k]            = digit < RADIX ? counts[digit] + before : 0;
    __syncwarp();
    if (digit < RADIX && lane == 31 - __clz(same)) // the last lane of the group
    {
      counts[digit] += __popc(same);
    }
    __syncwarp();
  }
  __syncthreads();
  const int d = threadIdx.x; // thread d: digit d
  int total   = 0;
  for (int w = 0; w < WARPS; ++w)
  {
    const int count      = s.warp_counts[w][d];
    s.warp_counts[w][d]  = total; // warp w's first key of digit d comes after the earlier warps'
    total               += count;
  }
  int start;
  BlockScan(s.scan).ExclusiveSum(total, start);
  s.digit_start[d] = start;
  s.digit_count[d] = total;
  __syncthreads();
#pragma unroll
  for (int k = 0; k < ITEMS; ++k)
  {
    if (digits[k] < RADIX)
    {
      ranks[k] += s.digit_start[digits[k]] + counts[digits[k]];
    }
  }
  __syncthreads(); // the counts are read: the keys may take their place
}
// example-end rank

// example-begin sort-tile
//! One tile of a pass (the file comment's phases 1 to 3). `Offsets(s, tile)`
//! is the step's own: it runs in every thread, thread d fills s.global[d]
//! from s.digit_count, and it ends with a barrier.
template <bool PAIRS, typename Offsets>
__device__ __forceinline__ void sort_tile(TileStorage<PAIRS>& s, const Offsets& offsets, const Buffers& io,
                                          int64_t tile, int64_t n, const Pass& pass)
{
  const int64_t base = tile * TILE;
  uint32_t keys[ITEMS], values[ITEMS];
  int digits[ITEMS], ranks[ITEMS];
  load_tile<PAIRS>(io, base, n, pass, keys, values, digits);
  rank_tile<PAIRS>(s, digits, ranks);
  offsets(s, tile);
#pragma unroll
  for (int k = 0; k < ITEMS; ++k)
  {
    if (digits[k] < RADIX)
    {
      s.keys[ranks[k]] = keys[k];
      if (PAIRS)
      {
        s.values[ranks[k]] = values[k];
      }
    }
  }
  __syncthreads();
  const int valid = n - base < TILE ? static_cast<int>(n - base) : TILE;
  for (int i = threadIdx.x; i < valid; i += BLOCK)
  {
    const uint32_t key = s.keys[i];
    const int digit    = pass.digit(key);
    const int64_t to   = s.global[digit] + (i - s.digit_start[digit]);
    io.keys_out[to]    = key;
    if (PAIRS)
    {
      io.values_out[to] = s.values[i];
    }
  }
}
// example-end sort-tile

// --- the passes around a step's kernels ---------------------------------------

//! The steps' view of a sort: where the keys start and which buffers the
//! passes take turns on. Out of place, the first pass reads the input and
//! the passes alternate between the output and a temporary buffer, so that
//! the last writes the output; in double-buffer mode they alternate between
//! the runner's two buffers, and the selector says which holds the result.
struct Sort
{
  int64_t n;
  int begin_bit, end_bit;
  bool descending;
  const uint32_t* keys_in;
  const uint32_t* values_in;
  uint32_t* keys[2];   //!< the two buffers the passes write in turn
  uint32_t* values[2];
  int passes;
  int first;           //!< the buffer the first pass writes
  cudaStream_t stream;

  Pass pass(int p) const
  {
    return pass_of(p, begin_bit, end_bit, descending);
  }
  //! Pass p's source and destination.
  Buffers buffers(int p) const
  {
    const int to = (first + p) % 2, from = 1 - to;
    return {p == 0 ? keys_in : keys[from], keys[to], p == 0 ? values_in : values[from], values[to]};
  }
};

//! The bytes of temporary keys (and values) that an out-of-place sort of n
//! items needs, rounded up for alignment.
inline size_t temp_array_bytes(int64_t n)
{
  return cubling::ceil_div(sizeof(uint32_t) * static_cast<size_t>(n), size_t{256}) * 256;
}

//! Set up a sort of the step's problem (keys only, or pairs) in `a`'s
//! buffers; `temp` is scratch for two temporary arrays (out of place).
//! Returns false (and says why) when the step does not run these axes.
template <typename Problem>
bool make_sort(const runner::Args<Problem>& a, char*& temp, Sort& sort)
{
  if (a.n >= (int64_t{1} << 30))
  {
    a.skip("the teaching steps count in 30 bits: fewer than 2^30 keys");
    return false;
  }
  sort.n          = a.n;
  sort.begin_bit  = a.axes.begin_bit;
  sort.end_bit    = a.template end_bit<uint32_t>();
  sort.descending = a.axes.descending;
  sort.passes     = pass_count(sort.begin_bit, sort.end_bit);
  sort.stream     = a.stream;
  sort.values_in  = nullptr;
  sort.values[0] = sort.values[1] = nullptr;
  const bool double_buffer = a.axes.mode == runner::Mode::double_buffer;
  sort.keys_in  = double_buffer ? a.template out<0>() : a.template in<0>();
  sort.keys[0]  = a.template out<0>();
  sort.keys[1]  = double_buffer ? a.template alt<0>() : reinterpret_cast<uint32_t*>(temp);
  if constexpr (Problem::pairs)
  {
    sort.values_in = double_buffer ? a.template out<1>() : a.template in<1>();
    sort.values[0] = a.template out<1>();
    sort.values[1] = double_buffer ? a.template alt<1>() : reinterpret_cast<uint32_t*>(temp + temp_array_bytes(a.n));
  }
  if (double_buffer)
  {
    sort.first  = 1; // the passes end in buffer passes % 2, which the selector names
    *a.selector = sort.passes % 2;
    return true;
  }
  temp += (Problem::pairs ? 2 : 1) * temp_array_bytes(a.n);
  sort.first = (sort.passes + 1) % 2; // so that the last pass writes buffer 0, the output
  if (sort.passes == 0 && a.n > 0)    // no bits to sort by: the output is the input
  {
    CHECK_CUDA(cudaMemcpyAsync(sort.keys[0], sort.keys_in, sizeof(uint32_t) * a.n, cudaMemcpyDeviceToDevice, a.stream));
    if (sort.values_in)
    {
      CHECK_CUDA(cudaMemcpyAsync(sort.values[0], sort.values_in, sizeof(uint32_t) * a.n, cudaMemcpyDeviceToDevice,
                                 a.stream));
    }
  }
  return true;
}

//! The scratch of steps 1 to 3 beyond the temporary arrays, for n keys.
inline int64_t tiles_of(int64_t n)
{
  return cubling::ceil_div(n, int64_t{TILE});
}

} // namespace ch10
