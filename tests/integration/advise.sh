#!/usr/bin/env bash
# mpchar advise on a real quick run of every MPI library (issue 23): the
# patterns of Allreduce's two substitutes at p = 2, few sizes; `advise
# --verify --json --out` must verify every region (confirmed or
# withdrawn, said per region), print a JSON list of the kept regions with
# the documented fields and write the same list to --out; bad input gets
# one line.
source "$(dirname "$0")/lib.sh"
M="$BIN/mpchar"
R="$WORK/r"
"$M" run --mpi all --patterns allreduce,reduce,bcast,reduce_scatter,allgather \
  --p 2 --sizes 0,256,4096,65536,262144 --max-size 256K --refine 0 \
  --validation-count 4 --rounds 4 \
  --time-per-point 20 --out "$R" > "$WORK/run.log" 2>&1 ||
  fail "run: $(tail -5 "$WORK/run.log")"
"$M" advise "$R" --min-gain 0 > "$WORK/text" || fail "advise failed"
grep -q "comparisons (library, primitive, substitute, p)" "$WORK/text" ||
  fail "no summary: $(cat "$WORK/text")"
grep -q "note: .*no model of scatter" "$WORK/text" ||
  fail "missing patterns not noted: $(cat "$WORK/text")"
regions=$(awk '/^(openmpi|mpich|builtin) /' "$WORK/text" | grep -c . || true)
"$M" advise "$R" --min-gain 0 --verify --json --out "$WORK/advice.json" \
  > "$WORK/json" 2> "$WORK/verify" || fail "verify failed: $(cat "$WORK/verify")"
python3 - "$WORK/json" "$WORK/advice.json" "$WORK/verify" "$regions" <<'PY' ||
import json, sys
kept = json.load(open(sys.argv[1]))
assert kept == json.load(open(sys.argv[2])), "--out differs from --json"
verify = open(sys.argv[3]).read()
verdicts = verify.count("\n  confirmed") + verify.count("\n  withdrawn")
assert verdicts == int(sys.argv[4]), (verdicts, sys.argv[4], verify)
assert f"{len(kept)} of {sys.argv[4]} regions confirmed" in verify, verify
fields = {"library", "primitive", "substitute", "p", "n_from", "n_to",
          "predicted_gain", "extrapolated"}
for a in kept:
    assert set(a) == fields, a
    assert a["library"] in ("openmpi", "mpich", "builtin") and a["p"] == 2
    assert 0 <= a["n_from"] < a["n_to"] and a["predicted_gain"] > 0
print(f"ok: {sys.argv[4]} regions verified, {len(kept)} confirmed")
PY
  fail "verification output: $(cat "$WORK/verify")"

expect_error "unknown library" "unknown library 'nompi'" \
  "$M" advise "$R" --library nompi
expect_error "unknown primitive" "unknown primitive 'alltoall'" \
  "$M" advise "$R" --primitive alltoall
expect_error "missing substitute patterns" "no model of scatter" \
  "$M" advise "$R" --primitive bcast --library openmpi
expect_error "no results" "measurements.csv" "$M" advise "$WORK/nothing"
expect_error "bad --p" "--p" "$M" advise "$R" --p 2,x
expect_error "bad --min-gain" "--min-gain" "$M" advise "$R" --min-gain 2
