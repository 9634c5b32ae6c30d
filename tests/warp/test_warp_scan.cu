// WarpScan on the GPU (--device), against a CPU reference and cub::WarpScan.
//
// Each case runs one kernel over BLOCKS blocks of 4 hardware warps. Every
// logical warp scans LOGICAL_WARP_THREADS random items with every member of
// WarpScan, one after another on the same TempStorage (with the __syncwarp
// the contract asks for in between): the sums, the inclusive and exclusive
// scans with and without an initial value and a warp aggregate, Scan (both
// outputs) with and without an initial value, and Broadcast from a random
// lane. The same kernel then runs the same members of cub::WarpScan on the
// same registers. Every output lands in its own slot of a poisoned buffer;
// the host checks cubling's and CUB's slots against a CPU scan, bit for bit,
// and skips only the outputs that CUB documents as undefined (lane 0's
// exclusive output without an initial value).
//
// Coverage: logical warps of 1, 2, 3, 7, 8, 16, 31 and 32 threads (3, 7 and
// 31 take the shared-memory path, the others the shuffle path); several
// logical warps per block (and per hardware warp when the size is a power of
// two); int32, int64, uint8 (wrapping sums), float and double (small integer
// values: exact in any order), with cuda::std::plus<> (the sums' operator,
// and the integer shortcut of the exclusive scans), cubling::Max, and a
// struct with a non-commutative operator (composing affine maps).
#include <cub/warp/warp_scan.cuh>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <type_traits>
#include <vector>

#include <cuda/std/functional>

#include <cubling/thread/thread_operators.cuh>
#include <cubling/warp/warp_scan.cuh>

#include "check.h"
#include "custom_operators.cuh"

namespace
{

// The output slots of one lane, one per output of each member.
enum Slot
{
  INCLUSIVE_SUM,
  INCLUSIVE_SUM_AGG_OUT,
  INCLUSIVE_SUM_AGG,
  EXCLUSIVE_SUM,
  EXCLUSIVE_SUM_AGG_OUT,
  EXCLUSIVE_SUM_AGG,
  INCLUSIVE,
  INCLUSIVE_INIT,
  INCLUSIVE_AGG_OUT,
  INCLUSIVE_AGG,
  INCLUSIVE_INIT_AGG_OUT,
  INCLUSIVE_INIT_AGG,
  EXCLUSIVE,          // lane 0 undefined
  EXCLUSIVE_INIT,
  EXCLUSIVE_AGG_OUT,  // lane 0 undefined
  EXCLUSIVE_AGG,
  EXCLUSIVE_INIT_AGG_OUT,
  EXCLUSIVE_INIT_AGG,
  SCAN_INCLUSIVE,
  SCAN_EXCLUSIVE,     // lane 0 undefined
  SCAN_INIT_INCLUSIVE,
  SCAN_INIT_EXCLUSIVE,
  BROADCAST,
  SLOTS,
};

const char* const slot_names[] = {
  "InclusiveSum",
  "InclusiveSum(aggregate): output",
  "InclusiveSum(aggregate): aggregate",
  "ExclusiveSum",
  "ExclusiveSum(aggregate): output",
  "ExclusiveSum(aggregate): aggregate",
  "InclusiveScan",
  "InclusiveScan(initial)",
  "InclusiveScan(aggregate): output",
  "InclusiveScan(aggregate): aggregate",
  "InclusiveScan(initial, aggregate): output",
  "InclusiveScan(initial, aggregate): aggregate",
  "ExclusiveScan",
  "ExclusiveScan(initial)",
  "ExclusiveScan(aggregate): output",
  "ExclusiveScan(aggregate): aggregate",
  "ExclusiveScan(initial, aggregate): output",
  "ExclusiveScan(initial, aggregate): aggregate",
  "Scan: inclusive",
  "Scan: exclusive",
  "Scan(initial): inclusive",
  "Scan(initial): exclusive",
  "Broadcast",
};

bool undefined_in_lane0(int slot)
{
  return slot == EXCLUSIVE || slot == EXCLUSIVE_AGG_OUT || slot == SCAN_EXCLUSIVE;
}

template <typename T>
constexpr bool has_sum = std::is_arithmetic_v<T>;

constexpr int BLOCK  = 128; // 4 hardware warps
constexpr int BLOCKS = 2;

template <int L>
constexpr bool is_pow2 = (L & (L - 1)) == 0;

template <int L>
constexpr int logical_per_block = is_pow2<L> ? BLOCK / L : BLOCK / 32;

// Every member of `Scan` (cubling's or CUB's WarpScan), each output to its slot.
template <typename WarpScanT, typename T, typename Op>
__device__ void run_members(typename WarpScanT::TempStorage& storage, T x, T init, unsigned src, Op op, T* out,
                            unsigned mask)
{
  T a, b;
  if constexpr (has_sum<T>)
  {
    WarpScanT(storage).InclusiveSum(x, a);
    out[INCLUSIVE_SUM] = a;
    __syncwarp(mask);
    WarpScanT(storage).InclusiveSum(x, a, b);
    out[INCLUSIVE_SUM_AGG_OUT] = a;
    out[INCLUSIVE_SUM_AGG]     = b;
    __syncwarp(mask);
    WarpScanT(storage).ExclusiveSum(x, a);
    out[EXCLUSIVE_SUM] = a;
    __syncwarp(mask);
    WarpScanT(storage).ExclusiveSum(x, a, b);
    out[EXCLUSIVE_SUM_AGG_OUT] = a;
    out[EXCLUSIVE_SUM_AGG]     = b;
    __syncwarp(mask);
  }
  WarpScanT(storage).InclusiveScan(x, a, op);
  out[INCLUSIVE] = a;
  __syncwarp(mask);
  WarpScanT(storage).InclusiveScan(x, a, init, op);
  out[INCLUSIVE_INIT] = a;
  __syncwarp(mask);
  WarpScanT(storage).InclusiveScan(x, a, op, b);
  out[INCLUSIVE_AGG_OUT] = a;
  out[INCLUSIVE_AGG]     = b;
  __syncwarp(mask);
  WarpScanT(storage).InclusiveScan(x, a, init, op, b);
  out[INCLUSIVE_INIT_AGG_OUT] = a;
  out[INCLUSIVE_INIT_AGG]     = b;
  __syncwarp(mask);
  WarpScanT(storage).ExclusiveScan(x, a, op);
  out[EXCLUSIVE] = a;
  __syncwarp(mask);
  WarpScanT(storage).ExclusiveScan(x, a, init, op);
  out[EXCLUSIVE_INIT] = a;
  __syncwarp(mask);
  WarpScanT(storage).ExclusiveScan(x, a, op, b);
  out[EXCLUSIVE_AGG_OUT] = a;
  out[EXCLUSIVE_AGG]     = b;
  __syncwarp(mask);
  WarpScanT(storage).ExclusiveScan(x, a, init, op, b);
  out[EXCLUSIVE_INIT_AGG_OUT] = a;
  out[EXCLUSIVE_INIT_AGG]     = b;
  __syncwarp(mask);
  WarpScanT(storage).Scan(x, a, b, op);
  out[SCAN_INCLUSIVE] = a;
  out[SCAN_EXCLUSIVE] = b;
  __syncwarp(mask);
  WarpScanT(storage).Scan(x, a, b, init, op);
  out[SCAN_INIT_INCLUSIVE] = a;
  out[SCAN_INIT_EXCLUSIVE] = b;
  __syncwarp(mask);
  out[BROADCAST] = WarpScanT(storage).Broadcast(x, src);
}

// out[((impl * warps + warp) * L + lane) * SLOTS + slot], impl 0 = cubling, 1 = CUB.
// example-begin warp-scan-logical-warps
template <int L, typename T, typename Op>
__global__ void __launch_bounds__(BLOCK)
  warp_scan_kernel(const T* in, const T* init, const unsigned* src, T* out, int warps, Op op)
{
  using Mine   = cubling::WarpScan<T, L>;
  using Theirs = cub::WarpScan<T, L>;
  __shared__ typename Mine::TempStorage mine[logical_per_block<L>];
  __shared__ typename Theirs::TempStorage theirs[logical_per_block<L>];

  const int tid     = static_cast<int>(threadIdx.x);
  const int hw_lane = tid % 32;
  if (!is_pow2<L> && hw_lane >= L)
  {
    return; // not part of this hardware warp's logical warp
  }
  const int local     = is_pow2<L> ? tid / L : tid / 32;
  const int lane      = is_pow2<L> ? tid % L : hw_lane;
  const int warp      = static_cast<int>(blockIdx.x) * logical_per_block<L> + local;
  const unsigned mask = L == 32 ? 0xffffffffu : ((1u << (L % 32)) - 1u) << (is_pow2<L> ? hw_lane / L * L : 0);
  const T x           = in[warp * L + lane];

  run_members<Mine>(mine[local], x, init[warp], src[warp], op, out + (size_t(warp) * L + lane) * SLOTS, mask);
  run_members<Theirs>(theirs[local], x, init[warp], src[warp], op,
                      out + ((size_t(warps) + warp) * L + lane) * SLOTS, mask);
}
// example-end warp-scan-logical-warps

// --- host side ----------------------------------------------------------------

uint64_t rng = 0;
int cases    = 0;

template <typename T>
T random_item()
{
  const uint64_t r = check_random(&rng);
  if constexpr (std::is_same_v<T, Affine>)
  {
    return {static_cast<uint32_t>(r), static_cast<uint32_t>(r >> 32)};
  }
  else if constexpr (std::is_floating_point_v<T>)
  {
    return static_cast<T>(static_cast<int>(r % 401) - 200) / T(4); // quarters: sums of 33 stay exact
  }
  else if constexpr (std::is_same_v<T, int64_t>)
  {
    return static_cast<int64_t>(r >> 24) - (int64_t(1) << 39); // no overflow in a sum of 33
  }
  else if constexpr (std::is_signed_v<T>)
  {
    return static_cast<T>(static_cast<int>(r % 2001) - 1000);
  }
  else
  {
    return static_cast<T>(r); // any bits: unsigned sums wrap the same in any order
  }
}

template <typename T>
T* to_device(const std::vector<T>& host)
{
  T* device = nullptr;
  CHECK_CUDA(cudaMalloc(&device, sizeof(T) * host.size()));
  CHECK_CUDA(cudaMemcpy(device, host.data(), sizeof(T) * host.size(), cudaMemcpyHostToDevice));
  return device;
}

// The reference outputs of one logical warp: want[lane * SLOTS + slot].
template <typename T, typename Op>
void reference(const T* x, int L, T init, unsigned src, Op op, std::vector<T>& want)
{
  const auto plus = [](T p, T q) {
    if constexpr (has_sum<T>)
    {
      return static_cast<T>(p + q);
    }
    else
    {
      return p;
    }
  };
  std::vector<T> inc(L), inc_init(L), sum(L);
  for (int i = 0; i < L; ++i)
  {
    inc[i]      = i == 0 ? x[0] : static_cast<T>(op(inc[i - 1], x[i]));
    inc_init[i] = static_cast<T>(op(i == 0 ? init : inc_init[i - 1], x[i]));
    sum[i]      = i == 0 ? x[0] : plus(sum[i - 1], x[i]);
  }
  want.assign(size_t(L) * SLOTS, T{});
  for (int i = 0; i < L; ++i)
  {
    T* w                      = want.data() + size_t(i) * SLOTS;
    const T exc               = i == 0 ? T{} : inc[i - 1]; // lane 0: undefined, not compared
    const T exc_init          = i == 0 ? init : inc_init[i - 1];
    const T exc_sum           = i == 0 ? T{} : sum[i - 1];
    w[INCLUSIVE_SUM]          = sum[i];
    w[INCLUSIVE_SUM_AGG_OUT]  = sum[i];
    w[INCLUSIVE_SUM_AGG]      = sum[L - 1];
    w[EXCLUSIVE_SUM]          = exc_sum;
    w[EXCLUSIVE_SUM_AGG_OUT]  = exc_sum;
    w[EXCLUSIVE_SUM_AGG]      = sum[L - 1];
    w[INCLUSIVE]              = inc[i];
    w[INCLUSIVE_INIT]         = inc_init[i];
    w[INCLUSIVE_AGG_OUT]      = inc[i];
    w[INCLUSIVE_AGG]          = inc[L - 1];
    w[INCLUSIVE_INIT_AGG_OUT] = inc_init[i];
    w[INCLUSIVE_INIT_AGG]     = inc[L - 1]; // the aggregate leaves the initial value out
    w[EXCLUSIVE]              = exc;
    w[EXCLUSIVE_INIT]         = exc_init;
    w[EXCLUSIVE_AGG_OUT]      = exc;
    w[EXCLUSIVE_AGG]          = inc[L - 1];
    w[EXCLUSIVE_INIT_AGG_OUT] = exc_init;
    w[EXCLUSIVE_INIT_AGG]     = inc[L - 1];
    w[SCAN_INCLUSIVE]         = inc[i];
    w[SCAN_EXCLUSIVE]         = exc;
    w[SCAN_INIT_INCLUSIVE]    = inc_init[i];
    w[SCAN_INIT_EXCLUSIVE]    = exc_init;
    w[BROADCAST]              = x[src];
  }
}

template <int L, typename T, typename Op>
void check_case(Op op, const char* type_name, const char* op_name)
{
  const int warps = BLOCKS * logical_per_block<L>;
  std::vector<T> in(size_t(warps) * L), init(warps);
  std::vector<unsigned> src(warps);
  for (auto& x : in)
  {
    x = random_item<T>();
  }
  for (int w = 0; w < warps; ++w)
  {
    init[w] = random_item<T>();
    src[w]  = static_cast<unsigned>(check_random(&rng) % L);
  }
  std::vector<T> out(size_t(2) * warps * L * SLOTS);
  std::memset(static_cast<void*>(out.data()), 0xA5, sizeof(T) * out.size()); // the poison
  T* d_in          = to_device(in);
  T* d_init        = to_device(init);
  unsigned* d_src  = to_device(src);
  T* d_out         = to_device(out);
  warp_scan_kernel<L><<<BLOCKS, BLOCK>>>(d_in, d_init, d_src, d_out, warps, op);
  CHECK_LAUNCH();
  CHECK_CUDA(cudaMemcpy(out.data(), d_out, sizeof(T) * out.size(), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaFree(d_in));
  CHECK_CUDA(cudaFree(d_init));
  CHECK_CUDA(cudaFree(d_src));
  CHECK_CUDA(cudaFree(d_out));

  std::printf("case %d: %s, %s, %d-thread logical warps, %d of them\n", cases, type_name, op_name, L, warps);
  std::vector<T> want;
  for (int w = 0; w < warps; ++w)
  {
    reference(in.data() + size_t(w) * L, L, init[w], src[w], op, want);
    for (int impl = 0; impl < 2; ++impl)
    {
      for (int lane = 0; lane < L; ++lane)
      {
        const T* got = out.data() + ((size_t(impl) * warps + w) * L + lane) * SLOTS;
        for (int slot = 0; slot < SLOTS; ++slot)
        {
          if ((lane == 0 && undefined_in_lane0(slot)) || (!has_sum<T> && slot <= EXCLUSIVE_SUM_AGG))
          {
            continue;
          }
          check_set_context("%s of %s, %s, %s, logical warp size %d, warp %d, lane %d", slot_names[slot],
                            impl == 0 ? "cubling" : "CUB", type_name, op_name, L, w, lane);
          EXPECT(check_same_bits(got[slot], want[size_t(lane) * SLOTS + slot]), "wrong value");
        }
      }
    }
  }
  ++cases;
}

template <typename T, typename Op>
void check_sizes(Op op, const char* type_name, const char* op_name)
{
  check_case<1, T>(op, type_name, op_name);
  check_case<2, T>(op, type_name, op_name);
  check_case<3, T>(op, type_name, op_name);
  check_case<7, T>(op, type_name, op_name);
  check_case<8, T>(op, type_name, op_name);
  check_case<16, T>(op, type_name, op_name);
  check_case<31, T>(op, type_name, op_name);
  check_case<32, T>(op, type_name, op_name);
}

} // namespace

int main(int argc, char** argv)
{
  (void) argc;
  (void) argv;
  check_skip_without_gpu();
  rng = check_seed();

  check_sizes<int32_t>(cuda::std::plus<>{}, "int32", "cuda::std::plus<>");
  check_sizes<int32_t>(cubling::Max{}, "int32", "cubling::Max");
  check_sizes<int64_t>(cuda::std::plus<>{}, "int64", "cuda::std::plus<>");
  check_sizes<uint8_t>(cuda::std::plus<>{}, "uint8", "cuda::std::plus<>");
  check_sizes<float>(cuda::std::plus<>{}, "float", "cuda::std::plus<>");
  check_sizes<float>(cubling::Max{}, "float", "cubling::Max");
  check_sizes<double>(cuda::std::plus<>{}, "double", "cuda::std::plus<>");
  check_sizes<Affine>(ComposeAffine{}, "Affine", "ComposeAffine");

  std::printf("WarpScan: %d cases passed, cubling and CUB alike\n", cases);
  return 0;
}
