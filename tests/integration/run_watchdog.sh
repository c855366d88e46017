#!/usr/bin/env bash
# A point that hangs (injected: rank 0 stops at bcast of 1024 bytes) is
# ended by the watchdog, recorded in failed.csv, and the run goes on.  A
# launch that hangs after its last result, in MPI_Finalize (injected), is
# ended too, and its results are kept: the run succeeds, says so, and
# meta.json marks the launch hung_in_finalize.
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

fin=(--p 2 --patterns pingpong --sizes 0,65536 --time-per-point 2)
MPCHAR_BENCH_INJECT_HANG=finalize "$BIN/mpchar" run --mpi "$lib" "${fin[@]}" \
  --out "$WORK/f" > "$WORK/flog" 2>&1 || { cat "$WORK/flog"; fail "run hung in MPI_Finalize failed"; }
grep -q "hung in MPI_Finalize" "$WORK/flog" || fail "no word of the hang: $(cat "$WORK/flog")"
python3 "$HERE/check_results.py" "$WORK/f" --bin "$BIN" --libraries "$lib" -- "${fin[@]}"
python3 - "$WORK/f/meta.json" <<'PY' || fail "meta.json does not mark the hang"
import json, sys
launches = json.load(open(sys.argv[1]))["launches"]
assert [l["hung_in_finalize"] for l in launches] == [True], launches
PY
pgrep -f "mpchar-bench-$lib.*$WORK/f" && fail "benchmark processes left behind"
echo "ok: hung point ended and recorded, run finished in ${took}s; a hang in MPI_Finalize kept its results"
