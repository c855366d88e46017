#!/usr/bin/env bash
# A private Slurm cluster on this machine, for testing `mpchar run` inside
# allocations (tests/integration/slurm.sh, docs/cluster.md): one node, or
# the test bed's hosts (scripts/testbed.sh) as nodes:
#
#   scripts/slurm_local.sh up DIR [CPUS]   # munged, slurmctld, slurmd
#   scripts/slurm_local.sh up-bed DIR      # the same on the bed's hosts:
#                                          # slurmctld on the first, a
#                                          # slurmd on each (1 CPU each)
#   eval "$(scripts/slurm_local.sh env DIR)"  # SLURM_CONF for salloc/srun
#   scripts/slurm_local.sh run DIR CMD...  # e.g. salloc -n 2 CMD, ended
#                                          # by down if still running
#   scripts/slurm_local.sh down DIR        # stops jobs, clients, daemons
#
# Everything lives in DIR (a new or empty directory): the munge key and
# socket, slurm.conf, the controller's state, slurmd's spool, logs and
# pid files; ports are free ones picked at `up`.  The node is `node1`,
# with CPUS CPUs (default: this machine's), at 127.0.0.1.  On the bed
# (`up-bed`), the nodes are bed1..bedN at their bed addresses, and `run`
# starts its command on bed1 (srun must be reachable from every node).  Needs root
# (slurmd starts jobs as their users) and Debian's slurmctld, slurmd and
# munge (scripts/setup.sh).  `up` stops what it started when a step fails;
# `down` ends only the daemons whose pids it recorded, and is harmless
# when nothing runs.
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
BED_RSH=$HERE/testbed_rsh.sh

usage() {
  echo "usage: $0 up DIR [CPUS] | up-bed DIR | env DIR | run DIR CMD... | down DIR" >&2
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
  local bed_slurmds
  bed_slurmds=$(cd "$dir/run" 2>/dev/null && ls slurmd-*.pid 2>/dev/null | sed 's/\.pid$//' || true)
  # shellcheck disable=SC2086 # one name a word
  stop_daemons "$dir" slurmd $bed_slurmds slurmctld munged
}

# Runs CMD (salloc, sbatch, ...) against the cluster in a process group of
# its own, recorded so that `down` ends it should its caller be killed.
run_client() {
  local dir=$1
  shift
  if [ -f "$dir/bed" ]; then # on the bed's first host, in this directory
    set -- "$BED_RSH" "$(cat "$dir/bed")" \
      "cd $(printf %q "$PWD") && exec $(printf '%q ' "$@")"
  fi
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

# slurm.conf: the controller HOST(ADDR) and NODES, the lines of the nodes
# and their partition.
write_conf() {
  local dir=$1 ctl=$2 ctl_port=$3 node_port=$4 nodes=$5
  cat >"$dir/slurm.conf" <<EOF
# A private cluster (scripts/slurm_local.sh).
ClusterName=mpchar
SlurmctldHost=$ctl
SlurmctldPort=$ctl_port
SlurmdPort=$node_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/run/munge.sock
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool/%n
SlurmctldPidFile=$dir/run/slurmctld.ownpid
SlurmdPidFile=$dir/run/slurmd-%n.ownpid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd-%n.log
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
$nodes
EOF
}

# Starts a daemon in the foreground of a background job; records its pid.
start_daemon() {
  local dir=$1 name=$2
  shift 2
  "$@" >"$dir/log/$name.out" 2>&1 &
  echo $! >"$dir/run/$name.pid"
}

# A failed `up` stops what it started, whichever function failed (an ERR
# trap would not reach into those).
up_failed() {
  local rc=$? dir=$1
  echo "slurm_local: up failed (exit status $rc); stopping what it started" >&2
  down "$dir"
  exit "$rc"
}

# The checks, the directory and munged, which every cluster shares.
start_common() {
  local dir=$1
  for cmd in munged slurmctld slurmd; do
    command -v "$cmd" >/dev/null ||
      { echo "slurm_local: $cmd is missing: run scripts/setup.sh" >&2; exit 1; }
  done
  [ "$(id -u)" = 0 ] || { echo "slurm_local: needs root" >&2; exit 1; }
  mkdir -p "$dir/run" "$dir/log" "$dir/state" "$dir/spool"
  chmod 755 "$dir" "$dir/run"
  if [ ! -f "$dir/munge.key" ]; then
    dd if=/dev/urandom of="$dir/munge.key" bs=1024 count=1 status=none
    chmod 400 "$dir/munge.key"
  fi
  start_daemon "$dir" munged munged --foreground --force \
    --socket="$dir/run/munge.sock" --key-file="$dir/munge.key" \
    --pid-file="$dir/run/munged.ownpid" --seed-file="$dir/munged.seed" \
    --log-file="$dir/log/munged.log"
  for _ in $(seq 50); do
    [ -S "$dir/run/munge.sock" ] && return 0
    sleep 0.1
  done
  echo "slurm_local: munged made no socket; log in $dir/log" >&2
  exit 1
}

# Waits until every node is idle, then prints NODES (a,b,...) one a line.
wait_idle() {
  local dir=$1 nodes=$2
  for _ in $(seq 150); do
    if [ "$(SLURM_CONF=$dir/slurm.conf sinfo -h -o %T 2>/dev/null | sort -u)" = idle ]; then
      trap - EXIT
      tr ',' '\n' <<<"$nodes"
      return 0
    fi
    sleep 0.2
  done
  echo "slurm_local: $nodes not idle after 30 s; logs in $dir/log" >&2
  exit 1
}

up() {
  local dir=$1 cpus=${2:-$(nproc)} host ctl_port node_port
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  trap 'up_failed "$dir"' EXIT
  start_common "$dir"
  host=$(hostname -s)
  read -r ctl_port node_port < <(free_ports)
  write_conf "$dir" "$host(127.0.0.1)" "$ctl_port" "$node_port" \
    "NodeName=node1 NodeHostname=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=local Nodes=node1 Default=YES MaxTime=INFINITE State=UP"
  mkdir -p "$dir/spool/node1"
  start_daemon "$dir" slurmctld slurmctld -D -i -f "$dir/slurm.conf"
  start_daemon "$dir" slurmd slurmd -D -N node1 -f "$dir/slurm.conf"
  wait_idle "$dir" node1
}

# ---- the test bed's hosts as nodes ---------------------------------------

# A bed host's address, from the hosts file the bed gave it.
bed_addr() {
  awk -v h="$1" '$2 == h {print $1}' "/etc/netns/$1/hosts"
}

# Commands that mount this machine's cgroup hierarchies again in a bed
# host, whose /sys is its own (`ip netns exec`): slurmd refuses to start
# without them, and refuses a cgroup2 alone beside v1 lines in
# /proc/self/cgroup ("Hybrid mode is not supported").
cgroup_mounts() {
  awk '$2 == "/sys/fs/cgroup" || $2 ~ "^/sys/fs/cgroup/" {
         printf "mkdir -p %s && mount -t %s -o %s %s %s && ", $2, $3, $4, $1, $2 }' \
    /proc/mounts
}

# Readies bed HOST as a node: its cgroups, and a temporary directory of
# its own at DIR/nodetmp (Slurm's PMIx plugin makes the same directory
# name on every node, and the bed's hosts share one /tmp).
prepare_bed_host() {
  local dir=$1 host=$2
  mkdir -p "$dir/tmp/$host" "$dir/nodetmp" "$dir/spool/$host"
  "$BED_RSH" "$host" "$(cgroup_mounts) mount --bind $dir/tmp/$host $dir/nodetmp"
}

up_bed() {
  local dir=$1 hosts host first nodes="" lines="" ctl_port node_port
  hosts=$("$HERE/testbed.sh" hosts) || exit 1
  mkdir -p "$dir"
  dir=$(cd "$dir" && pwd)
  trap 'up_failed "$dir"' EXIT
  start_common "$dir"
  first=$(head -n 1 <<<"$hosts")
  while read -r host; do
    lines+="NodeName=$host NodeAddr=$(bed_addr "$host") CPUs=1 State=UNKNOWN"$'\n'
    nodes+=${nodes:+,}$host
  done <<<"$hosts"
  read -r ctl_port node_port < <(free_ports)
  write_conf "$dir" "$first($(bed_addr "$first"))" "$ctl_port" "$node_port" \
    "${lines}PartitionName=bed Nodes=$nodes Default=YES MaxTime=INFINITE State=UP
TmpFS=$dir/nodetmp"
  echo "PMIxCliTmpDirBase=$dir/nodetmp" >"$dir/mpi.conf"
  echo "$first" >"$dir/bed" # clients run there
  while read -r host; do prepare_bed_host "$dir" "$host"; done <<<"$hosts"
  start_daemon "$dir" slurmctld "$BED_RSH" "$first" \
    "exec slurmctld -D -i -f $dir/slurm.conf"
  while read -r host; do
    start_daemon "$dir" "slurmd-$host" "$BED_RSH" "$host" \
      "exec slurmd -D -N $host -f $dir/slurm.conf"
  done <<<"$hosts"
  wait_idle "$dir" "$nodes"
}

[ $# -ge 2 ] || usage
case $1 in
up) up "$2" "${3:-}" ;;
up-bed) up_bed "$2" ;;
run) dir=$2 && shift 2 && run_client "$dir" "$@" ;;
env) echo "export SLURM_CONF=$(cd "$2" && pwd)/slurm.conf" ;;
down) down "$2" ;;
*) usage ;;
esac
