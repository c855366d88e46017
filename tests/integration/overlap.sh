#!/usr/bin/env bash
# The overlap micro-benchmark end to end (docs/overlap.md): mpchar run
# --patterns overlap at p = 2 with 64 B and 1 MiB under every MPI library
# built (the built-in runtime twice: NSR, its default, and SR), mpchar fit,
# then seed 004's and seed 003's findings that hold on a noisy 2-core
# machine:
#   - an eager send is over when MPI_Isend returns (done at post), and an
#     eager receive hides at least a quarter of its wait behind the
#     computation: what it cannot hide is its own matching and copy out
#     (0.06-0.23 us), up to 0.59 of W(0) when the VM runs fast (W(0)
#     0.13-0.19 us; docs/overlap.md, Noise);
#   - a 1 MiB send hides at least half its wait (the peer, in MPI_Recv,
#     pulls the data: the library progresses it);
#   - a 1 MiB receive hides less than half in Open MPI, MPICH and the
#     built-in runtime's NSR mode (nothing moves until MPI_Wait), and more
#     than half in SR mode, where the receive asks the sender for a remote
#     write that lands while the receiver computes;
# and mpchar report draws both overlap plots.
source "$(dirname "$0")/lib.sh"
M="$BIN/mpchar"
args=(--p 2 --patterns overlap --sizes 64,1M --max-size 1M --rounds 1
      --refine 0 --level-wait 0 --time-per-point 40 --min-reps 20 --check)
# The runtime's ranks yield their CPU after MPCHAR_RT_SPIN idle polls; on a
# machine that other jobs load, a yielded peer wakes late and its delay
# lands in the wait measured.  Spinning longer keeps the wait the
# library's own (docs/overlap.md).
export MPCHAR_RT_SPIN=100000000

run() { # run NAME MODE LIBRARY
  MPCHAR_RT_MODE=$2 "$M" run --mpi "$3" "${args[@]}" --out "$WORK/$1" \
    > "$WORK/$1.log" 2>&1 || { cat "$WORK/$1.log"; fail "$1: run failed"; }
  "$M" fit "$WORK/$1" > "$WORK/$1.fit" 2>&1 \
    || { cat "$WORK/$1.fit"; fail "$1: fit failed"; }
}

checks=()
for lib in openmpi mpich builtin; do
  [ -x "$BIN/mpchar-bench-$lib" ] || continue
  checks+=("$lib NSR $lib")
done
if [ -x "$BIN/mpchar-bench-builtin" ]; then
  checks+=("builtin-sr SR builtin")
fi
[ "${#checks[@]}" -gt 0 ] || fail "no MPI library built"

# A peer descheduled at c = 0 inflates W(0) and with it the fraction (CI,
# 2026-12-01: MPICH's 1 MiB receive read 0.67 with W(0) 306 us, where
# five runs right after passed): a library whose check fails is measured
# once more, and must pass then.
check() { # check NAME MODE
  python3 - "$WORK/$1/model.json" "$2" <<'PY'
import json, sys
path, mode = sys.argv[1], sys.argv[2]
pts = {(p["side"], p["n_bytes"]): p for p in json.load(open(path))["overlap"]["points"]}
def show(side, n):
    p = pts[(side, n)]
    return "%s %d B: W(0) %.3g us, fraction %s" % (side, n, p["wait_c0_us"],
        "done at post" if p["done_at_post"] else p["fraction"])
def frac(side, n):
    p = pts[(side, n)]
    assert p["fraction"] is not None, show(side, n)
    return p["fraction"]
bad = []
if not pts[("isend", 64)]["done_at_post"]:
    bad.append("eager send not done at post: " + show("isend", 64))
if frac("irecv", 64) < 0.25:
    bad.append("eager receive hides < 1/4: " + show("irecv", 64))
if frac("isend", 1048576) < 0.5:
    bad.append("1 MiB send hides < 1/2: " + show("isend", 1048576))
recv = frac("irecv", 1048576)
if (mode == "SR") != (recv >= 0.5):
    bad.append("1 MiB receive in mode %s: %s" % (mode, show("irecv", 1048576)))
for side, n in sorted(pts):
    print(path, show(side, n))
if bad:
    sys.exit("FAIL: " + "; ".join(bad))
PY
}

for c in "${checks[@]}"; do
  read -r name mode lib <<<"$c"
  run "$name" "$mode" "$lib"
done
for c in "${checks[@]}"; do
  read -r name mode lib <<<"$c"
  if ! check "$name" "$mode"; then
    echo "retry: $name ($mode)"
    rm -rf "${WORK:?}/$name"
    run "$name" "$mode" "$lib"
    check "$name" "$mode" || fail "$name ($mode)"
  fi
  echo "ok: $name ($mode)"
done

"$M" report "$WORK/${checks[0]%% *}" "$WORK/${checks[-1]%% *}" \
  --out "$WORK/rep" > "$WORK/rep.log" 2>&1 \
  || { cat "$WORK/rep.log"; fail "report failed"; }
for side in isend irecv; do
  [ -s "$WORK/rep/plots/overlap-$side.svg" ] || fail "no overlap-$side plot"
  grep -q "overlap-$side.svg" "$WORK/rep/report.md" \
    || fail "report.md does not show overlap-$side.svg"
done
grep -q "Where overlap stops" "$WORK/rep/report.md" || fail "no stops table"
echo "ok: report with both overlap plots"
