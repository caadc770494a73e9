#!/usr/bin/env bash
# BENCHMARKS.md's tables, on the GPU machine: exports the torchvision models there (PyTorch is
# installed; batch dimension dynamic), then `cgc bench --vs ort` (ours and onnxruntime-web's WebGPU
# backend in one process on one Dawn, runs interleaved) and `cgc bench-kernels`. Prepare here with
# scripts/device/prepare.sh; results go to $OUT. BENCH_MODELS / BENCH_RUNS / BENCH_KERNELS override.
set -u
MODELS=${BENCH_MODELS:-"squeezenet1_1 mobilenet_v2 resnet18 resnet50 efficientnet_b0 vit_b_16"}
mkdir -p /tmp/models
python3 scripts/device/export_torchvision.py $MODELS
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$OUT/device.txt"
export ORT_WEB_DIR=$PWD/.device/ort
files=$(for m in $MODELS; do echo /tmp/models/$m.onnx; done)
timeout 420 node .bench/cgc.mjs bench $files --runs ${BENCH_RUNS:-30} --vs ort --json "$OUT/bench.json" 2>&1 | tee "$OUT/bench.txt" | grep -v '^WebGPU\|XDG'
if [ "${BENCH_KERNELS:-1}" = 1 ]; then
  timeout 240 node .bench/cgc.mjs bench-kernels --gemm 1024,2048,4096 --model ${BENCH_KERNEL_MODELS:-/tmp/models/resnet50.onnx} --runs 10 --json "$OUT/kernels.json" 2>&1 | tee "$OUT/kernels.txt" | grep -v XDG
fi
