#!/usr/bin/env python3
"""Fails when a build, test, script or source file names a path outside the
repository: a user's clone has nothing beside it (issue 20).

Every path token with a '..' component is resolved against where it is
anchored (the repository root for ${PROJECT_SOURCE_DIR}, ${CMAKE_SOURCE_DIR}
or a script's $root; the file's own folder for ${CMAKE_CURRENT_SOURCE_DIR},
$(dirname "$0") and bare relative paths) and must stay inside the root.
Absolute paths into the development machine's work area are refused too.

Usage: self_contained.py [ROOT]   (default: this file's repository)
       self_contained.py --selftest
"""
import os
import re
import subprocess
import sys
import tempfile

CHECKED = ("CMakeLists.txt", ".cmake", ".sh", ".py", ".c", ".h", ".in", "run")
CHECKED_DIRS = ("cmake/", "scripts/", "tests/", "src/", "runtime/", ".ci/",
                "include/")
ROOT_ANCHORS = ("${PROJECT_SOURCE_DIR}", "${CMAKE_SOURCE_DIR}", "$root",
                "${root}")
HERE_ANCHORS = ("${CMAKE_CURRENT_SOURCE_DIR}", "${CMAKE_CURRENT_LIST_DIR}",
                "@HERE@")
# "$(dirname "$0")" and its kin name the script's own folder.
DIRNAME = re.compile(r'\$\(dirname +"?\$(?:0|\{BASH_SOURCE\[0\]\}|BASH_SOURCE)"?\)')
TOKEN = re.compile(r'[^\s"\'(),;=<>:]+')
PARENT = re.compile(r'(?:^|/)\.\.(?:/|$)')
ANCHOR = re.compile(r'^(\$\{[A-Za-z_]+\}|\$[A-Za-z_]+|@HERE@)')
WORK_AREA = re.compile(r'(?<![\w.])/work/[\w.-]+')


def tracked_files(root):
    out = subprocess.run(["git", "-C", root, "ls-files"], check=True,
                         capture_output=True, text=True).stdout.split("\n")
    return [f for f in out if f and f.startswith(CHECKED_DIRS + ("CMakeLists.txt",))
            and (f.endswith(CHECKED) or "/" not in f)]


def escapes(root, base, rel):
    target = os.path.normpath(os.path.join(base, rel.lstrip("/")))
    return os.path.relpath(target, root).startswith("..")


def problems_in(root, path):
    folder = os.path.dirname(os.path.join(root, path))
    with open(os.path.join(root, path), encoding="utf-8", errors="replace") as f:
        lines = f.read().split("\n")
    for no, line in enumerate(lines, 1):
        for token in TOKEN.findall(DIRNAME.sub("@HERE@", line)):
            if not PARENT.search(token):
                continue
            m = ANCHOR.match(token)
            anchor = m.group(1) if m else ""
            rel = token[len(anchor):]
            if anchor in ROOT_ANCHORS:
                bases = [root]
            elif anchor in HERE_ANCHORS:
                bases = [folder]
            else:
                # A bare relative path (or one after an unknown variable) may
                # be read from the file's folder or from the repository root.
                bases = [folder, root]
            if all(escapes(root, b, rel) for b in bases):
                yield f"{path}:{no}: '{token}' leads outside the repository"
        for m in WORK_AREA.finditer(line):
            yield f"{path}:{no}: '{m.group(0)}' is a path of the development machine"


def check(root):
    root = os.path.abspath(root)
    found = [p for f in tracked_files(root) for p in problems_in(root, f)]
    for p in found:
        print(p)
    return 1 if found else 0


def selftest():
    """The check must fail on a planted outside path and pass without it."""
    with tempfile.TemporaryDirectory() as d:
        subprocess.run(["git", "init", "-q", d], check=True)
        os.makedirs(os.path.join(d, "tests", "unit"))
        cm = os.path.join(d, "tests", "unit", "CMakeLists.txt")
        good = 'set(v "${PROJECT_SOURCE_DIR}/tests/data")\n' \
               'set(w "${CMAKE_CURRENT_SOURCE_DIR}/../data")\n'
        with open(cm, "w") as f:
            f.write(good)
        subprocess.run(["git", "-C", d, "add", "."], check=True)
        if check(d) != 0:
            print("selftest: a clean tree was refused")
            return 1
        up = ".." + "/"  # written apart so that this file passes its own check
        bad = [f'set(v "${{PROJECT_SOURCE_DIR}}/{up}shared/seed-vectors")\n',
               f'set(w "${{CMAKE_CURRENT_SOURCE_DIR}}/{up * 3}x")\n',
               f'cat {up * 3}shared/a.csv\n',
               'cd /' + 'work/shared\n']
        for b in bad:
            with open(cm, "w") as f:
                f.write(good + b)
            if check(d) == 0:
                print(f"selftest: missed {b.strip()!r}")
                return 1
    print("selftest: planted outside paths are found, clean ones pass")
    return 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--selftest"]:
        sys.exit(selftest())
    here = os.path.dirname(os.path.abspath(__file__))
    sys.exit(check(sys.argv[1] if len(sys.argv) > 1 else
                   os.path.dirname(os.path.dirname(here))))
