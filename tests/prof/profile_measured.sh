#!/usr/bin/env bash
# The built-in runtime's XFER events: rank 1 of prof_synth.c reads each
# message of N bytes of rank 0 while rank 0 computes 20 ms (far longer
# than a receive, even on a loaded machine), so rank 0's true overlap is
# the time of rank 1's receives, which it prints.  MODE "late": a
# rendezvous message (cross-memory attach) received 300 us after it
# arrived; "sync": an eager one (MPCHAR_RT_EAGER_MAX=N, in rings of 4 MiB),
# copied out of the ring by the receive made once it is there.  (The eager
# size is raised to 1 MiB so that the copy, not the receive's fixed cost of
# about 5 us, makes up the program's receive time: at 64 KiB the program
# overstates the copy by 15%, at 256 KiB by 10%.)  The profile must have measured all 20 messages
# (overlap_min = overlap_max) and agree with the program within 10%.
# N MODE EXE LAUNCHER...
source "$(dirname "$0")/../integration/lib.sh"
N=$1 MODE=$2 EXE=$3
shift 3
EXTRA=()
if [ "$MODE" = sync ]; then
  export MPCHAR_RT_EAGER_MAX=$N MPCHAR_RT_RING_KIB=4096
  EXTRA=("$WORK/sent")
fi
"$BIN/mpchar" profile --out "$WORK/m" -- "$@" -n 2 "$EXE" "$N" 20000 20 "$MODE" "${EXTRA[@]}" >"$WORK/out"
true_us=$(sed -n 's/^prof_synth: receive_us=//p' "$WORK/out")
[ -n "$true_us" ] || fail "the program printed no receive_us: $(cat "$WORK/out")"
python3 - "$WORK/m/profile.json" "$true_us" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
true_us = float(sys.argv[2])
t = p["ranks"][0]["total"]
if t["measured_messages"] != 20:
    sys.exit(f"measured messages {t['measured_messages']}, expected 20")
if t["overlap_min_us"] != t["overlap_max_us"]:
    sys.exit(f"bounds did not collapse: [{t['overlap_min_us']}, {t['overlap_max_us']}]")
err = abs(t["overlap_min_us"] - true_us) / true_us
if err > 0.10:
    sys.exit(f"measured overlap {t['overlap_min_us']:.1f} us, the program's {true_us:.1f} us ({err:.1%})")
if t["overlap_max_us"] > t["transfer_us"] * (1 + 1e-9):
    sys.exit(f"overlap {t['overlap_max_us']} above the measured transfer {t['transfer_us']}")
print(f"ok: measured overlap {t['overlap_min_us']:.1f} us, the program's {true_us:.1f} us ({err:.2%})")
PY
echo "PASS: profile_measured $N $MODE"
