# Shared helpers of the integration tests (sourced).  Each test gets a
# fresh directory under the build tree and the programs of that build.
set -euo pipefail
BIN=${MPCHAR_BIN:?MPCHAR_BIN must name the bin directory of a build}
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
WORK=$(mktemp -d "${MPCHAR_TEST_TMP:-/tmp}/mpchar-it.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
CORES=$(hwloc-calc --number-of core machine:0 2>/dev/null || nproc)

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# Oversubscription flag for p on this machine.
over_flag() {
  if [ "$1" -gt "$CORES" ]; then echo --oversubscribe; fi
}

# expect_error "what" "needle" command...: the command must exit non-zero
# and print exactly one line on stderr, containing needle.
expect_error() {
  local what=$1 needle=$2
  shift 2
  local err="$WORK/stderr" rc=0
  "$@" >/dev/null 2>"$err" || rc=$?
  [ "$rc" -ne 0 ] || fail "$what: exit status 0"
  local lines
  lines=$(grep -c . "$err" || true)
  [ "$lines" -eq 1 ] || fail "$what: $lines lines on stderr: $(cat "$err")"
  grep -qF -- "$needle" "$err" || fail "$what: '$needle' not in: $(cat "$err")"
  echo "ok: $what: $(cat "$err")"
}

# check_tuned PRIMITIVE: after a plain run into $WORK/plain and a run under
# libmpchar-tune (MPCHAR_TUNE_LOG=1) into $WORK/tuned, each with its
# output in <dir>.log: the tuned run substituted calls of PRIMITIVE, the
# plain one was not tuned, and `mpchar compare` of the two is written to
# $WORK/compare.csv (tune_gain.sh, tune_gain_smpi.sh).
check_tuned() {
  local primitive=$1
  grep -Eq "libmpchar-tune: rank 0: $primitive: [1-9][0-9]* of" "$WORK/tuned.log" ||
    fail "no substituted $primitive in the tuned run: $(grep libmpchar-tune "$WORK/tuned.log")"
  ! grep -q "libmpchar-tune" "$WORK/plain.log" || fail "the plain run was tuned"
  "$BIN/mpchar" compare "$WORK/plain" "$WORK/tuned" --format csv >"$WORK/compare.csv" ||
    fail "compare failed"
}
