#!/usr/bin/env python3
"""A BERT-shaped text encoder in plain torch (no `transformers` needed), exported to ONNX the way
Hugging Face's BertModel exports: embeddings and their layer norm, then per layer q, k and v as three
Linear layers, scores (q·kᵀ)/√d plus an additive padding mask (1 − mask)·min_float, softmax, ·v,
output projection + residual + layer norm, GELU (erf) MLP + residual + layer norm. Random weights
(seed 0), dynamic sequence axis. python3 scripts/export-bert-shaped.py OUT.onnx [LAYERS HIDDEN HEADS]
[--guarded] (default 12 768 12: BERT-base; --guarded reads the probabilities as where(isnan(p), 0, p),
as PyTorch 2's export of scaled dot-product attention writes them)."""
import math
import sys

import torch
from torch import nn


class Layer(nn.Module):
    def __init__(self, hidden: int, heads: int, guarded: bool = False):
        super().__init__()
        self.heads, self.head, self.guarded = heads, hidden // heads, guarded
        self.query, self.key, self.value = nn.Linear(hidden, hidden), nn.Linear(hidden, hidden), nn.Linear(hidden, hidden)
        self.out, self.ln1 = nn.Linear(hidden, hidden), nn.LayerNorm(hidden, eps=1e-12)
        self.up, self.down, self.ln2 = nn.Linear(hidden, 4 * hidden), nn.Linear(4 * hidden, hidden), nn.LayerNorm(hidden, eps=1e-12)

    def split(self, x):
        return x.view(x.size(0), x.size(1), self.heads, self.head).permute(0, 2, 1, 3)

    def forward(self, x, mask):
        q, k, v = self.split(self.query(x)), self.split(self.key(x)), self.split(self.value(x))
        scores = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(self.head) + mask
        p = scores.softmax(-1)
        if self.guarded:
            p = torch.where(torch.isnan(p), torch.zeros((), dtype=p.dtype), p)
        ctx = torch.matmul(p, v).permute(0, 2, 1, 3).contiguous()
        ctx = ctx.view(ctx.size(0), ctx.size(1), -1)
        x = self.ln1(self.out(ctx) + x)
        return self.ln2(self.down(nn.functional.gelu(self.up(x))) + x)


class Encoder(nn.Module):
    def __init__(self, layers: int, hidden: int, heads: int, guarded: bool = False):
        super().__init__()
        self.words, self.positions, self.types = nn.Embedding(30522, hidden), nn.Embedding(512, hidden), nn.Embedding(2, hidden)
        self.ln = nn.LayerNorm(hidden, eps=1e-12)
        self.layers = nn.ModuleList(Layer(hidden, heads, guarded) for _ in range(layers))

    def forward(self, input_ids, attention_mask):
        positions = torch.arange(input_ids.size(1)).unsqueeze(0)
        x = self.ln(self.words(input_ids) + self.positions(positions) + self.types(torch.zeros_like(input_ids)))
        mask = (1.0 - attention_mask[:, None, None, :].to(x.dtype)) * torch.finfo(x.dtype).min
        for layer in self.layers:
            x = layer(x, mask)
        return x


def main() -> None:
    args = [a for a in sys.argv[1:] if a != "--guarded"]
    out = args[0]
    layers, hidden, heads = (int(a) for a in (args[1:4] if len(args) >= 4 else (12, 768, 12)))
    torch.manual_seed(0)
    model = Encoder(layers, hidden, heads, "--guarded" in sys.argv).eval()
    ids = torch.randint(0, 1000, (1, 16))
    mask = torch.ones(1, 16, dtype=torch.long)
    with torch.no_grad():
        torch.onnx.export(model, (ids, mask), out, input_names=["input_ids", "attention_mask"], output_names=["hidden"],
                          dynamic_axes={"input_ids": {1: "seq"}, "attention_mask": {1: "seq"}, "hidden": {1: "seq"}}, opset_version=14)


if __name__ == "__main__":
    main()
