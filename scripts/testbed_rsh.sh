#!/usr/bin/env bash
# The "remote shell" of the test bed (scripts/testbed.sh): runs a command on
# a bed host by entering its namespaces (network, UTS for the hostname,
# mount for its /etc/hosts) with nsenter.  Open MPI's rsh agent and MPICH
# Hydra's rsh launcher call it as `testbed_rsh.sh [options] HOST COMMAND...`
# like ssh, with the command meant for a shell; ssh-style options before
# HOST are ignored.  On a bed built with --pin, the command runs on the
# host's own core (taskset), as on a node of its own.  Hydra's proxy (and
# so MPICH's processes) runs with src/yield/yield.c preloaded.
set -euo pipefail

STATE=/run/mpchar-testbed
while [ $# -gt 0 ] && [ "${1#-}" != "$1" ]; do shift; done
[ $# -ge 2 ] || {
  echo "testbed_rsh.sh: usage: testbed_rsh.sh HOST COMMAND..." >&2
  exit 255
}
host=$1
shift
pid=$(cat "$STATE/$host.pid" 2>/dev/null) || {
  echo "testbed_rsh.sh: '$host' is not a host of the test bed (scripts/testbed.sh hosts)" >&2
  exit 255
}
pin=()
if [ -f "$STATE/$host.cpus" ]; then
  pin=(taskset -c "$(cat "$STATE/$host.cpus")")
fi
# MPICH's processes (children of Hydra's proxy) yield the core after a
# poll that found nothing, as Open MPI's do (src/yield/yield.c).
yield=()
case ${1##*/} in
hydra_pmi_proxy*) yield=(env "LD_PRELOAD=$STATE/yield.so") ;;
esac
exec "${pin[@]}" "${yield[@]}" nsenter --target "$pid" --net --uts --mount -- /bin/sh -c "$*"
