#!/usr/bin/env python3
"""Exports torchvision architectures (random weights: nothing is downloaded) to ONNX for tests and
benchmarks: python3 scripts/export-models.py OUT_DIR [NAME...]. Needs Debian's python3-torch,
python3-torchvision and python3-onnx. Existing files are kept."""
import os
import sys

import torch
import torchvision

MODELS = {
    "squeezenet1_1": lambda: torchvision.models.squeezenet1_1(),
    "mobilenet_v2": lambda: torchvision.models.mobilenet_v2(),
    "resnet18": lambda: torchvision.models.resnet18(),
    "resnet50": lambda: torchvision.models.resnet50(),
    "efficientnet_b0": lambda: torchvision.models.efficientnet_b0(),
    "vit_b_16": lambda: torchvision.models.vit_b_16(),
}


def main() -> None:
    out = sys.argv[1]
    names = sys.argv[2:] or list(MODELS)
    os.makedirs(out, exist_ok=True)
    torch.manual_seed(0)
    for name in names:
        path = os.path.join(out, f"{name}.onnx")
        if os.path.exists(path):
            continue
        model = MODELS[name]().eval()
        x = torch.randn(1, 3, 224, 224)
        torch.onnx.export(model, x, path + ".tmp", opset_version=13, input_names=["input"], output_names=["logits"])
        os.replace(path + ".tmp", path)
        print(f"exported {path}")


if __name__ == "__main__":
    main()
