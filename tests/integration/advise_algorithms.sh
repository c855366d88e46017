#!/usr/bin/env bash
# `mpchar advise --verify` of a library's own algorithms (issue 23): a
# synthetic model where MPICH's bcast "binomial" algorithm beats the
# library's default from n = 16666.7 bytes (default 5 us + 1 ns/byte,
# binomial 20 us + 0.1 ns/byte) gives one region; --verify must launch
# the variant (mpchar run --algorithms) with MPICH's bcast at the
# region's three sizes, print the measured times of the two from the
# run's measurements.csv, and confirm or withdraw the region by the rule
# of docs/compare.md applied to those very rows (recomputed here from the
# CSV).  An algorithm `mpchar run --algorithms` cannot force (an Open MPI
# one missing from the table here) is one line and a non-zero exit.  Open
# MPI's variants take the same path (export_consumers runs them); MPICH
# alone keeps the test short.
source "$(dirname "$0")/lib.sh"
M="$BIN/mpchar"
# synth DIR LIBRARY...: bcast at p = 2, the plain libraries 5 us + 1
# ns/byte, the variants ("@" in the name) 20 us + 0.1 ns/byte, fitted
synth() {
  python3 - "$@" <<'PY'
import os, sys
out = sys.argv[1]
os.makedirs(out)
rows = []
for lib in sys.argv[2:]:
    ts, tb = (20.0, 0.0001) if "@" in lib else (5.0, 0.001)
    for k in range(21):
        for st, n in (("fit", 2 ** k), ("validation", 2 ** k * 3 // 2 + 1)):
            t = ts + tb * n
            rows.append("%s,bcast,-,-,byte,2,%d,%s,100,%.6f,%.6f,%.6f,%.6f,0,false"
                        % (lib, n, st, t, t, t, t))
with open(os.path.join(out, "measurements.csv"), "w") as f:
    f.write("library,pattern,variant,op,datatype,p,n_bytes,set,reps,t_min_us,"
            "t_median_us,t_mean_us,t_max_us,t_stddev_us,oversubscribed\n")
    f.write("\n".join(rows) + "\n")
PY
  "$M" fit "$1" > "$WORK/fit.log" 2>&1 || { cat "$WORK/fit.log"; fail "fit"; }
}
# MPICH's good region comes first: it must not be run either
synth "$WORK/bad" mpich mpich@bcast:binomial openmpi \
  openmpi@bcast:no_such_algorithm
expect_error "an algorithm mpchar run cannot force" \
  "algorithm 'no_such_algorithm' is not in the algorithm table" \
  "$M" advise "$WORK/bad" --verify
! compgen -G "$WORK/bad/advise-verify.*" > /dev/null ||
  fail "--verify ran before refusing the region it cannot force"
synth "$WORK/s" mpich mpich@bcast:binomial
"$M" advise "$WORK/s" --json > "$WORK/advice.json" || fail "advise"
python3 - "$WORK/advice.json" <<'PY' || fail "advice: $(cat "$WORK/advice.json")"
import json, sys
got = sorted((a["library"], a["substitute"], round(a["n_from"], 1))
             for a in json.load(open(sys.argv[1])))
assert got == [("mpich", "algorithm binomial", 16666.7)], got
print("ok: one region from 16666.7 bytes")
PY
"$M" advise "$WORK/s" --verify --json --out "$WORK/kept.json" \
  > "$WORK/json" 2> "$WORK/verify" || fail "verify: $(cat "$WORK/verify")"
cat "$WORK/verify"
python3 - "$WORK/verify" "$WORK/kept.json" <<'PY' || fail "verification"
import csv, json, re, sys
text = open(sys.argv[1]).read()
assert "cannot" not in text and "not measured" not in text, text
kept = json.load(open(sys.argv[2]))
blocks = re.findall(r"\n(\w+) at p = 2, measured in (\S+):\n(.*?)\n  "
                    r"(confirmed|withdrawn)", text, re.S)
assert [b[0] for b in blocks] == ["mpich"], blocks
for lib, run_dir, body, verdict in blocks:
    rows = [r for r in csv.DictReader(open(run_dir + "/measurements.csv"))
            if r["set"] == "fit"]
    t = {(r["library"], int(r["n_bytes"])): r for r in rows}
    libs = {r["library"] for r in rows}
    assert libs == {lib, lib + "@bcast:binomial"}, libs
    sizes = [int(n) for n in re.findall(r"n = (\d+) ", body)]
    assert sizes == [20834, 132198, 838860], sizes
    for line in body.splitlines()[1:]:
        n = int(re.search(r"n = (\d+)", line).group(1))
        a, b = t[(lib, n)], t[(lib + "@bcast:binomial", n)]
        ta, tb = float(a["t_min_us"]), float(b["t_min_us"])
        shown = re.search(r"\((\S+) us -> (\S+) us", line).groups()
        assert shown == ("%.3g" % ta, "%.3g" % tb), (line, ta, tb)
        if n == 132198:  # the example size decides
            noise = max((float(r["t_median_us"]) - float(r["t_min_us"]))
                        / float(r["t_min_us"]) for r in (a, b))
            faster = ta / tb - 1 > noise
            assert verdict == ("confirmed" if faster else "withdrawn"), line
    assert (verdict == "confirmed") == any(k["library"] == lib for k in kept)
    print("ok: %s: default against binomial measured, %s" % (lib, verdict))
PY
