#!/usr/bin/env bash
# What the profiler (libmpchar-prof) costs, on every MPI library of a build:
#  1. the time it adds to one MPI call: scripts/prof_callcost.c times
#     MPI_Test on MPI_REQUEST_NULL (the cheapest intercepted call) at
#     p = 1, with and without the profiler preloaded (goal: < 30 ns);
#     ROUNDS alternating runs, medians;
#  2. the slowdown of a real application (goal: < 0.3%; seed 004 reports
#     < 0.9%): NPB LU class W at p = 2 (about 1.3 s quiet, 19603
#     intercepted calls per rank; CG class W, measured before, runs 0.07
#     s, less than its launcher's start-up), 2 x ROUNDS pairs of runs,
#     plain and profiled, back to back, the order swapped every pair so
#     that a drift of the load hits both alike.  Each run's speed is LU's own "Mop/s total" (6 significant
#     digits, where its "Time in seconds" has 0.01 s: 0.8%); a pair's
#     slowdown is plain Mop/s / profiled Mop/s - 1, the figure is the
#     median over the pairs, and its resolution the standard error of
#     that median, 1.2533 x 0.7413 IQR / sqrt(pairs) (the pairs' spread,
#     robust to a pair that a burst of load hit);
#  3. the slowdown the per-call cost predicts: LU's intercepted calls per
#     rank (one `mpchar profile` run) times the added ns, over LU's time.
# Prints a Markdown table.  Measurements: docs/profile.md "Overhead".
# Usage: scripts/prof_overhead.sh [BUILD_DIR] [ROUNDS]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
rounds=${2:-5}
[[ $rounds =~ ^[1-9][0-9]*$ ]] || { echo "prof_overhead.sh: ROUNDS must be a positive integer" >&2; exit 2; }
[ -d "$build/lib" ] || { echo "prof_overhead.sh: $build is not a build (scripts/build.sh)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
app=lu_W

declare -A cc=([openmpi]=mpicc.openmpi [mpich]=mpicc.mpich [builtin]=$build/bin/mpchar-cc)
declare -A launch=([openmpi]="mpirun.openmpi --oversubscribe" [mpich]="mpiexec.mpich"
                   [builtin]="$build/bin/mpchar-exec")
[ "$(id -u)" -eq 0 ] && launch[openmpi]+=" --allow-run-as-root"

median() { sort -g | awk '{v[NR]=$1} END {print (NR%2 ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2)}'; }
# the standard error of the median of the numbers on stdin (see above)
median_se() {
  sort -g | awk '{v[NR]=$1} END {
    q1 = v[int((NR - 1) * 0.25) + 1]; q3 = v[int((NR - 1) * 0.75 + 0.5) + 1]
    print 1.2533 * 0.7413 * (q3 - q1) / sqrt(NR) }'
}

# run LIBRARY PROFILED COMMAND...: the command, preloaded when PROFILED=1
run() {
  local lib=$1 profiled=$2
  shift 2
  rm -rf "$work/events" && mkdir -p "$work/events"
  if [ "$profiled" = 1 ]; then
    MPCHAR_PROF_DIR="$work/events" LD_PRELOAD="$build/lib/libmpchar-prof-$lib.so" "$@"
  else
    "$@"
  fi
}

# app_mops LIBRARY PROFILED: one verified LU run's Mop/s total
app_mops() {
  # shellcheck disable=SC2086
  run "$1" "$2" ${launch[$1]} -n 2 "$build/bin/${app}_$1" >"$work/app.out"
  grep -q "Verification *= *SUCCESSFUL" "$work/app.out" || { echo "$app failed on $1" >&2; exit 1; }
  sed -n 's/^ *Mop\/s total *= *//p' "$work/app.out"
}

echo "# prof_overhead.sh: $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg), $rounds rounds, $((2 * rounds)) pairs of LU runs"
echo
echo "| library | MPI_Test (ns) | profiled (ns) | added per call (ns) | LU class W (s) | LU calls per rank | slowdown (median of pairs) | resolution (±) | predicted slowdown |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
for lib in openmpi mpich builtin; do
  [ -e "$build/lib/libmpchar-prof-$lib.so" ] || continue
  ${cc[$lib]} -O2 -o "$work/callcost_$lib" "$root/scripts/prof_callcost.c"
  cmake --build "$build" --target "${app}_$lib" >/dev/null
  # shellcheck disable=SC2086
  for r in $(seq 1 "$rounds"); do
    for p in 0 1; do
      run $lib $p ${launch[$lib]} -n 1 "$work/callcost_$lib" 1000000 |
        sed -n 's/^ns_per_call //p' >>"$work/call_${lib}_$p"
    done
  done
  for pair in $(seq 1 $((2 * rounds))); do
    if [ $((pair % 2)) = 1 ]; then
      plain=$(app_mops $lib 0) profiled=$(app_mops $lib 1)
    else
      profiled=$(app_mops $lib 1) plain=$(app_mops $lib 0)
    fi
    echo "$plain $profiled" >>"$work/app_$lib"
  done
  c0=$(median <"$work/call_${lib}_0") c1=$(median <"$work/call_${lib}_1")
  awk '{print $1 / $2 - 1}' "$work/app_$lib" >"$work/slow_$lib"
  slow=$(median <"$work/slow_$lib") se=$(median_se <"$work/slow_$lib")
  # LU's calls and time (the profiled run's own) for the prediction
  # shellcheck disable=SC2086
  "$build/bin/mpchar" profile --out "$work/prof_$lib" -- ${launch[$lib]} -n 2 "$build/bin/${app}_$lib" >"$work/prof.out"
  secs=$(sed -n 's/^ *Time in seconds *= *//p' "$work/prof.out")
  calls=$(python3 -c 'import json,sys; p=json.load(open(sys.argv[1])); print(p["total"]["total"]["calls"] / len(p["ranks"]))' \
    "$work/prof_$lib/profile.json")
  awk -v l="$lib" -v c0="$c0" -v c1="$c1" -v s="$slow" -v se="$se" -v t="$secs" -v n="$calls" 'BEGIN {
    printf "| %s | %.1f | %.1f | %.1f | %.2f | %.0f | %+.3f%% | %.3f%% | %.3f%% |\n",
           l, c0, c1, c1 - c0, t, n, 100 * s, 100 * se, 100 * n * (c1 - c0) * 1e-9 / t }'
  echo "$lib: $(tr '\n' ';' <"$work/app_$lib")" >>"$work/pairs"
done
echo
echo "LU's Mop/s total, plain and profiled, pair by pair:"
sed 's/^/- /' "$work/pairs"
echo "# end: $(date -u '+%H:%M UTC'), load average $(cut -d' ' -f1-3 /proc/loadavg)"
