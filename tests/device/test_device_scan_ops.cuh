// test_device_scan_ops.cuh: DeviceScan with custom operators and custom value
// types (test_device_scan.cuh), for test_device_scan_ops.cu (values of at most
// 8 bytes, which share a word with their tile status) and
// test_device_scan_ops_wide.cu (wider values, kept apart from the status):
// InclusiveScan, ExclusiveScan with an initial value, InclusiveScanInit,
// and ExclusiveScan with a FutureValue (written by a kernel that runs late,
// just before the scan, in the same stream), against a left-to-right CPU
// scan and cub::DeviceScan, bit for bit:
//   - Affine (x -> a*x + b over uint32, 8 bytes: packed with its tile status),
//     composed left to right, not commutative;
//   - Mat2 (2x2 uint32 matrices, 16 bytes: tile values kept apart), multiplied;
//   - AffineF (a in {-1, 1}, b whole: exact float arithmetic), composed;
//   - Tracked (Affine with a marker, 12 bytes), whose operator counts every
//     argument that is not a real item, the initial value or one of its
//     own results: the count must stay 0 (CUB's count is only reported);
//   - uint32 with cuda::std::plus<> and a random initial value, float with a
//     custom maximum;
// at the sweep sizes up to 2^22 + 1 (2^21 for AffineF), unaligned input and
// output, and in place.
#pragma once

#include "test_device_scan.cuh"

namespace device_scan_ops_test
{
using namespace device_scan_test;

// Write `value` to *p after about 100 microseconds: a FutureValue must be
// read when the scan runs, after this kernel, not when it is enqueued.
template <typename T>
__global__ void set_late(T* p, T value)
{
  for (int i = 0; i < 100; ++i)
  {
    __nanosleep(1000);
  }
  *p = value;
}

// The operator for T: CheckedCompose counts into `violations`; the others need nothing.
template <typename T, typename Op>
Op make_op(unsigned int* violations)
{
  if constexpr (std::is_same_v<Op, CheckedCompose>)
  {
    return CheckedCompose{violations};
  }
  else
  {
    (void) violations;
    return Op{};
  }
}

// The violation counters of the Tracked operator: one for cubling, one for CUB.
struct Violations
{
  DeviceArray<unsigned int> mine{1}, theirs{1};
  void reset()
  {
    CHECK_CUDA(cudaMemset(mine.ptr, 0, sizeof(unsigned int)));
    CHECK_CUDA(cudaMemset(theirs.ptr, 0, sizeof(unsigned int)));
  }
  // cubling's count must be 0; CUB's is reported (CUB makes no such promise).
  void expect_none(const char* what)
  {
    const unsigned int m = read_back(mine.ptr), t = read_back(theirs.ptr);
    if (t != 0)
    {
      std::printf("    note: cub::DeviceScan::%s handed its operator %u values without the marker\n", what, t);
    }
    EXPECT(m == 0, "cubling::DeviceScan::%s handed its operator %u values that are not items, the initial value or "
           "results of the operator", what, m);
  }
};

inline Violations* violations = nullptr;

// One scan kind of x = h[0, n) (at d_in) into d_out, with cubling and CUB.
template <typename T, typename Op>
void check_kind(Kind kind, const T* h, const T* d_in, T* d_out, int64_t n, bool future)
{
  const T init               = random_value<T>();
  const Op op_cpu            = make_op<T, Op>(nullptr);
  const Op op_mine           = make_op<T, Op>(violations->mine.ptr);
  const Op op_theirs         = make_op<T, Op>(violations->theirs.ptr);
  const std::vector<T> want  = cpu_scan(h, n, op_cpu, kind, init);
  DeviceArray<T> d_init(1);
  char mine[128], theirs[128];
  std::snprintf(mine, sizeof mine, "cubling::DeviceScan::%s%s", kind_name(kind), future ? " (FutureValue)" : "");
  std::snprintf(theirs, sizeof theirs, "cub::DeviceScan::%s%s", kind_name(kind), future ? " (FutureValue)" : "");
  // Before the run (not the size query) of a FutureValue call: garbage in
  // *d_init, then the kernel that writes the initial value late.
  auto prepare = [&](void* t) {
    if (future && t != nullptr)
    {
      CHECK_CUDA(cudaMemset(static_cast<void*>(d_init.ptr), 0x77, sizeof(T)));
      set_late<<<1, 1>>>(d_init.ptr, init);
      CHECK_CUDA(cudaGetLastError());
    }
  };
  auto call_mine = [&](void* t, size_t& b) {
    prepare(t);
    switch (kind)
    {
      case Kind::inclusive: return cubling::DeviceScan::InclusiveScan(t, b, d_in, d_out, op_mine, n);
      case Kind::inclusive_init: return cubling::DeviceScan::InclusiveScanInit(t, b, d_in, d_out, op_mine, init, n);
      default:
        return future ? cubling::DeviceScan::ExclusiveScan(t, b, d_in, d_out, op_mine,
                                                           cubling::FutureValue<T>(d_init.ptr), n)
                      : cubling::DeviceScan::ExclusiveScan(t, b, d_in, d_out, op_mine, init, n);
    }
  };
  auto call_theirs = [&](void* t, size_t& b) {
    prepare(t);
    switch (kind)
    {
      case Kind::inclusive: return cub::DeviceScan::InclusiveScan(t, b, d_in, d_out, op_theirs, n);
      case Kind::inclusive_init: return cub::DeviceScan::InclusiveScanInit(t, b, d_in, d_out, op_theirs, init, n);
      default:
        return future ? cub::DeviceScan::ExclusiveScan(t, b, d_in, d_out, op_theirs, cub::FutureValue<T>(d_init.ptr), n)
                      : cub::DeviceScan::ExclusiveScan(t, b, d_in, d_out, op_theirs, init, n);
    }
  };
  violations->reset();
  check_case(mine, theirs, d_out, n, call_mine, call_theirs,
             [&](const char* who, const std::vector<T>& got) { expect_same(who, got, want); });
  violations->expect_none(mine + std::strlen("cubling::DeviceScan::"));
}

template <typename T, typename Op>
void check_window(const T* h, const T* d_in, T* d_out, int64_t n)
{
  check_kind<T, Op>(Kind::inclusive, h, d_in, d_out, n, false);
  check_kind<T, Op>(Kind::inclusive_init, h, d_in, d_out, n, false);
  check_kind<T, Op>(Kind::exclusive, h, d_in, d_out, n, false);
  check_kind<T, Op>(Kind::exclusive, h, d_in, d_out, n, true);
}

// In place: the in-place overloads of InclusiveScan and ExclusiveScan agree
// with the CPU.
template <typename T, typename Op>
void check_in_place(const T* h, T* d_data, int64_t n)
{
  const T init   = random_value<T>();
  const Op op    = make_op<T, Op>(violations->mine.ptr);
  const Op op_cpu = make_op<T, Op>(nullptr);
  violations->reset();
  std::vector<T> got = run_in_place("cubling::DeviceScan::InclusiveScan in place", d_data, h, n,
                                    [&](void* t, size_t& b) { return cubling::DeviceScan::InclusiveScan(t, b, d_data, op, n); });
  expect_same("cubling::DeviceScan::InclusiveScan in place", got, cpu_scan(h, n, op_cpu, Kind::inclusive, init));
  got = run_in_place("cubling::DeviceScan::ExclusiveScan in place", d_data, h, n, [&](void* t, size_t& b) {
    return cubling::DeviceScan::ExclusiveScan(t, b, d_data, op, init, n);
  });
  expect_same("cubling::DeviceScan::ExclusiveScan in place", got, cpu_scan(h, n, op_cpu, Kind::exclusive, init));
  violations->expect_none("InclusiveScan/ExclusiveScan in place");
  cases += 2;
}

template <typename T, typename Op>
void check_type(const char* op_name, int64_t max_items)
{
  std::printf("  %s, %s\n", name_of<T>(), op_name);
  std::fflush(stdout);
  const std::vector<int64_t> sizes = scan_sizes<T>(max_items);
  const int64_t biggest            = sizes.back();
  const size_t room                = static_cast<size_t>(biggest + 2 * GUARD + 16);
  std::vector<T> pool(room);
  fill_values(pool.data(), pool.size());
  DeviceArray<T> d_pool(room), d_out(room), d_data(room);
  d_pool.upload(pool.data(), pool.size());
  for (int64_t n : sizes)
  {
    check_set_context("%s with %s, %lld items (aligned)", name_of<T>(), op_name, static_cast<long long>(n));
    check_window<T, Op>(pool.data(), d_pool.ptr, d_out.ptr, n);
  }
  for (int64_t n : scan_unaligned_sizes())
  {
    check_set_context("%s with %s, %lld items, input at element 1, output at element 3", name_of<T>(), op_name,
                      static_cast<long long>(n));
    check_window<T, Op>(pool.data() + 1, d_pool.ptr + 1, d_out.ptr + 3, n);
  }
  for (int64_t n : {int64_t{1}, hopper_tile<T>() + 1, 33 * hopper_tile<T>() + 1})
  {
    check_set_context("%s with %s, %lld items in place", name_of<T>(), op_name, static_cast<long long>(n));
    check_in_place<T, Op>(pool.data(), d_data.ptr, n);
  }
}

} // namespace device_scan_ops_test
