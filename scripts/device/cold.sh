#!/usr/bin/env bash
# BENCHMARKS.md's cold-start table, on the GPU machine: exports the torchvision models there, then
# `cgc bench --cold` — each model in a fresh process with an empty NVIDIA shader cache, ours for
# every model and, for COLD_ORT_MODELS, onnxruntime-web's session creation and first run in fresh
# processes too. Prepare here with scripts/device/prepare.sh; results go to $OUT.
set -u
MODELS=${BENCH_MODELS:-"squeezenet1_1 mobilenet_v2 resnet18 resnet50 efficientnet_b0 vit_b_16"}
ORT_MODELS=${COLD_ORT_MODELS:-"mobilenet_v2 resnet50 vit_b_16"}
mkdir -p /tmp/models
python3 scripts/device/export_torchvision.py $MODELS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$OUT/device.txt"
export ORT_WEB_DIR=$PWD/.device/ort
files=$(for m in $MODELS; do echo /tmp/models/$m.onnx; done)
timeout 200 node .bench/cgc.mjs bench --cold $files --runs ${COLD_RUNS:-3} --json "$OUT/cold.json" 2>&1 | tee "$OUT/cold.txt" | grep -v XDG
ort=$(for m in $ORT_MODELS; do echo /tmp/models/$m.onnx; done)
timeout 330 node .bench/cgc.mjs bench --cold $ort --vs ort --json "$OUT/cold-ort.json" 2>&1 | tee "$OUT/cold-ort.txt" | grep -v XDG
