// Step 2: count every pass's digits first, then one kernel a pass.
//
// What changes: one kernel reads the keys once, before any pass, and
// counts the digits of all four passes (digit_status.cuh). Knowing how
// many keys of each digit the whole input holds, a pass knows where each
// digit's run starts in the output before it reads a key: the upsweep of
// step 1 is no longer needed to find that out, and a pass becomes one
// kernel. What a tile still needs is how many keys of each of its digits
// the tiles before it hold. Here it asks the tile just before it: thread d
// waits until tile t - 1 has published its *prefix* of digit d (every key
// of digit d up to its last, plus the keys of smaller digits), adds its own
// count, and publishes that for tile t + 1: chapter 08's chained scan, 256
// chains side by side, one per digit.
// Why: one read and one write of every key a pass, where step 1 read the
// keys twice, and one launch a pass instead of three (plus the memset).
// Expected: faster at small and medium sizes; at large ones the chain that
// crosses every tile, one hop of L2 latency per tile and pass, costs more
// than the traffic saves, as in chapter 08's step 3.
#include <cstdint>

#include "digit_status.cuh"

namespace step02_histogram_first
{

// example-begin offsets
//! Thread d waits for tile t - 1's prefix of digit d, then publishes its
//! own; tile 0 starts from the histogram.
struct WaitForPredecessor
{
  const int* histogram; //!< this pass's 256 digit counts
  uint32_t* words;      //!< tile t's word of digit d: words[t * 256 + d]
  template <typename Storage>
  __device__ void operator()(Storage& s, int64_t tile) const
  {
    const int d     = threadIdx.x;
    const int count = s.digit_count[d];
    int exclusive   = 0;
    if (tile == 0)
    {
      exclusive = ch10::digit_start(s, histogram);
    }
    else
    {
      uint32_t word;
      do
      {
        word = ch10::read_word(words, (tile - 1) * ch10::RADIX + d);
      } while ((word & ~ch10::count_mask) != ch10::PREFIX);
      exclusive = static_cast<int>(word & ch10::count_mask);
    }
    ch10::publish(words, tile * ch10::RADIX + d, ch10::PREFIX, exclusive + count);
    s.global[d] = exclusive;
    __syncthreads();
  }
};
// example-end offsets

size_t scratch_bytes(int64_t n)
{
  return 2 * ch10::temp_array_bytes(n) + ch10::status_bytes(n);
}

void launch(const runner::Args<problems::sort_keys_u32>& a)
{
  ch10::sort_in_one_pass_each<WaitForPredecessor>(a);
}
void launch(const runner::Args<problems::sort_pairs_u32>& a)
{
  ch10::sort_in_one_pass_each<WaitForPredecessor>(a);
}

} // namespace step02_histogram_first
