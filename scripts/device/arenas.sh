#!/usr/bin/env bash
# The scratch-arena setting (memory against parallelism, docs/compiler.md) on the GPU machine:
# GoogLeNet and Inception v3 (torchvision, random weights) compiled with one arena and with one per
# branch, `cgc bench` alternating the two settings twice. Prepare here with scripts/device/prepare.sh;
# results go to $OUT.
set -u
mkdir -p /tmp/models
python3 - <<'PY'
import torch, torchvision
for name, kw in [("googlenet", dict(aux_logits=False, init_weights=True)), ("inception_v3", dict(aux_logits=False, init_weights=True))]:
    torch.manual_seed(0)
    m = getattr(torchvision.models, name)(**kw).eval()
    torch.onnx.export(m, torch.randn(1, 3, 224, 224), f"/tmp/models/{name}.onnx", opset_version=17,
                      input_names=["input"], output_names=["logits"], dynamo=False)
PY
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$OUT/device.txt"
for round in 1 2; do
  for arenas in one per-branch; do
    timeout 200 node .bench/cgc.mjs bench /tmp/models/googlenet.onnx /tmp/models/inception_v3.onnx --runs ${BENCH_RUNS:-50} --arenas $arenas \
      --json "$OUT/arenas-$arenas-$round.json" 2>&1 | tee "$OUT/arenas-$arenas-$round.txt" | grep -v '^WebGPU\|XDG'
  done
done
for arenas in one per-branch; do
  node .bench/cgc.mjs plan /tmp/models/inception_v3.onnx --arenas $arenas 2>/dev/null | tail -1 | tee -a "$OUT/plan.txt"
  node .bench/cgc.mjs plan /tmp/models/googlenet.onnx --arenas $arenas 2>/dev/null | tail -1 | tee -a "$OUT/plan.txt"
done
