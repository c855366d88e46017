#!/usr/bin/env bash
# The whole loop of issue 23 with a gain, on a simulated cluster (SimGrid
# SMPI, cluster:16:5us:1Gbps, SMPI's default collectives; docs/advise.md,
# "A simulated gain"): run -> fit -> advise --verify --out -> mpchar-bench
# under libmpchar-tune -> mpchar compare.
#  1. bcast, scatter and allgather at p = 2, 4, 8; `mpchar advise
#     --primitive bcast --verify --out advice.json`: Bcast as Scatter +
#     Allgather must be advised and confirmed at p = 4 and 8, not at p = 2;
#  2. mpchar-bench's bcast plain and tuned at --verify's sizes and 16
#     bytes (below the p = 4 region): the tuned run is mpchar-bench-smpi-
#     tuned (libmpchar-tune linked in: smpirun loads the benchmark into the
#     simulator, LD_PRELOAD cannot reach it) in place of mpchar-bench-smpi,
#     through a copy of mpchar next to it (mpchar finds its benchmarks in
#     its own directory); MPCHAR_TUNE_LOG must count substituted calls;
#  3. `mpchar compare plain tuned`: inside a region each B/A equals the
#     T_substitute/T_primitive --verify measured there (the simulation
#     repeats to the nanosecond: within 0.5%) and is below 1 (also at the
#     other sizes inside the region); outside, B/A
#     is 1 within 0.5%: the calls went to SMPI's own Bcast.
source "$(dirname "$0")/lib.sh"
M="$BIN/mpchar"
for b in mpchar-bench-smpi mpchar-bench-smpi-tuned; do
  [ -e "$BIN/$b" ] || fail "$b was not built"
done
spec=cluster:16:5us:1Gbps
sim=(--mpi smpi --platform "$spec" --rounds 1 --refine 0 --time-per-point 1
     --min-reps 2 --max-reps 3 --level-retries 0 --validation-count 0)
"$M" run "${sim[@]}" --patterns bcast,scatter,allgather --p 2,4,8 \
  --sizes pow4 --max-size 64K --out "$WORK/m" >"$WORK/m.log" 2>&1 ||
  fail "run: $(tail -5 "$WORK/m.log")"
"$M" fit "$WORK/m" --quiet || fail "fit"
"$M" advise "$WORK/m" --primitive bcast --min-gain 0 --verify \
  --out "$WORK/advice.json" >"$WORK/verify" 2>&1 || fail "verify: $(cat "$WORK/verify")"
sizes=$(python3 - "$WORK" <<'PY'
import json, re, sys
w = sys.argv[1]
text = open(w + "/verify").read()
advice = json.load(open(w + "/advice.json"))
assert sorted(a["p"] for a in advice) == [4, 8], advice
points = []  # (p, n, verify's T_substitute/T_primitive)
for m in re.finditer(r"smpi bcast -> bcast_sa .*?, p = (\d+), .*?:\n(.*?)\n  "
                     r"(confirmed|withdrawn)", text, re.S):
    assert m[3] == "confirmed", m[0]
    for n, a, b in re.findall(r"n = (\d+) .*\((\S+) us -> (\S+) us", m[2]):
        points.append((int(m[1]), int(n), float(b) / float(a)))
assert {p for p, _, _ in points} == {4, 8}, points
json.dump({"advice": advice, "points": points}, open(w + "/verified.json", "w"))
print(",".join(str(n) for n in sorted({16} | {n for _, n, _ in points})))
PY
) || fail "advise --verify did not confirm Bcast -> Scatter + Allgather at p = 4 and 8"
bench=("${sim[@]}" --patterns bcast --p 2,4,8 --sizes "$sizes" --max-size 64K)
"$M" run "${bench[@]}" --out "$WORK/plain" >"$WORK/plain.log" 2>&1 ||
  fail "plain run: $(tail -5 "$WORK/plain.log")"
mkdir "$WORK/tuned-bin"
cp "$M" "$WORK/tuned-bin/mpchar"
cp "$BIN/mpchar-bench-smpi-tuned" "$WORK/tuned-bin/mpchar-bench-smpi"
MPCHAR_TUNE="$WORK/advice.json" MPCHAR_TUNE_LOG=1 "$WORK/tuned-bin/mpchar" \
  run "${bench[@]}" --out "$WORK/tuned" >"$WORK/tuned.log" 2>&1 ||
  fail "tuned run: $(tail -5 "$WORK/tuned.log")"
check_tuned bcast
python3 - "$WORK/compare.csv" "$WORK/verified.json" <<'PY' ||
import csv, json, sys
v = json.load(open(sys.argv[2]))
rows = {(int(r["p"]), int(r["n_bytes"])): float(r["ratio"])
        for r in csv.DictReader(open(sys.argv[1])) if r["set"] == "fit"}
inside = {(p, n): want for p, n, want in v["points"]}
def advised(p, n):
    return any(a["p"] == p and a["n_from"] < n <= a["n_to"] for a in v["advice"])
for (p, n), ratio in sorted(rows.items()):
    if (p, n) in inside:
        want = inside[(p, n)]
        assert abs(ratio / want - 1) <= 0.005 and ratio < 1, (p, n, ratio, want)
        print("p = %d, n = %d (advised): B/A %.3f, --verify %.3f" % (p, n, ratio, want))
    elif advised(p, n):  # another p's size, inside this p's region
        assert ratio < 1, (p, n, ratio)
        print("p = %d, n = %d (advised): B/A %.3f" % (p, n, ratio))
    else:
        assert abs(ratio - 1) <= 0.005, (p, n, ratio)
        print("p = %d, n = %d (not advised): B/A %.3f" % (p, n, ratio))
assert len(inside) >= 6 and all(k in rows for k in inside), (inside, rows)
print("ok: the tuned run gains what --verify measured, and nothing changes elsewhere")
PY
  fail "compare: $(cat "$WORK/compare.csv")"
