#!/usr/bin/env bash
# Runs one application kernel (mpchar-kernels-<library>) through its MPI
# launcher and checks the harness contract (docs/kernels.md): the exit
# status, exactly one well-formed result line per repetition on stdout with
# the expected verdict, and on a failed verification rank 0's one
# "verification failed" line on stderr.
# Usage: check_run.sh STATUS KERNEL CLASS P REPS -- LAUNCHER... PROGRAM ARGS...
#   STATUS 0: every repetition must verify; 1: every one must fail;
#   3: the kernel must refuse p: no result line, rank 0's one sentence.
set -uo pipefail
[ $# -ge 7 ] && [ "$6" = "--" ] || {
    echo "usage: check_run.sh STATUS KERNEL CLASS P REPS -- COMMAND..." >&2
    exit 2
}
want=$1 kernel=$2 class=$3 p=$4 reps=$5
shift 6
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT

fail() {
    echo "check_run: FAIL: $*"
    echo "--- stdout"; cat "$out"; echo "--- stderr"; cat "$err"
    exit 1
}

"$@" >"$out" 2>"$err"
status=$?
[ "$status" -eq "$want" ] || fail "exit status $status, expected $want"
if [ "$want" -eq 3 ]; then
    [ ! -s "$out" ] || fail "a refused run printed on stdout"
    [ "$(grep -Ec "^mpchar-kernels: $kernel class $class at p = $p: .+" "$err")" -eq 1 ] ||
        fail "no single refusal line on stderr"
    grep '^mpchar-kernels:' "$err"
    echo "check_run: ok ($kernel class $class refused at p=$p, exit 3)"
    exit 0
fi

verdict=yes
[ "$want" -eq 0 ] || verdict=no
num='[-+]?[0-9]\.[0-9]{15}e[-+][0-9]{2,3}'
probe='[0-9]+\.[0-9]{4}' # the state probe: ranks 0 and 1's ping-pong
[ "$p" -gt 1 ] || probe=''
for rep in $(seq 1 "$reps"); do
    line="^kernel=$kernel suite=[a-z]+ class=$class p=$p rep=$rep t_total_s=[0-9]+\.[0-9]{9} t_comm_s=[0-9]+\.[0-9]{9} probe_us=$probe arrays_bytes=[1-9][0-9]* verified=$verdict value=$num reference=$num\$"
    [ "$(grep -Ec "$line" "$out")" -eq 1 ] || fail "no single line /$line/"
done
[ "$(grep -c . "$out")" -eq "$reps" ] || fail "stdout has other lines than the $reps result lines"
if [ "$want" -eq 1 ]; then
    grep -Eq "^mpchar-kernels: $kernel class $class: verification failed: .+" "$err" ||
        fail "no 'verification failed' line on stderr"
fi
cat "$out"
echo "check_run: ok ($kernel class $class p=$p, exit $status)"
