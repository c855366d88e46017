#!/usr/bin/env bash
# The CLI is valgrind-clean: no invalid access and no definite leak in a
# small run (with the overlap sweep and an algorithm variant), its resume,
# a Slurm job script and a refused allocation, a fit (and one of many p),
# a comparison, a report (reading the fit's model.json back), a profile,
# advice, exports, the kernels with a model and with one measured beside
# them, and rejected invocations.
source "$(dirname "$0")/lib.sh"
vg=(valgrind -q --error-exitcode=99 --leak-check=full
    --errors-for-leak-kinds=definite)
rc=0
# Sizes near 0 B pin the fits' start-ups: with 0,1K,4K,16K only, 5-ms
# points under a CI run's load once gave a start-up or per-byte time <= 0,
# and the LogGP export below rightly refused the model.
"${vg[@]}" "$BIN/mpchar" run --mpi openmpi --p 2 \
  --patterns barrier,pingpong,stream,overlap --sizes 0,8,64,1K,4K,16K \
  --algorithms openmpi@bcast:binomial --time-per-point 5 --rounds 2 \
  --level-wait 0 --out "$WORK/r" > "$WORK/log" 2>&1 || rc=$?
[ "$rc" -eq 0 ] || { cat "$WORK/log"; fail "run: status $rc"; }
"${vg[@]}" "$BIN/mpchar" run --resume "$WORK/r" > "$WORK/log" 2>&1 || rc=$?
[ "$rc" -eq 0 ] || { cat "$WORK/log"; fail "resume: status $rc"; }
"${vg[@]}" "$BIN/mpchar" run --p 1 > "$WORK/log" 2>&1 || rc=$?
[ "$rc" -eq 2 ] || { cat "$WORK/log"; fail "bad input: status $rc, not 2"; }
rc=0
# A Slurm job script, and a (made-up) allocation smaller than asked.
"${vg[@]}" "$BIN/mpchar" run --mpi openmpi --patterns pingpong --p 2 --sbatch \
  --nodes 2 > "$WORK/log" 2>&1 || rc=$?
[ "$rc" -eq 0 ] && grep -qx '#SBATCH --nodes=2' "$WORK/log" || { cat "$WORK/log"; fail "--sbatch: status $rc"; }
SLURM_JOB_ID=1 SLURM_NTASKS=1 "${vg[@]}" "$BIN/mpchar" run --mpi openmpi --p 2 \
  --out "$WORK/small" > "$WORK/log" 2>&1 || rc=$?
[ "$rc" -eq 2 ] || { cat "$WORK/log"; fail "allocation too small: status $rc, not 2"; }
rc=0
# A simulated cluster (SimGrid SMPI, docs/scale.md), its resume, and a
# platform refused.
if [ -e "$BIN/mpchar-bench-smpi" ]; then
  "${vg[@]}" "$BIN/mpchar" run --mpi smpi --platform cluster:4:1us:1Gbps \
    --patterns pingpong --smpi-coll bcast:binomial_tree --p 2 --sizes 0,1K \
    --rounds 1 --time-per-point 1 --min-reps 2 --max-reps 3 --out "$WORK/s" > "$WORK/log" 2>&1 || rc=$?
  [ "$rc" -eq 0 ] || { cat "$WORK/log"; fail "smpi run: status $rc"; }
  "${vg[@]}" "$BIN/mpchar" run --resume "$WORK/s" > "$WORK/log" 2>&1 || rc=$?
  [ "$rc" -eq 0 ] || { cat "$WORK/log"; fail "smpi resume: status $rc"; }
  "${vg[@]}" "$BIN/mpchar" run --mpi smpi --platform cluster:4:1us --p 2 \
    --out "$WORK/s2" > "$WORK/log" 2>&1 || rc=$?
  [ "$rc" -eq 2 ] || { cat "$WORK/log"; fail "smpi bad input: status $rc, not 2"; }
  rc=0
  # advise --verify of a simulated run: the placement read from meta.json
  "$BIN/mpchar" run --mpi smpi --platform cluster:4:1us:1Gbps --patterns bcast,scatter,allgather \
    --p 4 --sizes 0,256,4K,64K --rounds 1 --time-per-point 1 --min-reps 2 --max-reps 3 \
    --validation-count 0 --out "$WORK/sa" > "$WORK/log" 2>&1 || { cat "$WORK/log"; fail "smpi run for advise"; }
  "${vg[@]}" "$BIN/mpchar" advise "$WORK/sa" --primitive bcast --verify > "$WORK/log" 2>&1 || rc=$?
  [ "$rc" -eq 0 ] || { cat "$WORK/log"; fail "smpi advise --verify: status $rc"; }
fi
"${vg[@]}" "$BIN/mpchar" fit "$WORK/r" > "$WORK/log" 2>&1 || rc=$?
[ "$rc" -eq 0 ] || { cat "$WORK/log"; fail "fit: status $rc"; }
grep -q "Where overlap stops" "$WORK/log" || fail "fit printed no overlap table"
# Many p (seed 001's models): aggregated metrics in seed 001's factors,
# the mean, and validation across p (p-forms refitted per left-out p).
mkdir -p "$WORK/seed"
"$BIN/test_model_seed_fit" --write "$WORK/seed"
"${vg[@]}" "$BIN/mpchar" fit "$WORK/seed" --aggregation seed001 --stat mean \
  > "$WORK/log" 2>&1 || rc=$?
[ "$rc" -eq 0 ] || { cat "$WORK/log"; fail "fit of many p: status $rc"; }
grep -q "Validation across p" "$WORK/log" || fail "fit printed no validation across p"
"${vg[@]}" "$BIN/mpchar" compare "$WORK/r" "$WORK/r" --fail-above 5 > "$WORK/log" 2>&1 || rc=$?
[ "$rc" -eq 0 ] || { cat "$WORK/log"; fail "compare: status $rc"; }
"${vg[@]}" "$BIN/mpchar" compare "$WORK/r" "$WORK/nowhere" > "$WORK/log" 2>&1 || rc=$?
[ "$rc" -eq 2 ] || { cat "$WORK/log"; fail "compare, bad input: status $rc, not 2"; }
rc=0
"${vg[@]}" "$BIN/mpchar" report "$WORK/r" --out "$WORK/rep" > "$WORK/log" 2>&1 || rc=$?
[ "$rc" -eq 0 ] || { cat "$WORK/log"; fail "report: status $rc"; }
"${vg[@]}" "$BIN/mpchar" report "$WORK/nowhere" > "$WORK/log" 2>&1 || rc=$?
[ "$rc" -eq 1 ] || { cat "$WORK/log"; fail "report, bad input: status $rc, not 1"; }
# mpchar profile (the program itself runs outside valgrind: children are
# not traced), --show, a report of the profile, bad input
rc=0
"${vg[@]}" "$BIN/mpchar" profile --out "$WORK/prof" -- mpirun.openmpi --allow-run-as-root \
  -n 2 "$BIN/prof_synth_openmpi" 1024 0 10 > "$WORK/log" 2>&1 || rc=$?
[ "$rc" -eq 0 ] || { cat "$WORK/log"; fail "profile: status $rc"; }
"${vg[@]}" "$BIN/mpchar" profile --show "$WORK/prof" --format csv > "$WORK/log" 2>&1 || rc=$?
[ "$rc" -eq 0 ] || { cat "$WORK/log"; fail "profile --show: status $rc"; }
"${vg[@]}" "$BIN/mpchar" report "$WORK/r" "$WORK/prof" --out "$WORK/rep2" > "$WORK/log" 2>&1 || rc=$?
[ "$rc" -eq 0 ] || { cat "$WORK/log"; fail "report with a profile: status $rc"; }
"${vg[@]}" "$BIN/mpchar" profile --bins x -- mpirun.openmpi > "$WORK/log" 2>&1 || rc=$?
[ "$rc" -eq 2 ] || { cat "$WORK/log"; fail "profile, bad input: status $rc, not 2"; }
rc=0
# advice from a short run outside valgrind
"$BIN/mpchar" run --mpi openmpi --p 2 --patterns allreduce,reduce,bcast \
  --sizes 0,64,1K,4K --time-per-point 5 --out "$WORK/a" > "$WORK/log" 2>&1 ||
  { cat "$WORK/log"; fail "run for advise"; }
"${vg[@]}" "$BIN/mpchar" advise "$WORK/a" --min-gain 0 --json --out "$WORK/advice.json" \
  > "$WORK/log" 2>&1 || rc=$?
[ "$rc" -eq 0 ] || { cat "$WORK/log"; fail "advise: status $rc"; }
# --verify: its lists, the child mpchar run (not traced) and its reading
"${vg[@]}" "$BIN/mpchar" advise "$WORK/a" --min-gain 0 --verify \
  > "$WORK/log" 2>&1 || rc=$?
[ "$rc" -eq 0 ] || { cat "$WORK/log"; fail "advise --verify: status $rc"; }
"${vg[@]}" "$BIN/mpchar" advise "$WORK/a" --library nompi > "$WORK/log" 2>&1 || rc=$?
[ "$rc" -eq 1 ] || { cat "$WORK/log"; fail "advise, bad input: status $rc, not 1"; }
rc=0
for format in openmpi-rules smpi loggp; do
  "${vg[@]}" "$BIN/mpchar" export "$WORK/r" --format $format --out "$WORK/x" \
    > "$WORK/log" 2>&1 || rc=$?
  [ "$rc" -eq 0 ] || { cat "$WORK/log"; fail "export $format: status $rc"; }
done
for format in mpich-cvars mpich-json; do
  rc=0
  "${vg[@]}" "$BIN/mpchar" export "$WORK/r" --format $format > "$WORK/log" 2>&1 || rc=$?
  [ "$rc" -eq 1 ] || { cat "$WORK/log"; fail "export $format, no mpich variant: status $rc, not 1"; }
done
# mpchar apps with --profile and --model (the run's Open MPI model; the
# built-in runtime's calls are unmodelled), its resume, a report of it,
# bad input
rc=0
"${vg[@]}" "$BIN/mpchar" apps --mpi openmpi,builtin --kernels series --p 2 \
  --reps 1 --model "$WORK/r" --out "$WORK/apps" > "$WORK/log" 2>&1 || rc=$?
[ "$rc" -eq 0 ] || { cat "$WORK/log"; fail "apps: status $rc"; }
"${vg[@]}" "$BIN/mpchar" apps --mpi openmpi,builtin --kernels series --p 2 \
  --reps 1 --model "$WORK/r" --out "$WORK/apps" --resume > "$WORK/log" 2>&1 || rc=$?
[ "$rc" -eq 0 ] || { cat "$WORK/log"; fail "apps --resume: status $rc"; }
# --measure-model: the points measured beside the kernel (its mpchar run
# a child, not under valgrind) and the prediction read from them
"${vg[@]}" "$BIN/mpchar" apps --mpi openmpi --kernels series --p 2 --reps 1 \
  --measure-model warm --out "$WORK/apps-m" > "$WORK/log" 2>&1 || rc=$?
[ "$rc" -eq 0 ] || { cat "$WORK/log"; fail "apps --measure-model: status $rc"; }
"${vg[@]}" "$BIN/mpchar" report "$WORK/apps" --out "$WORK/rep3" > "$WORK/log" 2>&1 || rc=$?
[ "$rc" -eq 0 ] || { cat "$WORK/log"; fail "report of apps: status $rc"; }
"${vg[@]}" "$BIN/mpchar" apps --kernels nosuch --out "$WORK/apps2" > "$WORK/log" 2>&1 || rc=$?
[ "$rc" -eq 2 ] || { cat "$WORK/log"; fail "apps, bad input: status $rc, not 2"; }
echo "ok: valgrind found nothing"
