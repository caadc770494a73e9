"""onnxruntime's outputs for an ONNX file that is already written, in the layout check-zoo reads.

    python3 scripts/device/ort_oracle.py OUT NAME MODEL.onnx [--shape NAME=DxD ...] [--value NAME=V ...] [--seed N]

Writes OUT/NAME/model.onnx (a copy), seeded inputs OUT/NAME/in_K.bin (float inputs standard normal,
integer inputs 0, bool inputs true, unless --value gives one value to fill the input with; a dynamic
dimension must be given with --shape), onnxruntime's CPU outputs on them OUT/NAME/out_K.bin, and
OUT/NAME/meta.json. Then `node .bench/check-zoo.mjs OUT` compares our WebGPU run against them.
"""
import argparse
import os
import shutil

import numpy as np
import onnxruntime as ort
from oracle_files import write_oracle

ORT_TYPES = {
    'tensor(float)': np.float32, 'tensor(double)': np.float64, 'tensor(float16)': np.float16,
    'tensor(int64)': np.int64, 'tensor(int32)': np.int32, 'tensor(int16)': np.int16, 'tensor(int8)': np.int8,
    'tensor(uint8)': np.uint8, 'tensor(uint16)': np.uint16, 'tensor(uint32)': np.uint32,
    'tensor(uint64)': np.uint64, 'tensor(bool)': np.bool_,
}


def pairs(items, conv):
    out = {}
    for item in items or []:
        name, _, value = item.partition('=')
        out[name] = conv(value)
    return out


def main():
    p = argparse.ArgumentParser()
    p.add_argument('out')
    p.add_argument('name')
    p.add_argument('model')
    p.add_argument('--shape', action='append')
    p.add_argument('--value', action='append')
    p.add_argument('--seed', type=int, default=0)
    a = p.parse_args()
    shapes = pairs(a.shape, lambda v: [int(d) for d in v.split('x')] if v else [])
    values = pairs(a.value, float)
    d = os.path.join(a.out, a.name)
    os.makedirs(d, exist_ok=True)
    shutil.copyfile(a.model, os.path.join(d, 'model.onnx'))
    sess = ort.InferenceSession(a.model, providers=['CPUExecutionProvider'])
    rng = np.random.default_rng(a.seed)
    feeds = {}
    for i in sess.get_inputs():
        shape = shapes.get(i.name, i.shape)
        if any(not isinstance(s, int) for s in shape):
            raise SystemExit(f'input {i.name} has a dynamic shape {i.shape}: give it with --shape {i.name}=DxD')
        dtype = ORT_TYPES[i.type]
        if i.name in values:
            v = np.full(shape, values[i.name], dtype=dtype)
        elif np.issubdtype(dtype, np.floating):
            v = rng.standard_normal(shape).astype(dtype)
        else:
            v = np.ones(shape, dtype=dtype) if dtype == np.bool_ else np.zeros(shape, dtype=dtype)
        feeds[i.name] = v
    outs = sess.run(None, feeds)
    write_oracle(d, feeds, [o.name for o in sess.get_outputs()], outs)
    print(f'{a.name}: onnxruntime {ort.__version__} outputs written to {d}', flush=True)


main()
