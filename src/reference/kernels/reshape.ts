// Reference kernels of the data-movement cgc_ops that change shape or dimension order. All copy raw
// storage (exact for every element type); the reordering ones build one index map each.
import { implement } from '../registry';
import type { HostTensor } from '../../core';
import { withType } from './common';
import { axisTable, broadcastMap, separableMap, strides, take } from './indexing';

// Row-major order is unchanged: the result is the input's elements under the inferred shape.
for (const name of ['reshape', 'flatten', 'squeeze', 'unsqueeze']) {
  implement(name, ([x], ctx) => [withType(ctx.result(), x!.data.slice())]);
}

implement('expand', ([x], ctx) => {
  const out = ctx.result();
  const map = broadcastMap(x!.type.shape, out.shape);
  return [map ? take(x!, out.shape, map) : withType(out, x!.data.slice())];
});

/** x with its dimensions reordered: result dimension i is input dimension perm[i]. */
export function transposeData(x: HostTensor, shape: readonly number[], perm: readonly number[]): HostTensor {
  const s = strides(shape);
  const outShape = perm.map((p) => shape[p]!);
  const map = separableMap(outShape, perm.map((p, i) => axisTable(outShape[i]!, s[p]!, (j) => j)));
  return take(x, outShape, map);
}

implement('transpose', ([x], ctx) => [transposeData(x!, x!.type.shape, ctx.ints('permutation'))]);

implement('tile', ([x], ctx) => {
  const out = ctx.result();
  const shape = x!.type.shape;
  const s = strides(shape);
  return [take(x!, out.shape, separableMap(out.shape, out.shape.map((n, i) => axisTable(n, s[i]!, (j) => j % shape[i]!))))];
});

// DCR: N, b, b, C/b², H, W → N, C/b², H, b, W, b. CRD: N, C/b², b, b, H, W → same result order.
implement('depth_to_space', ([x], ctx) => {
  const out = ctx.result();
  const [n, c, h, w] = x!.type.shape as [number, number, number, number];
  const b = ctx.int('block_size');
  const dcr = ctx.string('mode') === 'DCR';
  const view = dcr ? [n, b, b, c / (b * b), h, w] : [n, c / (b * b), b, b, h, w];
  const perm = dcr ? [0, 3, 4, 1, 5, 2] : [0, 1, 4, 2, 5, 3];
  return [withType(out, transposeData(x!, view, perm).data)];
});

// N, C, H/b, b, W/b, b → N, b, b, C, H/b, W/b (the inverse of DCR depth_to_space).
implement('space_to_depth', ([x], ctx) => {
  const out = ctx.result();
  const [n, c, h, w] = x!.type.shape as [number, number, number, number];
  const b = ctx.int('block_size');
  return [withType(out, transposeData(x!, [n, c, h / b, b, w / b, b], [0, 3, 5, 1, 2, 4]).data)];
});
