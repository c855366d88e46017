#!/usr/bin/env bash
# A private, one-node Slurm cluster on this machine, for testing `mpchar
# run` inside allocations (tests/integration/slurm.sh, docs/cluster.md):
#
#   scripts/slurm_local.sh up DIR [CPUS]   # munged, slurmctld, slurmd
#   eval "$(scripts/slurm_local.sh env DIR)"  # SLURM_CONF for salloc/srun
#   scripts/slurm_local.sh run DIR CMD...  # e.g. salloc -n 2 CMD, ended
#                                          # by down if still running
#   scripts/slurm_local.sh down DIR        # stops jobs, clients, daemons
#
# Everything lives in DIR (a new or empty directory): the munge key and
# socket, slurm.conf, the controller's state, slurmd's spool, logs and
# pid files; ports are free ones picked at `up`.  The node is `node1`,
# with CPUS CPUs (default: this machine's), at 127.0.0.1.  Needs root
# (slurmd starts jobs as their users) and Debian's slurmctld, slurmd and
# munge (scripts/setup.sh).  `up` stops what it started when a step fails;
# `down` ends only the daemons whose pids it recorded, and is harmless
# when nothing runs.
set -euo pipefail

usage() {
  echo "usage: $0 up DIR [CPUS] | env DIR | run DIR CMD... | down DIR" >&2
  exit 2
}

# Stops the daemons whose pid files are DIR/run/NAME.pid, all at once (each
# takes about 2 s to end): TERM, then KILL after 5 s.
stop_daemons() {
  local dir=$1 pids=() pid name
  shift
  for name in "$@"; do
    [ -f "$dir/run/$name.pid" ] || continue
    pid=$(cat "$dir/run/$name.pid")
    rm -f "$dir/run/$name.pid"
    kill -TERM "$pid" 2>/dev/null && pids+=("$pid")
  done
  for _ in $(seq 50); do
    local alive=0
    for pid in "${pids[@]}"; do
      kill -0 "$pid" 2>/dev/null && alive=1
    done
    [ "$alive" = 1 ] || return 0
    sleep 0.1
  done
  for pid in "${pids[@]}"; do kill -KILL "$pid" 2>/dev/null || true; done
}

# Ends the process groups `run` started (salloc, sbatch and what they ran):
# TERM, then KILL after 3 s.
stop_clients() {
  local file=$1/run/clients.pgids pgid
  [ -f "$file" ] || return 0
  while read -r pgid; do kill -TERM -- "-$pgid" 2>/dev/null || true; done <"$file"
  for _ in $(seq 30); do
    local alive=0
    while read -r pgid; do kill -0 -- "-$pgid" 2>/dev/null && alive=1; done <"$file"
    [ "$alive" = 1 ] || break
    sleep 0.1
  done
  while read -r pgid; do kill -KILL -- "-$pgid" 2>/dev/null || true; done <"$file"
  rm -f "$file"
}

down() {
  local dir=$1
  if [ -f "$dir/slurm.conf" ] && [ -f "$dir/run/slurmctld.pid" ]; then
    # jobs first, so that their steps end with them
    export SLURM_CONF=$dir/slurm.conf
    timeout 10 scancel --quiet --user "$(id -un)" 2>/dev/null || true
    for _ in $(seq 50); do
      [ -z "$(timeout 5 squeue -h 2>/dev/null)" ] && break
      sleep 0.1
    done
  fi
  stop_clients "$dir"
  stop_daemons "$dir" slurmd slurmctld munged
}

# Runs CMD (salloc, sbatch, ...) against the cluster in a process group of
# its own, recorded so that `down` ends it should its caller be killed.
run_client() {
  local dir=$1
  shift
  SLURM_CONF=$dir/slurm.conf setsid "$@" &
  local pid=$!
  echo "$pid" >>"$dir/run/clients.pgids"
  wait "$pid"
}

# Two free TCP ports of the loopback interface.
free_ports() {
  python3 -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(" ".join(str(x.getsockname()[1]) for x in s))'
}

write_conf() {
  local dir=$1 cpus=$2 ctl_port=$3 node_port=$4 host
  host=$(hostname -s)
  cat >"$dir/slurm.conf" <<EOF
# A private one-node cluster (scripts/slurm_local.sh).
ClusterName=mpchar
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctl_port
SlurmdPort=$node_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/run/munge.sock
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/run/slurmctld.ownpid
SlurmdPidFile=$dir/run/slurmd.ownpid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
ReturnToService=2
SlurmdParameters=config_overrides
NodeName=node1 NodeHostname=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=local Nodes=node1 Default=YES MaxTime=INFINITE State=UP
EOF
}

# Starts a daemon in the foreground of a background job; records its pid.
start_daemon() {
  local dir=$1 name=$2
  shift 2
  "$@" >"$dir/log/$name.out" 2>&1 &
  echo $! >"$dir/run/$name.pid"
}

up() {
  local dir=$1 cpus=${2:-$(nproc)} ports
  for cmd in munged slurmctld slurmd; do
    command -v "$cmd" >/dev/null ||
      { echo "slurm_local: $cmd is missing: run scripts/setup.sh" >&2; exit 1; }
  done
  [ "$(id -u)" = 0 ] || { echo "slurm_local: needs root" >&2; exit 1; }
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  trap 'down "$dir"' ERR
  mkdir -p "$dir/run" "$dir/log" "$dir/state" "$dir/spool"
  chmod 755 "$dir" "$dir/run"
  if [ ! -f "$dir/munge.key" ]; then
    dd if=/dev/urandom of="$dir/munge.key" bs=1024 count=1 status=none
    chmod 400 "$dir/munge.key"
  fi
  read -r ctl_port node_port < <(free_ports)
  write_conf "$dir" "$cpus" "$ctl_port" "$node_port"
  start_daemon "$dir" munged munged --foreground --force \
    --socket="$dir/run/munge.sock" --key-file="$dir/munge.key" \
    --pid-file="$dir/run/munged.ownpid" --seed-file="$dir/munged.seed" \
    --log-file="$dir/log/munged.log"
  for _ in $(seq 50); do
    [ -S "$dir/run/munge.sock" ] && break
    sleep 0.1
  done
  start_daemon "$dir" slurmctld slurmctld -D -i -f "$dir/slurm.conf"
  start_daemon "$dir" slurmd slurmd -D -N node1 -f "$dir/slurm.conf"
  for _ in $(seq 150); do
    if [ "$(SLURM_CONF=$dir/slurm.conf sinfo -h -o %T 2>/dev/null)" = idle ]; then
      trap - ERR
      echo node1
      return 0
    fi
    sleep 0.2
  done
  echo "slurm_local: node1 not idle after 30 s; logs in $dir/log" >&2
  down "$dir"
  exit 1
}

[ $# -ge 2 ] || usage
case $1 in
up) up "$2" "${3:-}" ;;
run) dir=$2 && shift 2 && run_client "$dir" "$@" ;;
env) echo "export SLURM_CONF=$(cd "$2" && pwd)/slurm.conf" ;;
down) down "$2" ;;
*) usage ;;
esac
