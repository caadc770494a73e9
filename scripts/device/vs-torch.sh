#!/usr/bin/env bash
# BENCHMARKS.md's comparison with PyTorch, on the GPU machine, in one call: exports the torchvision
# models, times ours (`cgc bench --runs 50`, alone), then PyTorch eager and torch.compile
# (scripts/device/torch_compile.py) right after on the same GPU. VS_ORT=1 adds onnxruntime-web
# (`cgc bench --vs ort`, a separate pass: its WebAssembly start-up alone takes ~35 s in Node).
# Prepare here with scripts/device/prepare.sh; carry .device and .bench; results go to $OUT.
set -u
MODELS=${BENCH_MODELS:-"resnet18 resnet50 squeezenet1_1 efficientnet_b0 vit_b_16 convnext_tiny mobilenet_v2 swin_t"}
mkdir -p /tmp/models
python3 scripts/device/export_torchvision.py $MODELS > /dev/null 2>&1
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$OUT/device.txt"
files=$(for m in $MODELS; do echo /tmp/models/$m.onnx; done)
timeout ${OURS_S:-200} node .bench/cgc.mjs bench $files --runs ${BENCH_RUNS:-50} ${OURS_EXTRA:-} --json "$OUT/ours.json" 2>&1 | grep -v '^WebGPU\|XDG\|: done' | tee "$OUT/ours.txt"
timeout ${TORCH_S:-360} python3 scripts/device/torch_compile.py $MODELS 2>&1 | grep -v Warning | tee "$OUT/torch.txt"
if [ "${VS_ORT:-0}" = 1 ]; then
  export ORT_WEB_DIR=$PWD/.device/ort
  timeout ${ORT_S:-300} node .bench/cgc.mjs bench $files --runs 20 --vs ort --json "$OUT/ort.json" 2>&1 | grep -v '^WebGPU\|XDG\|: done' | tee "$OUT/ort.txt"
fi
