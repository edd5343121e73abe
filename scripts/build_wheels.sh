#!/usr/bin/env bash
# Build the distributable wheels and the sdist into dist/ (or $OUT):
#   - one stable-ABI wheel for CPython 3.10 and later (cp310-abi3),
#   - one wheel for CPython 3.9 (its limited API lacks the copy-free text read),
# both linked with zig against an old glibc so they carry the manylinux2014 tag
# (glibc 2.17: every maintained Linux distribution), plus the source distribution.
#
#   bash scripts/build_wheels.sh            # release profile (fat LTO), what ships
#   PROFILE=test-release bash scripts/build_wheels.sh   # faster build, same code (tests)
set -euo pipefail
cd "$(dirname "$0")/.."

PROFILE=${PROFILE:-release}
OUT=${OUT:-dist}
VENV=${VENV:-.venv}
PY=${PYTHON:-python3}
if [ ! -x "$VENV/bin/python" ]; then
  "$PY" -m venv "$VENV"
fi
"$VENV/bin/python" -m pip install -q --disable-pip-version-check "maturin>=1.5,<2" "ziglang<0.18"
MATURIN="$VENV/bin/maturin"
export PATH="$PWD/$VENV/bin:$PATH"

# An interpreter of each version maturin targets: pyenv's when present, else PATH's.
interp() {
  local v=$1
  for c in "${PYENV_ROOT:-$HOME/.pyenv}"/versions/"$v".*/bin/python"$v" "$(command -v "python$v" || true)"; do
    if [ -x "$c" ]; then echo "$c"; return 0; fi
  done
  echo "no python$v found (pyenv install $v, or put python$v on PATH)" >&2
  return 1
}

mkdir -p "$OUT"
common=(--profile "$PROFILE" --zig --compatibility manylinux2014 --out "$OUT")
"$MATURIN" build "${common[@]}" --features abi3 --interpreter "$(interp 3.10)"
"$MATURIN" build "${common[@]}" --interpreter "$(interp 3.9)"
"$MATURIN" sdist --out "$OUT"
ls -1 "$OUT"
