#!/usr/bin/env bash
# CI's sanitizer steps, after the normal build and tests: builds the anim, import, demo and project
# test suites with ASan + UBSan (clang-14, -O1, in build-asan, no benchmarks), runs them, then
# runs each fuzz target from the same build. Any failure fails the run.
# CI's fuzzing is a fixed sequence (a fixed seed and number of inputs, about 50 s each on 2
# cores), so a red run replays exactly on any machine and a green one means the same inputs passed
# here. New ground is searched by hand with scripts/fuzz.sh, whose seed changes every run.
#   scripts/sanitize.sh [--build-only]
# --build-only builds what the steps run and stops (the test script runs it beside CTest).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build-asan
launcher=()
if command -v ccache > /dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
# One build serves both: the libraries carry libFuzzer's coverage hooks too, which the tests
# do not notice.
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang-14 \
  -DCMAKE_CXX_COMPILER=clang++-14 -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" \
  -DANIMVIEW_FUZZ=ON -DANIMVIEW_BUILD_BENCH=OFF "${launcher[@]}"
cmake --build "$build" -j "$(nproc)" --target anim_tests import_tests demo_tests \
  project_tests project_file_fuzzer gltf_import_fuzzer make_seeds
if [ "${1:-}" = "--build-only" ]; then
  exit 0
fi
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:strict_string_checks=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export LSAN_OPTIONS=suppressions=$root/fuzz/lsan.supp
# The suites run in two lanes, one per core (each suite is one process, mostly on one core): on a
# 2-core machine they took 313 s one after another and take about 195 s so. Each writes its own
# log, printed when it fails.
run_suites() {
  local suite log failed=0
  for suite in "$@"; do
    log=$build/$suite.log
    if "$build/tests/$suite" > "$log" 2>&1; then
      echo "$suite: $(grep '^\[  PASSED  \]' "$log")"
    else
      cat "$log"
      echo "sanitize.sh: $suite failed under ASan + UBSan (its log above)" >&2
      failed=1
    fi
  done
  return "$failed"
}
run_suites demo_tests anim_tests &
first_lane=$!
suites_failed=0
run_suites import_tests project_tests || suites_failed=1
wait "$first_lane" || suites_failed=1
if [ "$suites_failed" -ne 0 ]; then exit 1; fi
# One replay: from the seeds alone (the corpus an earlier run grew is removed), and every input
# must have run, so a busy machine that reaches the time limit first does not pass on fewer.
replay() {
  local target=$1 runs=$2 log ran
  rm -rf "$build/fuzz-corpus/$target"
  log=$(mktemp)
  ANIMVIEW_FUZZ_BUILD=$build "$root/scripts/fuzz.sh" "$target" 900 -seed=1 -runs="$runs" 2>&1 |
    tee "$log"
  ran=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  rm -f "$log"
  if [ "${ran:-0}" -lt "$runs" ]; then
    echo "sanitize.sh: the $target replay ran ${ran:-0} of $runs inputs in 900 s" >&2
    exit 1
  fi
}
replay project_file 200000
replay gltf_import 45000
