#!/usr/bin/env bash
# Kills `mpchar run` with SIGKILL mid-way, then finishes it with --resume:
# no point may be lost or measured twice.
source "$(dirname "$0")/lib.sh"
args=(--p 2 --patterns pingpong,pingping,bcast,allreduce --max-size 64K
      --time-per-point 5)
"$BIN/mpchar" run --mpi openmpi "${args[@]}" --out "$WORK/r" \
  > "$WORK/log1" 2>&1 &
pid=$!
rows=0
for _ in $(seq 1 600); do
  if [ -f "$WORK/r/measurements.csv" ]; then
    rows=$(wc -l < "$WORK/r/measurements.csv")
    [ "$rows" -ge 60 ] && break
  fi
  sleep 0.1
done
[ "$rows" -ge 60 ] || fail "the run did not get going: $(cat "$WORK/log1")"
kill -KILL "$pid"
wait "$pid" 2>/dev/null || true
# The benchmark dies with mpchar (parent-death signal) and frees the lock.
for _ in $(seq 1 100); do
  pgrep -f "mpchar-bench-openmpi.*$WORK/r" >/dev/null || break
  sleep 0.1
done
before=$(($(wc -l < "$WORK/r/measurements.csv") - 1))
echo "killed after $before points"
"$BIN/mpchar" run --resume "$WORK/r" > "$WORK/log2" 2>&1 || {
  cat "$WORK/log2"; fail "resume failed"; }
grep -q "points to measure" "$WORK/log2" || fail "no plan line: $(cat "$WORK/log2")"
python3 "$HERE/check_results.py" "$WORK/r" --bin "$BIN" --libraries openmpi \
  -- "${args[@]}"
after=$(($(wc -l < "$WORK/r/measurements.csv") - 1))
[ "$after" -gt "$before" ] || fail "resume measured nothing"
# Resuming a complete run measures nothing and changes nothing.
"$BIN/mpchar" run --resume "$WORK/r" > "$WORK/log3" 2>&1 || fail "second resume"
grep -q "^mpchar run: 0 points" "$WORK/log3" || fail "$(head -1 "$WORK/log3")"
echo "ok: $before points before the kill, $after after resuming"
