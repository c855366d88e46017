#!/usr/bin/env bash
# A rank killed mid-run (prof_synth.c's "kill": rank 1 raises SIGTERM
# before its 51st receive): `mpchar profile` reports the program's failure
# and still writes the profile from the events recorded, every rank's file
# readable: rank 1 not finalized, exactly its 50 receives counted.  Rank 0
# is ended by the launcher: by SIGTERM (Open MPI), its events are all
# there; by SIGKILL (MPICH's Hydra, mpchar-exec), only those written
# before (docs/profile.md, "Robustness").
# LIBRARY EXE LAUNCHER...
source "$(dirname "$0")/../integration/lib.sh"
LIB=$1 EXE=$2
shift 2
rc=0
"$BIN/mpchar" profile --events --out "$WORK/k" -- "$@" -n 2 "$EXE" 1024 10 100 kill \
  >"$WORK/out" 2>"$WORK/err" || rc=$?
[ "$rc" -ne 0 ] || fail "a killed program: mpchar profile exited 0"
grep -q "the profile holds the events recorded until then" "$WORK/err" ||
  fail "no word of the failure: $(cat "$WORK/err")"
python3 - "$WORK/k/profile.json" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
r = {x["rank"]: x for x in p["ranks"]}
if sorted(r) != [0, 1]:
    sys.exit(f"ranks {sorted(r)}")
if r[1]["finalized"]:
    sys.exit("rank 1 finalized")
if r[1]["total"]["recv_messages"] != 50:
    sys.exit(f"rank 1 received {r[1]['total']['recv_messages']}, expected 50")
if not 0 <= r[0]["total"]["sent_messages"] <= 100:
    sys.exit(f"rank 0 sent {r[0]['total']['sent_messages']}")
print("ok: rank 1 killed after 50 receives, all recorded")
PY
echo "PASS: profile_kill $LIB"
