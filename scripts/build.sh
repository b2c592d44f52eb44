#!/usr/bin/env bash
# Configures and builds animview (Release) into build/. Extra arguments go to cmake configure.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cmake -S "$root" -B "$root/build" -DCMAKE_BUILD_TYPE=Release "$@"
cmake --build "$root/build" -j "$(nproc)"
