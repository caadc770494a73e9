#!/usr/bin/python3
# Writes two models that use the sampling and signal ops, random weights, fixed seed, for
# `cgc check MODEL --backend webgpu` against onnxruntime-web:
#   stn.onnx        a spatial transformer: a localization CNN predicts an affine map, the image is
#                   resampled with F.grid_sample (bilinear, zeros), then classified (opset 16);
#   audio-stft.onnx an audio classifier with its front end inside: STFT (400-sample Hann frames
#                   every 160 samples of 1 s at 16 kHz) → power → 40-band mel filterbank (a MatMul
#                   with MelWeightMatrix's values) → log → conv → mean → linear (opset 17); the
#                   log-mel features are a second output.
# torch 1.13 cannot export torch.stft, so the audio model's front end is written with onnx.helper
# (STFT, HannWindow, MelWeightMatrix nodes) and its back end exported from torch, then joined.
# Run: /usr/bin/python3 scripts/export-sampling-models.py [OUT_DIR]  (default .cache/models; needs python3-torch, python3-onnx)
import os
import sys

import onnx
import torch
import torch.nn as nn
import torch.nn.functional as F
from onnx import TensorProto, helper


class SpatialTransformer(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.loc = nn.Sequential(nn.Conv2d(1, 8, 7), nn.MaxPool2d(2), nn.ReLU(), nn.Conv2d(8, 10, 5), nn.MaxPool2d(2), nn.ReLU())
        self.theta = nn.Sequential(nn.Linear(10 * 3 * 3, 32), nn.ReLU(), nn.Linear(32, 6))
        self.head = nn.Sequential(nn.Conv2d(1, 10, 5), nn.MaxPool2d(2), nn.ReLU(), nn.Flatten(), nn.Linear(10 * 12 * 12, 10))
        # Affine grid as a constant base (x, y, 1 per output pixel) times θᵀ: F.affine_grid has no ONNX export in torch 1.13.
        ys, xs = torch.meshgrid(torch.linspace(-27 / 28, 27 / 28, 28), torch.linspace(-27 / 28, 27 / 28, 28), indexing='ij')
        self.register_buffer('base', torch.stack([xs, ys, torch.ones_like(xs)], -1).reshape(1, 28 * 28, 3))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        theta = self.theta(torch.flatten(self.loc(x), 1)).view(-1, 2, 3)
        grid = torch.matmul(self.base, theta.transpose(1, 2)).view(-1, 28, 28, 2)
        x = F.grid_sample(x, grid, mode='bilinear', padding_mode='zeros', align_corners=False)
        return torch.log_softmax(self.head(x), dim=1)


class AudioBackEnd(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.conv = nn.Sequential(nn.Conv1d(40, 64, 3, padding=1), nn.ReLU(), nn.Conv1d(64, 64, 3, padding=1), nn.ReLU())
        self.fc = nn.Linear(64, 12)

    def forward(self, mel: torch.Tensor) -> torch.Tensor:  # (1, frames, 40) log-mel
        h = self.conv(mel.transpose(1, 2))
        return torch.softmax(self.fc(h.mean(dim=2)), dim=1)


def audio_model(path: str) -> None:
    frames = (16000 - 400) // 160 + 1
    back = os.path.join(os.path.dirname(path), 'audio-back.onnx')
    torch.onnx.export(AudioBackEnd().eval(), torch.randn(1, frames, 40), back, opset_version=17, input_names=['logmel'], output_names=['probabilities'])
    tail = onnx.load(back)
    os.remove(back)
    i64 = lambda name, v: helper.make_tensor(name, TensorProto.INT64, [], [v])
    f32 = lambda name, v: helper.make_tensor(name, TensorProto.FLOAT, [], [v])
    front = [
        helper.make_node('Unsqueeze', ['audio', 'last'], ['signal']),                    # (1, 16000, 1)
        helper.make_node('HannWindow', ['frame_length'], ['window']),
        helper.make_node('STFT', ['signal', 'frame_step', 'window', 'frame_length'], ['spectrum']),  # (1, 98, 201, 2)
        helper.make_node('Mul', ['spectrum', 'spectrum'], ['squares']),
        helper.make_node('ReduceSum', ['squares', 'last'], ['power'], keepdims=0),       # (1, 98, 201)
        helper.make_node('MelWeightMatrix', ['mels', 'frame_length', 'rate', 'low', 'high'], ['filters']),  # (201, 40)
        helper.make_node('MatMul', ['power', 'filters'], ['melpower']),
        helper.make_node('Add', ['melpower', 'floor'], ['floored']),
        helper.make_node('Log', ['floored'], ['logmel']),
    ]
    inits = [helper.make_tensor('last', TensorProto.INT64, [1], [-1]), i64('frame_step', 160), i64('frame_length', 400), i64('mels', 40),
             i64('rate', 16000), f32('low', 20.0), f32('high', 8000.0), f32('floor', 1e-6)]
    graph = helper.make_graph(front + list(tail.graph.node), 'audio_stft',
                              [helper.make_tensor_value_info('audio', TensorProto.FLOAT, [1, 16000])],
                              # log-mel is an output too, so that a check compares the front end itself, not only the softmax.
                              list(tail.graph.output) + [helper.make_tensor_value_info('logmel', TensorProto.FLOAT, [1, frames, 40])],
                              inits + list(tail.graph.initializer))
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid('', 17)], producer_name='export-sampling-models.py')
    onnx.checker.check_model(model)
    onnx.save(model, path)


def main() -> None:
    torch.manual_seed(11)
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..', '.cache', 'models')
    os.makedirs(out, exist_ok=True)
    stn = os.path.join(out, 'stn.onnx')
    torch.onnx.export(SpatialTransformer().eval(), torch.randn(1, 1, 28, 28), stn, opset_version=16, input_names=['image'], output_names=['log_probabilities'])
    audio = os.path.join(out, 'audio-stft.onnx')
    audio_model(audio)
    for p in (stn, audio):
        print(f'wrote {p} ({os.path.getsize(p)} bytes)')


if __name__ == '__main__':
    main()
