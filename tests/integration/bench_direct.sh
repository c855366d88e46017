#!/usr/bin/env bash
# mpchar-bench run directly under the library's own launcher, measuring
# p = 2 and p = 3 in one launch: the third rank waits idle during p = 2.
source "$(dirname "$0")/lib.sh"
lib=$1 launcher=$2
shift 2
args=(--patterns pingpong,recvfirst,allreduce,alltoall --p 2,3 --max-size 4K
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
grep -q ',3,.*,true$' "$WORK/r/measurements.csv" || fail "p=3 not marked oversubscribed"
grep -q ',2,.*,false$' "$WORK/r/measurements.csv" || fail "p=2 marked oversubscribed"
# A second launch into the same directory measures nothing new.
"$launcher" "$@" -n 3 "$BIN/mpchar-bench-$lib" --library "$lib" "${args[@]}" \
  --out "$WORK/r" --progress none || fail "second launch failed"
again=$(($(wc -l < "$WORK/r/measurements.csv") - 1))
[ "$again" -eq "$have" ] || fail "second launch added rows ($have -> $again)"
echo "ok: $have points, idle rank and resume in one directory"
