#!/usr/bin/env bash
# libmpchar-tune end to end (issue 23): mpchar-bench's allreduce on the
# built-in runtime at p = 2, plain and under libmpchar-tune-builtin with
# the region `mpchar advise --verify` confirmed on this machine
# (Reduce_scatter + Allgather above 10.5 KB, docs/advise.md): `mpchar
# compare plain tuned` must show the gain inside the region (B/A below
# 0.9 at 128 and 256 KiB, faster beyond noise at one of them at least)
# and no loss elsewhere (no point slower than 10 % plus its noise).
# usage: tune_gain.sh LIBTUNE
source "$(dirname "$0")/lib.sh"
tune=$1
M="$BIN/mpchar"
cat > "$WORK/advice.json" <<'JSON'
[
  {"library":"builtin","primitive":"allreduce","substitute":"allreduce_rsag","p":2,"n_from":10490.8,"n_to":262144,"predicted_gain":0.27,"extrapolated":false}
]
JSON
args=(--mpi builtin --patterns allreduce --p 2 --sizes 1024,4096,131072,262144
      --refine 0 --max-size 256K --time-per-point 100)
"$M" run "${args[@]}" --out "$WORK/plain" > "$WORK/plain.log" 2>&1 ||
  fail "plain run: $(tail -5 "$WORK/plain.log")"
LD_PRELOAD=$tune MPCHAR_TUNE="$WORK/advice.json" \
  "$M" run "${args[@]}" --out "$WORK/tuned" > "$WORK/tuned.log" 2>&1 ||
  fail "tuned run: $(tail -5 "$WORK/tuned.log")"
"$M" compare "$WORK/plain" "$WORK/tuned" --fail-above 10 --brief \
  > "$WORK/compare.txt" || fail "a loss beyond 10 % + noise: $(cat "$WORK/compare.txt")"
"$M" compare "$WORK/plain" "$WORK/tuned" --format csv > "$WORK/compare.csv"
python3 - "$WORK/compare.csv" <<'PY' || fail "no gain in the advised region: $(cat "$WORK/compare.csv")"
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1]))
        if r["op"] == "sum" and r["set"] == "fit"]
inside = {int(r["n_bytes"]): r for r in rows if int(r["n_bytes"]) > 10490}
assert set(inside) == {131072, 262144}, inside.keys()
for n, r in sorted(inside.items()):
    print(f"n = {n}: B/A {float(r['ratio']):.3f} ({r['verdict']})")
    assert float(r["ratio"]) < 0.9, n
assert any(r["verdict"] == "faster" for r in inside.values())
PY
echo "ok: $(tail -4 "$WORK/compare.txt" | head -1)"
