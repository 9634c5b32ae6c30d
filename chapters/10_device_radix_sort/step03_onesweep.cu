// Step 3: Onesweep (Adinets and Merrill, "Onesweep: A Faster Least
// Significant Digit Radix Sort for GPUs", 2022).
//
// What changes: only how a tile finds how many keys of each digit the
// tiles before it hold. As soon as a tile has ranked its keys, thread d
// publishes the tile's count of digit d as an AGGREGATE, needing no one for
// it. Then it walks back over the earlier tiles' words of digit d, one tile
// at a time, adding their counts, until it reaches a PREFIX (tile 0's
// prefixes come from the histogram, so every walk ends); it waits only at a
// tile that has published nothing yet. Then it publishes its own PREFIX,
// which shortens the walks of the tiles after it. Everything else is step
// 2's (digit_status.cuh): chapter 08's decoupled look-back, over 256
// digit counts a tile instead of one sum.
// Why: in step 2 a tile waited for its predecessor's prefix, which waited
// for its own predecessor's: a chain through every tile. Here a tile needs
// only aggregates, which every tile publishes right after ranking; the wait
// no longer grows with the number of tiles.
// Expected: step 2's time at small sizes; at large ones close to what its
// traffic allows: one read and one write a key a pass, plus the histogram's
// read, about 2.3 key-sized streams a pass against step 1's 3.25.
#include <cstdint>

#include "digit_status.cuh"

namespace step03_onesweep
{

// example-begin offsets
//! Thread d publishes the tile's count of digit d, looks back tile by tile
//! to the nearest prefix, then publishes its own prefix; tile 0 starts from
//! the histogram.
struct LookBack
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
      ch10::publish(words, tile * ch10::RADIX + d, ch10::AGGREGATE, count);
      for (int64_t before = tile - 1;; --before)
      {
        uint32_t word;
        do
        {
          word = ch10::read_word(words, before * ch10::RADIX + d);
        } while (word == ch10::NOT_READY);
        exclusive += static_cast<int>(word & ch10::count_mask);
        if ((word & ~ch10::count_mask) == ch10::PREFIX)
        {
          break;
        }
      }
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
  ch10::sort_in_one_pass_each<LookBack>(a);
}
void launch(const runner::Args<problems::sort_pairs_u32>& a)
{
  ch10::sort_in_one_pass_each<LookBack>(a);
}

} // namespace step03_onesweep
