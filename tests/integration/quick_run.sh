#!/usr/bin/env bash
# The main job's measurement: `mpchar run --quick --mpi all` must hold every
# pattern, variant and reduction operation at p = 2..cores (real timings
# only: p above the cores is left out, and meta.json says so) and every
# size, for every library, plus the validation rows; its points stop by the
# stopping rule (docs/timing.md), its log without a terminal stays under
# 200 lines, and its models must hold what docs/models.md promises of real
# data.  The time it takes is printed (performance goals belong to
# scripts, not to tests).
source "$(dirname "$0")/lib.sh"
start=$(date +%s)
"$BIN/mpchar" run --quick --mpi all --out "$WORK/r" > "$WORK/log" 2>&1 || {
  tail -20 "$WORK/log"; fail "quick run failed"; }
took=$(($(date +%s) - start))
# --mpi all: every library but the simulated smpi (it needs a platform),
# and builtin-sr (the runtime's SR mode, pingpong only) beside builtin
libs=$(ls "$BIN" | sed -n 's/^mpchar-bench-//p' | grep -vxE "smpi|smpi-tuned" |
  sed 's/^builtin$/builtin\nbuiltin-sr/' | paste -sd, -)
cores=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["host"]["cores"])' "$WORK/r/meta.json")
top=$((cores > 2 ? cores : 2))
python3 "$HERE/check_results.py" "$WORK/r" --bin "$BIN" --libraries "$libs" \
  -- --p "2-$top" --max-size 64K \
  --validation-count 10
csv="$WORK/r/measurements.csv"
lines=$(wc -l < "$WORK/log")
[ "$lines" -lt 200 ] || fail "the log without a terminal has $lines lines"
for v in send ssend bsend rsend isend; do
  grep -q ",pingpong,$v," "$csv" || fail "no pingpong $v"
done
for c in barrier bcast scatter gather allgather alltoall alltoallv; do
  for p in $(seq 2 "$top"); do
    grep -q ",$c,-,-,byte,$p," "$csv" || fail "no $c at p=$p"
  done
done
for r in reduce allreduce reduce_scatter scan; do
  for op in sum usersum nop; do
    for p in $(seq 2 "$top"); do
      grep -q ",$r,-,$op,double,$p,.*,validation," "$csv" \
        || fail "no $r $op validation rows at p=$p"
    done
  done
done
# The profile: 160 ms per point at most, --quick's stopping rule, its 10
# validation sizes a series and 15 s of level waits, and p above the
# cores left out (no oversubscribed row), as meta.json says.
python3 - "$WORK/r/meta.json" "$WORK/r" <<'PY' || fail "quick profile not in meta.json"
import json, sys
meta = json.load(open(sys.argv[1]))
o = meta["options"]
assert o["time_per_point_ms"] == "160" and o["min_reps"] == "3", o
assert o["settle_rounds"] == "3" and o["settle_tolerance_pct"] == "1", o
assert o["min_rounds"] == "4" and not o["oversubscribe"], o
assert o["validation_count"] == "10" and o["level_wait_s"] == "15", o
assert meta["p_above_cores"] == "left out", meta["p_above_cores"]
for lib in meta["libraries"]:
    assert lib["info"]["settle_rounds"] == 3, lib["name"]
PY
# ... and so does the report.
"$BIN/mpchar" report "$WORK/r" --out "$WORK/rep" > /dev/null || fail "report failed"
grep -q "p above the machine's $cores cores was not measured" "$WORK/rep/report.md" \
  || fail "the report does not say p above the cores was left out"
over=$(awk -F, 'NR > 1 && $15 == "true" { n++ } END { print n + 0 }' "$csv")
[ "$over" -eq 0 ] || fail "$over oversubscribed points in a --quick run"
# The stopping rule ended points early: each launch says after how many
# rounds of the 16 its points stopped, on average.
for lib in ${libs//,/ }; do
  line=$(grep "^mpchar-bench: $lib p=2: the stopping rule" "$WORK/log") \
    || fail "$lib: no stopping rule line"
  mean=$(sed -n 's/.*after \([0-9.]*\) of 16 rounds on average.*/\1/p' <<< "$line")
  awk -v m="$mean" 'BEGIN { exit !(m >= 4 && m < 16) }' \
    || fail "$lib: points took $mean of 16 rounds on average: $line"
done
# The models of the real run (docs/models.md): no start-up from a no-op
# T(0), no protocol switch near 1 byte, r_cc for every reduction op.
"$BIN/mpchar" fit "$WORK/r" --format csv > "$WORK/fit.csv" || fail "fit failed"
python3 - "$WORK/r/model.json" "$WORK/fit.csv" <<'PY' || fail "model check"
import csv, json, re, sys
model = json.load(open(sys.argv[1]))
for e in model["entries"]:
    for f in e["fits"]:
        ti = f.get("ti") or {}
        if f["zero_noop"] and ti.get("t0_us") is not None:
            assert ti["t0_us"] >= 2 * f["t_zero_us"], (e["library"], e["pattern"])
for fd in model["findings"]:
    m = re.search(r"protocol switch near (\d+) bytes", fd["text"])
    assert not m or int(m.group(1)) > 2, fd["text"]
rows, head = [], None
for row in csv.reader(open(sys.argv[2])):
    if row and row[0].startswith("# "):
        head = None if not row[0].startswith("# Collective") else "next"
    elif head == "next":
        head = {h.split(" (")[0]: i for i, h in enumerate(row)}
    elif isinstance(head, dict) and row:
        rows.append((head, row))
ops = [(r[h["library"]], r[h["primitive"]], r[h["op"]], r[h["r_cc"]])
       for h, r in rows if r[h["op"]] in ("sum", "usersum")]
assert ops, "no reduction rows in the collective table"
missing = [o[:3] for o in ops if o[3] == "-"]
assert not missing, "no r_cc: %r" % missing
PY
tail -8 "$WORK/log"
echo "ok: quick run of $libs in ${took}s"
