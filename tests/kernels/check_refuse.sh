#!/usr/bin/env bash
# A kernel started on a process count it refuses (NPB's rules, e.g. a power
# of two) must exit 3, print nothing on stdout, and give on stderr rank 0's
# one line "mpchar-kernels: NAME class C at p = P: SENTENCE" containing the
# expected words.  The launcher's own notes about the exit are ignored.
# Usage: check_refuse.sh KERNEL CLASS P NEEDLE -- LAUNCHER... PROGRAM ARGS...
set -uo pipefail
[ $# -ge 6 ] && [ "$5" = "--" ] || {
    echo "usage: check_refuse.sh KERNEL CLASS P NEEDLE -- COMMAND..." >&2
    exit 2
}
kernel=$1 class=$2 p=$3 needle=$4
shift 5
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT

fail() {
    echo "check_refuse: FAIL: $*"
    echo "--- stdout"; cat "$out"; echo "--- stderr"; cat "$err"
    exit 1
}

"$@" >"$out" 2>"$err"
status=$?
[ "$status" -eq 3 ] || fail "exit status $status, expected 3"
[ -s "$out" ] && fail "stdout is not empty"
prefix="mpchar-kernels: $kernel class $class at p = $p: "
[ "$(grep -cF -- "$prefix" "$err")" -eq 1 ] || fail "no single line '$prefix...'"
grep -F -- "$prefix" "$err" | grep -qF -- "$needle" ||
    fail "the refusal does not say '$needle'"
grep -F -- "$prefix" "$err"
echo "check_refuse: ok ($kernel class $class p=$p, exit 3)"
