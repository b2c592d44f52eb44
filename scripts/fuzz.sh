#!/usr/bin/env bash
# Builds the libFuzzer targets (clang-14, ASan + UBSan) and runs one:
#   scripts/fuzz.sh TARGET SECONDS [libFuzzer options...]
# TARGET: project_file or gltf_import. The seed corpus is generated from the project's own data
# (the demo project and character) into BUILD/fuzz-seeds; what the run adds to it, and any
# crashing input, stay in BUILD/fuzz-corpus/TARGET and BUILD/fuzz-findings/TARGET.
# ANIMVIEW_FUZZ_BUILD picks the build folder (default build-fuzz; CI shares build-asan).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if [ $# -lt 2 ]; then
  echo "usage: $0 project_file|gltf_import SECONDS [libFuzzer options...]" >&2
  exit 2
fi
target=$1
seconds=$2
shift 2
case "$target" in
  project_file | gltf_import) ;;
  *)
    echo "$0: unknown target '$target' (project_file, gltf_import)" >&2
    exit 2
    ;;
esac
build=${ANIMVIEW_FUZZ_BUILD:-$root/build-fuzz}
launcher=()
if command -v ccache > /dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang-14 \
  -DCMAKE_CXX_COMPILER=clang++-14 -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" \
  -DANIMVIEW_FUZZ=ON -DANIMVIEW_BUILD_BENCH=OFF "${launcher[@]}" > /dev/null
cmake --build "$build" -j "$(nproc)" --target "${target}_fuzzer" make_seeds
"$build/fuzz/make_seeds" "$build/fuzz-seeds"
corpus=$build/fuzz-corpus/$target
findings=$build/fuzz-findings/$target
mkdir -p "$corpus" "$findings"
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$root/fuzz/lsan.supp}
# -rss_limit_mb: assimp may legitimately take a few hundred MiB on a mutated file; more is a
# finding. -timeout: one input may take at most 10 s.
"$build/fuzz/${target}_fuzzer" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 \
  -print_final_stats=1 -artifact_prefix="$findings/" "$@" "$corpus" "$build/fuzz-seeds/$target"
