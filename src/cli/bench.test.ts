// The input shapes `cgc bench` derives for an ONNX model: a dynamic first dimension is the batch, a
// scalar input (a sample rate) has none, and --shape wins over both.
import { describe, expect, it } from 'vitest';
import type { OnnxGraphIo } from '../compiler/import/onnx/graph-io';
import { onnxShapes } from './bench';

const io = (inputDims: OnnxGraphIo['inputDims']): OnnxGraphIo => ({ inputs: inputDims.map((_, i) => `in${i}`), inputDims } as unknown as OnnxGraphIo);

describe('cgc bench input shapes', () => {
  it('sets a dynamic first dimension to the batch and leaves a scalar input alone', () => {
    expect(onnxShapes(io([['N', 512], []]), 'm.onnx', undefined)).toEqual({ in0: [1, 512] });
    expect(onnxShapes(io([['N', 512], []]), 'm.onnx', 4)).toEqual({ in0: [4, 512] });
  });

  it('needs no shapes for a model whose inputs are static or scalars', () => {
    expect(onnxShapes(io([[1, 512], []]), 'm.onnx', undefined)).toBeUndefined();
  });

  it('takes --shape for an input and refuses --batch for one with no shape at all', () => {
    expect(onnxShapes(io([['N', 'L'], []]), 'm.onnx', undefined, { in0: [1, 256] })).toEqual({ in0: [1, 256] });
    expect(() => onnxShapes(io([[1, 4], undefined]), 'm.onnx', 1)).toThrow("m.onnx: input 'in1' has no shape, so --batch cannot set its first dimension");
  });
});
