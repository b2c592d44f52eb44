#!/usr/bin/env bash
# Installs the Debian packages animview needs to build, run and test. Idempotent: it asks apt
# only for what is missing. Uses sudo when not root.
set -euo pipefail

packages=(
  build-essential cmake pkg-config git
  libglfw3-dev libglm-dev libimgui-dev libassimp-dev zlib1g-dev libstb-dev python3-glad
  libxrandr-dev  # GLFW's native X11 header (GlWindow::present copies with GLX)
  libcli11-dev nlohmann-json3-dev
  libtinygltf-dev  # glTF reading and writing (header-only; uses nlohmann-json)
  libdraco-dev libmeshoptimizer-dev  # compressed glTF geometry (Draco, meshopt)
  libavcodec-dev libavformat-dev libswscale-dev libavutil-dev libsndfile1-dev  # playblasts
  ffmpeg  # test-only: ffprobe and ffmpeg read back the videos the tests write
  libgtest-dev libgmock-dev libbenchmark-dev assimp-testmodels
  xvfb xauth xdotool x11-apps libx11-dev libgl1-mesa-dri libegl-dev libegl-mesa0 mesa-utils
  clang-14 libfuzzer-14-dev  # the ASan/UBSan build and the fuzz targets (scripts/sanitize.sh)
  f3d  # test-only: the reference renderer that the material colour test compares with
  chromium  # test-only: renders the audit's HTML report headless (no script errors, not blank)
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install_deps: all ${#packages[@]} packages present"
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
echo "install_deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
$sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
