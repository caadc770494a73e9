#!/usr/bin/python3
# Writes two small speech models with recurrent layers (random weights, fixed seed) for `cgc check`:
# vad_lstm.onnx — a voice-activity detector: Conv1d front end over 40 mel bands, a 2-layer LSTM whose
# state is carried between calls (h0, c0 in; hn, cn out), a linear head and a sigmoid per frame;
# kws_gru.onnx — a keyword spotter: Conv1d, a bidirectional 2-layer GRU read batch first, the last
# frame through a linear classifier.
# Run: /usr/bin/python3 scripts/export-recurrent-models.py [OUT_DIR]  (needs python3-torch, python3-onnx)
import os
import sys

import torch
import torch.nn as nn


class VadLstm(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.front = nn.Sequential(nn.Conv1d(40, 64, 3, padding=1), nn.ReLU())
        self.lstm = nn.LSTM(64, 64, num_layers=2)
        self.head = nn.Linear(64, 1)

    def forward(self, mel, h0, c0):  # mel: [batch, 40, frames]
        x = self.front(mel).permute(2, 0, 1)  # [frames, batch, 64]
        y, (hn, cn) = self.lstm(x, (h0, c0))
        return torch.sigmoid(self.head(y)), hn, cn


class KwsGru(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.front = nn.Sequential(nn.Conv1d(40, 48, 5, padding=2), nn.ReLU())
        self.gru = nn.GRU(48, 32, num_layers=2, batch_first=True, bidirectional=True)
        self.head = nn.Linear(64, 12)

    def forward(self, mel):  # mel: [batch, 40, frames]
        x = self.front(mel).transpose(1, 2)  # [batch, frames, 48]
        y, _ = self.gru(x)
        return self.head(y[:, -1])


def main() -> None:
    out = sys.argv[1] if len(sys.argv) > 1 else '.cache/models'
    os.makedirs(out, exist_ok=True)
    torch.manual_seed(0)
    vad = VadLstm().eval()
    frames = 100
    args = (torch.randn(1, 40, frames), torch.zeros(2, 1, 64), torch.zeros(2, 1, 64))
    torch.onnx.export(vad, args, os.path.join(out, 'vad_lstm.onnx'), opset_version=14,
                      input_names=['mel', 'h0', 'c0'], output_names=['speech', 'hn', 'cn'])
    torch.manual_seed(0)
    kws = KwsGru().eval()
    torch.onnx.export(kws, (torch.randn(1, 40, frames),), os.path.join(out, 'kws_gru.onnx'), opset_version=14,
                      input_names=['mel'], output_names=['logits'])


if __name__ == '__main__':
    main()
