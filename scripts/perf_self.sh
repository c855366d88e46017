#!/bin/sh
# perf_self.sh: messages a rank sends to itself, the built-in runtime
# against Open MPI and MPICH, side by side (docs/performance.md, "Messages
# to self").
#
#   scripts/perf_self.sh BUILD_DIR [REPS [RAW_FILE]]
#
# BUILD_DIR holds mpchar-exec, mpchar-cc and mpchar-kernels-<lib> for the
# three libraries.  Each of REPS (default 5) rounds runs every library in
# turn, holding the lock /tmp/mpchar-perf.lock for the round: the program
# scripts/self_sendrecv.c (MPI_Sendrecv to self, as NPB CG's exchange with
# its transpose partner at p = 2) at p = 1 and 2, and NPB CG and MG class S
# at p = 1 and 2 through mpchar-kernels (5 repetitions; the one of median t_total_s).
# Prints, per measurement, the median over the rounds for each library and
# the runtime's time over the better of the other two.  PERF_SELF_BASE
# names a directory holding another libmpchar-rt.so (e.g. one built from an
# earlier commit): the runtime then runs a second time per round with it
# (LD_LIBRARY_PATH; the binaries' RUNPATH yields to it), column "base".
# RAW_FILE, if given, keeps every measurement ("KEY LIBRARY VALUE" lines).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:?usage: perf_self.sh BUILD_DIR [REPS]}
reps=${2:-5}
raw=${3:-}
sizes="8 1024 5600 65536 1048576"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
base_dir=${PERF_SELF_BASE:-}
. "$root/scripts/side_by_side.sh"
check_inputs perf_self.sh
compile_for_libs "$root/scripts/self_sendrecv.c" self

# lines "KEY LIB VALUE" into $out/all
libs="openmpi mpich builtin${PERF_SELF_BASE:+ base}"
round() {
  for lib in $libs; do
    exe=${lib%base}
    exe=${exe:-builtin}
    for p in 1 2; do
      $(launch $lib $p) "$out/self_$exe" 2000 15 $sizes |
        sed -n "s/^bytes=\([0-9]*\) sendrecv_self_us=\(.*\)/sendrecv_self_us.p$p.\1 $lib \2/p" >>"$out/all"
      for k in cg mg; do
        $(launch $lib $p) "$build/bin/mpchar-kernels-$exe" --kernel $k --class S --reps 5 |
          sed -n 's/.* t_total_s=\([0-9.e+-]*\) t_comm_s=\([0-9.e+-]*\) .*/\1 \2/p' |
          sort -n | sed -n 3p |
          awk -v k="$k.p$p" -v l="$lib" '{ print k ".t_total_s", l, $1; print k ".t_comm_s", l, $2 }' >>"$out/all"
      done
    done
  done
}

run_rounds "$reps"
[ -z "$raw" ] || cp "$out/all" "$raw"
print_medians "$out/all" measurement "" %.4g
