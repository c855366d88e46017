#!/usr/bin/env bash
# Runs one real application of tests/apps through an MPI launcher and passes
# when the job exits 0 and the application's output matches every given
# verification pattern (extended regular expressions, e.g. NPB's
# "Verification = SUCCESSFUL").  It builds nothing: CMake built the program.
# Usage: run_app.sh RUNDIR REGEX [REGEX...] -- LAUNCHER ARGS... PROGRAM ARGS...
# RUNDIR is made empty and becomes the working directory, so that what an
# application writes (CoMD's YAML report) stays in the build tree and no
# input file of an earlier run is read.
set -uo pipefail
[ $# -ge 3 ] || { echo "usage: run_app.sh RUNDIR REGEX... -- COMMAND..." >&2; exit 2; }
rundir=$1
shift
patterns=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
    patterns+=("$1")
    shift
done
if [ $# -lt 2 ] || [ ${#patterns[@]} -eq 0 ]; then
    echo "run_app.sh: need REGEX... -- COMMAND" >&2
    exit 2
fi
shift

rm -rf "$rundir" && mkdir -p "$rundir" && cd "$rundir" || exit 2
start=$(date +%s.%N)
"$@" >output.txt 2>&1
status=$?
end=$(date +%s.%N)
cat output.txt
wall=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }')
if [ $status -ne 0 ]; then
    echo "run_app: FAIL: the job exited with status $status after $wall s"
    exit 1
fi
for re in "${patterns[@]}"; do
    if ! grep -Eq -- "$re" output.txt; then
        echo "run_app: FAIL: no line of the output matches /$re/"
        exit 1
    fi
done
echo "run_app: verified in $wall s (wall, launcher included)"
