#!/usr/bin/env bash
# Seed 003's Table 1 from one `mpchar run` (docs/seed002.md, "Seed 003's
# Table 1"): --mpi all measures the built-in runtime twice, builtin (NSR,
# its default) and builtin-sr (SR: launched with MPCHAR_RT_MODE=SR), the
# latter only pingpong; the report's table has a row of three numbers for
# each, side by side with the other libraries.
source "$(dirname "$0")/lib.sh"
M="$BIN/mpchar"
[ -x "$BIN/mpchar-bench-builtin" ] || { echo "no built-in runtime"; exit 77; }
args=(--patterns pingpong,barrier --p 2 --sizes 0,256,16384
      --validation-count 0 --rounds 1 --refine 0 --level-wait 0
      --time-per-point 5 --min-reps 5)
"$M" run --mpi all "${args[@]}" --out "$WORK/r" > "$WORK/log" 2>&1 \
  || { cat "$WORK/log"; fail "run failed"; }
"$M" report "$WORK/r" --out "$WORK/rep" > "$WORK/replog" 2>&1 \
  || { cat "$WORK/replog"; fail "report failed"; }
python3 - "$WORK/r" "$WORK/rep/report.md" <<'PY' || fail "seed 003 table"
import csv, json, re, sys
d, md = sys.argv[1], open(sys.argv[2]).read()
rows = list(csv.DictReader(open(f"{d}/measurements.csv")))
bad = []
pats = lambda lib: {r["pattern"] for r in rows if r["library"] == lib}
if pats("builtin") != {"pingpong", "barrier"}:
    bad.append(f"builtin measured {pats('builtin')}")
if pats("builtin-sr") != {"pingpong"}:
    bad.append(f"builtin-sr measured {pats('builtin-sr')}, not pingpong only")
meta = json.load(open(f"{d}/meta.json"))
sr = [l["command"] for l in meta["launches"] if l["library"] == "builtin-sr"]
if not sr or sr[0][:2] != ["env", "MPCHAR_RT_MODE=SR"]:
    bad.append(f"builtin-sr not launched in SR mode: {sr}")
nsr = [l["command"] for l in meta["launches"] if l["library"] == "builtin"]
if not nsr or "MPCHAR_RT_MODE=SR" in nsr[0]:
    bad.append(f"builtin launched in SR mode: {nsr}")
table = md[md.find("Basic performance parameters (seed 003)"):]
for lib in ("builtin \\(NSR\\)", "builtin-sr \\(SR\\)", "openmpi", "mpich"):
    m = re.search(r"^\| " + lib + r" \| ([0-9.e+]+) \| ([0-9.e+]+) \| "
                  r"([0-9.e+]+) \|$", table, re.M)
    if not m:
        bad.append(f"no row of three measured numbers for {lib}")
    elif not float(m.group(3)) > float(m.group(2)) > 0:
        bad.append(f"{lib}: bandwidth at 16 KiB not above 256 B: {m.groups()}")
print("\n".join(bad) or "seed 003 table ok")
sys.exit(1 if bad else 0)
PY
echo "ok: seed 003's table from builtin and builtin-sr"
