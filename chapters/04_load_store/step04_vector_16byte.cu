// Step 4: 16-byte loads and stores.
//
// What changes: in a full tile, each thread now moves its 16 items as four
// int4 vectors instead of sixteen ints. Vector v of thread t is vector
// v * 256 + t of the tile: the vectors are striped, so a warp's load is 32
// consecutive 16-byte vectors, 512 bytes, four whole 128-byte lines. The
// last, partial tile copies the same items one int at a time, each checked
// against n, as step 3's did. The tile's loads and stores move into two
// functions, load_tile and store_tile (tile_copy.cuh), which the next steps
// reuse.
// Why: step 3 moves 4 bytes per instruction. An int4 access moves 16, so
// the kernel issues a quarter of the load and store instructions and
// computes a quarter of the addresses for the same bytes in flight. Memory
// bandwidth is a matter of bytes in flight (Little's law: bytes in flight =
// bandwidth x latency), and the cheaper each byte is to ask for, the more
// of them the warps can keep outstanding before they run out of issue
// slots or registers.
// Expected: fewer instructions, but not necessarily more bandwidth. Step 3
// already has 64 bytes per thread in flight, which may be all the memory
// system needs; then the gain at large sizes is small or nothing, and
// vectors pay off where instructions are the limit (kernels that compute
// on every item, or that run fewer threads). Where the time does not move,
// the SASS shows the change: LDG.E.128 / STG.E.128 in place of LDG.E /
// STG.E, a quarter as many (ncu: smsp__inst_executed_op_global_ld.sum).
// The arrays must be 16-byte aligned (cudaMalloc gives 256 bytes, and a
// tile is 16 KB).
#include <cstdint>

#include <cuda_runtime.h>

#include <cubling/util/math.cuh>

#include "problems.h"
#include "tile_copy.cuh"

namespace step04_vector_16byte
{

constexpr int BLOCK = 256; // threads per block
constexpr int ITEMS = 16;  // items per thread: four int4 vectors
constexpr int TILE  = BLOCK * ITEMS;

// example-begin kernel
template <int BLOCK_THREADS, int ITEMS_PER_THREAD>
__global__ void __launch_bounds__(BLOCK_THREADS) copy_kernel(const int* in, int* out, int64_t n)
{
  const int64_t tile_base = blockIdx.x * int64_t{BLOCK_THREADS * ITEMS_PER_THREAD};
  int items[ITEMS_PER_THREAD];
  ch04::load_tile<BLOCK_THREADS>(in + tile_base, n - tile_base, items);
  ch04::store_tile<BLOCK_THREADS>(out + tile_base, n - tile_base, items);
}
// example-end kernel

void launch(const runner::Args<problems::copy_i32>& a)
{
  const int64_t tiles = cubling::ceil_div(a.n, TILE);
  copy_kernel<BLOCK, ITEMS><<<static_cast<unsigned>(tiles), BLOCK, 0, a.stream>>>(a.in(), a.out(), a.n);
}

} // namespace step04_vector_16byte
