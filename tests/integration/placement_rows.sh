#!/usr/bin/env bash
# The placement column under a real MPI library (issue 25): mpchar-bench
# run twice into one directory at the same p with --placement 2x1 and
# 1x2 (the labels `mpchar run --hosts --ppn` passes) keeps both sets of
# rows apart and `mpchar fit` fits LIBRARY+2x1 and LIBRARY+1x2 apart.
# The library-independent parts, on the built-in runtime only (each
# launch of the others costs seconds): a third launch measures nothing
# new, and a placed launch into a directory written before the column is
# refused in one line.
source "$(dirname "$0")/lib.sh"
lib=$1 launcher=$2
shift 2
args=(--library "$lib" --patterns pingpong --p 2 --sizes 0,64,4K
      --validation-count 2 --refine 0 --rounds 1 --time-per-point 2
      --level-retries 0 --level-wait 0 --progress none)
launch_args=("$@")
placements="2x1 1x2"
[ "$lib" != builtin ] || placements="2x1 1x2 1x2"
for pl in $placements; do
  "$launcher" "${launch_args[@]}" -n 2 "$BIN/mpchar-bench-$lib" "${args[@]}" \
    --placement "$pl" --out "$WORK/r" >/dev/null || fail "bench --placement $pl failed"
done
csv="$WORK/r/measurements.csv"
head -n 1 "$csv" | grep -q ',oversubscribed,placement$' || fail "header: $(head -n 1 "$csv")"
n21=$(grep -c ',2x1$' "$csv" || true)
n12=$(grep -c ',1x2$' "$csv" || true)
[ "$n21" -gt 0 ] && [ "$n21" -eq "$n12" ] || fail "rows 2x1: $n21, 1x2: $n12"
[ $((n21 + n12 + 1)) -eq "$(wc -l <"$csv")" ] || fail "rows of other placements"
"$BIN/mpchar" fit "$WORK/r" --quiet || fail "fit"
python3 - "$WORK/r/model.json" "$lib" <<'PY' || fail "fit mixed the placements"
import json, sys
libs = sorted({e["library"] for e in json.load(open(sys.argv[1]))["entries"]})
assert libs == [sys.argv[2] + "+1x2", sys.argv[2] + "+2x1"], libs
PY
echo "ok: $lib: $n21 points in each of 2x1 and 1x2, fitted apart"
[ "$lib" = builtin ] || exit 0

mkdir -p "$WORK/old"
echo "library,pattern,variant,op,datatype,p,n_bytes,set,reps,t_min_us,t_median_us,t_mean_us,t_max_us,t_stddev_us,oversubscribed" >"$WORK/old/measurements.csv"
echo "$lib,pingpong,send,-,byte,2,0,fit,5,1,1,1,1,0,false" >>"$WORK/old/measurements.csv"
rc=0
"$launcher" "${launch_args[@]}" -n 2 "$BIN/mpchar-bench-$lib" "${args[@]}" \
  --placement 2x1 --out "$WORK/old" >"$WORK/old.log" 2>&1 || rc=$?
[ "$rc" -ne 0 ] || fail "a placed launch into an old directory succeeded"
grep -q 'measurements.csv: written before the placement column' "$WORK/old.log" ||
  fail "old directory: $(cat "$WORK/old.log")"
[ "$(wc -l <"$WORK/old/measurements.csv")" -eq 2 ] || fail "old directory written to"
echo "ok: $lib: a placed launch into a directory without the column refused"
