#!/usr/bin/env bash
# Bad input to `mpchar profile`: each gets one line naming what is at
# fault and a non-zero exit, and nothing runs.  EXE is an Open MPI build
# of prof_synth.c, THREADS_EXE one that asks for MPI_THREAD_MULTIPLE.
source "$(dirname "$0")/../integration/lib.sh"
EXE=$1 THREADS_EXE=$2
M="$BIN/mpchar"
L=(mpirun.openmpi --allow-run-as-root -n 2)
expect_error "no program" "after --" "$M" profile --out "$WORK/a"
expect_error "missing launcher" "launcher 'no-such-launcher' not found" \
  "$M" profile --out "$WORK/a" -- no-such-launcher -n 2 "$EXE" 1 0 1
expect_error "unknown launcher" "name it with --mpi" \
  "$M" profile --out "$WORK/a" -- /bin/true
expect_error "bad --mpi" "--mpi: 'nompi'" \
  "$M" profile --mpi nompi --out "$WORK/a" -- "${L[@]}" "$EXE" 1 0 1
expect_error "bad --bins" "--bins" \
  "$M" profile --bins 1K,zz --out "$WORK/a" -- "${L[@]}" "$EXE" 1 0 1
expect_error "bad --format" "text" "$M" profile --show "$WORK/a" --format xml
expect_error "missing model" "nomodel.json" \
  "$M" profile --model "$WORK/nomodel.json" --out "$WORK/a" -- "${L[@]}" "$EXE" 1 0 1
# a model of other libraries (seed 001's, fitted from its published tables)
mkdir -p "$WORK/seed"
"$BIN/test_model_seed_fit" --write "$WORK/seed" >/dev/null
"$M" fit "$WORK/seed" --method seed >/dev/null
expect_error "model of another library" "openmpi" \
  "$M" profile --model "$WORK/seed/model.json" --out "$WORK/a" -- "${L[@]}" "$EXE" 1 0 1
[ ! -e "$WORK/a/profile.json" ] || fail "a profile was written"
expect_error "--show of a folder without profile" "profile.json" \
  "$M" profile --show "$WORK/seed"
printf '{"format": "mpchar-profile", "bin_upper_bytes": []}' >"$WORK/bad.json"
mkdir -p "$WORK/b" && cp "$WORK/bad.json" "$WORK/b/profile.json"
expect_error "--show of a bad profile.json" "bin_upper_bytes" "$M" profile --show "$WORK/b"
# MPI_THREAD_MULTIPLE is refused with one clear line (from each rank)
rc=0
"$M" profile --out "$WORK/t" -- "${L[@]}" "$THREADS_EXE" >/dev/null 2>"$WORK/terr" || rc=$?
[ "$rc" -ne 0 ] || fail "MPI_THREAD_MULTIPLE: exit status 0"
grep -q "MPI_THREAD_MULTIPLE, which the profiler refuses" "$WORK/terr" ||
  fail "MPI_THREAD_MULTIPLE: $(cat "$WORK/terr")"
echo "ok: MPI_THREAD_MULTIPLE refused"
echo "PASS: profile_bad_input"
