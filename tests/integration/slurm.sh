#!/usr/bin/env bash
# mpchar run inside a real Slurm allocation (issue 25, section 3): a
# private one-node Slurm (scripts/slurm_local.sh: munged, slurmctld,
# slurmd, state in this test's directory), then
# - `salloc -n 2 mpchar run --quick` (pingpong, bcast and allreduce up to
#   4 KiB) with Open MPI, MPICH and the built-in runtime: Open MPI and MPICH
#   launched by srun with their PMI plugins (pmix, pmi2), the built-in
#   runtime by its own mpchar-exec; every planned point measured, rows of
#   every pattern for all three at p = 2, --quick's settings in meta.json,
#   meta.json's slurm and launched_with;
# - `mpchar run --sbatch` whose job script, submitted with sbatch --wait,
#   measures and leaves its results in results/slurm-JOBID;
# - bad input, one line each and no results directory: an allocation
#   smaller than asked, srun missing from PATH.
# Needs root and Debian's Slurm and munge: without them it exits 77, which
# CTest reports as skipped.  The daemons are stopped on every exit, and by
# a guard process should this script be killed outright.
source "$(dirname "$0")/lib.sh"
M="$BIN/mpchar"
CLUSTER="$HERE/../../scripts/slurm_local.sh"

if [ "$(id -u)" != 0 ]; then
  echo "SKIP: needs root (slurmd starts jobs as their users)"
  exit 77
fi
for cmd in munged slurmctld slurmd salloc sbatch srun; do
  command -v "$cmd" >/dev/null || { echo "SKIP: $cmd missing (scripts/setup.sh)"; exit 77; }
done

SL="$WORK/slurm"
trap '"$CLUSTER" down "$SL"; rm -rf "$WORK"' EXIT
# A guard that stops the daemons when this shell is gone, however it ends.
(
  trap '' INT TERM
  while kill -0 $$ 2>/dev/null; do sleep 1; done
  "$CLUSTER" down "$SL"
  rm -rf "$WORK"
) >/dev/null 2>&1 &

"$CLUSTER" up "$SL" 2 >/dev/null || fail "the local Slurm did not start: $(tail -n 3 "$SL"/log/*.log)"
eval "$("$CLUSTER" env "$SL")"
# salloc and sbatch in process groups that `down` ends, however this ends
slurm() { "$CLUSTER" run "$SL" "$@"; }

# --quick, restricted to keep the test near a minute: three patterns up
# to 4 KiB at the powers of 4, no refinement or validation sizes, 20 ms a
# point, no waiting for the machine's speed; --sync barrier because on a
# loaded machine MPICH's spinning ranks can miss every window of a point
# (docs/cluster.md, "The test"); p = 2, the allocation's tasks, where
# --quick would take p up to the cores.  --quick still sets the stopping
# rule and --min-reps.
QUICK=(--quick --p 2 --patterns pingpong,bcast,allreduce --max-size 4K --sizes pow4
  --validation-count 0 --refine 0 --time-per-point 20 --level-retries 0
  --level-wait 0 --sync barrier --point-timeout 30)
# A short run for the job script: pingpong only, 2 sizes.
SHORT=(--patterns pingpong --p 2 --sizes 0,1024 --validation-count 0
  --refine 0 --rounds 1 --level-retries 0 --level-wait 0 --min-reps 3
  --max-reps 20 --time-per-point 5 --point-timeout 30)

out="$WORK/alloc"
slurm salloc -Q -n 2 "$M" run --mpi openmpi,mpich,builtin "${QUICK[@]}" --out "$out" \
  >"$WORK/alloc.log" 2>&1 || fail "mpchar run --quick in salloc: $(tail -n 5 "$WORK/alloc.log")"

python3 - "$out" <<'PY'
import csv, json, sys
out = sys.argv[1]
meta = json.load(open(f"{out}/meta.json"))
o = meta["options"]
# --quick's own settings where none was typed, the typed ones kept
assert o["quick"] is True and o["min_reps"] == "3" and o["settle_rounds"] == "3", o
assert o["max_size"] == "4K" and o["sync"] == "barrier", o
pts = meta["points"]
assert pts["measured"] == pts["planned"] > 0 and pts["failed"] == 0, pts
s = meta["slurm"]
assert s and s["srun"] and s["tasks"] == 2 and s["nodes"] == 1, s
assert s["srun_mpi"] == {"openmpi": "pmix", "mpich": "pmi2"}, s["srun_mpi"]
how = {l["name"]: l["launched_with"] for l in meta["libraries"]}
assert how == {"openmpi": "srun", "mpich": "srun", "builtin": "own"}, how
for l in meta["launches"]:
    cmd = l["command"]
    if l["library"] == "builtin":
        assert cmd[0].endswith("mpchar-exec"), cmd
    else:
        want = {"openmpi": "--mpi=pmix", "mpich": "--mpi=pmi2"}[l["library"]]
        assert cmd[:4] == ["srun", "-n", "2", want], cmd
    assert l["exit_status"] == 0, l
rows = list(csv.DictReader(open(f"{out}/measurements.csv")))
assert {r["p"] for r in rows} == {"2"}, {r["p"] for r in rows}
# every library measured every pattern (pingpong's five variants,
# allreduce's three ops) up to 4 KiB at pow4's sizes, with real times
for lib in ("openmpi", "mpich", "builtin"):
    mine = [r for r in rows if r["library"] == lib]
    series = {(r["pattern"], r["variant"], r["op"]) for r in mine}
    patterns = {k[0] for k in series}
    assert patterns == {"pingpong", "bcast", "allreduce"}, (lib, series)
    assert len([k for k in series if k[0] == "pingpong"]) == 5, (lib, series)
    assert len([k for k in series if k[0] == "allreduce"]) == 3, (lib, series)
    for key in series:
        sizes = sorted(int(r["n_bytes"]) for r in mine
                       if (r["pattern"], r["variant"], r["op"]) == key)
        assert len(sizes) >= 7 and sizes[-1] == 4096, (lib, key, sizes)
    assert all(float(r["t_min_us"]) > 0 for r in mine if r["n_bytes"] != "0"), lib
print(f"ok: salloc run --quick: {len(rows)} rows, {pts['measured']} points;", s["srun_mpi"])
PY

# --sbatch: the job script runs the same short run by itself.
(cd "$WORK" && "$M" run --mpi mpich "${SHORT[@]}" --sbatch >job.sh) ||
  fail "--sbatch failed"
grep -qx '#SBATCH --ntasks=2' "$WORK/job.sh" || fail "job script: $(cat "$WORK/job.sh")"
grep -q '^#SBATCH --time=0:0[1-9]:00$' "$WORK/job.sh" || fail "job script time: $(grep time "$WORK/job.sh")"
job=$(cd "$WORK" && slurm sbatch --parsable --wait job.sh) || fail "sbatch --wait: $(cat "$WORK"/mpchar-*.out)"
[ -s "$WORK/results/slurm-$job/measurements.csv" ] || fail "job $job left no results: $(cat "$WORK/mpchar-$job.out")"
python3 - "$WORK/results/slurm-$job" "$job" <<'PY'
import json, sys
meta = json.load(open(f"{sys.argv[1]}/meta.json"))
assert meta["slurm"]["job_id"] == sys.argv[2] and meta["slurm"]["srun"], meta["slurm"]
pts = meta["points"]
assert pts["measured"] == pts["planned"] > 0 and pts["failed"] == 0, pts
print("ok: sbatch job", sys.argv[2], meta["points"])
PY

# Bad input: one line each, nothing written.
expect_error "allocation smaller than asked" \
  "--p 3: Slurm allocation" slurm salloc -Q -n 2 "$M" run --mpi openmpi \
  --patterns pingpong --p 2,3 --out "$WORK/small"
grep -q "holds 2 tasks on 1 node (SLURM_NTASKS=2)" "$WORK/stderr" || fail "$(cat "$WORK/stderr")"
[ ! -e "$WORK/small" ] || fail "a results directory was written for a refused run"
expect_error "srun missing" "but srun is not on PATH" slurm salloc -Q -n 2 \
  /usr/bin/env PATH=/nonexistent "$M" run --mpi openmpi --patterns pingpong \
  --p 2 --out "$WORK/nosrun"
[ ! -e "$WORK/nosrun" ] || fail "a results directory was written without srun"
echo "PASS"
