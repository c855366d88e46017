#!/usr/bin/env bash
# A multi-host test bed on one machine (docs/cluster.md): N hosts bed1..bedN,
# each a network namespace with its own hostname (a UTS namespace held by a
# sleeping process, entered with nsenter by scripts/testbed_rsh.sh), joined
# by veth pairs to a bridge, every link shaped with tbf to RATE in both
# directions, so that the rate is the ground truth of bandwidth.  This
# kernel has no netem, so no delay is injected: `up` measures a minimal TCP
# ping-pong between bed1 and bed2 as the latency reference instead.
#
#   scripts/testbed.sh up N [--rate RATE] [--pin]
#                                          builds the bed (again), prints hosts;
#                                          --pin: host I runs on core (I-1) mod cores
#   scripts/testbed.sh down                removes everything it made
#   scripts/testbed.sh hosts               prints the hosts, one a line
#   scripts/testbed.sh env                 exports for Open MPI and MPICH
#   scripts/testbed.sh ping [BYTES]        one-way TCP time bed1<->bed2, us
#
# Needs root.  Only the bed's own addresses (NET.0/24) are ever used, and
# `up` tears down whatever it built when a step fails.
set -euo pipefail

STATE=/run/mpchar-testbed
NET=10.213.77
BRIDGE=mpcbed0
IFACE=$BRIDGE # the bed's interface has one name in every namespace
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
MAX_HOSTS=16
# Jumbo frames: a sixth of the packets of 1500, so that shaping and the
# veths cost the shared CPUs less per byte (docs/cluster.md).
MTU_BYTES=9000

die() {
  echo "testbed.sh: $*" >&2
  exit 1
}

host_name() { echo "bed$1"; }

hosts() {
  [ -f "$STATE/hosts" ] || die "no test bed is up (scripts/testbed.sh up N)"
  cat "$STATE/hosts"
}

down() {
  local ns pid tries link
  for pidfile in "$STATE"/*.pid; do
    [ -e "$pidfile" ] || continue
    pid=$(cat "$pidfile")
    # only the holder we started: a sleep inside the bed's namespace
    if [ -n "$pid" ] && grep -qs '^sleep' "/proc/$pid/comm"; then
      kill "$pid" 2>/dev/null || true
      # the network namespace (and its veth) lives until the holder is gone
      tries=0
      while [ -e "/proc/$pid" ] && [ "$tries" -lt 50 ]; do
        sleep 0.05
        tries=$((tries + 1))
      done
    fi
  done
  for ns in $(ip netns list 2>/dev/null | awk '/^bed[0-9]+( |$)/ {print $1}'); do
    ip netns del "$ns" 2>/dev/null || true
    rm -rf "/etc/netns/$ns"
  done
  for link in $(ip -o link show 2>/dev/null | awk -F': ' '$2 ~ /^vbed[0-9]+@/ {sub(/@.*/, "", $2); print $2}'); do
    ip link del "$link" 2>/dev/null || true
  done
  ip link del "$BRIDGE" 2>/dev/null || true
  rm -rf "$STATE"
}

# tbf in one direction of a link: RATE, a bucket of BURST_BYTES (a few
# frames: a larger bucket lets whole messages pass at memory speed after a
# pause, and the rate would no longer be the bandwidth of one message) and
# 50 ms of queue.
shape() {
  local ns=$1 dev=$2 rate=$3
  local -a in_ns=()
  [ -n "$ns" ] && in_ns=(ip netns exec "$ns")
  "${in_ns[@]}" tc qdisc replace dev "$dev" root tbf rate "$rate" \
    burst "$BURST_BYTES" latency 50ms
}

# bits per second of a tc rate such as 1gbit, 100mbit, 500kbit
rate_bps() {
  python3 - "$1" <<'EOF'
import re, sys
m = re.fullmatch(r'([0-9.]+)(k|m|g)?bit', sys.argv[1].lower())
if not m:
    sys.exit(1)
print(int(float(m.group(1)) * {None: 1, 'k': 1e3, 'm': 1e6, 'g': 1e9}[m.group(2)]))
EOF
}

# Runs CMD with no file open past stderr: the bed's holders outlive the
# caller, and an inherited descriptor would outlive it with them, such as
# a lock of `flock LOCK testbed.sh up` (held until `down`) or a pipe whose
# reader waits for its end.
without_fds() {
  local fd
  for fd in /proc/$BASHPID/fd/*; do
    fd=${fd##*/}
    if [ "$fd" -gt 2 ]; then eval "exec $fd>&-"; fi
  done
  exec "$@"
}

add_host() {
  local i=$1 rate=$2 name
  name=$(host_name "$i")
  ip netns add "$name"
  mkdir -p "/etc/netns/$name"
  {
    echo "127.0.0.1 localhost"
    for ((k = 1; k <= N; k++)); do echo "$NET.$k $(host_name "$k")"; done
    echo "$NET.254 bedctl"
  } >"/etc/netns/$name/hosts"
  ip link add "v$name" type veth peer name "$IFACE" netns "$name"
  ip link set "v$name" mtu "$MTU_BYTES" master "$BRIDGE" up
  ip netns exec "$name" ip link set "$IFACE" mtu "$MTU_BYTES"
  # A message after a pause starts at full window, as on a busy link.
  ip netns exec "$name" sysctl -q -w net.ipv4.tcp_slow_start_after_idle=0
  ip netns exec "$name" ip addr add "$NET.$i/24" dev "$IFACE"
  ip netns exec "$name" ip link set "$IFACE" up
  ip netns exec "$name" ip link set lo up
  shape "$name" "$IFACE" "$rate"
  shape "" "v$name" "$rate"
  # The hostname lives in a UTS namespace held by a sleeping process; ip
  # netns exec gives it the mount namespace where /etc/hosts is the bed's;
  # setsid keeps it out of the caller's process group (and its signals);
  # it keeps none of the caller's files open either.
  without_fds setsid ip netns exec "$name" unshare --uts sh -c \
    "hostname $name && exec sleep infinity" </dev/null >/dev/null 2>&1 &
  echo $! >"$STATE/$name.pid"
  echo "$name" >>"$STATE/hosts"
}

# Waits until every host answers under its own hostname.
wait_hosts() {
  local name tries
  while read -r name; do
    for ((tries = 0; tries < 50; tries++)); do
      [ "$("$HERE/testbed_rsh.sh" "$name" hostname 2>/dev/null)" = "$name" ] && break
      sleep 0.1
    done
    [ "$tries" -lt 50 ] || die "host $name does not answer"
  done <"$STATE/hosts"
}

# A minimal TCP ping-pong (TCP_NODELAY) of BYTES between bed2 (server) and
# bed1: prints the one-way time in us, half the best of many round trips.
ping_pong() {
  local bytes=${1:-1}
  "$HERE/testbed_rsh.sh" bed2 "$STATE/pingpong" server "$bytes" &
  local server=$!
  local out
  out=$("$HERE/testbed_rsh.sh" bed1 "$STATE/pingpong" client "$bytes" \
    "$NET.2") || {
    kill "$server" 2>/dev/null
    die "TCP ping-pong bed1 -> bed2 got no answer"
  }
  wait "$server" || true
  echo "$out"
}

up_failed() {
  local rc=$?
  echo "testbed.sh: up failed (exit status $rc); tearing the bed down" >&2
  down
  exit "$rc"
}

up() {
  [ "$(id -u)" = 0 ] || die "needs root (network namespaces)"
  if ! [[ "${1:-}" =~ ^[0-9]+$ ]] || [ "$1" -lt 2 ] || [ "$1" -gt $MAX_HOSTS ]; then
    die "up: N must be a whole number from 2 to $MAX_HOSTS, not '${1:-}'"
  fi
  N=$1
  shift
  local rate=1gbit pin=0
  while [ $# -gt 0 ]; do
    case $1 in
    --rate)
      [ $# -ge 2 ] || die "up: --rate needs a value such as 1gbit"
      rate=$2
      shift 2
      ;;
    --pin)
      pin=1
      shift
      ;;
    *) die "up: unknown option '$1'" ;;
    esac
  done
  local bps
  bps=$(rate_bps "$rate") || die "up: --rate '$rate' is not a rate such as 1gbit, 100mbit"
  [ "$bps" -ge 1000000 ] || die "up: --rate '$rate' is below 1mbit"
  BURST_BYTES=${TESTBED_BURST_BYTES:-32768}
  [[ $BURST_BYTES =~ ^[1-9][0-9]*$ ]] ||
    die "up: TESTBED_BURST_BYTES '$BURST_BYTES' is not a whole number of bytes"
  down # idempotent: start from nothing
  # Any failure from here on, in up or in the functions it calls (an ERR
  # trap would not reach into those, nor see die's exit), tears down what
  # was built.
  trap up_failed EXIT
  mkdir -p "$STATE"
  echo "$rate" >"$STATE/rate"
  cc -O2 -o "$STATE/pingpong" "$HERE/testbed_pingpong.c"
  # MPICH's yield (src/yield/yield.c), as `mpchar run` preloads it when
  # oversubscribed: the bed needs no build tree
  cc -O2 -shared -fPIC -o "$STATE/yield.so" "$HERE/../src/yield/yield.c" -ldl
  ip link add "$BRIDGE" type bridge
  ip addr add "$NET.254/24" dev "$BRIDGE"
  ip link set "$BRIDGE" mtu "$MTU_BYTES" up
  for ((i = 1; i <= N; i++)); do add_host "$i" "$rate"; done
  # A host of its own core, as a node has its own CPUs: processes that
  # busy-poll (MPICH over UCX never yields) then never share a core with
  # another host's, where each message would wait for the spinning peer's
  # time slice to end (docs/cluster.md, "MPICH on the bed").
  if [ "$pin" = 1 ]; then
    local cores
    cores=$(nproc)
    for ((i = 1; i <= N; i++)); do
      echo $(((i - 1) % cores)) >"$STATE/$(host_name "$i").cpus"
    done
  fi
  wait_hosts
  # The least of three runs: one run's best can still be a disturbed one
  # on a busy machine (11.4 us against 3.2 us seen in a CI run).
  local us=() i
  for i in 1 2 3; do us+=("$(ping_pong 1)"); done
  printf '%s\n' "${us[@]}" | sort -g | head -n 1 >"$STATE/tcp_oneway_us"
  trap - EXIT
  hosts
  echo "testbed.sh: $N hosts at $rate; TCP one-way 1 byte $(cat "$STATE/tcp_oneway_us") us" >&2
}

# What Open MPI and MPICH need to run across the bed (docs/cluster.md).
env_exports() {
  hosts >/dev/null
  cat <<EOF
export OMPI_MCA_plm_rsh_agent=$HERE/testbed_rsh.sh
export OMPI_MCA_oob_tcp_if_include=$NET.0/24
export OMPI_MCA_btl_tcp_if_include=$NET.0/24
export OMPI_MCA_btl=self,vader,tcp
export OMPI_MCA_mpi_yield_when_idle=1
export HYDRA_LAUNCHER=rsh
export HYDRA_LAUNCHER_EXEC=$HERE/testbed_rsh.sh
export HYDRA_IFACE=$IFACE
export UCX_TLS=tcp,self
export UCX_NET_DEVICES=$IFACE
EOF
}

case ${1:-} in
up)
  shift
  up "$@"
  ;;
down) down ;;
hosts) hosts ;;
env) env_exports ;;
ping)
  hosts >/dev/null
  ping_pong "${2:-1}"
  ;;
*) die "usage: testbed.sh up N [--rate RATE] [--pin] | down | hosts | env | ping [BYTES]" ;;
esac
