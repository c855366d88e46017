#!/usr/bin/env bash
# Every option `mpchar run --help` lists, given at once with a value other
# than its default: the run is accepted (mpchar-bench --plan checks what it
# is passed, under its own names) and completes; meta.json keeps every
# value; --resume reads them back and launches the benchmark with the very
# same command.  Usage: run_options.sh LAUNCHER (Open MPI's).
source "$(dirname "$0")/lib.sh"
launcher=$1
# A value for each option; an option --help lists without one here fails
# the test, so that a new option is tested too.
declare -A value=(
  [mpi]=openmpi [patterns]=pingpong,barrier [p]=2 [sizes]=0,1K [refine]=0
  [max-size]=2K [time-per-point]=5 [min-reps]=3 [max-reps]=50
  [rounds]=2 [level-retries]=1 [level-wait]=0 [validation-count]=3
  [validation-seed]=7 [datatypes]=int
  [settle-rounds]=2 [settle-tolerance]=5 [min-rounds]=3
  [sync]=barrier [cache]=cold [cache-sweep]=2M [point-timeout]=30
  [launcher]="$launcher --allow-run-as-root --oversubscribe -n {p}"
  [algorithms]=openmpi@barrier:linear
  [out]="$WORK/r" [quick]= [check]= [oversubscribe]= [raw]= [rotate-root]=
)
args=()
for name in $("$BIN/mpchar" run --help | sed -n 's/^  --\([a-z-]*\).*/\1/p'); do
  # --hosts and --hostfile exclude --launcher, and --ppn needs them:
  # test_run_hosts, testbed_fit.sh and testbed_placements.sh test them,
  # test_run_options their meta.json round trip;
  # the simulated runs' options need --mpi smpi and exclude --launcher:
  # smpi.sh, test_run_smpi and cli_valgrind.sh (a simulated resume) test them;
  # --sbatch and --nodes print a job script instead of running: slurm.sh
  # and test_run_slurm test them.
  case $name in help|resume|hosts|hostfile|ppn|platform|smpi-coll|smpi-coll-selector|sbatch|nodes) continue ;; esac
  [ -n "${value[$name]+set}" ] || fail "--$name has no test value in $0"
  args+=("--$name")
  [ -z "${value[$name]}" ] || args+=("${value[$name]}")
done
"$BIN/mpchar" run "${args[@]}" > "$WORK/log1" 2>&1 || {
  cat "$WORK/log1"; fail "run with every option failed"; }
cp "$WORK/r/meta.json" "$WORK/meta1.json"
"$BIN/mpchar" run --resume "$WORK/r" > "$WORK/log2" 2>&1 || {
  cat "$WORK/log2"; fail "resume failed"; }
grep -q "^mpchar run: 0 points" "$WORK/log2" || fail "resume: $(head -1 "$WORK/log2")"
python3 - "$WORK/meta1.json" "$WORK/r/meta.json" "${args[@]}" <<'PY'
import json, sys
first_meta, meta = (json.load(open(f)) for f in sys.argv[1:3])
given = sys.argv[3:]
def text(v):
    return ("true" if v else "false") if isinstance(v, bool) else \
        f"{v:g}" if isinstance(v, float) else str(v)
kept = {text(v) for v in meta["options"].values()}
flags = [a for i, a in enumerate(given)
         if a.startswith("--") and (i + 1 == len(given) or given[i + 1].startswith("--"))]
values = [given[i + 1] for i, a in enumerate(given)
          if a.startswith("--") and a not in flags and a != "--out"]
missing = [v for v in values if v not in kept]
assert not missing, f"meta.json lost {missing}: {meta['options']}"
on = sum(v is True for v in meta["options"].values())
assert on == len(flags), f"{len(flags)} flags given, {on} true in meta.json"
assert meta["options"] == first_meta["options"], "resume changed the options"
first = first_meta["launches"][0]["command"]
last = meta["launches"][0]["command"]
assert first == last, f"resume launched\n{last}\ninstead of\n{first}"
for opt in ("--check", "--raw", "--rotate-root", "--sync", "--rounds",
            "--cache", "--cache-sweep"):
    assert opt in first, f"{opt} not passed on: {first}"
print("ok:", len(values), "values and", len(flags), "flags kept and resumed")
PY
