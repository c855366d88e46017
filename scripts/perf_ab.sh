#!/bin/sh
# perf_ab.sh: paired A/B runs of the built-in runtime under different
# environments (a setting, or another libmpchar-rt.so through
# LD_LIBRARY_PATH), alternating, so that the machine's drifts between its
# fast and slow states hit every variant alike (docs/performance.md).
#
#   scripts/perf_ab.sh BUILD_DIR REPS PATTERNS SIZES VARIANT...
#
# A VARIANT is NAME=ENV, ENV a comma-separated list of VAR=VALUE (or just
# NAME= for the unchanged environment), e.g. eager4k=MPCHAR_RT_EAGER_MAX=4096.
# Each of REPS rounds runs mpchar-bench-builtin at p = 2 (ranks bound to
# distinct cores) once per variant, in an order rotated by one each round,
# each run holding /tmp/mpchar-perf.lock.  PERF_AB_LIBS="openmpi mpich"
# adds one run of those libraries per round.  Prints, for every pattern,
# variant of the pattern and size, the median over rounds of mpchar-bench's
# per-point median (us) for each variant, and each variant's time over the
# first variant's, with the median of the per-round (paired) ratios.
set -eu
build=$1 reps=$2 pats=$3 sizes=$4
shift 4
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
nv=$#
names=""
for v in "$@"; do names="$names ${v%%=*}"; done

run() { # NAME ROUND LAUNCH... : one mpchar-bench run into $out/NAME.ROUND
  name=$1 r=$2
  shift 2
  exec 9>/tmp/mpchar-perf.lock
  flock 9
  "$@" --patterns "$pats" --sizes "$sizes" --ops sum --validation-count 0 --refine 0 \
    --time-per-point 100 ${PERF_BENCH_OPTS:-} --out "$out/$name.$r" --progress none >/dev/null
  flock -u 9
}

r=1
while [ "$r" -le "$reps" ]; do
  echo "round $r: load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
  k=0
  while [ "$k" -lt "$nv" ]; do
    idx=$(( (k + r - 1) % nv + 1 ))
    eval "v=\${$idx}"
    name=${v%%=*} envs=${v#*=}
    run "$name" "$r" env $(echo "$envs" | tr ',' ' ') "$build/bin/mpchar-exec" -n 2 --bind \
      "$build/bin/mpchar-bench-builtin" --library builtin
    k=$((k + 1))
  done
  for lib in ${PERF_AB_LIBS:-}; do
    case $lib in
      openmpi) run openmpi "$r" mpirun.openmpi --allow-run-as-root -n 2 --bind-to core \
        "$build/bin/mpchar-bench-openmpi" --library openmpi ;;
      mpich) run mpich "$r" mpiexec.mpich -n 2 -bind-to core "$build/bin/mpchar-bench-mpich" --library mpich ;;
    esac
  done
  r=$((r + 1))
done
echo "load at the end: $(cut -d' ' -f1-3 /proc/loadavg)" >&2

# measurements.csv: $2 pattern, $3 variant, $7 bytes, $11 t_median_us
for f in "$out"/*/measurements.csv; do
  d=$(basename "$(dirname "$f")")
  awk -F, -v d="${d%.*}" -v r="${d##*.}" 'FNR > 1 { print d, r, $2 "/" $3, $7, $11 }' "$f"
done >"$out/all"
awk -v names="$names ${PERF_AB_LIBS:-}" '
  { t[$1, $2, $3, $4] = $5; if (!(($3, $4) in seen)) { seen[$3, $4] = 1; key[++nk] = $3 SUBSEP $4 }
    rounds[$2] = 1 }
  function med(a, n,   i, j, x) {
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { x = a[i]; a[i] = a[j]; a[j] = x }
    return n == 0 ? -1 : n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
  }
  END {
    nn = split(names, nm, " ")
    printf "%-22s %7s", "pattern/variant", "bytes"
    for (i = 1; i <= nn; i++) printf " %10s", nm[i] "_us"
    for (i = 2; i <= nn; i++) printf " %14s", nm[i] "/" nm[1]
    printf "\n"
    for (q = 1; q <= nk; q++) {
      split(key[q], kk, SUBSEP)
      printf "%-22s %7s", kk[1], kk[2]
      for (i = 1; i <= nn; i++) { n = 0; delete a
        for (r in rounds) if ((nm[i], r, kk[1], kk[2]) in t) a[++n] = t[nm[i], r, kk[1], kk[2]]
        printf " %10.3f", med(a, n) }
      for (i = 2; i <= nn; i++) { n = 0; delete a
        for (r in rounds) if ((nm[i], r, kk[1], kk[2]) in t && (nm[1], r, kk[1], kk[2]) in t && t[nm[1], r, kk[1], kk[2]] > 0)
          a[++n] = t[nm[i], r, kk[1], kk[2]] / t[nm[1], r, kk[1], kk[2]]
        printf " %14.3f", med(a, n) }
      printf "\n"
    }
  }' "$out/all"
