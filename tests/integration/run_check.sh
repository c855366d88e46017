#!/usr/bin/env bash
# mpchar run with --check on one MPI library at one p (above the cores:
# oversubscribed and marked): every byte received is verified, and the
# results must be complete and sane.
source "$(dirname "$0")/lib.sh"
lib=$1 p=$2
args=(--p "$p" --max-size 16K --time-per-point 2)
"$BIN/mpchar" run --mpi "$lib" "${args[@]}" $(over_flag "$p") --check \
  --out "$WORK/r" > "$WORK/log" 2>&1 || { cat "$WORK/log"; fail "run failed"; }
python3 "$HERE/check_results.py" "$WORK/r" --bin "$BIN" --libraries "$lib" \
  -- "${args[@]}"
