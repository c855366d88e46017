#!/usr/bin/env bash
# mpchar run on a simulated cluster (SimGrid SMPI, docs/scale.md): on a
# generated cluster of known link latency and bandwidth, mpchar fit must
# recover them from pingpong, and the p-forms of collectives whose SMPI
# algorithm is forced must have the algorithms' complexities.  Then bad
# input: one line, and no results directory left behind.
source "$(dirname "$0")/lib.sh"
M="$BIN/mpchar"
[ -e "$BIN/mpchar-bench-smpi" ] || fail "mpchar-bench-smpi was not built"

# Link latency 5 us, bandwidth 1 Gbps = 125 MB/s.  A message crosses two
# links (host to switch, switch to host) and SMPI sends 16 bytes more than
# its payload: t0 = 2 x 5 us + 16 B / 125 MB/s = 10.128 us, Bw_as = 125 MB/s
# (docs/scale.md, "What the fit recovers").
lat_us=5 bw_MBps=125
"$M" run --mpi smpi --platform "cluster:16:${lat_us}us:1Gbps" \
  --patterns pingpong \
  --smpi-coll bcast:binomial_tree,bcast:flattree,allgather:ring,allreduce:rdb \
  --p 2,4,8,16 --sizes pow4 --max-size 64K --rounds 1 --refine 0 \
  --time-per-point 1 --min-reps 2 --max-reps 3 --level-retries 0 \
  --out "$WORK/r" >"$WORK/run.out" 2>&1 || fail "run failed: $(tail -5 "$WORK/run.out")"
grep -q '^smpi@bcast:binomial_tree .* simulated ' "$WORK/run.out" ||
  fail "summary does not say simulated: $(cat "$WORK/run.out")"
[ -s "$WORK/r/platform.xml" ] && [ "$(wc -l < "$WORK/r/hosts.txt")" -eq 16 ] ||
  fail "platform.xml or hosts.txt missing"
grep -q '"simulated": true' "$WORK/r/library-smpi.json" || fail "library-smpi.json: not simulated"
! grep -q ',true,[^,]*$' "$WORK/r/measurements.csv" || fail "a simulated point marked oversubscribed"
"$M" fit "$WORK/r" >/dev/null || fail "fit failed"
python3 - "$WORK/r" "$lat_us" "$bw_MBps" <<'EOF' || fail "simulated platform not recovered"
import json, sys
d, lat_us, bw = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
meta = json.load(open(d + "/meta.json"))
sim = meta["simulation"]
assert sim["cluster"]["hosts"] == 16 and sim["coll_selector"] == "default", sim
assert "--cfg=network/model:CM02" in sim["settings"], sim
model = json.load(open(d + "/model.json"))
entries = {(e["library"], e["pattern"], e["variant"], e["op"]): e
           for e in model["entries"]}
bad = []
# pingpong at p = 2: within 0.5% of 2 x LAT + 16 B / BW and of BW.
ts_want = 2 * lat_us + 16 / bw
for (lib, pat, var, op), e in entries.items():
    if pat != "pingpong":
        continue
    h = e["fits"][0]["hockney"]
    ts, bw_fit = h["ts_us"], h["metrics"]["bw_as_MB_per_s"]
    print(f"{var}: ts {ts:.4f} us (want {ts_want:.4f}), Bw_as {bw_fit:.2f} MB/s (want {bw})")
    if abs(ts - ts_want) > 0.005 * ts_want or abs(bw_fit - bw) > 0.005 * bw:
        bad.append(f"pingpong {var}: ts {ts} us, Bw_as {bw_fit} MB/s")
# The forced algorithms' complexities, in the ti family's p-forms.
want = {("smpi@bcast:binomial_tree", "bcast", "-"): {"t0_us": "O(log p)"},
        ("smpi@bcast:flattree", "bcast", "-"): {"tb_us_per_byte": "O(p)"},
        ("smpi@allgather:ring", "allgather", "-"): {"t0_us": "O(p)",
                                                    "tb_us_per_byte": "O(1)"},
        ("smpi@allreduce:rdb", "allreduce", "sum"): {"t0_us": "O(log p)",
                                                     "tb_us_per_byte": "O(log p)"}}
for (lib, pat, op), params in want.items():
    e = entries[(lib, pat, "-", op)]
    for param, complexity in params.items():
        pf = e["pforms"]["ti"][param]
        print(f"{lib} {param}: {pf['text']} is {pf['complexity']} (want {complexity})")
        if pf["complexity"] != complexity or pf["p_count"] != 4:
            bad.append(f"{lib} {param}: {pf['text']} {pf['complexity']}")
assert not bad, bad
EOF
grep -q 'smpi@bcast:flattree bcast: per-byte time .* is O(p)' <("$M" fit "$WORK/r") ||
  fail "no complexity finding for the linear bcast"

# Bad input: one line each, and no results directory.
printf '<?xml version="1.0"?>\n<platform version="4.1">\n<zone id="z"\n</platform>\n' \
  > "$WORK/broken.xml"
expect_error "platform that does not parse" "broken.xml:" \
  "$M" run --mpi smpi --platform "$WORK/broken.xml" --p 2 --out "$WORK/b1"
expect_error "missing platform file" "no readable SimGrid platform file" \
  "$M" run --mpi smpi --platform "$WORK/none.xml" --p 2 --out "$WORK/b2"
expect_error "cluster spec without BW" "is not cluster:HOSTS:LAT:BW" \
  "$M" run --mpi smpi --platform cluster:16:1us --p 2 --out "$WORK/b3"
expect_error "cluster spec with a bad unit" "LAT '1xs'" \
  "$M" run --mpi smpi --platform cluster:16:1xs:1Gbps --p 2 --out "$WORK/b4"
expect_error "cluster spec with no hosts" "HOSTS '0'" \
  "$M" run --mpi smpi --platform cluster:0:1us:1Gbps --p 2 --out "$WORK/b5"
expect_error "unknown SMPI algorithm" "'bcast:bogus' is no SMPI algorithm" \
  "$M" run --mpi smpi --platform cluster:4:1us:1Gbps --smpi-coll bcast:bogus --p 2 --out "$WORK/b6"
expect_error "unknown selector" "--smpi-coll-selector: unknown value 'nosuch' (default|ompi|mpich|mvapich2|impi|automatic)" \
  "$M" run --mpi smpi --platform cluster:4:1us:1Gbps --smpi-coll-selector nosuch --p 2 --out "$WORK/b7"
expect_error "benchmark started without smpirun" "run it under smpirun" \
  "$BIN/mpchar-bench-smpi" --list
expect_error "smpi without a platform" "--mpi smpi needs --platform" \
  "$M" run --mpi smpi --p 2 --out "$WORK/b8"
expect_error "platform without smpi" "--platform is for simulated runs" \
  "$M" run --mpi mpich --platform cluster:4:1us:1Gbps --p 2 --out "$WORK/b9"
for b in b1 b2 b3 b4 b5 b6 b7 b8 b9; do
  [ ! -e "$WORK/$b" ] || fail "$b: a results directory was left behind"
done
echo "ok: simulated cluster recovered, bad input refused"
