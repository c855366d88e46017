#!/usr/bin/env bash
# `mpchar report` end to end: a real small run of every MPI library built
# (Open MPI, MPICH), then the report.  Checks that report.html is
# well-formed XML with exactly the plot count that docs/report.md's formula
# gives for measurements.csv, fetches nothing from outside, renders in
# headless Chromium (browser_check.py) without console errors, and that
# report.md holds the tables and links existing SVG files; then the bad
# input: gnuplot missing (MPCHAR_GNUPLOT and PATH), a truncated
# measurements.csv without meta.json, an empty directory.
source "$(dirname "$0")/lib.sh"
M="$BIN/mpchar"
libs=()
for lib in openmpi mpich; do
  [ -x "$BIN/mpchar-bench-$lib" ] && libs+=("$lib")
done
[ "${#libs[@]}" -gt 0 ] || fail "no MPI library built"
mpi=$(IFS=,; echo "${libs[*]}")
"$M" run --mpi "$mpi" --p 2 --patterns pingpong,stream,bcast,allreduce \
  --max-size 16K --time-per-point 5 --out "$WORK/r" > "$WORK/run.log" 2>&1 \
  || { cat "$WORK/run.log"; fail "mpchar run failed"; }

start=$(date +%s.%N)
"$M" report "$WORK/r" --out "$WORK/rep" > "$WORK/out" 2>&1 \
  || { cat "$WORK/out"; fail "mpchar report failed"; }
end=$(date +%s.%N)
cat "$WORK/out"
secs=$(python3 -c "print(round($end - $start, 2))")
echo "ok: report of ${mpi} in ${secs} s"
python3 -c "import sys; sys.exit(0 if $secs < 30 else 1)" \
  || fail "report took ${secs} s (30 s at most)"

# check.py DIR: prints the expected plot count and checks the report.
cat > "$WORK/check.py" <<'EOF'
import csv, os, re, sys, xml.etree.ElementTree as ET
res, rep, mode = sys.argv[1], sys.argv[2], sys.argv[3]
rows = list(csv.DictReader(open(os.path.join(res, "measurements.csv"))))
p2p = {"pingpong", "pingping", "stream", "bistream"}
ent = {(r["library"], r["pattern"], r["variant"], r["datatype"])
       for r in rows if r["pattern"] in p2p}
variants = {}
for lib, pat, var, dt in ent:
    if pat == "pingpong" and dt == "byte":
        variants.setdefault(lib, set()).add(var)
V = sum(1 for v in variants.values() if len(v) >= 2)
send = {l for l, p, v, d in ent if p == "pingpong" and v == "send" and d == "byte"}
stream = {l for l, p, v, d in ent if p == "stream" and d == "byte"}
G = 1 if send & stream else 0
L = 1 if len(send) >= 2 else 0
C = 0
for key in {(r["pattern"], r["op"], r["datatype"]) for r in rows
            if r["pattern"] not in p2p}:
    sel = [r for r in rows if (r["pattern"], r["op"], r["datatype"]) == key]
    sizes = any(int(r["n_bytes"]) > 0 for r in sel)
    ps = {r["p"] for r in sel}
    C += (1 if sizes else 0) + ((2 if sizes else 1) if len(ps) >= 2 else 0)
expected = 2 * len(ent) + V + G + C + L
html = open(os.path.join(rep, "report.html"), encoding="utf-8").read()
root = ET.fromstring(html.replace("<!DOCTYPE html>", "", 1))
figs = [f for f in root.iter("figure")]
drawn = [f for f in figs if f.get("class") == "plot"]
missing = [f for f in figs if f.get("class") == "plot-missing"]
ids = [f.get("id") for f in figs]
assert len(set(ids)) == len(ids), "figure ids are not unique"
assert f"<!-- plots: {expected} -->" in html, f"plot comment is not {expected}"
if mode == "drawn":
    assert len(drawn) == expected and not missing, (len(drawn), len(missing), expected)
    for f in drawn:
        assert any(c.tag.endswith("svg") for c in f), f.get("id") + ": no svg"
else:
    assert len(missing) == expected and not drawn, (len(drawn), len(missing), expected)
    assert "Plots were not drawn" in html
    assert "Plot not drawn" in html
bad = re.findall(r"""(?:src|href)\s*=\s*["'](?!#)[^"']*|url\((?!#)|@import|<link|<img""", html)
assert not bad, "external references: %r" % bad[:3]
# One inline script (the plots', docs/report.md), none without a plot.
assert re.findall(r"<script[^>]*>", html) == (["<script>"] if drawn else []), \
    re.findall(r"<script[^>]*>", html)
for url in re.findall(r"https?://[^\s\"'<>]+", html):
    assert url.startswith("http://www.w3.org/"), "URL in report.html: " + url
md = open(os.path.join(rep, "report.md"), encoding="utf-8").read()
assert f"<!-- plots: {expected} -->" in md
for table in ("| library | pattern | variant | ts (us) |", "| primitive | library | op | T(0) (us) | t0(p) (us) |",
              "| family | point-to-point: mean validation error % (max) |"):
    assert table in md, "report.md lacks " + table
assert "cold buffers" not in md, "a run of warm buffers reported as cold"
for link in re.findall(r"!\[[^]]*\]\(([^)]+)\)", md):
    assert os.path.getsize(os.path.join(rep, link)) > 0, link
print(expected)
EOF
n=$(python3 "$WORK/check.py" "$WORK/r" "$WORK/rep" drawn) || fail "report check"
grep -qx "plots: $n (drawn: $n)" "$WORK/out" || fail "stdout does not say plots: $n"
[ "$(ls "$WORK/rep/plots" | wc -l)" -eq "$n" ] || fail "not $n SVG files"
echo "ok: $n plots, well-formed, self-contained, tables in report.md"

# In headless Chromium: no console error, no request leaving file://, all
# $n plots rendered, a legend click hides a series and hovering fills the
# readout; the screenshot stays in the build tree for a look.
shot="${MPCHAR_TEST_TMP:-$WORK}/report-screenshot.png"
python3 "$HERE/browser_check.py" "$WORK/rep/report.html" --expect-plots "$n" \
  --self-contained --interactive --screenshot "$shot" || fail "browser check"
[ -s "$shot" ] || fail "no screenshot at $shot"
echo "ok: Chromium rendered $n plots without console errors: $shot"

MPCHAR_GNUPLOT=/nonexistent "$M" report "$WORK/r" --out "$WORK/rep2" > "$WORK/out" 2>&1 \
  || fail "report without gnuplot failed: $(cat "$WORK/out")"
python3 "$WORK/check.py" "$WORK/r" "$WORK/rep2" missing > /dev/null || fail "no-gnuplot check"
env PATH=/nonexistent "$M" report "$WORK/r" --out "$WORK/rep3" > "$WORK/out" 2>&1 \
  || fail "report with gnuplot not in PATH failed: $(cat "$WORK/out")"
python3 "$WORK/check.py" "$WORK/r" "$WORK/rep3" missing > /dev/null || fail "PATH check"
echo "ok: without gnuplot, tables and a note where each plot would be"

mkdir "$WORK/t"
head -c -7 "$WORK/r/measurements.csv" > "$WORK/t/measurements.csv"
"$M" report "$WORK/t" --out "$WORK/rep4" > "$WORK/out" 2>&1 \
  || fail "report of a truncated directory failed: $(cat "$WORK/out")"
grep -q "last line is incomplete" "$WORK/rep4/report.html" || fail "no truncation note"
grep -q "has no meta.json" "$WORK/rep4/report.md" || fail "no meta.json note"
echo "ok: truncated measurements.csv without meta.json: report with notes"

# A run during which the hypervisor stole CPU time gets a warning.
cp -r "$WORK/r" "$WORK/s"
python3 - "$WORK/s/meta.json" <<'PY'
import json, sys
meta = json.load(open(sys.argv[1]))
meta["launches"][0]["cpu_steal_pct"] = 42.0
json.dump(meta, open(sys.argv[1], "w"))
PY
"$M" report "$WORK/s" --out "$WORK/rep6" > "$WORK/out" 2>&1 \
  || fail "report of a stolen run failed: $(cat "$WORK/out")"
grep -q "hypervisor took up to 42% of this machine's CPU time" "$WORK/rep6/report.md" \
  || fail "no steal warning"
echo "ok: stolen CPU time is warned about"

# A meta.json whose buffers' state is not warm or cold: a note, and the
# report goes on with the buffers taken as warm.
python3 - "$WORK/s/meta.json" <<'PY'
import json, sys
meta = json.load(open(sys.argv[1]))
meta["options"]["cache"] = "tepid"
json.dump(meta, open(sys.argv[1], "w"))
PY
"$M" report "$WORK/s" --out "$WORK/rep7" > "$WORK/out" 2>&1 \
  || fail "report of a run with a bad cache state failed: $(cat "$WORK/out")"
grep -qF "$WORK/s/meta.json: field 'options.cache' is not \"warm\" or \"cold\"; its buffers are taken as warm" \
  "$WORK/rep7/report.md" || fail "no note on the bad cache state"
! grep -q "cold buffers (mpchar run" "$WORK/rep7/report.md" || fail "a bad state reported as cold"
echo "ok: a bad cache state is noted"

mkdir "$WORK/empty"
expect_error "empty directory" "$WORK/empty: not a results directory" \
  "$M" report "$WORK/empty" --out "$WORK/rep5"
expect_error "missing directory" "$WORK/none" "$M" report "$WORK/none"
expect_error "unknown option" "--frobnicate" "$M" report "$WORK/r" --frobnicate
echo "all report checks passed"
