#!/usr/bin/env bash
# libmpchar-tune on one MPI library (issue 23): tune_check at p = 2 and 3
# under advice that covers every size, once with Scatter + Allgather,
# Gather + Bcast, Reduce + Scatterv and Reduce + Bcast, once with
# Reduce + Scatter and Reduce_scatter + Allgather: results equal the
# library's own, and MPCHAR_TUNE_LOG=1 shows calls were substituted.  A
# malformed advice file: the program runs untuned and says why once.
# The launcher starts `env LD_PRELOAD=...`, so that only the MPI
# processes load the tune library (not the launcher itself).
# usage: tune_check.sh LIBRARY TUNE_CHECK LIBTUNE LAUNCHER...
source "$(dirname "$0")/lib.sh"
lib=$1 prog=$2 tune=$3
shift 3
launch=("$@")

advice() { # FILE SUBSTITUTE:PRIMITIVE...
  local f=$1 sep=""
  shift
  echo "[" > "$f"
  for pair in "$@"; do
    for p in 2 3; do
      printf '%s  {"library":"%s","primitive":"%s","substitute":"%s","p":%d,"n_from":0,"n_to":1e12,"predicted_gain":0.5,"extrapolated":false}\n' \
        "$sep" "$lib" "${pair#*:}" "${pair%%:*}" "$p" >> "$f"
      sep=","
    done
  done
  echo "]" >> "$f"
}

advice "$WORK/a.json" bcast_sa:bcast allgather_gb:allgather \
  reduce_scatter_rs:reduce_scatter allreduce_rb:allreduce
advice "$WORK/b.json" reduce_scatter_rsc:reduce_scatter allreduce_rsag:allreduce

for file in a b; do
  for p in 2 3; do
    out="$WORK/$file-$p"
    "${launch[@]}" -n "$p" env LD_PRELOAD="$tune" \
      MPCHAR_TUNE="$WORK/$file.json" MPCHAR_TUNE_LOG=1 "$prog" \
      > "$out.out" 2> "$out.err" ||
      fail "$lib $file p=$p: $(cat "$out.out" "$out.err")"
    grep -q "tune_check: ok" "$out.out" || fail "$lib $file p=$p: no ok"
    for prim in bcast allgather reduce_scatter allreduce; do
      case "$file:$prim" in b:bcast | b:allgather) continue ;; esac
      line=$(grep "libmpchar-tune: rank 0: $prim:" "$out.err") ||
        fail "$lib $file p=$p: no log line for $prim: $(cat "$out.err")"
      n=$(echo "$line" | awk '{print $5}')
      [ "$n" -gt 0 ] || fail "$lib $file p=$p: $prim never substituted: $line"
    done
    echo "ok: $lib advice $file p=$p: $(grep -c 'substituted' "$out.err") log lines, results equal"
  done
done

# A malformed file: one line, the program runs untuned.
printf '[\n  {"library":"%s","primitive":"bcast","substitute":"bcast_sa","p":"two"}\n]\n' \
  "$lib" > "$WORK/bad.json"
"${launch[@]}" -n 2 env LD_PRELOAD="$tune" MPCHAR_TUNE="$WORK/bad.json" \
  MPCHAR_TUNE_LOG=1 "$prog" > "$WORK/bad.out" 2> "$WORK/bad.err" ||
  fail "$lib bad advice: the program failed: $(cat "$WORK/bad.err")"
grep -q "tune_check: ok" "$WORK/bad.out" || fail "$lib bad advice: no ok"
[ "$(grep -c 'running untuned' "$WORK/bad.err")" -eq 1 ] ||
  fail "$lib bad advice: not said once: $(cat "$WORK/bad.err")"
grep -q "bad.json: line 2: field 'p': expected a number" "$WORK/bad.err" ||
  fail "$lib bad advice: unclear: $(cat "$WORK/bad.err")"
grep -q "bcast: 0 of" "$WORK/bad.err" || fail "$lib bad advice: substituted"
echo "ok: $lib malformed advice: $(grep untuned "$WORK/bad.err")"
