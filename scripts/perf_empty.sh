#!/bin/sh
# perf_empty.sh: collective calls that move no data, the built-in runtime
# against Open MPI and MPICH, side by side (docs/performance.md, "Issue 21:
# empty reductions without a frame").
#
#   scripts/perf_empty.sh BUILD_DIR [REPS]
#
# BUILD_DIR holds mpchar-exec and mpchar-cc.  Each of REPS (default 5)
# rounds runs scripts/empty_calls.c at p = 2 (ranks bound to distinct
# cores) with every library in turn, holding the lock /tmp/mpchar-perf.lock
# for the round.  Prints, per call, the median over the rounds of the ns
# per call for each library and the runtime's time over the better of the
# other two: first batched (the call's throughput), then "NAME@window",
# what the call adds to a window as mpchar-bench times a collective's
# repetition (its latency after a wait on the clock), below
# "nothing@window", the window without a call, and "function@window", a
# call of a function that does nothing.  PERF_EMPTY_BASE names a directory holding another
# libmpchar-rt.so (e.g. one built from an earlier commit): the runtime then
# runs a second time per round with it (LD_LIBRARY_PATH; the binary's
# RUNPATH yields to it), column "base".
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:?usage: perf_empty.sh BUILD_DIR [REPS]}
reps=${2:-5}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
base_dir=${PERF_EMPTY_BASE:-}
. "$root/scripts/side_by_side.sh"
check_inputs perf_empty.sh
compile_for_libs "$root/scripts/empty_calls.c" empty

# lines "CALL LIB NS" into $out/all
libs="openmpi mpich builtin${PERF_EMPTY_BASE:+ base}"
round() {
  for lib in $libs; do
    exe=${lib%base}
    exe=${exe:-builtin}
    $(launch $lib 2) "$out/empty_$exe" 20000 9 |
      sed -n "s/^call=\([a-z_@]*\) ns=\(.*\)/\1 $lib \2/p" >>"$out/all"
  done
}

run_rounds "$reps"
print_medians "$out/all" "empty call" _ns %.2f
