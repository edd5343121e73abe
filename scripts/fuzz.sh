#!/usr/bin/env bash
# Fuzz every parser and decoder (fuzz/fuzz_targets, checks in fuzz/src/lib.rs).
#
#   scripts/fuzz.sh [--ci | --long | --seconds N] [target ...]
#
# --ci (default): each target FUZZ_SECONDS seconds (default 12; 12 targets: about
#   2.5 minutes of fuzzing after the build); stops at the first crash and fails.
# --long: each target an hour (FUZZ_SECONDS to change), one after another, on one
#   core at the lowest priority; a crash is saved and fuzzing goes on; prints each
#   target's executions, time and crashes at the end (also in fuzz/long-report.txt).
#
# Needs only cargo and a C++ compiler (libfuzzer-sys builds libFuzzer): the targets
# are built with the instrumentation flags cargo-fuzz would pass, so cargo-fuzz need
# not be installed (installing it costs a CI run several minutes). The stable
# toolchain takes the sanitizer flag with RUSTC_BOOTSTRAP=1. Seed corpora come
# from scripts/fuzz_seeds.py (fuzz/corpus, not committed); crashes land in
# fuzz/artifacts/<target>/.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=ci
secs=${FUZZ_SECONDS:-}
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --ci) mode=ci ;;
    --long) mode=long ;;
    --seconds) secs=$2; shift ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    *) targets+=("$1") ;;
  esac
  shift
done
if [ -z "$secs" ]; then
  if [ "$mode" = long ]; then secs=3600; else secs=12; fi
fi

if ! command -v c++ >/dev/null 2>&1; then
  echo "fuzz: skipped (no C++ compiler to build libFuzzer)"
  exit 0
fi
export RUSTC_BOOTSTRAP=1
triple=$(rustc -vV | sed -n 's/^host: //p')
PY=${PYTHON:-python3}
[ -x .venv/bin/python ] && PY=$PWD/.venv/bin/python

cd fuzz
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < <(sed -n '/^\[\[bin\]\]/{n;s/^name = "\(.*\)"/\1/p}' Cargo.toml)
fi
"$PY" ../scripts/fuzz_seeds.py corpus >/dev/null
# Debug assertions (and with them overflow checks) on: an overflow is a crash.
echo "fuzz: building the targets (the first build takes several minutes)"
# Coverage counters, comparison tracing and AddressSanitizer, as libFuzzer expects;
# one codegen unit so the instrumented release build still inlines.
rustflags=(
  -Cpasses=sancov-module
  -Cllvm-args=-sanitizer-coverage-level=4
  -Cllvm-args=-sanitizer-coverage-inline-8bit-counters
  -Cllvm-args=-sanitizer-coverage-pc-table
  -Cllvm-args=-sanitizer-coverage-trace-compares
  -Cllvm-args=-sanitizer-coverage-stack-depth
  --cfg fuzzing
  -Zsanitizer=address
  -Cdebug-assertions
  -Ccodegen-units=1
)
# --target keeps these flags away from build scripts and proc macros.
RUSTFLAGS="${rustflags[*]} ${RUSTFLAGS:-}" nice -n 10 cargo build --release --bins --target "$triple" \
  --config 'profile.release.debug="line-tables-only"'
export ASAN_OPTIONS="detect_odr_violation=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
bin=target/$triple/release

report=()
status=0
for t in "${targets[@]}"; do
  mkdir -p "corpus/$t" "artifacts/$t"
  log=$(mktemp)
  flags=(-max_total_time="$secs" -rss_limit_mb=2048 -timeout=20 -max_len=65536 -artifact_prefix="artifacts/$t/")
  start=$(date +%s)
  if [ "$mode" = long ]; then
    # One worker process, crashes kept and fuzzing continued.
    nice -n 19 "$bin/$t" "${flags[@]}" -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 "corpus/$t" >"$log" 2>&1 || true
  else
    if ! "$bin/$t" "${flags[@]}" "corpus/$t" >"$log" 2>&1; then
      status=1
      echo "fuzz: $t crashed:"
      grep -E "panicked|ERROR|SUMMARY|Test unit written" "$log" | head -8
    fi
  fi
  took=$(( $(date +%s) - start ))
  execs=$(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#' || true)
  # Fork mode reports "oom/timeout/crash: a/b/c"; a plain run stops at its crash.
  crashes=$(grep -oE 'oom/timeout/crash: [0-9]+/[0-9]+/[0-9]+' "$log" | tail -1 | sed 's#.*/##' || true)
  [ -n "$crashes" ] || crashes=$(grep -c 'Test unit written' "$log" || true)
  saved=$(find "artifacts/$t" -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' | wc -l)
  line="$t: ${execs:-0} executions in ${took}s, crashes seen ${crashes}, artifacts ${saved}"
  echo "fuzz: $line"
  report+=("$line")
  rm -f "$log"
done
if [ "$mode" = long ]; then
  printf '%s\n' "${report[@]}" > long-report.txt
fi
exit $status
