#!/usr/bin/env bash
# The floors scripts/perf_runtime.sh measures against, built as that
# script builds them (the system compiler, C11, libc only; here also
# warning-free): the cache-line probe prints one positive one-way time,
# and the full-duplex probe one "size time" line per size asked, with the
# bytes it read checked by the probe itself and a 4 MiB exchange slower
# than a 4 KiB one, on small pages and on huge ones (-H); the box probe
# one "work plain demoted" line per work time, the longer work slower.
source "$(dirname "$0")/lib.sh"
root=$HERE/../..
for probe in cacheline_probe duplex_probe box_probe; do
  cc -std=c11 -O2 -Wall -Wextra -Werror -o "$WORK/$probe" \
    "$root/scripts/$probe.c" || fail "$probe does not build warning-free"
done
"$WORK/cacheline_probe" >"$WORK/line" || fail "cacheline_probe exited non-zero"
awk 'NR == 1 && NF == 1 && $1 > 0 { ok = 1 } END { exit !(ok && NR == 1) }' \
  "$WORK/line" || fail "cacheline_probe printed: $(cat "$WORK/line")"
"$WORK/duplex_probe" 4096 4194304 >"$WORK/duplex" ||
  fail "duplex_probe exited non-zero"
awk 'NR == 1 && $1 == 4096 { small = $2 } NR == 2 && $1 == 4194304 { large = $2 }
     END { exit !(NR == 2 && small > 0 && large > small) }' "$WORK/duplex" ||
  fail "duplex_probe printed: $(cat "$WORK/duplex")"
# a window of 4 receive slots: each message's time, all 4 slots checked
"$WORK/duplex_probe" -w 4 65536 >"$WORK/window" ||
  fail "duplex_probe -w 4 exited non-zero"
awk 'NR == 1 && $1 == 65536 && $2 > 0 { ok = 1 } END { exit !(ok && NR == 1) }' \
  "$WORK/window" || fail "duplex_probe -w 4 printed: $(cat "$WORK/window")"
# on huge pages (where the kernel has none, the same copy on small ones)
"$WORK/duplex_probe" -H 1048576 >"$WORK/huge" || fail "duplex_probe -H exited non-zero"
awk 'NR == 1 && $1 == 1048576 && $2 > 0 { ok = 1 } END { exit !(ok && NR == 1) }' \
  "$WORK/huge" || fail "duplex_probe -H printed: $(cat "$WORK/huge")"
expect_error "duplex_probe -x" "invalid option -- 'x'" "$WORK/duplex_probe" -x 4096
expect_error "duplex_probe without sizes" "usage: duplex_probe [-H] [-w WINDOW] SIZE_BYTES" \
  "$WORK/duplex_probe"
expect_error "duplex_probe -w without sizes" "usage: duplex_probe" \
  "$WORK/duplex_probe" -w 4
expect_error "duplex_probe -w 0" "'0' is not a window of messages" \
  "$WORK/duplex_probe" -w 0 4096
expect_error "duplex_probe 1M" "'1M' is not a size in bytes" \
  "$WORK/duplex_probe" 4096 1M
expect_error "duplex_probe 0" "'0' is not a size in bytes" \
  "$WORK/duplex_probe" 0
"$WORK/box_probe" 0 2000 >"$WORK/box" || fail "box_probe exited non-zero"
awk 'NR == 1 && $1 == 0 && $2 > 0 && $3 > 0 { short = $2 }
     NR == 2 && $1 == 2000 && $2 > short && $3 > short { ok = 1 }
     END { exit !(ok && NR == 2) }' "$WORK/box" ||
  fail "box_probe printed: $(cat "$WORK/box")"
expect_error "box_probe without work times" "usage: box_probe WORK_NS..." \
  "$WORK/box_probe"
expect_error "box_probe 1us" "'1us' is not a work time in ns (0 to 100000)" \
  "$WORK/box_probe" 0 1us
echo "PASS: perf_probes: line $(cat "$WORK/line") us; duplex $(tr '\n' ' ' <"$WORK/duplex")"
