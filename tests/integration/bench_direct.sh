#!/usr/bin/env bash
# mpchar-bench run directly under the library's own launcher, measuring
# p = 2 and p = 3 in one launch: the third rank waits idle during p = 2.
source "$(dirname "$0")/lib.sh"
lib=$1 launcher=$2
shift 2
args=(--patterns pingpong,recvfirst,postfirst,allreduce,alltoall --p 2,3 --max-size 4K
      --time-per-point 2 --validation-count 3 --check)
"$launcher" "$@" -n 3 "$BIN/mpchar-bench-$lib" --library "$lib" "${args[@]}" \
  --out "$WORK/r" --progress none || fail "bench failed"
# Planned against the directory, the plan also lists the sizes refinement
# added: everything is done and nothing is pending.
plan=$("$BIN/mpchar-bench-$lib" --plan --library "$lib" "${args[@]}" --out "$WORK/r")
want=$(grep -c ',done$' <<< "$plan")
have=$(($(wc -l < "$WORK/r/measurements.csv") - 1))
[ "$want" -eq "$have" ] || fail "$have rows, $want planned"
! grep -q ',pending$' <<< "$plan" || fail "points left pending: $(grep ',pending$' <<< "$plan")"
grep -q ',3,.*,true,-$' "$WORK/r/measurements.csv" || fail "p=3 not marked oversubscribed"
grep -q ',2,.*,false,-$' "$WORK/r/measurements.csv" || fail "p=2 marked oversubscribed"
# A second launch into the same directory measures nothing new.
"$launcher" "$@" -n 3 "$BIN/mpchar-bench-$lib" --library "$lib" "${args[@]}" \
  --out "$WORK/r" --progress none || fail "second launch failed"
again=$(($(wc -l < "$WORK/r/measurements.csv") - 1))
[ "$again" -eq "$have" ] || fail "second launch added rows ($have -> $again)"
echo "ok: $have points, idle rank and resume in one directory"

# Window-synchronized collectives on clocks that disagree: rank 1's clock
# runs a second ahead, as on another node.  Uncorrected, every repetition
# would find rank 1 late (the point fails) or waiting a second.
sync_args=(--patterns allreduce,pingping,scatter --p 2 --max-size 1K --refine 0
           --time-per-point 2 --validation-count 2 --progress none)
MPCHAR_BENCH_INJECT_CLOCK_OFFSET_US=1000000 "$launcher" "$@" -n 2 \
  "$BIN/mpchar-bench-$lib" --library "$lib" "${sync_args[@]}" --out "$WORK/skew" \
  || fail "bench with skewed clocks failed: $(cat "$WORK/skew/failed.csv" 2>/dev/null)"
grep -q '"sync": "window"' "$WORK/skew/library-$lib.json" || fail "sync method not recorded"
awk -F, 'NR > 1 && ($10 <= 0 || $10 > 1000 || $9 < 10) { bad = bad " " $2 "@" $7 ":" $10 "us/" $9 }
         END { if (bad) { print "implausible window times:" bad; exit 1 } }' \
  "$WORK/skew/measurements.csv" || fail "clock offsets not corrected"
"$launcher" "$@" -n 2 "$BIN/mpchar-bench-$lib" --library "$lib" "${sync_args[@]}" \
  --sync barrier --out "$WORK/barrier" || fail "bench --sync barrier failed"
grep -q '"sync": "barrier"' "$WORK/barrier/library-$lib.json" || fail "barrier sync not recorded"
[ "$(wc -l < "$WORK/barrier/measurements.csv")" -eq "$(wc -l < "$WORK/skew/measurements.csv")" ] \
  || fail "window and barrier runs measured different points"
echo "ok: window sync corrects a 1 s clock offset; barrier sync still runs"

# Rounds: every point is measured in each of 3 passes over its series, the
# second pass in descending size, and its row holds the repetitions of all
# three (2 per round, as --max-reps 6 shares out): more than one round's 2.
# Fewer than 6 is a window-synchronized repetition that started late and
# was dropped (src/bench/measure.c; a clean-clone CI on 30 November 2026:
# Open MPI's 0-byte Allreduce kept 5).  No series is measured again,
# whatever the machine's speed does meanwhile (--level-retries 0).
rounds_args=(--patterns pingpong,allreduce --p 2 --sizes 0,64,4K --refine 0
             --validation-count 0 --time-per-point 1 --min-reps 6
             --max-reps 6 --rounds 3 --level-retries 0 --progress machine)
"$launcher" "$@" -n 2 "$BIN/mpchar-bench-$lib" --library "$lib" \
  "${rounds_args[@]}" --out "$WORK/rounds" > "$WORK/rounds.log" \
  || fail "bench --rounds 3 failed"
grep -q '"rounds": 3' "$WORK/rounds/library-$lib.json" || fail "rounds not recorded"
begins=$(grep -c '^@@mpchar begin' "$WORK/rounds.log")
rows=$(($(wc -l < "$WORK/rounds/measurements.csv") - 1))
[ "$begins" -eq $((3 * rows)) ] || fail "$begins measurements for $rows points"
order=$(awk '$2 == "begin" && $5 ~ /,pingpong,send,/ { split($5, k, ","); s = s " " k[7] }
             END { print s }' "$WORK/rounds.log")
[ "$order" = " 0 64 4096 4096 64 0 0 64 4096" ] || fail "pingpong/send passes in order:$order"
awk -F, 'NR > 1 && ($9 < 3 || $9 > 6) { bad = bad " " $2 "/" $3 "@" $7 ":" $9 }
         END { if (bad) { print "reps not of 3 rounds of 2:" bad; exit 1 } }' \
  "$WORK/rounds/measurements.csv" || fail "rounds' repetitions not merged"
# Oversubscribed series take one round: their times are not real, and
# each round's minimum repetitions would only make them longer.
"$launcher" "$@" -n 2 "$BIN/mpchar-bench-$lib" --library "$lib" \
  "${rounds_args[@]}" --oversubscribed --out "$WORK/over" > "$WORK/over.log" \
  || fail "bench --rounds 3 --oversubscribed failed"
begins=$(grep -c '^@@mpchar begin' "$WORK/over.log")
over_rows=$(($(wc -l < "$WORK/over/measurements.csv") - 1))
[ "$begins" -eq "$over_rows" ] || fail "$begins measurements for $over_rows oversubscribed points"
echo "ok: $rows points in 3 rounds each, passes alternating in direction; oversubscribed in 1"

# Level changes: with the probes of every series' first measurement but
# its first made 5 us slower (a test hook, as the host moving a vCPU
# would), each of the 8 series (5 pingpong variants, allreduce with sum,
# usersum and nop) is said to have changed and is measured once
# more, its rows written once; with --level-retries 0 it is said and kept.
# No waiting for the best level (--level-wait 0) keeps the count exact.
MPCHAR_BENCH_INJECT_LEVEL_US=5 "$launcher" "$@" -n 2 "$BIN/mpchar-bench-$lib" \
  --library "$lib" "${rounds_args[@]}" --level-retries 2 --level-wait 0 --out "$WORK/level" \
  > "$WORK/level.log" || fail "bench with a level change failed"
again=$(grep -c "speed changed while it was measured.*measuring it again" "$WORK/level.log")
[ "$again" -eq 8 ] || fail "$again series measured again, 8 expected: $(grep -v '^@@' "$WORK/level.log")"
begins=$(grep -c '^@@mpchar begin' "$WORK/level.log")
level_rows=$(($(wc -l < "$WORK/level/measurements.csv") - 1))
[ "$level_rows" -eq "$rows" ] || fail "$level_rows rows after remeasuring, $rows expected"
[ "$begins" -eq $((2 * 3 * rows)) ] || fail "$begins measurements for $rows points measured twice"
MPCHAR_BENCH_INJECT_LEVEL_US=5 "$launcher" "$@" -n 2 "$BIN/mpchar-bench-$lib" \
  --library "$lib" "${rounds_args[@]}" --level-wait 0 --out "$WORK/kept" > "$WORK/kept.log" \
  || fail "bench with a level change and no retries failed"
kept=$(grep -c "speed changed while it was measured.*kept, retries used up" "$WORK/kept.log")
[ "$kept" -eq 8 ] || fail "$kept series kept after a level change, 8 expected"
begins=$(grep -c '^@@mpchar begin' "$WORK/kept.log")
[ "$begins" -eq $((3 * rows)) ] || fail "$begins measurements for $rows points without retries"
echo "ok: a level change is reported, and measured again ($again series) unless --level-retries 0"

# Waiting for the best level: the hook also slows the probes before each
# series' first measurement, so after the first series every launch waits
# for a level that does not come, until its allowance (--level-wait 0.3 s,
# and never longer than it measured: 20 ms and up to 1000 repetitions per
# point measure longer) is spent; the watchdog hears it.
MPCHAR_BENCH_INJECT_LEVEL_US=5 "$launcher" "$@" -n 2 "$BIN/mpchar-bench-$lib" \
  --library "$lib" "${rounds_args[@]}" --time-per-point 20 --min-reps 10 \
  --max-reps 1000 --level-wait 0.3 \
  --out "$WORK/wait" \
  > "$WORK/wait.log" || fail "bench waiting for its level failed"
grep -q '^@@mpchar wait$' "$WORK/wait.log" || fail "no wait announced"
waited=$(sed -n "s/^mpchar-bench: $lib: waited \([0-9.]*\) s in all.*/\1/p" "$WORK/wait.log")
[ -n "$waited" ] || fail "no account of the wait: $(grep -v '^@@' "$WORK/wait.log")"
awk -v w="$waited" 'BEGIN { exit !(w >= 0.25 && w <= 0.5) }' \
  || fail "waited $waited s, the allowance is 0.3 s"
wait_rows=$(($(wc -l < "$WORK/wait/measurements.csv") - 1))
[ "$wait_rows" -eq "$rows" ] || fail "$wait_rows rows after waiting, $rows expected"
echo "ok: a launch waits for its best level for $waited s of its 0.3 s allowance"
