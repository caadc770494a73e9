#!/usr/bin/env bash
# Prepares a GPU-machine run: .device/ (Node, Vulkan loader, Dawn, onnxruntime-web), .bench/cgc.mjs,
# the CLI bundled into one file with `webgpu` left external, and .bench/probe.mjs (where host and load
# time go). Both folders are git-ignored; carry both.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash ../shared/device/pack.sh
mkdir -p .bench
npx esbuild src/cli/cgc.ts --bundle --platform=node --format=esm --target=node20 \
  --external:webgpu --external:onnxruntime-web --outfile=.bench/cgc.mjs --log-level=warning
npx esbuild scripts/device/probe.ts --bundle --platform=node --format=esm --target=node20 \
  --external:webgpu --external:onnxruntime-web --outfile=.bench/probe.mjs --log-level=warning
npx esbuild scripts/device/check-zoo.ts --bundle --platform=node --format=esm --target=node20 \
  --external:webgpu --external:onnxruntime-web --outfile=.bench/check-zoo.mjs --log-level=warning
echo 'run with carry [".device", ".bench"]: source .device/prelude.sh; bash scripts/device/bench.sh'
