// The temporary-storage helper of the dispatch layer
// (cubling/device/dispatch/temporary_storage.cuh), on the CPU (--host):
//   - compile time: a layout's alignment, offsets and size are constants;
//   - seeded random layouts of 1 to 6 parts (sizes 0 to 4 KiB, some 0;
//     alignments 1 to 512), each carved out of a block at every start
//     address from 0 to 2 x the largest alignment past a 4 KiB boundary:
//     the size query does not depend on the address; every non-empty part
//     starts on its alignment, lies inside the block, and overlaps no other
//     (each part is filled with a byte of its own, and guard bytes around
//     the block stay as they were); empty parts are null; the size is no
//     larger than the parts, their padding and the slack of one alignment;
//   - too little storage (one byte short, 0 bytes) and a null block are
//     cudaErrorInvalidValue, with the pointers untouched; a layout of empty
//     parts needs 0 bytes; an alignment that is not a power of two and sizes
//     that overflow size_t make the size query fail;
//   - Alias(): the size query with a null block, the carving otherwise.
// The helper does pointer arithmetic only, so host memory stands in for the
// device's.
#include <cstdio>
#include <cstring>
#include <vector>

#include <cubling/device/dispatch/temporary_storage.cuh>

#include "check.h"

namespace
{
using cubling::detail::make_temp_storage_layout;
using cubling::detail::temp_storage_part;
using cubling::detail::TempStorageLayout;
using cubling::detail::TempStoragePart;

// --- compile time --------------------------------------------------------------------------

// 3 doubles (24 bytes at 0), 5 chars (at 24), 2 ints on a 128-byte boundary (at 128).
constexpr auto fixed = make_temp_storage_layout(temp_storage_part<double>(3), temp_storage_part<char>(5),
                                                temp_storage_part<int>(2, 128));
static_assert(fixed.valid(), "a valid layout");
static_assert(fixed.alignment() == 128, "the largest alignment");
static_assert(fixed.offset(0) == 0 && fixed.offset(1) == 24 && fixed.offset(2) == 128, "offsets");
static_assert(fixed.span() == 136 && fixed.required_bytes() == 136 + 127, "span and size, with the slack");

// An empty part between two others takes no room, and its alignment does not count.
constexpr auto with_empty = make_temp_storage_layout(temp_storage_part<char>(3), temp_storage_part<double>(0, 256),
                                                     temp_storage_part<short>(4));
static_assert(with_empty.alignment() == 2 && with_empty.offset(2) == 4 && with_empty.required_bytes() == 12 + 1,
              "an empty part takes no room");
static_assert(make_temp_storage_layout(temp_storage_part<int>(0)).required_bytes() == 0, "nothing needs 0 bytes");

// --- random layouts ------------------------------------------------------------------------

uint64_t rng   = 0;
long long cases = 0;

constexpr int MAX_PARTS = 6;

template <int N>
TempStorageLayout<N> random_layout()
{
  TempStorageLayout<N> layout{};
  for (int i = 0; i < N; ++i)
  {
    const uint64_t r       = check_random(&rng);
    layout.parts[i].bytes     = r % 4 == 0 ? 0 : static_cast<size_t>((r >> 8) % 4097);
    layout.parts[i].alignment = size_t{1} << ((r >> 32) % 10); // 1 .. 512
  }
  return layout;
}

template <int N>
void describe(const TempStorageLayout<N>& layout)
{
  char text[400];
  int at = std::snprintf(text, sizeof text, "layout of %d parts:", N);
  for (int i = 0; i < N && at < static_cast<int>(sizeof text); ++i)
  {
    at += std::snprintf(text + at, sizeof text - static_cast<size_t>(at), " (%zu bytes, align %zu)",
                        layout.parts[i].bytes, layout.parts[i].alignment);
  }
  check_set_context("%s", text);
}

constexpr size_t GUARD            = 1024;
constexpr unsigned char GUARD_BYTE = 0xEE;

template <int N>
void check_layout(const TempStorageLayout<N>& layout)
{
  describe(layout);
  size_t bytes = CHECK_BYTES_SENTINEL;
  EXPECT(layout.Query(bytes) == cudaSuccess, "the size query failed");
  EXPECT(bytes != CHECK_BYTES_SENTINEL, "the size query wrote nothing");
  size_t parts_total = 0, padding_bound = 0, largest = 1;
  bool any           = false;
  for (int i = 0; i < N; ++i)
  {
    if (layout.parts[i].bytes > 0)
    {
      parts_total += layout.parts[i].bytes;
      padding_bound += layout.parts[i].alignment - 1;
      largest = layout.parts[i].alignment > largest ? layout.parts[i].alignment : largest;
      any     = true;
    }
  }
  EXPECT(any ? bytes >= parts_total : bytes == 0, "%zu bytes for %zu bytes of parts", bytes, parts_total);
  EXPECT(bytes <= parts_total + padding_bound + (largest - 1), "%zu bytes: more than the parts (%zu), their padding and one slack",
         bytes, parts_total);

  // The block, with guard bytes before and after, at every start address.
  std::vector<unsigned char> memory(GUARD + 4096 + 2 * largest + bytes + GUARD);
  const uintptr_t past_guard = reinterpret_cast<uintptr_t>(memory.data() + GUARD);
  const size_t to_4k         = (4096 - past_guard % 4096) % 4096; // to the first 4 KiB boundary past the guard
  for (size_t shift = 0; shift <= 2 * largest; ++shift)
  {
    unsigned char* base = memory.data() + GUARD + to_4k + shift;
    std::memset(memory.data(), GUARD_BYTE, memory.size());
    void* pointers[N];
    for (int i = 0; i < N; ++i)
    {
      pointers[i] = reinterpret_cast<void*>(uintptr_t{1}); // not a result
    }
    if (bytes > 0)
    {
      // Too little storage: one byte short, then none. The pointers stay as they were.
      EXPECT(layout.Carve(base, bytes - 1, pointers) == cudaErrorInvalidValue, "one byte short was accepted (start +%zu)",
             shift);
      EXPECT(layout.Carve(base, 0, pointers) == cudaErrorInvalidValue, "0 bytes were accepted");
      for (int i = 0; i < N; ++i)
      {
        EXPECT(pointers[i] == reinterpret_cast<void*>(uintptr_t{1}), "a refused Carve wrote pointer %d", i);
      }
    }
    EXPECT(layout.Carve(nullptr, bytes, pointers) == cudaErrorInvalidValue, "a null block was accepted");
    EXPECT(layout.Carve(base, bytes, pointers) == cudaSuccess, "the queried size was refused at start +%zu", shift);
    for (int i = 0; i < N; ++i)
    {
      const TempStoragePart& part = layout.parts[i];
      if (part.bytes == 0)
      {
        EXPECT(pointers[i] == nullptr, "empty part %d is not null", i);
        continue;
      }
      const auto p = static_cast<unsigned char*>(pointers[i]);
      EXPECT(reinterpret_cast<uintptr_t>(p) % part.alignment == 0, "part %d at start +%zu is not aligned to %zu", i,
             shift, part.alignment);
      EXPECT(p >= base && p + part.bytes <= base + bytes, "part %d at start +%zu lies outside the block", i, shift);
      // Mark it; an overlap with an earlier part shows as a byte that is not the guard's.
      for (size_t k = 0; k < part.bytes; ++k)
      {
        EXPECT(p[k] == GUARD_BYTE, "part %d overlaps an earlier part (start +%zu)", i, shift);
        p[k] = static_cast<unsigned char>(i + 1);
      }
    }
    for (unsigned char* q = memory.data(); q < base; ++q)
    {
      EXPECT(*q == GUARD_BYTE, "a part reaches before the block (start +%zu)", shift);
    }
    for (unsigned char* q = base + bytes; q < memory.data() + memory.size(); ++q)
    {
      EXPECT(*q == GUARD_BYTE, "a part reaches past the block (start +%zu)", shift);
    }
    // Alias: the size query with a null block, the carving otherwise.
    size_t queried = CHECK_BYTES_SENTINEL;
    void* aliased[N];
    EXPECT(layout.Alias(nullptr, queried, aliased) == cudaSuccess && queried == bytes, "Alias's size query");
    size_t given = bytes;
    EXPECT(layout.Alias(base, given, aliased) == cudaSuccess, "Alias refused the queried size");
    for (int i = 0; i < N; ++i)
    {
      EXPECT(aliased[i] == pointers[i], "Alias put part %d elsewhere than Carve", i);
    }
    ++cases;
  }
}

template <int N>
void check_random_layouts(int count)
{
  for (int k = 0; k < count; ++k)
  {
    check_layout(random_layout<N>());
  }
  if constexpr (N < MAX_PARTS)
  {
    check_random_layouts<N + 1>(count);
  }
}

void check_invalid_layouts()
{
  check_set_context("invalid layouts");
  size_t bytes = CHECK_BYTES_SENTINEL;
  void* pointers[2];
  unsigned char block[64];
  // An alignment that is not a power of two.
  const auto odd = make_temp_storage_layout(TempStoragePart{8, 3});
  EXPECT(!odd.valid() && odd.Query(bytes) == cudaErrorInvalidValue, "alignment 3 was accepted");
  void* one[1] = {block};
  EXPECT(odd.Carve(block, sizeof block, one) == cudaErrorInvalidValue && one[0] == block, "alignment 3 was carved");
  // Sizes whose sum does not fit.
  const auto huge = make_temp_storage_layout(temp_storage_part<double>(SIZE_MAX / 4), temp_storage_part<char>(1));
  EXPECT(!huge.valid() && huge.Query(bytes) == cudaErrorInvalidValue, "an overflowing layout was accepted");
  const auto sum_overflows = make_temp_storage_layout(TempStoragePart{SIZE_MAX / 2, 1}, TempStoragePart{SIZE_MAX / 2, 1},
                                                      TempStoragePart{2, 1});
  EXPECT(sum_overflows.Query(bytes) == cudaErrorInvalidValue, "a sum past SIZE_MAX was accepted");
  EXPECT(bytes == CHECK_BYTES_SENTINEL, "a failed size query wrote the size");
  EXPECT(huge.Carve(block, SIZE_MAX, pointers) == cudaErrorInvalidValue, "an overflowing layout was carved");
  // Only empty parts: 0 bytes, and a block of 0 bytes is enough; every pointer is null.
  const auto empty = make_temp_storage_layout(temp_storage_part<int>(0), temp_storage_part<double>(0, 256));
  EXPECT(empty.Query(bytes) == cudaSuccess && bytes == 0, "empty parts need %zu bytes", bytes);
  pointers[0] = pointers[1] = block;
  EXPECT(empty.Carve(block, 0, pointers) == cudaSuccess && pointers[0] == nullptr && pointers[1] == nullptr,
         "empty parts were not carved into null pointers");
  cases += 6;
}

} // namespace

int main(int argc, char** argv)
{
  if (argc < 2 || std::strcmp(argv[1], "--host") != 0)
  {
    std::printf("usage: %s --host\n", argv[0]);
    return 2;
  }
  rng = check_seed();
  check_layout(fixed);
  check_layout(with_empty);
  check_random_layouts<1>(40);
  check_invalid_layouts();
  std::printf("temporary storage --host: %lld cases passed\n", cases);
  return 0;
}
