#!/usr/bin/env bash
# `mpchar compare` on synthetic result sets (no MPI needed):
#  1. B within noise of A (deviations up to 6 %, beyond the 5 % threshold
#     but inside each point's noise allowance) -> exit 0, PASS;
#  2. B 20 % slower at exactly one point -> exit 1, that point named on
#     stderr and marked in the table, nothing else; 50 % slower at an
#     oversubscribed point that is not judged unless asked;
#  plus library pairing, one-sided points, the CSV and Markdown formats,
#  and bad input: one line on stderr naming the file, line, field or
#  option, and exit status 2.
source "$(dirname "$0")/lib.sh"
M="$BIN/mpchar"

# gen.py DIR MODE: a results directory with measurements.csv.
# MODE: base (A), noise (B within noise), regress (B with the regression).
cat > "$WORK/gen.py" <<'EOF'
import os, random, sys
out, mode = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)
rnd = random.Random(4)
series = [  # library, pattern, variant, op, datatype, p, oversubscribed, spreads
    ("openmpi", "pingpong", "send", "-", "byte", 2, False, (0.04, 0.12)),
    ("openmpi", "allreduce", "-", "sum", "double", 2, False, (0.03, 0.03)),
    ("openmpi", "bcast", "-", "-", "byte", 4, True, (0.04, 0.08)),
]
rows = []
for lib, pat, var, op, dt, p, over, (s_lo, s_hi) in series:
    sizes = [("fit", 8 * 4 ** k) for k in range(9)] + \
            [("validation", n) for n in (100, 3000, 70000)]
    for st, n in sizes:
        t = 0.5 + 0.0004 * n * (1 + p / 4)
        spread = rnd.uniform(s_lo, s_hi)
        dev = rnd.uniform(-0.06, 0.06)
        if mode == "noise":
            t *= 1 + dev
        elif mode == "regress":
            if pat == "allreduce" and n == 8 * 4 ** 6 and st == "fit":
                t *= 1.20
            if pat == "bcast" and n == 8 and st == "fit":
                t *= 1.50
        med = t * (1 + spread)
        rows.append("%s,%s,%s,%s,%s,%d,%d,%s,100,%.4f,%.4f,%.4f,%.4f,%.4f,%s"
                    % (lib, pat, var, op, dt, p, n, st, t, med, med * 1.01,
                       t * 3, t * 0.1, "true" if over else "false"))
with open(os.path.join(out, "measurements.csv"), "w") as f:
    f.write("library,pattern,variant,op,datatype,p,n_bytes,set,reps,t_min_us,"
            "t_median_us,t_mean_us,t_max_us,t_stddev_us,oversubscribed\n")
    f.write("\n".join(rows) + "\n")
EOF
python3 "$WORK/gen.py" "$WORK/A" base
python3 "$WORK/gen.py" "$WORK/B_noise" noise
python3 "$WORK/gen.py" "$WORK/B_regress" regress

# run_status WANT NAME args...: runs mpchar compare, keeps stdout and
# stderr in $WORK/NAME.out and .err, checks the exit status.
run_status() {
  local want=$1 name=$2 rc=0
  shift 2
  "$M" compare "$@" > "$WORK/$name.out" 2> "$WORK/$name.err" || rc=$?
  [ "$rc" -eq "$want" ] || {
    cat "$WORK/$name.out" "$WORK/$name.err"
    fail "$name: exit status $rc, expected $want"
  }
}

# 1. Within noise: exit 0 with --fail-above 5.
run_status 0 noise "$WORK/A" "$WORK/B_noise" --fail-above 5
grep -q "^PASS: 0 points slower than A by more than 5% plus noise" \
  "$WORK/noise.out" || fail "noise: no PASS line"
[ ! -s "$WORK/noise.err" ] || fail "noise: stderr: $(cat "$WORK/noise.err")"
grep -q "SLOWER" "$WORK/noise.out" && fail "noise: a point marked SLOWER"
# The same deviations fail where nothing is allowed for noise: the median
# statistic of a noise-free copy shows the test can fail.
sed 's/,\([0-9.]*\),[0-9.]*,\([0-9.]*\),\([0-9.]*\),\([0-9.]*\),\(true\|false\)$/,\1,\1,\2,\3,\4,\5/' \
  "$WORK/B_noise/measurements.csv" > "$WORK/B_noise_flat.csv"
sed 's/,\([0-9.]*\),[0-9.]*,\([0-9.]*\),\([0-9.]*\),\([0-9.]*\),\(true\|false\)$/,\1,\1,\2,\3,\4,\5/' \
  "$WORK/A/measurements.csv" > "$WORK/A_flat.csv"
run_status 1 noise_flat "$WORK/A_flat.csv" "$WORK/B_noise_flat.csv" --fail-above 5
echo "ok: within noise: exit 0; without noise the same deviations fail"

# 2. A 20 % regression at one point: exit 1, the point named, only it.
run_status 1 regress "$WORK/A" "$WORK/B_regress" --fail-above 10
point="library=openmpi pattern=allreduce variant=- op=sum datatype=double p=2 n_bytes=32768 set=fit ratio=1.200"
grep -qF "$point" "$WORK/regress.err" || fail "regress: '$point' not in: $(cat "$WORK/regress.err")"
[ "$(grep -c 'slower: library=' "$WORK/regress.err")" -eq 1 ] ||
  fail "regress: not exactly one point named: $(cat "$WORK/regress.err")"
[ "$(grep -c ' SLOWER$' "$WORK/regress.out")" -eq 1 ] ||
  fail "regress: not exactly one row marked SLOWER"
grep -E '^ +32768 +fit .* 1\.200 .* SLOWER$' "$WORK/regress.out" >/dev/null ||
  fail "regress: the row of n=32768 is not marked"
grep -q "^FAIL: 1 point slower" "$WORK/regress.out" || fail "regress: no FAIL line"
grep -q "oversubscribed, not judged" "$WORK/regress.out" ||
  fail "regress: oversubscribed points not marked"
grep -q "worst: openmpi allreduce/sum p=2 n=32768 (fit): B/A 1.200" \
  "$WORK/regress.out" || fail "regress: worst point not in the summary"
echo "ok: 20% regression: exit 1, $(grep -c . "$WORK/regress.err") lines on stderr"

run_status 1 regress_over "$WORK/A" "$WORK/B_regress" --fail-above 10 --include-oversubscribed
[ "$(grep -c 'slower: library=' "$WORK/regress_over.err")" -eq 2 ] ||
  fail "--include-oversubscribed: not two points: $(cat "$WORK/regress_over.err")"
grep -q "pattern=bcast .* n_bytes=8 set=fit ratio=1.500" "$WORK/regress_over.err" ||
  fail "--include-oversubscribed: bcast n=8 not named"
run_status 0 regress_high "$WORK/A" "$WORK/B_regress" --fail-above 25
run_status 0 regress_nofail "$WORK/A" "$WORK/B_regress"
grep -q " SLOWER$" "$WORK/regress_nofail.out" || fail "no --fail-above: point not marked"
run_status 1 regress_median "$WORK/A" "$WORK/B_regress" --fail-above 10 --stat median
grep -q "compared: t_median_us" "$WORK/regress_median.out" || fail "--stat median not shown"
echo "ok: oversubscribed, thresholds, --stat"

# Formats.
run_status 1 csv "$WORK/A" "$WORK/B_regress" --fail-above 10 --format csv
python3 - "$WORK/csv.out" <<'EOF' || fail "csv output"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
assert len(rows) == 36, len(rows)
slow = [r for r in rows if r["verdict"] == "slower" and r["judged"] == "true"]
assert len(slow) == 1 and slow[0]["n_bytes"] == "32768", slow
assert abs(float(slow[0]["ratio"]) - 1.2) < 1e-3
EOF
run_status 1 md "$WORK/A" "$WORK/B_regress" --fail-above 10 --format markdown
grep -q "^### openmpi allreduce/sum p=2" "$WORK/md.out" || fail "markdown title"
grep -q "^| 32768 | fit | .* | 1.200 | .* | SLOWER |$" "$WORK/md.out" || fail "markdown row"
run_status 1 brief "$WORK/A" "$WORK/B_regress" --fail-above 10 --brief
[ "$(grep -c . "$WORK/brief.out")" -lt 20 ] || fail "--brief is not brief"
grep -q "openmpi allreduce/sum p=2: 12 points, geomean B/A .*, worst 1.200 at n=32768, 1 slower" \
  "$WORK/brief.out" || fail "--brief line: $(cat "$WORK/brief.out")"
echo "ok: csv, markdown, --brief"

# Libraries under other names, and points on one side only.
mkdir -p "$WORK/B_mpich"
sed '2,$s/^openmpi,/mpich,/' "$WORK/B_regress/measurements.csv" | grep -v ',8,fit,' \
  > "$WORK/B_mpich/measurements.csv"
run_status 1 pair "$WORK/A" "$WORK/B_mpich" --fail-above 10
grep -q "A's openmpi against B's mpich (no library in common" "$WORK/pair.out" ||
  fail "pairing not stated"
grep -q "library=openmpi library_b=mpich pattern=allreduce" "$WORK/pair.err" ||
  fail "pairing: point not named with both libraries"
grep -q "only in A: 3 points, e.g. openmpi" "$WORK/pair.out" ||
  fail "only-in-A points not reported: $(grep only "$WORK/pair.out")"
(cat "$WORK/A/measurements.csv"; sed 1d "$WORK/B_mpich/measurements.csv") > "$WORK/AB.csv"
run_status 1 chosen "$WORK/AB.csv" "$WORK/B_mpich" --library-a openmpi --library-b mpich --fail-above 10
grep -q "other libraries, not compared: 33 rows of A, 0 of B" "$WORK/chosen.out" ||
  fail "other libraries not counted"
echo "ok: pairing and one-sided points"

# Bad input: exit 2 and exactly one line on stderr holding the needle.
bad() {
  local what=$1 needle=$2 rc=0
  shift 2
  "$M" compare "$@" > /dev/null 2> "$WORK/bad.err" || rc=$?
  [ "$rc" -eq 2 ] || fail "$what: exit status $rc, not 2: $(cat "$WORK/bad.err")"
  [ "$(grep -c . "$WORK/bad.err")" -eq 1 ] || fail "$what: stderr: $(cat "$WORK/bad.err")"
  grep -qF -- "$needle" "$WORK/bad.err" || fail "$what: '$needle' not in: $(cat "$WORK/bad.err")"
  echo "ok: $what: $(cat "$WORK/bad.err")"
}
A="$WORK/A"
mkdir -p "$WORK/empty_dir" "$WORK/header_only" "$WORK/damaged" "$WORK/binary"
head -1 "$A/measurements.csv" > "$WORK/header_only/measurements.csv"
sed '3s/,100,[0-9.]*,/,100,fast,/' "$A/measurements.csv" > "$WORK/damaged/measurements.csv"
head -c 3000 /dev/urandom > "$WORK/binary/measurements.csv"
bad "missing directory" "B: $WORK/nowhere: no such results directory" "$A" "$WORK/nowhere"
bad "directory without measurements" "empty_dir/measurements.csv: cannot open" "$A" "$WORK/empty_dir"
bad "damaged row" "damaged/measurements.csv:3: column 't_min_us'" "$A" "$WORK/damaged"
bad "header only" "header_only/measurements.csv: no measurements" "$WORK/header_only" "$A"
bad "binary file" "binary/measurements.csv" "$A" "$WORK/binary"
bad "negative threshold" "--fail-above: '-3' is not a percentage from 0 to 1000" "$A" "$A" --fail-above -3
bad "threshold not a number" "--fail-above: 'abc' is not a percentage" "$A" "$A" --fail-above abc
bad "threshold with junk" "--fail-above: '10%%' is not a percentage" "$A" "$A" --fail-above 10%%
bad "threshold infinite" "--fail-above: 'inf' is not a percentage" "$A" "$A" --fail-above inf
bad "threshold missing" "--fail-above needs a value" "$A" "$A" --fail-above
bad "bad statistic" "--stat: unknown value 'mean'" "$A" "$A" --stat mean
bad "bad format" "--format: unknown value 'html'" "$A" "$A" --format html
bad "one directory" "needs two results directories" "$A"
bad "three directories" "not more" "$A" "$A" "$A"
bad "unknown option" "unknown option '--bogus'" "$A" "$A" --bogus
bad "absent library" "A has no library 'nompi' (it has: openmpi)" "$A" "$A" --library-a nompi
bad "bad library name" "--library-b: 'a b' is not a library name" "$A" "$A" --library-b 'a b'
mkdir -p "$WORK/two_libs"
sed '2,$s/^openmpi,/ompi5,/; 2,$s/^mpich,/mpich4,/' "$WORK/AB.csv" > "$WORK/two_libs/measurements.csv"
bad "no common library, several each" \
  "no library in common (A: openmpi, mpich; B: ompi5, mpich4)" "$WORK/AB.csv" "$WORK/two_libs"
mkdir -p "$WORK/disjoint"
sed '2,$s/^\([^,]*,[^,]*,[^,]*,[^,]*,[^,]*\),2,/\1,3,/; 2,$s/^\([^,]*,[^,]*,[^,]*,[^,]*,[^,]*\),4,/\1,5,/' \
  "$A/measurements.csv" > "$WORK/disjoint/measurements.csv"
bad "no matching point" "no point of" "$A" "$WORK/disjoint"
bad "--brief with csv" "--brief is for text and markdown" "$A" "$A" --brief --format csv
# each side's buffers come from its meta.json (mpchar run --cache): a cold
# side is named, and warm against cold is noted; a bad state is one line
mkdir -p "$WORK/cold"
cp "$A/measurements.csv" "$WORK/cold/"
echo '{"options": {"cache": "cold", "cache_sweep": "8M"}}' >"$WORK/cold/meta.json"
"$M" compare "$A" "$WORK/cold" >"$WORK/cold.out" 2>&1 || fail "compare warm and cold: $(cat "$WORK/cold.out")"
grep -qF "B: $WORK/cold/measurements.csv (" "$WORK/cold.out" &&
  grep -qF "points, cold buffers: --cache-sweep 8M)" "$WORK/cold.out" || fail "cold side not named: $(head -4 "$WORK/cold.out")"
grep -qF "note: A measured warm buffers and B cold ones" "$WORK/cold.out" || fail "no warm/cold note"
"$M" compare "$WORK/cold" "$WORK/cold" >"$WORK/cold2.out" 2>&1 || fail "compare cold and cold"
! grep -q "note: A measured" "$WORK/cold2.out" || fail "cold against cold noted as different"
"$M" compare "$A" "$A" >"$WORK/warm.out" 2>&1 || fail "compare warm and warm"
grep -qF "A: $A/measurements.csv (" "$WORK/warm.out" || fail "no header: $(head -2 "$WORK/warm.out")"
! grep -q "cold buffers\|note: A measured" "$WORK/warm.out" || fail "warm sides named cold"
echo '{"options": {"cache": "frozen"}}' >"$WORK/cold/meta.json"
bad "bad cache state" "B: $WORK/cold/meta.json: field 'options.cache' is not" "$A" "$WORK/cold"
echo "ok: mpchar compare"
