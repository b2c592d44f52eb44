#!/usr/bin/env bash
# Installs the node packages the tests use into build/node_tools (only when missing):
# gltf-validator, the Khronos glTF-Validator, which checks every glTF file the project writes;
# @gltf-transform/cli and gltfpack, which make the Draco and meshopt twins of the shared
# characters that the compressed glTF tests import.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
prefix="$root/build/node_tools"
packages=(gltf-validator@2.0.0-dev.3.10 @gltf-transform/cli@4.5.1 gltfpack@1.3.0)
missing=()
for p in "${packages[@]}"; do
  name=${p%@*}
  if [ ! -f "$prefix/node_modules/$name/package.json" ]; then missing+=("$p"); fi
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "install_node_tools: ${packages[*]} present"
  exit 0
fi
if ! command -v npm > /dev/null; then
  echo "install_node_tools: npm is missing; the glTF validation and compressed glTF tests will skip"
  exit 0
fi
mkdir -p "$prefix"
npm install --prefix "$prefix" --no-audit --no-fund "${packages[@]}"
