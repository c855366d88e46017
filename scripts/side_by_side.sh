# side_by_side.sh: what perf_self.sh and perf_empty.sh share, sourced by
# them: rounds that take turns with other timing on the machine, and the
# table of medians per library with the runtime over the better library.
# The sourcing script sets $build (the build directory), $reps, $out (a
# scratch directory) and $base_dir
# (another libmpchar-rt.so's directory, or empty), and defines round(),
# which appends "KEY LIB VALUE" lines (LIB: openmpi, mpich, builtin, base)
# to a file.

# One line and status 2 for what the sourcing script (named NAME) was
# given wrong: REPS ($reps) not a whole number of rounds, a BUILD_DIR
# without mpchar-cc and mpchar-exec, a base directory without
# libmpchar-rt.so.
check_inputs() { # NAME
  case $reps in
    '' | *[!0-9]* | 0) echo "$1: REPS: '$reps' is not a whole number of rounds, 1 or more" >&2; exit 2 ;;
  esac
  for tool in mpchar-cc mpchar-exec; do
    [ -x "$build/bin/$tool" ] ||
      { echo "$1: BUILD_DIR: no $build/bin/$tool (a build with -DMPCHAR_BUILD_RUNTIME=ON)" >&2; exit 2; }
  done
  [ -z "$base_dir" ] || [ -e "$base_dir/libmpchar-rt.so" ] ||
    { echo "$1: the base directory $base_dir holds no libmpchar-rt.so" >&2; exit 2; }
}

# The launcher command of LIB for P ranks bound to distinct cores; "base"
# is the runtime with the library in $base_dir (LD_LIBRARY_PATH: the
# binaries' RUNPATH yields to it).
launch() { # LIB P
  case $1 in
    openmpi) echo "mpirun.openmpi --allow-run-as-root -n $2 --bind-to core" ;;
    mpich) echo "mpiexec.mpich -n $2 -bind-to core" ;;
    builtin) echo "$build/bin/mpchar-exec -n $2 --bind" ;;
    base) echo "env LD_LIBRARY_PATH=$base_dir $build/bin/mpchar-exec -n $2 --bind" ;;
  esac
}

# Builds SRC for each library as $out/NAME_openmpi, _mpich and _builtin.
compile_for_libs() { # SRC NAME
  mpicc.openmpi -O2 -o "$out/$2_openmpi" "$1"
  mpicc.mpich -O2 -o "$out/$2_mpich" "$1"
  "$build/bin/mpchar-cc" -O2 -o "$out/$2_builtin" "$1"
}

# Runs round() REPS times, each holding the lock /tmp/mpchar-perf.lock.
run_rounds() { # REPS
  i=1
  while [ "$i" -le "$1" ]; do
    echo "round $i: load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
    exec 9>/tmp/mpchar-perf.lock
    flock 9
    round
    flock -u 9
    i=$((i + 1))
  done
  echo "load at the end: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
}

# Prints, per key in order of appearance, each library's median over the
# rounds, the runtime over the better of Open MPI and MPICH, and the
# runtime over "base" when that ran.
print_medians() { # FILE TITLE UNIT FORMAT: e.g. all "empty call" _ns %.2f
  awk -v title="$2" -v unit="$3" -v fmt="$4" '
    { v[$1, $2, ++n[$1, $2]] = $3; if (!($1 in seen)) { seen[$1] = 1; order[++nk] = $1 } }
    function med(k, l,   m, i, j, t, a) {
      m = n[k, l]; if (!m) return -1
      for (i = 1; i <= m; i++) a[i] = v[k, l, i]
      for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
      return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
    }
    function cell(x) { return x < 0 ? "-" : sprintf(fmt, x) }
    END {
      printf "%-30s %11s %11s %11s %11s %13s %13s\n", title, "openmpi" unit, "mpich" unit,
        "builtin" unit, "base" unit, "builtin/best", "builtin/base"
      for (i = 1; i <= nk; i++) {
        k = order[i]; o = med(k, "openmpi"); m = med(k, "mpich"); b = med(k, "builtin"); a = med(k, "base")
        best = o < m ? o : m
        printf "%-30s %11s %11s %11s %11s %13s %13s\n", k, cell(o), cell(m), cell(b), cell(a),
          (best > 0 ? sprintf("%.2f", b / best) : "-"), (a > 0 ? sprintf("%.2f", b / a) : "-")
      }
    }' "$1"
}
