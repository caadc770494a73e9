// Linear quantization mappings: DequantizeLinear and QuantizeLinear as casts, a scale and a zero point
// (per tensor, or per axis through a reshape of the 1-D scale), DynamicQuantizeLinear's three outputs,
// and the forms refused by name. Their
// values are checked against ONNX's own backend tests (tests/onnx-conformance/expected.json).
import { expect, test } from 'vitest';
import { runEntryPoint } from '../../../reference/interpreter';
import { tensor } from '../../../reference/testing/tensors';
import { FLOAT, floatTensor, importFolded, importText, modelBytes, node, tensorInfo } from './testing';

const UINT8 = 2;
const INT32 = 6;

const graph = (op: string, xShape: number[], xType: number, scale: object, zeroPoint: object | undefined, attrs = {}, opset = 13) => importText({
  nodes: [node(op, ['x', 's', ...(zeroPoint ? ['z'] : [])], ['y'], attrs)],
  inputs: [tensorInfo('x', xShape, xType)], outputs: [{ name: 'y' }],
  initializers: [scale, ...(zeroPoint ? [zeroPoint] : [])], opset,
}).text;

const zeros = (name: string, dims: number[], dataType: number) => ({ name, dims, data_type: dataType, int32_data: new Array<number>(dims.reduce((a, b) => a * b, 1)).fill(0) });

test('DequantizeLinear: (x − zero point) · scale in float32; a 1-D scale lies along the axis', () => {
  const t = graph('DequantizeLinear', [2, 3, 4], UINT8, floatTensor('s', [3], [0.5, 1, 2]), zeros('z', [3], UINT8), { axis: 1 });
  // The scale and zero point, constants, fold to [3, 1] float32 constants.
  expect(t.match(/cgc\.constant\("[^"]+"\) : !cgc\.tensor<constant 3x1x!cgc\.float32>/g)).toHaveLength(2);
  expect(t).toContain('cgc_op.cast(%x) {to = !cgc.float32}');
  expect(t).toMatch(/cgc_op\.sub\(/);
  expect(t).toMatch(/%y = cgc_op\.mul\(/);
  // Without a zero point, no subtraction.
  expect(graph('DequantizeLinear', [4], UINT8, floatTensor('s', [], [0.5]), undefined)).not.toContain('cgc_op.sub');
});

test('QuantizeLinear: round half to even, add the zero point, saturate, cast to its type (uint8 without one)', () => {
  const t = graph('QuantizeLinear', [2, 3], 1, floatTensor('s', [], [0.5]), undefined);
  expect(t).toMatch(/cgc_op\.div\(%x, %s\)/);
  expect(t).toContain('cgc_op.round(');
  expect(t).toContain('{min = 0.0, max = 255.0}');
  expect(t).toMatch(/%y = cgc_op\.cast\(%\d+\) \{to = !cgc\.uint8\}/);
});

test('refused by name: blocked scales, other scale ranks or lengths, other quantized types', () => {
  expect(() => graph('DequantizeLinear', [2, 4], UINT8, floatTensor('s', [2, 2], [1, 1, 1, 1]), undefined, { block_size: 2 }, 21))
    .toThrow("DequantizeLinear output 'y' (opset 21): blocked quantization (block_size) is not supported; per-tensor and per-axis scales are");
  expect(() => graph('DequantizeLinear', [2, 4], UINT8, floatTensor('s', [2, 2], [1, 1, 1, 1]), undefined))
    .toThrow('x_scale must be a scalar or 1-D (per axis), got shape [2, 2]; blocked quantization is not supported');
  expect(() => graph('DequantizeLinear', [2, 4], UINT8, floatTensor('s', [3], [1, 1, 1]), undefined, { axis: 1 }))
    .toThrow('x_scale has 3 values; axis 1 has 4');
  expect(() => graph('QuantizeLinear', [4], 1, floatTensor('s', [], [1]), zeros('z', [], INT32)))
    .toThrow("QuantizeLinear output 'y' (opset 13): the quantized type is int32; supported: uint8, int8");
});

test('DynamicQuantizeLinear: the scale and zero point from the range of x widened to hold 0, three outputs', () => {
  const t = importText({
    nodes: [node('DynamicQuantizeLinear', ['x'], ['y', 'y_scale', 'y_zero_point'])],
    inputs: [tensorInfo('x', [2, 3])], outputs: [{ name: 'y' }, { name: 'y_scale' }, { name: 'y_zero_point' }], opset: 11,
  }).text;
  expect(t).toContain('cgc_op.reduce_min(%x) {keep_dims = false}');
  expect(t).toContain('cgc_op.reduce_max(%x) {keep_dims = false}');
  expect(t).toMatch(/-> \(!cgc\.tensor<2x3x!cgc\.uint8>, !cgc\.tensor<!cgc\.float32>, !cgc\.tensor<!cgc\.uint8>\)/);
});

test('MatMulInteger: an int32 matmul of the operands less their zero points, one per row of A reshaped to a column', () => {
  const t = importText({
    nodes: [node('MatMulInteger', ['a', 'b', 'za', 'zb'], ['y'])],
    inputs: [tensorInfo('a', [4, 3], UINT8), tensorInfo('b', [3, 2], UINT8), tensorInfo('za', [4], UINT8), tensorInfo('zb', [2], UINT8)], outputs: [{ name: 'y' }], opset: 10,
  }).text;
  expect(t).toMatch(/cgc_op\.reshape\(%\d+\) \{shape = \[4, 1\]\}/);
  expect(t).toMatch(/%y = cgc_op\.matmul\(%\d+, %\d+\) : \(!cgc\.tensor<4x3x!cgc\.int32>, !cgc\.tensor<3x2x!cgc\.int32>\) -> !cgc\.tensor<4x2x!cgc\.int32>/);
  expect(() => importText({
    nodes: [node('MatMulInteger', ['a', 'b'], ['y'])], inputs: [tensorInfo('a', [4, 3]), tensorInfo('b', [3, 2], UINT8)], outputs: [{ name: 'y' }], opset: 10,
  })).toThrow("MatMulInteger output 'y' (opset 10): input A is float32; supported: uint8, int8");
});

test('MatMulInteger per-row and per-column zero points, computed by the CPU reference', () => {
  const { module } = importFolded(modelBytes({
    nodes: [node('MatMulInteger', ['a', 'b', 'za', 'zb'], ['y'])],
    inputs: [tensorInfo('a', [2, 3], UINT8), tensorInfo('b', [3, 2], UINT8), tensorInfo('za', [2], UINT8), tensorInfo('zb', [2], UINT8)], outputs: [{ name: 'y' }], opset: 10,
  }));
  const [y] = runEntryPoint(module, [
    tensor([2, 3], [1, 2, 3, 200, 210, 255], 'uint8'), tensor([3, 2], [4, 5, 6, 7, 8, 9], 'uint8'),
    tensor([2], [1, 200], 'uint8'), tensor([2], [4, 9], 'uint8'),
  ], () => undefined);
  // A − za per row: [[0, 1, 2], [0, 10, 55]]; B − zb per column: [[0, -4], [2, -2], [4, 0]].
  expect(y!.type).toMatchObject({ shape: [2, 2], element: 'int32' });
  expect([...y!.data]).toEqual([10, -2, 240, -20]);
});

test('MatMulInteger constant zero points: all zeros are not subtracted; others are widened to int32 constants here', () => {
  const INT8 = 3;
  const text = (zb: number[]) => importText({
    nodes: [node('MatMulInteger', ['a', 'b', 'za', 'zb'], ['y'])],
    inputs: [tensorInfo('a', [4, 3], UINT8), tensorInfo('b', [3, 2], INT8)], outputs: [{ name: 'y' }], opset: 10,
    initializers: [{ name: 'za', dims: [], data_type: UINT8, int32_data: [128] }, { name: 'zb', dims: [2], data_type: INT8, int32_data: zb }],
  }).text;
  const symmetric = text([0, 0]);
  // A's zero point is a constant int32 scalar subtracted from the widened A; B's zeros are dropped.
  expect(symmetric.match(/cgc_op\.cast\(/g)).toHaveLength(2);
  expect(symmetric.match(/cgc_op\.sub\(/g)).toHaveLength(1);
  expect(symmetric).toMatch(/cgc\.constant\("[^"]+"\) : !cgc\.tensor<constant !cgc\.int32>/);
  const shifted = text([3, -2]);
  expect(shifted.match(/cgc_op\.cast\(/g)).toHaveLength(2);
  expect(shifted.match(/cgc_op\.sub\(/g)).toHaveLength(2);
  expect(shifted).toMatch(/cgc\.constant\("[^"]+"\) : !cgc\.tensor<constant 2x!cgc\.int32>/);
});

const INT8 = 3;

/** A naive 2-D convolution (one image, stride 1) of integer values, padded by `pad` zeros. */
function naiveConv(x: number[], [C, H, W]: number[], w: number[], [M, kh, kw]: number[], pad: number, bias = new Array<number>(M).fill(0)): number[] {
  const oh = H + 2 * pad - kh + 1;
  const ow = W + 2 * pad - kw + 1;
  const out: number[] = [];
  for (let m = 0; m < M; m++) {
    for (let i = 0; i < oh; i++) {
      for (let j = 0; j < ow; j++) {
        let s = bias[m]!;
        for (let c = 0; c < C; c++) {
          for (let p = 0; p < kh; p++) {
            for (let q = 0; q < kw; q++) {
              const y = i + p - pad;
              const z = j + q - pad;
              if (y >= 0 && y < H && z >= 0 && z < W) s += x[(c * H + y) * W + z]! * w[((m * C + c) * kh + p) * kw + q]!;
            }
          }
        }
        out.push(s);
      }
    }
  }
  return out;
}

test('ConvInteger: an int32 convolution of x and w less their zero points (w\'s per output channel); padding adds nothing', () => {
  const xs = [0, 7, 255, 128, 3, 9, 200, 1, 16, 40, 99, 250, 5, 6, 77, 128, 129, 31];
  const ws = [1, -2, 3, 127, -128, 0, 5, 5, 9, -9, 2, 1, 0, 0, -1, 1];
  const { module, constants } = importFolded(modelBytes({
    nodes: [node('ConvInteger', ['x', 'w', 'zx', 'zw'], ['y'], { pads: [1, 1, 1, 1] })],
    inputs: [tensorInfo('x', [1, 2, 3, 3], UINT8), tensorInfo('w', [2, 2, 2, 2], INT8)], outputs: [{ name: 'y' }], opset: 10,
    initializers: [{ name: 'zx', dims: [], data_type: UINT8, int32_data: [128] }, { name: 'zw', dims: [2], data_type: INT8, int32_data: [3, -1] }],
  }));
  const [y] = runEntryPoint(module, [tensor([1, 2, 3, 3], xs, 'uint8'), tensor([2, 2, 2, 2], ws, 'int8')], (n) => constants.get(n));
  expect(y!.type).toMatchObject({ shape: [1, 2, 4, 4], element: 'int32' });
  const wShifted = ws.map((v, i) => v - (i < 8 ? 3 : -1));
  expect([...y!.data]).toEqual(naiveConv(xs.map((v) => v - 128), [2, 3, 3], wShifted, [2, 2, 2], 1));
});

test('QLinearConv: the integer convolution plus B, scaled by x_scale · w_scale / y_scale per channel, rounded half to even, shifted and saturated', () => {
  const xs = [10, 20, 30, 40, 50, 60, 70, 80, 90];
  const ws = [1, 2, 3, 4, -1, -2, -3, -4];
  const sw = [0.5, 0.25];
  const bias = [-162, -3000];
  const { module, constants } = importFolded(modelBytes({
    nodes: [node('QLinearConv', ['x', 'sx', 'zx', 'w', 'sw', 'zw', 'sy', 'zy', 'b'], ['y'])],
    inputs: [tensorInfo('x', [1, 1, 3, 3], UINT8)], outputs: [{ name: 'y' }], opset: 10,
    initializers: [floatTensor('sx', [], [0.25]), { name: 'zx', dims: [], data_type: UINT8, int32_data: [20] },
      { name: 'w', dims: [2, 1, 2, 2], data_type: INT8, int32_data: ws }, floatTensor('sw', [2], sw),
      { name: 'zw', dims: [2], data_type: INT8, int32_data: [0, 0] }, floatTensor('sy', [], [2]),
      { name: 'zy', dims: [], data_type: UINT8, int32_data: [100] }, { name: 'b', dims: [2], data_type: INT32, int32_data: bias }],
  }));
  const [y] = runEntryPoint(module, [tensor([1, 1, 3, 3], xs, 'uint8')], (n) => constants.get(n));
  const acc = naiveConv(xs.map((v) => v - 20), [1, 3, 3], ws, [2, 2, 2], 0, bias);
  // Ties go to the even neighbour (Math.round would take both up): 0.0625 · 8 = 0.5 → 0, 0.0625 · 408 = 25.5 → 26.
  const even = (v: number) => (Math.abs(v % 1) === 0.5 ? 2 * Math.round(v / 2) : Math.round(v));
  const expected = acc.map((a, i) => Math.min(255, Math.max(0, even(a * Math.fround(Math.fround(0.25 * sw[i < 4 ? 0 : 1]!) / 2)) + 100)));
  expect(y!.type).toMatchObject({ shape: [1, 2, 2, 2], element: 'uint8' });
  expect([...y!.data]).toEqual(expected);
  expect(expected).toEqual([100, 107, 119, 126, 1, 0, 0, 0]);
});

test('QLinearMatMul: a per-row a_scale and zero point, refusals naming the input', () => {
  const spec = (aScale: number[], bScaleType = FLOAT) => ({
    nodes: [node('QLinearMatMul', ['a', 'sa', 'za', 'b', 'sb', 'zb', 'sy', 'zy'], ['y'])],
    inputs: [tensorInfo('a', [2, 4], UINT8), tensorInfo('b', [4, 3], INT8), tensorInfo('sb', [], bScaleType)], outputs: [{ name: 'y' }], opset: 10,
    initializers: [floatTensor('sa', [aScale.length], aScale), { name: 'za', dims: [aScale.length], data_type: UINT8, int32_data: aScale.map(() => 1) },
      { name: 'zb', dims: [], data_type: INT8, int32_data: [0] }, floatTensor('sy', [], [1]), { name: 'zy', dims: [], data_type: INT8, int32_data: [-3] }],
  });
  const t = importText(spec([0.5, 2])).text;
  // The per-row zero point and scale fold to [2, 1] constants (one value per row, as a column).
  expect(t).toMatch(/cgc\.constant\("[^"]+"\) : !cgc\.tensor<constant 2x1x!cgc\.int32>/);
  expect(t).toMatch(/cgc\.constant\("[^"]+"\) : !cgc\.tensor<constant 2x1x!cgc\.float32>/);
  expect(t).toMatch(/%y = cgc_op\.cast\(%\d+\) \{to = !cgc\.int8\}/);
  expect(t).toContain('{min = -128.0, max = 127.0}');
  expect(() => importText(spec([0.5, 2, 1]))).toThrow("QLinearMatMul output 'y' (opset 10): a_zero_point has shape [3]; expected a scalar or one value per row (2)");
  expect(() => importText(spec([0.5, 2], 10))).toThrow("QLinearMatMul output 'y' (opset 10): b_scale is float16; float32 is supported");
});
