#!/usr/bin/env bash
# The viewer's frame time on Mesa's llvmpipe (issue #46): the demo in a 1280x720 window under
# Xvfb, vblank_mode=0, measured as the extra wall time of 150 frames over 30 (which cancels the
# start, the load and the exit), best of 3, for (a) the default view and (b) the ground, sky and
# shadows on (--show-ground). llvmpipe draws with LP_NUM_THREADS threads (default: one per
# core); the load average is printed with the figures, since other processes slow the renderer
# 2-3x.
# Usage: bench/llvmpipe_frame.sh [build folder (build)] [runs (3)]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
runs=${2:-3}
if [ -z "${DISPLAY:-}" ]; then
  exec xvfb-run -a -s '-screen 0 1280x720x24' "$0" "$build" "$runs"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export vblank_mode=0 LIBGL_ALWAYS_SOFTWARE=1
# The viewer's autosave and recent files stay out of the user's folders (Mesa's shader cache
# stays in ~/.cache: the runs are timed warm).
export ANIMVIEW_STATE_DIR=$work XDG_CONFIG_HOME=$work XDG_STATE_HOME=$work

# Wall time in ms of the viewer drawing $1 frames, with the options after it.
run_ms() {
  local frames=$1
  shift
  local start end
  start=$(date +%s%N)
  (cd "$work" && "$build/animview" --max-frames "$frames" "$@" > /dev/null 2> "$work/stderr") || {
    echo "bench/llvmpipe_frame.sh: animview failed:" >&2
    cat "$work/stderr" >&2
    exit 1
  }
  end=$(date +%s%N)
  echo $(((end - start) / 1000000))
}

# Best of $runs of (t150 - t30) / 120 in ms per frame, with the options given.
frame_ms() {
  local best="" t30 t150 ms
  for ((i = 0; i < runs; ++i)); do
    t30=$(run_ms 30 "$@")
    t150=$(run_ms 150 "$@")
    ms=$(echo "scale=2; ($t150 - $t30) / 120" | bc)
    if [ -z "$best" ] || [ "$(echo "$ms < $best" | bc)" = 1 ]; then best=$ms; fi
  done
  echo "$best"
}

renderer=$(glxinfo -B 2> /dev/null | sed -n 's/.*OpenGL renderer string: //p' || true)
echo "renderer: ${renderer:-unknown}, LP_NUM_THREADS=${LP_NUM_THREADS:-default}, $(nproc) cores"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "default view:         $(frame_ms) ms/frame (best of $runs)"
echo "ground, sky, shadows: $(frame_ms --show-ground) ms/frame (best of $runs)"
echo "load after:  $(cut -d' ' -f1-3 /proc/loadavg)"
