// erf and erfc against mpmath (40 digits) values. Bounds: 1e-14 relative for erf, 2e-12 for erfc
// (1 − erf loses a few digits just below the switch to the continued fraction at 2.5; a sweep
// against mpmath over [−6, 19] measured 8e-16 and 1.4e-12). Both far inside the 1e-7 float32 needs.
import { describe, expect, it } from 'vitest';
import { erf, erfc } from './special-functions';

const ERF: [number, number][] = [
  [-3, -0.9999779095030014], [-1, -0.8427007929497149], [-0.5, -0.5204998778130465], [0.001, 0.0011283787909692365],
  [0.5, 0.5204998778130465], [1, 0.8427007929497149], [2, 0.9953222650189527], [2.4, 0.999311486103355],
  [2.6, 0.9997639655834707], [3, 0.9999779095030014], [4, 0.9999999845827421], [6, 1],
];
const ERFC: [number, number][] = [
  [0.5, 0.4795001221869535], [2, 0.004677734981047266], [3, 2.209049699858544e-05], [5, 1.537459794428035e-12],
  [8, 1.1224297172982926e-29], [10, 2.088487583762545e-45], [-1, 1.8427007929497148],
];

describe('special functions', () => {
  it.each(ERF)('erf(%d)', (x, want) => {
    expect(Math.abs(erf(x) - want)).toBeLessThanOrEqual(1e-14 * Math.abs(want));
  });
  it.each(ERFC)('erfc(%d)', (x, want) => {
    expect(Math.abs(erfc(x) - want)).toBeLessThanOrEqual(2e-12 * Math.abs(want));
  });
  it('is odd, with erf(0) = 0 and NaN through', () => {
    expect([erf(0), erf(-0.7) + erf(0.7), erf(NaN)]).toEqual([0, 0, NaN]);
  });
});
