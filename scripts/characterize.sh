#!/usr/bin/env bash
# The main job: sets up, builds, and characterizes this machine's MPI
# libraries (mpchar run --quick on every library found), then says where
# the results are.  Extra arguments go to `mpchar run`.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
scripts/setup.sh
scripts/build.sh "$root/build"
build/bin/mpchar run --quick --mpi all "$@"
