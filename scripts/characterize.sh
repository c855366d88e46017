#!/usr/bin/env bash
# The main job: sets up, builds, characterizes this machine's MPI libraries
# (mpchar run --quick on every library found), fits the models and writes
# the report, then prints where report.html is.  Extra arguments go to
# `mpchar run` (--out DIR names the results directory; --resume DIR
# finishes an interrupted one).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
scripts/setup.sh
scripts/build.sh "$root/build"
out=""
run=(build/bin/mpchar run --quick --mpi all)
args=("$@")
for ((i = 0; i < ${#args[@]}; i++)); do
  case ${args[i]} in
    --out) out=${args[i + 1]:-} ;;
    --resume) out=${args[i + 1]:-}; run=(build/bin/mpchar run) ;;
  esac
done
if [ -z "$out" ]; then
  out="results/$(date -u +%Y%m%d-%H%M%S)-$(hostname -s)"
  args+=(--out "$out")
fi
"${run[@]}" "${args[@]}"
build/bin/mpchar fit "$out" > "$out/model-tables.txt"
build/bin/mpchar report "$out" --out "$out/report"
echo "Report: $(cd "$out/report" && pwd)/report.html"
