#!/usr/bin/env bash
# `mpchar fit --method seed` on the command line, on measurements generated
# from seed 001's published models (test_model_seed_fit --write): the
# collective table in seed 001's units shows Table 2's peaks (over the
# p-forms, p = 2..12, though only some p were measured) and Table 3's
# r_cc(2) = 14.86 and r_cc(12) = 4.46 for Reduce; model.json records the
# method; the settings the method fixes are refused beside it.
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
for opt in "--weighting relative" "--stat min" "--robust" "--outlier-factor 3"; do
  # shellcheck disable=SC2086
  expect_error "--method seed $opt" "--method seed" \
    "$M" fit "$WORK/seed" --method seed $opt
done
expect_error "--method fast" "--method" "$M" fit "$WORK/seed" --method fast
echo "PASS: seed_fit"
