#!/usr/bin/env bash
# Times one `mpchar run --quick --mpi all` (the main job's run, as
# scripts/characterize.sh starts it) of a build, under the measurement lock,
# and prints its figures on one line: seconds, the 1-minute load at start
# and end, the mean validation error of the best model at p = 2 for
# point-to-point and for collective entries (`mpchar fit`'s accuracy
# table), and the lines of the log it wrote without a terminal.  The A/B
# runs of docs/timing.md ("Old and new quick runs") are pairs of these.
#   scripts/quick_ab.sh RUN_BUILD OUT [FIT_BUILD]
# RUN_BUILD measures (an old build, for the A arm); FIT_BUILD (default:
# this tree's build/) fits, so that both arms are judged by one fit.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
run_build=${1:?usage: quick_ab.sh RUN_BUILD OUT [FIT_BUILD]}
out=${2:?usage: quick_ab.sh RUN_BUILD OUT [FIT_BUILD]}
fit_build=${3:-$root/build}
[ ! -e "$out" ] || { echo "quick_ab.sh: $out exists" >&2; exit 1; }
mkdir -p "$(dirname "$out")"
# One run per hold of the lock; the load is read inside it.
flock /tmp/mpchar-perf.lock bash -c '
  echo "$(cut -d" " -f1 /proc/loadavg)" > "$2.load"
  start=$(date +%s.%N)
  "$1/bin/mpchar" run --quick --mpi all --out "$2" ${MPCHAR_AB_ARGS:-} \
    > "$2.log" 2>&1 || rc=$?
  end=$(date +%s.%N)
  echo "$(cut -d" " -f1 /proc/loadavg) $(echo "$end - $start" | bc)" >> "$2.load"
  exit ${rc:-0}' _ "$run_build" "$out"
nice -n 19 "$fit_build/bin/mpchar" fit "$out" --format csv > "$out.fit.csv"
read -r load0 < <(sed -n 1p "$out.load")
read -r load1 secs < <(sed -n 2p "$out.load")
python3 - "$out.fit.csv" "$out/model.json" "$secs" "$load0" "$load1" \
  "$(wc -l < "$out.log")" <<'PY'
import csv, json, sys
path, model, secs, l0, l1, lines = sys.argv[1:]
# each entry's kind as the fit wrote it: p2p or collective
kind_of = {(e["library"], e["pattern"], e["variant"], e["op"]): e["kind"]
           for e in json.load(open(model))["entries"]}
head, errs = None, {"p2p": [], "collective": []}
for row in csv.reader(open(path)):
    if row and row[0].startswith("# "):
        head = "next" if row[0].startswith("# Accuracy") else None
    elif head == "next":
        head = {h: i for i, h in enumerate(row)}
    elif isinstance(head, dict) and row:
        if row[head["p"]] != "2":
            continue
        best = row[head["best"]]
        col = [h for h in head if h == best + " val"]
        if len(col) != 1 or row[head[col[0]]] in ("", "-"):
            continue
        key = tuple(row[head[h]] for h in ("library", "pattern", "variant", "op"))
        kind = kind_of[key]
        errs[kind].append(float(row[head[col[0]]]))
        if key[0] != "builtin-sr":  # not in runs made before it
            errs.setdefault(kind + " but builtin-sr", []).append(errs[kind][-1])
mean = lambda v: sum(v) / len(v) if v else float("nan")
s = float(secs)
print("time %dm%02ds (%.0f s)  load %s - %s  p2p %.2f%% (%d entries; "
      "%.2f%% in %d without builtin-sr)  collectives %.2f%% (%d entries)  "
      "log %s lines"
      % (s // 60, s % 60, s, l0, l1, mean(errs["p2p"]), len(errs["p2p"]),
         mean(errs.get("p2p but builtin-sr", [])),
         len(errs.get("p2p but builtin-sr", [])),
         mean(errs["collective"]), len(errs["collective"]), lines))
PY
