#!/usr/bin/env bash
# mpchar run --cache cold on one MPI library (argument) at p = 2: with
# --check every byte received is still right after the sweeps (the send
# buffer is written again, unchanged), every point is measured, the state
# and the sweep are recorded in meta.json and library-<lib>.json, mpchar
# fit copies them into model.json, predict and the report name them, and the ranks
# held the sweep (the launch's largest resident set is above
# --cache-sweep); bad values get one line.
source "$(dirname "$0")/lib.sh"
lib=$1
SWEEP_MIB=96
python3 - "$BIN/mpchar" "$lib" "$WORK/r" "$SWEEP_MIB" <<'PY' || fail "cold run"
import csv, json, resource, subprocess, sys
mpchar, lib, out, sweep_mib = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
patterns = ["pingpong", "pingping", "bcast", "allreduce", "alltoall"]
sizes = ["0", "1024", "65536", "1048576"]
run = subprocess.run(
    [mpchar, "run", "--mpi", lib, "--p", "2", "--patterns", ",".join(patterns),
     "--sizes", ",".join(sizes), "--max-size", "1M", "--time-per-point", "2",
     "--rounds", "1", "--refine", "0", "--validation-count", "0",
     "--level-retries", "0", "--level-wait", "0", "--check",
     "--cache", "cold", "--cache-sweep", f"{sweep_mib}M", "--out", out],
    capture_output=True, text=True)
assert run.returncode == 0, run.stdout + run.stderr
rows = list(csv.DictReader(open(f"{out}/measurements.csv")))
measured = {(r["pattern"], r["n_bytes"]) for r in rows}
for pat in patterns:
    for n in sizes:
        assert (pat, n) in measured, (pat, n, sorted(measured))
assert all(float(r["t_min_us"]) > 0 for r in rows if r["n_bytes"] != "0"), rows
meta = json.load(open(f"{out}/meta.json"))
assert meta["options"]["cache"] == "cold", meta["options"]
assert meta["options"]["cache_sweep"] == f"{sweep_mib}M", meta["options"]
info = json.load(open(f"{out}/library-{lib}.json"))
assert info["cache"] == "cold", info
assert info["cache_sweep_bytes"] == sweep_mib << 20, info
# the model carries the state: mpchar fit copies it, predict says it
fit = subprocess.run([mpchar, "fit", out, "--quiet"], capture_output=True,
                     text=True)
assert fit.returncode == 0, fit.stderr
src = json.load(open(f"{out}/model.json"))["source"]
assert (src["cache"], src["cache_sweep"]) == ("cold", f"{sweep_mib}M"), src
ask = [mpchar, "predict", "--model", f"{out}/model.json", "--library", lib,
       "--pattern", "pingpong", "--n", "1024"]
said = json.loads(subprocess.run(ask + ["--json"], capture_output=True,
                                 text=True, check=True).stdout)
assert (said["cache"], said["cache_sweep"]) == ("cold", f"{sweep_mib}M"), said
text = subprocess.run(ask, capture_output=True, text=True, check=True).stdout
assert f"note: cold buffers: measured with the caches swept (--cache-sweep {sweep_mib}M)" in text, text
# the report says first that the run's buffers were cold
rep = subprocess.run([mpchar, "report", out, "--out", f"{out}-report"],
                     capture_output=True, text=True)
assert rep.returncode == 0, rep.stderr
md = open(f"{out}-report/report.md").read()
assert f"{out}: cold buffers (mpchar run --cache cold): before each repetition every process swept its caches (--cache-sweep {sweep_mib}M)" in md, md[:3000]
# ru_maxrss: KiB of the largest resident set of any process waited for
kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
assert kib >= sweep_mib << 10, f"largest resident set {kib} KiB"
print(f"ok: {len(rows)} rows checked cold; largest resident set {kib >> 10} MiB")
PY
expect_error "--cache lukewarm" "--cache: unknown value 'lukewarm'" \
  "$BIN/mpchar" run --mpi "$lib" --p 2 --cache lukewarm --out "$WORK/bad"
expect_error "--cache-sweep 0" "--cache-sweep: '0' is not auto or 1 to 64G" \
  "$BIN/mpchar" run --mpi "$lib" --p 2 --cache cold --cache-sweep 0 \
  --out "$WORK/bad"
expect_error "--cache-sweep without cold" "--cache-sweep needs --cache cold" \
  "$BIN/mpchar" run --mpi "$lib" --p 2 --cache-sweep 8M --out "$WORK/bad"
# the sweep counts in the memory a process needs (2 x 64 GiB: more than
# half of any machine below 256 GiB)
if [ "$(awk '/^MemTotal/ {print $2}' /proc/meminfo)" -lt $((256 << 20)) ]; then
  expect_error "--cache-sweep 64G" "--max-size 1M with --cache-sweep 64G needs" \
    "$BIN/mpchar" run --mpi "$lib" --p 2 --max-size 1M --cache cold \
    --cache-sweep 64G --out "$WORK/bad"
fi
echo "PASS: run_cache_cold $lib"
