#!/bin/bash
# figures/sanitize_queue.sh GPU DEADLINE OUTDIR TOOL ITEM...
#
# Runs compute-sanitizer's TOOL (through figures/measure.sh's sanitizer phase)
# over a queue of test shards, one run at a time on one GPU, most important
# first, each run ending by DEADLINE (epoch seconds): a device call of fixed
# length then reports every run as clean, failed or not finished, and names
# the ones it had no time to start. An ITEM is TEST_REGEX:SHARDS:SHARD
# (SHARDS 1: the whole test). Start one queue per GPU in the background and
# `wait`; see measure.sh's comment for how long the radix sort tests take.
# CUBLING_BUILD_DIR picks the build (default build/gpu), as for measure.sh.
# Only cubling's kernels are checked (--kernel-name kns=7cubling) unless
# CUBLING_SANITIZER_ARGS is set (empty: every kernel, the CUB oracle's too).
# Each queue appends its lines to OUTDIR/queue_GPU.log.
gpu=${1:?usage: figures/sanitize_queue.sh GPU DEADLINE OUTDIR TOOL ITEM...} deadline=$2 out=$3 tool=$4
shift 4
cd "$(dirname "$0")/.."
mkdir -p "$out"
for item in "$@"; do
  IFS=: read -r regex shards shard <<<"$item"
  left=$((deadline - $(date +%s)))
  if ((left < 20)); then
    echo "$item $tool: not started (no time left)" >>"$out/queue_$gpu.log"
    continue
  fi
  CUBLING_PHASES=sanitizer CUBLING_SANITIZER_GPUS=$gpu CUBLING_SANITIZER_JOBS=1 \
    CUBLING_SANITIZER_ARGS="${CUBLING_SANITIZER_ARGS---kernel-name kns=7cubling}" CUBLING_ONLY="$regex" \
    CUBLING_SANITIZER_TOOLS=$tool CUBLING_SANITIZER_SHARDS=$shards CUBLING_SANITIZER_SHARD_LIST=$shard \
    CUBLING_SANITIZER_TIMEOUT=$left figures/measure.sh "$out/${tool}_$(tr -c 'a-z0-9\n' _ <<<"$regex")_$shard" 2>&1 |
    grep -v "^compute-sanitizer:" >>"$out/queue_$gpu.log"
done
