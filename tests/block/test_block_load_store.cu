// BlockLoad and BlockStore, every algorithm, on the GPU: main(), the
// BLOCK_LOAD/STORE_DIRECT pair, the documented tile-copy example, and a
// direct check of the vectorized free functions. The other algorithm pairs
// are in test_block_load_store_<algorithm>.cu; the harness is
// test_block_load_store.cuh.
#include "test_block_load_store.cuh"

namespace block_load_store_test
{

void check_direct()
{
  check_algorithm<cubling::BLOCK_LOAD_DIRECT, cub::BLOCK_LOAD_DIRECT, cubling::BLOCK_STORE_DIRECT,
                  cub::BLOCK_STORE_DIRECT>("BLOCK_LOAD/STORE_DIRECT");
}

// example-begin tile-copy
// Copy n items, one tile of 128 x 4 per block: BlockLoad gives each thread
// four consecutive items (read coalesced, then transposed in shared
// memory), BlockStore writes them back the same way. The last tile is
// partial: the guarded forms read and write only its valid items.
constexpr int COPY_THREADS = 128;
constexpr int COPY_ITEMS   = 4;

__global__ void __launch_bounds__(COPY_THREADS) tile_copy(const int* in, int* out, int n)
{
  using Load  = cubling::BlockLoad<int, COPY_THREADS, COPY_ITEMS, cubling::BLOCK_LOAD_WARP_TRANSPOSE>;
  using Store = cubling::BlockStore<int, COPY_THREADS, COPY_ITEMS, cubling::BLOCK_STORE_WARP_TRANSPOSE>;
  __shared__ union
  {
    typename Load::TempStorage load;
    typename Store::TempStorage store;
  } temp_storage;

  const int tile_start = blockIdx.x * COPY_THREADS * COPY_ITEMS;
  const int valid      = n - tile_start;
  int items[COPY_ITEMS];
  if (valid >= COPY_THREADS * COPY_ITEMS)
  {
    Load(temp_storage.load).Load(in + tile_start, items);
    __syncthreads(); // the union's storage is reused by the store
    Store(temp_storage.store).Store(out + tile_start, items);
  }
  else
  {
    Load(temp_storage.load).Load(in + tile_start, items, valid);
    __syncthreads();
    Store(temp_storage.store).Store(out + tile_start, items, valid);
  }
}
// example-end tile-copy

void check_tile_copy()
{
  for (const int n : {1, 511, 512, 513, 5000})
  {
    std::vector<int> in(n);
    for (int& x : in)
    {
      x = static_cast<int>(check_random(&rng));
    }
    Buffer<int> d_in(n), d_out(n + 7);
    d_in.upload(in);
    d_out.poison();
    tile_copy<<<(n + 511) / 512, COPY_THREADS>>>(d_in.device, d_out.device, n);
    CHECK_LAUNCH();
    const std::vector<int> out = d_out.download();
    int poison;
    std::memset(&poison, 0xA5, sizeof poison);
    for (int i = 0; i < n + 7; ++i)
    {
      CHECK(out[i] == (i < n ? in[i] : poison));
    }
  }
  ++cases;
}

// The vectorized free functions called directly, on pointers to non-const
// items, aligned and not: each must copy the tile exactly.
template <typename T, int ITEMS> __global__ void vectorized_copy(T* in, T* out)
{
  T items[ITEMS];
  cubling::LoadDirectBlockedVectorized(static_cast<int>(threadIdx.x), in, items);
  cubling::StoreDirectBlockedVectorized(static_cast<int>(threadIdx.x), out, items);
}

template <typename T, int ITEMS> void check_vectorized_functions(const char* type)
{
  constexpr int THREADS = 64;
  constexpr int TILE    = THREADS * ITEMS;
  for (int offset = 0; offset < 16; ++offset)
  {
    std::vector<T> in(TILE + 16);
    for (T& x : in)
    {
      x = random_item<T>();
    }
    Buffer<T> d_in(TILE + 16), d_out(TILE + 16);
    d_in.upload(in);
    d_out.poison();
    vectorized_copy<T, ITEMS><<<1, THREADS>>>(d_in.device + offset, d_out.device + offset);
    CHECK_LAUNCH();
    const std::vector<T> out = d_out.download();
    T poison;
    std::memset(static_cast<void*>(&poison), 0xA5, sizeof(T));
    for (int p = 0; p < TILE + 16; ++p)
    {
      const bool inside = p >= offset && p < offset + TILE;
      if (!same_bits(out[p], inside ? in[p] : poison))
      {
        char detail[128];
        std::snprintf(detail, sizeof detail, "T=%s, %d items per thread, offset %d, position %d", type, ITEMS, offset,
                      p);
        check_fail(__FILE__, __LINE__, "Load/StoreDirectBlockedVectorized copied wrongly", detail);
      }
    }
  }
  ++cases;
}

} // namespace block_load_store_test

int main(int argc, char** argv)
{
  using namespace block_load_store_test;
  const bool on_device = argc > 1 && std::strcmp(argv[1], "--device") == 0;
  if (!on_device)
  {
    std::printf("usage: %s --device (BlockLoad/BlockStore run on the GPU only)\n", argv[0]);
    return 2;
  }
  check_skip_without_gpu();
  rng = check_seed();
  check_direct();
  check_striped();
  check_vectorize();
  check_transpose();
  check_warp_transpose();
  check_tile_copy();
  check_vectorized_functions<int8_t, 4>("int8");
  check_vectorized_functions<int8_t, 16>("int8");
  check_vectorized_functions<int16_t, 3>("int16");
  check_vectorized_functions<int32_t, 4>("int32");
  check_vectorized_functions<float, 2>("float");
  check_vectorized_functions<double, 4>("double");
  std::printf("BlockLoad/BlockStore: %d cases passed\n", cases);
  return 0;
}
