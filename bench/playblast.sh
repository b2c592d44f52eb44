#!/usr/bin/env bash
# A playblast against the naive pipeline, side by side in one run: `animview render --out x.mp4`
# (render and encode in one process, encoding frame N while frame N+1 renders) against
# `animview render --out-dir` PNGs followed by Debian's `ffmpeg` encoding them with the same
# codec and quality (libx264, CRF 23, yuv420p). Both render the same frames: the clip's first
# SECONDS at 1280x720, 30 fps (the video's [0, SECONDS); the sequence's last frame is the one
# before SECONDS). Prints the wall time of each and the ratio.
# The clip: the longest of the third-party assets, CMU 131_01 (8.3 s of mocap, drawn as its
# skeleton; its first 8 s), unless FILE, CLIP and SECONDS (at most the clip's length) are given.
# Usage: bench/playblast.sh [build folder (build)] [FILE CLIP SECONDS]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
assets=${ANIMVIEW_SHARED_ASSETS:-$root/../shared/assets}
file=${2:-$assets/cmu/scaled_131_01.bvh}
clip=${3:-0}
seconds=${4:-8}
[ -f "$file" ] || {
  echo "bench/playblast.sh: $file not found (give FILE CLIP, or the shared assets)" >&2
  exit 1
}
command -v ffmpeg > /dev/null || {
  echo "bench/playblast.sh: ffmpeg not installed (scripts/install_deps.sh)" >&2
  exit 1
}
run=()
[ -n "${DISPLAY:-}" ] || run=(xvfb-run -a -s '-screen 0 1280x720x24')
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
common=(render "$file" --clip "$clip" --size 1280x720 --fps 30 --from 0)

ms() { echo $(($(date +%s%N) / 1000000)); }

start=$(ms)
"${run[@]}" "$build/animview" "${common[@]}" --to "$seconds" --out "$work/playblast.mp4" > /dev/null 2>&1
playblast=$(($(ms) - start))

start=$(ms)
"${run[@]}" "$build/animview" "${common[@]}" --to "$(echo "$seconds - 1/30" | bc -l)" \
  --out-dir "$work/png" > /dev/null 2>&1
rendered=$(($(ms) - start))
frames=$(ls "$work/png" | wc -l)
first=$(ls "$work/png" | head -1)
pattern=${first%_*}_%04d.png
ffmpeg -v error -y -framerate 30 -i "$work/png/$pattern" -c:v libx264 -crf 23 -pix_fmt yuv420p \
  "$work/naive.mp4"
naive=$(($(ms) - start))

video_frames=$(ffprobe -v error -count_frames -select_streams v -show_entries \
  stream=nb_read_frames -of csv=p=0 "$work/playblast.mp4")
printf '%-44s %8s ms  (%s frames)\n' "render --out x.mp4 (playblast)" "$playblast" "$video_frames"
printf '%-44s %8s ms  (%s frames; PNGs alone %s ms)\n' "render --out-dir PNGs + ffmpeg (naive)" \
  "$naive" "$frames" "$rendered"
printf '%-44s %8s\n' "ratio playblast / naive" "$(echo "scale=2; $playblast / $naive" | bc)"
