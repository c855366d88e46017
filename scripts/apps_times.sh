#!/usr/bin/env bash
# Times the real applications of tests/apps on every MPI library of a build:
# each at p = 2 in a fixed size larger than the tests' (NPB class W; CoMD
# 16^3 FCC cells, 16384 atoms, 40 steps), ROUNDS times (default 3) with the
# rounds interleaved so that a burst of load hits every library alike, and
# prints the medians per library as Markdown tables: the time the application
# reports itself (NPB's "Time in seconds", CoMD's "total" timer) and the wall
# time of the whole job, launcher start-up included.  Every run must pass the
# application's own verification, as in the tests.
#
# The launch commands are the p = 2 tests' (ctest --show-only=json-v1), with
# the class S program swapped for the class W one, so that this script and
# the tests start programs the same way.
# Usage: scripts/apps_times.sh [BUILD_DIR] [ROUNDS]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
rounds=${2:-3}
[ -f "$build/CTestTestfile.cmake" ] || { echo "apps_times.sh: $build is not a configured build (scripts/build.sh)" >&2; exit 2; }
[[ $rounds =~ ^[1-9][0-9]*$ ]] || { echo "apps_times.sh: ROUNDS must be a positive integer" >&2; exit 2; }

cmake --build "$build" --target apps_timing >/dev/null
tests_json=$(ctest --test-dir "$build" --show-only=json-v1 -L apps -R '^apps\..*\.p2$')

echo "# apps_times.sh: $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg), $rounds rounds"
python3 - "$build" "$rounds" "$tests_json" <<'EOF'
import json, os, re, statistics, subprocess, sys

build, rounds, tests = sys.argv[1], int(sys.argv[2]), json.loads(sys.argv[3])["tests"]
# The timing workload of CoMD at p = 2 (the tests run 10^3 cells).
COMD_ARGS = "-i 2 -j 1 -k 1 -x 16 -y 16 -z 16 -N 40 -n 10".split()
APP_TIME = (re.compile(r"Time in seconds =\s+([0-9.]+)"),       # NPB
            re.compile(r"^total\s+1\s+([0-9.]+)", re.M))           # CoMD

runs = []  # (library, app, command, environment)
for t in tests:
    _, library, app, _ = t["name"].split(".")
    cmd = list(t["command"])
    cmd[1] = os.path.join(build, "tests", "apps", "timing", t["name"])
    # the tests launch "... -n 2 PROGRAM ARGS"
    program = cmd.index("-n", cmd.index("--")) + 2
    if app == "comd":
        cmd = cmd[:program + 1] + COMD_ARGS
    else:
        cmd[program] = re.sub(r"_S_([^/]+)$", r"_W_\1", cmd[program])
    env = dict(os.environ)
    for p in t.get("properties", []):
        if p["name"] == "ENVIRONMENT":
            env.update(v.split("=", 1) for v in p["value"])
    runs.append((library, app, cmd, env))

if not runs:
    sys.exit(f"apps_times.sh: {build} has no p = 2 application tests (tests/apps)")
libraries = list(dict.fromkeys(r[0] for r in runs))
apps = list(dict.fromkeys(r[1] for r in runs))
app_times, walls = {}, {}
for rnd in range(rounds):
    for library, app, cmd, env in runs:
        out = subprocess.run(cmd, env=env, capture_output=True, text=True)
        if out.returncode != 0:
            sys.stdout.write(out.stdout[-3000:])
            sys.exit(f"apps_times.sh: {app} on {library} failed (round {rnd + 1})")
        wall = float(re.search(r"run_app: verified in ([0-9.]+) s", out.stdout).group(1))
        own = next(float(m.group(1)) for m in (r.search(out.stdout) for r in APP_TIME) if m)
        app_times.setdefault((library, app), []).append(own)
        walls.setdefault((library, app), []).append(wall)

def table(title, data):
    print(f"\n{title}\n")
    print("| app (p = 2) | " + " | ".join(libraries) + " |")
    print("|---|" + "---:|" * len(libraries))
    for app in apps:
        cells = [f"{statistics.median(data[(l, app)]):.3f}" if (l, app) in data else "-"
                 for l in libraries]
        print(f"| {app} | " + " | ".join(cells) + " |")

table("Time the application reports (s, median)", app_times)
table("Wall time of the job, launcher included (s, median)", walls)
EOF
