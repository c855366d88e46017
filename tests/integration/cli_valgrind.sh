#!/usr/bin/env bash
# The CLI is valgrind-clean: no invalid access and no definite leak in a
# small run, its resume, and a rejected invocation.
source "$(dirname "$0")/lib.sh"
vg=(valgrind -q --error-exitcode=99 --leak-check=full
    --errors-for-leak-kinds=definite)
rc=0
"${vg[@]}" "$BIN/mpchar" run --mpi openmpi --p 2 --patterns barrier,pingpong \
  --sizes 0,1K --out "$WORK/r" > "$WORK/log" 2>&1 || rc=$?
[ "$rc" -eq 0 ] || { cat "$WORK/log"; fail "run: status $rc"; }
"${vg[@]}" "$BIN/mpchar" run --resume "$WORK/r" > "$WORK/log" 2>&1 || rc=$?
[ "$rc" -eq 0 ] || { cat "$WORK/log"; fail "resume: status $rc"; }
"${vg[@]}" "$BIN/mpchar" run --p 1 > "$WORK/log" 2>&1 || rc=$?
[ "$rc" -eq 2 ] || { cat "$WORK/log"; fail "bad input: status $rc, not 2"; }
echo "ok: valgrind found nothing"
