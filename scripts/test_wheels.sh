#!/usr/bin/env bash
# Build the wheels (scripts/build_wheels.sh) and install each into a fresh virtualenv of
# every CPython 3.9-3.13 that pyenv has, with no Rust toolchain on PATH and no source
# build allowed, then run the smoke suite (tests/wheel/smoke.py) from outside the
# repository. scripts/test.sh calls this; PROFILE=release tests what ships.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

OUT="$WORK/dist" PROFILE=${PROFILE:-test-release} bash scripts/build_wheels.sh >"$WORK/build.log" 2>&1 || {
  tail -n 30 "$WORK/build.log"; exit 1; }

abi3=$(ls "$WORK"/dist/*-cp310-abi3-manylinux*.whl)
cp39=$(ls "$WORK"/dist/*-cp39-cp39-manylinux*.whl)
sdist=$(ls "$WORK"/dist/*.tar.gz)
# (Listings are read whole: grep -q closing a pipe early would fail it under pipefail.)
for f in "$abi3" "$cp39"; do
  # The licence and the typing marker travel inside every wheel.
  listing=$(unzip -l "$f")
  grep -q "dist-info/licenses/LICENSE" <<<"$listing" || { echo "no LICENSE in $f"; exit 1; }
  grep -q "mahjong_fast/py.typed" <<<"$listing" || { echo "no py.typed in $f"; exit 1; }
done
listing=$(tar -tzf "$sdist")
grep -q "/LICENSE$" <<<"$listing" || { echo "no LICENSE in $sdist"; exit 1; }

# PATH without cargo, rustc or maturin: the install must come from the wheel alone.
CLEAN_PATH=$(echo "$PATH" | tr ':' '\n' | grep -v -e '\.cargo' -e '\.rustup' -e "$ROOT" | paste -sd: -)
tested=0
for v in 3.9 3.10 3.11 3.12 3.13; do
  py=$(ls "${PYENV_ROOT:-$HOME/.pyenv}"/versions/"$v".*/bin/python"$v" 2>/dev/null | tail -n 1 || true)
  if [ -z "$py" ]; then echo "python$v: not installed here, skipped"; continue; fi
  wheel=$abi3; [ "$v" = 3.9 ] && wheel=$cp39
  env=$WORK/venv$v
  "$py" -m venv "$env"
  (cd "$WORK" && PATH="$CLEAN_PATH" "$env/bin/python" -m pip install -q --disable-pip-version-check \
    --only-binary=:all: "$wheel")
  if PATH="$CLEAN_PATH" command -v cargo >/dev/null; then echo "cargo still on PATH"; exit 1; fi
  (cd "$WORK" && PATH="$CLEAN_PATH" "$env/bin/python" -I "$ROOT/tests/wheel/smoke.py")
  tested=$((tested + 1))
done
[ "$tested" -gt 0 ] || { echo "no CPython 3.9-3.13 found to test the wheels with"; exit 1; }
echo "wheels: $tested passed, 0 failed"
