// Convolution (1-D/2-D/3-D, groups, strides, dilations, asymmetric padding) as an implicit GEMM, one
// product per group: A = weights [Mg, Cg·kernel volume] as stored, B = im2col of the input
// [Cg·kernel volume, batch·output positions] read in place (0 in the padding), never materialized.
// N runs over output positions so that neighbouring threads store neighbouring NCHW words.
import { convert } from '../wgsl/builder';
import { withBias } from './conv-matmul';
import { gemmProblem, unflatten } from './gemm-kernel';
import { convParams, when } from './helpers';
import { size } from '../wgsl/params';

// The kernel window (its volume and extents) shapes the code and stays literal; every other size
// (channels, positions, input extents, strides, padding, dilations) is a size parameter, so layers of
// one window, tile and epilogue share a pipeline. A first-tier kernel (KernelBuilder.generic) reads
// its window from sizes too: 1×1, 3×3 and 7×7 layers of one tile and epilogue share one.

gemmProblem('convolution', (b, op) => {
  const { x, w, groups, Cg, kernel, strides: s, dilations: d, startPadding: p } = convParams(op);
  const Mg = w.type.shape[0]! / groups;
  // Depthwise: one input channel per product leaves K = kernel volume; the direct kernel does better.
  if (groups > 1 && Cg === 1) return undefined;
  const kvolume = kernel.reduce((n, e) => n * e, 1);
  const kvol = b.generic ? size(kvolume) : `${kvolume}i`;
  const sized = b.generic ? 'generic' : true;
  const taps = (k: string) => unflatten(`${k} % ${kvol}`, kernel, b.generic && 'generic');
  const spatial = op.results[0]!.type.shape.slice(2);
  const positions = spatial.reduce((n, e) => n * e, 1);
  const channel = (g: string, c: string) => (groups === 1 ? c : `${g} * ${size(Mg)} + ${c}`);
  return {
    batch: groups,
    M: Mg,
    N: x.type.shape[0]! * positions,
    K: Cg * kvolume,
    // Weights from a binding are row-major [M, Cg·kernel volume] as A: read at their flat index
    // (computed ones through their coordinates).
    readA: (scope, g, m, k) => convert(w.definingOp && b.inside.has(w.definingOp)
      ? b.value(w, [channel(g, m), `${k} / ${kvol}`, ...taps(k)], scope)
      : b.load(w, `(${channel(g, m)}) * ${size(Cg * kvolume)} + ${k}`), 'f32'),
    readB: (scope, g, k, n, hoisted) => {
      // The output position's corner in the input, once per thread; the tap offset per k.
      const image = b.fresh('img');
      hoisted.emit(`let ${image} = ${n} / ${size(positions)};`);
      const corner = unflatten(`${n} % ${size(positions)}`, spatial, sized).map((o, j) => {
        const v = b.fresh('o');
        hoisted.emit(`let ${v} = (${o}) * ${size(s[j]!)} - ${size(p[j]!)};`);
        return v;
      });
      const tap = taps(k);
      const at = corner.map((o, j) => {
        const v = b.fresh('i');
        scope.emit(`let ${v} = ${o} + (${tap[j]}) * ${size(d[j]!)};`);
        return v;
      });
      const xv = b.fresh('v');
      scope.emit(`var ${xv} = 0.0f;`);
      const inside = at.map((v, j) => `${v} >= 0i && ${v} < ${size(x.type.shape[2 + j]!)}`).join(' && ') || 'true';
      when(scope, inside, (body) => {
        const ch = groups === 1 ? `${k} / ${kvol}` : `${g} * ${size(Cg)} + ${k} / ${kvol}`;
        body.emit(`${xv} = ${convert(b.value(x, [image, ch, ...at], body), 'f32')};`);
      });
      return xv;
    },
    outCoords: (g, m, n) => [`${n} / ${size(positions)}`, channel(g, m), ...unflatten(`${n} % ${size(positions)}`, spatial, sized)],
    // Positions run along an image's channel plane: 4 of them stay in one image and plane when their count is a multiple of 4.
    runsAlongN: positions % 4 === 0,
    finish: (acc, coords, scope) => withBias(b, op, acc, coords, scope),
  };
});
