#!/usr/bin/env bash
# Node configurations (issue 25 section 2, seed 000 Section 7) on
# synthetic results with known ratios, no MPI: one results directory holds
# p = 2 in placements 2x1 and 1x2 (the placement column); `mpchar fit`
# keeps them apart (libraries openmpi+2x1 and openmpi+1x2), `mpchar
# compare` compares one placement with the other, and `mpchar report`
# prints seed 000's ratio tables T(2x1)/T(1x2) with the exact values and
# the findings.  A file written before the column still reads.
source "$(dirname "$0")/lib.sh"
M="$BIN/mpchar"
D="$WORK/d"
mkdir -p "$D"

# pingpong: 1x2 twice as fast (ratio 2.00); bcast: 1x2 twice as slow
# (0.50); allreduce: 1x2 slower by 1 + i/10 at the i-th size (ratios
# 1/1.0 .. 1/1.7, median 1/1.35 over 8 sizes = 0.741, shown 0.74);
# barrier: equal (1.00).
python3 - "$D/measurements.csv" <<'PY'
import sys
row = "openmpi,{},{},{},{},2,{},fit,5,{t:.4f},{t:.4f},{t:.4f},{t:.4f},0.0000,false,{}"
sizes = [0, 1, 16, 256, 4096, 65536, 262144, 1048576]
lines = ["library,pattern,variant,op,datatype,p,n_bytes,set,reps,t_min_us,"
         "t_median_us,t_mean_us,t_max_us,t_stddev_us,oversubscribed,placement"]
for pl, packed in (("2x1", False), ("1x2", True)):
    for i, n in enumerate(sizes):
        pp = 10 + n * 0.01
        lines.append(row.format("pingpong", "send", "-", "byte", n, pl, t=pp / 2 if packed else pp))
        bc = 4 + n * 0.001
        lines.append(row.format("bcast", "-", "-", "byte", n, pl, t=bc * 2 if packed else bc))
        ar = 20 + n * 0.002
        lines.append(row.format("allreduce", "-", "sum", "double", n, pl,
                                t=ar * (1 + i / 10) if packed else ar))
    lines.append(row.format("barrier", "-", "-", "byte", 0, pl, t=3.0))
open(sys.argv[1], "w").write("\n".join(lines) + "\n")
PY

"$M" fit "$D" --quiet || fail "fit"
python3 - "$D/model.json" <<'PY' || fail "fit mixed the placements"
import json, sys
libs = sorted({e["library"] for e in json.load(open(sys.argv[1]))["entries"]})
assert libs == ["openmpi+1x2", "openmpi+2x1"], libs
PY
echo "ok: fit keeps placements apart"

out=$("$M" compare "$D" "$D" --library-a openmpi+2x1 --library-b openmpi+1x2 \
  --format csv) || fail "compare between placements"
python3 - <<PY || fail "compare ratios: $out"
import csv, io
rows = list(csv.DictReader(io.StringIO('''$out''')))
ratio = {(r["pattern"], r["n_bytes"]): float(r["ratio"]) for r in rows}
assert abs(ratio[("pingpong", "4096")] - 0.5) < 1e-9, ratio
assert abs(ratio[("bcast", "4096")] - 2.0) < 1e-9, ratio
assert abs(ratio[("allreduce", "4096")] - 1.4) < 1e-9, ratio
PY
echo "ok: compare between placements"

# The library file of openmpi describes both of its placements.
echo '{"library": "openmpi", "mpi_library_version": "Open MPI v9.9-test", "mpi_version": "3.1"}' \
  >"$D/library-openmpi.json"
"$M" report "$D" --out "$WORK/rep" >/dev/null || fail "report"
md="$WORK/rep/report.md"
[ "$(grep -c '^| openmpi+[12]x[12] | Open MPI v9.9-test | 3.1 |' "$md")" = 2 ] ||
  fail "placements without their library's version: $(grep '^| openmpi' "$md")"
! grep -q '^| openmpi | ' "$md" || fail "a row of library openmpi, which has no rows"
grep -qF '### openmpi at p = 2: 2x1 against 1x2' "$md" || fail "no node configuration section"
expect_row() {
  grep -qF -- "$1" "$md" || fail "row '$1' not in: $(sed -n '/Node configurations/,$p' "$md" | head -20)"
}
expect_row '| primitive | 0 B | 1 B | 16 B | 256 B | 4 KiB | 64 KiB | 1 MiB | median (sizes) |'
expect_row '| pingpong/send | 2.00 | 2.00 | 2.00 | 2.00 | 2.00 | 2.00 | 2.00 | 2.00 (8) |'
expect_row '| bcast | 0.50 | 0.50 | 0.50 | 0.50 | 0.50 | 0.50 | 0.50 | 0.50 (8) |'
expect_row '| allreduce op=sum | 1.00 | 0.91 | 0.83 | 0.77 | 0.71 | 0.67 | 0.59 | 0.74 (8) |'
expect_row '| barrier | 1.00 |  |  |  |  |  |  | 1.00 (1) |'
expect_row 'openmpi pingpong/send, p = 2: median T(2x1)/T(1x2) 2.00: intra-node shared memory wins'
expect_row 'openmpi bcast, p = 2: median T(2x1)/T(1x2) 0.50: suffers from shared nodes'
expect_row 'openmpi allreduce op=sum, p = 2: median T(2x1)/T(1x2) 0.74: suffers from shared nodes'
expect_row 'openmpi barrier, p = 2: median T(2x1)/T(1x2) 1.00: no clear difference'
echo "ok: report ratio tables and findings"

# One placement alone: no section.
grep -v ',1x2$' "$D/measurements.csv" >"$WORK/one.csv"
mkdir -p "$WORK/one" && mv "$WORK/one.csv" "$WORK/one/measurements.csv"
"$M" report "$WORK/one" --out "$WORK/rep1" >/dev/null || fail "report of one placement"
! grep -q 'Node configurations' "$WORK/rep1/report.md" || fail "section for one placement"

# A file written before the column: its rows are placement "-".
mkdir -p "$WORK/old"
{
  echo "library,pattern,variant,op,datatype,p,n_bytes,set,reps,t_min_us,t_median_us,t_mean_us,t_max_us,t_stddev_us,oversubscribed"
  for n in 0 1 16 256 4096; do echo "mpich,pingpong,send,-,byte,2,$n,fit,5,$((n + 2)),$((n + 2)),$((n + 2)),$((n + 2)),0,false"; done
} >"$WORK/old/measurements.csv"
"$M" fit "$WORK/old" --quiet || fail "fit of a file without the placement column"
grep -q '"library": "mpich"' "$WORK/old/model.json" || fail "old file's library renamed"
echo "ok: a file without the placement column reads as before"
