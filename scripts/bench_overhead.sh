#!/usr/bin/env bash
# Does the harness add overhead?  Times ping-pong at 0 bytes and 1 MiB with
# mpchar-bench (pingpong/send) and with a minimal hand-written loop
# (scripts/minimal_pingpong.c) on Open MPI, alternating the two in one run,
# ROUNDS times.  Both average the same number of round trips (the minimal
# loop times them as a whole, mpchar-bench's t_mean_us is the mean over its
# repetitions), so their ratio is the harness's cost; mpchar's min and
# median are shown beside.  Figures are medians over the rounds.
# usage: scripts/bench_overhead.sh [BUILD_DIR] [ROUNDS]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
rounds=${2:-5}
bench=$build/bin/mpchar-bench-openmpi
[ -x "$bench" ] || { echo "no $bench: build first (scripts/build.sh)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mpicc.openmpi -O2 -o "$work/minimal" "$root/scripts/minimal_pingpong.c"
launch=(mpirun.openmpi -n 2 --bind-to core)
[ "$(id -u)" -eq 0 ] && launch+=(--allow-run-as-root)

median() { sort -g | awk '{v[NR]=$1} END {print (NR%2 ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2)}'; }

for size in 0 1048576; do
  iters=1000
  [ "$size" -gt 0 ] && iters=200
  for r in $(seq 1 "$rounds"); do
    "${launch[@]}" "$bench" --patterns pingpong --sizes "$size" \
      --validation-count 0 --progress none --min-reps "$iters" \
      --max-reps "$iters" 2>/dev/null \
      | awk -F, '$3=="send" {print $12, $10, $11}' >> "$work/mpchar_$size"
    "${launch[@]}" "$work/minimal" "$size" "$iters" >> "$work/minimal_$size"
  done
done

printf "%-9s %16s %16s %8s %16s %16s\n" size mpchar_mean_us minimal_mean_us ratio \
  mpchar_min_us mpchar_median_us
for size in 0 1048576; do
  mean=$(cut -d' ' -f1 < "$work/mpchar_$size" | median)
  min=$(cut -d' ' -f2 < "$work/mpchar_$size" | median)
  med=$(cut -d' ' -f3 < "$work/mpchar_$size" | median)
  base=$(median < "$work/minimal_$size")
  awk -v s="$size" -v a="$mean" -v b="$base" -v c="$min" -v d="$med" \
    'BEGIN {printf "%-9s %16.4f %16.4f %8.3f %16.4f %16.4f\n", s, a, b, a/b, c, d}'
done
echo "(medians over $rounds rounds, each of 1000 round trips at 0 B and 200 at 1 MiB;"
echo " ratio = mpchar-bench / minimal loop)"
