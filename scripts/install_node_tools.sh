#!/usr/bin/env bash
# Installs the node packages the tests use into build/node_tools (only when missing):
# gltf-validator, the Khronos glTF-Validator, which checks every glTF file the project writes.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
prefix="$root/build/node_tools"
if [ -f "$prefix/node_modules/gltf-validator/package.json" ]; then
  echo "install_node_tools: gltf-validator present"
  exit 0
fi
if ! command -v npm > /dev/null; then
  echo "install_node_tools: npm is missing; the glTF validation tests will skip"
  exit 0
fi
mkdir -p "$prefix"
npm install --prefix "$prefix" --no-audit --no-fund gltf-validator@2.0.0-dev.3.10
