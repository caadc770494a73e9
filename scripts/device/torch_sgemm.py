"""cuBLAS's f32 GEMM rate on the GPU machine, for bench-kernels' GEMM rows (docs/webgpu-target.md,
"What the GPU's own library reaches").

Run there (PyTorch is installed): python3 scripts/device/torch_sgemm.py
Square a @ b with TF32 off (strict fp32 FMA), timed by CUDA events around each product: median and
best of 20 after 5 warm-up products.
"""
import torch

torch.backends.cuda.matmul.allow_tf32 = False
print(torch.__version__, torch.cuda.get_device_name(0))
for n in (1024, 2048, 4096, 8192):
    a = torch.randn(n, n, device="cuda")
    b = torch.randn(n, n, device="cuda")
    for _ in range(5):
        a @ b
    torch.cuda.synchronize()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    ms = []
    for _ in range(20):
        start.record()
        a @ b
        end.record()
        torch.cuda.synchronize()
        ms.append(start.elapsed_time(end))
    ms.sort()
    rate = lambda t: 2 * n**3 / t / 1e9
    print(f"cuBLAS sgemm {n}³: {ms[len(ms) // 2]:.3f} ms, {rate(ms[len(ms) // 2]):.1f} TFLOP/s (best {rate(ms[0]):.1f})")
