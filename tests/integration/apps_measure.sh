#!/usr/bin/env bash
# `mpchar apps --measure-model warm,cold` on one library (argument): NPB CG
# at class S, p = 2 (exchanges with the other rank and with itself, and
# reductions).  Right after the launch, mpchar run measured the library
# into the profile's folder, once with warm and once with cold buffers
# (after a sweep of the kernel's arrays_bytes),
# at every point profile.json's kernel calls need (each primitive at its
# n within a datatype's rounding, and pingpong at 0 B); the row's
# predictions are the sums, over the calls, of those points' minimum
# times (a message to oneself: pingpong's t(n) - t(0)), recomputed here
# from the two files; the model's probe is the warm pingpong at 0 B;
# nothing is unmodelled.  A second run into the same folder with
# --resume and a new kernel measures afresh: the earlier launch's points
# are gone.  At p = 1 nothing is measured, with one line.
source "$(dirname "$0")/lib.sh"
M="$BIN/mpchar"
LIB=$1
A=(apps --mpi "$LIB" --class S --p 2 --reps 2 --measure-model warm,cold
   --out "$WORK/a")
"$M" "${A[@]}" --kernels cg >"$WORK/out" 2>&1 || fail "apps: $(cat "$WORK/out")"
check() { # check KERNEL
python3 - "$WORK/a" "$LIB" "$1" <<'PY' || fail "$1: prediction from the points"
import csv, json, sys
out, lib, kernel = sys.argv[1:]
row = next(r for r in csv.DictReader(open(out + "/apps.csv"))
           if r["kernel"] == kernel)
folder = f"{out}/profiles/{lib}-{kernel}-S-p2"
prof = json.load(open(folder + "/profile.json"))
# src/apps/apps_predict.c's table, for the calls these kernels make
PATTERN = {"MPI_Send": "pingpong", "MPI_Isend": "pingpong",
           "MPI_Sendrecv": "pingping", "MPI_Allreduce": "allreduce",
           "MPI_Reduce": "reduce", "MPI_Bcast": "bcast",
           "MPI_Barrier": "barrier", "MPI_Alltoall": "alltoall",
           "MPI_Alltoallv": "alltoallv"}
TIMES_P = {"MPI_Alltoall"}
KERNEL = 1  # the kernels' bracket region; of 2 repetitions the second
def points(state):
    rows = list(csv.DictReader(open(f"{folder}/measured-{state}/measurements.csv")))
    meta = json.load(open(f"{folder}/measured-{state}/meta.json"))
    assert meta["options"]["cache"] == state, meta["options"]
    # cold: after reading as many bytes as the kernel's arrays hold
    assert state == "warm" or \
        meta["options"]["cache_sweep"] == row["arrays_bytes"], meta["options"]
    return rows
def t_at(rows, pattern, n, stat="t_min_us"):  # every point of a p = 2 kernel is at p = 2
    got = sorted((int(r["n_bytes"]), float(r[stat])) for r in rows
                 if r["pattern"] == pattern and r["set"] == "fit"
                 and r["p"] == "2" and n <= int(r["n_bytes"]) < n + 16
                 and r["variant"] in ("-", "send") and r["op"] in ("-", "sum"))
    assert got and (got[0][0] == n or n % 8), (pattern, n, got)
    return got[0][1]  # the nearest: whole doubles round up
def predicted_us(rank, rows):
    t = 0.0
    for s in rank["call_sizes"]:
        call = s["call"]
        if s["region"] != KERNEL or call not in PATTERN:
            continue
        n = s["bytes"] * (2 if call in TIMES_P else 1)
        if s.get("self"):
            t += s["calls"] * (t_at(rows, "pingpong", n) - t_at(rows, "pingpong", 0))
        else:
            t += s["calls"] * t_at(rows, PATTERN[call], n)
    return t
assert any(s.get("self") for r in prof["ranks"] for s in r["call_sizes"]
           if s["region"] == KERNEL) or kernel != "cg", "CG: no self message"
for state, column in (("warm", "t_comm_pred_s"), ("cold", "t_comm_pred_cold_s")):
    rows = points(state)
    want = max(predicted_us(r, rows) for r in prof["ranks"]) * 1e-6
    got = float(row[column])
    assert want > 0 and abs(got - want) <= 1e-6 * want + 2e-9, (column, got, want)
    print(f"ok: {kernel} {column} {got:.9f} s from {len(rows)} points")
assert row["unmodelled_calls"] == "0", row
# the state's probe: the 0-byte point's median, as the kernels' probe
probe = t_at(points("warm"), "pingpong", 0, "t_median_us")
assert abs(float(row["model_probe_us"]) - probe) <= 1e-9 + 1e-6 * probe, row
PY
}
check cg
grep -q "measured-warm" "$WORK/out" && fail "the run's output leaked into apps'"
[ -s "$WORK/a/profiles/$LIB-cg-S-p2/measured-warm/run.log" ] || fail "no run.log"
# an earlier point left in the folder must not stand in for this launch's
echo "stale" >"$WORK/a/profiles/$LIB-cg-S-p2/measured-warm/stale"
"$M" "${A[@]}" --kernels cg,is --resume >"$WORK/out" 2>&1 \
  || fail "apps --resume: $(cat "$WORK/out")"
check is
[ -e "$WORK/a/profiles/$LIB-cg-S-p2/measured-warm/stale" ] \
  || fail "--resume remeasured a row it kept"
# p = 1: mpchar run measures from p = 2, so no points and no prediction,
# said once; the row is written and the run succeeds
"$M" apps --mpi "$LIB" --kernels is --p 1 --reps 1 --measure-model warm \
  --out "$WORK/p1" >"$WORK/out" 2>&1 || fail "apps at p = 1: $(cat "$WORK/out")"
grep -qx "mpchar apps: $LIB is class S p=1: no warm points measured: mpchar run measures from p = 2" \
  "$WORK/out" || fail "p = 1: $(cat "$WORK/out")"
[ ! -e "$WORK/p1/profiles/$LIB-is-S-p1/measured-warm" ] || fail "p = 1 measured"
[ "$(wc -l <"$WORK/p1/apps.csv")" -eq 2 ] || fail "p = 1: no row"
echo "PASS: apps_measure $LIB"
