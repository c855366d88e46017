#!/usr/bin/env bash
# docs/profile.md lists the intercepted calls between the markers
# <!-- calls.def --> and <!-- /calls.def -->: exactly the calls of
# src/prof/calls.def, in its order (gen_wrappers.py --list).
# GEN_WRAPPERS CALLS_DEF PROFILE_MD
set -euo pipefail
GEN=$1 DEF=$2 DOC=$3
want=$(python3 "$GEN" --def "$DEF" --list)
got=$(sed -n '/<!-- calls.def -->/,/<!-- \/calls.def -->/p' "$DOC" |
  grep -v -- '<!--' | grep -oE '\b[A-Z][A-Za-z_]*\b' || true)
if [ "$want" != "$got" ]; then
  echo "FAIL: $DOC's list of intercepted calls differs from $DEF:" >&2
  diff <(echo "$want") <(echo "$got") >&2 || true
  exit 1
fi
echo "PASS: profile_doc_calls ($(echo "$want" | wc -l) calls)"
