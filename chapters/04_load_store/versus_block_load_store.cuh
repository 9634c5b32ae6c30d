// versus_block_load_store.cuh: the kernel that puts cubling::BlockLoad and
// cubling::BlockStore next to cub::BlockLoad and cub::BlockStore. Each VERSUS
// file instantiates it twice, once per library, with the same pair of
// algorithms, and the runner checks and times both in one run.
//
// The kernel is the chapter's copy, one tile of BLOCK x ITEMS_PER_THREAD =
// 256 x 16 items per block (the tile of steps 1 to 6), written the way a
// library kernel uses the two primitives: the load and the store share one
// block of shared memory (a union of their TempStorage), so a barrier
// separates them. Full tiles use the unguarded Load and Store; the last,
// partial tile passes the number of valid items. Everything but the two
// types is the same code on both sides.
//
// With 16 items per thread the five algorithms differ as steps 1 to 5 do:
// DIRECT is step 1 (a thread's 16 ints, 64 bytes apart across the warp),
// STRIPED is step 2, VECTORIZE reads a thread's run as four int4 vectors
// (64 bytes apart across the warp), and TRANSPOSE / WARP_TRANSPOSE load
// striped and exchange to blocked through shared memory, as step 5 does.
#pragma once

#include <cstdint>

#include <cuda_runtime.h>

#include <cubling/util/math.cuh>

namespace versus
{

constexpr int BLOCK            = 256;
constexpr int ITEMS_PER_THREAD = 16;
constexpr int TILE             = BLOCK * ITEMS_PER_THREAD;

// example-begin versus-kernel
template <typename BlockLoadT, typename BlockStoreT>
__global__ void __launch_bounds__(BLOCK) tile_copy_kernel(const int* in, int* out, int64_t n)
{
  __shared__ union
  {
    typename BlockLoadT::TempStorage load;
    typename BlockStoreT::TempStorage store;
  } temp_storage;

  const int64_t tile_base = blockIdx.x * int64_t{TILE};
  int items[ITEMS_PER_THREAD]; // blocked: items[k] is item threadIdx.x * 16 + k of the tile
  if (tile_base + TILE <= n)
  {
    BlockLoadT(temp_storage.load).Load(in + tile_base, items);
    __syncthreads(); // the store reuses the load's shared memory
    BlockStoreT(temp_storage.store).Store(out + tile_base, items);
  }
  else
  {
    const int valid = static_cast<int>(n - tile_base);
    BlockLoadT(temp_storage.load).Load(in + tile_base, items, valid);
    __syncthreads();
    BlockStoreT(temp_storage.store).Store(out + tile_base, items, valid);
  }
}
// example-end versus-kernel

//! One block per tile of 4096 items; the last tile may be partial.
template <typename BlockLoadT, typename BlockStoreT>
void launch(const int* d_in, int* d_out, int64_t n, cudaStream_t stream)
{
  const int64_t tiles = cubling::ceil_div(n, TILE);
  tile_copy_kernel<BlockLoadT, BlockStoreT><<<static_cast<unsigned>(tiles), BLOCK, 0, stream>>>(d_in, d_out, n);
}

} // namespace versus
