#!/usr/bin/env bash
# Bad input of mpchar-kernels-<library> (run as a singleton, p = 1): every
# case must exit 2 with exactly one line on stderr naming what is wrong and
# nothing on stdout; --list must print one "NAME SUITE CLASSES" line per
# kernel.  Usage: options.sh PROGRAM [all|one]: "one" runs the first case
# and --list only (the parsing is the same program for every library; a
# singleton start of Open MPI costs most of a second).
set -uo pipefail
exe=${1:?usage: options.sh PROGRAM [all|one]}
cases=${2:-all}
err=$(mktemp) out=$(mktemp)
trap 'rm -f "$err" "$out"' EXIT
failed=0

# expect_usage "what" "needle" [VAR=value] -- args...
expect_usage() {
    local what=$1 needle=$2
    shift 2
    local envs=()
    while [ "$1" != "--" ]; do envs+=("$1"); shift; done
    shift
    env "${envs[@]}" "$exe" "$@" >"$out" 2>"$err"
    local status=$? lines
    lines=$(grep -c . "$err")
    if [ "$status" -ne 2 ] || [ "$lines" -ne 1 ] || [ -s "$out" ] ||
        ! grep -qF -- "$needle" "$err"; then
        echo "FAIL: $what: exit $status, $lines stderr lines: $(cat "$err" "$out")"
        failed=1
    else
        echo "ok: $what: $(cat "$err")"
    fi
}

expect_usage "unknown kernel" "unknown kernel 'nosuch'" -- --kernel nosuch --class A
if [ "$cases" = all ]; then
    expect_usage "unknown option" "unknown option '--frobnicate'" -- --frobnicate
    expect_usage "unknown class" "kernel series has no class 'Z'" -- --kernel series --class Z
    expect_usage "two-letter class" "no class 'AB'" -- --kernel series --class AB
    expect_usage "missing class" "--class is required" -- --kernel series
    expect_usage "missing kernel" "--kernel NAME is required" -- --class A
    expect_usage "missing value" "--reps needs a value" -- --kernel series --class A --reps
    expect_usage "reps zero" "--reps: '0'" -- --kernel series --class A --reps 0
    expect_usage "reps text" "--reps: '2x'" -- --kernel series --class A --reps 2x
    expect_usage "fault text" "MPCHAR_KERNEL_FAULT: 'one'" MPCHAR_KERNEL_FAULT=one -- --kernel series --class A
    expect_usage "fault empty" "MPCHAR_KERNEL_FAULT: ''" MPCHAR_KERNEL_FAULT= -- --kernel series --class A
    long=$(printf 'x%.0s' $(seq 300))
    expect_usage "long option, message whole" "(usage: " -- "--$long"
    expect_usage "long kernel, message whole" "(mpchar-kernels --list)" -- --kernel "$long" --class A
    expect_usage "fault inf" "MPCHAR_KERNEL_FAULT: 'inf'" MPCHAR_KERNEL_FAULT=inf -- --kernel series --class A
fi

"$exe" --list >"$out" 2>"$err"
status=$?
if [ "$status" -ne 0 ] || [ -s "$err" ] ||
    grep -Evq '^[a-z]+ (jgf|npb) [A-Z]+$' "$out" ||
    ! grep -qx 'series jgf SABC' "$out"; then
    echo "FAIL: --list: exit $status: $(cat "$out" "$err")"
    failed=1
else
    echo "ok: --list: $(tr '\n' ';' <"$out")"
fi
exit $failed
