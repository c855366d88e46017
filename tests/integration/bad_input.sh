#!/usr/bin/env bash
# Bad input to `mpchar run` and mpchar-bench: one clear line on stderr and
# a non-zero exit, never a crash, a hang or silent garbage.
source "$(dirname "$0")/lib.sh"
M="$BIN/mpchar"
expect_error "unknown subcommand" "'frobnicate' is not a command" "$M" frobnicate
expect_error "unknown option" "--bogus" "$M" run --bogus
expect_error "missing value" "--p" "$M" run --p
expect_error "unknown pattern" "unknown pattern 'pingpang'" \
  "$M" run --patterns pingpang --out "$WORK/a"
expect_error "p below 2" "1 is out of range" "$M" run --p 1 --out "$WORK/b"
expect_error "p above cores" "--oversubscribe" "$M" run --p $((CORES + 1)) --out "$WORK/c"
# under a real-time policy a waiting rank keeps its core: refused even so
if chrt -f 1 true 2>/dev/null; then
  expect_error "p above cores under SCHED_FIFO" \
    "--p $((CORES + 1)) is more than the $CORES cores, under real-time scheduling (SCHED_FIFO" \
    chrt -f 1 "$M" run --p 2,$((CORES + 1)) --oversubscribe --out "$WORK/c"
  expect_error "p above cores under SCHED_RR" "(SCHED_RR, as from chrt)" \
    chrt -r 1 "$M" run --p $((CORES + 1)) --oversubscribe --out "$WORK/c"
  [ ! -e "$WORK/c" ] || fail "a refused run made its folder"
else
  echo "note: chrt -f 1 not permitted here; the real-time checks did not run"
fi
expect_error "too many elements" "more than 2^31-1 elements" "$M" run --max-size 64G --p 2 --out "$WORK/e2"
expect_error "bad size" "'12x' is not a size" "$M" run --max-size 12x --out "$WORK/d"
expect_error "bad stopping rule" "--settle-rounds: 'x' is not a whole number" \
  "$M" run --settle-rounds x --p 2 --out "$WORK/d2"
expect_error "stopping rule's tolerance out of range" "--settle-tolerance (percent): 200" \
  "$M" run --settle-tolerance 200 --p 2 --out "$WORK/d3"
expect_error "size beyond memory" "lower it" "$M" run --max-size 1G --p 2 --out "$WORK/e"
expect_error "unwritable output" "cannot create" "$M" run --out /proc/mpchar-test/x
expect_error "missing MPI library" "'nompi' is not an MPI library" \
  "$M" run --mpi nompi --out "$WORK/f"
expect_error "bad launcher template" "--launcher" \
  "$M" run --launcher '$(reboot)' --p 2 --out "$WORK/g"
expect_error "missing launcher" "'nosuchlauncher' is not an executable program on PATH" \
  "$M" run --launcher 'nosuchlauncher -n {p}' --p 2 --out "$WORK/g2"
[ ! -e "$WORK/g2" ] || fail "missing launcher: a results directory was written"
expect_error "resume of a non-results directory" "meta.json" \
  "$M" run --resume "$WORK"
mkdir -p "$WORK/h"
echo '{"schema": "something-else"}' > "$WORK/h/meta.json"
expect_error "resume of a foreign meta.json" "field 'schema'" "$M" run --resume "$WORK/h"
expect_error "resume with other options" "--resume takes no other options" \
  "$M" run --resume "$WORK/h" --p 2

# A results directory whose rows are damaged names the file, line, column.
"$M" run --mpi openmpi --p 2 --patterns barrier --out "$WORK/i" >/dev/null 2>&1 \
  || fail "small run failed"
sed -i '2s/,false,-$/,maybe,-/' "$WORK/i/measurements.csv"
expect_error "damaged measurements.csv" "measurements.csv:2: column 'oversubscribed'" \
  "$M" run --resume "$WORK/i"
expect_error "existing results without --resume" "--resume" \
  "$M" run --mpi openmpi --p 2 --out "$WORK/i"

B="$BIN/mpchar-bench-openmpi"
expect_error "bench: unknown option" "--nope" "$B" --nope
expect_error "bench: bad p" "--p" "$B" --p 0 --plan
expect_error "bench: bad injection variable" "MPCHAR_BENCH_INJECT_HANG" \
  env MPCHAR_BENCH_INJECT_HANG=nonsense "$B" --plan
expect_error "bench: bad clock injection" "MPCHAR_BENCH_INJECT_CLOCK_OFFSET_US" \
  env MPCHAR_BENCH_INJECT_CLOCK_OFFSET_US=1e99 "$B" --plan
expect_error "bench: bad level injection" "MPCHAR_BENCH_INJECT_LEVEL_US" \
  env MPCHAR_BENCH_INJECT_LEVEL_US=-3 "$B" --plan
expect_error "bench: bad sync" "--sync: unknown value 'often' (window|barrier)" "$B" --sync often --plan
expect_error "run: bad sync" "--sync: unknown value 'often'" "$M" run --sync often --p 2 --out "$WORK/j"
expect_error "bench: no rounds" "--rounds: 0 is out of range (1 to 100)" "$B" --rounds 0 --plan
expect_error "run: bad rounds" "--rounds: 'x' is not a whole number" "$M" run --rounds x --p 2 --out "$WORK/k"
expect_error "bench: too many level retries" "--level-retries: 11 is out of range (0 to 10)" "$B" --level-retries 11 --plan
expect_error "run: bad level retries" "--level-retries: '-1' is not a whole number" "$M" run --level-retries -1 --p 2 --out "$WORK/k"
expect_error "bench: negative level wait" "--level-wait (seconds): -1 is out of range (0 to 86400)" "$B" --level-wait -1 --plan
expect_error "run: bad level wait" "--level-wait (seconds): 'x' is not a finite number" "$M" run --level-wait x --p 2 --out "$WORK/k"
expect_error "run: bad point timeout" "--point-timeout: 0 is out of range (1 to 86400)" \
  "$M" run --point-timeout 0 --p 2 --out "$WORK/k"
expect_error "run: flag with a value" "--raw takes no value" "$M" run --raw=yes --out "$WORK/k"
for d in a b c d e e2 f g j k; do
  [ ! -e "$WORK/$d" ] || fail "a rejected run left $WORK/$d behind"
done
echo "all bad input rejected cleanly"
