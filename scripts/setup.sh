#!/usr/bin/env bash
# Installs what a fresh Debian machine lacks for the app and the tests, then the npm packages:
# Chromium (browser tests, its SwiftShader Vulkan driver also serves Dawn in Node), the Vulkan
# loader, MLIR 16's mlir-opt (round-trip tests), ONNX's backend test data, and PyTorch with
# torchvision and onnx (to export real architectures, with random weights, for tests).
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
[ -e /usr/lib/chromium/vk_swiftshader_icd.json ] || need+=(chromium)
ldconfig -p 2>/dev/null | grep -q 'libvulkan\.so\.1' || need+=(libvulkan1)
[ -x /usr/lib/llvm-16/bin/mlir-opt ] || need+=(mlir-16-tools)
[ -d /usr/share/libonnx-testdata ] || need+=(libonnx-testdata)
/usr/bin/python3 -c 'import torch, torchvision, onnx' 2>/dev/null || need+=(python3-torch python3-torchvision python3-onnx)

if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
    echo "setup: installing ${need[*]}"
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${need[@]}"
  else
    echo "setup: please install these Debian packages: ${need[*]}" >&2
    exit 1
  fi
fi

npm ci
