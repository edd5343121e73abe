#!/usr/bin/env bash
# Fuzz every parser and decoder (fuzz/fuzz_targets, checks in fuzz/src/lib.rs).
#
#   scripts/fuzz.sh [--ci | --long | --seconds N] [target ...]
#
# --ci (default): each target FUZZ_SECONDS seconds (default 12; 12 targets: about
#   2.5 minutes of fuzzing after the build); stops at the first crash and fails.
# --long: each target an hour of its own CPU time (FUZZ_SECONDS to change), one after
#   another, on one core at the lowest priority; counting CPU rather than wall time
#   keeps the hour an hour of fuzzing on a busy machine. A crash is saved and fuzzing
#   goes on; prints each target's executions, CPU and wall time and crashes at the end
#   (each also appended to fuzz/long-report.txt with the date and commit).
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
# The commit the targets are built from (with "+changes" when the code differs from it):
# a long run takes hours, and HEAD may move before a target's line is written.
built_from=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
git diff --quiet HEAD -- ../rust . 2>/dev/null || built_from+="+changes"
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

# One target for $secs seconds of its own CPU time (libFuzzer's -max_total_time counts
# wall time). A crash ends a plain run, so the run is restarted on the grown corpus
# until the budget is spent; executions add up over the restarts.
long_run() {
  local t=$1 log=$2 used=0 ticks last pid part n hz restarts=0
  hz=$(getconf CLK_TCK)
  long_execs=0
  : >"$log"
  while [ "$used" -lt "$secs" ] && [ "$restarts" -lt 100 ]; do
    restarts=$(( restarts + 1 ))
    part=$(mktemp)
    nice -n 19 "$bin/$t" "${flags[@]/-max_total_time=*/-max_total_time=999999}" -print_final_stats=1 \
      "corpus/$t" >"$part" 2>&1 &
    pid=$!
    last=0
    while kill -0 "$pid" 2>/dev/null; do
      sleep 5
      ticks=$(awk '{print $14 + $15}' "/proc/$pid/stat" 2>/dev/null || echo "$last")
      last=$ticks
      if [ $(( used + last / hz )) -ge "$secs" ]; then
        # SIGTERM, not SIGINT: a background job of a script has SIGINT ignored.
        # libFuzzer stops on either and prints its final stats.
        kill -TERM "$pid" 2>/dev/null || true
        break
      fi
    done
    wait "$pid" 2>/dev/null || true
    # CPU since the last sample (at most 5 s) is not counted: the hour errs long.
    used=$(( used + (last / hz > 0 ? last / hz : 1) ))
    n=$(sed -n 's/^stat::number_of_executed_units: *//p' "$part" | tail -1)
    [ -n "$n" ] || n=$(grep -oE '^#[0-9]+' "$part" | tail -1 | tr -d '#')
    long_execs=$(( long_execs + ${n:-0} ))
    cat "$part" >>"$log"
    rm -f "$part"
  done
  long_cpu=$used
}

report=()
status=0
for t in "${targets[@]}"; do
  mkdir -p "corpus/$t" "artifacts/$t"
  log=$(mktemp)
  flags=(-max_total_time="$secs" -rss_limit_mb=2048 -timeout=20 -max_len=65536 -artifact_prefix="artifacts/$t/")
  start=$(date +%s)
  if [ "$mode" = long ]; then
    long_run "$t" "$log"
  else
    if ! "$bin/$t" "${flags[@]}" "corpus/$t" >"$log" 2>&1; then
      status=1
      echo "fuzz: $t crashed:"
      grep -E "panicked|ERROR|SUMMARY|Test unit written" "$log" | head -8
    fi
  fi
  took=$(( $(date +%s) - start ))
  if [ "$mode" = long ]; then
    execs=$long_execs
  else
    execs=$(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#' || true)
  fi
  crashes=$(grep -c 'Test unit written' "$log" || true)
  saved=$(find "artifacts/$t" -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' | wc -l)
  line="$t: ${execs:-0} executions in ${took}s wall"
  [ "$mode" = long ] && line+=", ${long_cpu}s CPU"
  line+=", crashes seen ${crashes}, artifacts ${saved}"
  echo "fuzz: $line"
  report+=("$line")
  # Each target's line as it ends, so that a long run stopped midway keeps its record.
  [ "$mode" = long ] && echo "$(date -u '+%Y-%m-%d %H:%M UTC') built from ${built_from} $line" >> long-report.txt
  rm -f "$log"
done
exit $status
