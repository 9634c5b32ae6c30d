// The fancy iterators (cubling/iterator/), on the CPU (--host) and the GPU (--device).
//
// --host checks, on the CPU, every iterator whose dereference can run there
// (counting, constant, transform, arg-index, discard, transform-output) and
// the arithmetic of the device-only ones (cache-modified input and output):
// each step, distance, comparison and read against a plain pointer or a
// closed-form computation, with 64-bit offsets near and beyond 2^32 and
// negative distances. --device (test_iterators_reduce.cu,
// test_iterators_block.cu) runs every iterator through DeviceReduce and
// through BlockLoad/BlockStore. See test_iterators.cuh.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <numeric>
#include <type_traits>
#include <vector>

#if defined(__unix__)
#include <sys/mman.h>
#endif

#include <cuda/std/iterator>

#include <cubling/cubling.cuh>

#include "test_iterators.cuh"

namespace iterator_test
{
namespace
{

constexpr int64_t TWO_31 = int64_t{1} << 31;
constexpr int64_t TWO_32 = int64_t{1} << 32;

// The offsets that every 64-bit iterator is moved by: small, around 2^31 and
// 2^32 (where an `int` would overflow or wrap), beyond, and negative.
const int64_t big_offsets[] = {0,
                               1,
                               -1,
                               7,
                               -7,
                               TWO_31 - 1,
                               TWO_31,
                               TWO_31 + 1,
                               TWO_32 - 1,
                               TWO_32,
                               TWO_32 + 1,
                               TWO_32 + 12345,
                               -TWO_32,
                               -TWO_32 - 3,
                               3 * TWO_32 + 5,
                               int64_t{1} << 40,
                               -(int64_t{1} << 40)};

// The member types every iterator must have, seen through both std:: and cuda::std::iterator_traits.
template <typename It, typename Offset, typename Value> void check_traits()
{
  static_assert(std::is_same_v<typename std::iterator_traits<It>::iterator_category, std::random_access_iterator_tag>);
  static_assert(std::is_same_v<typename std::iterator_traits<It>::difference_type, Offset>);
  static_assert(std::is_same_v<typename std::iterator_traits<It>::value_type, Value>);
  static_assert(std::is_same_v<typename cuda::std::iterator_traits<It>::difference_type, Offset>);
  static_assert(std::is_same_v<typename cuda::std::iterator_traits<It>::value_type, Value>);
  static_assert(std::is_same_v<typename It::self_type, It>);
  static_assert(std::is_same_v<typename It::difference_type, Offset>);
  static_assert(std::is_same_v<typename It::value_type, Value>);
}

// Every step, distance and comparison of `base + n` against `base`, in the
// iterator's own difference type (no dereference).
template <typename It> void check_moves(const It& base, int64_t n)
{
  using D    = typename std::iterator_traits<It>::difference_type;
  const D d  = static_cast<D>(n);
  const It a = base + d;
  EXPECT(a - base == d, "(base + %lld) - base", static_cast<long long>(n));
  EXPECT(base - a == static_cast<D>(-n), "base - (base + %lld)", static_cast<long long>(n));
  EXPECT(d + base == a, "%lld + base", static_cast<long long>(n));
  EXPECT(a - d == base, "(base + %lld) - %lld", static_cast<long long>(n), static_cast<long long>(n));
  It b = base;
  EXPECT(&(b += d) == &b && b == a, "+= %lld", static_cast<long long>(n));
  EXPECT(&(b -= d) == &b && b == base, "-= %lld", static_cast<long long>(n));
  EXPECT((a == base) == (n == 0) && (a != base) == (n != 0), "== and != at %lld", static_cast<long long>(n));
  EXPECT((a < base) == (n < 0) && (a > base) == (n > 0), "< and > at %lld", static_cast<long long>(n));
  EXPECT((a <= base) == (n <= 0) && (a >= base) == (n >= 0), "<= and >= at %lld", static_cast<long long>(n));
  EXPECT(a <= a && a >= a && !(a < a) && !(a > a), "a position compared with itself");
  // The four increments and decrements, around `a`.
  It c   = a;
  It old = c++;
  EXPECT(old == a && c - a == 1 && c > a, "post-increment at %lld", static_cast<long long>(n));
  old = c--;
  EXPECT(old - a == 1 && c == a, "post-decrement at %lld", static_cast<long long>(n));
  EXPECT(&++c == &c && c - a == 1, "pre-increment at %lld", static_cast<long long>(n));
  EXPECT(&--c == &c && c == a, "pre-decrement at %lld", static_cast<long long>(n));
  old = c--;
  EXPECT(old == a && a - c == 1 && c < a, "post-decrement below %lld", static_cast<long long>(n));
  // Distances of other integer types.
  EXPECT((a + 3) - a == 3 && (a + 3u) - a == 3 && (a + int8_t{5}) - a == 5 && (a - 2u) - a == -2,
         "int, unsigned and int8_t distances at %lld", static_cast<long long>(n));
  EXPECT(std::distance(base, a) == static_cast<typename std::iterator_traits<It>::difference_type>(n),
         "std::distance at %lld", static_cast<long long>(n));
  ++cases;
}

// The reads at `base + n` and `base + n + 1`: `*`, `[]`, and the item a
// post-increment returns. `want(k)` is the item at position k.
template <typename It, typename Want> void check_reads(const It& base, int64_t n, Want want)
{
  using D   = typename std::iterator_traits<It>::difference_type;
  const D d = static_cast<D>(n);
  EXPECT(*(base + d) == want(n), "*(base + %lld)", static_cast<long long>(n));
  EXPECT(base[d] == want(n), "base[%lld]", static_cast<long long>(n));
  EXPECT((base + d)[1] == want(n + 1), "(base + %lld)[1]", static_cast<long long>(n));
  EXPECT((base + (d + 1))[-1] == want(n), "(base + %lld + 1)[-1]", static_cast<long long>(n));
  It c = base + d;
  EXPECT(*c++ == want(n) && *c == want(n + 1), "*it++ at %lld", static_cast<long long>(n));
  EXPECT(*--c == want(n), "*--it at %lld", static_cast<long long>(n));
  ++cases;
}

// A big reserved, inaccessible address range (no memory behind it), so that
// a pointer iterator can be moved more than 2^32 items within one object
// without undefined behaviour. Null where the system does not give one.
char* reserve_address_range(size_t bytes)
{
#if defined(__unix__)
  void* p = mmap(nullptr, bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  return p == MAP_FAILED ? nullptr : static_cast<char*>(p);
#else
  (void)bytes;
  return nullptr;
#endif
}

void release_address_range(char* p, size_t bytes)
{
#if defined(__unix__)
  if (p)
  {
    munmap(p, bytes);
  }
#else
  (void)p;
  (void)bytes;
#endif
}

// --- CountingInputIterator ------------------------------------------------------------

void host_counting()
{
  check_set_context("CountingInputIterator on the host");
  {
    using It = cubling::CountingInputIterator<int64_t, int64_t>;
    check_traits<It, int64_t, int64_t>();
    const int64_t start = random_nonzero(-(int64_t{1} << 40), int64_t{1} << 40);
    const It base(start);
    for (int64_t n : big_offsets)
    {
      check_moves(base, n);
      check_reads(base, n, [&](int64_t k) { return start + k; });
    }
    EXPECT(*base.operator->() == start, "operator->");
    EXPECT(*It() == 0, "a default counter starts at 0");
  }
  {
    // CUB 2.x's common form: 32-bit items and offsets.
    using It = cubling::CountingInputIterator<int, int>;
    check_traits<It, int, int>();
    const int start = static_cast<int>(random_nonzero(-1000000, 1000000));
    const It base(start);
    for (int n : {0, 1, -1, 100, -100, 1 << 20, -(1 << 20)})
    {
      check_moves(base, n);
      check_reads(base, n, [&](int64_t k) { return static_cast<int>(start + k); });
    }
    // The standard library sees a random-access iterator.
    EXPECT(std::accumulate(base, base + 1000, int64_t{0}) == 1000 * int64_t{start} + 999 * 1000 / 2,
           "std::accumulate over 1000 items");
    EXPECT(std::distance(base + 10, base) == -10, "std::distance backwards");
  }
  {
    // 32-bit unsigned items, 64-bit offsets: distances beyond 2^31 are exact,
    // and reads wrap around past 2^32 - 1.
    using It = cubling::CountingInputIterator<uint32_t, int64_t>;
    check_traits<It, int64_t, uint32_t>();
    const It low(static_cast<uint32_t>(random_nonzero(1, 1000)));
    for (int64_t n : {int64_t{0}, int64_t{1}, TWO_31 - 1, TWO_31, TWO_31 + 1, int64_t{3000000000}})
    {
      check_moves(low, n);
    }
    const uint32_t top = 0xFFFFFFFDu;
    const It high(top);
    for (int64_t n : {int64_t{0}, int64_t{1}, int64_t{2}, int64_t{3}, int64_t{5}, TWO_32 + 1, -TWO_32 + 7})
    {
      check_reads(high, n, [&](int64_t k) { return static_cast<uint32_t>(top + static_cast<uint64_t>(k)); });
    }
  }
  {
    using It = cubling::CountingInputIterator<double, int64_t>;
    check_traits<It, int64_t, double>();
    const It base(0.5);
    for (int64_t n : big_offsets)
    {
      check_moves(base, n);
      check_reads(base, n, [&](int64_t k) { return 0.5 + static_cast<double>(k); });
    }
  }
}

// --- ConstantInputIterator -----------------------------------------------------------

void host_constant()
{
  check_set_context("ConstantInputIterator on the host");
  {
    using It = cubling::ConstantInputIterator<int64_t, int64_t>;
    check_traits<It, int64_t, int64_t>();
    const int64_t value = random_nonzero(-(int64_t{1} << 50), int64_t{1} << 50);
    const It base(value, random_nonzero(-1000, 1000));
    for (int64_t n : big_offsets)
    {
      check_moves(base, n);
      check_reads(base, n, [&](int64_t) { return value; });
    }
    EXPECT(*base.operator->() == value, "operator->");
    EXPECT(It(value, 3) - It(value, 10) == -7, "distance between two starting offsets");
  }
  {
    using It = cubling::ConstantInputIterator<double, int>;
    check_traits<It, int, double>();
    const double value = random_float();
    const It base(value);
    for (int n : {0, 1, -1, 5000, -5000})
    {
      check_moves(base, n);
      check_reads(base, n, [&](int64_t) { return value; });
    }
    EXPECT(std::count(base, base + 77, value) == 77, "std::count sees 77 copies");
  }
}

// --- TransformInputIterator ----------------------------------------------------------

void host_transform_input()
{
  check_set_context("TransformInputIterator on the host");
  std::vector<float> floats(1000);
  for (float& x : floats)
  {
    x = random_float();
  }
  {
    using It = cubling::TransformInputIterator<float, Square, const float*>;
    check_traits<It, std::ptrdiff_t, float>();
    const It base = It(floats.data(), Square{}) + 500;
    for (int64_t n : {0, 1, -1, 77, -77, 498, -500})
    {
      check_moves(base, n);
      check_reads(base, n, [&](int64_t k) { return floats[500 + k] * floats[500 + k]; });
    }
  }
  {
    // Over a counting iterator: no memory at all, 64-bit offsets.
    using Counting = cubling::CountingInputIterator<int64_t, int64_t>;
    using It       = cubling::TransformInputIterator<int64_t, ThreeXPlusOne, Counting, int64_t>;
    check_traits<It, int64_t, int64_t>();
    const int64_t start = random_nonzero(-1000000, 1000000);
    const It base(Counting(start), ThreeXPlusOne{});
    for (int64_t n : big_offsets)
    {
      check_moves(base, n);
      check_reads(base, n, [&](int64_t k) { return ThreeXPlusOne{}(start + k); });
    }
  }
  {
    // A host-device lambda, a value type other than the operator's result, 32-bit offsets.
    std::vector<int> ints(300);
    for (int& x : ints)
    {
      x = static_cast<int>(random_nonzero(-1000, 1000));
    }
    auto half = [] __host__ __device__(int x) { return x * 0.5; };
    using It  = cubling::TransformInputIterator<double, decltype(half), const int*, int>;
    check_traits<It, int, double>();
    const It base = It(ints.data(), half) + 150;
    for (int n : {0, 1, -1, 100, -150})
    {
      check_moves(base, n);
      check_reads(base, n, [&](int64_t k) { return ints[150 + k] * 0.5; });
    }
  }
}

// --- CacheModifiedInputIterator, CacheModifiedOutputIterator (arithmetic only) ---------

// A device-only iterator over an array, checked on the host by its address:
// `address_of(it)` gives the item address it stands for.
template <typename It, typename T, typename AddressOf>
void check_pointer_moves(T* origin, const int64_t* offsets, int count, AddressOf address_of)
{
  const It base(origin);
  for (int i = 0; i < count; ++i)
  {
    check_moves(base, offsets[i]);
    EXPECT(address_of(base + offsets[i]) == origin + offsets[i], "address of base + %lld",
           static_cast<long long>(offsets[i]));
    EXPECT(base + offsets[i] == It(origin + offsets[i]), "base + %lld equals an iterator made there",
           static_cast<long long>(offsets[i]));
  }
}

void host_cache_modified()
{
  check_set_context("CacheModifiedInputIterator/CacheModifiedOutputIterator arithmetic on the host");
  using In  = cubling::CacheModifiedInputIterator<cubling::LOAD_LDG, int>;
  using Out = cubling::CacheModifiedOutputIterator<cubling::STORE_CS, int>;
  check_traits<In, std::ptrdiff_t, int>();
  check_traits<Out, std::ptrdiff_t, void>();
  std::vector<int> array(1000);
  const int64_t small[]   = {0, 1, -1, 250, -250, 498, -499};
  const int count         = static_cast<int>(sizeof small / sizeof small[0]);
  const int* const_middle = array.data() + 500;
  check_pointer_moves<In>(const_middle, small, count, [](const In& it) -> const int* { return it.ptr; });
  check_pointer_moves<Out>(array.data() + 500, small, count,
                           [&](const Out& it) { return array.data() + 500 + (it - Out(array.data() + 500)); });
  static_assert(std::is_same_v<decltype(In(const_middle).ptr), int*>, "ptr is a plain pointer, as in CUB");

  // More than 2^32 items away, inside one reserved (never touched) range.
  const size_t bytes = (size_t{1} << 35) + 8192;
  char* range        = reserve_address_range(bytes);
  if (range == nullptr)
  {
    std::printf("note: no 32 GiB address range could be reserved; the >2^32 pointer offsets were not checked\n");
    return;
  }
  using InBytes       = cubling::CacheModifiedInputIterator<cubling::LOAD_CG, char, int64_t>;
  using OutBytes      = cubling::CacheModifiedOutputIterator<cubling::STORE_CG, char, int64_t>;
  using InWide        = cubling::CacheModifiedInputIterator<cubling::LOAD_CS, double, int64_t>;
  char* middle        = range + (size_t{1} << 34);
  const int64_t far[] = {0, 1, -1, TWO_31, TWO_32 - 1, TWO_32, TWO_32 + 12345, -TWO_32 - 3, 3 * TWO_32 + 5};
  const int far_count = static_cast<int>(sizeof far / sizeof far[0]);
  check_pointer_moves<InBytes>(middle, far, far_count, [](const InBytes& it) { return it.ptr; });
  check_pointer_moves<OutBytes>(middle, far, far_count,
                                [&](const OutBytes& it) { return middle + (it - OutBytes(middle)); });
  // 8-byte items: 2^31 + 5 items is more than 2^34 bytes.
  double* wide             = reinterpret_cast<double*>(range + (size_t{1} << 34) + 64);
  const int64_t wide_far[] = {0, TWO_31 - 1, TWO_31 + 5, -TWO_31 - 5};
  check_pointer_moves<InWide>(wide, wide_far, 4, [](const InWide& it) { return it.ptr; });
  release_address_range(range, bytes);
}

// --- ArgIndexInputIterator -----------------------------------------------------------

void host_arg_index()
{
  check_set_context("ArgIndexInputIterator on the host");
  std::vector<int> ints(1000);
  for (int& x : ints)
  {
    x = static_cast<int>(random_nonzero(-100000, 100000));
  }
  {
    using It   = cubling::ArgIndexInputIterator<const int*, int64_t>;
    using Pair = cubling::KeyValuePair<int64_t, int>;
    check_traits<It, int64_t, Pair>();
    const It origin(ints.data());
    const It base = origin + 500;
    for (int64_t n : {0, 1, -1, 300, -300, 498, -500})
    {
      check_moves(base, n);
      check_reads(base, n, [&](int64_t k) { return Pair(500 + k, ints[500 + k]); });
    }
    // A starting offset, then normalize(): keys count from the current position.
    const It started(ints.data(), 7);
    EXPECT(*started == Pair(7, ints[7]) && started - origin == 7, "constructed with offset 7");
    It moved = origin + 300;
    moved.normalize();
    EXPECT(*moved == Pair(0, ints[300]) && moved[5] == Pair(5, ints[305]), "normalize() at 300");
    EXPECT(moved != origin + 300 && moved == It(ints.data() + 300), "normalize() moves the base");
  }
  {
    // 32-bit keys (CUB 2.x's default on most code) and a converted value type.
    using It   = cubling::ArgIndexInputIterator<const int*, int, double>;
    using Pair = cubling::KeyValuePair<int, double>;
    check_traits<It, int, Pair>();
    const It base = It(ints.data()) + 100;
    for (int n : {0, 1, -1, 800, -100})
    {
      check_moves(base, n);
      check_reads(base, n, [&](int64_t k) { return Pair(static_cast<int>(100 + k), ints[100 + k]); });
    }
  }
  {
    // Over a counting iterator: keys and values beyond 2^32.
    using Counting = cubling::CountingInputIterator<int64_t, int64_t>;
    using It       = cubling::ArgIndexInputIterator<Counting, int64_t>;
    using Pair     = cubling::KeyValuePair<int64_t, int64_t>;
    check_traits<It, int64_t, Pair>();
    const int64_t start = random_nonzero(-1000000, 1000000);
    const It base{Counting(start)};
    for (int64_t n : big_offsets)
    {
      check_moves(base, n);
      check_reads(base, n, [&](int64_t k) { return Pair(k, start + k); });
    }
    It far = base + (TWO_32 + 5);
    far.normalize();
    EXPECT(*far == Pair(0, start + TWO_32 + 5) && far[-1] == Pair(-1, start + TWO_32 + 4), "normalize() at 2^32 + 5");
  }
}

// --- DiscardOutputIterator -----------------------------------------------------------

void host_discard()
{
  check_set_context("DiscardOutputIterator on the host");
  {
    using It = cubling::DiscardOutputIterator<>;
    check_traits<It, std::ptrdiff_t, void>();
    const It base(random_nonzero(-1000, 1000));
    for (int64_t n : big_offsets)
    {
      check_moves(base, n);
    }
    // Writes of any type compile, and do nothing.
    It it          = base;
    *it            = 5;
    it[TWO_32 + 1] = 2.5;
    *(it + TWO_32) = cubling::KeyValuePair<int64_t, float>(1, 2.0f);
    *it++          = 'x';
    EXPECT(it - base == 1, "a write through *it++ moves by one");
    // std::fill_n through it: every position is "written".
    EXPECT(std::fill_n(base, 1000, 7) - base == 1000, "std::fill_n returns the end");
  }
  {
    using It = cubling::DiscardOutputIterator<int>;
    check_traits<It, int, void>();
    for (int n : {0, 1, -1, 1 << 30, -(1 << 30)})
    {
      check_moves(It(), n);
    }
  }
}

// --- TransformOutputIterator ---------------------------------------------------------

void host_transform_output()
{
  check_set_context("TransformOutputIterator on the host");
  const AffineI32 op{static_cast<int32_t>(random_nonzero(-50, 50)), static_cast<int32_t>(random_nonzero(-50, 50))};
  std::vector<int32_t> source(1000), out(1000, poison_value<int32_t>());
  for (int32_t& x : source)
  {
    x = static_cast<int32_t>(random_nonzero(-100000, 100000));
  }
  using It = cubling::TransformOutputIterator<int32_t, AffineI32, int32_t*>;
  check_traits<It, std::ptrdiff_t, int32_t>();
  const It origin(out.data(), op);
  // Each kind of write: it[k] =, *(it + k) =, *it++ =, and std::copy.
  for (int k = 0; k < 100; ++k)
  {
    origin[k] = source[k];
  }
  for (int k = 100; k < 200; ++k)
  {
    *(origin + k) = source[k];
  }
  It walker = origin + 200;
  for (int k = 200; k < 300; ++k)
  {
    *walker++ = source[k];
  }
  EXPECT(walker - origin == 300, "*it++ moved 100 places");
  EXPECT(std::copy(source.begin() + 300, source.end(), origin + 300) - origin == 1000, "std::copy returns the end");
  for (int k = 0; k < 1000; ++k)
  {
    EXPECT(out[k] == op(source[k]), "out[%d] is op(source[%d])", k, k);
  }
  ++cases;
  const It base = origin + 500;
  for (int64_t n : {0, 1, -1, 499, -500})
  {
    check_moves(base, n);
  }

  // Nested: the outer operator is applied first, then the inner one.
  const AffineI32 inner{3, -1};
  std::vector<int32_t> nested_out(10, poison_value<int32_t>());
  using Nested = cubling::TransformOutputIterator<int32_t, AffineI32, It>;
  const Nested nested(It(nested_out.data(), inner), op);
  for (int k = 0; k < 10; ++k)
  {
    nested[k] = source[k];
    EXPECT(nested_out[k] == inner(op(source[k])), "nested transform at %d", k);
  }
  ++cases;

  // Over a discard iterator: 64-bit offsets, no memory.
  using Far = cubling::TransformOutputIterator<int32_t, AffineI32, cubling::DiscardOutputIterator<int64_t>, int64_t>;
  check_traits<Far, int64_t, int32_t>();
  const Far far(cubling::DiscardOutputIterator<int64_t>(), op);
  for (int64_t n : big_offsets)
  {
    check_moves(far, n);
  }
  far[TWO_32 + 3] = 1;
}

} // namespace
} // namespace iterator_test

int main(int argc, char** argv)
{
  using namespace iterator_test;
  const bool on_device = argc > 1 && std::strcmp(argv[1], "--device") == 0;
  if (on_device)
  {
    check_skip_without_gpu();
  }
  const char* quick_env = std::getenv("CUBLING_QUICK");
  quick                 = quick_env != nullptr && std::strcmp(quick_env, "0") != 0;
  rng                   = check_seed();

  if (on_device)
  {
    run_reduce_tests();
    run_block_tests();
  }
  else
  {
    host_counting();
    host_constant();
    host_transform_input();
    host_cache_modified();
    host_arg_index();
    host_discard();
    host_transform_output();
  }
  std::printf("fancy iterators on the %s: %lld checks passed\n", on_device ? "GPU" : "CPU", cases);
  return 0;
}
