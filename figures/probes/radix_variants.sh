#!/usr/bin/env bash
# radix_variants.sh OUTDIR NAME:FLAGS [NAME:FLAGS ...]: radix_sweep.cu built once per variant
# (its -D flags), the builds in parallel, then every variant run in turn, round after round,
# so that a drift of the card's clock or temperature falls on all of them alike. Each run
# times cubling against CUB in the same process, so each row's ratio is self-contained.
#   ROUNDS (default 2), REPS (default 9), WORKS (default: "keys_u32 sizes=24,26,28",
#   "pairs_u32 sizes=26,28" and "keys_f32 sizes=26", separated by ';').
# Output: OUTDIR/all.csv (variant name, round, then radix_sweep's columns), OUTDIR/flags.txt,
# OUTDIR/build_NAME.log (ptxas's registers and spills: -Xptxas -v).
# The library's own tiles for 4-byte keys are -DP_KT=384 -DP_KI=24 -DP_KB=3 -DP_KX=1, and for
# pairs -DP_PT=384 -DP_PI=36 -DP_PB=2 -DP_PX=1 -DP_PK=1 -DP_PD=1 (with -DP_CT=0: the probe's chain
# has no smaller tile for the cooperative sort); name them in each variant that should keep them.
# A variant's flags come before -Ilib/include, so "-IDIR" in them puts DIR's headers first: a
# folder holding the committed version of a changed header (git show HEAD:lib/include/...)
# times the library before the change against the library after it.
# BUILD_ONLY=1 builds and runs nothing (on a machine without a GPU: sm_90 needs none to
# compile); RUN_ONLY=1 runs the programs already in OUTDIR, built so and carried to the GPU,
# which then spends no time compiling (give the same NAME:FLAGS both times).
set -uo pipefail
out=$(realpath -m "${1:?usage: figures/probes/radix_variants.sh OUTDIR NAME:FLAGS ...}")
shift
cd "$(dirname "$0")/../.." || exit 1
mkdir -p "$out"
declare -A flags
for spec in "$@"; do flags[${spec%%:*}]="${spec#*:}"; done
for name in "${!flags[@]}"; do
  [[ -z "${RUN_ONLY:-}" ]] || break
  # shellcheck disable=SC2086 # the flags are words
  nvcc -O3 -std=c++17 -arch=sm_90 -Xptxas -v ${flags[$name]} -Ilib/include -Itests figures/probes/radix_sweep.cu \
    -o "$out/radix_sweep_$name" >"$out/build_$name.log" 2>&1 || echo "build of $name failed: $out/build_$name.log" &
done
wait
[[ -z "${BUILD_ONLY:-}" ]] || exit 0
names=$(printf '%s\n' "${!flags[@]}" | sort)
IFS=';' read -r -a works <<<"${WORKS:-keys_u32 sizes=24,26,28;pairs_u32 sizes=26,28;keys_f32 sizes=26}"
for round in $(seq "${ROUNDS:-2}"); do
  for name in $names; do
    [[ -x "$out/radix_sweep_$name" ]] || continue
    for work in "${works[@]}"; do
      # shellcheck disable=SC2086 # "only=... sizes=..." are two arguments
      "$out/radix_sweep_$name" "${REPS:-9}" 28 only=$work | grep -v '^variant' | sed "s/^/$name,$round,/" >>"$out/all.csv"
    done
  done
done
for name in $names; do echo "$name: ${flags[$name]}" >>"$out/flags.txt"; done
