#!/usr/bin/env bash
# measure.sh OUTDIR: everything the book needs from a machine with a GPU, in one go.
#   1. configure and build with the `gpu` preset (docs off: they need no GPU);
#   2. run the whole CTest suite (log: OUTDIR/ctest.log);
#   3. run every chapter runner over its figure sizes (OUTDIR/chNN_*.csv, the
#      files that go to figures/data/; logs OUTDIR/chNN_*.log);
#   4. run compute-sanitizer (memcheck, racecheck, synccheck, initcheck) over
#      every GPU test, with CUBLING_QUICK=1 so that tests skip their largest
#      sizes and sort fewer keys (OUTDIR/sanitizer.log).
# CUBLING_COMMIT names the measured commit when .git is not there, or does
# not hold it: on the lent H200, .git was the checkout as the session began
# (2026-11-29: `git log` there named the session's first commit while the
# tree was four commits on), so its rows would carry that commit, "-dirty".
# There, write CUBLING_COMMIT=<git rev-parse --short=12 HEAD, run here> into
# the command.
# CUBLING_ONLY=<regex> restricts steps 3 and 4 to matching runners and tests.
# CUBLING_BUILD_DIR (default build/gpu) is the build that steps 3 and 4 run.
# It may come from another machine: a build for sm_90 made without a GPU
# (cmake -DCMAKE_CUDA_ARCHITECTURES=90), cut down to its programs, its
# CTestTestfile.cmake files and its CMakeCache.txt, and carried to the GPU.
# CTest finds a test's program only at the path where it was built
# (CMakeCache.txt's CMAKE_CACHEFILE_DIR), so where that path does not exist
# here, the script links it to CUBLING_BUILD_DIR. That saves the GPU the
# build: on 2026-11-29 chapter 10's runner and the eight DeviceRadixSort
# tests built for sm_90 in 11 minutes on a 2-core machine without a GPU.
# What travels is at most 64 MiB with the tree: the runner is 45 MB, the
# tests 1-12 MB each, so a call carries a few of them.
# CUBLING_PHASES (default "build ctest figures sanitizer") picks which of
# steps 1-4 run, so that a long job can be split over several calls of one
# build (without "build", the steps use what build/gpu already holds).
# CUBLING_SANITIZER_TIMEOUT=<seconds> ends a sanitizer run that takes longer,
# and reports it as not finished (never as clean). CUBLING_SANITIZER_TOOLS
# (default "memcheck racecheck synccheck initcheck") picks the tools, and
# CUBLING_SANITIZER_JOBS (default 8) how many runs go at once.
# CUBLING_SANITIZER_GPUS="0 1 2 3" spreads the runs over those GPUs, each run
# on one of them (CUDA_VISIBLE_DEVICES); CUBLING_SANITIZER_JOBS is then the
# runs at once on each GPU (default 1).
# CUBLING_SANITIZER_SHARDS=<n> splits each test's run into n processes
# (CUBLING_SHARD=i/n: the DeviceScan and DeviceRadixSort tests then check
# every n-th case each; the radix sort safety test splits only the cases of
# its last part, the others run in every shard);
# CUBLING_SANITIZER_SHARD_LIST="3 4 7" runs only those shards (the rest of an
# earlier call's). CUBLING_SANITIZER_ARGS adds arguments to compute-sanitizer,
# such as "--kernel-name kns=7cubling" (only cubling's kernels, not the CUB
# oracle's).
# Racecheck is the slow tool. Under CUBLING_QUICK=1, one DeviceScan or
# DeviceRadixSort test takes 2-3 minutes or more on an H100 or H200, so it may
# need a call of its own. Seen on 2026-11-27:
#   - H200, eight runs at once: the scan sums and ops tests took about 6
#     minutes each; the by-key tests and the radix sort keys and pairs tests
#     more than 9;
#   - H200, only cubling's kernels: the radix sort keys and pairs tests still
#     took more than 8 minutes each;
#   - H100, only cubling's kernels, 8 shards a test and 16 runs at once: no
#     shard of the radix sort keys, pairs or large tests finished in 212 s;
#   - H100 (2026-11-28), only cubling's kernels, 8 runs at once: the radix
#     sort onesweep test finished all four tools within 211 s; the paths
#     test's racecheck did not.
#   - H100 (2026-11-28), only cubling's kernels, racecheck alone, 4 shards a
#     test and 8 runs at once: every shard of the paths, scan by-key and scan
#     by-key wide tests finished within 370 s; two of the four shards of the
#     radix sort float keys test did not.
#   - H200 (2026-11-28), only cubling's kernels, racecheck alone, the radix
#     sort integer keys test in 8 shards: 8 runs at once, 3 shards clean
#     and 5 not finished in 498 s; then one run at a time, shards 0 and 2
#     clean in 89 s each (shard 3 unfinished in the 126 s left). The runs
#     share one GPU, which time-slices their contexts, and these kernels
#     wait on other blocks (look-back, grid barriers): one at a time
#     (CUBLING_SANITIZER_JOBS=1) finishes more of them.
#   - 4 x H200 (2026-11-28), only cubling's kernels, racecheck alone, one
#     run a GPU at a time, each run's time: the integer and float keys
#     tests in 8 shards 45-255 s (the two longest beside a 64-job build);
#     pairs in 8 shards 31-156 s, with two unfinished in 208-216 s, which
#     as 16 shards took 15-236 s; large in 2 shards 319-336 s; safety in 2
#     shards 52-55 s. Spread over four GPUs, the racecheck of every radix
#     test finished in three calls.
#   - H200 (2026-11-28), only cubling's kernels, four runs at once: the
#     radix sort large test in 2 shards, synccheck clean within 480 s,
#     initcheck not finished in 500 s; the onesweep, paths and launches
#     tests under memcheck, synccheck and initcheck, three runs at once,
#     all nine within 21 s.
#   - H200 (2026-11-28), only cubling's kernels, 2 shards a test, 8 runs at
#     once, the four tools: the scan safety test's 8 runs in 104-122 s, the
#     scan sum_signed test's 8 in 65 s; the sum_unsigned and ops tests' 16
#     runs together in 116 s, the ops_wide test's 8 in 52 s (a later call).
#   - H200 (2026-11-28, a later session), the scan tests built on a machine
#     without a GPU (Release, CMAKE_CUDA_ARCHITECTURES=90) and carried over,
#     only cubling's kernels, 2 shards a test, 8 runs at once: memcheck and
#     initcheck of the by-key, by-key wide, ops, ops wide, sum_unsigned and
#     large tests, synccheck of by-key and ops and racecheck of ops, 30 runs
#     clean within 165 s; the by-key test's racecheck had not finished then.
#     Building there is not needed for the sanitizer: the binaries travel.
#   - H200 (2026-11-28, the session after), the radix sort onesweep and
#     launches tests built the same way, only cubling's kernels, 2 shards a
#     test, the four tools, 8 runs at once beside a -j 16 build of the whole
#     tree: all 16 runs ended within 320 s; racecheck, synccheck and
#     initcheck clean, memcheck failed on the cudaErrorCooperativeLaunchTooLarge
#     that the refusing launcher provokes on purpose (called by hand, without
#     this script's --report-api-errors no). Run again with it, the four
#     memcheck runs were clean. The build took 458 s instead of about 335.
#   - H200 (2026-11-29), built by `cmake --build --preset gpu -j 16` (400 s),
#     only cubling's kernels, racecheck alone, 8 shards a test: shard 0 of
#     the radix sort launches, pairs, float keys and paths tests (and of the
#     block radix sort pairs test, which the pattern also matched), five runs
#     at once, all clean within about 350 s; shard 1 of the integer keys,
#     float keys, pairs and launches tests, four at once, clean within 240 s;
#     shard 2 of the same and of paths, five at once: only paths finished in
#     230 s. Memcheck, synccheck and initcheck of shard 0 of 4 of the float
#     keys and paths tests, six runs at once: clean in a few seconds.
#   - H200 (2026-11-29, a later session), racecheck, 8 shards a test, shard 2
#     of the integer keys, float keys, pairs, launches and paths tests, five
#     runs at once: none finished, in 180 s beside a -j 16 build nor in 215 s
#     alone (paths had taken 230 s the time before). Five at once on one GPU
#     is too many for these tests: run them one or two at a time
#     (CUBLING_SANITIZER_JOBS=1), each with a call of its own if need be.
#   - H200 (2026-11-29, the session after), the tests built without a GPU
#     and carried (CUBLING_BUILD_DIR), only cubling's kernels: memcheck,
#     synccheck and initcheck of the radix sort paths, onesweep, launches
#     and safety tests, whole, three at once: 12 runs, all clean (18 s for
#     the first three tests, 14 s for safety). Racecheck, 8 shards a test,
#     two runs at once: shards 1 and 3-7 of paths and of onesweep, 12 runs
#     clean in 303 s; in the next call, shards 0 and 2-7 of safety and of
#     onesweep, 14 runs clean, while launches' shards 2-7, queued behind
#     them, had not finished when the call's 556 s ran out (nor did shards
#     2 and 3 alone in 115 s in the call after). The onesweep and launches
#     tests did not ask in_shard() then, so each of their "shards" was the
#     whole test: onesweep's racecheck ran whole and clean 14 times here,
#     and launches' ran whole and clean twice in the first 2026-11-29 run
#     above (its shards 0 and 1; kernels as now but for 2f076d8, which
#     restated how a pass's digit field is computed). They ask it now, for
#     each sort.
#   - 2 x H200 (2026-11-29, the session after), the tests built without a
#     GPU and carried, only cubling's kernels, CUBLING_SANITIZER_GPUS="0 1"
#     and one run at a time a GPU (each GPU working through its own list of
#     tests and shards, the most important first): memcheck, synccheck and
#     initcheck of eleven radix tests, whole, 33 runs clean in 38 s; the
#     racecheck of a shard took 3-225 s (onesweep in 4 shards 8-9 s each,
#     launches in 4 shards 24-38 s, paths in 8 shards 9-83 s, pairs in 16
#     shards 13-225 s, integer keys in 8 shards 47-92 s with one unfinished
#     in 120 s, float keys 17-125 s, safety's shard 1 of 8 56 s; the safety
#     test whole did not finish in 450 s). Three calls held the machine for
#     about 28 minutes, a -j 24 build of the whole tree and the README's two
#     commands among them. One run a GPU on two GPUs did in a call what two
#     calls of one GPU did before. figures/sanitize_queue.sh runs such a list.
#   - 2 x H200 (2026-11-29, the session after), the same carried tests,
#     sanitize_queue.sh on each GPU: racecheck of integer keys shards 3-7 of
#     8 in 28-247 s each, float keys 6-7 in 16-48 s; the large test in 2
#     shards (each one of the two uint8 sorts of 2^28 + 2^16 + 5 keys, in
#     two portions) 1-2 s under memcheck, initcheck and synccheck, 18-19 s
#     under racecheck, where the kernels of 2026-11-28 had taken 319-336 s.
set -uo pipefail
out=${1:?usage: figures/measure.sh OUTDIR}
only=${CUBLING_ONLY:-.}
build=${CUBLING_BUILD_DIR:-build/gpu}
phases=${CUBLING_PHASES:-build ctest figures sanitizer}
cd "$(dirname "$0")/.."
mkdir -p "$out"

# Ninja for a new build directory; one that the README's workflow made keeps its generator
if [[ " $phases " == *" build "* ]]; then
  generator=(); [[ -f build/gpu/CMakeCache.txt ]] || generator=(-G Ninja)
  cmake --preset gpu "${generator[@]}" -DCUBLING_BUILD_DOCS=OFF >"$out/configure.log" 2>&1 || { tail -20 "$out/configure.log"; exit 1; }
  cmake --build --preset gpu -j "$(nproc)" >"$out/build.log" 2>&1 || { grep -B2 -A8 -m3 error "$out/build.log"; exit 1; }
fi

if [[ " $phases " == *" ctest "* ]]; then
  ctest --preset gpu -j 4 >"$out/ctest.log" 2>&1
  grep -E "tests passed|Skipped|Failed|\*\*\*" "$out/ctest.log"
fi

for folder in "$build"/chapters/[0-9][0-9]_*; do
  [[ " $phases " == *" figures "* ]] || break
  topic=$(basename "$folder")
  name=ch${topic:0:2}_${topic:3}                         # the chapter runner, e.g. ch05_device_reduce
  runner=$folder/$name
  [[ -x "$runner" && "$name" =~ $only ]] || continue
  # 101 runs per measurement (at most a second each): the medians of microsecond launches need them
  "$runner" --figure --reps 101 --csv "$out/$name.csv" >"$out/$name.log" 2>&1
  echo "$name: exit $? ($(tail -1 "$out/$name.log"))"
done

[[ " $phases " == *" sanitizer "* ]] || exit 0
# A build carried from another machine: its tests' programs where CTest looks for them
made_in=$(sed -n 's/^CMAKE_CACHEFILE_DIR:INTERNAL=//p' "$build/CMakeCache.txt")
if [[ -n "$made_in" && ! -e "$made_in" ]]; then
  mkdir -p "$(dirname "$made_in")" && ln -s "$(realpath "$build")" "$made_in"
fi
python3 - "$out" "$only" "$build" <<'PY' 2>&1 | tee "$out/sanitizer.log"
import json, os, queue, re, subprocess, sys, time
out, only, build = sys.argv[1], sys.argv[2], sys.argv[3]
limit = int(os.environ.get("CUBLING_SANITIZER_TIMEOUT", "0")) or None  # seconds a run may take (unset: no limit)
tools = os.environ.get("CUBLING_SANITIZER_TOOLS", "memcheck racecheck synccheck initcheck").split()
extra = os.environ.get("CUBLING_SANITIZER_ARGS", "").split()  # e.g. "--kernel-name kns=7cubling": check only our kernels
tests = json.loads(subprocess.run(["ctest", "--test-dir", build, "-L", "gpu", "--show-only=json-v1"],
                                  capture_output=True, text=True).stdout)["tests"]
from concurrent.futures import ThreadPoolExecutor, as_completed

def sanitize(job):
    name, tool, command, shard, refusing = job
    started = time.monotonic()
    # CUBLING_QUICK=1: tests skip their largest sizes (2^28, 2^31 items), which the sanitizer would take hours over
    # Tests labelled refuses_launches provoke cudaErrorCooperativeLaunchTooLarge on purpose (the
    # fallback is what they test): memcheck still checks their memory, but does not count those API errors.
    api = ["--report-api-errors", "no"] if tool == "memcheck" and refusing else []
    gpu = free_gpus.get() if gpus else None
    device = {"CUDA_VISIBLE_DEVICES": gpu} if gpus else {}
    try:
        run = subprocess.run(["compute-sanitizer", "--tool", tool, "--error-exitcode", "99"] + extra + api + command,
                             capture_output=True, text=True,
                             env=dict(os.environ, CUBLING_QUICK="1", **shard, **device), timeout=limit)
    except subprocess.TimeoutExpired:
        return None, f"{name:45s} {tool:10s} NOT FINISHED in {limit} s (CUBLING_SANITIZER_TIMEOUT)"
    finally:
        if gpus:
            free_gpus.put(gpu)

    summary = [l for l in run.stdout.splitlines() if "ERROR SUMMARY" in l or "RACECHECK SUMMARY" in l]
    # the test's own last line (e.g. "N cases passed"): a clean run that checked nothing shows as such
    said = [l for l in run.stdout.splitlines() if l.strip() and not l.startswith("=========")][-1:]
    verdict = 'clean' if run.returncode == 0 else 'FAILED (exit %d)' % run.returncode
    line = f"{name:45s} {tool:10s} {verdict} in {time.monotonic() - started:.0f} s  {' '.join(summary + said)}"
    return run.returncode == 0, line + ("" if run.returncode == 0 else "\n" + run.stdout[-3000:] + run.stderr[-1000:])

gpus = os.environ.get("CUBLING_SANITIZER_GPUS", "").split()  # unset: every run on the default GPU
jobs_at_once = int(os.environ.get("CUBLING_SANITIZER_JOBS", "1" if gpus else "8"))  # a GPU, where GPUS are named
free_gpus = queue.Queue()
for gpu in gpus * jobs_at_once:
    free_gpus.put(gpu)
shards = int(os.environ.get("CUBLING_SANITIZER_SHARDS", "1"))
# the shards to run: CUBLING_SANITIZER_SHARD_LIST's, among the `shards` (unset: all of them)
picked = [i for i in map(int, os.environ.get("CUBLING_SANITIZER_SHARD_LIST", "").split()) if i < shards] or range(shards)
jobs = []
for test in tests:
    if not re.search(only, test["name"]):
        continue
    # Not kernels of ours to sanitize: the tour (a CMake script over the runners,
    # whose checks run here anyway), the runner's timing tests, and the runner's
    # broken steps (they fail on purpose; their guard-zone writes are in bounds).
    if test["name"] == "tour" or test["name"].endswith(".timed") or test["name"].startswith("runner_broken"):
        continue
    if "command" not in test:  # a cut-down build (CUBLING_BUILD_DIR) without this test's program
        print(f"{test['name']:45s} not in {build}: not run", flush=True)
        continue
    command = test["command"]
    if "--check" in command:  # chapter checks: small odd sizes, since the sanitizer slows kernels 10-100x
        command = command + ["--n", "1,33,1000,65537"]
    labels = next((p["value"] for p in test.get("properties", []) if p["name"] == "LABELS"), [])
    jobs += [(test["name"] + (f" [{i}/{shards}]" if shards > 1 else ""), tool, command,
              {"CUBLING_SHARD": f"{i}/{shards}"} if shards > 1 else {}, "refuses_launches" in labels)
             for tool in tools for i in picked]
counts = {True: 0, False: 0, None: 0}  # clean, failed, not finished
# CUBLING_SANITIZER_JOBS runs at once (default 8), or that many on each of CUBLING_SANITIZER_GPUS (default 1):
# runs on one GPU share it, and for kernels that wait on other blocks (the radix sort's) one at a time
# finishes more (see the comment at the top)
# Each run's line as soon as it ends, so a call cut short still reports every run that ended.
with ThreadPoolExecutor(max_workers=jobs_at_once * max(len(gpus), 1)) as pool:
    for ok, line in (future.result() for future in as_completed([pool.submit(sanitize, job) for job in jobs])):
        counts[ok] += 1
        print(line, flush=True)
print(f"compute-sanitizer: {len(jobs)} runs, {counts[True]} clean, {counts[False]} failed, "
      f"{counts[None]} not finished" + (": FAILURES above" if counts[False] else ""))
PY
