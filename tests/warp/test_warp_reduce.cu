// WarpReduce on the GPU (--device), against a CPU reference and cub::WarpReduce.
//
// Each case runs one kernel over BLOCKS blocks. Every logical warp reduces
// LOGICAL_WARP_THREADS random items four times: cubling full and partial
// (valid_items, random in 1..L, with L and 1 always among them), then
// cub::WarpReduce full and partial on the same registers. Lane 0 writes the
// four results over a poisoned output. The host checks each against a CPU
// fold of the same items, and cubling against CUB.
//
// Coverage: logical warps of 1, 2, 7, 9, 16 and 32 threads (7 and 9 take the
// shared-memory path, the others the shuffle path, and 32-bit integers over
// full warps the redux.sync path); int8..int64, uint8..uint64, float, double
// and a struct with a non-commutative operator; Sum, Min, Max and a custom
// operator; blocks both 1D and 2D (the lane must come from %laneid); power-of-two
// logical warps of which only every other one calls (they are independent);
// and floating-point NaN and +-Inf.
#include <cub/warp/warp_reduce.cuh>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

#include <cuda/functional>
#include <cuda/std/functional>

#include <cubling/thread/thread_operators.cuh>
#include <cubling/warp/warp_reduce.cuh>

#include "check.h"
#include "custom_operators.cuh"

namespace
{

// --- custom value types and operators ----------------------------------------
// (Affine, ComposeAffine and BitXor: tests/custom_operators.cuh)

// For floating point, "the item of largest magnitude, the leftmost on ties":
// associative and exact (it selects, it does not round).
struct AbsMax
{
  template <typename T>
  __host__ __device__ T operator()(const T& x, const T& y) const
  {
    return (y < 0 ? -y : y) > (x < 0 ? -x : x) ? y : x;
  }
};

// Tag: call Sum() rather than Reduce(op).
struct UseSum
{};

template <typename T>
auto custom_op()
{
  if constexpr (std::is_same_v<T, Affine>)
  {
    return ComposeAffine{};
  }
  else if constexpr (std::is_floating_point_v<T>)
  {
    return AbsMax{};
  }
  else
  {
    return BitXor{};
  }
}

template <typename T>
const char* type_name()
{
  if constexpr (std::is_same_v<T, int8_t>) return "int8";
  else if constexpr (std::is_same_v<T, int16_t>) return "int16";
  else if constexpr (std::is_same_v<T, int32_t>) return "int32";
  else if constexpr (std::is_same_v<T, int64_t>) return "int64";
  else if constexpr (std::is_same_v<T, uint8_t>) return "uint8";
  else if constexpr (std::is_same_v<T, uint16_t>) return "uint16";
  else if constexpr (std::is_same_v<T, uint32_t>) return "uint32";
  else if constexpr (std::is_same_v<T, uint64_t>) return "uint64";
  else if constexpr (std::is_same_v<T, float>) return "float";
  else if constexpr (std::is_same_v<T, double>) return "double";
  else return "Affine";
}

// --- the kernel ---------------------------------------------------------------

constexpr int BLOCK  = 128; // 4 hardware warps
constexpr int BLOCKS = 3;

template <int L>
constexpr bool is_pow2 = (L & (L - 1)) == 0;

// Power-of-two logical warps tile the block; other sizes run one logical warp
// (lanes 0 .. L-1) per hardware warp.
template <int L>
constexpr int logical_per_block = is_pow2<L> ? BLOCK / L : BLOCK / 32;

template <typename WarpReduceT, typename T, typename Op>
__device__ T reduce_all(WarpReduceT warp_reduce, T x, Op op)
{
  if constexpr (std::is_same_v<Op, UseSum>)
  {
    return warp_reduce.Sum(x);
  }
  else
  {
    return warp_reduce.Reduce(x, op);
  }
}

template <typename WarpReduceT, typename T, typename Op>
__device__ T reduce_valid(WarpReduceT warp_reduce, T x, Op op, int valid_items)
{
  if constexpr (std::is_same_v<Op, UseSum>)
  {
    return warp_reduce.Sum(x, valid_items);
  }
  else
  {
    return warp_reduce.Reduce(x, op, valid_items);
  }
}

// example-begin logical-warps
// out[4w + 0..3]: cubling full, cubling partial, CUB full, CUB partial, for logical warp w.
template <int L, typename T, typename Op>
__global__ void __launch_bounds__(BLOCK) warp_reduce_kernel(const T* in, const int* valid, T* out, Op op, bool only_even)
{
  using Mine   = cubling::WarpReduce<T, L>;
  using Theirs = cub::WarpReduce<T, L>;
  __shared__ typename Mine::TempStorage mine[logical_per_block<L>];
  __shared__ typename Theirs::TempStorage theirs[logical_per_block<L>];

  const int tid     = static_cast<int>(threadIdx.x + threadIdx.y * blockDim.x); // row-major: the warps' order
  const int hw_lane = tid % 32;
  if (!is_pow2<L> && hw_lane >= L)
  {
    return; // not part of this hardware warp's logical warp
  }
  const int local = is_pow2<L> ? tid / L : tid / 32;
  if (only_even && local % 2 == 1)
  {
    return; // odd logical warps sit this one out: the even ones must not need them
  }
  const int lane        = is_pow2<L> ? tid % L : hw_lane;
  const int warp        = static_cast<int>(blockIdx.x) * logical_per_block<L> + local;
  const unsigned mask   = L == 32 ? 0xffffffffu : ((1u << (L % 32)) - 1u) << (hw_lane / L * L);
  const T x             = in[warp * L + lane];
  const int valid_items = valid[warp];

  // Each TempStorage is used twice, with the __syncwarp the contract asks for in between.
  const T mine_all = reduce_all(Mine(mine[local]), x, op);
  __syncwarp(mask);
  const T mine_valid = reduce_valid(Mine(mine[local]), x, op, valid_items);
  const T cub_all    = reduce_all(Theirs(theirs[local]), x, op);
  __syncwarp(mask);
  const T cub_valid = reduce_valid(Theirs(theirs[local]), x, op, valid_items);
  if (lane == 0)
  {
    out[4 * warp + 0] = mine_all;
    out[4 * warp + 1] = mine_valid;
    out[4 * warp + 2] = cub_all;
    out[4 * warp + 3] = cub_valid;
  }
}
// example-end logical-warps

// --- host side ----------------------------------------------------------------

uint64_t rng = 0;
int cases    = 0;

// Fresh random items, never zero. Signed sums stay small (no overflow, which
// would be undefined); everything else uses the whole range, so that Min and
// Max on unsigned types see values with the top bit set, and float values
// lie in [-1, 1).
template <typename T>
T random_item(bool small)
{
  const uint64_t r = check_random(&rng);
  if constexpr (std::is_same_v<T, Affine>)
  {
    return {static_cast<uint32_t>(r) | 1u, static_cast<uint32_t>(r >> 32)};
  }
  else if constexpr (std::is_floating_point_v<T>)
  {
    const double u = static_cast<double>(r >> 11) / 9007199254740992.0; // [0, 1)
    return static_cast<T>(u == 0.5 ? 0.25 : 2.0 * u - 1.0);
  }
  else if constexpr (std::is_signed_v<T>)
  {
    const T value = small ? static_cast<T>(static_cast<int>(r % 201) - 100) : static_cast<T>(r);
    return value == 0 ? T(1) : value;
  }
  else
  {
    const T value = static_cast<T>(r);
    return value == 0 ? T(1) : value;
  }
}

enum class Special
{
  none,
  nan_inf, // for sums: +Inf, +Inf with -Inf (NaN), NaN
  inf,     // for Min/Max: +Inf and -Inf (NaN makes Min/Max order-dependent)
};

template <typename T>
bool same_bits(const T& x, const T& y)
{
  return std::memcmp(&x, &y, sizeof(T)) == 0;
}

template <typename T>
bool is_poison(const T& x)
{
  unsigned char bytes[sizeof(T)];
  std::memcpy(bytes, &x, sizeof(T));
  for (unsigned char b : bytes)
  {
    if (b != 0xA5)
    {
      return false;
    }
  }
  return true;
}

// The CPU reference: items[0..count) folded left to right. A floating-point
// sum is folded in double, and `tolerance` is set to what the tree's
// reassociation in T may cost; everything else must match exactly.
template <typename T>
double fold_double_sum(const T* items, int count, double* sum_abs)
{
  double sum = 0.0;
  *sum_abs   = 0.0;
  for (int i = 0; i < count; ++i)
  {
    sum += static_cast<double>(items[i]);
    *sum_abs += std::fabs(static_cast<double>(items[i]));
  }
  return sum;
}

template <typename T, typename Op>
T fold(const T* items, int count, Op op)
{
  T accumulator = items[0];
  for (int i = 1; i < count; ++i)
  {
    if constexpr (std::is_same_v<Op, UseSum>)
    {
      accumulator = static_cast<T>(cubling::Sum{}(accumulator, items[i]));
    }
    else
    {
      accumulator = static_cast<T>(op(accumulator, items[i]));
    }
  }
  return accumulator;
}

template <typename T>
void print_value(const char* what, const T& x)
{
  if constexpr (std::is_same_v<T, Affine>)
  {
    std::fprintf(stderr, "  %s = {a %u, b %u}\n", what, x.a, x.b);
  }
  else if constexpr (std::is_floating_point_v<T>)
  {
    std::fprintf(stderr, "  %s = %.17g\n", what, static_cast<double>(x));
  }
  else if constexpr (std::is_signed_v<T>)
  {
    std::fprintf(stderr, "  %s = %lld\n", what, static_cast<long long>(x));
  }
  else
  {
    std::fprintf(stderr, "  %s = %llu\n", what, static_cast<unsigned long long>(x));
  }
}

template <int L, typename T, typename Op>
void check_case(Op op, const char* op_name, Special special = Special::none, bool only_even = false)
{
  constexpr bool FLOAT_SUM = std::is_floating_point_v<T> && std::is_same_v<Op, UseSum>;
  const int warps          = BLOCKS * logical_per_block<L>;
  const bool small         = std::is_same_v<Op, UseSum>;

  std::vector<T> in(static_cast<size_t>(warps) * L);
  for (auto& x : in)
  {
    x = random_item<T>(small);
  }
  std::vector<int> valid(warps);
  for (int w = 0; w < warps; ++w)
  {
    valid[w] = w == 0 ? L : w == 1 ? 1 : 1 + static_cast<int>(check_random(&rng) % L);
  }
  if constexpr (std::is_floating_point_v<T>)
  {
    const T inf = std::numeric_limits<T>::infinity();
    for (int w = 0; w < warps && special != Special::none; ++w)
    {
      T* items = in.data() + static_cast<size_t>(w) * L;
      if (special == Special::nan_inf)
      {
        switch (w % 4)
        {
          case 0: items[0] = inf; break;
          case 1: items[0] = inf, items[L - 1] = -inf; break; // NaN where both lanes count, +Inf where only lane 0 does
          case 2: items[L / 2] = std::numeric_limits<T>::quiet_NaN(); break;
          default: break;
        }
      }
      else
      {
        items[check_random(&rng) % L] = (w % 2) ? inf : -inf;
      }
    }
  }

  T* d_in       = nullptr;
  int* d_valid  = nullptr;
  T* d_out      = nullptr;
  const size_t out_count = 4 * static_cast<size_t>(warps);
  CHECK_CUDA(cudaMalloc(&d_in, sizeof(T) * in.size()));
  CHECK_CUDA(cudaMalloc(&d_valid, sizeof(int) * valid.size()));
  CHECK_CUDA(cudaMalloc(&d_out, sizeof(T) * out_count));
  CHECK_CUDA(cudaMemcpy(d_in, in.data(), sizeof(T) * in.size(), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(d_valid, valid.data(), sizeof(int) * valid.size(), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemset(d_out, 0xA5, sizeof(T) * out_count));
  const dim3 block = cases % 2 ? dim3(BLOCK) : dim3(16, BLOCK / 16); // 1D and 2D blocks in turn
  warp_reduce_kernel<L><<<BLOCKS, block>>>(d_in, d_valid, d_out, op, only_even);
  CHECK_LAUNCH();
  std::vector<T> out(out_count);
  CHECK_CUDA(cudaMemcpy(out.data(), d_out, sizeof(T) * out_count, cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaFree(d_in));
  CHECK_CUDA(cudaFree(d_valid));
  CHECK_CUDA(cudaFree(d_out));

  static const char* const result_names[4] = {"cubling full warp", "cubling valid_items", "cub full warp",
                                              "cub valid_items"};
  for (int w = 0; w < warps; ++w)
  {
    const T* items = in.data() + static_cast<size_t>(w) * L;
    const T* got   = out.data() + 4 * static_cast<size_t>(w);
    if (only_even && (w % logical_per_block<L>) % 2 == 1)
    {
      for (int k = 0; k < 4; ++k)
      {
        CHECK(is_poison(got[k])); // a logical warp that did not call wrote nothing
      }
      continue;
    }
    for (int k = 0; k < 4; ++k)
    {
      const int count = (k % 2 == 0) ? L : valid[w];
      bool ok         = false;
      double want_d   = 0.0;
      T want{};
      if constexpr (FLOAT_SUM)
      {
        double sum_abs  = 0.0;
        want_d          = fold_double_sum(items, count, &sum_abs);
        const double tol = 2.0 * L * std::numeric_limits<T>::epsilon() * sum_abs;
        // NaN matches NaN, an infinity only itself, finite values within tol.
        auto near = [tol](double x, double y) {
          if (std::isnan(x) || std::isnan(y))
          {
            return std::isnan(x) && std::isnan(y);
          }
          if (std::isinf(x) || std::isinf(y))
          {
            return x == y;
          }
          return std::fabs(x - y) <= tol;
        };
        const double x = static_cast<double>(got[k]);
        ok             = near(x, want_d);
        if (k < 2) // and cubling against CUB on the same items
        {
          ok = ok && near(x, static_cast<double>(got[k + 2]));
        }
      }
      else
      {
        want = fold(items, count, op);
        ok   = same_bits(got[k], want) && (k >= 2 || same_bits(got[k], got[k + 2]));
      }
      if (!ok)
      {
        std::fprintf(stderr, "WarpReduce<%s, %d> %s, %s: logical warp %d (valid_items %d) is wrong\n",
                     type_name<T>(), L, op_name, result_names[k], w, valid[w]);
        print_value("got", got[k]);
        if constexpr (FLOAT_SUM)
        {
          std::fprintf(stderr, "  want = %.17g (double reference)\n", want_d);
        }
        else
        {
          print_value("want", want);
        }
        if (k < 2)
        {
          print_value("cub", got[k + 2]);
        }
        for (int i = 0; i < L; ++i)
        {
          print_value("item", items[i]);
        }
      }
      CHECK(ok);
    }
  }
  ++cases;
}

template <int L, typename T>
void check_size()
{
  check_case<L, T>(UseSum{}, "Sum");
  check_case<L, T>(cubling::Min{}, "Reduce(cubling::Min)");
  check_case<L, T>(cuda::maximum<>{}, "Reduce(cuda::maximum<>)");
  check_case<L, T>(custom_op<T>(), "Reduce(custom)");
  if constexpr (is_pow2<L> && L < 32)
  {
    check_case<L, T>(UseSum{}, "Sum, every other logical warp", Special::none, true);
  }
}

template <typename T>
void check_type()
{
  check_size<1, T>();
  check_size<2, T>();
  check_size<7, T>();
  check_size<9, T>();
  check_size<16, T>();
  check_size<32, T>();
}

// The operators that the redux.sync path recognises, beyond those above.
template <typename T>
void check_redux_operators()
{
  check_case<32, T>(cuda::std::plus<>{}, "Reduce(cuda::std::plus<>)");
  check_case<32, T>(cuda::minimum<>{}, "Reduce(cuda::minimum<>)");
  check_case<32, T>(cubling::Max{}, "Reduce(cubling::Max)");
}

template <typename T>
void check_special_values()
{
  check_case<32, T>(UseSum{}, "Sum with NaN/Inf", Special::nan_inf);
  check_case<7, T>(UseSum{}, "Sum with NaN/Inf", Special::nan_inf);
  check_case<32, T>(cubling::Min{}, "Reduce(cubling::Min) with Inf", Special::inf);
  check_case<9, T>(cuda::maximum<>{}, "Reduce(cuda::maximum<>) with Inf", Special::inf);
}

template <int L>
void check_affine()
{
  check_case<L, Affine>(ComposeAffine{}, "Reduce(compose affine maps)");
}

} // namespace

int main(int argc, char** argv)
{
  if (argc < 2 || std::strcmp(argv[1], "--device") != 0)
  {
    std::printf("usage: %s --device (WarpReduce runs on the GPU only)\n", argv[0]);
    return 2;
  }
  check_skip_without_gpu();
  rng = check_seed();

  check_type<int8_t>();
  check_type<int16_t>();
  check_type<int32_t>();
  check_type<int64_t>();
  check_type<uint8_t>();
  check_type<uint16_t>();
  check_type<uint32_t>();
  check_type<uint64_t>();
  check_type<float>();
  check_type<double>();
  check_redux_operators<int32_t>();
  check_redux_operators<uint32_t>();
  check_special_values<float>();
  check_special_values<double>();
  check_affine<1>();
  check_affine<2>();
  check_affine<7>();
  check_affine<9>();
  check_affine<16>();
  check_affine<32>();

  std::printf("WarpReduce on the GPU: %d cases passed, each against the CPU and cub::WarpReduce\n", cases);
  return 0;
}
