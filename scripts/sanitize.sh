#!/usr/bin/env bash
# CI's sanitizer steps, after the normal build and tests: builds the anim and asset test suites
# with ASan + UBSan (clang-14, -O1, in build-asan, no benchmarks), runs them, then runs each
# fuzz target from the same build. Any failure fails the run.
# CI's fuzzing is a fixed sequence (a fixed seed and number of inputs, about a minute each), so a
# red run replays exactly on any machine and a green one means the same inputs passed here. New
# ground is searched by hand with scripts/fuzz.sh, whose seed changes every run.
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
cmake --build "$build" -j "$(nproc)" --target anim_tests asset_tests
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:strict_string_checks=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export LSAN_OPTIONS=suppressions=$root/fuzz/lsan.supp
"$build/tests/anim_tests"
"$build/tests/asset_tests"
# The time limit only guards a machine much slower than ours; the run count ends the run.
ANIMVIEW_FUZZ_BUILD=$build "$root/scripts/fuzz.sh" project_file 300 -seed=1 -runs=400000
ANIMVIEW_FUZZ_BUILD=$build "$root/scripts/fuzz.sh" gltf_import 300 -seed=1 -runs=90000
