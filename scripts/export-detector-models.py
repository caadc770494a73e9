#!/usr/bin/python3
# Writes two detector-style models whose outputs have data-dependent sizes (docs/dynamic-shapes.md),
# random weights, fixed seed, for `cgc check MODEL --backend webgpu` against onnxruntime-web:
#   detector-nms.onnx       a conv head predicts 64 boxes (centre and size) and scores on an 8x8
#                           grid; torchvision.ops.nms (IoU 0.3) keeps some; the kept boxes and scores
#                           are gathered (NonMaxSuppression → Gather → Squeeze → Gather; opset 13);
#   detector-filter.onnx    the same head, then the boxes and scores whose score passes 0.5
#                           (boolean indexing: NonZero → Transpose → GatherND / Gather; opset 13).
# Run: /usr/bin/python3 scripts/export-detector-models.py [OUT_DIR]  (default .cache/models; needs python3-torch, torchvision, python3-onnx)
import os
import sys

import torch
import torchvision


class Head(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.conv = torch.nn.Sequential(torch.nn.Conv2d(3, 8, 3, padding=1), torch.nn.ReLU(), torch.nn.Conv2d(8, 5, 3, padding=1))

    def forward(self, img: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        f = self.conv(img).flatten(2).transpose(1, 2)[0]         # [64, 5]
        centre = torch.sigmoid(f[:, 0:2]) * 32
        size = torch.exp(f[:, 2:4].clamp(-1, 1)) * 6
        boxes = torch.cat([centre - size / 2, centre + size / 2], 1)  # [64, 4]: x1, y1, x2, y2
        return boxes, torch.sigmoid(f[:, 4])


class NmsDetector(Head):
    def forward(self, img: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        boxes, scores = super().forward(img)
        keep = torchvision.ops.nms(boxes, scores, 0.3)
        return boxes[keep], scores[keep]


class FilterDetector(Head):
    def forward(self, img: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        boxes, scores = super().forward(img)
        mask = scores > 0.5
        return boxes[mask], scores[mask]


def main() -> None:
    out = sys.argv[1] if len(sys.argv) > 1 else '.cache/models'
    os.makedirs(out, exist_ok=True)
    for name, cls in (('detector-nms', NmsDetector), ('detector-filter', FilterDetector)):
        torch.manual_seed(0)
        model = cls().eval()
        path = os.path.join(out, f'{name}.onnx')
        torch.onnx.export(model, torch.randn(1, 3, 8, 8), path, opset_version=13, input_names=['img'], output_names=['boxes', 'scores'])
        print(path)


if __name__ == '__main__':
    main()
