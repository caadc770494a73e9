"""PyTorch on the GPU machine for BENCHMARKS.md's torch comparison: eager and
torch.compile(mode="reduce-overhead") (Inductor kernels replayed as a CUDA graph), fp32 with TF32
off, batch 1, torchvision architectures with random weights (torch.manual_seed(0)). The input is
already on the GPU and nothing is copied back: 10 warm-up calls, then the median and min of 100,
each followed by torch.cuda.synchronize().
   python3 scripts/device/torch_compile.py NAME…  (prints one line per model, and JSON to $OUT/torch.json when OUT is set)
"""
import json
import os
import sys
import time

import torch
import torchvision

torch.backends.cuda.matmul.allow_tf32 = False
torch.backends.cudnn.allow_tf32 = False
torch.backends.cudnn.benchmark = True


def bench(f, x, n=100):
    for _ in range(10):
        f(x)
    torch.cuda.synchronize()
    ts = []
    for _ in range(n):
        t = time.perf_counter()
        f(x)
        torch.cuda.synchronize()
        ts.append((time.perf_counter() - t) * 1e3)
    ts.sort()
    return ts[n // 2], ts[0]


rows = []
print(torch.__version__, torch.cuda.get_device_name(0), flush=True)
for name in sys.argv[1:]:
    torch.manual_seed(0)
    m = getattr(torchvision.models, name)().eval().cuda()
    x = torch.randn(1, 3, 224, 224, device="cuda")
    with torch.no_grad():
        eager = bench(m, x)
        t0 = time.perf_counter()
        c = torch.compile(m, mode="reduce-overhead")
        c(x)
        c(x)
        torch.cuda.synchronize()
        compile_s = time.perf_counter() - t0
        compiled = bench(c, x)
    rows.append({"model": name, "eager_ms": eager[0], "eager_min_ms": eager[1], "compile_ms": compiled[0], "compile_min_ms": compiled[1], "compile_s": compile_s})
    print(f"{name}: eager median {eager[0]:.2f} min {eager[1]:.2f} ms | torch.compile median {compiled[0]:.2f} min {compiled[1]:.2f} ms (compiled in {compile_s:.0f} s)", flush=True)
if os.environ.get("OUT"):
    with open(os.path.join(os.environ["OUT"], "torch.json"), "w") as f:
        json.dump(rows, f, indent=1)
