#!/usr/bin/env bash
# Installs what is missing, builds (warnings are errors), and runs the whole test suite with
# CTest under Xvfb, so GL tests get a real Mesa llvmpipe context.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install_deps.sh"
"$root/scripts/build.sh" -DANIMVIEW_WERROR=ON
cd "$root/build"
xvfb-run -a -s '-screen 0 1280x720x24' ctest --output-on-failure -j "$(nproc)" --timeout 600
