// DFT (opsets 17 and 20), STFT, and the window ops and MelWeightMatrix folded to constants.
import { expect, test } from 'vitest';
import { importText, intTensor, node, single, tensorInfo } from './testing';
import { melWeights } from './map-signal';

test('DFT: axis an attribute in 17, an input (default −2) in 20; dft_length, inverse, onesided', () => {
  expect(single('DFT', [[2, 16, 1]], { onesided: 1 }, { opset: 17 })).toContain('cgc_op.dft(%x0) {axis = 1, inverse = false, onesided = true}');
  expect(single('DFT', [[2, 16, 2]], { inverse: 1 }, { opset: 20 })).toContain('{axis = 1, inverse = true, onesided = false}');
  const axis0 = importText({
    nodes: [node('DFT', ['x', 'n', 'a'], ['y'])], inputs: [tensorInfo('x', [5, 3, 2])], outputs: [{ name: 'y' }],
    initializers: [intTensor('n', [], [8]), intTensor('a', [], [0])], opset: 20,
  }).text;
  expect(axis0).toContain('{axis = 0, length = 8, inverse = false, onesided = false}');
  expect(() => single('DFT', [[2, 16, 2]], { axis: 5 }, { opset: 17 })).toThrow("attribute 'axis' is 5, out of range for rank 3");
});

test('STFT: frame_length from its input or the window', () => {
  const stft = (inputs: string[], inits: object[]) => importText({
    nodes: [node('STFT', ['x', ...inputs], ['y'])],
    inputs: [tensorInfo('x', [1, 64, 1]), tensorInfo('w', [16])], outputs: [{ name: 'y' }], initializers: inits, opset: 17,
  }).text;
  expect(stft(['s', 'w'], [intTensor('s', [], [8])])).toContain('cgc_op.stft(%x, %w) {frame_step = 8, frame_length = 16, onesided = true}');
  expect(stft(['s', '', 'n'], [intTensor('s', [], [8]), intTensor('n', [], [32])])).toContain('-> !cgc.tensor<1x5x17x2x!cgc.float32>');
});

const windowOf = (op: string, size: number, attrs = {}) => {
  const { constants } = importText({
    nodes: [node(op, ['n'], ['y'], attrs)], inputs: [], outputs: [{ name: 'y' }], initializers: [intTensor('n', [], [size])], opset: 17,
  });
  return [...constants.values()][0]!;
};

test('HannWindow, HammingWindow, BlackmanWindow fold to constants: periodic or symmetric, output_datatype', () => {
  const close = (got: ArrayLike<number>, want: number[]) => want.forEach((w, i) => expect(got[i]).toBeCloseTo(w, 6));
  close(windowOf('HannWindow', 4).data as Float32Array, [0, 0.5, 1, 0.5]);
  close(windowOf('HannWindow', 5, { periodic: 0 }).data as Float32Array, [0, 0.5, 1, 0.5, 0]);
  close(windowOf('HammingWindow', 4).data as Float32Array, [4 / 46, 25 / 46, 1, 25 / 46]);
  close(windowOf('BlackmanWindow', 3, { periodic: 0 }).data as Float32Array, [0, 1, 0].map((v) => (v ? 1 : 0.42 - 0.5 + 0.08)));
  expect(windowOf('HannWindow', 4, { output_datatype: 10 }).type.element).toBe('float16');
});

test('MelWeightMatrix folds to its triangular filters', () => {
  const { constants, text } = importText({
    nodes: [node('MelWeightMatrix', ['m', 'd', 'r', 'lo', 'hi'], ['y'])], inputs: [], outputs: [{ name: 'y' }], opset: 17,
    initializers: [intTensor('m', [], [8]), intTensor('d', [], [16]), intTensor('r', [], [8192]), { name: 'lo', dims: [], data_type: 1, float_data: [0] }, { name: 'hi', dims: [], data_type: 1, float_data: [4096] }],
  });
  expect(text).not.toMatch(/cgc_op\.(?!identity)/); // the returned constant passes through an identity
  const w = [...constants.values()][0]!;
  expect(w.type.shape).toEqual([9, 8]);
  expect(Array.from(w.data as Float32Array)).toEqual(melWeights(8, 16, 8192, 0, 4096).map(Math.fround));
  // Each filter peaks at 1 at its centre bin.
  for (let i = 0; i < 8; i++) expect(Math.max(...Array.from({ length: 9 }, (_, j) => (w.data as Float32Array)[j * 8 + i]!))).toBe(1);
});
