#!/usr/bin/env bash
# Issue 25's acceptance, short: a test bed of two hosts shaped to 1 Gbit/s
# (scripts/testbed.sh), `mpchar run --mpi openmpi --hosts bed1,bed2` of
# pingpong over TCP, then `mpchar fit`: Bw_as of the piecewise model's last
# segment (median over pingpong's variants) within 10% of the shaped rate's
# payload rate, t0 (T(0)) no lower than the bed's raw TCP one-way time and
# within a margin of it; meta.json records the placement (2 nodes, 1 per
# node).  MPICH: t0 within the same bounds on a bed of pinned hosts, and
# no multi-millisecond stall.
# Bad input: a host that does not answer, the built-in runtime across
# hosts.  Needs root and network namespaces: without them it exits 77,
# which CTest reports as skipped.  The bed is torn down on every exit.
source "$(dirname "$0")/lib.sh"
M="$BIN/mpchar"
BED="$HERE/../../scripts/testbed.sh"
# t0 of an MPI library over TCP: the kernel's one-way time plus the
# library's software path; measured 4-14 us over a 3.2 us TCP floor
# (docs/cluster.md), so up to 4 times the floor plus 10 us.
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
    fail "mpchar run $lib: $(tail -n 3 "$out.log")"
}

# Open MPI only: MPICH (UCX over TCP) stalls for ~10 ms at random on this
# loaded machine and its runs here take minutes or hit the watchdog
# (docs/cluster.md, "MPICH on the bed").
run_bed openmpi "$WORK/openmpi" pingpong \
  0,1,4096,262144,524288,786432,1048576,1572864,2097152 2M 5
"$M" fit "$WORK/openmpi" --quiet --max-segments 2

python3 - "$WORK" "$tcp_us" $T0_FACTOR $T0_PLUS_US $PAYLOAD_SHARE <<'PY'
import json, sys
work, tcp_us = sys.argv[1], float(sys.argv[2])
factor, plus, share = float(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5])
want_MBps = 1e9 / 8 / 1e6 * share
meta = json.load(open(f"{work}/openmpi/meta.json"))
per_p = meta["placement"]["per_p"][0]
if (per_p["nodes"], per_p["ppn"]) != (2, 1):
    sys.exit(f"meta.json placement: {per_p}")
model = json.load(open(f"{work}/openmpi/model.json"))
pingpong = {e["variant"]: e["fits"][0] for e in model["entries"]
            if e["pattern"] == "pingpong"}
# The median over pingpong's five variants (the same link): one variant's
# fit is thrown off by a single disturbed size on a loaded machine.
bws = sorted(f["piecewise"]["segments"][-1]["metrics"]["bw_as_MB_per_s"]
             for f in pingpong.values())
bw = bws[len(bws) // 2]
t0 = pingpong["send"]["t_zero_us"]
print("openmpi: Bw_as per variant: " + ", ".join(f"{b:.1f}" for b in bws))
print(f"openmpi: Bw_as {bw:.1f} MB/s (shaped {want_MBps:.1f}), "
      f"t0 {t0:.2f} us (TCP one-way {tcp_us:.2f} us)")
bad = []
if abs(bw - want_MBps) > 0.1 * want_MBps:
    bad.append(f"Bw_as {bw:.1f} MB/s not within 10% of {want_MBps:.1f}")
if not tcp_us <= t0 <= factor * tcp_us + plus:
    bad.append(f"t0 {t0:.2f} us outside [{tcp_us}, {factor} x {tcp_us} + {plus}]")
if bad:
    sys.exit("openmpi: " + "; ".join(bad))
PY

# MPICH: its t0 on a bed whose hosts each run on a core of their own
# (--pin).  MPICH busy-polls and never yields: unpinned, its two ranks
# shared one core for seconds at a time and every message waited for the
# spinning peer's time slice (2-12 ms; docs/cluster.md, "MPICH on the
# bed").  Its Bw_as is not held to the bound: see there.  The TCP floor is
# the unpinned bed's (a pinned, blocking ping-pong wakes later).
"$BED" up 2 --rate 1gbit --pin >/dev/null
run_bed mpich "$WORK/mpich" pingpong 0,1,4096 4K 20
python3 - "$WORK/mpich/measurements.csv" "$tcp_us" $T0_FACTOR $T0_PLUS_US <<'PY' ||
import csv, sys
tcp_us, factor, plus = (float(a) for a in sys.argv[2:5])
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r["n_bytes"] == "0"]
t0 = {r["variant"]: float(r["t_min_us"]) for r in rows}
med = sorted(float(r["t_median_us"]) for r in rows)
print(f"mpich: t0 {t0['send']:.2f} us (TCP one-way {tcp_us:.2f} us), "
      f"T(0) medians {', '.join(f'{m:.2f}' for m in med)} us")
assert tcp_us <= t0["send"] <= factor * tcp_us + plus, "t0 outside the bounds"
assert med[-1] < 1000, "a stall: T(0) median above 1 ms"
PY
  fail "mpich on the pinned bed"

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
