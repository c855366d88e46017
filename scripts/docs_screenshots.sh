#!/usr/bin/env bash
# Regenerates the screenshots of docs/: docs/img/plot-example.png and
# docs/img/table-example.png, taken from a real report.html with headless
# Chromium (tests/integration/browser_check.py --element-screenshot).
#
#   scripts/docs_screenshots.sh REPORT_HTML PLOT_ID TABLE_ID
#
# PLOT_ID and TABLE_ID are the id attributes of the plot's <figure> and of
# the table in the report.  The report must pass browser_check.py's checks
# (no console errors, plots rendered, nothing fetched from outside); the
# images in docs/img/ are replaced only when both screenshots succeeded.
# SCALE (default 1) sets device pixels per CSS pixel.  See
# docs/browser-check.md.
set -euo pipefail

if [ $# -ne 3 ]; then
  echo "usage: $0 REPORT_HTML PLOT_ID TABLE_ID" >&2
  exit 2
fi
report=$1 plot_id=$2 table_id=$3
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
[ -f "$report" ] || { echo "docs_screenshots: no such file: $report" >&2; exit 2; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/docs-screenshots.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

python3 "$root/tests/integration/browser_check.py" "$report" \
  --scale "${SCALE:-1}" --timeout 120 \
  --element-screenshot "$plot_id" "$tmp/plot-example.png" \
  --element-screenshot "$table_id" "$tmp/table-example.png"

mkdir -p "$root/docs/img"
for f in plot-example.png table-example.png; do
  mv -f "$tmp/$f" "$root/docs/img/$f"
  echo "docs_screenshots: wrote docs/img/$f"
done
