#!/usr/bin/env bash
# Installs, idempotently, every Debian package mpchar needs to build, run
# and test: compilers and CMake, gfortran (the runtime's mpchar-fc, mpif.h
# and mpi module; the Fortran conformance programs and the Fortran
# applications of tests/apps), autoconf and automake
# (runtime.autotools), Open MPI and MPICH side by side (their Fortran
# wrappers mpif90.openmpi / mpif90.mpich come with openmpi-bin / mpich and
# their Fortran libraries with libopenmpi-dev / libmpich-dev), GSL,
# jansson, hwloc, cmocka, gnuplot, clang (sanitizers and fuzzing), and
# chromium (headless, for the report's browser check; about 480 MB),
# SimGrid (its smpirun checks the SMPI settings of `mpchar export`), and
# iproute2 and util-linux (ip, tc, nsenter, unshare: scripts/testbed.sh),
# and Slurm's slurmctld, slurmd, client commands and munge
# (scripts/slurm_local.sh, tests/integration/slurm.sh; no service is
# started: the test runs its own daemons).
# Run as root on Debian 12; a no-op when everything is present.
set -euo pipefail

packages=(
  build-essential cmake pkg-config git
  gfortran autoconf automake
  openmpi-bin libopenmpi-dev
  mpich libmpich-dev
  libgsl-dev libjansson-dev libhwloc-dev hwloc libcmocka-dev
  gnuplot-nox
  clang clang-format libclang-rt-14-dev
  valgrind python3 procps
  iproute2 util-linux
  chromium fonts-liberation
  libsimgrid-dev
  slurmctld slurmd slurm-client munge
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} packages present"
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "setup: missing packages: ${missing[*]}; run as root (or with sudo)" >&2
  exit 1
fi

echo "setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q "${missing[@]}"
