#!/usr/bin/env bash
# `mpchar profile` end to end on one MPI library with the synthetic
# program (prof_synth.c, or its Fortran twin): LIBRARY EXE LAUNCHER...
#  - 100 Isend of 1 KiB without computation: the counts and bytes are
#    exact on both ranks, per call, region ("loop", named through
#    MPCHAR_PROF_REGIONS) and size bin; the true overlap, 0, lies within
#    [overlap_min, overlap_max];
#  - 10 Isend of 1 KiB each followed by 20 ms of computation (longer than
#    even a start-up calibration on a loaded machine makes a transfer): the
#    transfer (eager) overlaps completely, so overlap_max equals the
#    transfer time (on the built-in runtime, whose copies are measured, at
#    most the transfer time: see below); rank 1's blocking receives overlap
#    nothing;
#  - --show prints the profile in every format, --events keeps the files;
#    `mpchar report` shows the profile directory.
source "$(dirname "$0")/../integration/lib.sh"
LIB=$1 EXE=$2
shift 2
M="$BIN/mpchar"

MPCHAR_PROF_REGIONS=loop "$M" profile --events --out "$WORK/p0" -- "$@" -n 2 "$EXE" 1024 0 100 >"$WORK/p0.txt"
"$M" profile --out "$WORK/p1" -- "$@" -n 2 "$EXE" 1024 20000 10 >/dev/null
for f in text markdown csv json; do
  "$M" profile --show "$WORK/p0" --format $f >"$WORK/show.$f"
done
ls "$WORK/p0"/rank-000000.events "$WORK/p0"/rank-000001.events >/dev/null ||
  fail "--events kept no event files"
[ ! -e "$WORK/p1/rank-000000.events" ] || fail "event files kept without --events"

python3 - "$LIB" "$WORK" <<'PY'
import json, sys
lib, work = sys.argv[1], sys.argv[2]
def load(d):
    p = json.load(open(f"{work}/{d}/profile.json"))
    if p["library"] != lib:
        sys.exit(f"{d}: library {p['library']}, expected {lib}")
    return p
def call(rank, name):
    return next((c for c in rank["calls"] if c["call"] == name), {"calls": 0})
def check(what, got, want):
    if got != want:
        sys.exit(f"{what}: {got}, expected {want}")
    print(f"ok: {what} = {got}")

p = load("p0")
r0, r1 = p["ranks"][0], p["ranks"][1]
check("rank 0 sent messages", r0["total"]["sent_messages"], 100)
check("rank 0 sent bytes", r0["total"]["sent_bytes"], 102400)
check("rank 0 received messages", r0["total"]["recv_messages"], 0)
check("rank 1 received messages", r1["total"]["recv_messages"], 100)
check("rank 1 received bytes", r1["total"]["recv_bytes"], 102400)
check("rank 0 MPI_Isend calls", call(r0, "MPI_Isend")["calls"], 100)
check("rank 0 MPI_Wait calls", call(r0, "MPI_Wait")["calls"], 100)
check("rank 1 MPI_Recv calls", call(r1, "MPI_Recv")["calls"], 100)
check("rank 0 MPI_Barrier calls", call(r0, "MPI_Barrier")["calls"], 2)
check("region names", p["region_names"], {"1": "loop"})
loop = next(g for g in r0["regions"] if g["level"] == 1)
check("rank 0 region 1 messages", loop["messages"], 100)
check("rank 0 region 1 calls (Isend, Wait, Pcontrol(0))", loop["calls"], 201)
check("bin 0-1 KiB messages", p["total"]["bins"][0]["messages"], 200)
check("other bins' messages", sum(b["messages"] for b in p["total"]["bins"][1:]), 0)
check("all ranks finalized", all(r["finalized"] for r in p["ranks"]), True)
t = r0["total"]
# no computation between Isend and Wait: the true overlap is 0 (up to the
# program's clock read between the calls: 1 us per message at most)
if not (t["overlap_min_us"] <= 100 * 1.0 and t["overlap_min_us"] <= t["overlap_max_us"]):
    sys.exit(f"x = 0: overlap [{t['overlap_min_us']}, {t['overlap_max_us']}] excludes 0")
print(f"ok: x = 0: 0 within [{t['overlap_min_us']:.3f}, {t['overlap_max_us']:.3f}] us")
if not 0 < r0["rates"]["mpi_time_share"] <= 1:
    sys.exit(f"mpi_time_share {r0['rates']['mpi_time_share']}")

p = load("p1")
t0, t1 = p["ranks"][0]["total"], p["ranks"][1]["total"]
check("x = 20 ms: rank 0 messages", t0["sent_messages"], 10)
# On the built-in runtime the eager copies are measured (XFER events): the
# receiver, spinning in MPI_Recv, copies a message as soon as it is in the
# ring, which may be before rank 0 has left MPI_Isend, an overlap with MPI
# calls and not with computation; since the sender writes a packet's
# polled line last (docs/performance.md, "The polled line last") a 1 KiB
# copy of 0.1 us can end there, and the bound fall to nearly nothing (0.15
# of 1.03 us, in 2 of 20 runs).  So here only the upper bound is a known
# answer; profile_measured.sh checks the measured overlap itself, with the
# receiver copying while the sender computes.
measured = lib == "builtin"
low = 0.0 if measured else t0["transfer_us"] * (1 - 1e-6)
if t0["transfer_us"] <= 0 or not low <= t0["overlap_max_us"] <= t0["transfer_us"] * (1 + 1e-6):
    sys.exit(f"x = 20 ms: overlap_max {t0['overlap_max_us']} not within "
             f"[{low}, {t0['transfer_us']}] (the transfer)")
print(f"ok: x = 20 ms: the whole transfer {t0['transfer_us']:.3f} us within "
      f"[{t0['overlap_min_us']:.3f}, {t0['overlap_max_us']:.3f}]")
if t0["compute_us"] < 10 * 20000:
    sys.exit(f"x = 20 ms: compute_us {t0['compute_us']} < 200000")
check("x = 20 ms: rank 1 (blocking Recv) overlap_max", t1["overlap_max_us"], 0.0)
PY
grep -q "MPI_Isend" "$WORK/show.text" || fail "--show text"
grep -q "^| MPI_Isend" "$WORK/show.markdown" || fail "--show markdown"
grep -q "^call,MPI_Isend,100," "$WORK/show.csv" || fail "--show csv"
python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$WORK/show.json" || fail "--show json"
"$M" report "$WORK/p0" --out "$WORK/rep" >/dev/null
grep -q "^## Application profiles" "$WORK/rep/report.md" || fail "report: no profile section"
grep -q "^| 1 | .* | 100 | " "$WORK/rep/report.md" || fail "report: no row of rank 1's 100 messages"
echo "PASS: profile $LIB $(basename "$EXE")"
