#!/usr/bin/env bash
# The main job's measurement: `mpchar run --quick --mpi all` must hold every
# pattern, variant and reduction operation at p = 2..4 and every size, for
# every library, plus the validation rows.  The time it takes is printed
# (performance goals belong to scripts, not to tests).
source "$(dirname "$0")/lib.sh"
start=$(date +%s)
"$BIN/mpchar" run --quick --mpi all --out "$WORK/r" > "$WORK/log" 2>&1 || {
  tail -20 "$WORK/log"; fail "quick run failed"; }
took=$(($(date +%s) - start))
libs=$(ls "$BIN" | sed -n 's/^mpchar-bench-//p' | paste -sd, -)
python3 "$HERE/check_results.py" "$WORK/r" --bin "$BIN" --libraries "$libs" \
  -- --p 2-4 --max-size 64K
csv="$WORK/r/measurements.csv"
for v in send ssend bsend rsend isend; do
  grep -q ",pingpong,$v," "$csv" || fail "no pingpong $v"
done
for c in barrier bcast scatter gather allgather alltoall; do
  for p in 2 3 4; do
    grep -q ",$c,-,-,byte,$p," "$csv" || fail "no $c at p=$p"
  done
done
for r in reduce allreduce reduce_scatter scan; do
  for op in sum usersum nop; do
    for p in 2 3 4; do
      grep -q ",$r,-,$op,double,$p,.*,validation," "$csv" \
        || fail "no $r $op validation rows at p=$p"
    done
  done
done
# The budget: 160 ms per real point; oversubscribed points get none, so
# exactly --quick's 3 repetitions.
python3 - "$WORK/r/meta.json" <<'PY' || fail "quick profile not in meta.json"
import json, sys
o = json.load(open(sys.argv[1]))["options"]
assert o["time_per_point_ms"] == "160" and o["min_reps"] == "3", o
PY
over=$(awk -F, 'NR > 1 && $NF == 1 && $9 != 3 { n++ } END { print n + 0 }' "$csv")
[ "$over" -eq 0 ] || fail "$over oversubscribed points without 3 repetitions"
tail -8 "$WORK/log"
echo "ok: quick run of $libs in ${took}s"
