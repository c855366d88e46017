#!/usr/bin/env bash
# `mpchar apps` end to end on one library (argument), JGF Series at class
# S: rows at p = 1, 2 and cores + 1 (marked oversubscribed) with the
# medians of 2 repetitions, verified; meta.json complete; a class one
# kernel lacks skipped with a line, and a p FT refuses; an existing folder refused without
# --resume; --resume runs only the missing row; a fault injected through
# MPCHAR_KERNEL_FAULT gives verified=no and exit 1 naming the kernel;
# with the built-in runtime, --rounds alternates it with builtin-sr.
source "$(dirname "$0")/lib.sh"
M="$BIN/mpchar"
LIB=$1
OVER=$((CORES + 1))
A="$WORK/a"

"$M" apps --mpi "$LIB" --kernels series --class S --p "1,2,$OVER" --reps 2 \
  --out "$A" >"$WORK/out" || fail "apps exit status $?: $(cat "$WORK/out")"
python3 - "$A" "$LIB" "$OVER" <<'PY' || fail "apps.csv"
import csv, json, sys
out, lib, over = sys.argv[1], sys.argv[2], int(sys.argv[3])
rows = list(csv.DictReader(open(out + "/apps.csv")))
assert [int(r["p"]) for r in rows] == [1, 2, over], rows
for r in rows:
    assert (r["library"], r["kernel"], r["suite"], r["class"]) == \
        (lib, "series", "jgf", "S"), r
    assert r["reps"] == "2" and r["verified"] == "yes", r
    assert r["oversubscribed"] == ("yes" if int(r["p"]) == over else "no"), r
    t, tmin, comm, cmin = (float(r[k]) for k in (
        "t_total_s", "t_total_min_s", "t_comm_s", "t_comm_min_s"))
    assert 0 < tmin <= t and 0 <= cmin <= comm <= t, r
    assert r["t_mpi_s"] == "" and r["t_comm_pred_s"] == "", r
    # the state probe needs a peer; no model, no model probe
    assert (r["probe_us"] == "") == (r["p"] == "1"), r
    assert r["probe_us"] == "" or float(r["probe_us"]) > 0, r
    assert r["model_probe_us"] == "", r
meta = json.load(open(out + "/meta.json"))
assert meta["status"] == "complete" and meta["options"]["reps"] == 2, meta
assert meta["libraries"][0]["name"] == lib, meta
PY
echo "ok: three rows, verified, p=$OVER oversubscribed"

"$M" apps --mpi "$LIB" --kernels series,is --class W --p 1 --reps 1 \
  --out "$WORK/w" >"$WORK/out"
grep -q "series skipped: it has no class W" "$WORK/out" || fail "no skip line"
[ "$(tail -n +2 "$WORK/w/apps.csv" | cut -d, -f2)" = is ] ||
  fail "class W: rows $(cat "$WORK/w/apps.csv")"
echo "ok: class W skips series, runs is"
# NPB FT needs a power of two: p = 3 is refused with the kernel's sentence
"$M" apps --mpi "$LIB" --kernels ft --p 3 --out "$WORK/r" >"$WORK/out" 2>/dev/null
grep -q "ft class S p=3.* skipped: the kernel refuses this p: mpchar-kernels: ft class S at p = 3: .*power of two" \
  "$WORK/out" || fail "refusal: $(cat "$WORK/out")"
[ "$(wc -l <"$WORK/r/apps.csv")" -eq 1 ] || fail "refused p: rows written"
echo "ok: ft refuses p=3"

expect_error "no --resume" "use --resume" \
  "$M" apps --mpi "$LIB" --kernels series --p 1 --out "$A"
# a run killed before its last row: --resume runs that row only
head -n 3 "$A/apps.csv" >"$WORK/cut" && cp "$WORK/cut" "$A/apps.csv"
"$M" apps --mpi "$LIB" --kernels series --class S --p "1,2,$OVER" --reps 2 \
  --out "$A" --resume >"$WORK/out" || fail "resume exit status"
[ "$(grep -c "already in" "$WORK/out")" -eq 2 ] || fail "resume: $(cat "$WORK/out")"
grep -q "p=$OVER (oversubscribed): t_total_s" "$WORK/out" || fail "resume ran nothing"
[ "$(wc -l <"$A/apps.csv")" -eq 4 ] || fail "resume: $(cat "$A/apps.csv")"
echo "ok: resume"

# --rounds: the libraries take turns, the first of each round rotating;
# a row holds every launch's repetitions, its profile the last launch's
# (calls per repetition as with one round).  builtin-sr runs through
# env(1), which a sanitizer build's profiler (LD_PRELOAD) cannot enter:
# the profile is checked on builtin alone.
if [ "$LIB" = builtin ]; then
  "$M" apps --mpi builtin,builtin-sr --kernels series --p 2 --reps 2 \
    --rounds 3 --out "$WORK/turns" >"$WORK/out" ||
    fail "--rounds 3: $(cat "$WORK/out")"
  order=$(sed -n 's/^mpchar apps: \([a-z-]*\) series class S p=2: round \([0-9]\) of 3$/\2 \1/p' \
    "$WORK/out" | tr '\n' ' ')
  [ "$order" = "1 builtin 1 builtin-sr 2 builtin-sr 2 builtin 3 builtin 3 builtin-sr " ] ||
    fail "--rounds 3 launched: $order"
  # the runtime's two modes alone: no other library to judge it against
  ! grep -q "against the fastest other library" "$WORK/out" ||
    fail "builtin judged against builtin-sr: $(cat "$WORK/out")"
  for rounds in 1 3; do
    "$M" apps --mpi builtin --kernels series --p 2 --reps 2 --rounds $rounds \
      --profile --out "$WORK/rounds$rounds" >"$WORK/out" ||
      fail "--rounds $rounds --profile: $(cat "$WORK/out")"
  done
  python3 - "$WORK/turns/apps.csv" "$WORK/rounds1/apps.csv" \
    "$WORK/rounds3/apps.csv" <<'PY' || fail "--rounds rows"
import csv, sys
turns, one, three = ({r["library"]: r for r in csv.DictReader(open(f))}
                     for f in sys.argv[1:])
for lib in ("builtin", "builtin-sr"):
    assert turns[lib]["reps"] == "6" and turns[lib]["verified"] == "yes", turns
assert one["builtin"]["reps"] == "2" and three["builtin"]["reps"] == "6", \
    (one, three)
assert three["builtin"]["calls"] == one["builtin"]["calls"] != "", \
    (one, three)
PY
  echo "ok: --rounds 3 alternates, 6 repetitions a row, the profile per launch"
fi

rc=0
MPCHAR_KERNEL_FAULT=1 "$M" apps --mpi "$LIB" --kernels series --class S \
  --p 1 --reps 1 --out "$WORK/f" >/dev/null 2>"$WORK/err" || rc=$?
[ "$rc" -eq 1 ] || fail "fault: exit status $rc"
grep -q "$LIB series class S p=1 failed verification" "$WORK/err" ||
  fail "fault not named: $(cat "$WORK/err")"
tail -n 1 "$WORK/f/apps.csv" | grep -q ",no,no," || fail "fault row: $(cat "$WORK/f/apps.csv")"
echo "ok: fault fails verification"
echo "PASS: apps_run $LIB"
