#!/usr/bin/env bash
# Every benchmark in one run: builds the extension (fat LTO unless told otherwise),
# installs the peer packages that install, runs benches/suite.py (distinct inputs,
# peers in the same run, answers compared), writes docs/benchmarks.md and puts its
# summary table into the README's speed section. About ten minutes on 2 free cores.
#
#   BENCH_BUILD=release|test-release|none   how to build first (default release;
#                                           none: time what is installed)
#   BENCH_SCALE=0.05                        smaller inputs (a quick check, e.g. under load)
#   BENCH_ROUNDS=5, BENCH_ONLY=shanten,...  see benches/suite.py
#   BENCH_PEERS=0                           do not try to install the peers
set -euo pipefail
cd "$(dirname "$0")/.."

VENV=${VENV:-.venv}
PY="$VENV/bin/python"
BUILD=${BENCH_BUILD:-release}
if [ "$BUILD" != none ] && command -v sccache >/dev/null 2>&1; then export RUSTC_WRAPPER=${RUSTC_WRAPPER:-sccache}; fi
case "$BUILD" in
  none) note="as installed in $VENV (BENCH_BUILD=none)" ;;
  release) note="maturin develop --release (fat LTO)"
    VIRTUAL_ENV="$PWD/$VENV" PATH="$PWD/$VENV/bin:$PATH" "$VENV/bin/maturin" develop --release -q ;;
  *) note="maturin develop --profile $BUILD"
    VIRTUAL_ENV="$PWD/$VENV" PATH="$PWD/$VENV/bin:$PATH" "$VENV/bin/maturin" develop --profile "$BUILD" -q ;;
esac

# The peers, each on its own so that one failing to install leaves the others (a peer
# that is absent is reported as such). `jansou` ships the table jansou-native reads.
if [ "${BENCH_PEERS:-1}" = 1 ]; then
  for p in mahjong riichienv xiangting cmajiang jansou-native jansou; do
    "$PY" -m pip install -q --disable-pip-version-check "$p" >/dev/null 2>&1 || echo "($p does not install here)"
  done
fi

summary=$(mktemp)
trap 'rm -f "$summary"' EXIT
BENCH_BUILD_NOTE="$note" nice -n "${BENCH_NICE:-0}" "$PY" benches/suite.py --out docs/benchmarks.md --summary "$summary"

# The README's speed section quotes the latest summary only (between the markers).
"$PY" - "$summary" <<'PYEOF'
import sys
from pathlib import Path

readme = Path("README.md")
text = readme.read_text()
start, end = "<!-- bench:start -->", "<!-- bench:end -->"
i, j = text.index(start) + len(start), text.index(end)
table = Path(sys.argv[1]).read_text()
new = text[:i] + "\n" + table + "\n" + text[j:]
tmp = readme.with_name("README.md.tmp")
tmp.write_text(new)
tmp.replace(readme)
PYEOF
echo "docs/benchmarks.md and the README's speed section updated"
