#!/usr/bin/env bash
# The report's interactive plots (docs/report.md, "Interactive plots") on
# a data set with known answers, no MPI needed: pingpong/send with
# T = 1 + 0.001 n us exactly (every model family fits it exactly) and a
# Bcast at p = 2 and 3.  report_hover.sh files: every marker of the
# latency plot has a tooltip with its n, its time and each model's value
# at its n (1 + 0.001 n), the bandwidth plot's with n/T; series and key
# entries are numbered; the plots/*.svg files keep their tooltips and
# hold no script; report.html has one inline script and no external
# reference and is well-formed XML.  report_hover.sh browser: in headless
# Chromium a real click on a legend entry hides its series, hovering fills
# the readout (browser_check.py --interactive); exit 77 without Chromium.
MODE=${1:-files}
source "$(dirname "$0")/lib.sh"
M="$BIN/mpchar"
if [ "$MODE" = browser ] && ! command -v chromium >/dev/null &&
  [ ! -x /usr/lib/chromium/chromium ]; then
  echo "chromium is not installed (scripts/setup.sh); skipped"
  exit 77
fi

mkdir "$WORK/r"
python3 - "$WORK/r/measurements.csv" <<'EOF'
import sys
rows = []
def add(pat, p, n, t, st):
    rows.append(f"openmpi,{pat},{'send' if pat == 'pingpong' else '-'},-,byte,"
                f"{p},{n},{st},10,{t:.6f},{t:.6f},{t:.6f},{t:.6f},0,false,-")
for k, n in enumerate([0] + [4 ** i for i in range(9)]):
    add("pingpong", 2, n, 1 + 0.001 * n, "fit")
for n in (2, 32, 512, 8192):
    add("pingpong", 2, n, 1 + 0.001 * n, "validation")
for p in (2, 3):
    for n in [0] + [4 ** i for i in range(8)]:
        add("bcast", p, n, (2 + 0.002 * n) * (p - 1), "fit")
with open(sys.argv[1], "w") as f:
    f.write("library,pattern,variant,op,datatype,p,n_bytes,set,reps,t_min_us,"
            "t_median_us,t_mean_us,t_max_us,t_stddev_us,oversubscribed,"
            "placement\n" + "\n".join(rows) + "\n")
EOF
"$M" report "$WORK/r" --out "$WORK/rep" > "$WORK/out" 2>&1 \
  || { cat "$WORK/out"; fail "mpchar report failed"; }
n=$(sed -n 's/^plots: \([0-9]*\) (drawn: \1)$/\1/p' "$WORK/out")
[ -n "$n" ] || fail "not every plot drawn: $(cat "$WORK/out")"

if [ "$MODE" = browser ]; then
  python3 "$HERE/browser_check.py" "$WORK/rep/report.html" --expect-plots "$n" \
    --self-contained --interactive > "$WORK/check" 2>&1 \
    || { cat "$WORK/check"; fail "browser check"; }
  cat "$WORK/check"
  grep -q "^browser_check: interactive: #.*: legend entry '.*' clicked: [1-9][0-9]* groups\? hidden, shown again$" \
    "$WORK/check" || fail "no legend click reported"
  grep -q "^browser_check: interactive: hover on a marker: 'openmpi \|^browser_check: interactive: hover on a marker: '.*p: " \
    "$WORK/check" || fail "no marker hover reported"
  echo "report_hover browser checks passed"
  exit 0
fi

python3 - "$WORK/rep" <<'EOF' || fail "interactive plots"
import glob, os, re, sys, xml.etree.ElementTree as ET
rep = sys.argv[1]
SVG = "{http://www.w3.org/2000/svg}"
html = open(os.path.join(rep, "report.html"), encoding="utf-8").read()
root = ET.fromstring(html.replace("<!DOCTYPE html>", "", 1))

def figure(fid):
    f = [f for f in root.iter("figure") if f.get("id") == fid]
    assert len(f) == 1, f"no figure {fid}"
    return f[0].find(SVG + "svg")

def markers(svg):
    return [g.find(SVG + "title").text for g in svg.iter(SVG + "g")
            if g.get("class") == "mpc-pt"]

def check_markers(svg, bandwidth):
    tips = markers(svg)
    # n = 0 is not on the log axis: 9 fitting and 4 validation sizes.
    assert len(tips) == 13, f"{len(tips)} markers"
    for tip in tips:
        lines = tip.split("\n")
        head, size, value = lines[:3]
        assert re.fullmatch(r"openmpi pingpong/send, p = 2, (fitting|validation) size",
                            head), head
        m = re.fullmatch(r"n = (\d+) B( \(.* KiB\))?", size)
        n = int(m.group(1))
        assert (m.group(2) is not None) == (n >= 1024), size
        t = 1 + 0.001 * n
        if bandwidth:
            m = re.fullmatch(r"n/T = (\S+) MB/s \(T = (\S+) us, min\)", value)
            assert abs(float(m.group(1)) / (n / t) - 1) < 1e-3, tip
            assert abs(float(m.group(2)) / t - 1) < 1e-3, tip
        else:
            m = re.fullmatch(r"T = (\S+) us \(min\)", value)
            assert abs(float(m.group(1)) / t - 1) < 1e-3, tip
        assert lines[3] == "models at this n:", tip
        fams = {}
        for line in lines[4:]:
            m = re.fullmatch(r"(\w+): (\S+) (us|MB/s)( \(best\))?", line)
            assert m, line
            fams[m.group(1)] = float(m.group(2))
            want = n / t if bandwidth else t
            assert abs(float(m.group(2)) / want - 1) < 0.01, f"{line}: not {want}"
        assert "hockney" in fams and "ti" in fams, tip
        assert sum(l.endswith(" (best)") for l in lines) == 1, tip
    return tips

lat = figure("p2p-lat-openmpi-pingpong-send")
tips = check_markers(lat, False)
one_k = [t for t in tips if "\nn = 1024 B (1 KiB)\n" in t]
assert one_k and one_k[0].startswith(
    "openmpi pingpong/send, p = 2, fitting size\nn = 1024 B (1 KiB)\n"
    "T = 2.024 us (min)\nmodels at this n:\nhockney: 2.024 us"), one_k
check_markers(figure("p2p-bw-openmpi-pingpong-send"), True)

# Series and key entries: each key entry's series has data groups, and
# the series' title is the key's title.
for svg in root.iter(SVG + "svg"):
    groups = [g for g in svg.iter(SVG + "g") if g.get("data-series")]
    keys = {g.get("data-series"): g.find(SVG + "title").text
            for g in groups if g.get("class") == "mpc-key"}
    data = {g.get("data-series"): g.find(SVG + "title").text
            for g in groups if g.get("class") == "mpc-data"}
    assert keys and keys == data, (keys, data)
    a = svg.get("data-axes").split()
    assert len(a) == 8 and float(a[0]) < float(a[1]) and float(a[4]) < float(a[5])
# A plot against p: measured points say their n, time and the models at
# their n and p; the best model's markers (default tooltips) name the
# series, x and y.
vs_p = markers(figure("coll-p-small-bcast"))
t16 = [t for t in vs_p if t.startswith("openmpi bcast, p = 3, fitting size\n"
                                       "n = 16 B\nT = 4.064 us (min)\n"
                                       "models at this n:\nhockney: 4.064 us")]
assert len(t16) == 1, vs_p
best = [t for t in vs_p if t.startswith("openmpi best model\n")]
assert len(best) == 2, vs_p
for t in best:
    m = re.fullmatch(r"openmpi best model\np \(processes\): ([23])\nT \(us\): (\S+)", t)
    p = int(m.group(1))
    assert abs(float(m.group(2)) / ((2 + 0.002 * 16) * (p - 1)) - 1) < 0.01, t

scripts = re.findall(r"<script[^>]*>", html)
assert scripts == ["<script>"], scripts
bad = re.findall(r"""(?:src|href)\s*=\s*["'](?!#)[^"']*|url\((?!#)|@import|<link|<img""", html)
assert not bad, "external references: %r" % bad[:3]
for url in re.findall(r"https?://[^\s\"'<>]+", html):
    assert url.startswith("http://www.w3.org/"), "URL in report.html: " + url
assert "gnuplot_svg" not in html

# The plot files (report.md's images): static, with the same tooltips.
files = glob.glob(os.path.join(rep, "plots", "*.svg"))
assert len(files) == html.count('<figure class="plot"'), len(files)
for path in files:
    text = open(path, encoding="utf-8").read()
    assert "<script" not in text and "gnuplot_svg" not in text, path
    ET.fromstring(text)
lat_file = open(os.path.join(rep, "plots", "p2p-lat-openmpi-pingpong-send.svg")).read()
assert "T = 2.024 us (min)\nmodels at this n:\nhockney: 2.024 us" in lat_file
md = open(os.path.join(rep, "report.md"), encoding="utf-8").read()
assert "![p2p-lat-openmpi-pingpong-send](plots/p2p-lat-openmpi-pingpong-send.svg)" in md
print(f"ok: {len(tips)} latency tooltips with known values, "
      f"{sum(len(markers(s)) for s in root.iter(SVG + 'svg'))} markers in all")
EOF
echo "report_hover file checks passed"
