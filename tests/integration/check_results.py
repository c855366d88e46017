#!/usr/bin/env python3
"""Checks a results directory written by `mpchar run` for completeness and
sanity: every point the benchmark planned is there exactly once, every row
is well formed and plausible, oversubscribed points are marked exactly when
p exceeds the cores, and meta.json describes the run.  Exits non-zero with
one line per problem."""
import argparse
import csv
import json
import math
import os
import subprocess
import sys

COLUMNS = ("library,pattern,variant,op,datatype,p,n_bytes,set,reps,t_min_us,"
           "t_median_us,t_mean_us,t_max_us,t_stddev_us,oversubscribed").split(",")


def read_rows(path):
    with open(path, newline="") as f:
        reader = csv.reader(f)
        header = next(reader)
        if header[:len(COLUMNS)] != COLUMNS:
            raise SystemExit(f"{path}: header {header} is not {COLUMNS}")
        return [dict(zip(header, row)) for row in reader]


def key_of(row):
    return tuple(row[c] for c in COLUMNS[:8])


def planned_keys(bench, plan_args):
    out = subprocess.run([bench, "--plan"] + plan_args, check=True,
                         capture_output=True, text=True).stdout
    keys = set()
    for line in out.splitlines():
        if line.startswith("@@"):
            continue
        fields = line.split(",")
        keys.add(tuple(fields[:8]))
    return keys


def check_row(row, cores, problems):
    where = ",".join(key_of(row))
    t = {c: float(row[c]) for c in COLUMNS[9:14]}
    if not all(math.isfinite(v) and v >= 0 for v in t.values()):
        problems.append(f"{where}: a time is negative or not finite")
    if not t["t_min_us"] <= t["t_median_us"] <= t["t_max_us"]:
        problems.append(f"{where}: min <= median <= max does not hold")
    if int(row["reps"]) < 1:
        problems.append(f"{where}: no repetitions")
    over = row["oversubscribed"] == "true"
    if over != (int(row["p"]) > cores):
        problems.append(f"{where}: oversubscribed={row['oversubscribed']} "
                        f"but p={row['p']} and {cores} cores")


def check_growth(rows, problems):
    """Moving more bytes costs more: the largest pingpong takes longer than
    the empty one, per library."""
    by_lib = {}
    for r in rows:
        if r["pattern"] == "pingpong" and r["variant"] == "send" \
                and r["set"] == "fit":
            by_lib.setdefault(r["library"], []).append(
                (int(r["n_bytes"]), float(r["t_min_us"])))
    for lib, pts in by_lib.items():
        pts.sort()
        if len(pts) >= 2 and not pts[-1][1] > pts[0][1]:
            problems.append(f"{lib}: pingpong at {pts[-1][0]} B is not "
                            f"slower than at {pts[0][0]} B")


BIND_FLAGS = {"openmpi": ("--bind-to", "core"), "mpich": ("-bind-to", "core"),
              "builtin": ("--bind",)}


def check_binding(meta, problems):
    """Every library's own launcher binds one rank per core where p fits
    the cores, and leaves oversubscribed ranks unbound."""
    if (meta.get("options") or {}).get("launcher"):
        return
    cores = (meta.get("host") or {}).get("cores", 0)
    for launch in meta.get("launches", []):
        flags = BIND_FLAGS.get(launch.get("library"))
        cmd = launch.get("command", [])
        if not flags:
            continue
        i = cmd.index(flags[0]) if flags[0] in cmd else -1
        bound = i >= 0 and list(cmd[i:i + len(flags)]) == list(flags)
        if bound != (launch.get("p", 0) <= cores):
            problems.append(f"meta.json: {launch.get('library')} at p = "
                            f"{launch.get('p')} on {cores} cores "
                            f"{'bound' if bound else 'not bound'}: {cmd}")


def launched_as(meta, bin_dir, lib):
    """The benchmark program a library's launches ran (builtin-sr runs
    builtin's) and the --patterns of its own they passed last (builtin-sr
    under --mpi all, an algorithm variant), as extra plan arguments."""
    bench, own = os.path.join(bin_dir, f"mpchar-bench-{lib}"), []
    for launch in meta.get("launches", []):
        if launch.get("library") != lib:
            continue
        cmd = launch.get("command", [])
        bench = next((c for c in cmd if "/mpchar-bench-" in c), bench)
        at = [i for i, c in enumerate(cmd) if c == "--patterns"]
        own = ["--patterns", cmd[at[-1] + 1]] if at else []
        break
    return bench, own


def check_meta(path, libraries, problems):
    with open(path) as f:
        meta = json.load(f)
    if meta.get("schema") != "mpchar-meta/1":
        problems.append("meta.json: schema")
    if meta.get("status") != "complete":
        problems.append(f"meta.json: status is {meta.get('status')}")
    names = {lib["name"] for lib in meta.get("libraries", [])}
    for lib in meta.get("libraries", []):
        info = lib.get("info") or {}
        if not info.get("mpi_library_version"):
            problems.append(f"meta.json: {lib['name']}: no library version")
    if names != set(libraries):
        problems.append(f"meta.json: libraries {names} != {set(libraries)}")
    for launch in meta.get("launches", []):
        steal = launch.get("cpu_steal_pct", "missing")
        if not (steal is None or isinstance(steal, (int, float)) and
                0 <= steal <= 100):
            problems.append(f"meta.json: launch cpu_steal_pct {steal!r}")
        took = launch.get("elapsed_s", "missing")
        if not (isinstance(took, (int, float)) and took > 0):
            problems.append(f"meta.json: launch elapsed_s {took!r}")
    check_binding(meta, problems)
    for field in ("host", "options", "validation_seed", "launches"):
        if field not in meta:
            problems.append(f"meta.json: no {field}")
    return meta


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dir")
    ap.add_argument("--bin", required=True)
    ap.add_argument("--libraries", required=True)
    ap.add_argument("--allow-failed", default="",
                    help="pattern:n_bytes expected in failed.csv")
    argv = sys.argv[1:]
    # After "--": the benchmark options of the run, to plan it again.
    plan_args = argv[argv.index("--") + 1:] if "--" in argv else []
    a = ap.parse_args(argv[:argv.index("--")] if "--" in argv else argv)
    libraries = a.libraries.split(",")
    problems = []
    meta = check_meta(os.path.join(a.dir, "meta.json"), libraries, problems)
    cores = meta["host"]["cores"]
    rows = read_rows(os.path.join(a.dir, "measurements.csv"))
    seen = {}
    for r in rows:
        k = key_of(r)
        if k in seen:
            problems.append(f"{','.join(k)}: measured twice")
        seen[k] = r
        check_row(r, cores, problems)
    failed = set()
    failed_path = os.path.join(a.dir, "failed.csv")
    if os.path.exists(failed_path):
        with open(failed_path, newline="") as f:
            for r in csv.DictReader(f):
                failed.add(tuple(r[c] for c in COLUMNS[:8]))
                tag = f"{r['pattern']}:{r['n_bytes']}"
                if tag != a.allow_failed:
                    problems.append(f"failed point {tag}: {r['reason']}")
    for lib in libraries:
        bench, own = launched_as(meta, a.bin, lib)
        # Planned against the directory, so that the sizes refinement
        # added (replayed from the measured times) count as planned.
        want = planned_keys(bench, ["--library", lib, "--out", a.dir] +
                            plan_args + own)
        have = {k for k in seen if k[0] == lib} | \
               {k for k in failed if k[0] == lib}
        for k in sorted(want - have)[:10]:
            problems.append(f"missing point {','.join(k)}")
        for k in sorted(have - want)[:10]:
            problems.append(f"unplanned point {','.join(k)}")
    check_growth(rows, problems)
    for p in problems[:40]:
        print(p)
    print(f"checked {len(rows)} rows of {','.join(libraries)}: "
          f"{len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
