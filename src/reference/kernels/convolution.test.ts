// Convolution kernels against the ONNX operator docs' Conv / ConvTranspose examples and small
// hand-derived cases (groups, dilation, 1-D and 3-D). Inputs are small integers, so every sum is
// exact in float32 and the comparisons are exact.
import { describe, expect, it } from 'vitest';
import { run1, tensor } from '../testing/tensors';

const iota = (n: number): number[] => Array.from({ length: n }, (_, i) => i);
const ones = (n: number): number[] => new Array<number>(n).fill(1);

describe('convolution', () => {
  const x = tensor([1, 1, 5, 5], iota(25));
  const w = tensor([1, 1, 3, 3], ones(9));

  it('ONNX example: 3×3 ones over 0…24, with and without padding', () => {
    expect(run1('convolution', [x, w], { start_padding: [1, 1], end_padding: [1, 1] }).v).toEqual([
      12, 21, 27, 33, 24, 33, 54, 63, 72, 51, 63, 99, 108, 117, 81, 93, 144, 153, 162, 111, 72, 111, 117, 123, 84]);
    expect(run1('convolution', [x, w]).v).toEqual([54, 63, 72, 99, 108, 117, 144, 153, 162]);
  });

  it('ONNX example: strides 2 with padding over a 7×5 input', () => {
    const r = run1('convolution', [tensor([1, 1, 7, 5], iota(35)), w], { strides: [2, 2], start_padding: [1, 1], end_padding: [1, 1] });
    expect(r).toEqual({ shape: [1, 1, 4, 3], v: [12, 27, 24, 63, 108, 81, 123, 198, 141, 112, 177, 124] });
  });

  it('groups (depthwise) with bias; dilation in 1-D; 3-D', () => {
    const dw = run1('convolution', [tensor([1, 2, 1, 2], [1, 2, 3, 4]), tensor([2, 1, 1, 1], [2, 3]), tensor([2], [0.5, -1])], { groups: 2 });
    expect(dw.v).toEqual([2.5, 4.5, 8, 11]);
    expect(run1('convolution', [tensor([1, 1, 5], [1, 2, 3, 4, 5]), tensor([1, 1, 2], [1, 1])], { dilations: [2] }).v).toEqual([4, 6, 8]);
    expect(run1('convolution', [tensor([1, 1, 2, 2, 2], ones(8)), tensor([1, 1, 2, 2, 2], ones(8))]).v).toEqual([8]);
    // Two output channels from two input channels, full connection: out_m = Σ_c w[m,c]·x_c
    const full = run1('convolution', [tensor([1, 2, 1, 1], [3, 5]), tensor([2, 2, 1, 1], [1, 2, 10, 20])]);
    expect(full.v).toEqual([13, 130]);
  });

  it('float16 rounds the double sum once to half', () => {
    const r = run1('convolution', [tensor([1, 1, 1, 3], [1, 1, 2 ** -11], 'float16'), tensor([1, 1, 1, 3], [1, 1, 1], 'float16')]);
    expect(r.v).toEqual([2]); // 2 + 2^-11 is a quarter of a half ulp (2^-9) above 2: rounds to 2
  });
});

describe('convolution_transpose', () => {
  it('ONNX example: 3×3 input, 1→2 channels of 3×3 ones', () => {
    const r = run1('convolution_transpose', [tensor([1, 1, 3, 3], iota(9)), tensor([1, 2, 3, 3], ones(18))]);
    const plane = [0, 1, 3, 3, 2, 3, 8, 15, 12, 7, 9, 21, 36, 27, 15, 9, 20, 33, 24, 13, 6, 13, 21, 15, 8];
    expect(r).toEqual({ shape: [1, 2, 5, 5], v: [...plane, ...plane] });
  });

  it('strides, padding, output_padding and bias (1-D, hand-derived)', () => {
    // y[i·2 + k − 1] += x[i]·w[k]; x = [1, 2], w = [1, 10, 100]: full output [1, 10, 102, 20, 200] minus one
    // element of padding at the start, plus one of output_padding at the end (zero), plus bias 0.5.
    const r = run1('convolution_transpose', [tensor([1, 1, 2], [1, 2]), tensor([1, 1, 3], [1, 10, 100]), tensor([1], [0.5])],
      { strides: [2], start_padding: [1], end_padding: [0], output_padding: [1] });
    expect(r.v).toEqual([10.5, 102.5, 20.5, 200.5, 0.5]);
  });
});
