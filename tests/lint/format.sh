#!/usr/bin/env bash
# Fails when a C file of the repository is not laid out as .clang-format
# says, naming each file and the first lines clang-format would change.
# Vendored applications (tests/apps) keep their upstream layout.
# Usage: format.sh [ROOT]   Fix with: git ls-files '*.c' '*.h' ':!:tests/apps/' | xargs clang-format -i
set -uo pipefail
root=${1:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$root" || exit 2
command -v clang-format >/dev/null || { echo "format.sh: clang-format not found (scripts/setup.sh installs it)" >&2; exit 2; }
bad=0
while IFS= read -r f; do
    if ! out=$(clang-format --dry-run --Werror "$f" 2>&1); then
        echo "$out" | head -6
        bad=$((bad + 1))
    fi
done < <(git ls-files '*.c' '*.h' ':!:tests/apps/')
if [ "$bad" -gt 0 ]; then
    echo "format.sh: $bad file(s) differ from .clang-format; fix with: git ls-files '*.c' '*.h' ':!:tests/apps/' | xargs clang-format -i"
    exit 1
fi
echo "format.sh: every C file follows .clang-format"
