#!/bin/sh
# perf_runtime.sh: the built-in runtime against Open MPI and MPICH on this
# machine, in one run, side by side.
#
#   scripts/perf_runtime.sh [BUILD_DIR] [REPS]
#
# Builds mpchar-bench for the three libraries (Release, in BUILD_DIR,
# default build-perf, with -DMPCHAR_BUILD_RUNTIME=ON) and a cache-line
# probe (scripts/cacheline_probe.c, libc only), then runs REPS (default 5)
# rounds.  This VM has a fast and a slow state that last minutes (a cache
# line crosses between the cores in 0.05 or 0.2 us; docs/performance.md),
# and a library measured in the other state than its rival wins or loses
# by that alone.  So a round is cut into chunks of one or two patterns,
# and each chunk measures the three libraries back to back (their order
# rotating from round to round), the probe run before each library and
# after the last; a chunk whose probe readings differ by more than 1.5x is
# measured again (at most twice).
# Every run is on 2 ranks bound to distinct cores: pingpong, stream,
# pingping and bistream at 0 B .. 4 MiB, with receives posted late (as those patterns do) and posted first (the
# postfirst pattern: a window of MPI_Irecv posted before the peer's
# MPI_Isend); every collective at p = 2 over the same sizes; and seed 003's
# receive-first case twice: recvfirst (the receiver posts, then computes
# without calling MPI; its wait afterwards is what the computation did not
# hide), for every library and the runtime in SR and NSR modes, and
# ready-mode pingpong (receives pre-posted, receiver waiting in MPI_Wait),
# runtime SR against NSR.  The probe's two processes bounce one cache line
# between the two cores: the physical floor of a one-way message.  In the
# pingping and bistream chunks a second probe (scripts/duplex_probe.c)
# runs beside it: two processes reading each other's 256 KiB, 1 MiB and
# 4 MiB with process_vm_readv at once (for bistream into a window of 32
# receive slots, as mpchar-bench's), the floor of a single-copy
# full-duplex exchange between 4 KiB pages, against which each library's
# time is printed (the runtime's buffers are on huge pages: below it).  Each
# time in the tables is the median over the rounds of mpchar-bench's
# per-point median.  A ratio is paired by round, as the chunks are built
# for: the median over the rounds of the runtime's time over the better
# library's time in that round (<= 1.00: the runtime is not the slower
# library); the ratio of the medians, which a VM state that met one
# library in more rounds than another can decide, is counted beside it.
# Each cell above 1.00 is listed with the number of rounds in which the
# runtime was slower than that round's better library.  Since the
# chunks replace waiting for the machine's best speed, mpchar-bench runs
# with --level-wait 0 --level-retries 0.
# PERF_BENCH_OPTS adds mpchar-bench options to every run (e.g.
# "--time-per-point 30" for a shorter run; docs/performance.md says which a
# run used).
# PERF_LOCK names a lock file that each round holds (flock), so that
# several people timing on one machine take turns round by round.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build-perf}
reps=${2:-5}
case $reps in
  '' | *[!0-9]* | 0) echo "perf_runtime.sh: REPS: '$reps' is not a whole number of rounds, 1 or more" >&2; exit 2 ;;
esac
sizes="1K,4K,16K,64K,256K,1M,4M"
all_sizes="0,8,64,512,1K,2K,4K,8K,16K,32K,64K,256K,1M,4M"
p2p="pingpong stream pingping bistream postfirst recvfirst"
colls=barrier,bcast,scatter,gather,allgather,alltoall,reduce,allreduce,reduce_scatter,scan

if [ ! -x "$build/bin/mpchar-bench-builtin" ] || [ ! -x "$build/bin/mpchar-exec" ]; then
  cmake -S "$root" -B "$build" -DMPCHAR_BUILD_RUNTIME=ON -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
cmake --build "$build" -j2 --target mpchar-bench-openmpi mpchar-bench-mpich \
  mpchar-bench-builtin mpchar-exec >/dev/null

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cc -std=c11 -O2 -o "$out/cacheline_probe" "$root/scripts/cacheline_probe.c"
cc -std=c11 -O2 -o "$out/duplex_probe" "$root/scripts/duplex_probe.c"
duplex_sizes="262144 1048576 4194304"

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
  env "$@" $(launch "$lib") "$exe" --library "$lib" --patterns "$pat" --sizes "$sz" --ops sum \
    --validation-count 0 --refine 0 --time-per-point 100 --level-wait 0 --level-retries 0 \
    ${PERF_BENCH_OPTS:-} --out "$dir" --progress none >/dev/null
}

# the chunks of a round, measured on every library: each point-to-point
# pattern alone, the collectives in pairs
chunks="$p2p $(echo "$colls" | tr , '\n' | paste -d, - -)"

probe() { "$out/cacheline_probe"; }

duplex() { # PATTERNS: the full-duplex floor of pingping or bistream's window
  case $1 in
    pingping) "$out/duplex_probe" $duplex_sizes ;;
    bistream) "$out/duplex_probe" -w 32 $duplex_sizes ;;
  esac
}

moved() { # READINGS...: whether the probe readings differ by more than 1.5x
  echo "$@" | awk '{ lo = hi = $1; for (i = 2; i <= NF; i++) { if ($i < lo) lo = $i; if ($i > hi) hi = $i }
                     exit !(hi > 1.5 * lo) }'
}

chunk() { # DIR PATTERNS LIBS: the libraries in turn, a probe before each
  # and after the last, so that a state that came and went within the
  # chunk is seen too (names apart from bench's, which sh does not scope)
  chunk_dir=$1 chunk_pat=$2 chunk_libs=$3 try=1
  while :; do
    rm -rf "$chunk_dir" && mkdir -p "$chunk_dir"
    readings=""
    for chunk_lib in $chunk_libs; do
      readings="$readings $(probe)"
      duplex "$chunk_pat" >>"$chunk_dir/duplex"
      bench "$chunk_lib" "$chunk_dir/$chunk_lib" "$chunk_pat" "$all_sizes"
    done
    readings="$readings $(probe)"
    moved $readings && [ "$try" -lt 3 ] || break
    try=$((try + 1))
    retried=$((retried + 1))
  done
  echo $readings | awk '{ for (i = 1; i <= NF; i++) s += $i; print s / NF }' >"$chunk_dir/floor"
}

round() { # I: one round of every measurement, the libraries' order rotated
  i=$1
  case $((i % 3)) in
    1) libs="openmpi mpich builtin" ;;
    2) libs="mpich builtin openmpi" ;;
    0) libs="builtin openmpi mpich" ;;
  esac
  for pat in $chunks; do chunk "$out/r$i/$pat" "$pat" "$libs"; done
  mkdir -p "$out/r$i/modes"
  bench builtin-sr "$out/r$i/modes/sr" pingpong,recvfirst "$sizes" MPCHAR_RT_MODE=SR
  bench builtin-nsr "$out/r$i/modes/nsr" pingpong,recvfirst "$sizes" MPCHAR_RT_MODE=NSR
}

retried=0
i=1
while [ "$i" -le "$reps" ]; do
  if [ -n "${PERF_LOCK:-}" ]; then
    exec 9>"$PERF_LOCK"
    flock 9
    round "$i"
    flock -u 9
  else
    round "$i"
  fi
  i=$((i + 1))
done

# median over rounds of t_median_us for (library, pattern, variant, n)
# (a chunk's floor file holds one number: the probe's one-way time, us;
# the latency's floor is the pingpong chunk's)
awk -F, -v reps="$reps" -v sizes="$all_sizes" -v duplex="$duplex_sizes" -v colls="$colls" -v retried="$retried" '
  FILENAME ~ /\/floor$/ { floors[++nfloors] = $1; if (FILENAME ~ /\/pingpong\/floor$/) v["floor", ++cnt["floor"]] = $1; next }
  FILENAME ~ /\/duplex$/ { split(FILENAME, parts, "/"); split($0, dup, " ")
                          key = "duplex" SUBSEP parts[length(parts) - 1] SUBSEP dup[1]; v[key, ++cnt[key]] = dup[2]; next }
  FNR == 1 { split(FILENAME, parts, "/"); d = parts[length(parts) - 1]; rd = parts[length(parts) - 3]; next }
  { key = d SUBSEP $2 SUBSEP $3 SUBSEP $7; v[key, ++cnt[key]] = $11; by_round[key, rd] = $11; rounds[rd] = 1 }
  function median_of(a, n,   i, j, t) {
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
  }
  function med(key,   n, i, a) {
    n = cnt[key]; if (n == 0) return -1
    for (i = 1; i <= n; i++) a[i] = v[key, i]
    return median_of(a, n)
  }
  # the better of two times, either of which may be missing ("", or -1
  # from med)
  function better(o, m) { return o == "" || o < 0 ? m : (m == "" || m < 0 || o + 0 < m + 0 ? o : m) }
  # the runtime over the better library at (pattern, variant, n), paired
  # by round: the median over the rounds of the time of the runtime over
  # the time of the library that was better in that round, whose chunk met
  # the same state of the VM; -1: unmeasured.  The ratio of the medians,
  # which lets a state that one library met more often than another
  # decide, is counted too (overm).  Against the better library of each
  # round a tie is slower in about two rounds of three, so the rounds the
  # runtime was slower in tell a cost (5 of 5) from noise.
  function ratio(pat, var, n,   ks, rr, b, best, rs, k, slower, r, rm) {
    ks = SUBSEP pat SUBSEP var SUBSEP n
    for (rr in rounds) {
      b = by_round["builtin" ks, rr]; best = better(by_round["openmpi" ks, rr], by_round["mpich" ks, rr])
      if (b == "" || best == "" || best + 0 <= 0) continue
      rs[++k] = b / best; slower += b + 0 > best + 0
    }
    if (k == 0) return -1
    r = median_of(rs, k)
    rm = med("builtin" ks) / better(med("openmpi" ks), med("mpich" ks))
    overm += rm > 1.00
    if (r > worst) { worst = r; worst_at = pat "/" var " " n }
    if (r > 1.00) {
      over++
      above = above sprintf("\n    %s/%s %s: %.2f, slower than the better library in %d of %d rounds; ratio of the medians %.2f",
                            pat, var, label(n), r, slower, k, rm)
    }
    return r
  }
  function cell(r) { return r < 0 ? sprintf("%8s", "-") : sprintf("%7.2f%s", r, r > 1.00 ? "*" : " ") }
  function label(n) { return n >= 1048576 ? n / 1048576 "M" : n >= 1024 ? n / 1024 "K" : n }
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
    nall = split(sizes, all, ",")
    for (k = 1; k <= nall; k++) { x = all[k]; sub(/K$/, "", x); sub(/M$/, "", x)
      allb[k] = all[k] ~ /K$/ ? x * 1024 : all[k] ~ /M$/ ? x * 1048576 : x }
    printf "\npoint-to-point time ratio, builtin / best of openmpi and mpich in the round (* above 1.00), median of %d rounds\n", reps
    printf "  %-6s %-35s %s\n", "", "receives posted late", "receives posted first (postfirst)"
    printf "  %-6s %8s %8s %8s %8s    %8s %8s %8s %8s\n", "size", "pingpong", "stream", "pingping", "bistream",
      "pingpong", "stream", "pingping", "bistream"
    worst = 0; over = 0; overm = 0; above = ""
    for (k = 1; k <= nall; k++) {
      n = allb[k]
      printf "  %-6s %s %s %s %s    %s %s %s %s\n", all[k], cell(ratio("pingpong", "send", n)),
        cell(ratio("stream", "-", n)), cell(ratio("pingping", "-", n)), cell(ratio("bistream", "-", n)),
        cell(ratio("postfirst", "pingpong", n)), cell(ratio("postfirst", "stream", n)),
        cell(ratio("postfirst", "pingping", n)), cell(ratio("postfirst", "bistream", n))
    }
    printf "  worst %.2f (%s); %d of %d above 1.00 (ratio of the medians: %d)%s\n", worst, worst_at, over, 8 * nall, overm, above
    f = med("floor"); b8 = med("builtin" SUBSEP "pingpong" SUBSEP "send" SUBSEP 8)
    printf "\n8-byte one-way latency against the floor (two processes bouncing one cache line between the two cores), us, median of %d runs\n", reps
    printf "  %-10s %-10s %-10s %-10s %s\n", "floor", "openmpi", "mpich", "builtin", "builtin/floor"
    printf "  %-10.3f %-10.3f %-10.3f %-10.3f %.2f\n", f, med("openmpi" SUBSEP "pingpong" SUBSEP "send" SUBSEP 8),
      med("mpich" SUBSEP "pingpong" SUBSEP "send" SUBSEP 8), b8, b8 / f
    printf "\nfull duplex against its floor (two processes reading each other'"'"'s n bytes, on 4 KiB pages, with process_vm_readv at once; bistream: into a window of 32 slots), us, median of %d runs\n", reps
    printf "  %-9s %-6s %10s %10s %10s %10s %14s %11s\n", "pattern", "size", "floor", "openmpi", "mpich", "builtin", "builtin/floor", "best/floor"
    nd = split(duplex, dn, " ")
    for (p = 1; p <= 2; p++) for (k = 1; k <= nd; k++) {
      pat = p == 1 ? "pingping" : "bistream"
      f = med("duplex" SUBSEP pat SUBSEP dn[k]); key = SUBSEP pat SUBSEP "-" SUBSEP dn[k]
      o = med("openmpi" key); m = med("mpich" key); b = med("builtin" key)
      printf "  %-9s %-6s %10.2f %10.2f %10.2f %10.2f %14.2f %11.2f\n", pat, label(dn[k]), f, o, m, b, b / f, (o < m ? o : m) / f
    }
    nc = split(colls, cl, ",")
    printf "\ncollectives at p = 2, time ratio builtin / best of openmpi and mpich in the round (* above 1.00), median of %d rounds\n", reps
    printf "  %-6s", "size"
    for (c = 1; c <= nc; c++) printf " %8.8s", cl[c]
    printf "\n"
    worst = 0; over = 0; overm = 0; cells = 0; above = ""
    for (k = 1; k <= nall; k++) {
      printf "  %-6s", all[k]
      for (c = 1; c <= nc; c++) { r = ratio(cl[c], "-", allb[k]); cells += r >= 0; printf " %s", cell(r) }
      printf "\n"
    }
    printf "  worst %.2f (%s); %d of %d above 1.00 (ratio of the medians: %d)%s\n", worst, worst_at, over, cells, overm, above
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
    for (k = 1; k <= nfloors; k++) for (j = k + 1; j <= nfloors; j++)
      if (floors[j] < floors[k]) { t = floors[k]; floors[k] = floors[j]; floors[j] = t }
    printf "\nthe probe around each chunk (us): least %.3f, median %.3f, most %.3f over %d chunks; %d measured again\n",
      floors[1], floors[int((nfloors + 1) / 2)], floors[nfloors], nfloors, retried
  }' $(ls "$out"/r*/*/*/measurements.csv "$out"/r*/*/floor "$out"/r*/*/duplex)
