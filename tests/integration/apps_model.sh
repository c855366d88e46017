#!/usr/bin/env bash
# `mpchar apps --profile --model` on one library (argument): a model
# fitted to synthetic Hockney lines (t = a + b n, known a and b per
# primitive), JGF Series at class S, p = 2; the row's prediction must be
# what those lines give for the calls profile.json records (the rank with
# the most, per repetition), with nothing unmodelled; the profile columns
# are filled and profile.json was written; the ranks' time in
# communication calls is split into waiting and the rest, and
# prediction.csv holds the same prediction call size by call size; the
# prediction and the split count the calls inside the kernel's
# communication brackets (Pcontrol region 1), not the harness's; the
# kernels' probe of the machine's state is kept beside the model's, and
# mpchar apps warns exactly when they differ by more than 1.5x.  A second
# model, of cold buffers (its run's meta.json says `--cache cold`), with
# the lines scaled by known factors, gives t_comm_pred_cold_s and
# prediction.csv's t_pred_cold_us; each model given as the other's option
# is refused with one line.  With the runtime beside the library, the
# closing line's verdicts are those apps.csv's numbers give.
source "$(dirname "$0")/lib.sh"
M="$BIN/mpchar"
LIB=$1
export PYTHONPATH="$HERE${PYTHONPATH:+:$PYTHONPATH}" # apps_lines.py
mkdir -p "$WORK/model" "$WORK/cold"
echo '{"options": {"cache": "cold", "cache_sweep": "8M"}}' >"$WORK/cold/meta.json"
for dir in model cold; do
python3 - "$WORK/$dir/measurements.csv" "$LIB" "$dir" <<'PY'
import sys
from apps_lines import LINES, cold_lines
if sys.argv[3] == "cold":
    LINES = cold_lines()
head = ("library,pattern,variant,op,datatype,p,n_bytes,set,reps,t_min_us,"
        "t_median_us,t_mean_us,t_max_us,t_stddev_us,oversubscribed")
rows = [head]
for pat, (a, b) in LINES.items():
    for p in [2] if pat == "pingpong" else [1, 2]:  # t = a p / 2 + b n
        for n in [0] if pat == "barrier" else [4 ** k for k in range(11)]:
            for st, m in (("fit", n), ("validation", n * 3 // 2)):
                t = a * p / 2 + b * m
                op = "sum" if pat.endswith("reduce") else "-"
                dt = "double" if op == "sum" else "byte"
                rows.append(f"{sys.argv[2]},{pat},-,{op},{dt},{p},{m},{st},10,"
                            + ",".join([f"{t:.6f}"] * 4) + ",0,false")
open(sys.argv[1], "w").write("\n".join(rows) + "\n")
PY
"$M" fit "$WORK/$dir" >/dev/null || fail "fit $dir"
done
# mpchar fit copies the run's state of the buffers into model.json
python3 - "$WORK" <<'PY' || fail "model.json's source.cache"
import json, sys
for d, want in (("model", {"cache": "warm"}),
                ("cold", {"cache": "cold", "cache_sweep": "8M"})):
    src = json.load(open(f"{sys.argv[1]}/{d}/model.json"))["source"]
    got = {k: src[k] for k in ("cache", "cache_sweep") if k in src}
    assert got == want, (d, got)
PY
for wrong in "--model $WORK/cold" "--cold-model $WORK/model"; do
  # shellcheck disable=SC2086 # the option and its folder, two words
  "$M" apps --mpi "$LIB" --kernels series --class S --p 2 --reps 2 $wrong \
    --out "$WORK/wrong" >"$WORK/out" 2>&1 && fail "apps took $wrong"
  grep -q "fitted on .* buffers (model.json's source.cache, from mpchar run --cache): give it as --" \
    "$WORK/out" || fail "$wrong: $(cat "$WORK/out")"
done
"$M" apps --mpi "$LIB" --kernels series --class S --p 2 --reps 2 \
  --model "$WORK/model" --cold-model "$WORK/cold" --out "$WORK/a" \
  >"$WORK/out" 2>"$WORK/err" || fail "apps: $(cat "$WORK/out" "$WORK/err")"
python3 - "$WORK/a" "$LIB" "$WORK/err" <<'PY' || fail "prediction"
import csv, json, sys
from apps_lines import LINES, PATTERN_OF, TIMES_P, cold_lines
out, lib = sys.argv[1], sys.argv[2]
(row,) = list(csv.DictReader(open(out + "/apps.csv")))
prof = json.load(open(f"{out}/profiles/{lib}-series-S-p2/profile.json"))
# the kernels' bracket region (mpchar/kernel_region.h): of the launch's 2
# repetitions the second; the first's (level 2) is the warm-up
KERNEL, KREPS = 1, 1
def predicted_us(rank, lines):
    t = 0.0
    for s in rank["call_sizes"]:
        pat = PATTERN_OF.get(s["call"])
        if pat and s["region"] == KERNEL:
            a, b = lines[pat]
            n = s["bytes"] * (2 if s["call"] in TIMES_P else 1)
            if s.get("self"):  # a local copy: pingpong's transfer term
                a, b = 0.0, lines["pingpong"][1]
            t += s["calls"] * (a + b * n)
    return t
want = max(predicted_us(r, LINES) for r in prof["ranks"]) * 1e-6 / KREPS
got = float(row["t_comm_pred_s"])
assert want > 0 and abs(got - want) <= 1e-3 * want + 2e-9, (got, want)
want_cold = max(predicted_us(r, cold_lines()) for r in prof["ranks"]) \
    * 1e-6 / KREPS
got_cold = float(row["t_comm_pred_cold_s"])
assert want_cold > want and abs(got_cold - want_cold) <= 1e-3 * want_cold, \
    (got_cold, want_cold)
# Series's arrays on rank 0, the rank with the most: its half of the 1000
# coefficients of class S, twice (a and b, 8000 B), the gathered 1000,
# twice (16000 B), and the gather's counts and displacements (2 x 2 ints)
assert row["arrays_bytes"] == "24016", row
assert row["unmodelled_calls"] == "0", row
for k in ("t_mpi_s", "calls", "bytes", "overlap_min_s", "overlap_max_s",
          "t_comm_wait_s", "t_comm_sync_s"):
    assert row[k] != "", (k, row)
assert float(row["calls"]) > 0 and float(row["t_mpi_s"]) > 0, row
# Series makes the same calls on both ranks: the wait split is given, and
# per rank waiting and the rest add up to its time in communication calls
assert prof["comm_waits_aligned"] is True, prof.get("comm_waits_note")
for r in prof["ranks"]:
    assert 0 <= r["comm_wait_us"] <= r["comm_call_us"] + 1e-6, r
    calls_us = sum(s["call_us"] for s in r["call_sizes"]
                   if s["call"] in PATTERN_OF)
    assert abs(calls_us - r["comm_call_us"]) <= 1e-3 * calls_us + 1e-3, r
# the row's split counts the kernel's bracketed calls only, not the
# harness's between repetitions
sync = max(sum(s["call_us"] - s["wait_us"] for s in r["call_sizes"]
               if s["call"] in PATTERN_OF and s["region"] == KERNEL)
           for r in prof["ranks"])
assert abs(float(row["t_comm_sync_s"]) - sync * 1e-6 / KREPS) <= 2e-9, \
    (row, sync)
assert any(s["region"] != KERNEL for s in prof["ranks"][0]["call_sizes"]
           if s["call"] in PATTERN_OF), "no harness call outside the brackets"
# prediction.csv: per rank and call size, the same prediction
for column, total in (("t_pred_us", got), ("t_pred_cold_us", got_cold)):
    pred = {}
    for c in csv.DictReader(
            open(f"{out}/profiles/{lib}-series-S-p2/prediction.csv")):
        if c[column]:
            pred[c["rank"]] = pred.get(c["rank"], 0.0) + \
                int(c["calls"]) * float(c[column])
    assert abs(max(pred.values()) * 1e-6 / KREPS - total) <= 1e-3 * total, \
        (column, pred, total)
assert any(s["region"] == 2 for s in prof["ranks"][0]["call_sizes"]), \
    "no warm-up calls (Pcontrol level 2) in the first repetition"
# the machine's state: the model's 0-byte ping-pong is its line's a at
# p = 2; the kernels' probe a measured one; the warning comes exactly when
# they differ by more than 1.5x (apps.h, APPS_STATE_FACTOR)
model_probe, probe = float(row["model_probe_us"]), float(row["probe_us"])
assert abs(model_probe - LINES["pingpong"][0]) <= 1e-3, row
assert 0 < probe < 1e4, row
warned = "another state" in open(sys.argv[3]).read()
assert warned == (not 1 / 1.5 <= probe / model_probe <= 1.5), \
    (probe, model_probe, warned)
print(f"ok: t_comm_pred_s {got:.9f} s, from the lines {want:.9f} s; "
      f"measured t_comm_s {row['t_comm_s']}")
PY
# the closing line judges the runtime against the fastest other library,
# as the report's table apps-builtin does: the verdict from apps.csv's
# medians and minima by mpchar compare's rule (here, where the
# library's own leaks are not checked)
if [ -x "$BIN/mpchar-kernels-builtin" ]; then
  "$M" apps --mpi "$LIB",builtin --kernels series,crypt --p 1 --reps 3 \
    --out "$WORK/verdict" >"$WORK/out" || fail "apps $LIB,builtin: $(cat "$WORK/out")"
  python3 - "$WORK/verdict/apps.csv" "$WORK/out" "$LIB" <<'PY' || fail "closing verdict line"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
count = {"faster": 0, "within noise": 0, "slower": 0}
slower = []
for k in ("series", "crypt"):
    b, o = ({r["library"]: r for r in rows if r["kernel"] == k}[lib]
            for lib in ("builtin", sys.argv[3]))
    spread = lambda r: (float(r["t_total_s"]) - float(r["t_total_min_s"])) / float(r["t_total_min_s"])
    ratio, allow = float(b["t_total_s"]) / float(o["t_total_s"]), max(spread(b), spread(o))
    v = "slower" if ratio - 1 > allow else "faster" if 1 / ratio - 1 > allow else "within noise"
    count[v] += 1
    if v == "slower":
        slower.append(f"mpchar apps: slower beyond the noise: {k} class S p=1: {ratio:.3f} of {sys.argv[3]}")
want = (f"mpchar apps: builtin against the fastest other library, 2 cells: "
        f"{count['faster']} faster, {count['within noise']} within noise, "
        f"{count['slower']} slower beyond the noise")
out = open(sys.argv[2]).read()
assert want in out.splitlines(), (want, out)
for line in slower:
    assert line in out, (line, out)
print("ok:", want)
PY
  # rows of known times, read back by --resume (nothing runs): Series on
  # the runtime 1.25x Open MPI's, Crypt 0.8x, every spread 0
  python3 - "$WORK/verdict/apps.csv" "$LIB" <<'PY' || fail "editing apps.csv"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
for r in rows:
    base = next(o for o in rows if o["kernel"] == r["kernel"] and o["library"] == sys.argv[2])
    t = float(base["t_total_s"]) * {"builtin": {"series": 1.25, "crypt": 0.8}[r["kernel"]],
                                     sys.argv[2]: 1.0}[r["library"]]
    r["t_total_s"] = r["t_total_min_s"] = f"{t:.9f}"
with open(sys.argv[1], "w", newline="") as f:
    w = csv.DictWriter(f, fieldnames=list(rows[0]), lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
PY
  "$M" apps --mpi "$LIB",builtin --kernels series,crypt --p 1 --reps 3 \
    --out "$WORK/verdict" --resume >"$WORK/out" || fail "apps --resume: $(cat "$WORK/out")"
  grep -qx "mpchar apps: slower beyond the noise: series class S p=1: 1.250 of $LIB, noise allowance 0.0%" \
    "$WORK/out" || fail "no slower line: $(cat "$WORK/out")"
  grep -qx "mpchar apps: builtin against the fastest other library, 2 cells: 1 faster, 0 within noise, 1 slower beyond the noise" \
    "$WORK/out" || fail "known verdicts: $(cat "$WORK/out")"
  ! grep -q "slower beyond the noise: crypt" "$WORK/out" || fail "crypt named slower"
  echo "ok: known rows: series slower, crypt faster"
  # the same rows with Series marked oversubscribed: no verdict for it
  sed -i '/,series,/s/,yes,no,/,yes,yes,/' "$WORK/verdict/apps.csv"
  grep -q ",series,.*,yes,yes," "$WORK/verdict/apps.csv" || fail "series not marked"
  "$M" apps --mpi "$LIB",builtin --kernels series,crypt --p 1 --reps 3 \
    --out "$WORK/verdict" --resume >"$WORK/out" || fail "apps --resume: $(cat "$WORK/out")"
  grep -qx "mpchar apps: builtin against the fastest other library, 2 cells: 1 faster, 0 within noise, 0 slower beyond the noise, 1 oversubscribed (not judged)" \
    "$WORK/out" || fail "oversubscribed verdicts: $(cat "$WORK/out")"
  ! grep -q "slower beyond the noise: series" "$WORK/out" || fail "oversubscribed series named slower"
  echo "ok: an oversubscribed cell is not judged"
fi
echo "PASS: apps_model $LIB"
