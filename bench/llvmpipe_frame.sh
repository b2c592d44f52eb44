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
build=$(cd "${1:-$root/build}" && pwd)  # absolute: the runs start in a scratch folder
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

# Wall and CPU time (user + system, all threads: llvmpipe's rasterizer threads too) in ms of the
# viewer drawing $1 frames, with the options after it. The CPU time barely moves with the load
# of other processes, which slows the wall time 2-3x: on a shared machine it is the figure to
# compare.
run_ms() {
  local frames=$1
  shift
  local TIMEFORMAT='%R %U %S' times
  times=$({ time (cd "$work" && "$build/animview" --max-frames "$frames" "$@" > /dev/null 2> "$work/stderr"); } 2>&1) || {
    echo "bench/llvmpipe_frame.sh: animview failed:" >&2
    cat "$work/stderr" >&2
    exit 1
  }
  echo "$times" | awk '{printf "%d %d\n", $1 * 1000, ($2 + $3) * 1000}'
}

# Best of $runs of (t150 - t30) / 120 in ms per frame, wall and CPU, with the options given.
frame_ms() {
  local best="" best_cpu="" t30 t150 ms cpu
  for ((i = 0; i < runs; ++i)); do
    t30=$(run_ms 30 "$@")
    t150=$(run_ms 150 "$@")
    ms=$(echo "scale=2; (${t150% *} - ${t30% *}) / 120" | bc)
    cpu=$(echo "scale=2; (${t150#* } - ${t30#* }) / 120" | bc)
    if [ -z "$best" ] || [ "$(echo "$ms < $best" | bc)" = 1 ]; then best=$ms; fi
    if [ -z "$best_cpu" ] || [ "$(echo "$cpu < $best_cpu" | bc)" = 1 ]; then best_cpu=$cpu; fi
  done
  echo "$best ms/frame, CPU $best_cpu ms/frame (best of $runs)"
}

renderer=$(glxinfo -B 2> /dev/null | sed -n 's/.*OpenGL renderer string: //p' || true)
echo "renderer: ${renderer:-unknown}, LP_NUM_THREADS=${LP_NUM_THREADS:-default}, $(nproc) cores"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "default view:         $(frame_ms)"
echo "ground, sky, shadows: $(frame_ms --show-ground)"
echo "load after:  $(cut -d' ' -f1-3 /proc/loadavg)"
