#!/usr/bin/env bash
# libmpchar-tune end to end (issue 23) on Open MPI at p = 2, Allreduce
# against Reduce + Bcast: the best substitution measured on this machine
# (Reduce + Bcast 0.87-0.92x Open MPI's Allreduce on minima at 8-16 KiB
# under load, within the points' noise; on a quiet machine Allreduce wins
# at every size; no substitute of any library wins beyond noise at p = 2,
# docs/advise.md).  The loop, every step measured here:
#  1. a short run of allreduce, reduce and bcast, and `mpchar advise
#     --verify --out advice.json` on it: the region of Reduce + Bcast
#     must be predicted and verified (its verdict printed).  So that a
#     region exists whatever the machine's noise, the run's Allreduce
#     times are multiplied by 1.5 before the fit (a synthetic slow
#     Allreduce: the prediction is then known to hold at every size);
#     --verify measures the real Allreduce and withdraws or confirms;
#  2. mpchar-bench's allreduce plain and under libmpchar-tune with that
#     region (the --out file when --verify confirmed it, else the region
#     --verify measured), at --verify's three sizes inside and two below:
#     MPCHAR_TUNE_LOG must count substituted calls in the tuned run;
#  3. `mpchar compare plain tuned`, three alternated pairs, median B/A per
#     size: below the region no point slower than 10 % plus its noise;
#     inside, each B/A equals --verify's measured T_substitute/T_primitive
#     at that size within noise (relative; the sum of the two comparisons'
#     noise allowances and the spread between launches), or the tuned
#     time --verify's T_substitute (when the primitive alone changed speed
#     since --verify), and where --verify confirmed the region, compare
#     shows the gain there (B/A < 1).
# The tune library reaches the MPI processes only (Open MPI's -x), not
# the launcher: under the sanitizer build it needs the sanitizer runtime
# that mpchar-bench carries and mpirun does not.  The plain run goes
# through the same launcher.  Open MPI's own allocations reach a
# preloaded library's leak report, so the ranks (not mpchar) run with
# ASAN_OPTIONS=detect_leaks=0, as tune_check does.
# usage: tune_gain.sh LIBTUNE MPIRUN
source "$(dirname "$0")/lib.sh"
tune=$1 mpirun=$2
M="$BIN/mpchar"
ranks="-x ASAN_OPTIONS=detect_leaks=0"
[ "$(id -u)" -ne 0 ] || ranks+=" --allow-run-as-root"
common=(--mpi openmpi --p 2 --refine 0 --rounds 4 --level-wait 0)
"$M" run "${common[@]}" --patterns allreduce,reduce,bcast \
  --sizes 2K,4K,8K,16K,32K,64K --max-size 64K --time-per-point 5 \
  --validation-count 3 --out "$WORK/m" > "$WORK/m.log" 2>&1 || fail "run: $(tail -5 "$WORK/m.log")"
python3 - "$WORK/m/measurements.csv" <<'PY' || fail "cannot slow Allreduce down"
import csv, sys
path = sys.argv[1]
rows = list(csv.DictReader(open(path, newline="")))
for r in rows:
    if r["pattern"] == "allreduce":
        for c in r:
            if c.startswith("t_") and c.endswith("_us"):
                r[c] = "%.6g" % (1.5 * float(r[c]))
with open(path, "w", newline="") as f:
    w = csv.DictWriter(f, fieldnames=list(rows[0].keys()), lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
PY
sel=(--library openmpi --primitive allreduce --min-gain 0)
"$M" advise "$WORK/m" "${sel[@]}" --json > "$WORK/predicted.json" 2>/dev/null ||
  fail "advise"
"$M" advise "$WORK/m" "${sel[@]}" --verify --json --out "$WORK/advice.json" \
  > /dev/null 2> "$WORK/verify" || fail "verify: $(cat "$WORK/verify")"
cat "$WORK/verify"
# the verified region of allreduce_rb, its sizes and measured ratios
sizes=$(python3 - "$WORK" <<'PY'
import json, re, sys
w = sys.argv[1]
text = open(w + "/verify").read()
m = re.search(r"openmpi allreduce -> allreduce_rb .*?, p = 2, (\S+) < n < "
              r"(\S+):\n(.*?)\n  (confirmed|withdrawn)", text, re.S)
assert m, text
lo, hi, body, verdict = float(m[1]), float(m[2]), m[3], m[4]
region = [a for a in json.load(open(w + "/predicted.json"))  # lo: %.6g
          if a["substitute"] == "allreduce_rb"
          and abs(a["n_from"] - lo) <= 1e-5 * max(lo, 1)]
assert len(region) == 1, region
kept = [a for a in json.load(open(w + "/advice.json"))
        if a["substitute"] == "allreduce_rb"]
assert (verdict == "confirmed") == (kept == region), (verdict, kept)
json.dump(region, open(w + "/tune.json", "w"))
points = []
for line in body.splitlines():
    n, a, b, noise = re.search(r"n = (\d+) .*\((\S+) us -> (\S+) us, noise "
                               r"(\S+)%\)", line).groups()
    points.append((int(n), float(b) / float(a), float(noise) / 100, float(b)))
json.dump({"verdict": verdict, "lo": lo, "points": points},
          open(w + "/verified.json", "w"))
below = sorted({max(1, int(lo / 4)), max(1, int(lo / 2))})
print(",".join(str(n) for n in below + [p[0] for p in points]))
PY
) || fail "no verified Reduce + Bcast region"
bench=("${common[@]}" --validation-count 0 --patterns allreduce --sizes "$sizes"
       --max-size 1M --time-per-point 30)
# Three plain and tuned launches, alternated: one point moves by up to 16 %
# between launches of the same run here (Open MPI's Allreduce at 10 KiB:
# 3.68-4.27 us in five launches), more than within one launch (the
# noise), so each size is judged on the median ratio of the three pairs,
# with that spread (BETWEEN) added to the allowance.
for k in 1 2 3; do
  rm -rf "$WORK/plain" "$WORK/tuned"
  "$M" run "${bench[@]}" --launcher "$mpirun $ranks -n {p}" --out "$WORK/plain" \
    > "$WORK/plain.log" 2>&1 || fail "plain run: $(tail -5 "$WORK/plain.log")"
  "$M" run "${bench[@]}" --launcher "$mpirun $ranks -x LD_PRELOAD=$tune \
    -x MPCHAR_TUNE=$WORK/tune.json -x MPCHAR_TUNE_LOG=1 -n {p}" \
    --out "$WORK/tuned" > "$WORK/tuned.log" 2>&1 ||
    fail "tuned run: $(tail -5 "$WORK/tuned.log")"
  check_tuned allreduce
  mv "$WORK/compare.csv" "$WORK/compare.$k.csv"
done
python3 - "$WORK/verified.json" "$WORK"/compare.[123].csv <<'PY' ||
import csv, json, statistics, sys
BETWEEN = 0.16
v = json.load(open(sys.argv[1]))
runs = [{int(r["n_bytes"]): r for r in csv.DictReader(open(path))
         if r["op"] == "sum" and r["set"] == "fit"} for path in sys.argv[2:]]
def median(n, field):
    return statistics.median(float(run[n][field]) for run in runs)
for n in sorted(runs[0]):
    if n <= v["lo"]:
        ratio = median(n, "ratio")
        assert ratio - 1 <= 0.10 + median(n, "allowance") + BETWEEN, \
            ("slower outside the region", n, ratio)
        print("n = %d (outside): B/A %.3f (median of 3)" % (n, ratio))
for n, ratio_v, noise_v, substitute_us in v["points"]:
    ratio, allowance = median(n, "ratio"), median(n, "allowance")
    tuned_us = median(n, "b_us")
    # relative: at a protocol switch the ratio reaches 5 and more.  The
    # tuned call runs the substitute: its ratio to the plain call is
    # --verify's, or, where the primitive alone changed speed between
    # --verify and these runs (a clean-clone CI: Open MPI's 4912-B
    # Allreduce 2.53 us in --verify, 1.00 in the plain runs, the tuned
    # 8.33 against --verify's substitute 8.73), its time is the substitute's.
    limit = allowance + noise_v + BETWEEN
    assert (abs(ratio / ratio_v - 1) <= limit or
            abs(tuned_us / substitute_us - 1) <= limit), \
        (n, ratio, ratio_v, tuned_us, substitute_us, allowance, noise_v)
    print("n = %d (inside): compare B/A %.3f (median of 3), --verify %.3f; "
          "tuned %.3g us, --verify's substitute %.3g us; noise %.3f + %.3f + "
          "%.2f" % (n, ratio, ratio_v, tuned_us, substitute_us, allowance,
                    noise_v, BETWEEN))
if v["verdict"] == "confirmed":
    mid = v["points"][len(v["points"]) // 2][0]
    assert median(mid, "ratio") < 1.0, (mid, median(mid, "ratio"))
print("ok: the tuned runs reproduce --verify's measurement (%s)" % v["verdict"])
PY
  fail "compare: $(cat "$WORK"/compare.[123].csv)"
