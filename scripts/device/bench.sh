#!/usr/bin/env bash
# BENCHMARKS.md's table, on the GPU machine: exports torchvision models there (PyTorch is
# installed), then times onnxruntime-web's WebGPU backend and `cgc run` on the same Dawn, one model
# after the other. Prepare here with scripts/device/prepare.sh; results go to $OUT/bench.txt.
set -u
mkdir -p /tmp/models
python3 - <<'PY'
import torch, torchvision
torch.manual_seed(0)
for name in ["squeezenet1_1", "mobilenet_v2", "resnet18", "resnet50", "efficientnet_b0"]:
    m = getattr(torchvision.models, name)().eval()
    torch.onnx.export(m, torch.randn(1, 3, 224, 224), f"/tmp/models/{name}.onnx", opset_version=13,
                      input_names=["input"], output_names=["logits"], dynamo=False)
PY
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$OUT/bench.txt"
for m in squeezenet1_1 mobilenet_v2 resnet18 resnet50 efficientnet_b0; do
  timeout 200 node scripts/device/ort-bench.mjs "/tmp/models/$m.onnx" 30 2>&1 | tail -1 | tee -a "$OUT/bench.txt"
  timeout 200 node .bench/cgc.mjs run "/tmp/models/$m.onnx" --runs 30 2>&1 | grep -E "^run:|^load" | sed "s|^|cgc $m: |" | tee -a "$OUT/bench.txt"
done
