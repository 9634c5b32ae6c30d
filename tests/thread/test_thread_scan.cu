// ThreadScan, on the CPU (--host) and on the GPU (--device).
//
// Each case gives `threads` threads LENGTH random items and a random prefix
// each, and every thread runs all the forms of cubling::internal::ThreadScanInclusive
// and ThreadScanExclusive on them: arrays and pointers, with and without a
// prefix, apply_prefix false, and in place (output == input). Each form writes
// its LENGTH outputs and its returned aggregate over a poisoned buffer. The
// oracle is a scan written out here on the CPU, compared bit for bit; on the
// GPU, cub::internal::ThreadScan* on the same registers is a second oracle.
//
// Coverage: int8..int64, uint8..uint64, float (small integers: exact in any
// order), double (random reals: exact because the order is fixed), Sum,
// cuda::std::plus<>, Max, exclusive or, and a struct with a non-commutative
// operator (composing affine maps); lengths 1, 2, 3, 7 and 16.
#include <cub/thread/thread_scan.cuh>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <type_traits>
#include <vector>

#include <cuda/std/functional>

#include <cubling/thread/thread_operators.cuh>
#include <cubling/thread/thread_scan.cuh>

#include "check.h"
#include "custom_operators.cuh"

namespace
{

uint64_t rng = 0;

template <typename T>
T random_item()
{
  const uint64_t r = check_random(&rng);
  if constexpr (std::is_same_v<T, Affine>)
  {
    return {static_cast<uint32_t>(r), static_cast<uint32_t>(r >> 32)};
  }
  else if constexpr (std::is_same_v<T, float>)
  {
    return static_cast<float>(static_cast<int>(r % 201) - 100); // sums of 17 stay exact
  }
  else if constexpr (std::is_same_v<T, double>)
  {
    return (static_cast<double>(r >> 11) / 9007199254740992.0) * 2.0 - 1.0; // [-1, 1)
  }
  else if constexpr (std::is_signed_v<T>)
  {
    return static_cast<T>(static_cast<int>(r % 201) - 100); // no signed overflow in 17 items
  }
  else
  {
    return static_cast<T>(r); // any bits: unsigned sums wrap the same everywhere
  }
}

// The forms that every thread runs, in this order; each writes LENGTH outputs
// then its aggregate, LENGTH + 1 slots.
enum Form
{
  INCLUSIVE,                 // array, no prefix
  INCLUSIVE_PREFIX,          // array, prefix
  INCLUSIVE_PREFIX_UNUSED,   // array, prefix, apply_prefix = false
  EXCLUSIVE_PREFIX,          // array, prefix
  EXCLUSIVE_PREFIX_UNUSED,   // array, prefix, apply_prefix = false
  INCLUSIVE_IN_PLACE,        // array, prefix, output == input
  EXCLUSIVE_IN_PLACE,        // array, prefix, output == input
  INCLUSIVE_POINTER_IN_PLACE, // pointer and length, no prefix, in place
  INCLUSIVE_POINTER_PREFIX,  // pointer and length, prefix, apply_prefix = false
  EXCLUSIVE_POINTER,         // pointer and length, prefix
  CUBLING_FORMS,
  CUB_INCLUSIVE_PREFIX = CUBLING_FORMS, // GPU only: CUB, as a second oracle
  CUB_EXCLUSIVE_PREFIX,
  ALL_FORMS,
};

const char* const form_names[] = {"inclusive",
                                  "inclusive + prefix",
                                  "inclusive + prefix, apply_prefix=false",
                                  "exclusive + prefix",
                                  "exclusive + prefix, apply_prefix=false",
                                  "inclusive + prefix, in place",
                                  "exclusive + prefix, in place",
                                  "inclusive, pointer, in place",
                                  "inclusive + prefix, pointer, apply_prefix=false",
                                  "exclusive + prefix, pointer",
                                  "cub inclusive + prefix",
                                  "cub exclusive + prefix"};

template <int LENGTH, typename T>
__host__ __device__ void copy_items(const T* from, T (&to)[LENGTH])
{
  for (int j = 0; j < LENGTH; ++j)
  {
    to[j] = from[j];
  }
}

template <int LENGTH, typename T>
__host__ __device__ void put(T* out, Form form, const T (&items)[LENGTH], T aggregate)
{
  T* slot = out + static_cast<int>(form) * (LENGTH + 1);
  for (int j = 0; j < LENGTH; ++j)
  {
    slot[j] = items[j];
  }
  slot[LENGTH] = aggregate;
}

// One thread's forms: `in` holds its LENGTH items, `out` its CUBLING_FORMS * (LENGTH + 1) slots.
template <int LENGTH, typename T, typename Op>
__host__ __device__ void run_forms(const T* in, T prefix, T* out, Op op)
{
  T items[LENGTH];
  T result[LENGTH];
  copy_items(in, items);

  T aggregate = cubling::internal::ThreadScanInclusive(items, result, op);
  put(out, INCLUSIVE, result, aggregate);
  aggregate = cubling::internal::ThreadScanInclusive(items, result, op, prefix);
  put(out, INCLUSIVE_PREFIX, result, aggregate);
  aggregate = cubling::internal::ThreadScanInclusive(items, result, op, prefix, false);
  put(out, INCLUSIVE_PREFIX_UNUSED, result, aggregate);
  aggregate = cubling::internal::ThreadScanExclusive(items, result, op, prefix);
  put(out, EXCLUSIVE_PREFIX, result, aggregate);
  aggregate = cubling::internal::ThreadScanExclusive(items, result, op, prefix, false);
  put(out, EXCLUSIVE_PREFIX_UNUSED, result, aggregate);

  T inout[LENGTH];
  copy_items(in, inout);
  aggregate = cubling::internal::ThreadScanInclusive(inout, inout, op, prefix);
  put(out, INCLUSIVE_IN_PLACE, inout, aggregate);
  copy_items(in, inout);
  aggregate = cubling::internal::ThreadScanExclusive(inout, inout, op, prefix);
  put(out, EXCLUSIVE_IN_PLACE, inout, aggregate);
  copy_items(in, inout);
  aggregate = cubling::internal::ThreadScanInclusive<LENGTH>(&inout[0], &inout[0], op);
  put(out, INCLUSIVE_POINTER_IN_PLACE, inout, aggregate);
  aggregate = cubling::internal::ThreadScanInclusive<LENGTH>(&items[0], &result[0], op, prefix, false);
  put(out, INCLUSIVE_POINTER_PREFIX, result, aggregate);
  aggregate = cubling::internal::ThreadScanExclusive<LENGTH>(&items[0], &result[0], op, prefix);
  put(out, EXCLUSIVE_POINTER, result, aggregate);
}

template <int LENGTH, typename T, typename Op>
__global__ void scan_kernel(const T* in, const T* prefix, T* out, int threads, Op op)
{
  const int t = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (t >= threads)
  {
    return;
  }
  T* mine = out + t * ALL_FORMS * (LENGTH + 1);
  run_forms<LENGTH>(in + t * LENGTH, prefix[t], mine, op);

  T items[LENGTH];
  T result[LENGTH];
  copy_items(in + t * LENGTH, items);
  T aggregate = cub::internal::ThreadScanInclusive(items, result, op, prefix[t]);
  put(mine, CUB_INCLUSIVE_PREFIX, result, aggregate);
  aggregate = cub::internal::ThreadScanExclusive(items, result, op, prefix[t]);
  put(mine, CUB_EXCLUSIVE_PREFIX, result, aggregate);
}

// The CPU oracle for one form: the scan written out, as ThreadScan promises it.
template <int LENGTH, typename T, typename Op>
void reference(const T* items, T prefix, Form form, Op op, T* want)
{
  const bool inclusive = form == INCLUSIVE || form == INCLUSIVE_PREFIX || form == INCLUSIVE_PREFIX_UNUSED
                      || form == INCLUSIVE_IN_PLACE || form == INCLUSIVE_POINTER_IN_PLACE
                      || form == INCLUSIVE_POINTER_PREFIX || form == CUB_INCLUSIVE_PREFIX;
  const bool seeded = !(form == INCLUSIVE || form == INCLUSIVE_PREFIX_UNUSED || form == EXCLUSIVE_PREFIX_UNUSED
                        || form == INCLUSIVE_POINTER_IN_PLACE || form == INCLUSIVE_POINTER_PREFIX);
  // running: the fold of everything before item j (empty when !has_running).
  bool has_running = seeded;
  T running        = prefix;
  for (int j = 0; j < LENGTH; ++j)
  {
    const T next = has_running ? static_cast<T>(op(running, items[j])) : items[j];
    if (!inclusive)
    {
      want[j] = j == 0 ? prefix : running; // output[0] is the prefix whether applied or not
    }
    else
    {
      want[j] = next;
    }
    running     = next;
    has_running = true;
  }
  want[LENGTH] = running;
}

template <typename T>
T* to_device(const std::vector<T>& host)
{
  T* device = nullptr;
  CHECK_CUDA(cudaMalloc(&device, sizeof(T) * host.size()));
  CHECK_CUDA(cudaMemcpy(device, host.data(), sizeof(T) * host.size(), cudaMemcpyHostToDevice));
  return device;
}

bool on_device = false;
int cases      = 0;

template <int LENGTH, typename T, typename Op>
void check_case(Op op, const char* op_name, const char* type_name)
{
  const int threads     = 97;
  const size_t per      = size_t(ALL_FORMS) * (LENGTH + 1);
  const int forms       = on_device ? ALL_FORMS : CUBLING_FORMS;
  std::vector<T> in(size_t(threads) * LENGTH), prefix(threads);
  for (auto& x : in)
  {
    x = random_item<T>();
  }
  for (auto& p : prefix)
  {
    p = random_item<T>();
  }

  // Poisoned on both sides (every byte 0xA5): a slot that a form forgot to write fails.
  std::vector<T> out(size_t(threads) * per);
  std::memset(static_cast<void*>(out.data()), 0xA5, sizeof(T) * out.size());
  if (on_device)
  {
    T* d_in     = to_device(in);
    T* d_prefix = to_device(prefix);
    T* d_out    = to_device(out);
    scan_kernel<LENGTH><<<(threads + 63) / 64, 64>>>(d_in, d_prefix, d_out, threads, op);
    CHECK_LAUNCH();
    CHECK_CUDA(cudaMemcpy(out.data(), d_out, sizeof(T) * out.size(), cudaMemcpyDeviceToHost));
    CHECK_CUDA(cudaFree(d_in));
    CHECK_CUDA(cudaFree(d_prefix));
    CHECK_CUDA(cudaFree(d_out));
  }
  else
  {
    for (int t = 0; t < threads; ++t)
    {
      run_forms<LENGTH>(in.data() + t * LENGTH, prefix[t], out.data() + t * per, op);
    }
  }

  T want[LENGTH + 1];
  for (int t = 0; t < threads; ++t)
  {
    for (int f = 0; f < forms; ++f)
    {
      reference<LENGTH>(in.data() + t * LENGTH, prefix[t], static_cast<Form>(f), op, want);
      const T* got = out.data() + t * per + size_t(f) * (LENGTH + 1);
      for (int j = 0; j <= LENGTH; ++j)
      {
        check_set_context("%s on the %s, %s, %s, LENGTH %d, thread %d, %s %d", form_names[f],
                          on_device ? "GPU" : "CPU", type_name, op_name, LENGTH, t,
                          j == LENGTH ? "aggregate" : "output", j);
        EXPECT(check_same_bits(got[j], want[j]), "wrong value");
      }
    }
  }
  ++cases;
}

template <typename T, typename Op>
void check_lengths(Op op, const char* op_name, const char* type_name)
{
  check_case<1, T>(op, op_name, type_name);
  check_case<2, T>(op, op_name, type_name);
  check_case<3, T>(op, op_name, type_name);
  check_case<7, T>(op, op_name, type_name);
  check_case<16, T>(op, op_name, type_name);
}

template <typename T>
void check_type(const char* type_name)
{
  check_lengths<T>(cubling::Sum{}, "Sum", type_name);
  check_lengths<T>(cuda::std::plus<>{}, "cuda::std::plus<>", type_name);
  check_lengths<T>(cubling::Max{}, "Max", type_name);
  if constexpr (std::is_integral_v<T>)
  {
    check_lengths<T>(BitXor{}, "BitXor", type_name);
  }
}

} // namespace

int main(int argc, char** argv)
{
  on_device = argc > 1 && std::strcmp(argv[1], "--device") == 0;
  if (on_device)
  {
    check_skip_without_gpu();
  }
  rng = check_seed();

  check_type<int8_t>("int8");
  check_type<int16_t>("int16");
  check_type<int32_t>("int32");
  check_type<int64_t>("int64");
  check_type<uint8_t>("uint8");
  check_type<uint16_t>("uint16");
  check_type<uint32_t>("uint32");
  check_type<uint64_t>("uint64");
  check_type<float>("float");
  check_type<double>("double");
  check_lengths<Affine>(ComposeAffine{}, "ComposeAffine", "Affine");

  std::printf("ThreadScan on the %s: %d cases passed\n", on_device ? "GPU" : "CPU", cases);
  return 0;
}
