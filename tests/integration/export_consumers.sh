#!/usr/bin/env bash
# `mpchar run --algorithms` and `mpchar export`, each format checked by
# the program that reads it (issue 23, docs/export.md):
#  1. synthetic measurements with a known crossover (Open MPI bcast:
#     basic_linear 5 us + 1 ns/byte against binomial 20 us + 0.1 ns/byte,
#     equal at n = 16666.7) give exactly the expected rules file, and Open
#     MPI, given it, runs basic_linear up to 16666 bytes and binomial from
#     16667 (a probe preloaded into its processes names each algorithm);
#     MPICH runs with the exported variables (and refuses a bad value, so
#     the check can fail); smpirun accepts the SMPI settings (and refuses
#     a malformed one);
#  2. a real run at p = 2 of openmpi, mpich and builtin with two algorithm
#     variants of bcast each for openmpi and mpich: the variants are
#     libraries of their own measuring bcast only, and every export of it
#     passes its consumer: Open MPI runs the algorithm the rules name at
#     the first size of every rule, MPICH accepts the variables, smpirun
#     accepts every library's SMPI settings, and LogGP is positive.
# Usage: export_consumers.sh OMPI_BCAST MPICH_BCAST TRACE_SO DATA_DIR
#        MPIRUN MPIEXEC SMPIRUN SMPICC
source "$(dirname "$0")/lib.sh"
M="$BIN/mpchar"
OMPI_BCAST=$1 MPICH_BCAST=$2 TRACE=$3 DATA=$4 MPIRUN=$5 MPIEXEC=$6
SMPIRUN=$7 SMPICC=$8
[ -x "$SMPIRUN" ] && [ -x "$SMPICC" ] \
  || fail "smpirun/smpicc not found ($SMPIRUN, $SMPICC): run scripts/setup.sh"
root=()
[ "$(id -u)" -ne 0 ] || root=(--allow-run-as-root)

# ompi_check RULES SIZE=ALGORITHM...: Open MPI at p = 2 with RULES runs
# ALGORITHM for a bcast of SIZE bytes, on both ranks.
ompi_check() {
  local rules=$1 sizes=() pair
  shift
  for pair in "$@"; do sizes+=("${pair%%=*}"); done
  "$MPIRUN" "${root[@]}" -n 2 --mca coll_tuned_use_dynamic_rules 1 \
    --mca coll_tuned_dynamic_rules_filename "$rules" \
    -x LD_PRELOAD="$TRACE" "$OMPI_BCAST" "${sizes[@]}" \
    > "$WORK/ompi.out" 2> "$WORK/ompi.err" \
    || { cat "$WORK/ompi.err"; fail "Open MPI with $rules failed"; }
  for pair in "$@"; do
    local n=${pair%%=*} want=${pair#*=} got
    got=$(grep "^mpchar-ompi-trace: bcast:.* count=$n\$" "$WORK/ompi.err" \
          | sed 's/.*bcast:\([^ ]*\) .*/\1/' | sort | uniq -c \
          | awk '{print $2 "x" $1}' | paste -sd, - || true)
    [ "$got" = "${want}x2" ] \
      || fail "Open MPI ran '$got' for $n bytes, the rules say $want"
    echo "ok: Open MPI with the rules: $n bytes -> $want (both ranks)"
  done
}

# mpich_check CVARS: MPICH at p = 2 runs with every variable of CVARS.
mpich_check() {
  local settings
  settings=$(grep -v '^#' "$1")
  [ -n "$settings" ] || fail "$1 sets nothing"
  # shellcheck disable=SC2086
  env $settings "$MPIEXEC" -n 2 "$MPICH_BCAST" 100 100000 \
    > "$WORK/mpich.out" 2> "$WORK/mpich.err" \
    || { cat "$WORK/mpich.err"; fail "MPICH refused $1"; }
  [ ! -s "$WORK/mpich.err" ] || { cat "$WORK/mpich.err"; fail "MPICH: stderr"; }
  echo "ok: MPICH accepts" $settings
}

# smpi_check FILE: smpirun takes FILE's settings, each as it was given.
cat > "$WORK/hosts" <<'EOF2'
node-0
node-1
EOF2
"$SMPICC" -o "$WORK/bcast_smpi" "$DATA/export_bcast.c" 2> "$WORK/smpicc.err" \
  || { cat "$WORK/smpicc.err"; fail "smpicc failed"; }
smpi_run() {
  "$SMPIRUN" -np 2 -platform "$DATA/platform.xml" -hostfile "$WORK/hosts" \
    "$@" "$WORK/bcast_smpi" 1000 > "$WORK/smpi.out" 2> "$WORK/smpi.err"
}
smpi_check() {
  local cfgs=() line
  while read -r line; do cfgs+=("$line"); done < <(grep '^--cfg=' "$1")
  [ "${#cfgs[@]}" -eq 3 ] || fail "$1: ${#cfgs[@]} settings, not 3"
  smpi_run "${cfgs[@]}" || { cat "$WORK/smpi.err"; fail "smpirun refused $1"; }
  for line in "${cfgs[@]}"; do
    local kv=${line#--cfg=}
    grep -qF "Set '${kv%%:*}' to '${kv#*:}'" "$WORK/smpi.err" \
      || fail "smpirun did not take $kv"
  done
  echo "ok: smpirun takes $1's settings"
}

# ---- 1. synthetic models with known answers ----------------------------
python3 - "$WORK/s" <<'EOF2'
import os, sys
out = sys.argv[1]
os.makedirs(out)
series = [  # library, pattern, variant, op, ts_us, tb_us_per_byte
    ("openmpi@bcast:basic_linear", "bcast", "-", "-", 5.0, 0.001),
    ("openmpi@bcast:binomial", "bcast", "-", "-", 20.0, 0.0001),
    ("mpich@bcast:binomial", "bcast", "-", "-", 5.0, 0.001),
    ("mpich@bcast:scatter_ring_allgather", "bcast", "-", "-", 20.0, 0.0001),
    ("openmpi", "pingpong", "send", "-", 0.5, 0.0001),
    ("openmpi", "stream", "-", "-", 0.15, 0.00009),
]
rows = []
for lib, pat, var, op, ts, tb in series:
    for k in range(21):
        for st, n in (("fit", 2 ** k), ("validation", 2 ** k * 3 // 2 + 1)):
            t = ts + tb * n
            rows.append("%s,%s,%s,%s,byte,2,%d,%s,100,%.6f,%.6f,%.6f,%.6f,0,false"
                        % (lib, pat, var, op, n, st, t, t, t, t))
with open(os.path.join(out, "measurements.csv"), "w") as f:
    f.write("library,pattern,variant,op,datatype,p,n_bytes,set,reps,t_min_us,"
            "t_median_us,t_mean_us,t_max_us,t_stddev_us,oversubscribed\n")
    f.write("\n".join(rows) + "\n")
EOF2
"$M" fit "$WORK/s" > "$WORK/fit.log" 2>&1 || { cat "$WORK/fit.log"; fail "fit"; }
"$M" export "$WORK/s" --format openmpi-rules --out "$WORK/s.rules" \
  || fail "export openmpi-rules"
printf '1\n7\n1\n2\n2\n0 1 0 0\n16667 6 0 0\n' > "$WORK/want.rules"
sed 's/ *#.*//; /^$/d' "$WORK/s.rules" | diff "$WORK/want.rules" - \
  || fail "rules file differs"
grep -qx '16667 6 0 0 # binomial' "$WORK/s.rules" || fail "rule comments"
echo "ok: synthetic rules file exact (switch at 16667 bytes)"
ompi_check "$WORK/s.rules" 100=basic_linear 16666=basic_linear \
  16667=binomial 100000=binomial

"$M" export "$WORK/s" --format mpich-cvars --out "$WORK/s.cvars" \
  || fail "export mpich-cvars"
grep -qx 'MPIR_CVAR_BCAST_INTRA_ALGORITHM=binomial' "$WORK/s.cvars" \
  || { cat "$WORK/s.cvars"; fail "mpich-cvars: binomial not chosen"; }
mpich_check "$WORK/s.cvars"
echo 'MPIR_CVAR_BCAST_INTRA_ALGORITHM=no_such_algorithm' > "$WORK/bad.cvars"
if env MPIR_CVAR_BCAST_INTRA_ALGORITHM=no_such_algorithm "$MPIEXEC" -n 2 \
     "$MPICH_BCAST" 100 > /dev/null 2> "$WORK/mpich.err"; then
  fail "MPICH accepted an unknown algorithm: the check above proves nothing"
fi
grep -q "Invalid MPIR_CVAR_BCAST_INTRA_ALGORITHM" "$WORK/mpich.err" \
  || { cat "$WORK/mpich.err"; fail "MPICH's refusal not understood"; }
echo "ok: MPICH refuses an unknown algorithm"

"$M" export "$WORK/s" --format smpi --out "$WORK/s.smpi" || fail "export smpi"
grep -qx -- '--cfg=smpi/os:0:2.5e-07:5e-11' "$WORK/s.smpi" \
  || { cat "$WORK/s.smpi"; fail "smpi/os is not half the one-way line"; }
smpi_check "$WORK/s.smpi"
if smpi_run --cfg=smpi/os:0:2.5e-07:abc; then
  fail "smpirun accepted a malformed smpi/os: the check above proves nothing"
fi
echo "ok: smpirun refuses a malformed smpi/os"

# ---- 2. a real run ------------------------------------------------------
algs=openmpi@bcast:basic_linear,openmpi@bcast:binomial
algs+=,mpich@bcast:binomial,mpich@bcast:scatter_ring_allgather
"$M" run --mpi openmpi,mpich,builtin --p 2 --patterns pingpong,stream \
  --sizes pow4 --max-size 16K --time-per-point 5 --algorithms "$algs" \
  --out "$WORK/r" > "$WORK/run.log" 2>&1 \
  || { cat "$WORK/run.log"; fail "mpchar run --algorithms failed"; }
python3 - "$WORK/r" "$algs" <<'EOF2' || fail "the variants' rows"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1] + "/measurements.csv")))
for v in sys.argv[2].split(","):
    pats = {r["pattern"] for r in rows if r["library"] == v}
    if pats != {"bcast"}:
        sys.exit("%s measured %s, not bcast only" % (v, sorted(pats)))
    print("ok: %s: %d rows, bcast only"
          % (v, sum(r["library"] == v for r in rows)))
EOF2
grep -q '"OMPI_MCA_coll_tuned_bcast_algorithm=6"' "$WORK/r/meta.json" \
  || fail "meta.json does not record the variant's settings"
"$M" fit "$WORK/r" > "$WORK/fit.log" 2>&1 || { cat "$WORK/fit.log"; fail "fit"; }

"$M" export "$WORK/r" --format openmpi-rules --out "$WORK/r.rules" \
  || fail "export openmpi-rules"
cat "$WORK/r.rules"
# every rule's first size (1 for the rule from 0: MPI_Bcast of 0 bytes
# returns before any algorithm), with the algorithm its comment names
mapfile -t checks < <(awk 'NF == 6 && $5 == "#" { start[++k] = $1; alg[k] = $6 }
  END { for (i = 1; i <= k; i++) {
      n = start[i] == 0 ? 1 : start[i]
      if (i < k && start[i + 1] <= n) continue
      print n "=" alg[i] } }' "$WORK/r.rules")
[ "${#checks[@]}" -ge 1 ] || fail "no message-size rule"
ompi_check "$WORK/r.rules" "${checks[@]}"

# report and compare take the variants as libraries
"$M" report "$WORK/r" --out "$WORK/rep" > "$WORK/rep.log" 2>&1 \
  || { cat "$WORK/rep.log"; fail "report"; }
for v in ${algs//,/ }; do  # Markdown escapes the underscores
  grep -qF "${v//_/\\_}" "$WORK/rep/report.md" || fail "the report lacks $v"
done
rc=0
"$M" compare "$WORK/r" "$WORK/r" --library-a openmpi@bcast:basic_linear \
  --library-b openmpi@bcast:binomial --brief > "$WORK/cmp.log" 2>&1 || rc=$?
[ "$rc" -le 1 ] || { cat "$WORK/cmp.log"; fail "compare: status $rc"; }
grep -q "A's openmpi@bcast:basic_linear against B's openmpi@bcast:binomial" \
  "$WORK/cmp.log" || { cat "$WORK/cmp.log"; fail "compare of two variants"; }
echo "ok: report and compare show the variants"

"$M" export "$WORK/r" --format mpich-cvars --out "$WORK/r.cvars" \
  || fail "export mpich-cvars"
cat "$WORK/r.cvars"
mpich_check "$WORK/r.cvars"

for lib in openmpi mpich builtin; do
  "$M" export "$WORK/r" --format smpi --library "$lib" --out "$WORK/$lib.smpi" \
    || fail "export smpi $lib"
  smpi_check "$WORK/$lib.smpi"
  "$M" export "$WORK/r" --format loggp --library "$lib" > "$WORK/$lib.loggp" \
    || fail "export loggp $lib"
  python3 - "$WORK/$lib.loggp" <<'EOF2' || fail "LogGP of $lib"
import sys
v = dict(l.strip().split("=") for l in open(sys.argv[1]) if "=" in l
         and not l.startswith("#"))
v = {k: float(x) for k, x in v.items()}
assert set(v) == {"L_us", "o_us", "g_us", "G_us_per_byte"}, v
assert v["L_us"] >= 0 and v["o_us"] > 0 and v["g_us"] == v["o_us"], v
assert 0 < v["G_us_per_byte"] < 0.01, v  # above 100 MB/s
print("ok: LogGP", sys.argv[1].rsplit("/", 1)[1], v)
EOF2
done

# bad input: one line naming the fault
expect_error "export without measurements" "measurements.csv: cannot open" \
  "$M" export "$WORK" --format loggp
expect_error "export of an unknown format" "--format 'xml'" \
  "$M" export "$WORK/r" --format xml
expect_error "an unknown format, said before the data" "--format 'xml'" \
  "$M" export "$WORK/nowhere" --format xml
expect_error "export loggp of two libraries" "choose one with --library" \
  "$M" export "$WORK/r" --format loggp
expect_error "run --algorithms unknown" "names no algorithm" \
  "$M" run --mpi openmpi --algorithms bcast:no_such --out "$WORK/x"
expect_error "run --algorithms malformed" "is not all, COLL" \
  "$M" run --mpi openmpi --algorithms @bcast --out "$WORK/x"
echo "PASS"
