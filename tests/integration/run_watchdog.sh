#!/usr/bin/env bash
# A point that hangs (injected: rank 0 stops at bcast of 1024 bytes) is
# ended by the watchdog, recorded in failed.csv, and the run goes on.
source "$(dirname "$0")/lib.sh"
lib=$1
args=(--p 2 --patterns bcast,reduce --sizes 0,64,1024,4096 --time-per-point 2)
start=$(date +%s)
MPCHAR_BENCH_INJECT_HANG=bcast:1024 "$BIN/mpchar" run --mpi "$lib" \
  "${args[@]}" --point-timeout 3 --out "$WORK/r" > "$WORK/log" 2>&1 || {
  cat "$WORK/log"; fail "run failed"; }
took=$(($(date +%s) - start))
grep -q "^$lib,bcast,-,-,byte,2,1024,fit,.*watchdog" "$WORK/r/failed.csv" \
  || fail "no watchdog failure recorded: $(cat "$WORK/r/failed.csv" 2>&1)"
python3 "$HERE/check_results.py" "$WORK/r" --bin "$BIN" --libraries "$lib" \
  --allow-failed bcast:1024 -- "${args[@]}"
pgrep -f "mpchar-bench-$lib.*$WORK/r" && fail "benchmark processes left behind"
echo "ok: hung point ended and recorded, run finished in ${took}s"
