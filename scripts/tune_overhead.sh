#!/usr/bin/env bash
# The cost of libmpchar-tune on calls it does not substitute (issue 23:
# under 20 ns per call).  For each MPI library, runs tune_overhead (the
# best of 7 batches of 10^6 MPI_Allreduce and MPI_Bcast calls on
# MPI_COMM_SELF) plainly and under the tune library in two settings:
# advice for other communicator sizes (each call looks for a region of
# its size and finds none) and no advice at all, alternating the runs
# ROUNDS times and keeping each setting's best.  Prints ns per call.
# usage: scripts/tune_overhead.sh [BUILD_DIR] [ROUNDS]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
rounds=${2:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

advice="$work/advice.json"
{
  echo "["
  echo '  {"library":"LIB","primitive":"allreduce","substitute":"allreduce_rb","p":2,"n_from":0,"n_to":1e12,"predicted_gain":0.5,"extrapolated":false},'
  echo '  {"library":"LIB","primitive":"bcast","substitute":"bcast_sa","p":2,"n_from":0,"n_to":1e12,"predicted_gain":0.5,"extrapolated":false}'
  echo "]"
} > "$advice"

best() { # FILE KEY: the smallest value of KEY in FILE
  awk -v k="$2" '$1 == k { if (m == "" || $2 < m) m = $2 } END { print m }' "$1"
}

printf '%-8s %-10s %10s %12s %12s %12s %12s\n' library call plain_ns \
  no_advice_ns other_p_ns cost_none_ns cost_other_ns
for lib in openmpi mpich builtin; do
  prog="$build/bin/tune_overhead_$lib"
  tune="$build/lib/libmpchar-tune-$lib.so"
  [ -x "$prog" ] && [ -f "$tune" ] || continue
  case $lib in
    openmpi) launch=(mpirun.openmpi --allow-run-as-root -n 1) ;;
    mpich) launch=(mpiexec.mpich -n 1) ;;
    builtin) launch=("$build/bin/mpchar-exec" -n 1) ;;
  esac
  sed "s/LIB/$lib/" "$advice" > "$work/advice-$lib.json"
  for r in $(seq "$rounds"); do
    "${launch[@]}" "$prog" >> "$work/$lib.plain"
    LD_PRELOAD=$tune "${launch[@]}" "$prog" >> "$work/$lib.none"
    LD_PRELOAD=$tune MPCHAR_TUNE="$work/advice-$lib.json" \
      "${launch[@]}" "$prog" >> "$work/$lib.other"
  done
  for call in allreduce bcast; do
    p=$(best "$work/$lib.plain" "${call}_ns")
    n=$(best "$work/$lib.none" "${call}_ns")
    o=$(best "$work/$lib.other" "${call}_ns")
    awk -v l="$lib" -v c="$call" -v p="$p" -v n="$n" -v o="$o" 'BEGIN {
      printf "%-8s %-10s %10.2f %12.2f %12.2f %12.2f %12.2f\n", l, c, p, n, o,
             n - p, o - p }'
  done
done
