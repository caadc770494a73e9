"""PyTorch eager CUDA fp32 latency of the benchmark models, for BENCHMARKS.md's same-GPU comparison.

Run on the GPU machine (PyTorch and torchvision are installed there): python3 scripts/device/torch_eager.py
Host wall time per run with the input copied to the GPU and the output back, median / min of 100
runs after 1 s of warm-up, batch 1, random weights; once with cuDNN's TF32 allowed (PyTorch's
default for convolutions) and once strict fp32.
"""
import statistics
import time

import torch
import torchvision

MODELS = ["squeezenet1_1", "mobilenet_v2", "resnet18", "resnet50", "efficientnet_b0", "vit_b_16"]

print(torch.__version__, torch.cuda.get_device_name(0))
torch.manual_seed(0)
for tf32 in (True, False):
    torch.backends.cudnn.allow_tf32 = tf32
    torch.backends.cuda.matmul.allow_tf32 = False
    row = []
    for name in MODELS:
        model = getattr(torchvision.models, name)().eval().cuda()
        x = torch.randn(1, 3, 224, 224)
        with torch.no_grad():
            end = time.perf_counter() + 1.0
            while time.perf_counter() < end:
                model(x.cuda()).cpu()
            ms = []
            for _ in range(100):
                t0 = time.perf_counter()
                model(x.cuda()).cpu()
                ms.append((time.perf_counter() - t0) * 1e3)
        row.append(f"{name} {statistics.median(ms):.2f}/{min(ms):.2f}")
    print(f"cudnn tf32={tf32}: " + ", ".join(row))
