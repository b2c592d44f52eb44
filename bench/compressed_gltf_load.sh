#!/usr/bin/env bash
# Load time of compressed glTF twins against their uncompressed originals: `animview info` (one
# full import in its isolated child process, then the summary) run N times on each file, the
# median wall time printed side by side with the ratio. The twins are made with the npm tools
# that scripts/install_node_tools.sh installs.
# Usage: bench/compressed_gltf_load.sh [build folder (build)] [runs (15)]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
runs=${2:-15}
assets=${ANIMVIEW_SHARED_ASSETS:-$root/../shared/assets}
bin="$root/build/node_tools/node_modules/.bin"
[ -x "$bin/gltf-transform" ] && [ -x "$bin/gltfpack" ] || {
  echo "run scripts/install_node_tools.sh first" >&2
  exit 1
}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

median_ms() {  # file: the median of $runs timed imports, in milliseconds
  local times=()
  for _ in $(seq "$runs"); do
    local start end
    start=$(date +%s%N)
    "$build/animview" info "$1" > /dev/null
    end=$(date +%s%N)
    times+=($(((end - start) / 1000000)))
  done
  printf '%s\n' "${times[@]}" | sort -n | sed -n "$(((runs + 1) / 2))p"
}

compare() {  # label original twin
  local a b
  a=$(median_ms "$2")
  b=$(median_ms "$3")
  printf '%-34s %8s ms %8s ms %6s\n' "$1" "$a" "$b" "$(echo "scale=2; $b / $a" | bc)"
}

printf '%-34s %11s %11s %6s\n' "twin" "original" "twin" "ratio"
for asset in kaykit/Knight.glb khronos/Fox.glb quaternius/RobotExpressive.glb; do
  name=$(basename "$asset" .glb)
  "$bin/gltf-transform" draco "$assets/$asset" "$work/$name.draco.glb" > /dev/null
  "$bin/gltf-transform" meshopt "$assets/$asset" "$work/$name.meshopt.glb" > /dev/null
  "$bin/gltfpack" -i "$assets/$asset" -o "$work/$name.pack.glb" -cc > /dev/null
  compare "$name draco (gltf-transform)" "$assets/$asset" "$work/$name.draco.glb"
  compare "$name meshopt (gltf-transform)" "$assets/$asset" "$work/$name.meshopt.glb"
  compare "$name meshopt (gltfpack -cc)" "$assets/$asset" "$work/$name.pack.glb"
done
