# perf_runtime.awk: the tables and the verdict of scripts/perf_runtime.sh,
# from the files of its rounds (a test feeds it rounds with known answers:
# tests/integration/perf_verdict.sh).
#
#   awk -F, -v reps=R -v sizes=0,8,... -v duplex="262144 ..." \
#       -v colls=barrier,... -v retried=N -f perf_runtime.awk FILES
#
# FILES are, per round rI and chunk C: rI/C/LIB/measurements.csv
# (mpchar-bench's rows; LIB openmpi, mpich, builtin, or sr and nsr under
# rI/modes), rI/C/floor (the cache-line probe's mean one-way time around
# the chunk, us; the latency's floor is the pingpong chunk's) and
# rI/C/duplex (the full-duplex probe's "size time" lines).  Each time is
# the median over the rounds of mpchar-bench's per-point median.
FILENAME ~ /\/floor$/ { floors[++nfloors] = $1; if (FILENAME ~ /\/pingpong\/floor$/) v["floor", ++cnt["floor"]] = $1; next }
FILENAME ~ /\/duplex$/ { split(FILENAME, parts, "/"); split($0, dup, " ")
                        key = "duplex" SUBSEP parts[length(parts) - 1] SUBSEP dup[1]; v[key, ++cnt[key]] = dup[2]; next }
# a measurements.csv: its header names the columns, its path the library
# and the round
FNR == 1 { split(FILENAME, parts, "/"); d = parts[length(parts) - 1]; rd = parts[length(parts) - 3]
           split("", col); for (i = 1; i <= NF; i++) col[$i] = i
           if (!col["pattern"] || !col["variant"] || !col["n_bytes"] || !col["t_median_us"]) {
             printf "perf_runtime.awk: %s: line 1: no pattern, variant, n_bytes or t_median_us column\n", FILENAME > "/dev/stderr"
             bad = 1; exit 1
           }
           next }
{ t = $col["t_median_us"]; key = d SUBSEP $col["pattern"] SUBSEP $col["variant"] SUBSEP $col["n_bytes"]
  v[key, ++cnt[key]] = t; by_round[key, rd] = t; rounds[rd] = 1 }
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
  if (bad) exit 1
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
  printf "\nfull duplex against its floor (two processes reading each other's n bytes, on 4 KiB pages, with process_vm_readv at once; bistream: into a window of 32 slots), us, median of %d runs\n", reps
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
}
