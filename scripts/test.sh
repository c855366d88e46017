#!/usr/bin/env bash
# Sets up, builds and runs every test: the whole suite (unit and
# integration, on every MPI library found) in build/, then the unit tests
# again under AddressSanitizer and UndefinedBehaviorSanitizer in
# build-sanitize/ (with clang when it is there, as gcc and clang must both
# build warning-free).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
scripts/setup.sh
scripts/build.sh "$root/build"
(cd build && ctest --output-on-failure --timeout 900)
cc=gcc
command -v clang >/dev/null && cc=clang
CC=$cc scripts/build.sh "$root/build-sanitize" -DMPCHAR_SANITIZE=ON
(cd build-sanitize && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest -L unit --output-on-failure)
