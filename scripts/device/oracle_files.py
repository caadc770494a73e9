"""The files check-zoo reads for one model: its inputs (in_K.bin), onnxruntime's outputs on them
(out_K.bin) and meta.json naming each with its shape and element type."""
import json
import os

import numpy as np

DTYPES = {
    np.float32: 'float32', np.float64: 'float64', np.float16: 'float16', np.int64: 'int64', np.int32: 'int32',
    np.int16: 'int16', np.int8: 'int8', np.uint8: 'uint8', np.uint16: 'uint16', np.uint32: 'uint32',
    np.uint64: 'uint64', np.bool_: 'bool',
}


def write_oracle(d, feeds, output_names, outs):
    """Writes `feeds` (name → array) and onnxruntime's `outs` (in `output_names` order) to folder `d`."""
    meta = {'inputs': [], 'outputs': []}
    # The shapes as given: np.ascontiguousarray makes a scalar one-dimensional.
    for k, (n, v) in enumerate(feeds.items()):
        np.ascontiguousarray(v).tofile(os.path.join(d, f'in_{k}.bin'))
        meta['inputs'].append({'name': n, 'shape': list(np.shape(v)), 'dtype': DTYPES[np.asarray(v).dtype.type]})
    for k, (n, v) in enumerate(zip(output_names, outs)):
        np.ascontiguousarray(v).tofile(os.path.join(d, f'out_{k}.bin'))
        meta['outputs'].append({'name': n, 'shape': list(np.shape(v)), 'dtype': DTYPES.get(np.asarray(v).dtype.type, str(np.asarray(v).dtype))})
    with open(os.path.join(d, 'meta.json'), 'w') as f:
        json.dump(meta, f)
