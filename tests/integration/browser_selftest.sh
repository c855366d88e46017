#!/usr/bin/env bash
# Self-test of browser_check.py on hand-made pages written below from one
# template: the good page passes, each bad page fails with the right
# message, a wrong --expect-plots fails, a missing Chromium gives exit
# status 2.  Needs Debian's chromium (scripts/setup.sh); not the mpchar
# binaries.
MPCHAR_BIN=${MPCHAR_BIN:-unused}
source "$(dirname "$0")/lib.sh"

CHECK="$HERE/browser_check.py"
FIX="$WORK/pages"
mkdir -p "$FIX"
# Screenshots stay in the build tree for a look after the test.
SHOTS="${MPCHAR_TEST_TMP:-$WORK}/browser_selftest"
mkdir -p "$SHOTS"
OUT="$WORK/out"

# run_check STATUS WHAT ARGS...: browser_check.py must exit with STATUS.
run_check() {
  local want=$1 what=$2 rc=0
  shift 2
  python3 "$CHECK" "$@" >"$OUT" 2>&1 || rc=$?
  [ "$rc" -eq "$want" ] || fail "$what: exit status $rc, expected $want: $(cat "$OUT")"
  echo "ok: $what (exit $rc)"
}

# expect_line WHAT TEXT: the last output holds a line with TEXT.
expect_line() {
  grep -qF -- "$2" "$OUT" || fail "$1: '$2' not in: $(cat "$OUT")"
}

# png_size FILE: "WIDTH HEIGHT" of a PNG file.
png_size() {
  python3 - "$1" <<'EOF'
import struct, sys
d = open(sys.argv[1], "rb").read(24)
assert d[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
print(*struct.unpack(">II", d[16:24]))
EOF
}

# page NAME TITLE PURPOSE BODY: writes $FIX/NAME.html, BODY in the frame
# every page shares.
page() {
  cat >"$FIX/$1.html" <<EOF
<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>$2</title>
<style>body{font-family:sans-serif;margin:1em;max-width:60em} figure.plot{margin:1em 0}
table{border-collapse:collapse} td,th{border:1px solid #999;padding:2px 8px;text-align:right}</style>
</head><body>
<!-- Fixture of tests/integration/browser_selftest.sh: $3 -->
<h1>$2</h1>
$4
</body></html>
EOF
}

# plot N COLOUR: a rendered 400x250 inline-SVG plot with id plot-N.
plot() {
  cat <<EOF
<figure class="plot" id="plot-$1">
<svg xmlns="http://www.w3.org/2000/svg" width="400" height="250" viewBox="0 0 400 250" role="img">
<title>Fixture plot $1</title>
<rect x="0" y="0" width="400" height="250" fill="#fff" stroke="#888"/>
<path d="M40 210 L120 170 L200 120 L280 80 L360 40" fill="none" stroke="$2" stroke-width="2"/>
<line x1="40" y1="210" x2="380" y2="210" stroke="#000"/>
<line x1="40" y1="210" x2="40" y2="20" stroke="#000"/>
<text x="210" y="240" font-size="12" text-anchor="middle">message length n (bytes)</text>
</svg>
<figcaption>Figure $1. A hand-made plot for the browser check self-test.</figcaption>
</figure>
EOF
}

page good "Good page" \
  "three rendered inline-SVG plots and a table; must pass with --expect-plots 3" \
  "$(plot 1 '#1f77b4')
$(plot 2 '#d62728')
<table id=\"table-1\"><caption>Table 1. Hand-made table.</caption>
<tr><th>pattern</th><th>t0 (us)</th><th>t_b (ns/B)</th></tr>
<tr><td>pingpong</td><td>0.45</td><td>0.08</td></tr>
<tr><td>stream</td><td>0.31</td><td>0.07</td></tr>
</table>
$(plot 3 '#2ca02c')"
page script_error "Script errors" \
  "a console.error and an uncaught exception; must fail" \
  "$(plot 1 '#1f77b4')
<script>console.error(\"fixture console error\");
null.fixtureUncaught();</script>"
page external "External image" \
  "an image fetched from outside the file; must fail" \
  "$(plot 1 '#1f77b4')
<p><img src=\"http://example.invalid/fixture-logo.png\" alt=\"external logo\" width=\"40\" height=\"40\"></p>"
page unrendered "Unrendered plots" \
  "one hidden, one zero-size and one empty svg plot; must fail" \
  "$(plot 1 '#1f77b4')
<figure class=\"plot\" id=\"plot-hidden\" style=\"display:none\"><svg width=\"400\" height=\"250\"><path d=\"M0 0 L10 10\" stroke=\"#000\"/></svg></figure>
<figure class=\"plot\" id=\"plot-zero\"><svg width=\"0\" height=\"0\"><path d=\"M0 0 L10 10\" stroke=\"#000\"/></svg></figure>
<figure class=\"plot\" id=\"plot-empty\"><svg width=\"400\" height=\"250\"></svg></figure>"

command -v chromium >/dev/null || [ -x /usr/lib/chromium/chromium ] ||
  fail "chromium is not installed; run scripts/setup.sh"

# The good page: three rendered plots, a full-page and two element shots.
rm -f "$SHOTS"/*.png
run_check 0 "good page" "$FIX/good.html" --expect-plots 3 \
  --screenshot "$SHOTS/good.png" \
  --element-screenshot plot-2 "$SHOTS/plot-2.png" \
  --element-screenshot table-1 "$SHOTS/table-1.png"
expect_line "good page" "3 elements match 'figure.plot svg'"
! grep -q '^FAIL' "$OUT" || fail "good page: FAIL lines: $(cat "$OUT")"
read -r w h < <(png_size "$SHOTS/good.png")
[ "$w" -ge 1000 ] && [ "$h" -ge 900 ] || fail "good.png is ${w}x$h"
# The plot is a 400x250 svg with its caption below; the table is smaller.
read -r w h < <(png_size "$SHOTS/plot-2.png")
[ "$w" -ge 400 ] && [ "$w" -le 480 ] && [ "$h" -ge 270 ] && [ "$h" -le 320 ] ||
  fail "plot-2.png is ${w}x$h, expected about 420x280"
read -r w h < <(png_size "$SHOTS/table-1.png")
[ "$w" -ge 150 ] && [ "$w" -le 350 ] && [ "$h" -ge 60 ] && [ "$h" -le 150 ] ||
  fail "table-1.png is ${w}x$h, expected about 250x100"
echo "ok: screenshots in $SHOTS"

run_check 1 "wrong plot count" "$FIX/good.html" --expect-plots 4
expect_line "wrong plot count" "FAIL: 3 elements match 'figure.plot svg', expected 4"

run_check 1 "script errors" "$FIX/script_error.html" --expect-plots 1
expect_line "script errors" "FAIL: console.error: fixture console error"
expect_line "script errors" "FAIL: uncaught exception: TypeError"

run_check 1 "external image" "$FIX/external.html" --expect-plots 1
expect_line "external image" \
  "FAIL: request outside the file: http://example.invalid/fixture-logo.png"

run_check 1 "unrendered plots" "$FIX/unrendered.html" --expect-plots 4
expect_line "unrendered plots" "FAIL: plot 2 (#plot-hidden) not rendered: hidden"
expect_line "unrendered plots" "FAIL: plot 3 (#plot-zero) not rendered: size 0x0 px"
expect_line "unrendered plots" "FAIL: plot 4 (#plot-empty) not rendered: the svg draws nothing"
[ "$(grep -c '^FAIL' "$OUT")" -eq 3 ] || fail "unrendered plots: $(cat "$OUT")"

run_check 1 "missing element" "$FIX/good.html" \
  --element-screenshot no-such-id "$WORK/none.png"
expect_line "missing element" "FAIL: no element with id 'no-such-id' to screenshot"

# Plots without the report's interactivity fail --interactive (the report
# itself passes it: report_hover_browser, report).
run_check 1 "not interactive" "$FIX/good.html" --interactive
expect_line "not interactive" "FAIL: interactive: no marker (g.mpc-pt) in any plot"
expect_line "not interactive" \
  "FAIL: interactive: no plot with two legend entries and a readout"

run_check 2 "no chromium" "$FIX/good.html" --chromium "$WORK/no-chromium"
expect_line "no chromium" "browser_check: error: chromium not found"

echo "browser_check self-test passed"
