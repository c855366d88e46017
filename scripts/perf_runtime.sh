#!/bin/sh
# perf_runtime.sh: the built-in runtime against Open MPI and MPICH on this
# machine, in one run, side by side.
#
#   scripts/perf_runtime.sh [BUILD_DIR] [REPS]
#
# Builds mpchar-bench for the three libraries (Release, in BUILD_DIR,
# default build-perf, with -DMPCHAR_BUILD_RUNTIME=ON), then runs REPS
# (default 5) rounds; each round runs every library once, in turn, so
# that drifts of the machine hit all alike.  Every run measures, on 2 ranks
# bound to distinct cores: pingpong (one-way time = half the round trip) at
# 0 B, stream (bandwidth of back-to-back MPI_Send) at 1 KiB .. 4 MiB, and
# seed 003's receive-first case twice: recvfirst (the receiver posts, then
# computes without calling MPI; its wait afterwards is what the computation
# did not hide), for every library and the runtime in SR and NSR modes, and
# ready-mode pingpong (receives pre-posted, receiver waiting in MPI_Wait),
# runtime SR against NSR.  Each cell of the table is the median over the
# rounds of mpchar-bench's per-point median.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build-perf}
reps=${2:-5}
sizes="1K,4K,16K,64K,256K,1M,4M"

if [ ! -x "$build/bin/mpchar-bench-builtin" ] || [ ! -x "$build/bin/mpchar-exec" ]; then
  cmake -S "$root" -B "$build" -DMPCHAR_BUILD_RUNTIME=ON -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build "$build" -j2 --target mpchar-bench-openmpi mpchar-bench-mpich \
  mpchar-bench-builtin mpchar-exec >/dev/null

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

launch() { # LIB: the launcher command for 2 ranks on distinct cores
  case $1 in
    openmpi) echo "mpirun.openmpi --allow-run-as-root -n 2 --bind-to core" ;;
    mpich) echo "mpiexec.mpich -n 2 -bind-to core" ;;
    builtin*) echo "$build/bin/mpchar-exec -n 2 --bind" ;;
  esac
}

bench() { # LIB DIR PATTERNS SIZES [ENV...]
  lib=$1 dir=$2 pat=$3 sz=$4
  shift 4
  exe=$build/bin/mpchar-bench-${lib%%-*}
  env "$@" $(launch "$lib") "$exe" --library "$lib" --patterns "$pat" --sizes "$sz" \
    --validation-count 0 --refine 0 --time-per-point 100 --out "$dir" --progress none >/dev/null
}

i=1
while [ "$i" -le "$reps" ]; do
  for lib in openmpi mpich builtin; do
    bench "$lib" "$out/$lib.$i" pingpong,stream,recvfirst "0,$sizes"
  done
  bench builtin-sr "$out/sr.$i" pingpong,recvfirst "$sizes" MPCHAR_RT_MODE=SR
  bench builtin-nsr "$out/nsr.$i" pingpong,recvfirst "$sizes" MPCHAR_RT_MODE=NSR
  i=$((i + 1))
done

# median over rounds of t_median_us for (dirprefix, pattern, variant, n)
awk -F, -v reps="$reps" '
  FNR == 1 { split(FILENAME, parts, "/"); d = parts[length(parts) - 1]; sub(/\.[0-9]+$/, "", d); next }
  { key = d SUBSEP $2 SUBSEP $3 SUBSEP $7; v[key, ++cnt[key]] = $11 }
  function med(key,   n, i, j, t, a) {
    n = cnt[key]; if (n == 0) return -1
    for (i = 1; i <= n; i++) a[i] = v[key, i]
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
  }
  function bw(d, n,   t) { t = med(d SUBSEP "stream" SUBSEP "-" SUBSEP n); return t > 0 ? n / t : -1 }
  END {
    printf "pingpong one-way latency at 0 B (us), median of %d runs\n", reps
    printf "  %-10s %-10s %-10s\n", "openmpi", "mpich", "builtin"
    printf "  %-10.3f %-10.3f %-10.3f\n\n", med("openmpi" SUBSEP "pingpong" SUBSEP "send" SUBSEP 0),
      med("mpich" SUBSEP "pingpong" SUBSEP "send" SUBSEP 0), med("builtin" SUBSEP "pingpong" SUBSEP "send" SUBSEP 0)
    printf "stream bandwidth (MB/s, MB = 1e6 B), median of %d runs\n", reps
    printf "  %-9s %10s %10s %10s %14s\n", "size", "openmpi", "mpich", "builtin", "builtin/best"
    ns = split("1024 4096 16384 65536 262144 1048576 4194304", sz, " ")
    split("1K 4K 16K 64K 256K 1M 4M", lab, " ")
    for (k = 1; k <= ns; k++) {
      o = bw("openmpi", sz[k]); m = bw("mpich", sz[k]); b = bw("builtin", sz[k])
      best = o > m ? o : m
      printf "  %-9s %10.0f %10.0f %10.0f %14.2f\n", lab[k], o, m, b, b / best
    }
    printf "\nreceive-first, receiver computing (recvfirst): wait after computing (us), median of %d runs\n", reps
    printf "  %-9s %10s %10s %10s %10s %10s\n", "size", "openmpi", "mpich", "SR", "NSR", "NSR/SR"
    for (k = 1; k <= ns; k++) {
      key = SUBSEP "recvfirst" SUBSEP "-" SUBSEP sz[k]
      s = med("sr" key); n = med("nsr" key)
      printf "  %-9s %10.2f %10.2f %10.2f %10.2f %10.1f\n", lab[k], med("openmpi" key), med("mpich" key), s, n, n / s
    }
    printf "\nreceive-first, receiver waiting (ready-mode pingpong): one-way time (us), SR vs NSR\n"
    printf "  %-9s %10s %10s %10s\n", "size", "SR", "NSR", "NSR/SR"
    for (k = 1; k <= ns; k++) {
      s = med("sr" SUBSEP "pingpong" SUBSEP "rsend" SUBSEP sz[k]); n = med("nsr" SUBSEP "pingpong" SUBSEP "rsend" SUBSEP sz[k])
      printf "  %-9s %10.2f %10.2f %10.2f\n", lab[k], s, n, n / s
    }
  }' $(ls "$out"/*/measurements.csv)
