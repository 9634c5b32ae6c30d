// problems.cu: CPU references and CUB oracles for the chapters' problems.
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_segmented_reduce.cuh>

#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>

#include "check.h"
#include "problems.h"

namespace problems
{
namespace
{

// --- inputs ------------------------------------------------------------------------

// Each item from `draw(random word)`.
template <typename T, typename Draw>
void fill_each(const runner::Span<T>& items, uint64_t seed, Draw draw)
{
  for (T& item : items)
  {
    item = draw(check_random(&seed));
  }
}

int small_int(uint64_t r) // in [-1000, 1000]
{
  return static_cast<int>(r % 2001) - 1000;
}
int any_int(uint64_t r) // every bit pattern
{
  return static_cast<int>(static_cast<uint32_t>(r >> 32));
}
// Multiples of 1/8 in [-8, 8]: every partial sum of up to 2^28 of them is a
// multiple of 1/8 far below 2^21, so float adds them exactly, in any order,
// and the result can be compared bit for bit with the CPU's and CUB's.
float eighth(uint64_t r)
{
  return static_cast<float>(static_cast<int>(r % 129) - 64) / 8.0f;
}
float unit_float(uint64_t r) // in [-1, 1)
{
  return static_cast<float>(static_cast<int64_t>(r >> 40) - (int64_t{1} << 23)) / 8388608.0f;
}
// In [-2^20, 2^20]: at large sizes the minimum occurs many times, and the
// first occurrence must win.
int tied_int(uint64_t r)
{
  return static_cast<int>(r % ((1u << 21) + 1)) - (1 << 20);
}

// --- references ------------------------------------------------------------------------

// The sum of the items, exactly (in Wide), converted to the output type.
template <typename Wide, typename T, typename Out>
void exact_sum(const runner::Span<const T>& items, Out& out)
{
  Wide sum = 0;
  for (T item : items)
  {
    sum += item;
  }
  out = static_cast<Out>(sum);
}

// --- oracles -----------------------------------------------------------------------------

// The temporary storage a CUB call asks for (`call(nullptr, bytes)`), asked
// outside any timed run.
template <typename Call>
size_t cub_temp_bytes(Call call)
{
  size_t bytes = 0;
  CHECK_CUDA(call(nullptr, bytes));
  return bytes;
}

// Run a CUB call in the runner's scratch (which holds at least what it asked for).
template <typename Problem, typename Call>
void cub_call(const runner::Args<Problem>& a, Call call)
{
  size_t bytes = a.scratch_bytes;
  CHECK_CUDA(call(a.scratch, bytes));
}

} // namespace

// --- reduce_sum_i32 ------------------------------------------------------------------------
void reduce_sum_i32::fill(const Host<In>& in, const Axes&, uint64_t seed)
{
  fill_each(std::get<0>(in), seed, small_int);
}
void reduce_sum_i32::reference(const ConstHost<In>& in, const Params&, const Axes&, const Host<Out>& out)
{
  exact_sum<int64_t>(std::get<0>(in), std::get<0>(out)[0]); // |sum| <= 1000 n fits easily
}
size_t reduce_sum_i32::oracle_scratch_bytes(int64_t n)
{
  return cub_temp_bytes([n](void* t, size_t& b) { return cub::DeviceReduce::Sum(t, b, (const int*)nullptr, (int*)nullptr, n); });
}
void reduce_sum_i32::oracle(const runner::Args<reduce_sum_i32>& a)
{
  cub_call(a, [&](void* t, size_t& b) { return cub::DeviceReduce::Sum(t, b, a.in(), a.out(), a.n, a.stream); });
}

// --- reduce_sum_f32 ------------------------------------------------------------------------
void reduce_sum_f32::fill(const Host<In>& in, const Axes&, uint64_t seed)
{
  fill_each(std::get<0>(in), seed, eighth);
}
void reduce_sum_f32::reference(const ConstHost<In>& in, const Params&, const Axes&, const Host<Out>& out)
{
  exact_sum<double>(std::get<0>(in), std::get<0>(out)[0]);
}
size_t reduce_sum_f32::oracle_scratch_bytes(int64_t n)
{
  return cub_temp_bytes([n](void* t, size_t& b) { return cub::DeviceReduce::Sum(t, b, (const float*)nullptr, (float*)nullptr, n); });
}
void reduce_sum_f32::oracle(const runner::Args<reduce_sum_f32>& a)
{
  cub_call(a, [&](void* t, size_t& b) { return cub::DeviceReduce::Sum(t, b, a.in(), a.out(), a.n, a.stream); });
}

// --- reduce_sum_squares_f32 ------------------------------------------------------------------
void reduce_sum_squares_f32::fill(const Host<In>& in, const Axes&, uint64_t seed)
{
  fill_each(std::get<0>(in), seed, unit_float);
}
void reduce_sum_squares_f32::reference(const ConstHost<In>& in, const Params&, const Axes&, const Host<Out>& out)
{
  double sum = 0.0;
  for (float x : std::get<0>(in))
  {
    sum += static_cast<double>(x) * x;
  }
  std::get<0>(out)[0] = static_cast<float>(sum);
}
bool reduce_sum_squares_f32::same(float got, float want)
{
  return std::fabs(got - want) <= 1e-5f * want + 1e-30f;
}
size_t reduce_sum_squares_f32::oracle_scratch_bytes(int64_t n)
{
  return cub_temp_bytes([n](void* t, size_t& b) {
    return cub::DeviceReduce::TransformReduce(t, b, (const float*)nullptr, (float*)nullptr, n, cuda::std::plus<>{},
                                              Square{}, 0.0f);
  });
}
void reduce_sum_squares_f32::oracle(const runner::Args<reduce_sum_squares_f32>& a)
{
  cub_call(a, [&](void* t, size_t& b) {
    return cub::DeviceReduce::TransformReduce(t, b, a.in(), a.out(), a.n, cuda::std::plus<>{}, Square{}, 0.0f,
                                              a.stream);
  });
}

// --- reduce_min_i32, reduce_max_i32 --------------------------------------------------------
void reduce_min_i32::fill(const Host<In>& in, const Axes&, uint64_t seed)
{
  fill_each(std::get<0>(in), seed, any_int);
}
void reduce_min_i32::reference(const ConstHost<In>& in, const Params&, const Axes&, const Host<Out>& out)
{
  std::get<0>(out)[0] = *std::min_element(std::get<0>(in).begin(), std::get<0>(in).end());
}
size_t reduce_min_i32::oracle_scratch_bytes(int64_t n)
{
  return cub_temp_bytes([n](void* t, size_t& b) { return cub::DeviceReduce::Min(t, b, (const int*)nullptr, (int*)nullptr, n); });
}
void reduce_min_i32::oracle(const runner::Args<reduce_min_i32>& a)
{
  cub_call(a, [&](void* t, size_t& b) { return cub::DeviceReduce::Min(t, b, a.in(), a.out(), a.n, a.stream); });
}

void reduce_max_i32::fill(const Host<In>& in, const Axes&, uint64_t seed)
{
  fill_each(std::get<0>(in), seed, any_int);
}
void reduce_max_i32::reference(const ConstHost<In>& in, const Params&, const Axes&, const Host<Out>& out)
{
  std::get<0>(out)[0] = *std::max_element(std::get<0>(in).begin(), std::get<0>(in).end());
}
size_t reduce_max_i32::oracle_scratch_bytes(int64_t n)
{
  return cub_temp_bytes([n](void* t, size_t& b) { return cub::DeviceReduce::Max(t, b, (const int*)nullptr, (int*)nullptr, n); });
}
void reduce_max_i32::oracle(const runner::Args<reduce_max_i32>& a)
{
  cub_call(a, [&](void* t, size_t& b) { return cub::DeviceReduce::Max(t, b, a.in(), a.out(), a.n, a.stream); });
}

// --- reduce_argmin_i32 ------------------------------------------------------------------------
void reduce_argmin_i32::fill(const Host<In>& in, const Axes&, uint64_t seed)
{
  fill_each(std::get<0>(in), seed, tied_int);
}
void reduce_argmin_i32::reference(const ConstHost<In>& in, const Params&, const Axes&, const Host<Out>& out)
{
  const auto& items = std::get<0>(in);
  const int* first  = std::min_element(items.begin(), items.end()); // the first of equal minima
  std::get<0>(out)[0].key   = first - items.begin();
  std::get<0>(out)[0].value = *first;
}
bool reduce_argmin_i32::same(const Result& got, const Result& want)
{
  return got.key == want.key && got.value == want.value;
}
std::string reduce_argmin_i32::text(const Result& value)
{
  return "{index " + std::to_string(value.key) + ", value " + std::to_string(value.value) + "}";
}
size_t reduce_argmin_i32::oracle_scratch_bytes(int64_t n)
{
  return cub_temp_bytes([n](void* t, size_t& b) {
    return cub::DeviceReduce::ArgMin(t, b, (const int*)nullptr, (int*)nullptr, (int64_t*)nullptr, n);
  });
}
void reduce_argmin_i32::oracle(const runner::Args<reduce_argmin_i32>& a)
{
  Result* out = a.out();
  cub_call(a, [&](void* t, size_t& b) {
    return cub::DeviceReduce::ArgMin(t, b, a.in(), &out->value, &out->key, a.n, a.stream);
  });
}

// --- copy_i32 -----------------------------------------------------------------------------------
double copy_i32::bytes_moved(int64_t n)
{
  return 8.0 * static_cast<double>(n);
}
void copy_i32::fill(const Host<In>& in, const Axes&, uint64_t seed)
{
  fill_each(std::get<0>(in), seed, any_int);
}
void copy_i32::reference(const ConstHost<In>& in, const Params&, const Axes&, const Host<Out>& out)
{
  std::copy(std::get<0>(in).begin(), std::get<0>(in).end(), std::get<0>(out).begin());
}
size_t copy_i32::oracle_scratch_bytes(int64_t)
{
  return 0;
}
void copy_i32::oracle(const runner::Args<copy_i32>& a)
{
  CHECK_CUDA(cudaMemcpyAsync(a.out(), a.in(), sizeof(int) * static_cast<size_t>(a.n), cudaMemcpyDeviceToDevice,
                             a.stream));
}

// --- segment_sums_i32, tile_sums_i32 -----------------------------------------------------
namespace
{

// Where segment s of SEGMENT items begins (End: ends) in an array of n items.
template <int SEGMENT, bool END>
struct SegmentOffset
{
  int64_t n;
  __host__ __device__ int64_t operator()(int64_t s) const
  {
    const int64_t offset = (s + (END ? 1 : 0)) * SEGMENT;
    return offset < n ? offset : n;
  }
};

// cub::DeviceSegmentedReduce::Sum over the segments of P, with begin and end
// offsets computed on the fly from a counting iterator.
template <typename P>
cudaError_t segment_sums(void* t, size_t& b, const int* in, int* out, int64_t n, cudaStream_t stream)
{
  constexpr int S = P::segment_items;
  const thrust::counting_iterator<int64_t> segment(0);
  const auto begins = thrust::make_transform_iterator(segment, SegmentOffset<S, false>{n});
  const auto ends   = thrust::make_transform_iterator(segment, SegmentOffset<S, true>{n});
  return cub::DeviceSegmentedReduce::Sum(t, b, in, out, P::out_count(0, n), begins, ends, stream);
}

template <typename P>
void segment_reference(const ConstHost<typename P::In>& in, const Host<typename P::Out>& out)
{
  const auto& items = std::get<0>(in);
  for (int64_t s = 0; s < std::get<0>(out).count; ++s)
  {
    const int64_t begin = s * P::segment_items;
    const int64_t count = std::min<int64_t>(P::segment_items, items.count - begin);
    exact_sum<int64_t>(runner::Span<const int>{items.data + begin, count}, std::get<0>(out)[s]);
  }
}

} // namespace

void segment_sums_i32::fill(const Host<In>& in, const Axes&, uint64_t seed)
{
  fill_each(std::get<0>(in), seed, small_int);
}
void segment_sums_i32::reference(const ConstHost<In>& in, const Params&, const Axes&, const Host<Out>& out)
{
  segment_reference<segment_sums_i32>(in, out);
}
size_t segment_sums_i32::oracle_scratch_bytes(int64_t n)
{
  return cub_temp_bytes(
    [n](void* t, size_t& b) { return segment_sums<segment_sums_i32>(t, b, nullptr, nullptr, n, nullptr); });
}
void segment_sums_i32::oracle(const runner::Args<segment_sums_i32>& a)
{
  cub_call(a,
           [&](void* t, size_t& b) { return segment_sums<segment_sums_i32>(t, b, a.in(), a.out(), a.n, a.stream); });
}

void tile_sums_i32::fill(const Host<In>& in, const Axes&, uint64_t seed)
{
  fill_each(std::get<0>(in), seed, small_int);
}
void tile_sums_i32::reference(const ConstHost<In>& in, const Params&, const Axes&, const Host<Out>& out)
{
  segment_reference<tile_sums_i32>(in, out);
}
size_t tile_sums_i32::oracle_scratch_bytes(int64_t n)
{
  return cub_temp_bytes(
    [n](void* t, size_t& b) { return segment_sums<tile_sums_i32>(t, b, nullptr, nullptr, n, nullptr); });
}
void tile_sums_i32::oracle(const runner::Args<tile_sums_i32>& a)
{
  cub_call(a, [&](void* t, size_t& b) { return segment_sums<tile_sums_i32>(t, b, a.in(), a.out(), a.n, a.stream); });
}

// --- inclusive_sum_i32, tile_scans_i32 ---------------------------------------------------
namespace
{

// out[i] = in[begin] + ... + in[i], starting again at every multiple of
// `restart` items; in uint32, so that it wraps on overflow as the GPU does.
void restarting_inclusive_sum(const runner::Span<const int>& in, const runner::Span<int>& out, int64_t restart)
{
  uint32_t sum = 0;
  for (int64_t i = 0; i < in.count; ++i)
  {
    sum    = (i % restart == 0 ? 0u : sum) + static_cast<uint32_t>(in[i]);
    out[i] = static_cast<int>(sum);
  }
}

// The key of item i in tile_scans_i32: the index of its tile.
struct TileOf
{
  __host__ __device__ int64_t operator()(int64_t i) const
  {
    return i / tile_scans_i32::tile_items;
  }
};

cudaError_t tile_scans(void* t, size_t& b, const int* in, int* out, int64_t n, cudaStream_t stream)
{
  const auto keys = thrust::make_transform_iterator(thrust::counting_iterator<int64_t>(0), TileOf{});
  return cub::DeviceScan::InclusiveSumByKey(t, b, keys, in, out, n, cuda::std::equal_to<>{}, stream);
}

} // namespace

double inclusive_sum_i32::bytes_moved(int64_t n)
{
  return 8.0 * static_cast<double>(n);
}
void inclusive_sum_i32::fill(const Host<In>& in, const Axes&, uint64_t seed)
{
  fill_each(std::get<0>(in), seed, small_int);
}
void inclusive_sum_i32::reference(const ConstHost<In>& in, const Params&, const Axes&, const Host<Out>& out)
{
  restarting_inclusive_sum(std::get<0>(in), std::get<0>(out), INT64_MAX);
}
size_t inclusive_sum_i32::oracle_scratch_bytes(int64_t n)
{
  return runner::max_over_count_types(n, [](auto count) {
    return cub_temp_bytes([count](void* t, size_t& b) {
      return cub::DeviceScan::InclusiveSum(t, b, (const int*)nullptr, (int*)nullptr, count);
    });
  });
}
void inclusive_sum_i32::oracle(const runner::Args<inclusive_sum_i32>& a)
{
  const int* in = a.axes.mode == runner::Mode::in_place ? a.out() : a.in();
  cub_call(a, [&](void* t, size_t& b) {
    return runner::call_with_variant_count(
      a, [&](auto n) { return cub::DeviceScan::InclusiveSum(t, b, in, a.out(), n, a.stream); });
  });
}

double tile_scans_i32::bytes_moved(int64_t n)
{
  return 8.0 * static_cast<double>(n);
}
void tile_scans_i32::fill(const Host<In>& in, const Axes&, uint64_t seed)
{
  fill_each(std::get<0>(in), seed, small_int);
}
void tile_scans_i32::reference(const ConstHost<In>& in, const Params&, const Axes&, const Host<Out>& out)
{
  restarting_inclusive_sum(std::get<0>(in), std::get<0>(out), tile_items);
}
size_t tile_scans_i32::oracle_scratch_bytes(int64_t n)
{
  return cub_temp_bytes([n](void* t, size_t& b) { return tile_scans(t, b, nullptr, nullptr, n, nullptr); });
}
void tile_scans_i32::oracle(const runner::Args<tile_scans_i32>& a)
{
  cub_call(a, [&](void* t, size_t& b) { return tile_scans(t, b, a.in(), a.out(), a.n, a.stream); });
}

} // namespace problems
