#!/usr/bin/env bash
# mpchar run inside a real Slurm allocation (issue 25, section 3): a
# private one-node Slurm (scripts/slurm_local.sh: munged, slurmctld,
# slurmd, state in this test's directory), then
# - `salloc -n 2 mpchar run` of a short pingpong with Open MPI, MPICH and
#   the built-in runtime: Open MPI and MPICH launched by srun with their
#   PMI plugins (pmix, pmi2), the built-in runtime by its own mpchar-exec;
#   rows for all three at p = 2; meta.json's slurm and launched_with;
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

# A short run: pingpong/send only through the option table's smallest
# settings, 2 sizes, no validation sizes.
SHORT=(--patterns pingpong --p 2 --sizes 0,1024 --validation-count 0
  --refine 0 --rounds 1 --level-retries 0 --level-wait 0 --min-reps 3
  --max-reps 20 --time-per-point 5 --point-timeout 30)

out="$WORK/alloc"
slurm salloc -Q -n 2 "$M" run --mpi openmpi,mpich,builtin "${SHORT[@]}" --out "$out" \
  >"$WORK/alloc.log" 2>&1 || fail "mpchar run in salloc: $(tail -n 5 "$WORK/alloc.log")"

python3 - "$out" <<'PY'
import csv, json, sys
out = sys.argv[1]
meta = json.load(open(f"{out}/meta.json"))
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
libs = {r["library"] for r in rows if r["pattern"] == "pingpong" and r["p"] == "2"}
assert libs == {"openmpi", "mpich", "builtin"}, libs
assert all(float(r["t_min_us"]) > 0 for r in rows if r["n_bytes"] == "1024")
print("ok: salloc run:", len(rows), "rows;", s["srun_mpi"])
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
