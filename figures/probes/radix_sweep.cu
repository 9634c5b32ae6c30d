// radix_sweep.cu: how DeviceRadixSort's Onesweep tiles should be shaped, tried on this machine.
//
// A design probe, not a chapter step. It builds cubling's DeviceRadixSort
// through the dispatch layer with a policy chain of its own, whose tiles come
// from -D flags, and times it against cub::DeviceRadixSort on the same keys,
// the calls taking turns run for run, with L2 overwritten before each timed
// call, next to a device-to-device copy of the keys (and values) and an empty
// launch. Both count types are timed on both sides (cubling's offsets are
// 32-bit for an int count, 64-bit for int64_t, as CUB's are).
//   P_KT, P_KI, P_KB: threads, keys per thread and blocks per SM (the kernel's
//                     __launch_bounds__) of the tile for 4-byte keys alone;
//   P_PT, P_PI, P_PB: the same for 4-byte keys with 4-byte values;
//   P_WT, P_WI, P_WB: the same for 8-byte keys (a tile over 48 KiB takes
//                     dynamic shared memory). The cooperative sort of
//                     8-byte keys keeps the library's 384x15, so a larger
//                     P_WT x P_WI turns it off (the look-back words are
//                     sized for the probe's own tiles);
//   P_KL, P_PL, P_WL: look-back words a digit's thread reads at once, for
//                     each of the three tiles above (unset: 4, 2, 4);
//   P_KM, P_PM:       the ranking's match, for 4-byte keys alone and for
//                     pairs: 0 WARP_MATCH_ANY (unset; the library's), 1
//                     WARP_MATCH_ATOMIC_OR;
//   P_KR, P_PR:       the ranking's copies of its counters (unset: 1);
//   P_KS, P_PS:       the ranking's block scan: 0 BLOCK_SCAN_RAKING, 1
//                     BLOCK_SCAN_RAKING_MEMOIZE (unset; the library's), 2
//                     BLOCK_SCAN_WARP_SCANS;
//   P_KX, P_PX:       1: the exchange apart from the ranking's shared memory
//                     (EXCHANGE_APART), for 4-byte keys alone and for pairs
//                     (unset: 0, 0; the library's: 1, 1);
//   P_PK, P_PD:       pairs: 1: ranks and digits in shared memory
//                     (RANKS_SHARED, with P_PX=1); 1: the keys read again
//                     after their digits are counted (KEYS_TWICE, with P_PX=1)
//                     (unset: 0, 0; the library's: 1, 1);
//   P_KD:             4-byte keys alone: 1: KEYS_TWICE (with P_KX=1);
//   P_HT, P_HI, P_HP: threads, keys per thread and shared copies of the
//                     counts of the up-front histogram (unset: 1024, 8, 0;
//                     0 copies: lane columns for keys of up to 4 bytes,
//                     and the library's 256x8 with 2 copies for wider ones);
//   P_CT, P_CI:       threads and keys per thread of the cooperative sort of
//                     small inputs, for 4-byte keys alone (P_CT=0: no
//                     cooperative sort for any type; unset or -1: the
//                     library's shape);
//   P_ST, P_SI, P_SB, P_SR: threads, keys per thread (4-byte items; wider
//                     ones get proportionally fewer), digit bits and ranker
//                     (a cubling::RadixRankAlgorithm) of the single
//                     tile, for every type (unset: the library's);
//   P_XT, P_XI, P_XB, P_XMAX: threads, keys per thread and blocks per SM
//                     of the cooperative sort in small tiles, for 4-byte
//                     keys alone (unset: the library's), and the most keys
//                     it takes (0: none; unset: the library's);
//   P_GT, P_GI, P_GB: threads, keys per thread and most blocks of the
//                     cluster sort (sm_90), for 4-byte keys alone; P_GT=0: no
//                     cluster sort for any type (unset or -1: the library's);
//   P_BK, P_BT, P_BI, P_BB: buckets first in the cooperative sort (1: on,
//                     0: off; unset or -1: the library's), and the threads,
//                     keys per thread and digit bits of the block that sorts
//                     a bucket (unset: the library's single tile).
// Every cubling result is compared with CUB's, bit for bit.
//
// Measured on an H200 (2026-11-24, driver 580.159.04), SortKeys of uint32,
// cubling's time / CUB's faster call, in microseconds:
//   - the single tile, at 2^10, 2^12 and 4864 keys: Onesweep's 384x20 with
//     8-bit digits (the earlier choice) 23.7/11.4, 24.7/12.5, 24.9/12.7;
//     256x19 with 6-bit digits and packed counters 12.2/11.4, 15.9/12.6,
//     16.8/12.8; the same with the last pass read back striped (coalesced
//     writes) 11.6/11.5, 12.9/12.6, 13.1/12.8. 5-bit digits were no faster;
//     tiles of 7680 to 12288 keys took 23 to 38 us at any size;
//   - the cluster sort, at 2^14 and 2^15 keys: 256x8 (2048 keys a block)
//     22.7/46.3 and 27.9/48.2; 384x8 27.8/46.7 and 30.8/48.8; 512x6
//     29.0/46.8 and 32.0/48.7; 512x8 31.6/46.4 and 34.6/48.3 (39.5/50.7 at
//     2^16); 256x16 31.8/46.5 and 34.3/48.5 (40.1/50.9 at 2^16); the
//     cooperative launch instead: 45.7/46.4 at 2^14.
//   - tried and not kept: each block pushing its digit counts into every
//     block's shared memory (remote stores, which do not wait) instead of
//     pulling them (remote loads): about 1 us faster at 2^14 (21.6 against
//     22.6-22.9 us), but it stores before the first cluster barrier, into
//     blocks that may not have started (compute-sanitizer says so); the
//     version with a barrier before the first pass was not measured.
//     The remote loads of the counts unrolled over 16 blocks (all in flight
//     at once): no faster (2^15: 27.9 against 28.0 us). Cooperative tiles
//     smaller than Onesweep's (256x8, 256x16, 512x8):
//     they need more look-back words than the temporary storage holds,
//     which must stay no larger than CUB's.
//   - Onesweep, SortKeys at 2^24 / 2^26 / 2^28 (u32), 2^26 (f32, u64),
//     cubling / CUB's faster call (2026-11-24): the match's vote per digit
//     bit written as `lane's bit ? vote : ~vote` compiled to a select, 6-7
//     instructions a bit (ncu at 2^24: 54-56 M instructions a pass against
//     CUB's 44 M); one predicate feeding the vote and a predicated NOT
//     (inline PTX) takes 3, as CUB's does: u32 1.115 / 1.177 / 1.194 went
//     to 0.999 / 1.046 / 1.058, f32 1.213 to 1.031, pairs 1.117 to 1.044.
//     Kept. Tried with it and not kept: one instantiation of the ranking
//     for full and partial tiles, CUB's order (keys into shared memory
//     before the look-back) and the tile counter fetched with the one-digit
//     check (u32 1.013 / 1.064 / 1.075, pairs 1.36 with int64_t offsets,
//     which spilled); 384x19 keys (0.986 / 1.042 / 1.056, u64 1.061: no
//     gain, and more look-back words than CUB's storage holds); 384x18,
//     which spills nothing (1.011 / 1.074 / 1.091: slower).
//   - The up-front histogram (ncu, 2^28 u32 keys): 610 us against CUB's
//     455 us; it checked every key against the end of the input. Full
//     tiles without the checks: 476 us, and the sort at 2^26 / 2^28 went
//     1.046 / 1.059 to 1.020 / 1.034, f32 1.032 to 0.985, u64 1.063 to
//     1.047. Kept. The block's shape (-DP_HT/HI/HP: 128x16x1 as CUB's,
//     256x8x1, 256x16x1, 128x16x2) moved it by under 1%.
//   - Tiles, with the two changes above (u32 at 2^24 / 2^26 / 2^28, int64_t
//     count): 384x20 0.973 / 1.021 / 1.034; 384x22 0.983 / 1.014 / 1.021;
//     384x23 0.991 / 1.013 / 1.019; 384x24 0.974 / 0.997 / 1.003 (kept);
//     384x26 0.993 / 0.996 / 0.997 (within 1% of 24: not worth a tile
//     that much larger for the cooperative sort); 384x28 1.036 / 1.030 /
//     1.031. Pairs at 2^26 / 2^28: 384x23 1.026 / 1.029; 384x25 1.014 /
//     1.015 (kept); 384x27 1.025 / 1.028. 64-bit keys at 2^26: 384x15 at
//     1 block an SM 1.047 (kept); 384x14 1.066; 384x12 and 384x10 at 2
//     blocks an SM 1.167 and 1.302. At 2 blocks an SM (80 registers)
//     instead of 3, u32 at 2^26: 384x22 1.101, 384x26 1.021, 512x16 1.125.
//   - Not kept: a one-digit pass copying its tile with all of a thread's
//     loads in flight before its stores (8 at a time). Every key equal,
//     at 2^26: 1.048 -> 0.607. But ptxas allocates registers for the whole
//     kernel, and the ranking path got worse: u32 0.996 -> 1.250, u64 1.047
//     -> 1.448 (80 -> 94 registers: one block an SM fewer); __noinline__
//     spilled more.
//   - Kept (2026-11-25): the same copy out of line, as a __noinline__ free
//     function of two pointers and a count (now detail::onesweep_copy_tile_out_of_line),
//     which holds nothing of the agent's. ptxas reports the same registers
//     and spills for every keys-only Onesweep kernel as without the copy
//     (pairs with an int count: 36 -> 40 bytes of spill stores). Every key
//     equal, old / new: 2^16 0.594 / 0.421, 2^20 0.518 / 0.403, 2^24 0.984
//     / 0.573, 2^26 1.062 / 0.600, 2^28 1.079 / 0.612; at 2^26 uniform u32
//     1.000 / 1.001, pairs 1.015 / 1.015, f32 0.960 / 0.961, u64 1.048 /
//     1.049 (the two builds taking turns in one call).
//   - Kept (2026-11-25): the one-digit check voted in each warp
//     (__any_sync) instead of in the block (__syncthreads_or), its loads in
//     flight with the tile counter's atomic, so that a tile starts after one
//     barrier, not two. Old / new, int64_t count, two runs each taking
//     turns: u32 2^24 0.988, 0.979 / 0.961, 0.967; 2^26 1.000, 1.002 /
//     0.996, 0.996; 2^28 1.007 / 1.007; pairs 2^26 1.014 / 1.007; f32 2^26
//     0.960 / 0.951; u64 2^24 1.021 / 0.995, 2^26 1.052 / 1.019. 64-bit
//     keys cannot take tiles above 6144 keys (48 KiB of static shared
//     memory); 256x22 (5632) was level with 384x15 (1.021 / 1.017 at 2^26).
//   - Kept (2026-11-25): 64-bit keys in tiles larger than static shared
//     memory holds (dynamic shared memory), at two blocks an SM
//     (P_WB=2: 80 registers at 384 threads, 128 at 256). int64_t count,
//     2^24 / 2^26, two runs taking turns, each against CUB in the same run:
//     384x15 b1 (before) 0.992 / 1.015; 384x18 b1 1.209 / 1.286; 384x20
//     b1 1.140 / 1.202 (one block an SM: far slower); 384x16 b2 0.971 /
//     0.984; 384x18 b2 0.942 / 0.946; 384x20 b2 0.903 / 0.907; 384x22 b2
//     0.920 / 0.924; 384x24 b2 0.977 / 0.989; 384x26 b2 0.989 / 1.001;
//     384x28 b2 1.022 / 1.031 (384 threads spill from 18 keys); 448x18 b2
//     0.941 / 0.966; 320x24 b2 0.897 / 0.900; 320x26 b2 0.912 / 0.918;
//     256x28 b2 0.909 / 0.916; 256x30 b2 0.900 / 0.898; 256x32 b2 0.897 /
//     0.894; 256x34 b2 0.892 / 0.886 (kept: no spill); 256x38 b2 0.916 /
//     0.908; 256x42 b2 1.001 / 0.997.
//   - Found in the chapter's CSV at 6429dd6 (2026-11-25): 64-bit keys at
//     2^20 took 0.978x CUB, against 0.76x before this session. The
//     out-of-line copy had raised the cooperative kernel's registers (u64
//     80 -> 141), one block per SM, so 2^20 keys no longer fitted in one
//     cooperative launch. The cooperative kernel now inlines the copy and
//     caps wide items at two blocks per SM (ptxas: 80 registers, no
//     spill). The chapter's CSV at abfffcd (2026-11-25): u64 at 2^20
//     0.75x CUB again.
//   - Where the cooperative sort of a small input spends its time (option
//     "phases", the last block's clock, library tiles, 2026-11-24): at
//     2^16 keys (8 tiles of 512x18, so 8 SMs busy), 36 us in the kernel:
//     reset 1.1, histogram 3.5, then per pass 8.3 = load and rank 4.1,
//     look-back 1.3, scatter 1.2, barrier and the counts' scan 1.6. At
//     2^20 (114 tiles): histogram 5.2, per pass 11.3 = rank 4.6, look-back
//     3.9, scatter 1.5, barrier 1.3. The ranking is instruction-bound on
//     the few SMs that hold a tile: 1024x9 (same tile, twice the warps)
//     was slower (45.3 against 40.6 us at 2^16). Smaller tiles would use
//     more SMs but need more look-back words than CUB's storage holds.
//     Next: a tile ranked by a thread-block cluster, its blocks adding up
//     their counts through distributed shared memory and sharing the
//     tile's look-back words (a first version gave wrong results and was
//     not kept).
//   - Kept (2026-11-25): the look-back reads a window of words a digit at
//     once (LOOK_BACK_WINDOW), not one. Each read is a round trip to L2,
//     and a tile's PREFIX reaches the tiles behind it only through their
//     look-backs, so the round trips of one look-back hold up every tile
//     after it: in the cooperative sort, whose tiles all rank at once, a
//     look-back walks far. cubling / CUB's faster call, a window of 1 / the
//     library's (4 for keys, u64, f32 and the cooperative tile; 2 for
//     pairs), both count types, two runs taking turns: keys 2^16 0.77 /
//     0.75, 2^18 0.76 / 0.72, 2^20 0.72 / 0.64, 2^24 0.98 / 0.93, 2^26 1.00
//     / 0.96, 2^28 1.01 / 0.97; pairs 2^20 0.76 / 0.70, 2^24 0.98 / 0.96,
//     2^26 1.01 / 0.99, 2^28 1.01 / 1.00; f32 2^26 0.97 / 0.94; u64 2^20
//     0.96 / 0.89, 2^26 0.90 / 0.86. Pairs with a window of 4 (an earlier
//     run): 2^26 1.02 against 1.01 for 1 (their kernel, short of registers,
//     spills more). A window of 8: keys 2^20 0.66, 2^26 1.00 (more spills).
//   - The cooperative sort in small tiles, their look-back words over the
//     keys (one more grid barrier a pass, no storage), SortKeys u32,
//     cubling / CUB's faster call at 2^15 .. 2^20, on an H100 (80GB HBM3,
//     driver 580.159.04; the lease gave no H200), 2026-11-27, with
//     -DP_KT=384 -DP_KI=24 -DP_KB=3: none (the 9216-key tiles alone)
//     0.57 / 0.74 / 0.73 / 0.72 / 0.71 / 0.66; 256x4 (4 blocks an SM)
//     0.57 / 0.60 / 0.66 / 0.80 / 1.11 / 0.66; 256x8 0.56 / 0.63 / 0.66 /
//     0.70 / 0.84 / 1.02; 512x4 (2 blocks an SM) 0.57 / 0.61 / 0.62 / 0.65
//     / 0.83 / 0.66 (2^15 is the cluster sort's, 2^20 is past each
//     variant's limit but 256x8's). Kept: 512x4 up to 2^18 keys. At 2^16
//     it takes 33 us where CUB takes 54 and a copy 4: the sort is now
//     latency, about ten grid barriers and four look-backs, not ranking.
//   - The small tiles' look-back window (-DP_XL, since removed; H100, 2026-11-27, two runs
//     taking turns, cubling / CUB's faster call at 2^16 / 2^17 / 2^18):
//     4 (the library's) 0.62-0.63 / 0.62 / 0.66-0.67; 8 0.59-0.61 / 0.61 /
//     0.66-0.67; 16 0.63-0.64 / 0.66 / 0.71. Option "phases" at 2^18 (128
//     tiles; µs from the kernel's start, the last block): the histogram
//     ends at 4.3-4.5; then each pass takes 7.9-8.3 = ranking 2.2, the grid
//     barrier and the look-back 4.0-4.3 (4.9 with a window of 16), scatter
//     0.6, barrier 1.0. Reading more words at once does not shorten the
//     look-back: the last tile waits mostly at the barrier for the slowest
//     tile's ranking, and then on L2, where every tile reads the words of
//     all those before it. On the same card at 2^28 the library takes
//     1.10x CUB's faster call for keys and 1.03x for pairs: its tiles were
//     tuned on the H200. The library at 03b43d8 on an H200 (2026-11-27,
//     driver 580.159.04, one run, cubling / CUB's faster call): keys u32
//     2^14 0.46, 2^16 0.63, 2^18 0.67, 2^20 0.66, 2^24 0.93, 2^26 0.96,
//     2^28 0.97 (CUB's int64_t call 5416 us, ours 5276); pairs 2^26 0.99,
//     2^28 1.00 (7410 / 7387 us).
//   - Kept (2026-11-27, H200, driver 580.159.04): the cooperative sort
//     without the reset, the histogram and the look-back. After a grid
//     barrier past the ranking, a warp per digit scans the digit's counts
//     over the tiles (each tile's prefix, the digit's total); after a
//     second barrier each block scans the totals into the digits' starts.
//     (P_XL, the small tiles' look-back window, went with the look-back.)
//     Built from 014235d and from c7e6689, run taking turns, SortKeys u32,
//     cubling / CUB's faster call at 2^14 .. 2^20, two runs: column scan
//     0.46 / 0.55 / 0.62-0.64 / 0.58-0.60 / 0.58-0.59 / 0.66-0.67 /
//     0.63; look-back 0.46 / 0.55 / 0.64 / 0.63 / 0.67 / 0.71-0.72 / 0.66;
//     pairs 2^16 / 2^18 / 2^20 0.61 / 0.59 / 0.68 against 0.63 / 0.69 /
//     0.70. Phases at 2^18 (the last block, us into a pass): ranked 1.8,
//     past the first barrier 1.2 later, columns scanned 1.1 later, past the
//     second barrier 1.3 later, offsets 0.6, scatter 0.6, the end-of-pass
//     barrier 1.2. Small tiles up to 2^20 with the column scan, 2^17 / 2^18
//     / 2^19 / 2^20 (one run): the library's 0.61 / 0.59 / 0.67 / 0.62;
//     512x8 b2 0.78 / 0.71 / 0.71 / 0.79; 512x4 b2 0.61 / 0.58 / 0.72 /
//     0.62: the library's shapes stay.
//   - Kept (2026-11-27, H200): up to 64 tiles, every block reads every
//     tile's counts after the first barrier, with no column scan and no
//     second barrier. Built from 014235d plus the direct read up to 160
//     tiles (be309f7 set 64) and from 014235d alone, taking turns, two
//     runs, keys u32 at 2^16 (32 small tiles) / 2^17 (64) / 2^18 (128) /
//     2^19 (57 large tiles) / 2^20 (114): direct 0.53-0.55 / 0.58-0.59 /
//     0.71-0.72 / 0.63-0.64 / 0.65-0.67, column scan 0.64-0.66 / 0.59-0.62 /
//     0.58-0.60 / 0.67-0.69 / 0.62; pairs 2^18 0.71 against 0.61. Each
//     block's read is 1 KiB a tile: at 128 tiles it took 4.7 us (phases),
//     where the column scan and its barrier take 2.4. Hence
//     DIRECT_MAX_TILES = 64. What is left is mostly the grid barriers, two
//     or three a pass, about 1.2 us each: next, ready flags per tile and
//     per digit, cleared at the kernel's start, in place of them.
//   - Not kept (2026-11-27, H200, driver 580.159.04; fb2a02a's library and
//     two variants built from be309f7's, taking turns, two runs, keys u32
//     at 2^14 .. 2^20, cubling / CUB's faster call, both counts):
//     fb2a02a 0.46-0.47 / 0.54-0.55 / 0.54-0.55 / 0.57-0.59 / 0.59 /
//     0.63 / 0.62; the direct read with 16 loads in flight a thread and
//     __ldcg 0.46-0.47 / 0.53-0.55 / 0.52-0.54 / 0.56-0.57 / 0.59 / 0.61-0.62
//     / 0.62 (1-2% at the direct read's sizes, 2^16, 2^17 and 2^19, where
//     the sizes it does not touch, 2^14 and 2^15 (the cluster sort), moved
//     by as much: within the noise); ready flags per tile in place of the
//     direct read's two grid barriers a pass (zeroed once behind one grid
//     barrier, st.release / ld.acquire, a thread a tile waiting)
//     0.46-0.47 / 0.53-0.54 / 0.57-0.58 / 0.68-0.69 / 0.59 / 0.72-0.73 /
//     0.62: slower; pairs 2^16 / 2^19: fb2a02a 0.53-0.54 / 0.71, flags 0.72 /
//     0.78-0.80. Phases with the flags at 2^16 (us into the first pass):
//     ranked 1.5, every tile's flag seen 1.1 later, sums 1.2, offsets 0.4,
//     scatter 0.6, the next pass's flags 1.35 later: a wait on flags takes
//     as long as a grid barrier. What a barrier costs here is the slowest
//     tile's arrival and a round trip to L2, not the barrier's mechanism.
//   - Not kept (2026-11-27, H200, driver 580.159.04; c110d15's library and
//     a branch built from it, not merged, taking turns, two runs,
//     cubling / CUB's faster call): passes that move no key, copied in
//     place. The cooperative sort's first pass folds the AND and the OR of
//     the keys' ordered bits (warp reductions, then two atomics a block
//     after the first grid barrier); a later pass whose digit lies in the
//     bits all keys agree on copies each tile to the same place, with no
//     ranking and no grid barrier after it. Keys all equal at 2^16 / 2^18 /
//     2^20: 0.28-0.29 / 0.35-0.36 / 0.37 against 0.58-0.59 / 0.73 / 0.75;
//     uniform keys at 2^16 / 2^18 / 2^20: 0.55-0.57 / 0.62-0.63 / 0.64-0.65
//     against 0.52-0.53 / 0.59 / 0.62 (128 registers against 114, and the
//     fold and the reads of the two words in every pass); pairs 2^16 / 2^20
//     0.56-0.57 / 0.71 against 0.55 / 0.70. The uniform keys' loss lies where
//     the targets are not met: the library keeps ranking every pass.
//   - Not kept (2026-11-27, H200, driver 580.159.04; -DP_XT/P_XI/P_XB with
//     P_XMAX=2^20: small cooperative tiles up to 2^20 keys, two runs,
//     cubling / CUB's faster call at 2^17 / 2^18 / 2^19 / 2^20): the
//     library's (512x4, 2 blocks an SM, up to 2^18; 9216-key tiles above)
//     0.60 / 0.59 / 0.64 / 0.62; 256x8 b4 1.26 / 0.67-0.68 / 0.77 / 1.01;
//     384x8 b3 0.66 / 0.58-0.59 / 0.68-0.69 / 0.81; 512x8 b2 0.59 / 0.60-0.61
//     / 0.60-0.61 / 0.71; 256x16 b2 0.64-0.65 / 0.70-0.72 / 0.61 / 0.69. Only
//     2^19 gains (512x8 or 256x16, 4% faster), which would take a third
//     cooperative shape; not worth one. Phases at 2^20 (the library's, us
//     into a pass, the last block): ranked 3.6-3.9, past the first barrier 1.4,
//     columns 0.6, past the second barrier 1.7, offsets 0.5, scatter 1.7,
//     the end-of-pass barrier 1.3: 11 us a pass, three barriers 4.4 of it.
//   - Buckets first (2026-11-27, kept). The cooperative sort ranks and
//     scatters the top digit first; if no digit holds more keys than a
//     single tile, it ends, and a second kernel sorts each bucket in one
//     block on the lower bits (AgentRadixSortSingleTile), with no grid
//     barrier; otherwise the digit passes follow the split. On an H100,
//     uniform u32 keys, cubling over CUB's faster call, off / on, two
//     rounds taking turns: 2^15 0.56 / 0.56 (the cluster sort; no buckets),
//     2^16 0.53 / 0.42, 2^17 0.58 / 0.42, 2^18 0.60 / 0.43, 2^19 0.65 /
//     0.41, 2^20 0.65 / 0.42; u32/u32 pairs 2^16 0.52 / 0.42, 2^18 0.61 /
//     0.44, 2^20 0.74 / 0.49. Every key equal (one bucket overfills, and
//     the four digit passes follow the split): 2^16 0.58 / 0.75, 2^18 0.73
//     / 0.94, 2^20 0.77 / 0.97. The first run counted the last tile's
//     padding keys in the last bucket (wrong results where the input was no
//     multiple of a tile; the launches test now crowds that bucket); in it,
//     buckets of 256x8 and 256x12 keys were no faster than the single
//     tile's 256x19 where all three split, and take fewer keys.
//   - Kept for 4-byte keys alone (2026-11-27; -DP_KX=1, pairs -DP_PX=1):
//     the keys' exchange apart from the ranking's shared memory, each key
//     stored to its place as soon as it is ranked (and, for pairs, its rank
//     to shared memory for its value). ncu of a 2^26-key pass before it, on
//     the H200 at 1.5 GHz (ncu's clock): 396 us against CUB's 401 (int64_t
//     count), 163 M warp instructions against 177 M, issue slots 52% busy,
//     4.5 M local-memory (spill) instructions; the warps' samples: 20% at
//     barriers (7% at the one that waits for the look-back), and the loads'
//     values spilled as soon as they came (STL waiting on the LDG). ptxas:
//     296 bytes of spill stores a thread before, 32 after (56 registers, 48
//     KiB of static shared memory). On an H100 (80GB HBM3, driver
//     580.159.04), two runs taking turns, cubling / CUB's faster call, int
//     / int64_t count, before -> after: u32 2^24 1.03 / 1.02 -> 0.88 / 0.87;
//     2^26 1.10 / 1.08 -> 0.92 / 0.89; 2^28 1.12 / 1.10 -> 0.93 / 0.90; f32
//     2^26 1.06 / 1.05 -> 0.88 / 0.88; pairs (ranks in shared memory) 2^26
//     1.04 / 1.03 -> 1.05 / 1.04, 2^28 1.03 / 1.03 -> 1.05 / 1.04 (not
//     kept for pairs; the agent no longer has the ranks in shared memory,
//     and P_PX keeps them in registers, as the first run did: 2^26 1.07 /
//     1.05, 2^28 1.07 / 1.06). With the exchange apart, other tiles were slower:
//     384x20 0.93 (2^26, int64_t), 256x32 at 4 blocks an SM 0.96, 512x18 at
//     2 blocks 0.98; pairs at 3 blocks an SM (384x24) 1.48, which spilled
//     208 bytes. The look-back run before the keys are matched (its digit
//     threads spinning while the other warps match) spilled 172 bytes and
//     did not build on the device (ptxas ran out of registers): dropped.
//   - Not kept (2026-11-27, H100 80GB HBM3, driver 580.159.04, two runs
//     taking turns, with the library's tiles): the up-front histogram
//     counting in lane columns, each lane a column of 16-bit counts of its
//     own, two digits a word (so a warp's 32 atomics never share a bank),
//     flushed to the global counts before a count could overflow. It takes
//     64 KiB of shared memory a block (dynamic) for 4-byte keys. ncu of the
//     histogram kernel at 2^28 u32: the shared copies 610 us with 92% of the
//     memory pipes busy; lane columns at 256x8 662 us, 256x16 637 us, 512x8
//     614 us, with 50-54% busy: fewer blocks fit an SM, and with as many
//     threads as before it is no faster, so bank conflicts are not what
//     limits it. The sort, cubling / CUB's faster call, int64_t count,
//     shared copies -> lane columns 256x8 / 256x16 / 512x8: u32 2^24 0.87 ->
//     0.89 / 0.88 / 0.88; 2^26 0.90 -> 0.92 / 0.91 / 0.91; 2^28 0.91 -> 0.93
//     / 0.91 / 0.92; f32 2^26 0.89 -> 0.92 / 0.90 / 0.91; pairs 2^28 1.03 ->
//     1.04 / 1.03 / 1.04. The code went (it had been -DP_HL=1).
//   - Not kept (2026-11-28, H100 80GB HBM3, driver 580.159.04, two rounds
//     taking turns, the library's tiles; cubling / CUB's faster call, int64_t
//     count, the two rounds; the code went, and so did its flags):
//     * the up-front histogram reading whole tiles 16 bytes a load (it had
//       been -DP_HV=1; 2 or 4 times fewer load instructions beside the
//       shared atomics): u32 2^24 0.798-0.872 (the first round's CUB was
//       slow) -> 0.874-0.876 (256x8), 0.866-0.870 (256x16), 0.880-0.887
//       (128x16); 2^26 0.895 -> 0.891-0.893 / 0.893-0.895 / 0.895; 2^28
//       0.904 -> 0.904 / 0.904-0.905 / 0.903-0.904; f32 2^26 0.881-0.882 ->
//       0.880-0.882 / 0.879-0.881 / 0.882. No change: the loads are not what
//       holds the histogram;
//     * pairs with the values ahead (it had been -DP_PV=1 with -DP_PX=1): as
//       a tile starts, one thread starts a bulk copy (cp.async.bulk) of its
//       values into shared memory; the ranking notes where each key came
//       from, and one loop writes each key and, through that index, its
//       value. ptxas: 80 registers, no spills (20 bytes before), 109 KiB of
//       shared memory a block at 384x25. Pairs 2^24 / 2^26 / 2^28: the
//       library's 1.008-1.017 / 1.028-1.030 / 1.028-1.030; ahead 1.020-1.022
//       / 1.045-1.057 / 1.055-1.056; ahead with a look-back window of 4
//       1.036-1.038 / 1.064-1.068 / 1.065-1.066; ahead at 384x22
//       1.044-1.058 / 1.081-1.083 / 1.083-1.085. Slower at every size;
//     * tiles fetched into L2 before they are read (cp.async.bulk.prefetch.L2,
//       one instruction a tile, nothing waits for it): pairs fetching their
//       tile's values as the tile starts (it had been -DP_PF=1), 2^24 / 2^26
//       / 2^28: the library's 1.013-1.016 / 1.030-1.033 / 1.028-1.029 ->
//       1.070-1.075 / 1.115-1.125 / 1.128-1.132; with the keys and values of
//       the tile 132 or 264 tiles on as well (-DP_PA): 1.16 / 1.23 / 1.25
//       and 1.25 / 1.37 / 1.40. Keys alone fetching the tile 200 or 396 on
//       (-DP_KA; 396 is three blocks on each of 132 SMs): u32 2^24 / 2^26 /
//       2^28 0.866-0.871 / 0.892-0.894 / 0.903 -> 0.896-0.905 / 0.918-0.920 /
//       0.931 and 0.975-0.977 / 1.078-1.080 / 1.113. The more is fetched
//       ahead, the slower: what is fetched competes with the sort's own
//       reads and writes for L2 and DRAM, and a tile's loads were not
//       waiting on DRAM for long enough to gain.
//   - Tried and not kept (built 2026-11-28 at 2f6e758 as the policy switch
//     NEXT_DIGIT_COUNTS, measured on an H200 the same day, driver
//     580.159.04): the up-front histogram is about an eighth of the sort
//     (ncu above: 610 of about 4980 us on the H100), bound by its four
//     shared atomics a key. So pass p counted pass p + 1's digit of the
//     keys it held (1 KiB of counts in dynamic shared memory, added to
//     global memory once the tile was written, the last block of the pass
//     scanning them; copy passes counted too), and the histogram counted
//     pass 0 alone. The Onesweep test passed with it on (108 cases), but
//     ptxas spilled more (spill stores a thread, int64_t / int count, off
//     -> on: keys u32 32 / 36 -> 44 / 80, pairs 20 / 20 -> 36 / 52), and
//     the passes' extra atomic cost more than the histogram saved.
//     Library tiles, off / on, cubling / CUB's faster call, two rounds
//     taking turns, int64_t count: u32 2^24 0.830 / 0.896, 2^26 0.860 /
//     0.916, 2^28 0.870 / 0.901; f32 2^26 0.871 / 0.896; u64 2^26 (probe
//     tiles 384x15) 1.010 / 1.088; pairs 2^26 0.990 / 1.067, 2^28 1.000 /
//     1.023. Removed, with its kernel argument, its storage counters and
//     its test cases (the library is as at 5c82626).
//   - Not kept (2026-11-28, H200, driver 580.159.04, the four builds
//     taking turns in one run, two rounds): the ranking's other block
//     scans, which the library has and no sweep had tried on Onesweep.
//     cubling / CUB's faster call, int64_t count, the two rounds, library
//     tiles (raking with memoized partials) / raking (-DP_KS=0 -DP_PS=0) /
//     warp scans (-DP_KS=2 -DP_PS=2) / warp scans at 384x26 keys: u32 2^24
//     0.826-0.825 / 0.823-0.829 / 0.828-0.826 / 0.837; 2^26 0.860-0.859 /
//     0.859-0.860 / 0.865 / 0.863; 2^28 0.870 / 0.870-0.869 / 0.876 /
//     0.870; f32 2^26 0.871-0.870 / 0.869 / 0.888-0.889 / 0.877; pairs 2^26
//     0.992-0.993 / 0.993-0.995 / 0.993-0.992 / 0.993; 2^28 1.000-1.001 /
//     1.002 / 1.000-1.001 / 1.001. Warp scans remove the keys kernels'
//     spills and gain nothing: neither the spills nor the block scan are
//     what holds a pass at half the copy's speed. Before the run, ptxas
//     spill stores a thread of the Onesweep kernels, int64_t / int
//     count, library tiles: as the library is, keys u32 32 / 36, f32 32 /
//     36, pairs 20 / 20; warp scans in the ranking (-DP_KS=2 -DP_PS=2):
//     keys u32 0 / 0, f32 0 / 0, pairs 24 / 20; the same at 384x26 keys
//     (-DP_KI=26, with -DP_CT=0: the cooperative tile must not be smaller
//     than the Onesweep tile) 20 / 8, f32 16 / 8; at 384x28 76 / 72;
//     two copies of the counters (-DP_KR=2 -DP_PR=2) 52 / 52, pairs 28;
//     the atomic-OR match (-DP_KM=1 -DP_PM=1) 144 / 144, f32 192 / 196,
//     pairs 28. Pairs at 256x36, three blocks an SM (80 registers): 504 /
//     528, so no pairs tile of 256 threads at 3 blocks.
//   - Not kept (2026-11-28, H200, driver 580.159.04, six builds taking
//     turns in one run, two rounds, radix_variants.sh): the atomic-OR match
//     (-DP_KM=1, -DP_PM=1), which finds a key's peers with one shared atomic
//     and a read where the match by votes takes three instructions a digit
//     bit, and pairs whose ranks and digits wait in shared memory for the
//     values (-DP_PX=1, then the agent's RANKS_APART, 3b2d3dc, removed again)
//     so that smaller pairs tiles fit three blocks an SM. ptxas, spill
//     stores a thread, int64_t count: the match at 384x20 with warp scans
//     (km20) 0, at 384x24 two blocks an SM (km24b2) 0, pairs with it 24-28;
//     pairs apart 384x18 / 20 / 22 0 / 4 / 36. cubling / CUB's faster call,
//     int64_t count, the two rounds; k0 the library's tiles (L below),
//     km20 and km24b2 with P the library's pairs tile with -DP_PM=1
//     -DP_PS=2, px18/20/22 L with -DP_PT=384 -DP_PI=18/20/22 -DP_PB=3
//     -DP_PX=1 -DP_PS=2:
//       keys u32 2^24: k0 0.825 / 0.825, km20 0.936 / 0.936, km24b2 0.947 /
//         0.944; 2^26: k0 0.859 / 0.860, km20 0.970 / 0.971, km24b2 0.996 /
//         0.995; 2^28: k0 0.870 / 0.869, km20 0.980 / 0.980, km24b2 1.013 /
//         1.014 (the px builds, whose keys are k0's: 0.869-0.870);
//       pairs u32 2^24: k0 0.961 / 0.966, px18 1.008 / 1.007, px20 0.993 /
//         0.987, px22 1.050 / 1.043, km20 0.979 / 0.981; 2^26: k0 0.988 /
//         0.990, px18 1.068 / 1.072, px20 1.050 / 1.052, px22 1.092 / 1.092,
//         km20 1.008 / 1.006; 2^28: k0 0.997 / 0.997, px18 1.089 / 1.090,
//         px20 1.074 / 1.074, px22 1.110 / 1.109, km20 1.014 / 1.013.
//     The atomics of the other match cost far more than the votes they
//     replace, and the third block of pairs did not pay for the smaller
//     tiles it needs. P_KM and P_PM stay (the library's ranking has both
//     matches); P_PX with pairs is again the exchange apart with the ranks
//     in registers.
//   - Where a pairs sort's time goes, kernel by kernel (2026-11-28, a later
//     session, H200, driver 580.159.04; ncu at the card's own clocks,
//     --clock-control none, the kernels one after another; u32/u32 pairs at
//     2^26, the library's tiles, "1 26 only=pairs_u32 sizes=26"): cubling,
//     int and int64_t calls alike, the up-front histogram 125-127 us, each of
//     the four passes 442-452 us; CUB's int call (its faster one), histogram
//     120-122 us, its exclusive sum of the counts 2.2-2.4 us, each pass
//     444-448 us; CUB's int64_t call, each pass 508-512 us. So the passes
//     are level with CUB's, and the histogram 5 us slower: the 0.90 that the
//     target asks for must come from the pass itself, about 45 us a pass at
//     this size. At ncu's locked base clock the same passes (cubling's
//     int64_t call, CUB's int call) took 528 us and 547 us,
//     with 182 M against 177 M warp instructions, issue slots 43.6% against
//     41.0% busy, 80 registers and 2 blocks an SM on both sides: cubling's
//     pass issues more and waits less, and gains less from the higher clock.
//     Keys at the base clock, for comparison: cubling 345 us a pass (167 M
//     instructions, 62% of issue slots busy, 3 blocks an SM), CUB's int call
//     464 us (158 M, 43%, 2 blocks an SM).
//   - Kept (2026-11-28, a later session, H200, driver 580.159.04, two
//     builds taking turns, two rounds, radix_variants.sh, the library's
//     tiles; cubling / CUB's faster call, int64_t count): block b takes tile
//     b, as the scan's tiles do, where a tile took its number from an atomic
//     counter (a round trip to L2, then a barrier, before its loads). The
//     counter, then the block index: keys u32 2^24 0.828 / 0.804-0.805, 2^26
//     0.861 / 0.850-0.851, 2^28 0.866-0.867 / 0.863; pairs 2^24 0.960-0.962
//     / 0.915-0.917, 2^26 0.990-0.991 / 0.975-0.977, 2^28 0.991-0.992 /
//     0.987; f32 2^26 0.872 / 0.865 (with an int count 0.863 / 0.871, the
//     one row that lost). ptxas: the same spills (keys 32 / 24-32 bytes).
//     Both builds already had a launch of one tile more than 2^28 - 1 keys
//     (onesweep_word::max_launch_items), so that 2^28 keys take one launch
//     a pass, not a second of one tile (the earlier library's 2^28 keys:
//     0.870).
//   - Not kept (the same session, four builds, two rounds, with the block
//     index): the up-front histogram with each thread's loads of its next
//     tile in flight while it counts this one (SASS: the 8 loads before the
//     32 shared atomics). 256x8 (32 registers, as before): u32 2^24 0.802-
//     0.803 against 0.804-0.807, 2^26 0.849 / 0.851, 2^28 0.860 / 0.862-
//     0.863; 256x16 (52 registers) 0.794-0.798 / 0.851-0.852 / 0.863; 256x4
//     0.807 / 0.852-0.853 / 0.864-0.865; pairs, f32, u64 and equal keys
//     within 0.3% but for 256x4 (equal keys 0.620 against 0.603). The
//     histogram does not wait on its loads.
//   - Not kept (the same session, ptxas only): persistent blocks, as many
//     as fit, each taking tile after tile from the counter (the next one
//     claimed as the current one starts). Any loop around a tile, even one
//     of a single run-time iteration, or two tiles one after the other,
//     made ptxas spill the keys as their loads returned: keys u32 204-256
//     bytes, pairs 620-716, against 32-36 and 20; the tile in a function of
//     its own (__noinline__) spilled 272-540 there. Not measured.
//   - Not kept (2026-11-29, H200, driver 580.159.04, three builds taking
//     turns, two rounds, the library's tiles; cubling / CUB's faster call,
//     int64_t count): each pass counting, in ScatterKeys, the digit of the
//     next pass (one shared atomic a key, into 1 or 2 copies of 256
//     counters, added to global counts at the tile's end), which would let
//     the up-front histogram count the first digit alone (258 us against
//     465 at 2^28 in histogram_pairs.cu's run). The counting alone, with the
//     histogram unchanged: keys u32 2^26 0.851 -> 0.928 (1 copy) / 0.914 (2),
//     2^28 0.863 -> 0.941 / 0.927; pairs 2^28 0.993 -> 1.017 / 1.022 (ptxas:
//     pairs 20 -> 164-212 bytes of spills, keys 32-36 -> 44-48). Each pass
//     paid 120-140 us at 2^28, more than the 70 us a digit it would save the
//     histogram. (Chapter 10 records the same idea, tried in an earlier
//     session.) The hook went with the run.
//   - Kept (2026-11-29, H200, driver 580.159.04, two builds taking turns,
//     two rounds, radix_variants.sh, the library's tiles, run beside the
//     library's build; cubling / CUB's faster call, int64_t count): the
//     up-front histogram in lane columns (1024x8, 128 KiB, one block an
//     SM: -DP_HT=1024 -DP_HP=0, now the default) instead of two shared
//     copies (256x8: -DP_HT=256 -DP_HP=2). Copies / columns: keys u32 2^24
//     0.803, 0.799 / 0.800, 0.802; 2^26 0.850, 0.851 / 0.836, 0.836; 2^28
//     0.863, 0.863 / 0.841, 0.842 (4669.7 -> 4551.0 us); pairs 2^26 0.978,
//     0.977 / 0.967, 0.965; 2^28 0.987 / 0.972; f32 2^26 0.864, 0.863 /
//     0.858, 0.859. histogram_pairs.cu's comment has the histogram alone.
//   - Kept (2026-11-29, a later session, H200, driver 580.159.04, two
//     builds taking turns, two rounds, radix_variants.sh, the library's
//     tiles, run beside the library's build; cubling / CUB's faster call,
//     int64_t count): the lane-column histogram counting a digit in three
//     instructions (AgentRadixSortHistogram::CountShifted: SHF.R.W, LOP3,
//     ATOMS, where it took six). "before" was the committed histogram
//     header put first on the include path (-I.device/old, a folder
//     holding git show HEAD:lib/include/cubling/agent/...). Before / after,
//     the two rounds: keys u32 2^24 0.796, 0.797 / 0.792, 0.788; 2^26 0.834,
//     0.834 / 0.829, 0.827; 2^28 0.840, 0.842 / 0.833, 0.833 (4569.8 ->
//     4530.9 us); pairs 2^26 0.972, 0.971 / 0.966, 0.968; 2^28 0.979, 0.979
//     / 0.974, 0.974; f32 2^26 0.859, 0.859 / 0.852, 0.853; every key equal
//     2^26 0.618, 0.619 / 0.608, 0.608. histogram_pairs.cu's comment has
//     the histogram alone.
//   - Not built, ptxas and sizeof only (2026-11-29, a session with no
//     device time; nvcc 13.0 here, nothing run): pairs in three passes of
//     11-bit digits (11, 11, 10) instead of four of 8, the one design left
//     for pairs at 2^28 (0.974 of CUB above, the target 0.90). Three passes
//     move 52 bytes a pair (with the histogram's read) where four move 68,
//     so a pass of 2048 digits may cost at most about 1.2 times a pass of
//     256 for the sort to reach 0.90. The agent takes RADIX_BITS=11 as it
//     is (DeviceRadixSortOnesweepKernel, u32/u32, int64_t count, look-back
//     window 2). Shared memory a block (sizeof TempStorage), ptxas:
//     384x25 8-bit, 2 blocks an SM (the library's): 40464 bytes, 80
//     registers, 24 bytes of spill stores; 384x25 11-bit: 124576 bytes,
//     so one block an SM (12 warps), 168 registers, no spills; 256x36
//     11-bit, 2 blocks: 91296 bytes, 128 registers, 44 bytes; 256x32
//     11-bit, 2 blocks: 128 registers, 68 bytes; 512x18 11-bit: 157856
//     bytes, 128 registers, no spills. The ranking's counters (a warp's 2048, 8 or 12 warps) take
//     most of it: 1.8 counters to clear and scan a key at 256x36, where
//     8-bit tiles take 0.32. Two more things stand in the way: a tile's
//     look-back words grow 8 times (2048 a tile), so that to keep the
//     temporary storage within CUB's a launch would cover about an eighth
//     of the keys (eight launches a pass at 2^28); and the dispatch has one
//     RADIX_BITS for every path, where the cooperative and cluster sorts of
//     small inputs need a thread per digit (static_asserts), so the
//     Onesweep passes would need a digit width of their own. Before that
//     work, onesweep_digit_width.cu times one 11-bit pass against one
//     8-bit pass of the same agent, and projects the three-pass sort.
//     Run later that day (its comment has the numbers): the fastest 11-bit
//     pass took 3.04 times an 8-bit one, so the sort would take 2.11 times
//     CUB's. Dropped.
//   - Dropped (2026-11-29, measured in a later session; branch
//     next/pairs-async-values, 61ebadf): pairs whose values are copied from
//     global memory straight to their places in an exchange of their own as
//     their keys are ranked (cp.async, one 4-byte element a thread, in the
//     ranking's `ranked` hook; there -DP_PX=1 -DP_PV=1). The copies land
//     during the look-back, one barrier covers both exchanges, and one loop
//     writes each key and its value; no value, rank or digit waits in a
//     register. The u32/u32 kernel: 80 registers, 4 bytes of spills (20-24
//     here), 93840 bytes of shared memory a block, two blocks an SM. Two
//     rounds taking turns, cubling's int64_t count against CUB's faster (int)
//     call, library tiles / the branch's: 2^24 0.917, 0.916 / 0.913, 0.903;
//     2^26 0.963, 0.964 / 0.980, 0.979; 2^28 0.969, 0.969 / 0.997, 0.997
//     (7189.5 / 7398.1 us; copy of keys and values 1003.5 us). It gains at
//     2^24 and loses where the sort is bound by memory; why was not measured
//     (ncu on the two kernels would say). The test-gpu tests
//     of pairs, paths and the C API passed on the branch.
//   - Not kept (2026-11-29, a later session, H200, driver 580.159.04; five
//     builds made without a GPU, carried, and run taking turns, two rounds,
//     "9 28 only=pairs_u32 sizes=24,26,28"): pairs tiles of fewer threads
//     at two blocks an SM, which leave each thread more registers (64-bit
//     keys gained from 256x34 over 384x20 above). ptxas, the u32/u32
//     kernel with the int64_t count: the library's 384x25 80 registers, 28
//     bytes of spill stores; 320x30 96, 12; 256x36 128, 148 (the same with
//     the exchange apart, -DP_PX=1); 256x38 128, 216. cubling's int64_t
//     call / CUB's faster (int) call, the two rounds: 2^24 384x25 0.923,
//     0.920; 320x30 0.943, 0.948; 256x36 1.113, 1.113 (its int call 1.015,
//     1.018); 256x36 apart 1.103, 1.107 (0.982, 0.986); 256x38 1.158,
//     1.149 (1.047, 1.042). 2^26: 0.963, 0.961; 0.976, 0.976; 1.151, 1.147
//     (1.058, 1.061); 1.150, 1.147 (1.029, 1.031); 1.184, 1.185 (1.092,
//     1.088). 2^28: 0.966, 0.966 (7158.2, 7157.1 us; CUB's int call
//     7410.5-7417.9 us, its int64_t call 8483-8495, a copy of the keys and
//     values 1003.0-1003.6); 0.979, 0.979; 1.155, 1.156 (1.068, 1.066);
//     1.162, 1.162 (1.043, 1.044); 1.192, 1.193 (1.098, 1.099). The
//     library's tile stays: fewer warps an SM wait longer on the ranking,
//     and 36 pairs a thread spill even at 128 registers.
//   - Not kept (2026-11-29, a later session, H200, driver 580.159.04;
//     builds made without a GPU, carried, run taking turns, two rounds;
//     cubling's int64_t call / CUB's faster (int) call unless named). The
//     code and its flags went; the diffs are in the session's notes.
//     * Pairs tiles of fewer threads at the library's 25 pairs a thread
//       and 24 warps an SM, more blocks of them: 256x25 at 3 blocks an SM,
//       192x25 at 4, 128x25 at 6. 2^24 / 2^26 / 2^28: library (384x25, 2
//       blocks) 0.922-0.924 / 0.961 / 0.966-0.967; 256x25 0.979-0.983 /
//       1.087-1.090 / 1.119-1.120; 192x25 1.158-1.165 / 1.274-1.277 /
//       1.306; 128x25 1.359-1.367 / 1.480-1.485 / 1.523-1.526. Smaller
//       tiles cost more, whatever the blocks an SM.
//     * ncu of one pairs pass (2^26, the card's own clock, --clock-control
//       none): CUB's int call 442.9 us, cubling's int64_t call 439.6 us (a
//       build with the sector-aligned code below present and off).
//       DRAM: CUB read 537.9 MB and wrote 524.1, cubling 539.3 and 541.0
//       (the ideal, a read and a write of 2^26 pairs: 536.9 each), so the
//       scattered writes cost no DRAM traffic; DRAM 50-51% busy, L2 73%,
//       both sides latency-bound: 24 warps an SM (registers), 0.76
//       (CUB) and 0.85 (cubling) warps eligible a cycle, an instruction
//       issued every 2.4-2.5 cycles. L2 write sectors 33.6 M (CUB) and
//       34.8 M against 16.8 M of data.
//     * Runs sector-aligned in the exchange: digit d's run placed 8 * d +
//       (its output's place in a 32-byte sector) slots past its ranks, so
//       that every warp's store fills whole sectors but at a run's two ends
//       (the exchange 11648 slots for 9600 pairs, its gaps skipped). 80
//       registers, 76 bytes of spills; 2^24 / 2^26 / 2^28: 1.053-1.055 /
//       1.080-1.081 / 1.081-1.082 (its int call 0.997-0.998 / 1.034-1.035 /
//       1.038-1.039), against 0.923 / 0.961-0.962 / 0.967. L2 write sectors 34.2 M
//       against 34.8 M: whole sectors were not what the stores lacked.
//     * Ranks in shared memory (16 bits each, stored by the ranking's
//       `ranked` hook, beside the exchange apart), and each written key's
//       digit too (8 bits, in the ranking's memory), so that no rank or
//       digit waits in a register for the values, and the values' loads go
//       out before the keys are written. At 2 blocks an SM (80 registers,
//       32-36 bytes of spills): 2^24 / 2^26 / 2^28 0.921-0.926 / 0.958-0.959
//       / 0.967-0.969, level with the library (0.923 / 0.960-0.961 /
//       0.966-0.967); the values loaded after the keys are written 0.936-
//       0.938 / 0.977-0.978 / 0.982-0.983. At 3 blocks an SM (56
//       registers) ptxas spilled 188-260 bytes at 384x25, 176-240 at
//       384x24, 140-180 at 384x22 (the keys' kernel at 384x24: 24-32): 2^28
//       1.422-1.424; 384x22 with the values after the keys 1.283-1.285.
//       Larger tiles at 2 blocks, which the freed registers were to allow
//       (-DP_CT=0: no cooperative sort; 2^26 / 2^28): 384x28 0.989-0.990 /
//       1.005-1.006 (its int call 0.948 / 0.965-0.966; 80-96 bytes of
//       spills), 384x32 1.053-1.054 / 1.066-1.067 (168-216 bytes; values
//       after the keys 0.993-0.995 / 0.992-0.993), 384x36 1.171-1.173 /
//       1.172-1.173 (216-320), 512x24 1.105-1.108 / 1.118-1.122; the
//       library's pairs at 384x28 1.033-1.036 / 1.045. Spills, not the
//       ranks' registers, hold the pairs' tile where it is.
//   - Kept for pairs (2026-11-29, a later session, H200, driver
//     580.159.04; three runs, each two rounds taking turns; -DP_CT=0):
//     the ranks and digits in shared memory (RANKS_SHARED, -DP_PK=1) and
//     the keys read again after the count (KEYS_TWICE, -DP_PD=1), with the
//     exchange apart (-DP_PX=1). Ratios against CUB's int call (its faster)
//     at 2^24 / 2^26 / 2^28, cubling's int call, then its int64_t call;
//     ptxas's spills with an int count / int64_t count, in bytes:
//     * 3 blocks an SM (56 registers): 384x25 (0 / 76) 0.925 / 1.004-1.015
//       / 1.044, int64_t 1.155 / 1.268 / 1.296; 384x23 (0 / 56) 0.964-0.969
//       / 1.078-1.091 / 1.117-1.121. Three blocks without spills still
//       lose: the tiles are small again.
//     * 2 blocks an SM (80 registers), 384 threads: x28 (44 / 60) 0.939-
//       0.947 / 0.982-0.983 / 0.995-0.996; x30 (64 / 96) 0.949-0.952 /
//       0.968-0.973 / 0.974-0.976; x32 (52 / 108) 0.924-0.931 / 0.932-0.936
//       / 0.937-0.939, int64_t 1.004-1.014 / 1.037-1.042 / 1.052-1.053;
//       x34 (40 / 108) 0.915-0.920 / 0.931-0.933 / 0.934; **x36 (16 / 120)
//       0.922-0.929 / 0.908-0.913 / 0.896-0.900**, int64_t 1.081-1.090 /
//       1.083-1.096 / 1.084-1.095 (two runs on two machines); x38 (32 /
//       160) 0.977-0.979 / 0.974-0.975 / 0.968; x40 (28 / 156) 1.001-1.005
//       / 0.992-0.994 / 0.983-0.984; x44 (60 / 204) 1.189-1.193 / 1.174-
//       1.175 / 1.158-1.159. The same runs, the library (384x25, ranks in
//       registers): 0.921-0.936 / 0.961-0.980 / 0.966-0.987 (int64_t the
//       faster).
//     * 2 blocks an SM, fewer threads: 352x36 (36 / 132) 0.952 / 0.942-
//       0.943 / 0.936-0.937; 352x40 (28 / 156) 1.003-1.011 / 1.009 / 1.003;
//       320x40 (96 registers, 56 / 152) 0.983 / 0.945-0.946 / 0.932-0.934;
//       320x44 (52 / 188) 1.013-1.015 / 0.974-0.976 / 0.958-0.959.
//     * 384x32 at 2 blocks with the ranks in registers (-DP_PK=0, the keys
//       still read twice; 368 / 404 bytes of spills): 1.272-1.277 /
//       1.397-1.398 / 1.422-1.424.
//     Kept: 384x36 at 2 blocks (DeviceRadixSortPolicy's hopper_pairs), and
//     a 64-bit count that an int holds runs the kernel of 32-bit offsets
//     (narrow_offsets), whose spills are 16 bytes, not 120. Keys alone
//     read twice (-DP_KD=1, 0 bytes of spills): 384x24 at 3 blocks 0.796-
//     0.818 / 0.838-0.864 / 0.844-0.871, at 4 blocks (40 registers)
//     0.801-0.814 / 0.834-0.839 / 0.836-0.839, f32 2^26 0.891-0.903,
//     against the library's 0.793-0.805 / 0.828-0.845 / 0.832-0.853, f32
//     0.851-0.856: not kept.
//
// Several builds of it, run taking turns: figures/probes/radix_variants.sh.
// Build (one line): nvcc -O3 -std=c++17 -arch=sm_90 -Ilib/include -Itests
//          -DP_KT=384 -DP_KI=20 -DP_KB=3 figures/probes/radix_sweep.cu -o radix_sweep
// Arguments: [reps [largest log2 size [options...]]]; options: "stream" (the
// sorts run on a created stream, not the legacy default one), "host" (the
// 4-byte keys drawn on the host, as the chapter runner draws them),
// "only=WORK" (one of the works below; keys_u32_equal: every key the same), "sizes=A,B,..." (log2 sizes; a number above 63 is a count of keys),
// "phases" (the cooperative sort's phases, from CUBLING_RADIX_SORT_PHASE),
// "stamps" (built with -DP_STAMPS=1: after each size, one more run of
// cubling's int64_t call, and for each Onesweep pass the mean and the 10th,
// 50th and 90th percentiles over its tiles of each step of a tile: rank,
// look_back, keys, values, and the tile's whole life, in microseconds, as
// lines "stamps,WORK,LOG2N,PASS,STEP,mean,p10,p50,p90").
// H200, 2026-11-28, the library's tiles (-DP_KT=384 -DP_KI=24 -DP_KB=3
// -DP_KX=1 -DP_PT=384 -DP_PI=25 -DP_PB=2 -DP_STAMPS=1), 2^28, the same in
// each of the four passes (means; p10-p90, us): keys, 3 blocks an SM: rank
// (load and ranking) 8.75 (7.9-9.5), look_back 2.4, keys stored 2.0, life
// 13.1; pairs, 2 blocks an SM: rank 7.55 (6.7-8.5), look_back 2.25, keys
// 2.6, values (loaded, exchanged, stored) 3.05, life 15.4. A pair tile's
// values add 3 us to a life of 12.4: a fifth of its time for a third of its
// bytes. Fetching each tile's values into L2 as the tile starts
// (prefetch.global.L2 by each thread, a line each) did not shorten it:
// pairs 2^28 1.005 / 1.005 of CUB against 0.997 / 0.997 without, 2^24
// 0.965-0.973 against 0.961-0.964 (two rounds): the values' step is not
// their load's latency but their exchange and scattered stores, and the
// prefetch was taken out again. Without stamps the same run: keys 0.870,
// pairs 1.001 (the stamps cost keys 1.7%, pairs 1.3%).
// Output: CSV, variant,work,log2n,count,cubling_us,cub_us,ratio,copy_us,empty_us,check
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "probe_timer.h"

// Option "phases": the cooperative sort's phases, timed by the last block's
// thread 0: slot 0 the kernel's start, 10 * (pass + 1) + 0 to 6 each pass's (step - 10).
__device__ unsigned long long g_phase[64];
__device__ int g_pass; // the pass that the last block's thread 0 is in
__device__ __forceinline__ void probe_stamp(int step)
{
  if (threadIdx.x == 0 && blockIdx.x == gridDim.x - 1)
  {
    g_pass         = step == 0 ? 0 : step == 10 ? g_pass + 1 : g_pass;
    const int slot = step < 10 ? step : 10 * g_pass + step - 10;
    if (slot < 64)
    {
      g_phase[slot] = probe_global_ns();
    }
  }
}
#define CUBLING_RADIX_SORT_PHASE(step) probe_stamp(step)

// -DP_STAMPS=1 (option "stamps" prints them): every tile of every Onesweep
// pass stamped by its thread 0 with %globaltimer at the agent's
// CUBLING_ONESWEEP_STAMP steps (0 numbered, 1 ranked, 2 offsets found, 3
// keys stored, 4 values stored), by pass (its first bit / 8) and tile. Off
// by default: the stamps' stores change the kernels' registers.
#ifndef P_STAMPS
#define P_STAMPS 0
#endif
constexpr int STAMP_STEPS = 5, STAMP_PASSES = 8, STAMP_TILES = 1 << 16;
__device__ unsigned long long g_tile_stamp[STAMP_PASSES][STAMP_TILES][STAMP_STEPS];
#if P_STAMPS
#define CUBLING_ONESWEEP_STAMP(bit, tile, step)                                                    \
  do                                                                                               \
  {                                                                                                \
    if (threadIdx.x == 0 && (bit) / 8 < STAMP_PASSES && (tile) < STAMP_TILES)                      \
    {                                                                                              \
      g_tile_stamp[(bit) / 8][tile][step] = probe_global_ns();                                     \
    }                                                                                              \
  } while (0)
#endif

#include <cub/device/device_radix_sort.cuh>
#include <cubling/device/device_radix_sort.cuh>
#include "check.h"
#include "probe_data.cuh"

#ifndef P_KT
#define P_KT 512
#endif
#ifndef P_KI
#define P_KI 16
#endif
#ifndef P_KB
#define P_KB 1
#endif
#ifndef P_PT
#define P_PT 512
#endif
#ifndef P_PI
#define P_PI 18
#endif
#ifndef P_PB
#define P_PB 1
#endif
#ifndef P_WT
#define P_WT 384
#endif
#ifndef P_WI
#define P_WI 15
#endif
#ifndef P_WB
#define P_WB 1
#endif
#ifndef P_KL
#define P_KL 4
#endif
#ifndef P_PL
#define P_PL 2
#endif
#ifndef P_WL
#define P_WL 4
#endif
#ifndef P_HT
#define P_HT 1024
#endif
#ifndef P_HI
#define P_HI 8
#endif
#ifndef P_HP
#define P_HP 0
#endif
#ifndef P_CT
#define P_CT -1
#endif
#ifndef P_CI
#define P_CI 1
#endif
#ifndef P_ST
#define P_ST 0
#endif
#ifndef P_SI
#define P_SI 19
#endif
#ifndef P_SB
#define P_SB 6
#endif
#ifndef P_SR
#define P_SR RADIX_RANK_MEMOIZE
#endif
#ifndef P_GT
#define P_GT -1
#endif
#ifndef P_GI
#define P_GI 8
#endif
#ifndef P_GB
#define P_GB 16
#endif
#ifndef P_XT
#define P_XT -1
#endif
#ifndef P_XI
#define P_XI 4
#endif
#ifndef P_XB
#define P_XB 4
#endif
#ifndef P_XMAX
#define P_XMAX -1
#endif
#ifndef P_BK
#define P_BK -1
#endif
#ifndef P_BT
#define P_BT -1
#endif
#ifndef P_BI
#define P_BI 19
#endif
#ifndef P_BB
#define P_BB 6
#endif
#ifndef P_KX
#define P_KX 0
#endif
#ifndef P_PX
#define P_PX 0
#endif
#ifndef P_PK
#define P_PK 0
#endif
#ifndef P_PD
#define P_PD 0
#endif
#ifndef P_KD
#define P_KD 0
#endif
#ifndef P_KM
#define P_KM 0
#endif
#ifndef P_PM
#define P_PM 0
#endif
#ifndef P_KR
#define P_KR 1
#endif
#ifndef P_PR
#define P_PR 1
#endif
#ifndef P_KS
#define P_KS 1
#endif
#ifndef P_PS
#define P_PS 1
#endif
#define STR2(x) #x
#define STR(x) STR2(x)

// M, R, S: the ranking's match, counter copies and block scan (P_KM, P_KR,
// P_KS in the file comment).
template <int T, int I, int B, int L = 1, bool X = false, int M = 0, int R = 1, int S = 1, bool K = false,
          bool D = false>
using Onesweep =
    cubling::AgentRadixSortOnesweepPolicy<T, I, 8, static_cast<cubling::BlockScanAlgorithm>(S),
                                          static_cast<cubling::WarpMatchAlgorithm>(M), R, B, L, X, K, D>;

template <typename KeyT, typename ValueT> struct Chain
{
  static constexpr int RADIX_BITS = 8;
  static constexpr bool PAIRS     = !std::is_same<ValueT, cubling::NullType>::value;
  struct Policy900 : cubling::ChainedPolicy<900, Policy900, Policy900>
  {
    using HistogramPolicy = std::conditional_t<
        (P_HP == 0 && sizeof(KeyT) <= 4), cubling::AgentRadixSortHistogramPolicy<P_HT, P_HI, 1, RADIX_BITS, true>,
        cubling::AgentRadixSortHistogramPolicy<(P_HP == 0 ? 256 : P_HT), P_HI, (P_HP == 0 ? 2 : P_HP), RADIX_BITS>>;
    using OnesweepPolicy  = std::conditional_t<
        (sizeof(KeyT) == 8), Onesweep<P_WT, P_WI, P_WB, P_WL>,
        std::conditional_t<PAIRS, Onesweep<P_PT, P_PI, P_PB, P_PL, P_PX, P_PM, P_PR, P_PS, P_PK, P_PD>,
                           Onesweep<P_KT, P_KI, P_KB, P_KL, P_KX, P_KM, P_KR, P_KS, false, P_KD>>>;
    // The cooperative sort of small inputs: the library's shape, unless
    // P_CT and P_CI set it (P_CT=0: none, every input takes the launches).
    using Library = typename cubling::detail::DeviceRadixSortPolicy<KeyT, ValueT>::CooperativeTile;
    using CooperativePolicy = std::conditional_t<(P_CT > 0 && sizeof(KeyT) == 4 && !PAIRS),
                                                 Onesweep<(P_CT > 0 ? P_CT : 32), P_CI, 1>, Library>;
    // The library's cooperative tile may be smaller than a swept 8-byte
    // Onesweep tile, and the look-back words are sized for the chain's
    // smallest Onesweep tile: no cooperative sort then.
    static constexpr bool COOPERATIVE_SMALL_INPUTS =
        P_CT != 0 && !(sizeof(KeyT) == 8 && int64_t{P_WT} * P_WI > int64_t{Library::TILE_ITEMS});
    static constexpr int WIDEST =
        static_cast<int>(sizeof(KeyT)) > (PAIRS ? static_cast<int>(sizeof(ValueT)) : 0) ? static_cast<int>(sizeof(KeyT))
                                                                                       : static_cast<int>(sizeof(ValueT));
    static constexpr int scaled(int items) { return items * 4 / (WIDEST > 4 ? WIDEST : 4) > 1 ? items * 4 / (WIDEST > 4 ? WIDEST : 4) : 1; }
    using LibraryPolicy    = cubling::detail::DeviceRadixSortPolicy<KeyT, ValueT>;
    using SingleTilePolicy = std::conditional_t<
        (P_ST > 0),
        cubling::AgentRadixSortSingleTilePolicy<(P_ST > 0 ? P_ST : 32), scaled(P_SI), P_SB, cubling::P_SR,
                                                cubling::BLOCK_SCAN_WARP_SCANS>,
        typename LibraryPolicy::SingleTile>;
    // The cooperative sort in small tiles (digit counts over the keys):
    // the library's, unless P_XT, P_XI, P_XB set its threads, keys per
    // thread and blocks per SM (4-byte keys alone), and P_XMAX the most
    // keys it takes (0: never).
    using SmallCooperativePolicy = std::conditional_t<
        (P_XT > 0 && sizeof(KeyT) == 4 && !PAIRS), Onesweep<(P_XT > 0 ? P_XT : 32), P_XI, P_XB>,
        typename LibraryPolicy::SmallCooperativeTile>;
    static constexpr int64_t SMALL_COOPERATIVE_MAX_ITEMS =
        P_XMAX >= 0 ? int64_t{P_XMAX} : LibraryPolicy::small_cooperative_max_items;
    static constexpr bool CLUSTER_SMALL_INPUTS = P_GT != 0;
    using ClusterPolicy = std::conditional_t<
        (P_GT > 0 && sizeof(KeyT) == 4 && !PAIRS),
        cubling::AgentRadixSortClusterPolicy<(P_GT > 0 ? P_GT : 32), P_GI, P_GB, RADIX_BITS>,
        typename LibraryPolicy::ClusterTile>;
    static constexpr bool BUCKET_SMALL_INPUTS = P_BK < 0 ? LibraryPolicy::bucket_small_inputs : P_BK != 0;
    using BucketPolicy = std::conditional_t<
        (P_BT > 0),
        cubling::AgentRadixSortSingleTilePolicy<(P_BT > 0 ? P_BT : 32), scaled(P_BI), P_BB, cubling::P_SR,
                                                cubling::BLOCK_SCAN_WARP_SCANS>,
        typename LibraryPolicy::SingleTile>;
    static constexpr int64_t BUCKET_MAX_ITEMS = int64_t{256} * BucketPolicy::TILE_ITEMS * 7 / 8;
  };
  using MaxPolicy = Policy900;
};

cudaStream_t g_stream = 0; // every sort's stream (option "stream": a created one)

template <typename OffsetT, typename KeyT, typename ValueT>
cudaError_t cubling_sort(void* temp, size_t& bytes, const KeyT* keys_in, KeyT* keys_out, const ValueT* values_in,
                         ValueT* values_out, int64_t n)
{
  cubling::DoubleBuffer<KeyT> keys(const_cast<KeyT*>(keys_in), keys_out);
  cubling::DoubleBuffer<ValueT> values(const_cast<ValueT*>(values_in), values_out);
  return cubling::detail::DispatchRadixSort<false, KeyT, ValueT, OffsetT, cubling::detail::identity_decomposer_t,
                                            Chain<KeyT, ValueT>>::Dispatch(temp, bytes, keys, values, n, 0,
                                                                           8 * sizeof(KeyT), false, g_stream);
}
template <typename OffsetT, typename KeyT>
cudaError_t cubling_sort(void* temp, size_t& bytes, const KeyT* keys_in, KeyT* keys_out, int64_t n)
{
  cubling::DoubleBuffer<KeyT> keys(const_cast<KeyT*>(keys_in), keys_out);
  cubling::DoubleBuffer<cubling::NullType> values;
  return cubling::detail::DispatchRadixSort<false, KeyT, cubling::NullType, OffsetT,
                                            cubling::detail::identity_decomposer_t,
                                            Chain<KeyT, cubling::NullType>>::Dispatch(temp, bytes, keys, values, n, 0,
                                                                                      8 * sizeof(KeyT), false, g_stream);
}

// Floats: every finite bit pattern but NaNs (a NaN's payload order is not the point here).
__global__ void finite(unsigned* p, int64_t n)
{
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < n; i += int64_t{gridDim.x} * blockDim.x)
  {
    if ((p[i] & 0x7f800000u) == 0x7f800000u)
    {
      p[i] &= 0xbfffffffu;
    }
  }
}
__global__ void empty_kernel() {}

int main(int argc, char** argv)
{
  const int reps      = argc > 1 ? atoi(argv[1]) : 15;
  const int max_log2  = argc > 2 ? atoi(argv[2]) : 28;
  bool host_keys      = false;
  bool phases         = false;
  bool stamps         = false;
  std::string only;
  std::vector<int> only_sizes;
  for (int a = 3; a < argc; ++a)
  {
    const std::string option = argv[a];
    if (option == "stream")
    {
      CHECK_CUDA(cudaStreamCreate(&g_stream));
    }
    else if (option == "phases")
    {
      phases = true;
    }
    else if (option == "stamps")
    {
      stamps = true;
      CHECK(P_STAMPS); // the stamps are built in with -DP_STAMPS=1
    }
    else if (option == "host")
    {
      host_keys = true;
    }
    else if (option.rfind("only=", 0) == 0)
    {
      only = option.substr(5);
    }
    else if (option.rfind("sizes=", 0) == 0)
    {
      for (size_t p = 6; p < option.size(); p = option.find(',', p) + 1)
      {
        only_sizes.push_back(atoi(option.c_str() + p));
        if (option.find(',', p) == std::string::npos)
        {
          break;
        }
      }
    }
  }
  const int64_t max_n = int64_t{1} << max_log2;
  unsigned *keys, *values, *floats, *equal, *out_a, *out_b, *vout_a, *vout_b;
  uint64_t* wide;
  CHECK_CUDA(cudaMalloc(&keys, max_n * 4));
  CHECK_CUDA(cudaMalloc(&equal, max_n * 4));
  CHECK_CUDA(cudaMemset(equal, 0x5a, max_n * 4)); // every key 0x5a5a5a5a: every pass on one digit
  CHECK_CUDA(cudaMalloc(&values, max_n * 4));
  CHECK_CUDA(cudaMalloc(&floats, max_n * 4));
  CHECK_CUDA(cudaMalloc(&wide, max_n * 8));
  CHECK_CUDA(cudaMalloc(&out_a, max_n * 8));
  CHECK_CUDA(cudaMalloc(&out_b, max_n * 8));
  CHECK_CUDA(cudaMalloc(&vout_a, max_n * 4));
  CHECK_CUDA(cudaMalloc(&vout_b, max_n * 4));
  fill<<<2048, 256>>>(keys, max_n, 7u);
  if (host_keys) // splitmix64 words, as the chapter runner's uniform keys
  {
    std::vector<unsigned> h(max_n);
    uint64_t seed = 7;
    for (unsigned& k : h)
    {
      k = static_cast<unsigned>(check_random(&seed));
    }
    CHECK_CUDA(cudaMemcpy(keys, h.data(), max_n * 4, cudaMemcpyHostToDevice));
  }
  fill<<<2048, 256>>>(values, max_n, 11u);
  fill<<<2048, 256>>>(floats, max_n, 13u);
  finite<<<2048, 256>>>(floats, max_n);
  fill<<<2048, 256>>>(reinterpret_cast<unsigned*>(wide), 2 * max_n, 17u);
  CHECK_CUDA(cudaDeviceSynchronize());
  void* temp;
  const size_t temp_bytes = (size_t{10} << 20) + max_n * 8 * 2;
  CHECK_CUDA(cudaMalloc(&temp, temp_bytes));
  ProbeTimer timer(size_t{256} << 20); // L2 holds none of the data
  const std::string variant = std::string(g_stream ? "stream_" : "") + (host_keys ? "hostkeys_" : "") + "k" STR(P_KT) "x" STR(P_KI) "b" STR(P_KB) "_p" STR(P_PT) "x" STR(P_PI) "b" STR(P_PB) "_w" STR(
      P_WT) "x" STR(P_WI) "b" STR(P_WB) "_c" STR(P_CT) "x" STR(P_CI) "_s" STR(P_ST) "x" STR(P_SI) "b" STR(P_SB) "_g" STR(P_GT) "x" STR(P_GI) "b" STR(P_GB) "_h" STR(P_HT) "x" STR(P_HI) "p" STR(P_HP) "_l" STR(P_KL) STR(P_PL) STR(P_WL) "_b" STR(P_BK) "x" STR(P_BT) "x" STR(P_BI) "x" STR(P_BB) "_x" STR(P_KX) STR(P_PX) "_r" STR(P_KM) STR(P_KR) STR(P_KS) STR(P_PM) STR(P_PR) STR(P_PS);
  std::printf("variant,work,log2n,count,cubling_us,cub_us,ratio,copy_us,empty_us,check\n");
  size_t b = temp_bytes;
  using u32 = unsigned;
  using u64 = uint64_t;
  using ull = unsigned long long; // the 64-bit offset type (atomicAdd has it, not uint64_t)
  // Each call, with an int count (is32) or an int64_t one.
  struct Work
  {
    const char* name;
    std::vector<int> sizes;
    size_t bytes_per_item; // keys and values, for the copy
    size_t out_bytes;      // of keys out
    std::function<void(int64_t, bool)> cubling, cub;
  };
  float* f_in  = reinterpret_cast<float*>(floats);
  std::vector<Work> works = {
    {"keys_u32", {14, 16, 18, 20, 22, 24, 26, 28}, 4, 4,
     [&](int64_t n, bool is32) { b = temp_bytes; CHECK_CUDA(is32 ? cubling_sort<u32>(temp, b, keys, out_a, n) : cubling_sort<ull>(temp, b, keys, out_a, n)); },
     [&](int64_t n, bool is32) { b = temp_bytes; CHECK_CUDA(is32 ? cub::DeviceRadixSort::SortKeys(temp, b, keys, out_b, int(n), 0, int(8 * sizeof(u32)), g_stream) : cub::DeviceRadixSort::SortKeys(temp, b, keys, out_b, n, 0, int(8 * sizeof(u32)), g_stream)); }},
    {"keys_u32_equal", {24, 26}, 4, 4,
     [&](int64_t n, bool is32) { b = temp_bytes; CHECK_CUDA(is32 ? cubling_sort<u32>(temp, b, equal, out_a, n) : cubling_sort<ull>(temp, b, equal, out_a, n)); },
     [&](int64_t n, bool is32) { b = temp_bytes; CHECK_CUDA(is32 ? cub::DeviceRadixSort::SortKeys(temp, b, equal, out_b, int(n), 0, int(8 * sizeof(u32)), g_stream) : cub::DeviceRadixSort::SortKeys(temp, b, equal, out_b, n, 0, int(8 * sizeof(u32)), g_stream)); }},
    {"pairs_u32", {16, 20, 24, 26, 28}, 8, 4,
     [&](int64_t n, bool is32) { b = temp_bytes; CHECK_CUDA(is32 ? cubling_sort<u32>(temp, b, keys, out_a, values, vout_a, n) : cubling_sort<ull>(temp, b, keys, out_a, values, vout_a, n)); },
     [&](int64_t n, bool is32) { b = temp_bytes; CHECK_CUDA(is32 ? cub::DeviceRadixSort::SortPairs(temp, b, keys, out_b, values, vout_b, int(n), 0, int(8 * sizeof(u32)), g_stream) : cub::DeviceRadixSort::SortPairs(temp, b, keys, out_b, values, vout_b, n, 0, int(8 * sizeof(u32)), g_stream)); }},
    {"keys_f32", {24, 26}, 4, 4,
     [&](int64_t n, bool is32) { b = temp_bytes; float* o = reinterpret_cast<float*>(out_a); CHECK_CUDA(is32 ? cubling_sort<u32>(temp, b, f_in, o, n) : cubling_sort<ull>(temp, b, f_in, o, n)); },
     [&](int64_t n, bool is32) { b = temp_bytes; float* o = reinterpret_cast<float*>(out_b); CHECK_CUDA(is32 ? cub::DeviceRadixSort::SortKeys(temp, b, f_in, o, int(n), 0, int(8 * sizeof(float)), g_stream) : cub::DeviceRadixSort::SortKeys(temp, b, f_in, o, n, 0, int(8 * sizeof(float)), g_stream)); }},
    {"keys_u64", {24, 26}, 8, 8,
     [&](int64_t n, bool is32) { b = temp_bytes; u64* o = reinterpret_cast<u64*>(out_a); CHECK_CUDA(is32 ? cubling_sort<u32>(temp, b, wide, o, n) : cubling_sort<ull>(temp, b, wide, o, n)); },
     [&](int64_t n, bool is32) { b = temp_bytes; u64* o = reinterpret_cast<u64*>(out_b); CHECK_CUDA(is32 ? cub::DeviceRadixSort::SortKeys(temp, b, wide, o, int(n), 0, int(8 * sizeof(u64)), g_stream) : cub::DeviceRadixSort::SortKeys(temp, b, wide, o, n, 0, int(8 * sizeof(u64)), g_stream)); }},
  };
  for (Work& w : works)
  {
    if (!only.empty() && only != w.name)
    {
      continue;
    }
    for (int lg : only_sizes.empty() ? w.sizes : only_sizes)
    {
      if (lg > max_log2 && lg < 64)
      {
        continue;
      }
      const int64_t n = lg < 64 ? int64_t{1} << lg : int64_t{lg};
      for (int i = 0; i < 2; ++i)
      {
        w.cubling(n, true);
        w.cubling(n, false);
        w.cub(n, true);
        w.cub(n, false);
      }
      // Four calls taking turns (cubling and CUB, each with both counts), then a copy and an empty launch.
      std::vector<float> t[4], copy, empty;
      for (int r = 0; r < reps; ++r)
      {
        for (int k = 0; k < 4; ++k)
        {
          const int c = (k + r) % 4;
          t[c].push_back(timer.time_us([&] { (c < 2 ? w.cubling : w.cub)(n, c % 2 == 0); }));
        }
        copy.push_back(timer.time_us(
            [&] { CHECK_CUDA(cudaMemcpyAsync(out_b, wide, n * w.bytes_per_item, cudaMemcpyDeviceToDevice)); }));
        empty.push_back(timer.time_us([&] { empty_kernel<<<1, 32>>>(); }));
      }
      // Check: cubling's keys (and values) against CUB's, bit for bit, for both counts.
      bool same = true;
      for (bool is32 : {true, false})
      {
        CHECK_CUDA(cudaMemset(out_a, 0x5a, n * w.out_bytes));
        CHECK_CUDA(cudaMemset(vout_a, 0x5a, n * 4));
        w.cubling(n, is32);
        w.cub(n, is32);
        CHECK_CUDA(cudaDeviceSynchronize());
        std::vector<char> ha(n * w.out_bytes), hb(n * w.out_bytes);
        CHECK_CUDA(cudaMemcpy(ha.data(), out_a, ha.size(), cudaMemcpyDeviceToHost));
        CHECK_CUDA(cudaMemcpy(hb.data(), out_b, hb.size(), cudaMemcpyDeviceToHost));
        same = same && std::memcmp(ha.data(), hb.data(), ha.size()) == 0;
        if (w.bytes_per_item > w.out_bytes)
        {
          std::vector<char> va(n * 4), vb(n * 4);
          CHECK_CUDA(cudaMemcpy(va.data(), vout_a, va.size(), cudaMemcpyDeviceToHost));
          CHECK_CUDA(cudaMemcpy(vb.data(), vout_b, vb.size(), cudaMemcpyDeviceToHost));
          same = same && std::memcmp(va.data(), vb.data(), va.size()) == 0;
        }
      }
      const float cub_best = std::min(probe_median(t[2]), probe_median(t[3]));
      for (int k = 0; k < 2; ++k)
      {
        const float mine = probe_median(t[k]);
        std::printf("%s,%s,%d,%s,%.2f,%.2f,%.3f,%.2f,%.2f,%s\n", variant.c_str(), w.name, lg, k == 0 ? "int" : "int64", mine,
                    cub_best, mine / cub_best, probe_median(copy), probe_median(empty), same ? "same" : "DIFFERENT");
      }
      std::printf("%s,%s,%d,cub_int_vs_int64,%.2f,%.2f,,,,\n", variant.c_str(), w.name, lg, probe_median(t[2]),
                  probe_median(t[3]));
      if (stamps) // each Onesweep tile's steps, by pass
      {
        static std::vector<unsigned long long> t(size_t{STAMP_PASSES} * STAMP_TILES * STAMP_STEPS);
        std::fill(t.begin(), t.end(), 0ull);
        CHECK_CUDA(cudaMemcpyToSymbol(g_tile_stamp, t.data(), t.size() * 8));
        w.cubling(n, false);
        CHECK_CUDA(cudaDeviceSynchronize());
        CHECK_CUDA(cudaMemcpyFromSymbol(t.data(), g_tile_stamp, t.size() * 8));
        auto at = [&](int pass, int tile, int step) {
          return static_cast<double>(t[(size_t{static_cast<size_t>(pass)} * STAMP_TILES + tile) * STAMP_STEPS + step]);
        };
        const char* names[] = {"rank", "look_back", "keys", "values", "life"};
        for (int pass = 0; pass < STAMP_PASSES; ++pass)
        {
          for (int step = 0; step < static_cast<int>(sizeof names / sizeof names[0]); ++step)
          {
            std::vector<double> us;
            for (int tile = 0; tile < STAMP_TILES; ++tile)
            {
              const int last = at(pass, tile, 4) != 0 ? 4 : 3; // keys alone stamp no values
              if (at(pass, tile, 0) == 0 || at(pass, tile, 3) == 0 || (step == 3 && last == 3))
              {
                continue; // no such tile, or one copied whole (a pass on one digit)
              }
              us.push_back(step < 4 ? (at(pass, tile, step + 1) - at(pass, tile, step)) / 1e3
                                    : (at(pass, tile, last) - at(pass, tile, 0)) / 1e3);
            }
            if (us.empty())
            {
              continue;
            }
            const ProbeSpread x = probe_spread(us);
            std::printf("stamps,%s,%d,%d,%s,%.2f,%.2f,%.2f,%.2f\n", w.name, lg, pass, names[step], x.mean, x.p10,
                        x.p50, x.p90);
          }
        }
      }
      if (phases) // the last block's phases in a cooperative sort, microseconds from its start
      {
        for (int r = 0; r < 3; ++r)
        {
          unsigned long long zero[64] = {};
          CHECK_CUDA(cudaMemcpyToSymbol(g_phase, zero, sizeof(zero)));
          w.cubling(n, false);
          CHECK_CUDA(cudaDeviceSynchronize());
          unsigned long long stamp[64];
          CHECK_CUDA(cudaMemcpyFromSymbol(stamp, g_phase, sizeof(stamp)));
          std::printf("phases,%s,%d", w.name, lg);
          for (int slot = 1; slot < 64; ++slot)
          {
            if (stamp[slot] != 0 && stamp[0] != 0)
            {
              std::printf(",%d:%.2f", slot, (stamp[slot] - stamp[0]) / 1000.0);
            }
          }
          std::printf("\n");
        }
      }
      std::fflush(stdout);
    }
  }
  return 0;
}
