// Performance sanity of the reference: three ResNet-sized 3×3 convolutions (1×64×56×56 input,
// 64×64×3×3 filters, padding 1, with relu between) must finish in a few seconds, so whole conv
// networks stay usable as an oracle. Prints the time; the bound is loose for slow CI machines.
import { describe, expect, it } from 'vitest';
import { attrs } from '../ir/ops/test-cases';
import { evaluateOp } from './interpreter';
import { tensor } from './testing/tensors';

describe('reference performance', () => {
  it('runs a ResNet-like stack of three 64-channel 3×3 convolutions on 56×56 in seconds', () => {
    const n = 64 * 56 * 56;
    let x = tensor([1, 64, 56, 56], Array.from({ length: n }, (_, i) => ((i * 37) % 101) / 101 - 0.5));
    const w = tensor([64, 64, 3, 3], Array.from({ length: 64 * 64 * 9 }, (_, i) => ((i * 53) % 97) / 970 - 0.05));
    const b = tensor([64], Array.from({ length: 64 }, (_, i) => i / 640));
    const pads = attrs({ start_padding: [1, 1], end_padding: [1, 1] });
    const start = performance.now();
    for (let k = 0; k < 3; k++) {
      const [y] = evaluateOp('convolution', [x, w, b], pads);
      [x] = evaluateOp('relu', [y!]);
    }
    const seconds = (performance.now() - start) / 1000;
    console.log(`reference: 3 × conv 1x64x56x56 * 64x64x3x3 (+relu): ${seconds.toFixed(2)} s (${(3 * 2 * 64 * 64 * 9 * 56 * 56 / seconds / 1e9).toFixed(2)} GFLOP/s)`);
    expect(x!.type.shape).toEqual([1, 64, 56, 56]);
    expect(seconds).toBeLessThan(10);
  });
});
