#!/usr/bin/env bash
# What the profiler (libmpchar-prof) costs, on every MPI library of a build:
#  1. the time it adds to one MPI call: scripts/prof_callcost.c times
#     MPI_Test on MPI_REQUEST_NULL (the cheapest intercepted call) at
#     p = 1, with and without the profiler preloaded (goal: < 30 ns);
#  2. the slowdown of a real application: NPB CG class W (tests/apps) at
#     p = 2, the time it reports itself, with and without the profiler
#     (goal: < 0.3%; seed 004 reports < 0.9%); and, since on a loaded
#     machine that difference is mostly noise, the slowdown the per-call
#     cost predicts: CG's intercepted calls per rank (from one `mpchar
#     profile` run) times the added ns, over CG's time.
# Runs alternate (plain, profiled) ROUNDS times so that a burst of load hits
# both alike; figures are medians.  Prints a Markdown table.
# Usage: scripts/prof_overhead.sh [BUILD_DIR] [ROUNDS]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
rounds=${2:-5}
[[ $rounds =~ ^[1-9][0-9]*$ ]] || { echo "prof_overhead.sh: ROUNDS must be a positive integer" >&2; exit 2; }
[ -d "$build/lib" ] || { echo "prof_overhead.sh: $build is not a build (scripts/build.sh)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

declare -A cc=([openmpi]=mpicc.openmpi [mpich]=mpicc.mpich [builtin]=$build/bin/mpchar-cc)
declare -A launch=([openmpi]="mpirun.openmpi --oversubscribe" [mpich]="mpiexec.mpich"
                   [builtin]="$build/bin/mpchar-exec")
[ "$(id -u)" -eq 0 ] && launch[openmpi]+=" --allow-run-as-root"

median() { sort -g | awk '{v[NR]=$1} END {print (NR%2 ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2)}'; }

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

echo "# prof_overhead.sh: $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg), $rounds rounds"
echo
echo "| library | MPI_Test (ns) | profiled (ns) | added per call (ns) | CG class W (s) | profiled (s) | slowdown | CG calls per rank | predicted slowdown |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
for lib in openmpi mpich builtin; do
  [ -e "$build/lib/libmpchar-prof-$lib.so" ] || continue
  ${cc[$lib]} -O2 -o "$work/callcost_$lib" "$root/scripts/prof_callcost.c"
  cmake --build "$build" --target "cg_W_$lib" >/dev/null
  cg=$build/bin/cg_W_$lib
  # shellcheck disable=SC2086
  for r in $(seq 1 "$rounds"); do
    for p in 0 1; do
      run $lib $p ${launch[$lib]} -n 1 "$work/callcost_$lib" 1000000 |
        sed -n 's/^ns_per_call //p' >>"$work/call_${lib}_$p"
      run $lib $p ${launch[$lib]} -n 2 "$cg" | tee "$work/cg.out" |
        sed -n 's/^ *Time in seconds = *//p' >>"$work/cg_${lib}_$p"
      grep -q "Verification *= *SUCCESSFUL" "$work/cg.out" || { echo "CG failed on $lib" >&2; exit 1; }
    done
  done
  c0=$(median <"$work/call_${lib}_0") c1=$(median <"$work/call_${lib}_1")
  a0=$(median <"$work/cg_${lib}_0") a1=$(median <"$work/cg_${lib}_1")
  # shellcheck disable=SC2086
  "$build/bin/mpchar" profile --out "$work/prof_$lib" -- ${launch[$lib]} -n 2 "$cg" >/dev/null
  calls=$(python3 -c 'import json,sys; p=json.load(open(sys.argv[1])); print(p["total"]["total"]["calls"] / len(p["ranks"]))' \
    "$work/prof_$lib/profile.json")
  awk -v l="$lib" -v c0="$c0" -v c1="$c1" -v a0="$a0" -v a1="$a1" -v n="$calls" 'BEGIN {
    printf "| %s | %.1f | %.1f | %.1f | %.3f | %.3f | %+.2f%% | %.0f | %.3f%% |\n",
           l, c0, c1, c1 - c0, a0, a1, 100 * (a1 - a0) / a0, n,
           100 * n * (c1 - c0) * 1e-9 / a0 }'
done
