#!/usr/bin/env bash
# `mpchar fit --method seed` on the command line, on measurements generated
# from seed 001's published models (test_model_seed_fit --write): the
# collective table in seed 001's units shows Table 2's peaks (over the
# p-forms, p = 2..12, though only some p were measured) and Table 3's
# r_cc(2) = 14.86 and r_cc(12) = 4.46 for Reduce; model.json records the
# method; the settings the method fixes are refused beside it; seed 001's
# aggregation factors (--aggregation seed001) give its Table 2 per p.
source "$(dirname "$0")/lib.sh"
M="$BIN/mpchar"

mkdir -p "$WORK/seed"
"$BIN/test_model_seed_fit" --write "$WORK/seed"
"$M" fit "$WORK/seed" --method seed --units seed001 --format csv \
  >"$WORK/tables.csv"
python3 - "$WORK/tables.csv" "$WORK/seed/model.json" <<'PY'
import csv, json, sys
tables, cur = {}, None
for row in csv.reader(open(sys.argv[1])):
    if row and row[0].startswith("# "):
        cur = tables.setdefault(row[0][2:], [])
    elif row and cur is not None:
        cur.append(row)
coll = next(v for k, v in tables.items() if k.startswith("Collective"))
head, rows = coll[0], coll[1:]
col = {h.split(" (")[0]: i for i, h in enumerate(head)}
def cell(lib, prim, op, name):
    for r in rows:
        if r[col["library"]] == lib and r[col["primitive"]] == prim and \
           r[col["op"]] == op:
            return r[col[name]]
    sys.exit(f"no row {lib} {prim} {op}")
def num(text):
    return float(text.split(" ")[0])
published = {"mpi_ap": (43.43, 180.63, 4260), "pvm_ap": (40.69, 79.47, 2000),
             "aplib": (36.29, 83.13, 2346)}
for lib, (pi, bw, nh) in published.items():
    for name, want in (("pi0^pag p-forms", pi), ("Bw_as^pag p-forms", bw),
                       ("n_1/2^mag p-forms", nh)):
        got = num(cell(lib, "bcast", "-", name))
        if abs(got - want) > 0.002 * want:
            sys.exit(f"{lib} bcast {name}: {got}, published {want}")
rcc = cell("mpi_ap", "reduce", "usersum", "r_cc")
if not (rcc.startswith("14.86 (p=2)") and "4.457 (p=12)" in rcc):
    sys.exit(f"reduce r_cc: {rcc!r}, published 14.86 (p=2) and 4.46 (p=12)")
for op in ("sum", "usersum"):
    for prim in ("reduce", "allreduce"):
        if cell("mpi_ap", prim, op, "r_cc") == "-":
            sys.exit(f"{prim} op={op}: no r_cc")
model = json.load(open(sys.argv[2]))
if model["options"]["method"] != "seed":
    sys.exit(f"model.json method: {model['options']['method']}")
PY
# Seed 001's aggregation factors: Table 2's per-p figures of MPI/AP's
# broadcast (pi_s^ag(p) = k1 (p-1)/(69 log2 p), Bw_as^ag(p) = k2 (p-1)/
# (0.0162 log2 p)) in the aggregated table, the same peaks as seed 000's
# factors (p - 1 in both for Bcast), and Allreduce at half seed 000's
# 2(p - 1); model.json records the scheme and every p's metrics.
"$M" fit "$WORK/seed" --method seed --units seed001 --format csv \
  --out "$WORK/seed/model-001.json" --aggregation seed001 >"$WORK/t001.csv"
"$M" fit "$WORK/seed" --method seed --units seed001 --format csv \
  --out "$WORK/seed/model-000.json" >"$WORK/t000.csv"
python3 - "$WORK/t001.csv" "$WORK/t000.csv" "$WORK/seed/model-001.json" <<'PY'
import csv, json, math, sys
def tables(path):
    out, cur = {}, None
    for row in csv.reader(open(path)):
        if row and row[0].startswith("# "):
            cur = out.setdefault(row[0][2:].split(" (")[0], [])
        elif row and cur is not None:
            cur.append(row)
    return out
def rows(t, name):
    head, body = t[name][0], t[name][1:]
    col = {h.split(" (")[0]: i for i, h in enumerate(head)}
    return [{k: r[i] for k, i in col.items()} for r in body]
t1, t0 = tables(sys.argv[1]), tables(sys.argv[2])
k1, k2 = 1e6 / 2**10, 1e6 / 2**20
seen = 0
for r in rows(t1, "Aggregated metrics per p"):
    if r["library"] != "mpi_ap" or r["primitive"] != "bcast":
        continue
    p = int(r["p"])
    want_pi = k1 * (p - 1) / (69 * math.log2(p))
    want_bw = k2 * (p - 1) / (0.0162 * math.log2(p))
    for name, want in (("pi0^ag(p)", want_pi), ("Bw_as^ag(p)", want_bw)):
        got = float(r[name])
        if abs(got - want) > 0.002 * want:
            sys.exit(f"bcast p={p} {name}: {got}, seed 001 {want:.4g}")
    seen += 1
if seen < 3:
    sys.exit(f"aggregated table: {seen} bcast rows")
def ag(t, prim, p):
    for r in rows(t, "Aggregated metrics per p"):
        if (r["library"], r["primitive"], r["op"], r["p"]) == \
           ("mpi_ap", prim, "sum", str(p)):
            return float(r["Bw_as^ag(p)"]), float(r["f(p)"])
    sys.exit(f"no {prim} p={p} row")
(b1, f1), (b0, f0) = ag(t1, "allreduce", 4), ag(t0, "allreduce", 4)
if (f1, f0) != (3.0, 6.0) or abs(b0 / b1 - 2.0) > 1e-3:
    sys.exit(f"allreduce p=4: f {f1} and {f0}, Bw_as^ag {b1} and {b0}")
c1 = {r["library"]: r for r in rows(t1, "Collectives")
      if r["primitive"] == "bcast"}
c0 = {r["library"]: r for r in rows(t0, "Collectives")
      if r["primitive"] == "bcast"}
for lib in c1:
    if c1[lib]["Bw_as^pag p-forms"] != c0[lib]["Bw_as^pag p-forms"]:
        sys.exit(f"{lib} bcast peaks differ between the schemes")
model = json.load(open(sys.argv[3]))
if model["options"]["aggregation"] != "seed001":
    sys.exit(f"model.json aggregation: {model['options']['aggregation']}")
e = next(e for e in model["entries"] if e["library"] == "mpi_ap" and
         e["pattern"] == "bcast")
if len(e["aggregated"]["hockney"]) != len(e["fits"]):
    sys.exit("model.json: not every p has aggregated metrics")
PY
expect_error "--aggregation seed002" "--aggregation" \
  "$M" fit "$WORK/seed" --aggregation seed002
for opt in "--weighting relative" "--stat min" "--robust" "--outlier-factor 3"; do
  # shellcheck disable=SC2086
  expect_error "--method seed $opt" "--method seed" \
    "$M" fit "$WORK/seed" --method seed $opt
done
expect_error "--method fast" "--method" "$M" fit "$WORK/seed" --method fast
echo "PASS: seed_fit"
