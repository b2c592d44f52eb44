#!/usr/bin/env bash
# The viewer's frame time on Mesa's llvmpipe (issue #46): the demo in a 1280x720 window under
# Xvfb, vblank_mode=0, measured as the extra wall time of 150 frames over 30 (which cancels the
# start, the load and the exit), best of 3, for (a) the default view and (b) the ground, sky and
# shadows on (--show-ground). llvmpipe draws with LP_NUM_THREADS threads (default: one per
# core); the load average is printed with the figures, since other processes slow the renderer
# 2-3x. With a reference build folder, the two builds run in turn within every round and each
# figure comes with its ratio to the reference's (best to best, and the median of the rounds'
# ratios): the machine's speed drifts from one batch of runs to the next, a ratio much less.
# Usage: bench/llvmpipe_frame.sh [build folder (build)] [runs (3)] [reference build folder]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)  # absolute: the runs start in a scratch folder
runs=${2:-3}
reference=${3:+$(cd "$3" && pwd)}
if [ -z "${DISPLAY:-}" ]; then
  exec xvfb-run -a -s '-screen 0 1280x720x24' "$0" "$build" "$runs" ${reference:+"$reference"}
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export vblank_mode=0 LIBGL_ALWAYS_SOFTWARE=1
# The viewer's autosave and recent files stay out of the user's folders (Mesa's shader cache
# stays in ~/.cache: the runs are timed warm).
export ANIMVIEW_STATE_DIR=$work XDG_CONFIG_HOME=$work XDG_STATE_HOME=$work

# Wall and CPU time (user + system, all threads: llvmpipe's rasterizer threads too) in ms of the
# viewer of build folder $1 drawing $2 frames, with the options after them. The CPU time barely
# moves with the load of other processes, which slows the wall time 2-3x: on a shared machine it
# is the figure to compare.
run_ms() {
  local folder=$1 frames=$2
  shift 2
  local TIMEFORMAT='%R %U %S' times
  times=$({ time (cd "$work" && "$folder/animview" --max-frames "$frames" "$@" > /dev/null 2> "$work/stderr"); } 2>&1) || {
    echo "bench/llvmpipe_frame.sh: animview failed:" >&2
    cat "$work/stderr" >&2
    exit 1
  }
  echo "$times" | awk '{printf "%d %d\n", $1 * 1000, ($2 + $3) * 1000}'
}

# One round: (t150 - t30) / 120 in ms per frame, wall then CPU, of build folder $1 with the
# options after it.
round_ms() {
  local folder=$1 t30 t150
  shift
  t30=$(run_ms "$folder" 30 "$@")
  t150=$(run_ms "$folder" 150 "$@")
  echo "$(echo "scale=2; (${t150% *} - ${t30% *}) / 120" | bc)" \
    "$(echo "scale=2; (${t150#* } - ${t30#* }) / 120" | bc)"
}

smallest() { printf '%s\n' "$@" | sort -g | head -n 1; }
median() { printf '%s\n' "$@" | sort -g | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
ratio() { echo "scale=3; $1 / $2" | bc; }

# The best of $runs rounds, wall and CPU, with the options given; with a reference, its rounds
# alternate with the build's, and the ratios follow.
frame_ms() {
  local wall=() cpu=() ref_wall=() ref_cpu=() wall_ratios=() cpu_ratios=() r
  for ((i = 0; i < runs; ++i)); do
    if [ -n "$reference" ]; then
      read -r -a r <<< "$(round_ms "$reference" "$@")"
      ref_wall+=("${r[0]}") ref_cpu+=("${r[1]}")
    fi
    read -r -a r <<< "$(round_ms "$build" "$@")"
    wall+=("${r[0]}") cpu+=("${r[1]}")
    if [ -n "$reference" ]; then
      wall_ratios+=("$(ratio "${wall[i]}" "${ref_wall[i]}")")
      cpu_ratios+=("$(ratio "${cpu[i]}" "${ref_cpu[i]}")")
    fi
  done
  local line
  line="$(smallest "${wall[@]}") ms/frame, CPU $(smallest "${cpu[@]}") ms/frame (best of $runs)"
  if [ -n "$reference" ]; then
    line+="; reference $(smallest "${ref_wall[@]}") ms, CPU $(smallest "${ref_cpu[@]}") ms"
    line+="; ratio best $(ratio "$(smallest "${wall[@]}")" "$(smallest "${ref_wall[@]}")")"
    line+=", CPU $(ratio "$(smallest "${cpu[@]}")" "$(smallest "${ref_cpu[@]}")")"
    line+="; median of rounds $(median "${wall_ratios[@]}"), CPU $(median "${cpu_ratios[@]}")"
  fi
  echo "$line"
}

renderer=$(glxinfo -B 2> /dev/null | sed -n 's/.*OpenGL renderer string: //p' || true)
echo "renderer: ${renderer:-unknown}, LP_NUM_THREADS=${LP_NUM_THREADS:-default}, $(nproc) cores"
echo "build: $build${reference:+, reference: $reference}"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "default view:         $(frame_ms)"
echo "ground, sky, shadows: $(frame_ms --show-ground)"
echo "load after:  $(cut -d' ' -f1-3 /proc/loadavg)"
