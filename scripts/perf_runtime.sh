#!/bin/sh
# perf_runtime.sh: the built-in runtime against Open MPI and MPICH on this
# machine, in one run, side by side.
#
#   scripts/perf_runtime.sh [BUILD_DIR] [REPS]
#
# Builds mpchar-bench for the three libraries (Release, in BUILD_DIR,
# default build-perf, with -DMPCHAR_BUILD_RUNTIME=ON) and a cache-line
# probe (scripts/cacheline_probe.c, libc only), then runs REPS (default 5)
# rounds.  This VM has a fast and a slow state that last minutes (a cache
# line crosses between the cores in 0.05 or 0.2 us; docs/performance.md),
# and a library measured in the other state than its rival wins or loses
# by that alone.  So a round is cut into chunks of one or two patterns,
# and each chunk measures the three libraries back to back (their order
# rotating from round to round), the probe run before each library and
# after the last; a chunk whose probe readings differ by more than 1.5x is
# measured again (at most twice).
# Every run is on 2 ranks bound to distinct cores: pingpong, stream,
# pingping and bistream at 0 B .. 4 MiB, with receives posted late (as those patterns do) and posted first (the
# postfirst pattern: a window of MPI_Irecv posted before the peer's
# MPI_Isend); every collective at p = 2 over the same sizes; and seed 003's
# receive-first case twice: recvfirst (the receiver posts, then computes
# without calling MPI; its wait afterwards is what the computation did not
# hide), for every library and the runtime in SR and NSR modes, and
# ready-mode pingpong (receives pre-posted, receiver waiting in MPI_Wait),
# runtime SR against NSR.  The probe's two processes bounce one cache line
# between the two cores: the physical floor of a one-way message.  In the
# pingping and bistream chunks a second probe (scripts/duplex_probe.c)
# runs beside it: two processes reading each other's 256 KiB, 1 MiB and
# 4 MiB with process_vm_readv at once (for bistream into a window of 32
# receive slots, as mpchar-bench's), the floor of a single-copy
# full-duplex exchange between 4 KiB pages, against which each library's
# time is printed (the runtime's buffers are on huge pages: below it).  Each
# time in the tables is the median over the rounds of mpchar-bench's
# per-point median.  A ratio is paired by round, as the chunks are built
# for: the median over the rounds of the runtime's time over the better
# library's time in that round (<= 1.00: the runtime is not the slower
# library); the ratio of the medians, which a VM state that met one
# library in more rounds than another can decide, is counted beside it.
# Each cell above 1.00 is listed with the number of rounds in which the
# runtime was slower than that round's better library.  Since the
# chunks replace waiting for the machine's best speed, mpchar-bench runs
# with --level-wait 0 --level-retries 0.
# PERF_BENCH_OPTS adds mpchar-bench options to every run (e.g.
# "--time-per-point 30" for a shorter run; docs/performance.md says which a
# run used).
# PERF_LOCK names a lock file that each round holds (flock), so that
# several people timing on one machine take turns round by round.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build-perf}
reps=${2:-5}
case $reps in
  '' | *[!0-9]* | 0) echo "perf_runtime.sh: REPS: '$reps' is not a whole number of rounds, 1 or more" >&2; exit 2 ;;
esac
sizes="1K,4K,16K,64K,256K,1M,4M"
all_sizes="0,8,64,512,1K,2K,4K,8K,16K,32K,64K,256K,1M,4M"
p2p="pingpong stream pingping bistream postfirst recvfirst"
colls=barrier,bcast,scatter,gather,allgather,alltoall,reduce,allreduce,reduce_scatter,scan

if [ ! -x "$build/bin/mpchar-bench-builtin" ] || [ ! -x "$build/bin/mpchar-exec" ]; then
  cmake -S "$root" -B "$build" -DMPCHAR_BUILD_RUNTIME=ON -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build "$build" -j2 --target mpchar-bench-openmpi mpchar-bench-mpich \
  mpchar-bench-builtin mpchar-exec >/dev/null

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cc -std=c11 -O2 -o "$out/cacheline_probe" "$root/scripts/cacheline_probe.c"
cc -std=c11 -O2 -o "$out/duplex_probe" "$root/scripts/duplex_probe.c"
duplex_sizes="262144 1048576 4194304"

launch() { # LIB: the launcher command for 2 ranks on distinct cores
  case $1 in
    openmpi) echo "mpirun.openmpi --allow-run-as-root -n 2 --bind-to core" ;;
    mpich) echo "mpiexec.mpich -n 2 -bind-to core" ;;
    builtin*) echo "$build/bin/mpchar-exec -n 2 --bind" ;;
  esac
}

bench() { # LIB DIR PATTERNS SIZES [ENV...]
  lib=$1 dir=$2 pat=$3 sz=$4
  shift 4
  exe=$build/bin/mpchar-bench-${lib%%-*}
  env "$@" $(launch "$lib") "$exe" --library "$lib" --patterns "$pat" --sizes "$sz" --ops sum \
    --validation-count 0 --refine 0 --time-per-point 100 --level-wait 0 --level-retries 0 \
    ${PERF_BENCH_OPTS:-} --out "$dir" --progress none >/dev/null
}

# the chunks of a round, measured on every library: each point-to-point
# pattern alone, the collectives in pairs
chunks="$p2p $(echo "$colls" | tr , '\n' | paste -d, - -)"

probe() { "$out/cacheline_probe"; }

duplex() { # PATTERNS: the full-duplex floor of pingping or bistream's window
  case $1 in
    pingping) "$out/duplex_probe" $duplex_sizes ;;
    bistream) "$out/duplex_probe" -w 32 $duplex_sizes ;;
  esac
}

moved() { # READINGS...: whether the probe readings differ by more than 1.5x
  echo "$@" | awk '{ lo = hi = $1; for (i = 2; i <= NF; i++) { if ($i < lo) lo = $i; if ($i > hi) hi = $i }
                     exit !(hi > 1.5 * lo) }'
}

chunk() { # DIR PATTERNS LIBS: the libraries in turn, a probe before each
  # and after the last, so that a state that came and went within the
  # chunk is seen too (names apart from bench's, which sh does not scope)
  chunk_dir=$1 chunk_pat=$2 chunk_libs=$3 try=1
  while :; do
    rm -rf "$chunk_dir" && mkdir -p "$chunk_dir"
    readings=""
    for chunk_lib in $chunk_libs; do
      readings="$readings $(probe)"
      duplex "$chunk_pat" >>"$chunk_dir/duplex"
      bench "$chunk_lib" "$chunk_dir/$chunk_lib" "$chunk_pat" "$all_sizes"
    done
    readings="$readings $(probe)"
    moved $readings && [ "$try" -lt 3 ] || break
    try=$((try + 1))
    retried=$((retried + 1))
  done
  echo $readings | awk '{ for (i = 1; i <= NF; i++) s += $i; print s / NF }' >"$chunk_dir/floor"
}

round() { # I: one round of every measurement, the libraries' order rotated
  i=$1
  case $((i % 3)) in
    1) libs="openmpi mpich builtin" ;;
    2) libs="mpich builtin openmpi" ;;
    0) libs="builtin openmpi mpich" ;;
  esac
  for pat in $chunks; do chunk "$out/r$i/$pat" "$pat" "$libs"; done
  mkdir -p "$out/r$i/modes"
  bench builtin-sr "$out/r$i/modes/sr" pingpong,recvfirst "$sizes" MPCHAR_RT_MODE=SR
  bench builtin-nsr "$out/r$i/modes/nsr" pingpong,recvfirst "$sizes" MPCHAR_RT_MODE=NSR
}

retried=0
i=1
while [ "$i" -le "$reps" ]; do
  if [ -n "${PERF_LOCK:-}" ]; then
    exec 9>"$PERF_LOCK"
    flock 9
    round "$i"
    flock -u 9
  else
    round "$i"
  fi
  i=$((i + 1))
done

# the tables and the verdict (perf_runtime.awk, which a test runs on rounds
# with known answers)
awk -F, -v reps="$reps" -v sizes="$all_sizes" -v duplex="$duplex_sizes" -v colls="$colls" \
  -v retried="$retried" -f "$root/scripts/perf_runtime.awk" \
  $(ls "$out"/r*/*/*/measurements.csv "$out"/r*/*/floor "$out"/r*/*/duplex)
