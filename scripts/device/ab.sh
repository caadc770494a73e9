#!/usr/bin/env bash
# A steady-state A/B on the GPU machine: two builds of the CLI (.bench/cgc-before.mjs, the build
# before a change, and .bench/cgc.mjs), run in alternating passes in one call on one GPU —
# `cgc bench MODELS --runs N` each pass — then `cgc bench --cold` with each build (fresh processes,
# empty driver shader cache). AB_EXTRA adds flags to the second build's runs (e.g. an option under
# test). Prepare with scripts/device/prepare.sh and bundle the earlier build to .bench/cgc-before.mjs.
set -u
MODELS=${BENCH_MODELS:-"squeezenet1_1 mobilenet_v2 resnet18 resnet50 efficientnet_b0 vit_b_16"}
PASSES=${AB_PASSES:-2}
mkdir -p /tmp/models
python3 scripts/device/export_torchvision.py $MODELS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$OUT/device.txt"
files=$(for m in $MODELS; do echo /tmp/models/$m.onnx; done)
for pass in $(seq 1 $PASSES); do
  for build in cgc-before cgc; do
    extra=""; [ $build = cgc ] && extra="${AB_EXTRA:-}"
    timeout ${AB_PASS_S:-100} node .bench/$build.mjs bench $files --runs ${BENCH_RUNS:-30} $extra --json "$OUT/ab-$build-$pass.json" 2>&1 \
      | grep -v '^WebGPU\|XDG\|SwiftShader' | sed "s/^/[$build $pass] /" | tee -a "$OUT/ab.txt"
  done
done
if [ "${AB_COLD:-1}" = 1 ]; then
  for build in cgc-before cgc; do
    timeout ${AB_COLD_S:-150} node .bench/$build.mjs bench --cold $files --runs 1 --json "$OUT/cold-$build.json" 2>&1 | grep -v XDG | sed "s/^/[$build cold] /" | tee -a "$OUT/ab.txt"
  done
fi
