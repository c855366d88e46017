#!/usr/bin/env bash
# The verdict of scripts/perf_runtime.sh (scripts/perf_runtime.awk) on
# synthetic rounds with known answers: a cell is the median over the
# rounds of the runtime's time over the better library's in that round,
# whichever of Open MPI and MPICH that was and with a library missing from
# a round; the ratio of the medians is counted beside it; cells above 1.00
# are starred and listed with the rounds the runtime lost; the 8-byte
# latency is over the pingpong chunk's probe.  A file without the columns
# it reads is one line on stderr and a non-zero exit, and so is bad input
# to the timing scripts (perf_runtime.sh, perf_empty.sh, perf_self.sh),
# before they build or measure anything.
source "$(dirname "$0")/lib.sh"
root=$HERE/../..
header=library,pattern,variant,op,datatype,p,n_bytes,set,reps,t_min_us,t_median_us,t_mean_us,t_max_us,t_stddev_us,oversubscribed,placement

row() { # ROUND CHUNK LIB PATTERN VARIANT N_BYTES T_MEDIAN_US
  local f=$WORK/out/r$1/$2/$3/measurements.csv
  if [ ! -f "$f" ]; then
    mkdir -p "${f%/*}"
    echo "$header" >"$f"
  fi
  echo "$3,$4,$5,sum,double,2,$6,fit,100,0.01,$7,0,0,0,false,-" >>"$f"
}

verdict() { # FILES...
  awk -F, -v reps=3 -v sizes=0,8 -v duplex="" -v colls=allreduce,scan,bcast \
    -v retried=1 -f "$root/scripts/perf_runtime.awk" "$@"
}

for r in 1 2 3; do
  for lib in openmpi mpich builtin; do
    case $lib in openmpi) t=0.3 ;; mpich) t=0.45 ;; builtin) t=0.12 ;; esac
    for n in 0 8; do row $r pingpong $lib pingpong send $n $t; done
  done
  # the probe's one-way time around each chunk; the pingpong chunk's
  # median, 0.1, is the latency's floor
  case $r in 2) echo 0.08 ;; *) echo 0.1 ;; esac >"$WORK/out/r$r/pingpong/floor"
  mkdir -p "$WORK/out/r$r/colls"
  echo 0.2 >"$WORK/out/r$r/colls/floor"
done
# allreduce: 0.9/1.0, 1.2/1.3 (MPICH missing), 1.05/1.0 -> 0.92; the
# ratio of the medians 1.05/1.00
# scan: 1.08/1.0, 1.44/1.3, 1.26/1.0 -> 1.11, slower in 3 of 3; 1.26
# bcast: 1.0 over 0.9 (Open MPI), 0.95 (MPICH), 1.1 (Open MPI) -> 1.05,
# slower in 2 of 3; the ratio of the medians 1.0/1.1 = 0.91
set -- 1 0.9 1.0 5.0 1.08 1.0 5.0 1.0 0.9 1.2 \
  2 1.2 1.3 - 1.44 1.3 - 1.0 1.2 0.95 \
  3 1.05 1.0 5.0 1.26 1.0 5.0 1.0 1.1 1.25
while [ $# -gt 0 ]; do
  r=$1 i=2
  for pat in allreduce scan bcast; do
    row "$r" colls builtin "$pat" - 0 "${!i}"
    i=$((i + 1))
    row "$r" colls openmpi "$pat" - 0 "${!i}"
    i=$((i + 1))
    [ "${!i}" = - ] || row "$r" colls mpich "$pat" - 0 "${!i}"
    i=$((i + 1))
  done
  shift 10
done

verdict $(ls "$WORK"/out/r*/*/*/measurements.csv "$WORK"/out/r*/*/floor) >"$WORK/verdict" ||
  fail "perf_runtime.awk exited non-zero: $(cat "$WORK/verdict")"
expect_line() { # WHAT TEXT: a line of the verdict is TEXT exactly
  grep -qxF -- "$2" "$WORK/verdict" || fail "$1: no line '$2' in:
$(cat "$WORK/verdict")"
  echo "ok: $1"
}
expect_line "point-to-point summary" \
  "  worst 0.40 (pingpong/send 0); 0 of 16 above 1.00 (ratio of the medians: 0)"
expect_line "collectives row" \
  "  0         0.92     1.11*    1.05*"
expect_line "collectives summary" \
  "  worst 1.11 (scan/- 0); 2 of 3 above 1.00 (ratio of the medians: 2)"
expect_line "scan listed" \
  "    scan/- 0: 1.11, slower than the better library in 3 of 3 rounds; ratio of the medians 1.26"
expect_line "bcast listed" \
  "    bcast/- 0: 1.05, slower than the better library in 2 of 3 rounds; ratio of the medians 0.91"
expect_line "latency over the floor" \
  "  0.100      0.300      0.450      0.120      1.20"
expect_line "the probe" \
  "the probe around each chunk (us): least 0.080, median 0.100, most 0.200 over 6 chunks; 1 measured again"

mkdir -p "$WORK/bad/r1/colls/builtin"
echo "library,pattern,variant,n_bytes" >"$WORK/bad/r1/colls/builtin/measurements.csv"
expect_error "a file without t_median_us" \
  "bad/r1/colls/builtin/measurements.csv: line 1: no pattern, variant, n_bytes or t_median_us column" \
  verdict "$WORK/bad/r1/colls/builtin/measurements.csv"
for script in perf_runtime perf_empty perf_self; do
  expect_error "$script.sh REPS x" "$script.sh: REPS: 'x' is not a whole number of rounds" \
    "$root/scripts/$script.sh" "$WORK" x
done
for script in perf_empty perf_self; do
  expect_error "$script.sh without a build" "$script.sh: BUILD_DIR: no $WORK/none/bin/mpchar-cc" \
    "$root/scripts/$script.sh" "$WORK/none" 1
done
echo "PASS: perf_verdict"
