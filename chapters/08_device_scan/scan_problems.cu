// scan_problems.cu: CPU references and CUB oracles for scan_problems.h.
#include <cub/device/device_scan.cuh>

#include <cstdint>
#include <string>

#include "check.h"
#include "scan_problems.h"

namespace problems
{
namespace
{

int small_int(uint64_t r) // in [-1000, 1000], as inclusive_sum_i32's items
{
  return static_cast<int>(r % 2001) - 1000;
}

// The temporary storage a CUB call asks for, outside any timed run.
template <typename Call>
size_t cub_temp_bytes(Call call)
{
  size_t bytes = 0;
  CHECK_CUDA(call(nullptr, bytes));
  return bytes;
}

// Run a CUB call in the runner's scratch (at least what it asked for).
template <typename Problem, typename Call>
void cub_call(const runner::Args<Problem>& a, Call call)
{
  size_t bytes = a.scratch_bytes;
  CHECK_CUDA(call(a.scratch, bytes));
}

} // namespace

// --- exclusive_sum_f32 ---------------------------------------------------------------
double exclusive_sum_f32::bytes_moved(int64_t n)
{
  return 8.0 * static_cast<double>(n);
}
void exclusive_sum_f32::fill(const Host<In>& in, const Axes&, uint64_t seed)
{
  for (float& x : std::get<0>(in))
  {
    x = static_cast<float>(static_cast<int>(check_random(&seed) % 129) - 64) / 8.0f; // multiples of 1/8 in [-8, 8]
  }
}
void exclusive_sum_f32::reference(const ConstHost<In>& in, const Params&, const Axes&, const Host<Out>& out)
{
  double sum = 0.0; // exact: multiples of 1/8 far below 2^50
  for (int64_t i = 0; i < std::get<0>(in).count; ++i)
  {
    std::get<0>(out)[i] = static_cast<float>(sum);
    sum += std::get<0>(in)[i];
  }
}
size_t exclusive_sum_f32::oracle_scratch_bytes(int64_t n)
{
  return runner::max_over_count_types(n, [](auto count) {
    return cub_temp_bytes([count](void* t, size_t& b) {
      return cub::DeviceScan::ExclusiveSum(t, b, static_cast<const float*>(nullptr), static_cast<float*>(nullptr), count);
    });
  });
}
void exclusive_sum_f32::oracle(const runner::Args<exclusive_sum_f32>& a)
{
  cub_call(a, [&](void* t, size_t& b) {
    return runner::call_with_variant_count(
      a, [&](auto n) { return cub::DeviceScan::ExclusiveSum(t, b, a.in(), a.out(), n, a.stream); });
  });
}

// --- inclusive_affine_f32x2 ------------------------------------------------------------
double inclusive_affine_f32x2::bytes_moved(int64_t n)
{
  return 16.0 * static_cast<double>(n);
}
void inclusive_affine_f32x2::fill(const Host<In>& in, const Axes&, uint64_t seed)
{
  for (AffineMap& f : std::get<0>(in))
  {
    const uint64_t r = check_random(&seed);
    f.a              = (r & 1) ? 1.0f : -1.0f;
    f.b              = static_cast<float>(static_cast<int>((r >> 8) % 17) - 8);
  }
}
void inclusive_affine_f32x2::reference(const ConstHost<In>& in, const Params&, const Axes&, const Host<Out>& out)
{
  const auto& maps = std::get<0>(in);
  if (maps.count == 0)
  {
    return;
  }
  AffineMap total = maps[0];
  std::get<0>(out)[0] = total;
  for (int64_t i = 1; i < maps.count; ++i)
  {
    total               = ComposeAffineMaps{}(total, maps[i]);
    std::get<0>(out)[i] = total;
  }
}
std::string inclusive_affine_f32x2::text(const AffineMap& f)
{
  return "x -> " + runner::value_text(f.a) + " x + " + runner::value_text(f.b);
}
size_t inclusive_affine_f32x2::oracle_scratch_bytes(int64_t n)
{
  return runner::max_over_count_types(n, [](auto count) {
    return cub_temp_bytes([count](void* t, size_t& b) {
      return cub::DeviceScan::InclusiveScan(t, b, static_cast<const AffineMap*>(nullptr), static_cast<AffineMap*>(nullptr),
                                            ComposeAffineMaps{}, count);
    });
  });
}
void inclusive_affine_f32x2::oracle(const runner::Args<inclusive_affine_f32x2>& a)
{
  cub_call(a, [&](void* t, size_t& b) {
    return runner::call_with_variant_count(
      a, [&](auto n) { return cub::DeviceScan::InclusiveScan(t, b, a.in(), a.out(), ComposeAffineMaps{}, n, a.stream); });
  });
}

// --- inclusive_sum_by_key_i32 ------------------------------------------------------------
double inclusive_sum_by_key_i32::bytes_moved(int64_t n)
{
  return 12.0 * static_cast<double>(n);
}
void inclusive_sum_by_key_i32::fill(const Host<In>& in, const Axes&, uint64_t seed)
{
  const auto& keys   = std::get<0>(in);
  const auto& values = std::get<1>(in);
  int key            = 0;
  for (int64_t i = 0; i < keys.count; ++i)
  {
    const uint64_t r = check_random(&seed);
    key += (r >> 32) % mean_segment == 0 ? 1 : 0; // a new segment with probability 1/100
    keys[i]   = key;
    values[i] = small_int(r);
  }
}
void inclusive_sum_by_key_i32::reference(const ConstHost<In>& in, const Params&, const Axes&, const Host<Out>& out)
{
  const auto& keys   = std::get<0>(in);
  const auto& values = std::get<1>(in);
  uint32_t sum       = 0; // wraps on overflow, as the GPU's adds do
  for (int64_t i = 0; i < keys.count; ++i)
  {
    sum                 = (i == 0 || keys[i] != keys[i - 1] ? 0u : sum) + static_cast<uint32_t>(values[i]);
    std::get<0>(out)[i] = static_cast<int>(sum);
  }
}
size_t inclusive_sum_by_key_i32::oracle_scratch_bytes(int64_t n)
{
  return runner::max_over_count_types(n, [](auto count) {
    return cub_temp_bytes([count](void* t, size_t& b) {
      return cub::DeviceScan::InclusiveSumByKey(t, b, static_cast<const int*>(nullptr), static_cast<const int*>(nullptr),
                                                static_cast<int*>(nullptr), count);
    });
  });
}
void inclusive_sum_by_key_i32::oracle(const runner::Args<inclusive_sum_by_key_i32>& a)
{
  cub_call(a, [&](void* t, size_t& b) {
    return runner::call_with_variant_count(a, [&](auto n) {
      return cub::DeviceScan::InclusiveSumByKey(t, b, a.in<0>(), a.in<1>(), a.out(), n, cuda::std::equal_to<>{},
                                                a.stream);
    });
  });
}

} // namespace problems
