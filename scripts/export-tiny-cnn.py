#!/usr/bin/python3
# Writes public/models/tiny-cnn.onnx, the app's small real CNN demo: four conv layers with batch norm,
# ReLU, a residual add, max pooling and a linear classifier on 1x3x32x32, fixed seed (weights are random).
# Run: /usr/bin/python3 scripts/export-tiny-cnn.py [OUT.onnx] [--dynamic]  (needs python3-torch, python3-onnx);
# --dynamic makes the batch dimension dynamic ('batch'), as e2e/fixtures/tiny-cnn-dynamic.onnx has it.
import os
import sys

import torch
import torch.nn as nn


class TinyCnn(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), nn.BatchNorm2d(16), nn.ReLU())
        self.block = nn.Sequential(nn.Conv2d(16, 16, 3, padding=1), nn.BatchNorm2d(16), nn.ReLU(),
                                   nn.Conv2d(16, 16, 3, padding=1), nn.BatchNorm2d(16))
        self.down = nn.Sequential(nn.MaxPool2d(2), nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1))
        self.head = nn.Linear(32, 10)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = self.stem(x)
        x = torch.relu(x + self.block(x))  # residual add → relu: an epilogue the WebGPU target fuses
        x = self.down(x)
        return torch.softmax(self.head(torch.flatten(x, 1)), dim=1)


def main() -> None:
    torch.manual_seed(7)
    model = TinyCnn().eval()
    out = os.path.join(os.path.dirname(__file__), '..', 'public', 'models', 'tiny-cnn.onnx')
    args = [a for a in sys.argv[1:] if a != '--dynamic']
    out = args[0] if args else out
    dynamic = {'image': {0: 'batch'}, 'probabilities': {0: 'batch'}} if '--dynamic' in sys.argv else None
    torch.onnx.export(model, torch.randn(1, 3, 32, 32), out, opset_version=13,
                      input_names=['image'], output_names=['probabilities'], dynamic_axes=dynamic)
    print(f'wrote {out} ({os.path.getsize(out)} bytes)')


if __name__ == '__main__':
    main()
