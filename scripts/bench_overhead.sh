#!/usr/bin/env bash
# Does the harness add overhead?  Times ping-pong at 0 bytes and 1 MiB with
# mpchar-bench (pingpong/send) and with a minimal hand-written loop
# (scripts/minimal_pingpong.c) on Open MPI, alternating the two in one run,
# ROUNDS times, and prints the medians over rounds of each one's min and
# median one-way time, and their ratios.
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
      --validation-count 0 --progress none --max-reps "$iters" \
      --time-per-point 10000 2>/dev/null \
      | awk -F, '$3=="send" {print $10, $11}' >> "$work/mpchar_$size"
    "${launch[@]}" "$work/minimal" "$size" "$iters" >> "$work/minimal_$size"
  done
done

printf "%-9s %-14s %12s %12s\n" size program min_us median_us
for size in 0 1048576; do
  for prog in mpchar minimal; do
    min=$(cut -d' ' -f1 < "$work/${prog}_$size" | median)
    med=$(cut -d' ' -f2 < "$work/${prog}_$size" | median)
    printf "%-9s %-14s %12.4f %12.4f\n" "$size" "$prog" "$min" "$med"
    eval "${prog}_min=$min ${prog}_med=$med"
  done
  awk -v a="$mpchar_min" -v b="$minimal_min" -v c="$mpchar_med" -v d="$minimal_med" \
    -v s="$size" 'BEGIN {printf "%-9s %-14s %12.3f %12.3f\n", s, "ratio", a/b, c/d}'
done
echo "(medians over $rounds rounds; ratio = mpchar-bench / minimal loop)"
