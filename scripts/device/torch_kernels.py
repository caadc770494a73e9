"""The GPU kernels torch.compile runs for a torchvision model, timed by torch.profiler: fp32 with TF32
off, batch 1, random weights (torch.manual_seed(0)), the input already on the GPU. The model is
compiled with torch.compile's default mode (the Inductor kernels reduce-overhead replays as a CUDA
graph, launched one by one so the profiler sees each), warmed up, then RUNS calls are profiled.
Prints, per model, the GPU time per run summed over its kernels and the kernels by total time: count
per run, µs per run, and the name (Inductor's fused Triton kernels, cuBLAS/cuDNN GEMMs and convolutions).
   python3 scripts/device/torch_kernels.py NAME… [--top N]  (JSON to $OUT/torch-kernels.json when OUT is set)
"""
import json
import os
import sys
from collections import defaultdict

import torch
import torchvision
from torch.profiler import ProfilerActivity, profile

torch.backends.cuda.matmul.allow_tf32 = False
torch.backends.cudnn.allow_tf32 = False
torch.backends.cudnn.benchmark = True

RUNS = 20
args = sys.argv[1:]
top = 25
if "--top" in args:
    i = args.index("--top")
    top = int(args[i + 1])
    del args[i:i + 2]

result = {}
for name in args:
    torch.manual_seed(0)
    m = getattr(torchvision.models, name)().eval().cuda()
    x = torch.randn(1, 3, 224, 224, device="cuda")
    with torch.no_grad():
        c = torch.compile(m)
        for _ in range(10):
            c(x)
        torch.cuda.synchronize()
        with profile(activities=[ProfilerActivity.CUDA]) as prof:
            for _ in range(RUNS):
                c(x)
            torch.cuda.synchronize()
    kernels = defaultdict(lambda: [0, 0.0])
    for e in prof.events():
        if e.device_type == torch.autograd.DeviceType.CUDA and e.device_time > 0:
            k = kernels[e.name]
            k[0] += 1
            k[1] += e.device_time  # µs
    rows = sorted(({"kernel": n, "per_run": c / RUNS, "us": t / RUNS} for n, (c, t) in kernels.items()), key=lambda r: -r["us"])
    total = sum(r["us"] for r in rows)
    launches = sum(r["per_run"] for r in rows)
    result[name] = {"gpu_us": total, "kernels_per_run": launches, "kernels": rows}
    print(f"== {name}: {total / 1000:.3f} ms of GPU time per run in {launches:.0f} kernels")
    for r in rows[:top]:
        print(f"  {r['us']:8.1f} µs  ×{r['per_run']:<4g} {r['kernel'][:110]}")
    sys.stdout.flush()
if os.environ.get("OUT"):
    with open(os.path.join(os.environ["OUT"], "torch-kernels.json"), "w") as f:
        json.dump(result, f, indent=1)
