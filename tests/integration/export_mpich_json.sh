#!/usr/bin/env bash
# `mpchar export --format mpich-json` checked by MPICH 4.0 itself (issue
# 23, docs/export.md): MPI_Reduce's binomial tree and reduce-scatter +
# gather add 1e16, -1e16, 1, 1 at p = 4 in different orders, so the sum
# names the algorithm MPICH ran (export_reduce.c).
#  1. forced through MPIR_CVAR_REDUCE_INTRA_ALGORITHM the two give 0 and
#     2 (else the check below proves nothing);
#  2. synthetic models at p = 2 and 4 with a known crossover at 16667
#     bytes (5 us + 1 ns/byte against 20 us + 0.1 ns/byte), one choosing
#     binomial below it and reduce_scatter_gather above, one the reverse:
#     the exported file has the crossover to the byte, and MPICH given it
#     runs, at 64, 8192 and 32768 bytes, what the file says where its own
#     default says otherwise (binomial up to 2048 bytes at p = 4);
#  3. every collective mpchar-bench measures, the substitutes and v-forms
#     included, runs under the file at p = 2 (p = 4 oversubscribed costs
#     17 s), where all six spliced collectives choose algorithms MPICH
#     restricts (smp, power-of-two, commutative, ...) at some size.
# Usage: export_mpich_json.sh REDUCE_MPICH MPIEXEC
source "$(dirname "$0")/lib.sh"
M="$BIN/mpchar"
REDUCE=$1 MPIEXEC=$2
sizes=(64 8192 32768)
# MPICH's ch4 device chooses its own shared-memory collectives before the
# MPIR-level selection; none leaves every call to it (as the variants
# were measured, docs/export.md).
export MPIR_CVAR_DEVICE_COLLECTIVES=none

# sums [ENV...]: the sums MPICH's reduce gives at p = 4 for each size.
sums() {
  env "$@" "$MPIEXEC" -n 4 "$REDUCE" "${sizes[@]}" > "$WORK/sums.out" \
    2> "$WORK/sums.err" || { cat "$WORK/sums.err"; fail "reduce: $*"; }
  sed 's/.* sum=//' "$WORK/sums.out" | paste -sd' ' -
}

# ---- 1. the two algorithms tell themselves apart -----------------------
a=$(sums MPIR_CVAR_REDUCE_INTRA_ALGORITHM=binomial)
b=$(sums MPIR_CVAR_REDUCE_INTRA_ALGORITHM=reduce_scatter_gather)
d=$(sums)
[ "$a" = "0 0 0" ] && [ "$b" = "2 2 2" ] \
  || fail "forced binomial gave '$a', reduce_scatter_gather '$b'"
[ "$d" = "0 2 2" ] || fail "MPICH's default gave '$d', not '0 2 2'"
echo "ok: binomial sums to $a, reduce_scatter_gather to $b, the default $d"

# ---- 2. the exported file decides --------------------------------------
# model DIR A B: A fastest below 16667 bytes, B above, for reduce and for
# one pair of algorithms of each other spliced collective, at p = 2 and 4.
model() {
  python3 - "$@" <<'EOF2' || fail "synthetic model"
import os, sys
out, a, b = sys.argv[1:]
os.makedirs(out)
pairs = [("reduce", a, b), ("bcast", "binomial", "smp"),
         ("allreduce", "recursive_doubling", "reduce_scatter_allgather"),
         ("alltoall", "pairwise", "brucks"),
         ("allgather", "ring", "recursive_doubling"),
         ("reduce_scatter", "recursive_halving", "pairwise")]
rows = []
for pat, fast_small, fast_large in pairs:
    op = "sum" if "reduce" in pat else "-"
    for alg, ts, tb in ((fast_small, 5.0, 0.001), (fast_large, 20.0, 0.0001)):
        for p in (2, 4):
            for k in range(21):
                for st, n in (("fit", 2 ** k),
                              ("validation", 2 ** k * 3 // 2 + 1)):
                    t = ts + tb * n
                    rows.append("mpich@%s:%s,%s,-,%s,double,%d,%d,%s,100,"
                                "%.6f,%.6f,%.6f,%.6f,0,false"
                                % (pat, alg, pat, op, p, n, st, t, t, t, t))
with open(os.path.join(out, "measurements.csv"), "w") as f:
    f.write("library,pattern,variant,op,datatype,p,n_bytes,set,reps,t_min_us,"
            "t_median_us,t_mean_us,t_max_us,t_stddev_us,oversubscribed\n")
    f.write("\n".join(rows) + "\n")
EOF2
  "$M" export "$1" --format mpich-json --out "$1.json" \
    || fail "export mpich-json of $1"
}
model "$WORK/bs" binomial reduce_scatter_gather
model "$WORK/sb" reduce_scatter_gather binomial
python3 - "$WORK/bs.json" <<'EOF2' || fail "the spliced reduce tree"
import json, sys
t = json.load(open(sys.argv[1]))["collective=reduce"]["comm_type=intra"]
assert list(t) == ["comm_size<2", "comm_size<=2", "comm_size<4",
                   "comm_size<=4", "comm_size=any"], list(t)
r = t["comm_size<=4"]
assert list(r) == ["avg_msg_size<=16666", "avg_msg_size=any"], list(r)
assert r["avg_msg_size<=16666"] == {"algorithm=MPIR_Reduce_intra_binomial": {}}
g = r["avg_msg_size=any"]  # restricted: built-in op, count >= pof2
assert list(g) == ["is_op_built_in=yes", "is_op_built_in=no"], list(g)
assert list(g["is_op_built_in=yes"]) == ["count<pow2", "count=any"]
assert g["is_op_built_in=yes"]["count=any"] == \
    {"algorithm=MPIR_Reduce_intra_reduce_scatter_gather": {}}
print("ok: reduce at p = 4: binomial up to 16666 bytes, then "
      "reduce_scatter_gather where MPICH allows it")
EOF2
bs=$(sums MPIR_CVAR_COLL_SELECTION_TUNING_JSON_FILE="$WORK/bs.json")
sb=$(sums MPIR_CVAR_COLL_SELECTION_TUNING_JSON_FILE="$WORK/sb.json")
[ "$bs" = "0 0 2" ] || fail "the binomial-first file gave '$bs', not '0 0 2'"
[ "$sb" = "2 2 0" ] || fail "the reduce_scatter_gather-first file gave '$sb'"
echo "ok: MPICH runs the file's algorithm: '$bs' and '$sb' (default '$d')"

# ---- 3. every collective runs under the file ---------------------------
# A functional check: barrier-synchronized, since a window of two
# repetitions can be missed on a loaded machine and then fails the point.
pats=barrier,bcast,scatter,gather,allgather,alltoall,reduce,allreduce
pats+=,reduce_scatter,scan,scatterv,gatherv,allgatherv,bcast_sa
pats+=,allgather_gb,reduce_scatter_rs,reduce_scatter_rsc,allreduce_rb
pats+=,allreduce_rsag
MPIR_CVAR_COLL_SELECTION_TUNING_JSON_FILE="$WORK/bs.json" \
  "$MPIEXEC" -n 2 "$BIN/mpchar-bench-mpich" --library mpich --patterns "$pats" \
  --p 2 --sizes 0,1K,64K --time-per-point 1 --validation-count 0 \
  --rounds 1 --min-reps 1 --max-reps 2 --warmup 1 --level-retries 0 \
  --level-wait 0 --sync barrier --check --progress none --out "$WORK/b" \
  > "$WORK/b.log" 2>&1 || { cat "$WORK/b.log"; fail "mpchar-bench under the file"; }
got=$(awk -F, 'NR > 1 { print $2 }' "$WORK/b/measurements.csv" | sort -u \
      | paste -sd, -)
want=$(tr , '\n' <<< "$pats" | sort | paste -sd, -)
[ "$got" = "$want" ] || fail "measured '$got', not '$want'"
echo "ok: every collective runs under the file at p = 2"

# bad input: one line naming the fault
expect_error "mpich-json without variants" "no algorithm variant of mpich" \
  "$M" export "$WORK/b" --format mpich-json
echo "PASS"
