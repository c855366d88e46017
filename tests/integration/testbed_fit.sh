#!/usr/bin/env bash
# Issue 25's acceptance, short: a test bed of two hosts shaped to 1 Gbit/s
# (scripts/testbed.sh), `mpchar run --mpi openmpi --hosts bed1,bed2` of
# pingpong over TCP, then `mpchar fit`: Bw_as of the piecewise model's last
# segment (median over pingpong's variants) within 10% of the shaped rate's
# payload rate, t0 (T(0)) no lower than 0.8 of the bed's raw TCP one-way
# time and within a margin above it; meta.json records the placement (2 nodes, 1 per
# node).  The same for MPICH on the same bed, and no multi-millisecond
# stall of its T(0).
# Bad input: a host that does not answer, the built-in runtime across
# hosts.  Needs root and network namespaces: without them it exits 77,
# which CTest reports as skipped.  The bed is torn down on every exit.
source "$(dirname "$0")/lib.sh"
M="$BIN/mpchar"
BED="$HERE/../../scripts/testbed.sh"
# t0 of an MPI library over TCP: the kernel's one-way time plus the
# library's software path; measured 4-14 us over a 3.2 us TCP floor
# (docs/cluster.md), so up to 4 times the floor plus 10 us.  And down to
# 0.8 of the floor: the floor is one reading taken when the bed comes up,
# and this VM's speed changes from minute to minute (docs/performance.md,
# "The VM's two states decide the ratios"): once MPICH's t0 came out at 6.08 us against a
# floor read at 6.84 (2026-11-29), where the floor was 3.2 us on other days.
T0_LOW=0.8
T0_FACTOR=4
T0_PLUS_US=10
PAYLOAD_SHARE=0.9927 # TCP/IP+Ethernet headers in a 9000-byte frame

if [ "$(id -u)" != 0 ] || ! ip netns add mpchar-probe 2>/dev/null; then
  echo "SKIP: needs root and network namespaces (ip netns add)"
  exit 77
fi
ip netns del mpchar-probe
trap '"$BED" down; rm -rf "$WORK"' EXIT

"$BED" up 2 --rate 1gbit >"$WORK/hosts"
[ "$(cat "$WORK/hosts")" = "$(printf 'bed1\nbed2')" ] || fail "up printed $(cat "$WORK/hosts")"
tcp_us=$(cat /run/mpchar-testbed/tcp_oneway_us)
eval "$("$BED" env)"

# At least 5 repetitions a point and 6 sizes in the shaped range: on a
# loaded machine the fastest of fewer is still disturbed; two segments:
# below the bucket of the shaper, and the shaped rate (docs/cluster.md).
run_bed() { # LIBRARY OUT PATTERN SIZES MAX_SIZE MIN_REPS
  local lib=$1 out=$2 pattern=$3
  shift 3
  "$M" run --mpi "$lib" --hosts bed1,bed2 --patterns "$pattern" --p 2 \
    --sizes "$1" --max-size "$2" --time-per-point 100 --rounds 1 --refine 0 \
    --level-retries 0 --level-wait 0 --min-reps "$3" --max-reps 50 \
    --point-timeout 30 --out "$out" >"$out.log" 2>&1 ||
    fail "mpchar run $lib: $(tail -n 20 "$out.log")"
}

# Both libraries on one bed: MPICH's processes yield the core after an
# empty poll there (src/yield/yield.c), as Open MPI's do with
# mpi_yield_when_idle (docs/cluster.md, "MPICH on the bed").
SIZES=0,1,4096,262144,524288,786432,1048576,1572864,2097152
for lib in openmpi mpich; do
  run_bed "$lib" "$WORK/$lib" pingpong "$SIZES" 2M 5
  "$M" fit "$WORK/$lib" --quiet --max-segments 2
done

python3 - "$WORK" "$tcp_us" $T0_FACTOR $T0_PLUS_US $PAYLOAD_SHARE $T0_LOW <<'PY'
import csv, json, sys
work, tcp_us = sys.argv[1], float(sys.argv[2])
factor, plus, share = float(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5])
low = float(sys.argv[6])
want_MBps = 1e9 / 8 / 1e6 * share
bad = []
for lib in ("openmpi", "mpich"):
    meta = json.load(open(f"{work}/{lib}/meta.json"))
    per_p = meta["placement"]["per_p"][0]
    if (per_p["nodes"], per_p["ppn"]) != (2, 1):
        bad.append(f"{lib}: meta.json placement: {per_p}")
    model = json.load(open(f"{work}/{lib}/model.json"))
    pingpong = {e["variant"]: e["fits"][0] for e in model["entries"]
                if e["pattern"] == "pingpong"}
    # The median over pingpong's five variants (the same link): one
    # variant's fit is thrown off by a single disturbed size on a loaded
    # machine.
    bws = sorted(f["piecewise"]["segments"][-1]["metrics"]["bw_as_MB_per_s"]
                 for f in pingpong.values())
    bw = bws[len(bws) // 2]
    t0 = pingpong["send"]["t_zero_us"]
    # no stall: the slowest median of T(0) over the variants
    rows = csv.DictReader(open(f"{work}/{lib}/measurements.csv"))
    med = max(float(r["t_median_us"]) for r in rows if r["n_bytes"] == "0")
    print(f"{lib}: Bw_as per variant: " + ", ".join(f"{b:.1f}" for b in bws))
    print(f"{lib}: Bw_as {bw:.1f} MB/s (shaped {want_MBps:.1f}), t0 {t0:.2f} us "
          f"(TCP one-way {tcp_us:.2f} us), slowest T(0) median {med:.2f} us")
    if abs(bw - want_MBps) > 0.1 * want_MBps:
        bad.append(f"{lib}: Bw_as {bw:.1f} MB/s not within 10% of {want_MBps:.1f}")
    if not low * tcp_us <= t0 <= factor * tcp_us + plus:
        bad.append(f"{lib}: t0 {t0:.2f} us outside [{low} x {tcp_us}, "
                   f"{factor} x {tcp_us} + {plus}]")
    if med >= 1000:
        bad.append(f"{lib}: a stall: T(0) median {med:.0f} us")
if bad:
    sys.exit("; ".join(bad))
PY

# A host that does not answer, and the built-in runtime across hosts.
expect_error "--hosts with a host not on the bed" "host 'bed9' does not answer" \
  "$M" run --mpi openmpi --hosts bed1,bed9 --patterns pingpong --p 2 \
  --sizes 0 --out "$WORK/nohost"
[ ! -e "$WORK/nohost/measurements.csv" ] || fail "nohost: measurements written"
if [ -x "$BIN/mpchar-bench-builtin" ]; then
  expect_error "builtin across hosts" "one host only" \
    "$M" run --mpi builtin --hosts bed1,bed2 --patterns pingpong --p 2 \
    --out "$WORK/builtin"
fi
echo "PASS: testbed_fit"
