#!/usr/bin/env bash
# The CLI is valgrind-clean: no invalid access and no definite leak in a
# small run (with the overlap sweep), its resume, a fit, a comparison, a
# report (reading the fit's model.json back) and rejected invocations.
source "$(dirname "$0")/lib.sh"
vg=(valgrind -q --error-exitcode=99 --leak-check=full
    --errors-for-leak-kinds=definite)
rc=0
"${vg[@]}" "$BIN/mpchar" run --mpi openmpi --p 2 \
  --patterns barrier,pingpong,overlap --sizes 0,1K --time-per-point 10 \
  --rounds 2 --level-wait 0 --out "$WORK/r" > "$WORK/log" 2>&1 || rc=$?
[ "$rc" -eq 0 ] || { cat "$WORK/log"; fail "run: status $rc"; }
"${vg[@]}" "$BIN/mpchar" run --resume "$WORK/r" > "$WORK/log" 2>&1 || rc=$?
[ "$rc" -eq 0 ] || { cat "$WORK/log"; fail "resume: status $rc"; }
"${vg[@]}" "$BIN/mpchar" run --p 1 > "$WORK/log" 2>&1 || rc=$?
[ "$rc" -eq 2 ] || { cat "$WORK/log"; fail "bad input: status $rc, not 2"; }
rc=0
"${vg[@]}" "$BIN/mpchar" fit "$WORK/r" > "$WORK/log" 2>&1 || rc=$?
[ "$rc" -eq 0 ] || { cat "$WORK/log"; fail "fit: status $rc"; }
grep -q "Where overlap stops" "$WORK/log" || fail "fit printed no overlap table"
"${vg[@]}" "$BIN/mpchar" compare "$WORK/r" "$WORK/r" --fail-above 5 > "$WORK/log" 2>&1 || rc=$?
[ "$rc" -eq 0 ] || { cat "$WORK/log"; fail "compare: status $rc"; }
"${vg[@]}" "$BIN/mpchar" compare "$WORK/r" "$WORK/nowhere" > "$WORK/log" 2>&1 || rc=$?
[ "$rc" -eq 2 ] || { cat "$WORK/log"; fail "compare, bad input: status $rc, not 2"; }
rc=0
"${vg[@]}" "$BIN/mpchar" report "$WORK/r" --out "$WORK/rep" > "$WORK/log" 2>&1 || rc=$?
[ "$rc" -eq 0 ] || { cat "$WORK/log"; fail "report: status $rc"; }
"${vg[@]}" "$BIN/mpchar" report "$WORK/nowhere" > "$WORK/log" 2>&1 || rc=$?
[ "$rc" -eq 1 ] || { cat "$WORK/log"; fail "report, bad input: status $rc, not 1"; }
echo "ok: valgrind found nothing"
