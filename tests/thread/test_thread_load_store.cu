// ThreadLoad and ThreadStore, on the GPU.
//
// For each item type, one kernel copies N random items through every pair
// (load modifier, store modifier): 7 x 6 = 42 copies, each into its own
// output. Seven more outputs load with cub::ThreadLoad and each modifier,
// six more store with cub::ThreadStore and each modifier, as a second
// oracle. Outputs are poisoned first with the complement of the input, so
// an item left unwritten never passes. Every output must equal the input
// bit for bit. A last kernel checks that non-pointer iterators go through
// `*itr` whatever the modifier.
#include <cub/thread/thread_load.cuh>
#include <cub/thread/thread_store.cuh>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <utility>
#include <vector>

#include <cubling/thread/thread_load.cuh>
#include <cubling/thread/thread_store.cuh>

#include "check.h"

namespace
{

// A 12-byte struct (three words, 4-byte aligned) and a 16-byte one aligned
// to 16 (a single vector word); neither has padding, so bytes compare exactly.
struct Item12
{
  int32_t a, b, c;
};
struct alignas(16) Item16
{
  uint32_t a, b, c, d;
};

constexpr int LOADS  = 7; // LOAD_DEFAULT .. LOAD_VOLATILE
constexpr int STORES = 6; // STORE_DEFAULT .. STORE_VOLATILE
constexpr int PAIRS  = LOADS * STORES;
constexpr int SLOTS  = PAIRS + LOADS + STORES;
constexpr int N      = 1000; // not a multiple of the block size

uint64_t rng = 0;
int checks   = 0;

// Output slot `PAIR` of item i: load with modifier PAIR / STORES, store with PAIR % STORES.
template <typename T, int PAIR> __device__ void copy_pair(const T* in, T* out, int i)
{
  constexpr auto load  = static_cast<cubling::CacheLoadModifier>(PAIR / STORES);
  constexpr auto store = static_cast<cubling::CacheStoreModifier>(PAIR % STORES);
  const T item         = cubling::ThreadLoad<load>(in + i);
  cubling::ThreadStore<store>(out + static_cast<size_t>(PAIR) * N + i, item);
}

// CUB's loads (slots PAIRS + l) and stores (slots PAIRS + LOADS + s), with cubling's default on the other side.
template <typename T, int L> __device__ void cub_load(const T* in, T* out, int i)
{
  out[static_cast<size_t>(PAIRS + L) * N + i] = cub::ThreadLoad<static_cast<cub::CacheLoadModifier>(L)>(in + i);
}

template <typename T, int S> __device__ void cub_store(const T* in, T* out, int i)
{
  cub::ThreadStore<static_cast<cub::CacheStoreModifier>(S)>(out + static_cast<size_t>(PAIRS + LOADS + S) * N + i,
                                                            cubling::ThreadLoad(in + i));
}

template <typename T, int... P, int... L, int... S>
__device__ void copy_all(const T* in, T* out, int i, std::integer_sequence<int, P...>, std::integer_sequence<int, L...>,
                         std::integer_sequence<int, S...>)
{
  (copy_pair<T, P>(in, out, i), ...);
  (cub_load<T, L>(in, out, i), ...);
  (cub_store<T, S>(in, out, i), ...);
}

template <typename T> __global__ void copy_kernel(const T* in, T* out)
{
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < N)
  {
    copy_all(in, out, i, std::make_integer_sequence<int, PAIRS>{}, std::make_integer_sequence<int, LOADS>{},
             std::make_integer_sequence<int, STORES>{});
  }
}

const char* load_name(int l)
{
  static const char* names[] = {"LOAD_DEFAULT", "LOAD_CA",  "LOAD_CG",      "LOAD_CS",
                                "LOAD_CV",      "LOAD_LDG", "LOAD_VOLATILE"};
  return names[l];
}

const char* store_name(int s)
{
  static const char* names[] = {"STORE_DEFAULT", "STORE_WB", "STORE_CG", "STORE_CS", "STORE_WT", "STORE_VOLATILE"};
  return names[s];
}

template <typename T> void check_type(const char* type)
{
  // Random bytes (no padding in any type here, and no arithmetic on the
  // items, so every bit pattern is a fair input, NaNs included).
  std::vector<unsigned char> in(sizeof(T) * N);
  for (auto& byte : in)
  {
    byte = static_cast<unsigned char>(check_random(&rng));
  }
  std::vector<unsigned char> poison(sizeof(T) * N * SLOTS);
  for (size_t k = 0; k < poison.size(); ++k)
  {
    poison[k] = static_cast<unsigned char>(~in[k % in.size()]);
  }

  T* d_in  = nullptr;
  T* d_out = nullptr;
  CHECK_CUDA(cudaMalloc(&d_in, in.size()));
  CHECK_CUDA(cudaMalloc(&d_out, poison.size()));
  CHECK_CUDA(cudaMemcpy(d_in, in.data(), in.size(), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(d_out, poison.data(), poison.size(), cudaMemcpyHostToDevice));
  copy_kernel<T><<<(N + 127) / 128, 128>>>(d_in, d_out);
  CHECK_LAUNCH();
  std::vector<unsigned char> out(poison.size());
  CHECK_CUDA(cudaMemcpy(out.data(), d_out, out.size(), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaFree(d_in));
  CHECK_CUDA(cudaFree(d_out));

  for (int slot = 0; slot < SLOTS; ++slot)
  {
    const unsigned char* got = out.data() + sizeof(T) * N * slot;
    for (int i = 0; i < N; ++i)
    {
      if (std::memcmp(got + sizeof(T) * i, in.data() + sizeof(T) * i, sizeof(T)) != 0)
      {
        char detail[256];
        if (slot < PAIRS)
        {
          std::snprintf(detail, sizeof detail, "T=%s, cubling ThreadLoad<%s> then ThreadStore<%s>, item %d", type,
                        load_name(slot / STORES), store_name(slot % STORES), i);
        }
        else if (slot < PAIRS + LOADS)
        {
          std::snprintf(detail, sizeof detail, "T=%s, cub::ThreadLoad<%s>, item %d", type, load_name(slot - PAIRS), i);
        }
        else
        {
          std::snprintf(detail, sizeof detail, "T=%s, cub::ThreadStore<%s>, item %d", type,
                        store_name(slot - PAIRS - LOADS), i);
        }
        check_fail(__FILE__, __LINE__, "the copy differs from the input", detail);
      }
    }
    ++checks;
  }
}

// --- non-pointer iterators: the modifier is ignored, *itr is used ------------------

struct Counting // yields base + offset
{
  using value_type        = int;
  using difference_type   = ptrdiff_t;
  using pointer           = const int*;
  using reference         = int;
  using iterator_category = cuda::std::random_access_iterator_tag;
  int value;
  __device__ int operator*() const
  {
    return value;
  }
};

struct Negating // writes -val through the pointer it wraps
{
  struct Proxy
  {
    int* target;
    __device__ void operator=(int val) const
    {
      *target = -val;
    }
  };
  int* ptr;
  __device__ Proxy operator*() const
  {
    return Proxy{ptr};
  }
};

__global__ void iterator_kernel(int base, int* out)
{
  const int i = static_cast<int>(threadIdx.x);
  out[i]      = cubling::ThreadLoad<cubling::LOAD_CG>(Counting{base + i});
  cubling::ThreadStore<cubling::STORE_CS>(Negating{out + 64 + i}, base + i);
}

void check_iterators()
{
  const int base = static_cast<int>(check_random(&rng) % 1000000) + 1;
  int* d_out     = nullptr;
  CHECK_CUDA(cudaMalloc(&d_out, sizeof(int) * 128));
  CHECK_CUDA(cudaMemset(d_out, 0xA5, sizeof(int) * 128));
  iterator_kernel<<<1, 64>>>(base, d_out);
  CHECK_LAUNCH();
  std::vector<int> out(128);
  CHECK_CUDA(cudaMemcpy(out.data(), d_out, sizeof(int) * 128, cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaFree(d_out));
  for (int i = 0; i < 64; ++i)
  {
    CHECK(out[i] == base + i);         // ThreadLoad through an iterator
    CHECK(out[64 + i] == -(base + i)); // ThreadStore through an output iterator
  }
  checks += 2;
}

} // namespace

int main(int argc, char** argv)
{
  const bool on_device = argc > 1 && std::strcmp(argv[1], "--device") == 0;
  if (!on_device)
  {
    std::printf("usage: %s --device (ThreadLoad/ThreadStore run on the GPU only)\n", argv[0]);
    return 2;
  }
  check_skip_without_gpu();
  rng = check_seed();
  check_type<int8_t>("int8");
  check_type<uint16_t>("uint16");
  check_type<int32_t>("int32");
  check_type<int64_t>("int64");
  check_type<float>("float");
  check_type<double>("double");
  check_type<Item12>("Item12");
  check_type<Item16>("Item16");
  check_iterators();
  std::printf("ThreadLoad/ThreadStore: %d checks passed\n", checks);
  return 0;
}
