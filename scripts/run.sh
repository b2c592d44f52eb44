#!/usr/bin/env bash
# Installs what is missing, builds, and starts the viewer (arguments are passed on). With no
# display it says so and renders the default view headless through Xvfb, printing the PNG
# paths (three frames: ImGui lays its panels out during the first).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install_deps.sh"
"$root/scripts/build.sh"
exe="$root/build/animview"
if [ -n "${DISPLAY:-}" ]; then
  exec "$exe" "$@"
fi
out="$root/build/headless"
echo "run: no DISPLAY; rendering the default view headless through Xvfb into $out"
xvfb-run -a -s '-screen 0 1280x720x24' "$exe" --headless --frames 3 --out "$out" "$@"
