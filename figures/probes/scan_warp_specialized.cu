// scan_warp_specialized.cu: can a scan keep the memory busy while its tiles
// look back? A design probe, not a chapter step.
//
// The library's scan gives each block one tile: load, scan with the
// look-back, store. Chapter 07's independent tile scans, which have no
// look-back, run at the copy's speed; the single pass runs at about 70% of
// it. The scan_pipelined probe tried prefetching with cp.async in a grid of
// blocks that walk the tiles in a fixed order, and found it slower. This one
// changes three things at once:
//   - warp specialization, three roles beside the consumer warps: a
//     *producer* warp keeps the next tiles' loads in flight, each a single
//     bulk copy (cp.async.bulk, the copy engine of sm_90) into a ring of
//     STAGES shared-memory stages, completing on an mbarrier; a *reducer*
//     warp sums each tile as it lands and publishes its aggregate, waiting
//     on nothing outside the block; a *look-back* warp finds each tile's
//     exclusive prefix. The consumer warps scan and store. Loads continue
//     while a tile waits for its prefix;
//   - tiles in the order blocks ask for them: the producer takes each tile
//     id from a global counter, so no block waits on a tile that a slow
//     block has not started;
//   - a layout that needs no transpose: warp w of the consumers owns
//     WARP_ITEMS consecutive items of the tile, and lane l reads the 16-byte
//     vectors l, l + 32, l + 64, ... of them (conflict-free in shared
//     memory), scans each vector, scans the vector totals across the warp,
//     and stores the vectors straight to global memory (512 contiguous bytes
//     a warp instruction).
// The look-back is the library's (TileLookBack), so only the pipeline and the
// layout differ from DeviceScan. The tile states and the tile counter are
// cleared by one memset before each call (the library's init kernel), which
// is timed with the call.
//
// Measured on an H200 (2026-11-26, driver 580.159.04), this probe's time /
// CUB's faster call (int or int64_t count) at 2^20 / 2^24 / 2^28, against
// the library's DeviceScan in the same runs at 0.77-0.83 / 1.01-1.03 /
// 1.05-1.07:
//   - first try, no reducer or look-back warp: the consumers reduced, looked
//     back and scanned each tile in ring order. 8 warps x 32 items, 3 stages:
//     0.88 / 1.26 / 1.74; 2 stages 0.95 / 1.11 / 1.61; 16-KiB tiles, 6
//     stages 0.98 / 1.96 / 2.89. The deeper the ring, the slower: a tile's
//     aggregate waited behind the look-backs of the tiles queued before it
//     in its block, so every tile after it waited too;
//   - second try, one look-back warp that reduced each tile as it landed,
//     then looked back: 3 stages 0.92 / 1.21 / 1.49; 2 stages 0.96 / 1.07 /
//     1.40; 64-KiB tiles, 3 stages 1.03 / 1.22 / 1.36; 6 stages of 16 KiB
//     0.99 / 1.86 / 2.48. Same cause: the aggregate still waited for the
//     look-backs queued before it in the same warp;
//   - third try (this file): the reducer publishes aggregates as tiles land,
//     so that no tile's aggregate waits on a look-back. Measured twice, on
//     an H100 (80GB HBM3, driver 580.159.04; the lease gave no H200 for
//     this run), against the library's DeviceScan at 0.77-0.83 / 0.98-1.01
//     / 1.04-1.05 in the same runs: 16-KiB tiles (8 warps x 16 items), 6
//     stages, 2 blocks an SM: 0.92-0.94 / 0.87-0.90 / 0.85 (0.86 at
//     2^26), at 95-96% of the copy at 2^28; 4 stages, 3 blocks an SM: 0.87
//     / 0.88-0.91 / 0.88; 32-KiB tiles, 3 stages: 0.83 / 0.91 / 0.88; 2
//     stages: 0.94 / 1.00 / 0.98; 64-KiB tiles, 3 stages: 1.00 / 0.92 /
//     0.89. A deeper ring now helps, as it should. Every result matched
//     CUB's bit for bit.
//
// What it says: the single pass was held back by the memory idling while
// tiles waited for their prefixes. Once the loads run ahead on their own
// and aggregates are published the moment a tile lands, the scan moves
// memory within a few percent of the copy's speed (CUB: 82% of it at 2^28
// on that card). Small inputs (2^20) are slower than the library's
// cooperative path: keep that path below a few tiles a block.
//
// A first integration into the library (commit 9ba5e68, reverted in the
// next commit) passed the scan tests but took 1.43-1.50x CUB at 2^24 to
// 2^28 on an H100, 1.64-1.68x this kernel's time. The variant
// library_agent_6stages_16KiB launches the library's kernel the way this
// probe launches its own (a memset, then a plain launch), and it was just
// as slow: the agent, not the dispatch. A closer look on 2026-11-27 (H100):
//   - the tile counter's place (after the tile states, as the library has
//     it: the variant ..._counter_at_end) changed nothing;
//   - Nsight Compute counted 3x this kernel's instructions and 14x its
//     branches, with an average of 20 active threads a warp: the compiler
//     had turned the consumers' `lane > 0 ? left : identity` into two
//     copies of the whole unrolled row scan, one for lane 0 and one for the
//     other lanes, each shuffling in divergent mode. A select the compiler
//     cannot branch on (selp in inline PTX, detail::select_branch_free)
//     brought the library to this kernel's time: 0.85x CUB at 2^28, 0.86x
//     at 2^24 and 2^26, in the same runs as this kernel;
//   - compute-sanitizer racecheck then reported the other lanes' reads of
//     a stage against the next bulk copy into it: an mbarrier arrive orders
//     only its own thread's accesses, and one lane arrived for its warp.
//     In the library every reading thread arrives on `empty` (count
//     (WARPS + 2) x 32); racecheck over the scan safety test is then clean,
//     and the time is the same (0.85x CUB at 2^28). This
//     probe keeps one arrival a warp: it is the measured design, not the
//     library's.
//
// On an H200 (2026-11-27, driver 580.159.04), the library's agent in other
// shapes (consumer warps x rows of 32 vectors, stages; the variants
// library_agent_*), time / the copy's at 2^28, with the shipped <8, 4, 6>
// (2 blocks an SM) at 0.89 of the copy and 0.83x CUB's faster call:
// <8, 4, 4> (3 blocks) 0.87; <8, 4, 3> 0.81; <8, 2, 8> 0.80; <8, 8, 3>
// 0.86; <16, 2, 6> 0.89; <4, 4, 6> (4 blocks) 0.82; <8, 4, 13> (1 block)
// 0.87. None beat <8, 4, 6>. Loads marked evict-first in L2 and streaming
// stores (st.global.cs), tried in the same way, were slower: 0.86 of the
// copy. The H100's 95% of the copy is 89% on the H200, whose memory is
// faster while its L2 and look-back latencies are not.
//
// Whether what is left is the look-back's coupling or the loads' shape:
// the variant _no_look_back takes every prefix as 0 (a wrong sum, so its
// check fails by design: timed only); _2_loads and _4_loads split each
// tile's bulk copy in two or four, more requests in flight on the copy
// engine. Run on 2026-11-27 on an H100 (80GB HBM3, driver 580.159.04; the
// lease gave no H200), 21 reps, as fractions of the copy at 2^28 / 2^26:
// <8, 4, 6> 0.956 / 0.927; _2_loads 0.955 / 0.927; _4_loads 0.955 / 0.928;
// _no_look_back 0.989 / 0.973. Splitting the loads changes nothing; the
// look-back's coupling costs 3-5% of the copy's speed. On that card the
// copy itself takes 0.82x CUB's time at 2^28 (CUB moves memory at 82% of
// the copy's speed), so a ratio of 0.80 there is below the copy: the
// target can only be judged on the H200, where CUB is at 74%. Even a scan
// with no look-back at all would reach 0.99 of the copy, 0.83x CUB, on
// the H100.
//
// The same two variants on an H200 (2026-11-27, driver 580.159.04; one run,
// 21 reps, the library's agent at 0.887 of the copy and 0.83x CUB at 2^28):
// _no_look_back 0.971 of the copy at 2^28 (0.76x CUB). There the look-back's
// coupling costs 8% of the copy, and a scan without it would meet the
// target; a scan with it, as built, is at 0.83. Tried against that
// coupling, and not kept (each built into the library's agent for the
// run, then taken out; variants library_agent_* of those runs):
//   - the rows written back to the stage and stored by the copy engine, one
//     bulk copy a warp (variant _bulk_store): on the H200 0.884 of the copy
//     at 2^28, level with the stores from registers (0.888);
//   - two and three look-back warps taking the tiles in turn, so that one
//     slow look-back holds up no other (H100, 2^28 / 2^26, fractions of the
//     copy against 0.954 / 0.937 for one warp in the same run): two 0.917 /
//     0.897, three 0.886 / 0.876; with 4 or 8 stages, two: 0.89 / 0.87;
//   - a look-back reading 2 or 4 windows of 32 tiles at once (fewer round
//     trips when the nearest prefix is far): (H100, 2^28 / 2^26 / 2^24,
//     against 0.954 / 0.931 / 0.876 for one) two 0.944 / 0.920 / 0.864,
//     four 0.931 / 0.910 / 0.830;
//   - a back-off between reads of a window not ready (MAX_SPIN_NS 64, 256,
//     1024 ns): within 1% of none at every size, two runs (H100).
// Each change that put more reads on the tile states made the scan slower,
// and none that made the look-back shorter made it faster: what is left is
// the wait of a tile for the aggregates of the tiles just before it, whose
// loads are still landing, not the look-back's own reads.
//
// Measured and not kept (H200, driver 580.159.04, 2026-11-27, 21 reps):
// variants _early_release. A stage is held from its load's start until the
// consumers give it back, which they did only after the tile's prefix had
// come, so the ring held each tile for its load's latency *and* its wait
// for the prefix. In these variants the consumers give the stage back as
// soon as their rows are in registers, then wait for the prefix; the
// prefix's slot gets a barrier of its own (prefix_free), so the look-back
// warp of a later round cannot overwrite it before every consumer warp has
// read it. Fraction of the copy at 2^28 / 2^26 / 2^24: 6 stages 0.894 /
// 0.860 / 0.759 against 0.893 / 0.862 / 0.776 without; 4 stages 0.876 /
// 0.847 / 0.772; 3 stages of 32 KiB 0.872 / 0.839 / 0.782; no look-back
// 0.971 / 0.938 / 0.875. The stages were not what held the loads back.
//
// Measured and not kept (H200, driver 580.159.04, 2026-11-28, 21 reps, one
// run): consumer groups (variants _2_groups, _4_groups). Every consumer
// warp works on every tile, so a block's consumers scan one tile at a time
// and wait for each tile's prefix in turn; the early release above freed
// the stage during that wait and
// gained nothing, which fits the consumers, not the ring, being what is
// held. Here the consumer warps split into groups that take the rounds in
// turn, each group a whole tile, so one group's wait for its prefix
// overlaps another group's scan and stores: <8, 8, 6> in 2 groups is 4
// warps of 8 vectors a lane, the same 16-KiB tile and ring as the library's
// <8, 4, 6> (60 registers, 2 blocks an SM); also with the early release, 8-KiB
// tiles (<8, 4, 6> in 2 groups, <8, 8, 8> in 4) and 2 groups without the
// look-back (their limit). The producer ends every group's loop: on the last
// tile id it marks the end in as many rounds as there are groups.
// Time / CUB's faster call at 2^28 / 2^26 (fraction of the copy at 2^28), the
// shipped <8, 4, 6> 0.831 / 0.842 (0.893), the library's agent in the same
// run 0.831 / 0.835: <8, 8, 6> in 2 groups 0.831 / 0.836 (0.891); the same
// with the early release 0.828 / 0.841 (0.894); <8, 4, 6> in 2 groups of
// 8-KiB tiles (4 blocks an SM) 0.903 / 0.919; <8, 8, 8> in 4 groups 1.028 /
// 1.034; 2 groups without the look-back 0.765 / 0.771 (0.970; the plain
// shape without it 0.766, 0.969). A tie: the consumers are not short of
// work to overlap with a tile's wait; what is left is the look-back's chain.
//
// Nsight Compute on the H200 (2026-11-28, --clock-control none, the first
// launch at 2^28 of the shipped <8, 4, 6>, then of _no_look_back): the two
// move the same DRAM bytes (1.07 GB read, 1.05 GB written) in 563.7 us
// against 516.1 us; DRAM throughput 78% against 85% of peak; L2 read
// sectors from the SMs 34.6 M against 33.55 M (the tile states' reads, 3%
// more), writes 33.69 M against 33.62 M; L2 hit rate 51% in both; warps
// stalled on L1TEX scoreboards 15.6 cycles an instruction against 9.3.
// So the look-back adds almost no traffic: the memory idles while the
// look-back warps wait on L2 round trips for the tile states. Fewer round
// trips in the chain (a cluster's tiles summed on chip, one look-back for
// them all) is the next design; reading more tile states at once was slower
// (above).
//
// Measured (H200, driver 580.159.04, 2026-11-28, 21 reps, two runs of each
// size in one call), not yet in the library: the free ring (FREE_RING, with
// the early release). Until then the look-back warp arrived on every
// stage's `empty` barrier, so a stage could not be loaded again before its
// tile's look-back was done, early release or not. Here the reducer hands
// each tile's id and aggregate to the look-back warp through a queue of 4 x
// STAGES rounds, the prefix comes back through it, and a stage is free once
// the reducer and the consumers have read it. Time / CUB's faster call at
// 2^28 / 2^26 / 2^24, the two runs, with the library's DeviceScan in the
// same runs at 0.828-0.835 / 0.826-0.841 / 0.879-0.922:
//   - the shipped <8, 4, 6>: 0.829, 0.832 / 0.840, 0.841 / 0.889, 0.897
//     (0.894 of the copy at 2^28);
//   - <8, 4, 6> early release: 0.831, 0.824 / 0.842, 0.847 / 0.910, 0.914;
//   - <8, 4, 6> free ring: 0.825, 0.827 / 0.845, 0.840 / 0.922, 0.915;
//   - <8, 8, 6> in 2 groups, early release: 0.826, 0.827 / 0.842, 0.836 /
//     0.914, 0.916;
//   - <8, 8, 6> in 2 groups, free ring: 0.818, 0.819 / 0.830, 0.841 /
//     0.890, 0.912 (0.907 of the copy at 2^28);
//   - <8, 4, 4> free ring (3 blocks an SM): 0.827, 0.829 / 0.835, 0.831 /
//     0.890, 0.891.
// The free ring in 2 groups is the first change to gain at 2^28 (about 1.4%,
// both runs), and the only one; it is not enough for 0.80.
//
// Measured on 2026-11-28 (H200, driver 580.159.04, 21 reps; three calls,
// each with two or three runs of every size, the variants taking turns):
//   - <8, 8, 4> in 2 groups with the free ring (3 blocks an SM by registers,
//     2 by shared memory): 0.833, 0.832 / 0.839, 0.840 / 0.909, 0.920, against
//     <8, 8, 6> in 2 groups with it at 0.813, 0.812 / 0.826, 0.823 / 0.906,
//     0.910 and the shipped <8, 4, 6> at 0.827, 0.828 / 0.838, 0.836 / 0.909,
//     0.891 in the same run: no gain;
//   - more groups of 4 warps, the same 16-KiB tile: <12, 8, 6> in 3 groups
//     (2 blocks an SM) 0.818, 0.819 / 0.840, 0.839 / 0.912, 0.907 against
//     0.818, 0.817 / 0.841, 0.837 / 0.905, 0.914 for 2 groups: a tie;
//     deeper rings at one block an SM are slower: <16, 8, 8> in 4 groups
//     0.884, 0.888; <16, 8, 12> in 4 groups 0.921, 0.926; <12, 8, 12> in 3
//     0.902, 0.906; <8, 8, 12> in 2 0.896, 0.899 (at 2^28);
//   - variants _reread (REREAD): the consumers read their tile again from
//     global memory once the queue names it, so a stage is free as soon as
//     the reducer has summed it, and the loads and aggregates run ahead of
//     the consumers by the queue's depth (q4 to q12 rounds), not the
//     ring's. All far slower: 1.08-1.13 at 2^28 and 2^26 (0.63-0.67 of the
//     copy, about what a scan that reads its input twice from DRAM reaches),
//     1.04-1.26 at 2^24; with the second read marked evict-first (_cs) the
//     same. The second read does not come from L2 fast enough to help, and
//     the ring in shared memory is what keeps the consumers fed.
// The library took <8, 8, 6> in 2 groups with the free ring
// (AgentScanStreamingPolicy<8, 8, 6, 2>; the agent has the queue, with every
// thread arriving on `empty`, `answered` and `dequeued`, for racecheck, and
// the consumers give the stage back as soon as their rows are in
// registers, before they scan them). In one call, three runs, the
// library's DeviceScan / CUB's faster call at 2^28 / 2^26 / 2^24: 0.817,
// 0.819, 0.819 / 0.822, 0.821, 0.831 / 0.867, 0.868, 0.868, with the
// probe's <8, 8, 6> in 2 groups at 0.815-0.819 and its shipped <8, 4, 6>
// (the library's former shape) at 0.826-0.828 / 0.835-0.840 / 0.887-0.905.
// A first port, with the consumers giving the stage back only after their
// rows' scan, took 0.822-0.829 at 2^28. The probe's LibraryAgent variants
// now run the new agent in one group.
//
// Measured and not kept (H200, driver 580.159.04, 2026-11-27, 21 reps, one
// run): runs of consecutive tiles a block. The producer took RUN tiles from
// the counter at once, and a tile whose predecessor was the block's own took
// that tile's inclusive prefix, with no look-back (built into the library's
// agent as a policy parameter for the run, then taken out: commit 11bf8c4
// and its revert). Time / CUB's faster call at 2^28 / 2^26 / 2^24, the
// shipped <8, 4, 6> at 0.829 / 0.844 / 0.892 in the same run: RUN 2 0.845 /
// 0.868 / 0.915; RUN 4 1.160 / 1.097 / 1.115; RUN 4 with 8 stages 0.951 /
// 0.970 / 1.031, with 4 stages 0.931 / 0.959 / 1.060; RUN 8 34.6 / 33.0 /
// 28.8. Every longer run was slower. The first tile of a run waits for the
// last tile of the run before it, which another block loads RUN - 1 stages
// after that run's first: so the wait grows with the run. With a run longer
// than the ring, that last tile cannot even start loading before its
// block's first tile has its prefix, which waits on the run before, and so
// on: the blocks take turns, one after another.
//
// Measured and not kept (H100, driver 580.159.04, 2026-11-27, 21 reps, two
// rounds): the look-back started as soon as the producer has the tile's
// number, waiting for the tile's own aggregate only to publish its prefix
// (branch next/scan-early-look-back: the agent's EARLY_LOOK_BACK, PTX the
// same but for 8 bytes of shared memory). Time / CUB's faster call at 2^28 /
// 2^26 / 2^24, round 1 then 2: the shipped <8, 4, 6> 0.854 / 0.852 / 0.872,
// 0.856 / 0.863 / 0.852; the same early 0.856 / 0.857 / 0.858, 0.854 / 0.862
// / 0.872; <8, 4, 8> early 0.886 / 0.892 / 0.910; <8, 4, 4> early 0.881 /
// 0.883 / 0.892. A tie at best: the look-back warp already waits on the
// tiles before, not on its own tile's loads. On that H100 the shipped scan
// moved memory at 0.955 of the copy's speed at 2^28.
//
// What the library took from it (agent/agent_scan_streaming.cuh): partial
// last tiles (read from global memory), item types of 4 and 8 bytes and sums
// of them (the reducer regroups, in a fixed order), 16-byte-aligned pointers
// (other calls keep AgentScan), the tile counter reset by the init kernel
// with the tile states, and the safety cases of chapter 08 (garbage,
// leftovers, graph replay), which its tests run.
//
// The variants _timeline (TIMELINE) stamp each tile's life with
// %globaltimer: its number taken, its bytes landed, its aggregate published,
// its look-back started (the look-back warp takes it from its queue), its
// prefix found, its rows stored; after their timed runs the probe prints
// the mean and the 10th, 50th and 90th percentiles of each step over the
// tiles, and how much later than a tile's own aggregate the one before it
// was published (behind). Run: ws 11 _timeline 28 (the lines go to stderr).
//
// H200, 2026-11-28 (a later session; 21 reps, two rounds, time / CUB's
// faster call; ws = the variant, lib = the shipped DeviceScan in the same run):
//   - Timeline of the library's shape, <8, 8, 6>, 2 groups, free ring, 2^28
//     (means; p10-p90): load 3.1 us (2.1-4.4), reduce 0.56, queued for the
//     look-back warp 10.2 (7.4-13.3), look-back 2.0 (0.8-3.6), scan and
//     store 0.15, life 16.1; behind 0.0 (-1.5 to +1.5). The look-back warp
//     is busy 2.0 us of every 2.26 us in which its block finishes a tile:
//     each tile waits for the look-backs of its block's tiles before it.
//   - What the look-back costs: the same shape with no look-back (every
//     prefix 0, a wrong sum), _no_look_back_early_release_2_groups: 522 us
//     at 2^28 (0.766 of CUB, 0.969 of the copy) where the free ring takes
//     560 (0.822, 0.904). The target, 0.80, is 546 us: the look-back may
//     cost 24 us of the 38 it costs now.
//   - Tried to make the look-back cheaper, all slower or no better, and
//     taken out of the library again:
//       * windows of 2 and 4 rows of 32 tiles a read (each lane reading 2 or
//         4 tiles, one round trip for 64 or 128 tiles): 2^28 0.827 / 0.835
//         against 0.822 (probe), 0.831 / 0.845 (library's agent);
//       * back-off between two reads of a window that is not ready, 8 ns
//         doubling to 64, 256 or 1024 ns: 0.817-0.822, a tie;
//       * two and three look-back warps a block, taking the tiles in turn:
//         0.853 and 0.879 (the more look-backs at once, the slower);
//       * the look-back stopping at the block's previous tile, whose
//         inclusive prefix its warp already has, so that no tile waits for
//         another block's look-back: 0.820 with 1 row a read (a tie), 0.844
//         and 0.866 with 4 and 9 rows a read (each read covering the ~264
//         tiles since the block's previous one).
//     The more status words a look-back reads, the slower the whole scan:
//     what costs is not the length of the walk but the look-back's reads in
//     L2 while the memory streams.
//   - Larger tiles, so fewer look-backs: <8, 16, 3> (32 KiB tiles) 0.820-
//     0.828 at 2^28 and 0.854-0.866 at 2^24 (against 0.907-0.912), but at
//     one block an SM (registers); the library's agent with 20 KiB x 5 and
//     24 KiB x 4 stages: 0.862 and 0.860 at 2^28, also at one block an SM.
//   - Fewer look-backs at two blocks an SM, without more registers (H200,
//     2026-11-28, a later session, 21 reps, two rounds; the probe built
//     from main and from the branch next/scan-pairs, taking turns in one
//     call): a producer that claims consecutive tiles at once, with one
//     look-back (one status word) for the claim, each later tile's prefix
//     being the one before's plus that tile's aggregate, which the reducer
//     has. The variants _pairs (PAIRS, claims of 2), time / CUB's faster
//     call at 2^28 / 2^26 / 2^24: <8, 8, 6> in 2 groups, free ring, 0.836,
//     0.833 / 0.843, 0.839 / 0.894, 0.899 against the same without pairs
//     0.817, 0.822 / 0.843, 0.834 / 0.908, 0.904; at 2^28, one group of 8
//     warps x 16 items 0.888, 0.883, and 2 groups with 4 stages 0.868,
//     0.874. The library's agent
//     with CLAIM_TILES (the branch; one mechanism for every claim size):
//     claims of 1 0.823, 0.823 / 0.845, 0.844 / 0.898, 0.886 (main's agent
//     in the same call: 0.822, 0.824 / 0.845, 0.833 / 0.893, 0.892), claims
//     of 2 0.839, 0.838 / 0.860, 0.852 / 0.916, 0.906, claims of 3 0.974,
//     0.960 / 0.965, 0.943 / 0.967, 0.950. Half the look-backs, and slower:
//     a claim's status word is published only when its last tile has been
//     loaded and summed, so every tile after it waits that much longer, and
//     the ring holds fewer claims (6 stages: two claims of 3). Not merged;
//     the branch keeps the code.
//   - Where a look-back's time goes (same session; -DP_LOOK_BACK_COUNTS=1,
//     the _timeline variants, the reads counted in shared memory, one run
//     alone): at 2^28 a look-back read 1.79 windows (p50 1, p90 4; 0.77
//     passed with aggregates only; a window not ready almost never), 61% of
//     them one window, and those took 1.65 us (p10 0.77, p50 1.28): one read
//     of the status words, under the copy's load, is most of a microsecond,
//     where the whole look-back takes 2.06. At 2^24: 2.31 windows, one-read
//     look-backs 1.36 us. How much a round trip costs here showed by
//     accident: the first version of the counts incremented counters in
//     global memory in the look-back's loop (a load and a store to L2 for
//     each window), and the scan went from 0.82 to 0.98 of CUB at 2^28.
//     The run's tail: from the last tile taken to the last stored, 11.4-
//     11.9 us at 2^28 and 11.0-12.5 at 2^24, where the first tile is stored
//     2-3 us after the kernel's start.
//   - Not kept (same session, two or three rounds, time / CUB's faster call
//     at 2^28 / 2^26 / 2^24, the library's shape in the same runs first):
//     * at most 1, 2 or 3 loads in flight a block (IN_FLIGHT), so that the
//       memory's queues, and the status words' round trips behind them,
//       might be shorter: 0.816, 0.817 / 0.834, 0.839 / 0.894, 0.904
//       against 0.863, 0.864 / 0.867, 0.879 / 0.914, 0.922 (1), 0.823,
//       0.821 / 0.839, 0.835 / 0.898, 0.904 (2), 0.816, 0.819 / 0.833,
//       0.831 / 0.902, 0.896 (3). With 1, the loads took longer, the queue
//       for the look-back shorter (5.2 us against 10.4), the walks longer
//       (2.39 windows), and a one-read look-back no shorter (p50 1.28 us):
//       the round trip does not wait behind this block's loads;
//     * the reducer as a second look-back warp once the last tile is
//       queued (DRAIN), to shorten the tail: 0.815, 0.812, 0.812 / 0.831,
//       0.829, 0.837 / 0.900, 0.899, 0.880 against 0.817, 0.816, 0.817 /
//       0.836, 0.833, 0.835 / 0.906, 0.902, 0.901; the tail stayed 12.7 us
//       (2^28) and 11.6 (2^24). The tail is not one warp's queue but the
//       chain: the last tiles wait for the prefixes of the tiles before
//       them, which in the steady state run about as far behind the loads.
//   Next: the cluster look-back (sm_90): the blocks of a thread-block
//   cluster load consecutive tiles at once on different SMs, add their
//   aggregates through distributed shared memory, and make one look-back
//   for the cluster's tiles, so that a claim's tiles land together instead
//   of one after another in one block's ring. Each of the designs above
//   that added a round trip to L2 to a look-back, or a read to a window,
//   lost; one that takes round trips away from the chain, not from a warp,
//   is what is left.
//
// Measured and not kept (a later session, H200, driver 580.159.04, 21 reps,
// two rounds a call, time / CUB's faster call; lib = the shipped DeviceScan
// in the same runs): the chain warp (branch next/scan-chain, its agent's
// CHAIN_WINDOWS, the variants library_agent_*_chain_N_windows). The timeline
// above has the look-back warp busy 2.0 us of every 2.26 us and tiles queued
// for it 10 us, and 39% of look-backs read more than one window. So one more
// warp, in block 0 alone, ran the chained scan of the aggregates just behind
// the tiles that had landed: it read N windows of 32 status words at once
// and, up to the first tile not ready, published each tile's inclusive
// prefix over its aggregate (the same bits the tile's own look-back
// publishes), so that a look-back would find a prefix in the tile just before
// its own and end after one read. Integer sums only. What happened:
//   - a chain that walks to the last tile holds block 0, and so the kernel,
//     until it is done: 2^28, 2 / 4 / 8 / 16 windows, 1.59-1.61 / 1.23 /
//     1.03-1.04 / 0.91 (lib 0.816-0.823). It now stops once its block's
//     producer has taken the last tile;
//   - how far it got by then (CUBLING_SCAN_CHAIN_END), 2^28, 65536 tiles: its
//     ballots first placed between its loads, 4 / 8 windows 12032 / 18944
//     tiles (6-7.5 us a round); the loads all issued first, 4 / 6 / 8 windows
//     25558-26375 / 36349-36692 / 43267-45917 (about 3 us a round); held to
//     two blocks an SM (a kernel of the probe's with __launch_bounds__(384,
//     2)), 12 / 16 / 24 windows spilled 72 / 244 / 580 bytes and took 7.7 /
//     16 / 56 us a round; the next round's loads issued before this round's
//     stores, 8 / 12 / 16 windows 32512-35584 / 30690-31066 / 30050-32521
//     tiles at 4.1 / 6.9 / 8.9 us a round. A window costs the one warp about
//     half a microsecond, where the tiles land at about 117 a microsecond;
//   - the scan, 2^28 / 2^26 / 2^24: 4, 6, 8 windows 0.815-0.823 / 0.821-0.843
//     / 0.860-0.919 against lib 0.812-0.821 / 0.805-0.823 / 0.832-0.869; the
//     last version, 8 / 12 / 16 windows, 0.817-0.821 / 0.818-0.820 /
//     0.816 at 2^28 against lib 0.814-0.817, and 16 windows 0.837-0.846 at
//     2^24 against 0.855-0.862;
//   - a later call: only a status and a value kept live a window (no spills
//     up to 20 windows at two blocks an SM), 8 / 12 / 16 windows reached
//     27648-28416 / 38400-38463 / 38619-39681 tiles at 5.1 / 5.6 / 7.2 us a
//     round; 2^28 0.815-0.816 / 0.817 / 0.815-0.817 against lib 0.814-0.817;
//   - block 0 running the chain alone (no tiles of its own, so its SM moves
//     half the bytes), stopping once the tile counter passed the last tile:
//     slower rounds, 7.5-8 / 10.5 / 14.5 us, 17920-20736 tiles; 2^28
//     0.815-0.818 against lib 0.813-0.817. Reading the tile counter, which
//     every producer increments, each round made the round longer, not the
//     SM's traffic.
//   A round costs the chain several microseconds, growing with its windows,
//   and neither fewer bytes through its SM nor its loads issued before its
//   stores shortened it: what it reads and writes are the status words at
//   the front, the ones every reducer is writing and every look-back reading
//   at that moment. A tie in every form, the chain always behind; whether one
//   that keeps up would shorten the look-backs is still open. Next for it:
//   ncu's source view of the chain warp, to see which of its instructions
//   wait and on what.
//
// Spread tile states (same session, H200, driver
// 580.159.04, 21 reps; builds with -DCUBLING_SCAN_TILE_STRIDE=N taking turns
// in one call, N words from one tile's status word to the next, so 16 / N
// tiles share a 128-byte line of L2 instead of 16; lib = the library's
// DeviceScan built with the same N, agent = library_agent_8w_x8_rows_6stages_2_groups):
// what the chain warp showed, that the words at the front are slow to reach,
// holds for every look-back, which reads the 32 words just before its tile.
// Time / CUB's faster call at 2^28 / 2^26 / 2^24:
//   - first call, two rounds: N = 1 lib 0.819, 0.819 / 0.831, 0.826 / 0.868,
//     0.862 (agent 0.822, 0.819 at 2^28); N = 4 lib 0.811, 0.808 / 0.818,
//     0.814 / 0.854, 0.868 (agent 0.809, 0.805); N = 16 lib 0.851, 0.850 /
//     0.855, 0.855 / 0.889, 0.900;
//   - second call, one round: N = 1 lib 0.822 / 0.830 / 0.846; N = 2 0.808 /
//     0.817 / 0.862; N = 4 0.810 / 0.820 / 0.866; N = 8 0.823 / 0.835 / 0.877.
//     At 2^28 lib took 559.7 us with N = 1, 552.6 with N = 2, 553.4 with N = 4.
// Two or four words a tile gain about 1.4% at 2^28 and 2^26, with more
// storage (2 or 4 times the states: 1 or 2 MiB at 2^28); farther apart, a
// look-back's window spans more lines and the gain is gone. Still short of
// 0.80 with the library's tile of that day.
//
// Spread states and larger tiles, together (next session, 2026-11-28, H200,
// driver 580.159.04, 21 reps; builds with N = 1, 2, 4 in one call and 2, 4, 8
// in the next, two rounds each, the builds taking turns; the variants
// library_agent_<W>w_x<R>_rows_<S>stages_<G>_groups, a tile of W / G warps x
// R rows of 512 bytes; with tiles of 20 KiB or more, one block an SM).
// The agent's time / CUB's faster call, at 2^28:
//   - first call:
//       8 x 8, 6 stages (16 KiB, 2 blocks an SM): N = 1 0.822, 0.823;
//         N = 2 0.809, 0.807; N = 4 0.807, 0.809;
//       8 x 14, 4 stages (28 KiB, 1 block): N = 1 0.846, 0.842;
//         N = 2 0.811, 0.809; N = 4 0.802, 0.800;
//       8 x 16, 3 stages (32 KiB): N = 1 0.870, 0.863; N = 2 0.832, 0.833;
//         N = 4 0.801, 0.805;
//       8 x 10, 5 and 8 x 12, 4: 0.82-0.86 at every N; 8 x 8, 7 stages
//         (one block): 0.88-0.92;
//   - second call (N = 2 / 4 / 8, two rounds each):
//       8 x 16, 6 stages (32 KiB tiles, a 192-KiB ring): 0.786, 0.787 /
//         0.781, 0.778 / 0.784, 0.778; at 2^26 0.795, 0.799 / 0.779,
//         0.786 / 0.784, 0.786; at 2^24 0.822, 0.829 / 0.807, 0.794 /
//         0.816, 0.802;
//       8 x 20, 4 stages (40 KiB): 0.796, 0.798 / 0.783, 0.780 / 0.777,
//         0.776; at 2^24 0.846, 0.846 / 0.829, 0.833 / 0.816, 0.819;
//       8 x 16, 4 stages: 0.805, 0.805 / 0.789, 0.790 / 0.786, 0.783;
//       12 consumer warps in 3 groups, x 16, 4 stages: 0.795, 0.799 /
//         0.782, 0.783 / 0.782, 0.787;
//       8 x 14, 6 stages: 0.79-0.80 at every N; 8 x 12, 6 stages: 0.81-0.82;
//       16 consumer warps in 4 groups of 16-KiB tiles, 8 stages: 0.89-0.94.
// Dense, the larger tiles at one block an SM lost to the 16-KiB tiles at
// two, as the earlier sweep found; with the states spread, they won, by
// more than the spreading gained the 16-KiB tiles. Twice the bytes a tile
// means half as many look-backs and status words in the whole scan (each
// block still takes as many tiles, with half as many blocks); that pays
// once a status word is quick to reach. The library takes 8 x 16 with 6 stages and N = 4: the
// fastest or level with the fastest at 2^24, 2^26 and 2^28, with half the
// states of N = 8 (the temporary storage at 2^28 grows from 1.3 to 5.3 MiB,
// since the states are counted for the smallest tile of the policy chain).
// Its tests, the README's commands and the sanitizer over the scan tests
// then ran clean on the H200, and chapter 08's figure (figures/data/
// ch08_device_scan.csv, step 7) has the library's times against CUB's.
//
// Limits of the probe: int32 inclusive sum; sizes that are whole tiles.
//
// Build (one line): nvcc -O3 -std=c++17 -arch=sm_90 -Ilib/include -Itests
//          figures/probes/scan_warp_specialized.cu -o ws
// Arguments: [reps [variants [log2n]]] (variants: run only the variants whose name contains one of
//            these comma-separated parts, or, for a part that ends in '$', is that part;
//            log2n: only that size, one of 20, 24, 26, 28)
// Output: CSV, variant,log2n,ws_us,lib_us,cub_us,cub_count,copy_us,empty_us,ws_over_cub,lib_over_cub,ws_of_copy,check
#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

// -DP_LOOK_BACK_COUNTS=1: every look-back of the library's TileLookBack
// counts the windows it reads on the way back, and how many of them were not
// ready (CUBLING_SCAN_LOOK_BACK_READ), in shared memory; the _timeline
// variants store each tile's counts once its look-back is done, and print
// them after their run alone. The counts must not touch global memory on
// the way: a first version that incremented global counters in the loop
// (a load and a store to L2 a window) took the whole scan from 0.82 to 0.98
// of CUB at 2^28, the shipped DeviceScan's ("lib") included. Off by default.
#ifndef P_LOOK_BACK_COUNTS
#define P_LOOK_BACK_COUNTS 0
#endif
constexpr int COUNTED_TILES = 1 << 16;
__device__ unsigned int g_look_back_reads[COUNTED_TILES], g_look_back_waits[COUNTED_TILES];
#if P_LOOK_BACK_COUNTS
__shared__ unsigned int s_look_back_reads, s_look_back_waits; // the block's look-back warp's, this look-back
#define CUBLING_SCAN_LOOK_BACK_READ(tile, ready, nearest)                                                              \
  do                                                                                                                   \
  {                                                                                                                    \
    if (threadIdx.x % 32 == 0)                                                                                         \
    {                                                                                                                  \
      ++s_look_back_reads;                                                                                             \
      s_look_back_waits += (ready) ? 0u : 1u;                                                                          \
    }                                                                                                                  \
  } while (0)
#endif

#include <cub/device/device_scan.cuh>
#include <cubling/device/device_scan.cuh>
#include <cubling/util/async_copy.cuh>
#include "check.h"
#include "probe_timer.h"

using cubling::detail::ScanTileState;
using cubling::detail::TileLookBack;

// ---- sm_90 primitives: the library's mbarriers and bulk copy (util/async_copy.cuh) ------------
using cubling::detail::barrier_arrive;
using cubling::detail::barrier_arrive_expect_bytes;
using cubling::detail::barrier_init;
using cubling::detail::barrier_init_fence;
using cubling::detail::barrier_wait;
using cubling::detail::bulk_load;
using cubling::detail::group_barrier_sync;

// ---- a tile's life, stamped (TIMELINE) ----------------------------------------------------
//! The moments of a tile's life that a TIMELINE variant stamps, in order.
enum Stamp
{
  TAKEN,     // the producer has the tile's number and starts its load
  LANDED,    // the reducer sees its bytes
  PUBLISHED, // the reducer has published its aggregate
  STARTED,   // the look-back warp starts its look-back
  PREFIXED,  // the look-back warp has its exclusive prefix
  STORED,    // the first consumer warp of its group has stored its rows
  STAMPS
};
template <typename S>
__device__ __forceinline__ void stamp(unsigned long long* stamps, long long tile, Stamp what)
{
  if constexpr (S::TIMELINE)
  {
    stamps[tile * STAMPS + what] = probe_global_ns();
  }
}

// ---- the kernel ---------------------------------------------------------------------------
template <int WARPS_, int VECS_, int STAGES_, bool COUNTER_AT_END_ = false, int LOADS_ = 1, bool LOOK_BACK_ = true,
          bool BULK_STORE_ = false, bool EARLY_RELEASE_ = false, int GROUPS_ = 1, bool FREE_RING_ = false,
          int REREAD_ = 0, int QUEUE_ = 0, bool TIMELINE_ = false, int SPIN_NS_ = 0, bool PAIRS_ = false,
          int IN_FLIGHT_ = 0, bool DRAIN_ = false>
struct Shape
{
  // true (with FREE_RING): the reducer becomes a second look-back warp once
  // it has queued the last tile. After the last tile is taken, a block still
  // holds up to STAGES + GROUPS tiles, each waiting its turn in the one
  // look-back warp's queue: the run's tail, when the loads are over and the
  // memory idles. The look-back warps then draw the queue's rounds from a
  // counter in shared memory (one warp alone draws them in order, as before)
  static constexpr bool DRAIN = DRAIN_;
  // > 0: the producer starts a tile's load only once the load IN_FLIGHT
  // rounds before has landed, so that a block has at most IN_FLIGHT loads
  // in flight, however many stages are free (0: no cap). Fewer bytes in
  // flight in the memory system, for the same bandwidth, should mean
  // shorter queues in it, and so shorter round trips for the look-back's
  // reads of the status words, which wait in the same queues
  static constexpr int IN_FLIGHT = IN_FLIGHT_;
  // true (with FREE_RING): the producer claims two consecutive tiles at
  // once, and the pair has one status word and one look-back: half the
  // look-backs and half the status words read, at the same tile, ring and
  // registers. The reducer publishes the pair's aggregate once both tiles
  // are summed; the pair's second tile's prefix is the first's plus the
  // first tile's aggregate
  static constexpr bool PAIRS = PAIRS_;
  // the look-back's back-off between two reads of a window that is not
  // ready, doubling from 8 ns up to SPIN_NS (TileLookBack's MAX_SPIN_NS; 0: none)
  static constexpr int SPIN_NS = SPIN_NS_;
  // true: the kernel stamps each tile's life with %globaltimer (Stamp, in
  // g_stamps), and the probe prints where a tile's time goes (the variants
  // _timeline; their own times include the stamps' stores)
  static constexpr bool TIMELINE = TIMELINE_;
  // 1 or 2 (with FREE_RING): the consumers read their rows from global
  // memory, not from the stage, once the queue names their tile: the tile's
  // bytes are still in L2, where the producer's load left them (2: the
  // reads marked evict-first, ld.global.cs). A stage is then free once the
  // reducer has summed it, so the loads and the aggregates run ahead of the
  // consumers by as many rounds as the queue holds, not by the ring's
  // STAGES, and the look-backs find the aggregates before them published
  static constexpr int REREAD = REREAD_;
  // true (with EARLY_RELEASE): the look-back warp takes no part in a stage's
  // life. The reducer hands each tile's id and aggregate to it through a
  // queue of its own, QUEUE rounds deep, and its prefix goes back to the
  // consumers through the same queue; a stage is then free as soon as the
  // reducer and the consumers have read it, however far behind the
  // look-backs are
  static constexpr bool FREE_RING = FREE_RING_;
  // The consumer warps split into GROUPS groups, which take the rounds in
  // turn (group g the rounds k with k % GROUPS == g), each group a whole
  // tile: while one group waits for its tile's prefix, another scans the
  // next tile (1: every consumer warp on every tile)
  static constexpr int GROUPS = GROUPS_;
  // true: the consumers give the stage back as soon as their rows are in
  // registers, before they wait for the tile's prefix, so that the next
  // load into it starts while the tile waits (prefix_of then gets a barrier
  // of its own, prefix_free)
  static constexpr bool EARLY_RELEASE  = EARLY_RELEASE_;
  static constexpr bool BULK_STORE     = BULK_STORE_; // the scanned rows written back to the stage, stored by the copy engine
  static constexpr bool COUNTER_AT_END = COUNTER_AT_END_; // the tile counter after the tile states, as the library has it
  static constexpr int LOADS           = LOADS_;     // bulk copies a tile is loaded in (the copy engine's parallelism)
  static constexpr bool LOOK_BACK      = LOOK_BACK_; // false: every prefix 0, a wrong sum timed as the look-back's limit
  static constexpr int WARPS       = WARPS_;  // consumer warps
  static constexpr int VECS        = VECS_;   // 16-byte vectors a lane, a tile
  static constexpr int STAGES      = STAGES_; // tiles the ring holds
  static constexpr int THREADS     = (WARPS + 3) * 32; // + the producer, the reducer, the look-back warp
  static constexpr int GROUP_WARPS = WARPS / GROUPS;   // consumer warps a tile
  static constexpr int WARP_ITEMS  = 32 * VECS * 4;
  static constexpr int TILE        = GROUP_WARPS * WARP_ITEMS;
  static_assert(WARPS % GROUPS == 0 && GROUPS <= 4 && (GROUPS == 1 || !BULK_STORE),
                "whole groups, at most 4 (group_barrier_sync); the bulk store with one group");
  static_assert(!FREE_RING || (EARLY_RELEASE && LOOK_BACK), "the free ring releases its stages early");
  static_assert(REREAD == 0 || FREE_RING, "the consumers learn their tile from the free ring's queue");
  static_assert(!PAIRS || (FREE_RING && REREAD == 0 && !TIMELINE), "pairs: the free ring's queue, no timeline");
  static_assert(IN_FLIGHT < STAGES && (IN_FLIGHT == 0 || !PAIRS), "the load waited for is still in its stage");
  static_assert(!DRAIN || (FREE_RING && REREAD == 0 && !PAIRS), "the drain serves the free ring's queue");
  static constexpr int QUEUE = FREE_RING ? (QUEUE_ > 0 ? QUEUE_ : 4 * STAGES) : 1; // rounds the look-back's queue holds
  static constexpr int STAGE_BYTES = TILE * 4;
  static constexpr int SMEM_BYTES  = STAGES * STAGE_BYTES;
};

template <typename S>
__global__ void __launch_bounds__(S::THREADS)
  warp_specialized_scan(const int* in, int* out, int64_t tiles, unsigned long long* counter, ScanTileState<int> state,
                        unsigned long long* stamps)
{
  using Op       = cuda::std::plus<>;
  using LookBack = TileLookBack<int, Op, S::SPIN_NS>;
  extern __shared__ __align__(128) int4 ring[];
  // A stage's life: `full` when its bytes have landed; `reduced` when the
  // reducer warp has published its aggregate (aggregate_of); `prefixed` when
  // the look-back warp has its exclusive prefix (prefix_of); `empty` when the
  // reducer, the look-back warp and every consumer warp are done with it.
  __shared__ unsigned long long full[S::STAGES], reduced[S::STAGES], prefixed[S::STAGES], empty[S::STAGES];
  __shared__ unsigned long long prefix_free[S::STAGES]; // EARLY_RELEASE: every consumer warp has read prefix_of
  // FREE_RING's queue, by round % QUEUE: `queued` when the reducer has put
  // the round's tile and aggregate in, `answered` when the look-back warp has
  // put its prefix in, `dequeued` when the consumers have read that prefix
  __shared__ unsigned long long queued[S::QUEUE], answered[S::QUEUE], dequeued[S::QUEUE];
  __shared__ long long queue_tile[S::QUEUE];
  __shared__ int queue_aggregate[S::QUEUE], queue_prefix[S::QUEUE];
  __shared__ long long tile_of[S::STAGES];
  __shared__ int aggregate_of[S::STAGES], prefix_of[S::STAGES];
  __shared__ int warp_total[S::GROUPS][2][S::GROUP_WARPS]; // by group and the group's round parity
  __shared__ typename LookBack::TempStorage look_back_storage[S::DRAIN ? 2 : 1]; // a look-back warp's each
  __shared__ int next_round; // DRAIN: the queue's next round that a look-back warp takes
  __shared__ int end_round;  // DRAIN: the producer's first round past the last tile (INT_MAX: not yet)
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (threadIdx.x == 0)
  {
    next_round = 0;
    end_round  = INT_MAX;
    for (int s = 0; s < S::STAGES; ++s)
    {
      barrier_init(&full[s], 1);
      barrier_init(&reduced[s], 1);
      barrier_init(&prefixed[s], 1);
      barrier_init(&empty[s], S::REREAD ? 1 : S::GROUP_WARPS + (S::FREE_RING ? 1 : 2));
      barrier_init(&prefix_free[s], S::GROUP_WARPS);
    }
    for (int q = 0; S::FREE_RING && q < S::QUEUE; ++q)
    {
      barrier_init(&queued[q], 1);
      barrier_init(&answered[q], 1);
      barrier_init(&dequeued[q], S::GROUP_WARPS);
    }
    barrier_init_fence();
  }
  __syncthreads();

  // The look-back of one tile, by a look-back warp: its exclusive prefix,
  // found with `storage`, and its inclusive prefix published.
  auto look_back_tile = [&](long long tile, int aggregate, typename LookBack::TempStorage& storage)
  {
    int prefix = 0;
    if (lane == 0)
    {
      stamp<S>(stamps, tile, STARTED);
    }
    if (tile > 0 && S::LOOK_BACK)
    {
#if P_LOOK_BACK_COUNTS
      if (lane == 0)
      {
        s_look_back_reads = s_look_back_waits = 0;
      }
      __syncwarp();
#endif
      prefix = LookBack(storage, state, Op{}, tile).ExclusivePrefix();
      if (lane == 0)
      {
        state.Publish(tile, cubling::SCAN_TILE_PREFIX, prefix + aggregate);
      }
#if P_LOOK_BACK_COUNTS
      if (lane == 0 && S::TIMELINE && tile < COUNTED_TILES)
      {
        g_look_back_reads[tile] = s_look_back_reads;
        g_look_back_waits[tile] = s_look_back_waits;
      }
#endif
    }
    __syncwarp();
    if (lane == 0)
    {
      stamp<S>(stamps, tile, PREFIXED);
    }
    return prefix;
  };
  // FREE_RING: answer round `round` of the look-back's queue; false if the
  // round marks the end.
  auto serve_round = [&](int round, typename LookBack::TempStorage& storage)
  {
    const int q = round % S::QUEUE;
    barrier_wait(&queued[q], (round / S::QUEUE) & 1);
    const long long tile = queue_tile[q];
    if (tile >= tiles)
    {
      return false;
    }
    const int prefix = look_back_tile(tile, queue_aggregate[q], storage);
    if (lane == 0)
    {
      queue_prefix[q] = prefix;
      barrier_arrive(&answered[q]);
    }
    return true;
  };
  // DRAIN: the next round of the queue that this look-back warp answers.
  auto draw_round = [&]()
  {
    int round = 0;
    if (lane == 0)
    {
      round = atomicAdd(&next_round, 1);
    }
    return __shfl_sync(0xffffffffu, round, 0);
  };

  if (warp == S::WARPS) // the producer: take a tile id, start its load, repeat
  {
    if (lane == 0)
    {
      long long claimed = 0; // PAIRS: the pair the last claim gave
      for (int k = 0;; ++k)
      {
        const int s = k % S::STAGES;
        if (k >= S::STAGES)
        {
          barrier_wait(&empty[s], (k / S::STAGES - 1) & 1);
        }
        long long tile;
        if (S::PAIRS && k % 2 == 1)
        {
          tile = 2 * claimed + 1;
        }
        else
        {
          claimed = static_cast<long long>(atomicAdd(counter, 1ull));
          tile    = S::PAIRS ? 2 * claimed : claimed;
        }
        tile_of[s] = tile;
        if (tile >= tiles)
        {
          if (S::DRAIN)
          {
            *static_cast<volatile int*>(&end_round) = k;
          }
          barrier_arrive(&full[s]); // the end: no bytes follow
          // Each other consumer group learns of the end in its next round.
          for (int later = k + 1; later < k + S::GROUPS; ++later)
          {
            const int t = later % S::STAGES;
            if (later >= S::STAGES)
            {
              barrier_wait(&empty[t], (later / S::STAGES - 1) & 1);
            }
            tile_of[t] = tile;
            barrier_arrive(&full[t]);
          }
          break;
        }
        stamp<S>(stamps, tile, TAKEN);
        if (S::IN_FLIGHT > 0 && k >= S::IN_FLIGHT) // at most IN_FLIGHT loads in flight
        {
          const int landed = k - S::IN_FLIGHT;
          barrier_wait(&full[landed % S::STAGES], (landed / S::STAGES) & 1);
        }
        barrier_arrive_expect_bytes(&full[s], S::STAGE_BYTES);
#pragma unroll
        for (int part = 0; part < S::LOADS; ++part)
        {
          bulk_load(ring + s * (S::STAGE_BYTES / 16) + part * (S::STAGE_BYTES / 16 / S::LOADS),
                    in + tile * S::TILE + part * (S::TILE / S::LOADS), S::STAGE_BYTES / S::LOADS, &full[s]);
        }
      }
    }
    return;
  }

  if (warp == S::WARPS + 1) // the reducer: as each tile lands, publish its aggregate; it never waits on another block
  {
    int first = 0; // PAIRS (lane 0): the aggregate of the pair's first tile
    for (int k = 0;; ++k)
    {
      const int s = k % S::STAGES;
      barrier_wait(&full[s], (k / S::STAGES) & 1);
      const long long tile = tile_of[s];
      int aggregate        = 0;
      if (tile < tiles && lane == 0)
      {
        stamp<S>(stamps, tile, LANDED);
      }
      if (tile < tiles)
      {
        const int4* stage = ring + s * (S::STAGE_BYTES / 16);
        int sums[4]       = {0, 0, 0, 0};
#pragma unroll 4
        for (int i = 0; i < S::STAGE_BYTES / 16 / 32; ++i)
        {
          const int4 x = stage[i * 32 + lane];
          sums[i % 4] += (x.x + x.y) + (x.z + x.w);
        }
        aggregate = __reduce_add_sync(0xffffffffu, (sums[0] + sums[1]) + (sums[2] + sums[3]));
      }
      __syncwarp();
      if (lane == 0)
      {
        if (tile < tiles && !S::PAIRS)
        {
          state.Publish(tile, tile == 0 ? cubling::SCAN_TILE_PREFIX : cubling::SCAN_TILE_AGGREGATE, aggregate);
          stamp<S>(stamps, tile, PUBLISHED);
        }
        else if (tile < tiles && k % 2 == 0)
        {
          first = aggregate;
        }
        else if (tile < tiles) // the pair's second tile: publish the pair
        {
          const long long pair = tile / 2;
          state.Publish(pair, pair == 0 ? cubling::SCAN_TILE_PREFIX : cubling::SCAN_TILE_AGGREGATE, first + aggregate);
        }
        if constexpr (S::FREE_RING)
        {
          const int q = k % S::QUEUE;
          if (k >= S::QUEUE)
          {
            barrier_wait(&dequeued[q], (k / S::QUEUE - 1) & 1); // round k - QUEUE's prefix read
          }
          queue_tile[q]      = tile;
          queue_aggregate[q] = aggregate;
          barrier_arrive(&queued[q]);
          // REREAD: the consumers learn of the end from the queue, each
          // other group in its next round (as the producer tells the stages)
          for (int later = k + 1; S::REREAD && tile >= tiles && later < k + S::GROUPS; ++later)
          {
            const int t = later % S::QUEUE;
            if (later >= S::QUEUE)
            {
              barrier_wait(&dequeued[t], (later / S::QUEUE - 1) & 1);
            }
            queue_tile[t] = tile;
            barrier_arrive(&queued[t]);
          }
        }
        else
        {
          aggregate_of[s] = aggregate;
          barrier_arrive(&reduced[s]);
        }
        barrier_arrive(&empty[s]);
      }
      // DRAIN: the last tile is queued (the producer has taken the end in
      // round k + 1): mark the end in the queue for both look-back warps,
      // rounds k + 1 and k + 2, and answer rounds with the look-back warp
      // until the end. The stage of round k + 1 is never read.
      if (S::DRAIN && tile < tiles && k + 1 == *static_cast<volatile int*>(&end_round))
      {
        if (lane == 0)
        {
          for (int end = k + 1; end <= k + 2; ++end)
          {
            const int q = end % S::QUEUE;
            if (end >= S::QUEUE)
            {
              barrier_wait(&dequeued[q], (end / S::QUEUE - 1) & 1);
            }
            queue_tile[q] = tiles;
            barrier_arrive(&queued[q]);
          }
        }
        __syncwarp();
        while (serve_round(draw_round(), look_back_storage[1]))
        {
        }
        return;
      }
      if (tile >= tiles)
      {
        break;
      }
    }
    return;
  }

  if (warp == S::WARPS + 2 && S::PAIRS) // the look-back warp, PAIRS: each pair's exclusive prefix
  {
    for (int k = 0;; k += 2)
    {
      const int q0 = k % S::QUEUE, q1 = (k + 1) % S::QUEUE;
      barrier_wait(&queued[q0], (k / S::QUEUE) & 1);
      const long long tile = queue_tile[q0];
      if (tile >= tiles)
      {
        break;
      }
      barrier_wait(&queued[q1], ((k + 1) / S::QUEUE) & 1);
      const int first = queue_aggregate[q0], second = queue_aggregate[q1];
      const long long pair = tile / 2;
      int prefix           = 0;
      if (pair > 0 && S::LOOK_BACK)
      {
        prefix = LookBack(look_back_storage[0], state, Op{}, pair).ExclusivePrefix();
        if (lane == 0)
        {
          state.Publish(pair, cubling::SCAN_TILE_PREFIX, prefix + first + second);
        }
      }
      __syncwarp();
      if (lane == 0)
      {
        queue_prefix[q0] = prefix;
        barrier_arrive(&answered[q0]);
        queue_prefix[q1] = prefix + first;
        barrier_arrive(&answered[q1]);
      }
    }
    return;
  }

  if (warp == S::WARPS + 2) // the look-back warp: each tile's exclusive prefix, in ring order
  {
    if constexpr (S::FREE_RING)
    {
      for (int k = 0;; ++k)
      {
        if (!serve_round(S::DRAIN ? draw_round() : k, look_back_storage[0]))
        {
          break;
        }
      }
    }
    else
    {
      for (int k = 0;; ++k)
      {
        const int s = k % S::STAGES;
        barrier_wait(&reduced[s], (k / S::STAGES) & 1);
        const long long tile = tile_of[s];
        if (tile >= tiles)
        {
          break;
        }
        const int prefix = look_back_tile(tile, aggregate_of[s], look_back_storage[0]);
        if (lane == 0)
        {
          if (S::EARLY_RELEASE && k >= S::STAGES)
          {
            barrier_wait(&prefix_free[s], (k / S::STAGES - 1) & 1); // round k - STAGES's prefix read
          }
          prefix_of[s] = prefix;
          barrier_arrive(&prefixed[s]);
          barrier_arrive(&empty[s]);
        }
      }
    }
    return;
  }

  // The consumers: one tile a round, in the order the producer took them;
  // group `group` takes every GROUPS-th round.
  const int group = warp / S::GROUP_WARPS, member = warp % S::GROUP_WARPS;
  for (int k = group;; k += S::GROUPS)
  {
    const int s = k % S::STAGES;
    long long tile;
    if constexpr (S::REREAD > 0)
    {
      barrier_wait(&queued[k % S::QUEUE], (k / S::QUEUE) & 1);
      tile = queue_tile[k % S::QUEUE];
    }
    else
    {
      barrier_wait(&full[s], (k / S::STAGES) & 1);
      tile = tile_of[s];
    }
    if (tile >= tiles)
    {
      break;
    }
    const int4* stage = ring + s * (S::STAGE_BYTES / 16) + member * (S::WARP_ITEMS / 4);
    const int4* again = reinterpret_cast<const int4*>(in + tile * S::TILE) + member * (S::WARP_ITEMS / 4);
    int4 v[S::VECS];
#pragma unroll
    for (int j = 0; j < S::VECS; ++j)
    {
      v[j] = S::REREAD == 0 ? stage[j * 32 + lane] : S::REREAD == 1 ? again[j * 32 + lane] : __ldcs(again + j * 32 + lane);
    }
    if constexpr (S::EARLY_RELEASE && S::REREAD == 0)
    {
      __syncwarp();
      if (lane == 0)
      {
        barrier_arrive(&empty[s]); // the rows are in registers: the stage may be refilled
      }
    }
    // The warp's items: each vector scanned, the vector totals scanned across the lanes.
    int carry = 0;
#pragma unroll
    for (int j = 0; j < S::VECS; ++j)
    {
      v[j].y += v[j].x;
      v[j].z += v[j].y;
      v[j].w += v[j].z;
      int inclusive = v[j].w;
#pragma unroll
      for (int d = 1; d < 32; d *= 2)
      {
        const int below = __shfl_up_sync(0xffffffffu, inclusive, d);
        inclusive += lane >= d ? below : 0;
      }
      const int before = carry + inclusive - v[j].w;
      v[j].x += before;
      v[j].y += before;
      v[j].z += before;
      v[j].w += before;
      carry += __shfl_sync(0xffffffffu, inclusive, 31);
    }
    const int parity = (k / S::GROUPS) & 1;
    if (lane == 0)
    {
      warp_total[group][parity][member] = carry;
    }
    group_barrier_sync<S::GROUP_WARPS * 32>(group);
    const int total = lane < S::GROUP_WARPS ? warp_total[group][parity][lane] : 0;
    const int below = __reduce_add_sync(0xffffffffu, lane < member ? total : 0); // the warps before this one
    int add;
    if constexpr (S::FREE_RING)
    {
      const int q = k % S::QUEUE;
      barrier_wait(&answered[q], (k / S::QUEUE) & 1);
      add = queue_prefix[q] + below;
      __syncwarp();
      if (lane == 0)
      {
        barrier_arrive(&dequeued[q]);
      }
    }
    else
    {
      barrier_wait(&prefixed[s], (k / S::STAGES) & 1);
      add = prefix_of[s] + below;
      if constexpr (S::EARLY_RELEASE)
      {
        __syncwarp();
        if (lane == 0)
        {
          barrier_arrive(&prefix_free[s]);
        }
      }
    }
    int4* dst = reinterpret_cast<int4*>(out + tile * S::TILE) + member * (S::WARP_ITEMS / 4);
    if constexpr (S::BULK_STORE)
    {
      static_assert(!S::EARLY_RELEASE, "the bulk store writes back into the stage");
      // The warp's rows back into its part of the stage, then one bulk copy
      // of them to global memory; the stage is released once that copy has
      // read them.
      int4* mine = const_cast<int4*>(stage);
#pragma unroll
      for (int j = 0; j < S::VECS; ++j)
      {
        mine[j * 32 + lane] = make_int4(v[j].x + add, v[j].y + add, v[j].z + add, v[j].w + add);
      }
      asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
      __syncwarp();
      if (lane == 0)
      {
        asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;" ::"l"(dst),
                     "r"(cubling::detail::shared_address(mine)), "r"(S::WARP_ITEMS * 4)
                     : "memory");
        asm volatile("cp.async.bulk.commit_group;" ::: "memory");
        asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
        barrier_arrive(&empty[s]);
      }
      continue;
    }
    if constexpr (!S::EARLY_RELEASE)
    {
      __syncwarp();
      if (lane == 0)
      {
        barrier_arrive(&empty[s]); // stage and prefix read: the stage may be refilled
      }
    }
#pragma unroll
    for (int j = 0; j < S::VECS; ++j)
    {
      dst[j * 32 + lane] = make_int4(v[j].x + add, v[j].y + add, v[j].z + add, v[j].w + add);
    }
    if (member == 0 && lane == 0)
    {
      stamp<S>(stamps, tile, STORED);
    }
  }
}

// ---- the host side --------------------------------------------------------------------------
struct Scratch
{
  unsigned char* base; // the tile counter (16 bytes), then the tile states
  size_t bytes;
};
unsigned long long* g_stamps = nullptr; // TIMELINE: STAMPS a tile, for 2^28 items in tiles of 4096
int64_t g_stamped_tiles      = 0;       // the tiles of the last TIMELINE run

//! One part of a variant's name: `format` with `args` into `part` if `on`, else "".
template <size_t N, typename... Args>
void name_part(char (&part)[N], bool on, const char* format, Args... args)
{
  part[0] = '\0';
  if (on)
  {
    std::snprintf(part, N, format, args...);
  }
}

template <typename S>
struct Variant
{
  static const char* name()
  {
    static char text[128];
    char loads[16], groups[16], reread[24], spin[24], in_flight[24];
    name_part(loads, S::LOADS > 1, "_%d_loads", S::LOADS);
    name_part(groups, S::GROUPS > 1, "_%d_groups", S::GROUPS);
    name_part(reread, S::REREAD > 0, "_reread%s_q%d", S::REREAD == 2 ? "_cs" : "", S::QUEUE);
    name_part(spin, S::SPIN_NS > 0, "_spin_%d", S::SPIN_NS);
    name_part(in_flight, S::IN_FLIGHT > 0, "_%d_in_flight", S::IN_FLIGHT);
    std::snprintf(text, sizeof text, "%dw_x%d_items_%dstages_%dKiB%s%s%s%s%s%s%s%s%s%s%s%s%s", S::WARPS, S::VECS * 4,
                  S::STAGES, S::STAGE_BYTES / 1024, S::COUNTER_AT_END ? "_counter_at_end" : "", loads,
                  S::LOOK_BACK ? "" : "_no_look_back", S::BULK_STORE ? "_bulk_store" : "",
                  S::EARLY_RELEASE ? "_early_release" : "", groups, S::FREE_RING ? "_free_ring" : "", reread,
                  S::TIMELINE ? "_timeline" : "", spin, S::PAIRS ? "_pairs" : "", in_flight, S::DRAIN ? "_drain" : "");
    return text;
  }
  static int grid()
  {
    static int blocks = 0;
    if (blocks == 0)
    {
      CHECK_CUDA(cudaFuncSetAttribute(warp_specialized_scan<S>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                      S::SMEM_BYTES));
      int per_sm = 0, sms = 0, device = 0;
      CHECK_CUDA(cudaGetDevice(&device));
      CHECK_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
      CHECK_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, warp_specialized_scan<S>, S::THREADS,
                                                               S::SMEM_BYTES));
      CHECK(per_sm > 0);
      blocks = per_sm * sms;
      std::fprintf(stderr, "# %s: %d blocks an SM\n", name(), per_sm);
    }
    return blocks;
  }
  static void run(const int* in, int* out, int64_t n, const Scratch& scratch)
  {
    const int64_t tiles = n / S::TILE;
    CHECK(n % S::TILE == 0);
    CHECK(!S::PAIRS || tiles % 2 == 0); // whole pairs
    const size_t state_bytes = ScanTileState<int>::Bytes(tiles);
    CHECK(16 + state_bytes <= scratch.bytes);
    CHECK_CUDA(cudaMemsetAsync(scratch.base, 0, 16 + state_bytes));
    auto state = ScanTileState<int>::Over(scratch.base + (S::COUNTER_AT_END ? 0 : 16));
    auto* counter = reinterpret_cast<unsigned long long*>(scratch.base + (S::COUNTER_AT_END ? state_bytes : 0));
    const int blocks = static_cast<int>(std::min<int64_t>(grid(), tiles));
    if (S::TIMELINE)
    {
      CHECK(tiles * STAMPS <= (int64_t{1} << 28) / 4096 * STAMPS);
      g_stamped_tiles = tiles;
    }
    warp_specialized_scan<S><<<blocks, S::THREADS, S::SMEM_BYTES>>>(in, out, tiles, counter, state,
                                                                     S::TIMELINE ? g_stamps : nullptr);
    CHECK_CUDA(cudaGetLastError());
  }
};

//! The library's streaming agent (AgentScanStreaming, policy <8, 4, 6>: the
//! same shape as Shape<8, 4, 6>), launched like this probe's kernel: after a
//! memset, as a plain launch. Against the library's DeviceScan it tells the
//! agent's cost from the dispatch's (the init kernel, the dependent launch).
template <int CONSUMER_WARPS, int ROWS, int STAGES, int GROUPS = 1>
struct LibraryAgent
{
  using Policy = cubling::AgentScanStreamingPolicy<CONSUMER_WARPS, ROWS, STAGES, GROUPS>;
  static const char* name()
  {
    static char text[96];
    std::snprintf(text, sizeof text, "library_agent_%dw_x%d_rows_%dstages_%d_groups", CONSUMER_WARPS, ROWS, STAGES,
                  GROUPS);
    return text;
  }
  static void run(const int* in, int* out, int64_t n, const Scratch& scratch)
  {
    constexpr auto kernel =
      cubling::detail::DeviceScanStreamingKernel<Policy, int, cuda::std::plus<>, int, cubling::detail::ScanKind::inclusive>;
    constexpr int tile  = Policy::TILE_BYTES / 4;
    const int64_t tiles = (n + tile - 1) / tile;
    CHECK(ScanTileState<int>::Bytes(tiles + 1) <= scratch.bytes);
    static int blocks = 0;
    if (blocks == 0)
    {
      CHECK_CUDA(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, Policy::RING_BYTES));
      int per_sm = 0, sms = 0, device = 0;
      CHECK_CUDA(cudaGetDevice(&device));
      CHECK_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
      CHECK_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, Policy::BLOCK_THREADS, Policy::RING_BYTES));
      CHECK(per_sm > 0);
      blocks = per_sm * sms;
      std::fprintf(stderr, "# %s: %d blocks an SM\n", name(), per_sm);
    }
    CHECK_CUDA(cudaMemsetAsync(scratch.base, 0, ScanTileState<int>::Bytes(tiles + 1))); // the tile states, then the counter
    const auto state = ScanTileState<int>::Over(scratch.base);
    kernel<<<static_cast<int>(std::min<int64_t>(blocks, tiles)), Policy::BLOCK_THREADS, Policy::RING_BYTES>>>(
      in, out, cuda::std::plus<>{}, 0, n, tiles, state);
    CHECK_CUDA(cudaGetLastError());
  }
};

__global__ void fill(int* data, int64_t n, unsigned seed)
{
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < n; i += int64_t{gridDim.x} * blockDim.x)
  {
    unsigned x = static_cast<unsigned>(i) * 2654435761u ^ seed;
    x ^= x >> 15;
    x *= 2246822519u;
    x ^= x >> 13;
    data[i] = static_cast<int>(x % 2001) - 1000;
  }
}
__global__ void empty_kernel() {}

//! Where the tiles of the last TIMELINE run spent their time: for each step
//! of a tile's life (Stamp), its mean and its 10th, 50th and 90th
//! percentiles over the tiles, in microseconds, as comment lines on stderr.
//! "behind": how much later than the tile's own aggregate that of the tile
//! before it was published (its look-back cannot end before that).
void print_timeline(const char* name, int lg)
{
  const int64_t tiles = g_stamped_tiles;
  std::vector<unsigned long long> t(static_cast<size_t>(tiles) * STAMPS);
  CHECK_CUDA(cudaMemcpy(t.data(), g_stamps, t.size() * 8, cudaMemcpyDeviceToHost));
  auto at = [&](int64_t tile, Stamp what) { return static_cast<double>(t[tile * STAMPS + what]); };
  const unsigned long long start = *std::min_element(t.begin(), t.end());
  const unsigned long long end   = *std::max_element(t.begin(), t.end());
  struct Step
  {
    const char* what;
    std::function<double(int64_t)> us;
  };
  const Step steps[] = {{"load", [&](int64_t i) { return (at(i, LANDED) - at(i, TAKEN)) / 1e3; }},
                        {"reduce", [&](int64_t i) { return (at(i, PUBLISHED) - at(i, LANDED)) / 1e3; }},
                        {"queued", [&](int64_t i) { return (at(i, STARTED) - at(i, PUBLISHED)) / 1e3; }},
                        {"look_back", [&](int64_t i) { return (at(i, PREFIXED) - at(i, STARTED)) / 1e3; }},
                        {"scan_store", [&](int64_t i) { return (at(i, STORED) - at(i, PREFIXED)) / 1e3; }},
                        {"life", [&](int64_t i) { return (at(i, STORED) - at(i, TAKEN)) / 1e3; }},
                        {"behind", [&](int64_t i) { return (at(i - 1, PUBLISHED) - at(i, PUBLISHED)) / 1e3; }}};
  std::fprintf(stderr, "# timeline %s 2^%d: %lld tiles in %.1f us of stamps\n", name, lg,
               static_cast<long long>(tiles), (end - start) / 1e3);
  for (const Step& step : steps)
  {
    std::vector<double> v;
    for (int64_t i = 1; i < tiles; ++i)
    {
      v.push_back(step.us(i));
    }
    const ProbeSpread x = probe_spread(v);
    std::fprintf(stderr, "# timeline %s 2^%d %-10s mean %7.2f  p10 %7.2f  p50 %7.2f  p90 %7.2f us\n", name, lg,
                 step.what, x.mean, x.p10, x.p50, x.p90);
  }
  // The run as a whole, from the first tile taken: when the last tile was
  // taken (the loads' end is near), the first stored, and the last stored.
  unsigned long long last_taken = 0, first_stored = ~0ull, last_stored = 0;
  for (int64_t i = 0; i < tiles; ++i)
  {
    last_taken   = std::max(last_taken, t[i * STAMPS + TAKEN]);
    first_stored = std::min(first_stored, t[i * STAMPS + STORED]);
    last_stored  = std::max(last_stored, t[i * STAMPS + STORED]);
  }
  std::fprintf(stderr, "# timeline %s 2^%d run: last taken %.2f, first stored %.2f, last stored %.2f us\n", name, lg,
               (last_taken - start) / 1e3, (first_stored - start) / 1e3, (last_stored - start) / 1e3);
  if (P_LOOK_BACK_COUNTS && tiles <= COUNTED_TILES)
  {
    std::vector<unsigned int> reads(static_cast<size_t>(tiles)), waits(static_cast<size_t>(tiles));
    CHECK_CUDA(cudaMemcpyFromSymbol(reads.data(), g_look_back_reads, tiles * 4));
    CHECK_CUDA(cudaMemcpyFromSymbol(waits.data(), g_look_back_waits, tiles * 4));
    // Windows read, not ready, and passed (aggregates only) per look-back;
    // the look-back's time for those of one read (about one round trip to
    // L2, and the publish) and for the rest.
    std::vector<double> r, w, p, one, more;
    for (int64_t i = 1; i < tiles; ++i)
    {
      r.push_back(reads[i]);
      w.push_back(waits[i]);
      p.push_back(static_cast<double>(reads[i]) - waits[i] - 1);
      (reads[i] == 1 ? one : more).push_back((at(i, PREFIXED) - at(i, STARTED)) / 1e3);
    }
    const std::vector<double>* counted[] = {&r, &w, &p, &one, &more};
    const char* what[]                   = {"reads", "not_ready", "passed", "lb_1_read", "lb_more"};
    for (int k = 0; k < 5; ++k)
    {
      if (counted[k]->empty())
      {
        continue;
      }
      const ProbeSpread x = probe_spread(*counted[k]);
      std::fprintf(stderr, "# timeline %s 2^%d %-10s mean %7.2f  p10 %7.2f  p50 %7.2f  p90 %7.2f (%zu tiles)\n", name,
                   lg, what[k], x.mean, x.p10, x.p50, x.p90, counted[k]->size());
    }
  }
}

using Runner = void (*)(const int*, int*, int64_t, const Scratch&);
struct Entry
{
  const char* name;
  Runner run;
};
//! One entry for each type with a static name() and run().
template <typename... Runs>
std::vector<Entry> entries()
{
  return {Entry{Runs::name(), &Runs::run}...};
}
template <typename... Shapes>
std::vector<Entry> variants()
{
  return entries<Variant<Shapes>...>();
}

//! Whether `name` contains one of the comma-separated parts of `filter`.
bool matches(const char* name, const std::string& filter)
{
  size_t start = 0;
  while (true)
  {
    const size_t comma     = filter.find(',', start);
    const std::string part = filter.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    const bool whole       = !part.empty() && part.back() == '$'; // "name$": that name alone
    if (whole ? part.substr(0, part.size() - 1) == name : std::strstr(name, part.c_str()) != nullptr)
    {
      return true;
    }
    if (comma == std::string::npos)
    {
      return false;
    }
    start = comma + 1;
  }
}

int main(int argc, char** argv)
{
  const int reps      = argc > 1 ? atoi(argv[1]) : 31;
  const int64_t max_n = int64_t{1} << 28;
  int *in, *out_ws, *out_ref;
  CHECK_CUDA(cudaMalloc(&in, max_n * 4));
  CHECK_CUDA(cudaMalloc(&out_ws, max_n * 4));
  CHECK_CUDA(cudaMalloc(&out_ref, max_n * 4));
  fill<<<2048, 256>>>(in, max_n, 12345u);
  CHECK_LAUNCH();
  const size_t temp_bytes = size_t{64} << 20;
  void* temp;
  CHECK_CUDA(cudaMalloc(&temp, temp_bytes));
  Scratch scratch{nullptr, size_t{16} << 20};
  CHECK_CUDA(cudaMalloc(&scratch.base, scratch.bytes));
  CHECK_CUDA(cudaMalloc(&g_stamps, max_n / 4096 * STAMPS * sizeof(unsigned long long)));
  ProbeTimer timer(size_t{256} << 20); // L2 holds none of the data

  std::vector<Entry> all = variants<Shape<8, 8, 3>, Shape<8, 8, 2>, Shape<8, 4, 4>, Shape<8, 4, 6>,
                                          Shape<16, 4, 3>, Shape<8, 16, 3>, Shape<8, 4, 6, true>,
                                          Shape<8, 4, 6, false, 2>, Shape<8, 4, 6, false, 4>,
                                          Shape<8, 4, 6, false, 1, false>, Shape<8, 4, 6, false, 1, true, true>,
                                          Shape<8, 4, 6, false, 1, false, true>,
                                          Shape<8, 4, 6, false, 1, true, false, true>,
                                          Shape<8, 4, 4, false, 1, true, false, true>,
                                          Shape<8, 8, 3, false, 1, true, false, true>,
                                          Shape<8, 8, 6, false, 1, true, false, false, 2>,
                                          Shape<8, 8, 6, false, 1, true, false, true, 2>,
                                          Shape<8, 4, 6, false, 1, true, false, false, 2>,
                                          Shape<8, 8, 8, false, 1, true, false, false, 4>,
                                          Shape<8, 8, 6, false, 1, false, false, false, 2>,
                                          Shape<8, 4, 6, false, 1, true, false, true, 1, true>,
                                          Shape<8, 8, 6, false, 1, true, false, true, 2, true>,
                                          Shape<8, 4, 4, false, 1, true, false, true, 1, true>,
                                          Shape<8, 8, 4, false, 1, true, false, true, 2, true>,
                                          Shape<8, 8, 4, false, 1, true, false, true, 2, true, 1, 4>,
                                          Shape<8, 8, 4, false, 1, true, false, true, 2, true, 1, 6>,
                                          Shape<8, 8, 4, false, 1, true, false, true, 2, true, 1, 8>,
                                          Shape<8, 8, 4, false, 1, true, false, true, 2, true, 1, 12>,
                                          Shape<8, 8, 4, false, 1, true, false, true, 2, true, 2, 6>,
                                          Shape<8, 8, 3, false, 1, true, false, true, 2, true, 1, 6>,
                                          Shape<8, 4, 4, false, 1, true, false, true, 1, true, 1, 6>,
                                          Shape<8, 4, 4, false, 1, true, false, true, 1, true, 1, 12>,
                                          Shape<12, 8, 6, false, 1, true, false, true, 3, true>,
                                          Shape<8, 16, 3, false, 1, true, false, true, 2, true>,
                                          Shape<8, 8, 6, false, 1, false, false, true, 2>,
                                          Shape<8, 8, 6, false, 1, true, false, true, 2, true, 0, 0, false, 64>,
                                          Shape<8, 8, 6, false, 1, true, false, true, 2, true, 0, 0, false, 256>,
                                          Shape<8, 8, 6, false, 1, true, false, true, 2, true, 0, 0, false, 1024>,
                                          Shape<8, 8, 6, false, 1, true, false, true, 2, true, 0, 0, true, 256>,
                                          Shape<8, 8, 6, false, 1, true, false, true, 2, true, 0, 0, false, 0, true>,
                                          Shape<8, 4, 6, false, 1, true, false, true, 1, true, 0, 0, false, 0, true>,
                                          Shape<8, 8, 4, false, 1, true, false, true, 2, true, 0, 0, false, 0, true>,
                                          Shape<16, 8, 8, false, 1, true, false, true, 4, true>,
                                          Shape<16, 8, 12, false, 1, true, false, true, 4, true>,
                                          Shape<12, 8, 12, false, 1, true, false, true, 3, true>,
                                          Shape<8, 8, 12, false, 1, true, false, true, 2, true>,
                                          Shape<8, 4, 6, false, 1, true, false, false, 1, false, 0, 0, true>,
                                          Shape<8, 8, 6, false, 1, true, false, true, 2, true, 0, 0, true>,
                                          Shape<8, 8, 6, false, 1, true, false, true, 2, true, 0, 0, false, 0, false, 1>,
                                          Shape<8, 8, 6, false, 1, true, false, true, 2, true, 0, 0, false, 0, false, 2>,
                                          Shape<8, 8, 6, false, 1, true, false, true, 2, true, 0, 0, false, 0, false, 3>,
                                          Shape<8, 8, 6, false, 1, true, false, true, 2, true, 0, 0, true, 0, false, 1>,
                                          Shape<8, 8, 6, false, 1, true, false, true, 2, true, 0, 0, true, 0, false, 2>,
                                          Shape<8, 8, 6, false, 1, true, false, true, 2, true, 0, 0, false, 0, false, 0, true>,
                                          Shape<8, 8, 6, false, 1, true, false, true, 2, true, 0, 0, true, 0, false, 0, true>>();
  // The library's agent in other shapes (the H200 sweeps in the file comment): two groups of
  // consumers with tiles of 16 to 40 KiB; three and four groups; one group, the earlier sweep.
  for (const Entry& e :
       entries<LibraryAgent<8, 8, 6, 2>, LibraryAgent<8, 10, 5, 2>, LibraryAgent<8, 12, 4, 2>, LibraryAgent<8, 8, 7, 2>,
               LibraryAgent<8, 14, 4, 2>, LibraryAgent<8, 16, 3, 2>, LibraryAgent<8, 14, 6, 2>, LibraryAgent<8, 16, 4, 2>,
               LibraryAgent<8, 16, 6, 2>, LibraryAgent<8, 12, 6, 2>, LibraryAgent<8, 20, 4, 2>,
               LibraryAgent<12, 14, 6, 3>, LibraryAgent<16, 8, 8, 4>, LibraryAgent<12, 16, 4, 3>,
               LibraryAgent<8, 4, 6>, LibraryAgent<8, 4, 4>, LibraryAgent<8, 4, 3>, LibraryAgent<8, 2, 8>,
               LibraryAgent<8, 8, 3>, LibraryAgent<16, 2, 6>, LibraryAgent<4, 4, 6>, LibraryAgent<8, 4, 13>>())
  {
    all.push_back(e);
  }
  size_t b = temp_bytes;
  auto lib     = [&](int64_t n) { b = temp_bytes; CHECK_CUDA(cubling::DeviceScan::InclusiveSum(temp, b, in, out_ref, n)); };
  auto cub_i32 = [&](int64_t n) { b = temp_bytes; CHECK_CUDA(cub::DeviceScan::InclusiveSum(temp, b, in, out_ref, static_cast<int>(n))); };
  auto cub_i64 = [&](int64_t n) { b = temp_bytes; CHECK_CUDA(cub::DeviceScan::InclusiveSum(temp, b, in, out_ref, n)); };

  std::printf("variant,log2n,ws_us,lib_us,cub_us,cub_count,copy_us,empty_us,ws_over_cub,lib_over_cub,ws_of_copy,check\n");
  std::vector<int> expected;
  for (int lg : {20, 24, 26, 28})
  {
    if (argc > 3 && lg != atoi(argv[3]))
    {
      continue;
    }
    const int64_t n = int64_t{1} << lg;
    cub_i64(n); // the reference for this size: CUB's result
    CHECK_CUDA(cudaDeviceSynchronize());
    expected.resize(n);
    CHECK_CUDA(cudaMemcpy(expected.data(), out_ref, n * 4, cudaMemcpyDeviceToHost));
    for (const Entry& e : all)
    {
      if (argc > 2 && !matches(e.name, argv[2]))
      {
        continue;
      }
      // Check first: poisoned output, then the result against CUB's, bit for bit.
      CHECK_CUDA(cudaMemset(out_ws, 0x5a, n * 4));
      e.run(in, out_ws, n, scratch);
      CHECK_CUDA(cudaDeviceSynchronize());
      std::vector<int> got(n);
      CHECK_CUDA(cudaMemcpy(got.data(), out_ws, n * 4, cudaMemcpyDeviceToHost));
      const bool ok = got == expected;
      std::vector<float> ws, li, c32, c64, copy, empty;
      for (int i = 0; i < 3; ++i)
      {
        e.run(in, out_ws, n, scratch);
        lib(n);
        cub_i32(n);
        cub_i64(n);
      }
      for (int r = 0; r < reps; ++r) // the four calls take turns, in a rotating order
      {
        const std::function<void()> calls[4] = {
            [&] { ws.push_back(timer.time_us([&] { e.run(in, out_ws, n, scratch); })); },
            [&] { li.push_back(timer.time_us([&] { lib(n); })); },
            [&] { c32.push_back(timer.time_us([&] { cub_i32(n); })); },
            [&] { c64.push_back(timer.time_us([&] { cub_i64(n); })); }};
        for (int c = 0; c < 4; ++c)
        {
          calls[(c + r) % 4]();
        }
        copy.push_back(timer.time_us([&] { CHECK_CUDA(cudaMemcpyAsync(out_ref, in, n * 4, cudaMemcpyDeviceToDevice)); }));
        empty.push_back(timer.time_us([&] { empty_kernel<<<1, 32>>>(); }));
      }
      const float w = probe_median(ws), l = probe_median(li), a = probe_median(c32), d = probe_median(c64);
      const float c = std::min(a, d), cp = probe_median(copy);
      std::printf("%s,%d,%.3f,%.3f,%.3f,%s,%.3f,%.3f,%.4f,%.4f,%.4f,%s\n", e.name, lg, w, l, c, a <= d ? "int" : "int64_t",
                  cp, probe_median(empty), w / c, l / c, cp / w, ok ? "ok" : "MISMATCH");
      std::fflush(stdout);
      if (std::strstr(e.name, "_timeline"))
      {
        const std::vector<unsigned int> zeros(COUNTED_TILES, 0u); // the counts of this run alone
        CHECK_CUDA(cudaMemcpyToSymbol(g_look_back_reads, zeros.data(), sizeof g_look_back_reads));
        CHECK_CUDA(cudaMemcpyToSymbol(g_look_back_waits, zeros.data(), sizeof g_look_back_waits));
        e.run(in, out_ws, n, scratch); // once more, alone, after its timed runs
        CHECK_CUDA(cudaDeviceSynchronize());
        print_timeline(e.name, lg);
      }
    }
  }
  return 0;
}
