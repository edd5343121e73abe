#!/usr/bin/env bash
# The whole test suite on a fresh machine: a virtualenv with the test dependencies,
# the extension built in the optimized test profile, `cargo test` for the workspace,
# then pytest. CI (.ci/run) calls exactly this.
set -euo pipefail
cd "$(dirname "$0")/.."

PY=${PYTHON:-python3}
VENV=${VENV:-.venv}
if [ ! -x "$VENV/bin/python" ]; then
  "$PY" -m venv "$VENV"
fi
# Development dependencies only (never runtime ones): the test runner, property
# testing, benchmarks, NumPy, pyarrow, pandas and polars (batch inputs and results),
# mypy (stubtest of _core.pyi), PettingZoo and Gymnasium (the RL environments' API
# checkers; the `rl` extra), websockets (examples/table_server.py and its tests),
# and the peer packages used by differential tests and benches.
"$VENV/bin/python" -m pip install -q --disable-pip-version-check \
  "maturin>=1.5,<2" pytest hypothesis pytest-benchmark numpy pyarrow pandas polars duckdb mypy ruff mahjong riichienv \
  pettingzoo gymnasium "websockets>=13"
# Ray and Dask for the cluster tests (tests/cluster: a Ray head and two worker nodes,
# a Dask local cluster, all on 127.0.0.1); those tests skip when either is missing,
# so a failed install is said and the rest runs on.
"$VENV/bin/python" -m pip install -q --disable-pip-version-check "ray[data]" "dask[dataframe,distributed]" \
  || echo "(ray / dask could not be installed: the cluster tests will skip)"

# The solitaire play page's browser test: Debian's chromium with its driver, and
# Selenium (test dependencies only; each installed only when missing).
if ! command -v chromedriver >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1; then
  { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium chromium-driver; } >/dev/null 2>&1 \
    || echo "(chromium could not be installed: the browser test will skip)"
fi
"$VENV/bin/python" -c "import selenium" 2>/dev/null || "$VENV/bin/python" -m pip install -q --disable-pip-version-check selenium

echo "== lint: cargo fmt --check, clippy -D warnings, ruff"
cargo fmt --all --check
cargo clippy --workspace --all-targets --profile test-release -q -- -D warnings
"$VENV/bin/ruff" check -q .

echo "== cargo test (workspace)"
cargo test --workspace --profile test-release -q 2>&1 | tail -n 40

echo "== build the extension"
# `maturin develop` installs into the active virtualenv.
VIRTUAL_ENV="$PWD/$VENV" PATH="$PWD/$VENV/bin:$PATH" \
  "$VENV/bin/maturin" develop --profile test-release -q

echo "== wheels: build, install into fresh virtualenvs of CPython 3.9-3.13, smoke suite"
if [ "${SKIP_WHEELS:-0}" = 1 ]; then echo "skipped (SKIP_WHEELS=1)"; else bash scripts/test_wheels.sh; fi

echo "== fuzz: every parser and decoder, a few seconds each (scripts/fuzz.sh; SKIP_FUZZ=1 skips)"
if [ "${SKIP_FUZZ:-0}" = 1 ]; then echo "skipped (SKIP_FUZZ=1)"; else bash scripts/fuzz.sh --ci; fi

echo "== pytest"
"$VENV/bin/python" -m pytest -q -p no:cacheprovider --benchmark-disable "$@" tests
