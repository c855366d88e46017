#!/usr/bin/env bash
# The advisor's regions beyond this machine's p (issue 25 section 4, issue
# 23): Bcast against Scatter + Allgather (seed 000's van de Geijn
# equivalence) on a simulated cluster of 16 hosts, links of 5 us and
# 1 Gbit/s, SMPI's default collectives, p = 2, 4, 8, 16 (docs/scale.md).
# Known answers the platform gives exactly (2L = 10 us per message, B =
# 125 bytes/us, SMPI's 16 bytes more per message):
#  - Scatter is linear, the root's sends one after the other on its link:
#    T = 2L + (p-1)(n/p + 16)/B; Allgather moves the same over every link
#    at once: the same T; Bcast at p = 2 is one message, 2L + (n + 16)/B;
#  - hence at p = 2 Scatter + Allgather = 2·2L + (n + 32)/B is slower than
#    Bcast at every n: no region; at p = 8 and 16 it is faster at every
#    measured n (binomial Bcast pays log2 p messages of n): the region is
#    all of it, n_from = 0 and n_to = the largest n; at p = 4 the
#    crossover lies between the measured 16 and 256 bytes, where the
#    measured order of the two flips;
#  - `advise --verify` measures there again, on the same simulated
#    platform (its run's meta.json says so), and confirms every region.
# Bad input: a meta.json whose simulation object lacks the platform.
source "$(dirname "$0")/lib.sh"
M="$BIN/mpchar"
[ -e "$BIN/mpchar-bench-smpi" ] || fail "mpchar-bench-smpi was not built"
spec=cluster:16:5us:1Gbps
"$M" run --mpi smpi --platform "$spec" --patterns bcast,scatter,allgather \
  --p 2,4,8,16 --sizes pow4 --max-size 64K --rounds 1 --refine 0 \
  --time-per-point 1 --min-reps 2 --max-reps 3 --level-retries 0 \
  --validation-count 0 --out "$WORK/r" >"$WORK/run.out" 2>&1 ||
  fail "run failed: $(tail -5 "$WORK/run.out")"
"$M" fit "$WORK/r" --quiet || fail "fit failed"
"$M" advise "$WORK/r" --primitive bcast --min-gain 0 --json \
  >"$WORK/predicted.json" || fail "advise failed"
"$M" advise "$WORK/r" --primitive bcast --min-gain 0 --verify \
  --out "$WORK/advice.json" >"$WORK/verify.out" 2>&1 ||
  fail "advise --verify failed: $(cat "$WORK/verify.out")"
cat "$WORK/verify.out"
python3 - "$WORK" "$spec" <<'EOF' || fail "regions differ from the known answers"
import csv, glob, json, sys
work, spec = sys.argv[1], sys.argv[2]
L2_us, B = 10.0, 125.0  # 2 x link latency; bytes per us
t = {(r["pattern"], int(r["p"]), int(r["n_bytes"])): float(r["t_min_us"])
     for r in csv.DictReader(open(work + "/r/measurements.csv"))
     if r["set"] == "fit"}
for p in (2, 4, 8, 16):
    for n in (16, 256, 4096, 65536):
        want = L2_us + (p - 1) * (n / p + 16) / B
        for pat in ("scatter", "allgather"):
            assert abs(t[(pat, p, n)] - want) <= 2e-3, (pat, p, n, t[(pat, p, n)], want)
for n in (16, 256, 4096, 65536):
    assert abs(t[("bcast", 2, n)] - (L2_us + (n + 16) / B)) <= 2e-3, n
print("ok: scatter and allgather (p = 2-16) and bcast (p = 2) follow the platform within 2 ns (the clock counts whole ns)")
regions = {a["p"]: a for a in json.load(open(work + "/predicted.json"))
           if a["substitute"] == "bcast_sa"}
assert sorted(regions) == [4, 8, 16], regions
for p in (8, 16):
    assert regions[p]["n_from"] == 0 and regions[p]["n_to"] == 65536, regions[p]
# at p = 4 the measured order flips between 16 and 256 bytes
sa = lambda n: t[("scatter", 4, n)] + t[("allgather", 4, n)]
assert sa(16) > t[("bcast", 4, 16)] and sa(256) < t[("bcast", 4, 256)]
assert 16 < regions[4]["n_from"] < 256 and regions[4]["n_to"] == 65536, regions[4]
print("ok: regions p = 4: %.4g < n < 65536, p = 8 and 16: all n"
      % regions[4]["n_from"])
kept = json.load(open(work + "/advice.json"))
assert sorted(a["p"] for a in kept) == [4, 8, 16], kept
text = open(work + "/verify.out").read()
assert text.count("  confirmed") == 3, text
for d in glob.glob(work + "/r/advise-verify.*"):
    sim = json.load(open(d + "/meta.json"))["simulation"]
    assert sim["platform"] == spec, (d, sim)
print("ok: --verify measured on %s and confirmed the 3 regions" % spec)
EOF
# A simulated run's meta.json without its platform: one line.
cp -r "$WORK/r" "$WORK/bad"
rm -rf "$WORK"/bad/advise-verify.*
python3 - "$WORK/bad/meta.json" <<'EOF'
import json, sys
m = json.load(open(sys.argv[1]))
del m["simulation"]["platform"]
json.dump(m, open(sys.argv[1], "w"))
EOF
expect_error "meta.json without the platform" \
  "meta.json: field 'simulation' needs 'platform'" \
  "$M" advise "$WORK/bad" --primitive bcast --verify
