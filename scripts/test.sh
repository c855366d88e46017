#!/usr/bin/env bash
# Sets up, builds and runs every test: the whole suite (unit, integration,
# MPI conformance and real applications, on every MPI library found and the
# built-in runtime) in build/, then the unit tests and the built-in runtime's
# own tests, conformance and applications again under AddressSanitizer and
# UndefinedBehaviorSanitizer in build-sanitize/ (with clang when it is
# there, as gcc and clang must both build warning-free).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
scripts/setup.sh
scripts/build.sh "$root/build"
# Timing-sensitive integration tests are RUN_SERIAL: nothing runs beside them.
(cd build && ctest -j2 --output-on-failure --timeout 900)
cc=gcc
command -v clang >/dev/null && cc=clang
CC=$cc scripts/build.sh "$root/build-sanitize" -DMPCHAR_SANITIZE=ON
(cd build-sanitize && UBSAN_OPTIONS=print_stacktrace=1 \
  ctest -j2 -L unit --output-on-failure &&
  UBSAN_OPTIONS=print_stacktrace=1 \
  ctest -j2 -L "conformance|runtime|apps" -R "builtin|runtime" --output-on-failure)
