// grid_sample, roi_align and max_roi_pool: each output element computes its sample positions from
// the grid or its box and interpolates (or takes the max of) the input taps it needs — bounds,
// clamping and reflection as ONNX Runtime's CPU kernels, mirrored by src/reference/kernels/sampling.ts.
import type { Value } from '../../ir';
import { type KernelBuilder, type Scope, type Typed, convert, generator, literal } from '../wgsl/builder';
import { ctxOf } from './helpers';

const f = (x: number) => literal(x, 'f32');

/** Emits `p` reflected into [lo, hi] (the reference's `reflect`) and returns the variable holding it. */
function reflected(b: KernelBuilder, scope: Scope, p: string, lo: number, hi: number): string {
  const v = b.fresh('rf');
  const range = hi - lo;
  if (range <= 0) {
    scope.emit(`let ${v} = ${f(lo)};`);
    return v;
  }
  const [d, k, r] = [b.fresh('rd'), b.fresh('rk'), b.fresh('rr')];
  scope.emit(`var ${v} = ${p};`);
  scope.emit(`if (${v} < ${f(lo)} || ${v} > ${f(hi)}) {`);
  scope.emit(`  let ${d} = select(${v} - ${f(hi)}, ${f(lo)} - ${v}, ${v} < ${f(lo)});`);
  scope.emit(`  let ${k} = trunc(${d} / ${f(range)});`);
  scope.emit(`  let ${r} = ${d} - ${k} * ${f(range)};`);
  scope.emit(`  let even = (i32(${k}) & 1i) == 0i;`);
  scope.emit(`  ${v} = select(select(${f(lo)} + ${r}, ${f(hi)} - ${r}, even), select(${f(hi)} - ${r}, ${f(lo)} + ${r}, even), ${v} < ${f(lo)});`);
  scope.emit('}');
  return v;
}

generator('grid_sample', (b, op, coords, scope) => {
  const ctx = ctxOf(op);
  const [x, grid] = op.operands as [Value, Value];
  const sizes = x.type.shape.slice(2);
  const r = sizes.length;
  const mode = ctx.string('mode');
  const padding = ctx.string('padding_mode');
  const align = ctx.bool('align_corners');
  const lo = align ? 0 : -0.5;
  const [n, c] = [coords[0]!, coords[1]!];
  const at = coords.slice(2);
  // Grid component k is the coordinate along spatial axis r − 1 − k (x along the width).
  const pos = sizes.map((d, a) => {
    const g = convert(b.value(grid, [n, ...at, `${r - 1 - a}i`], scope), 'f32');
    const hi = align ? d - 1 : d - 0.5;
    const p = b.fresh('gp');
    const denorm = align ? `(${g} + 1.0f) * ${f((d - 1) / 2)}` : `((${g} + 1.0f) * ${f(d)} - 1.0f) * 0.5f`;
    scope.emit(`var ${p} = ${mode === 'nearest' ? `round(${denorm})` : denorm};`);
    if (padding === 'border' && mode !== 'cubic') scope.emit(`if (${p} < ${f(lo)} || ${p} > ${f(hi)}) { ${p} = clamp(${p}, 0.0f, ${f(d - 1)}); }`);
    if (padding === 'reflection') return reflected(b, scope, p, lo, hi);
    return p;
  });
  /** x at integer tap positions (i32 expressions, one per spatial axis), by the padding mode. */
  const pixel = (taps: readonly string[]): string => {
    const inside: string[] = [];
    const idx = taps.map((t, a) => {
      const d = sizes[a]!;
      const v = b.fresh('ti');
      if (padding === 'reflection') {
        const rv = reflected(b, scope, `f32(${t})`, lo, align ? d - 1 : d - 0.5);
        scope.emit(`let ${v} = clamp(i32(trunc(${rv})), 0i, ${d - 1}i);`);
      } else {
        if (padding === 'zeros') inside.push(`${t} >= 0i && ${t} < ${d}i`);
        scope.emit(`let ${v} = clamp(${t}, 0i, ${d - 1}i);`);
      }
      return v;
    });
    const value = convert(b.value(x, [n, c, ...idx], scope), 'f32');
    return inside.length ? `select(0.0f, ${value}, ${inside.join(' && ')})` : value;
  };
  if (mode === 'nearest') return { expr: pixel(pos.map((p) => `i32(${p})`)), type: 'f32' };
  const floors = pos.map((p) => {
    const v = b.fresh('gf');
    scope.emit(`let ${v} = floor(${p});`);
    return v;
  });
  const frac = pos.map((p, a) => {
    const v = b.fresh('gt');
    scope.emit(`let ${v} = ${p} - ${floors[a]};`);
    return v;
  });
  const base = floors.map((fl) => {
    const v = b.fresh('gi');
    scope.emit(`let ${v} = i32(${fl});`);
    return v;
  });
  const acc = b.fresh('gacc');
  scope.emit(`var ${acc} = 0.0f;`);
  if (mode === 'linear') {
    for (let corner = 0; corner < 1 << r; corner++) {
      const w = frac.map((t, a) => ((corner >> a) & 1 ? t : `(1.0f - ${t})`)).join(' * ');
      scope.emit(`${acc} += ${w} * ${pixel(base.map((i, a) => ((corner >> a) & 1 ? `(${i} + 1i)` : i)))};`);
    }
    return { expr: acc, type: 'f32' };
  }
  // cubic (2 spatial axes): 4 × 4 taps around the position, A = −0.75.
  const A = -0.75;
  const weights = frac.map((t) => {
    const w = b.fresh('gw');
    const u = `(1.0f - ${t})`;
    scope.emit(`let ${w} = array<f32, 4>(`);
    scope.emit(`  ((${f(A)} * (${t} + 1.0f) - ${f(5 * A)}) * (${t} + 1.0f) + ${f(8 * A)}) * (${t} + 1.0f) - ${f(4 * A)},`);
    scope.emit(`  (${f(A + 2)} * ${t} - ${f(A + 3)}) * ${t} * ${t} + 1.0f,`);
    scope.emit(`  (${f(A + 2)} * ${u} - ${f(A + 3)}) * ${u} * ${u} + 1.0f,`);
    scope.emit(`  ((${f(A)} * (${u} + 1.0f) - ${f(5 * A)}) * (${u} + 1.0f) + ${f(8 * A)}) * (${u} + 1.0f) - ${f(4 * A)});`);
    return w;
  });
  for (let i = 0; i < 4; i++) {
    for (let j = 0; j < 4; j++) {
      scope.emit(`${acc} += ${weights[0]}[${i}] * ${weights[1]}[${j}] * ${pixel([`(${base[0]} + ${i - 1}i)`, `(${base[1]} + ${j - 1}i)`])};`);
    }
  }
  return { expr: acc, type: 'f32' };
});

generator('roi_align', (b, op, coords, scope) => {
  const ctx = ctxOf(op);
  const [x, rois, batch] = op.operands as [Value, Value, Value];
  const [N, , H, W] = x.type.shape as [number, number, number, number];
  const [PH, PW] = [ctx.int('output_height'), ctx.int('output_width')];
  const scale = ctx.float('spatial_scale');
  const ratio = ctx.int('sampling_ratio');
  const halfPixel = ctx.string('coordinate_transformation_mode') === 'half_pixel';
  const isMax = ctx.string('mode') === 'max';
  const [r, c, ph, pw] = coords as [string, string, string, string];
  const box = [0, 1, 2, 3].map((k) => `(${convert(b.value(rois, [r, `${k}i`], scope), 'f32')} * ${f(scale)} - ${f(halfPixel ? 0.5 : 0)})`);
  const v = (name: string, expr: string) => {
    const t = b.fresh(name);
    scope.emit(`let ${t} = ${expr};`);
    return t;
  };
  const img = v('ri', `clamp(${convert(b.value(batch, [r], scope), 'i32')}, 0i, ${N - 1}i)`);
  const x1 = v('rx', box[0]!);
  const y1 = v('ry', box[1]!);
  const rw = v('rw', halfPixel ? `${box[2]} - ${x1}` : `max(${box[2]} - ${x1}, 1.0f)`);
  const rh = v('rh', halfPixel ? `${box[3]} - ${y1}` : `max(${box[3]} - ${y1}, 1.0f)`);
  const binH = v('bh', `${rh} / ${f(PH)}`);
  const binW = v('bw', `${rw} / ${f(PW)}`);
  const gh = v('gh', ratio > 0 ? `${ratio}i` : `i32(ceil(${rh} / ${f(PH)}))`);
  const gw = v('gw', ratio > 0 ? `${ratio}i` : `i32(ceil(${rw} / ${f(PW)}))`);
  const acc = b.fresh('racc');
  scope.emit(`var ${acc} = 0.0f;`);
  const [iy, ix] = [b.fresh('iy'), b.fresh('ix')];
  scope.emit(`for (var ${iy} = 0i; ${iy} < ${gh}; ${iy}++) {`);
  scope.emit(`  for (var ${ix} = 0i; ${ix} < ${gw}; ${ix}++) {`);
  const s = scope.child().child();
  const q = b.fresh('q');
  s.emit(`var ${q}_sy = ${y1} + f32(${ph}) * ${binH} + (f32(${iy}) + 0.5f) * ${binH} / f32(${gh});`);
  s.emit(`var ${q}_sx = ${x1} + f32(${pw}) * ${binW} + (f32(${ix}) + 0.5f) * ${binW} / f32(${gw});`);
  s.emit(`let ${q}_inside = select(0.0f, 1.0f, !(${q}_sy < -1.0f || ${q}_sy > ${f(H)} || ${q}_sx < -1.0f || ${q}_sx > ${f(W)}));`);
  s.emit(`${q}_sy = max(${q}_sy, 0.0f);`);
  s.emit(`${q}_sx = max(${q}_sx, 0.0f);`);
  s.emit(`var ${q}_y0 = i32(${q}_sy);`);
  s.emit(`var ${q}_x0 = i32(${q}_sx);`);
  s.emit(`var ${q}_y1 = ${q}_y0 + 1i;`);
  s.emit(`var ${q}_x1 = ${q}_x0 + 1i;`);
  s.emit(`if (${q}_y0 >= ${H - 1}i) { ${q}_y0 = ${H - 1}i; ${q}_y1 = ${q}_y0; ${q}_sy = f32(${q}_y0); }`);
  s.emit(`if (${q}_x0 >= ${W - 1}i) { ${q}_x0 = ${W - 1}i; ${q}_x1 = ${q}_x0; ${q}_sx = f32(${q}_x0); }`);
  s.emit(`let ${q}_ly = ${q}_sy - f32(${q}_y0);`);
  s.emit(`let ${q}_lx = ${q}_sx - f32(${q}_x0);`);
  const tap = (yy: string, xx: string) => convert(b.value(x, [img, c, yy, xx], s), 'f32');
  const terms = [
    `(1.0f - ${q}_ly) * (1.0f - ${q}_lx) * ${q}_inside * ${tap(`${q}_y0`, `${q}_x0`)}`, `(1.0f - ${q}_ly) * ${q}_lx * ${q}_inside * ${tap(`${q}_y0`, `${q}_x1`)}`,
    `${q}_ly * (1.0f - ${q}_lx) * ${q}_inside * ${tap(`${q}_y1`, `${q}_x0`)}`, `${q}_ly * ${q}_lx * ${q}_inside * ${tap(`${q}_y1`, `${q}_x1`)}`,
  ];
  if (isMax) {
    // ONNX Runtime's max mode: the largest weighted tap, not the interpolated value.
    s.emit(`let ${q}_m = max(max(${terms[0]}, ${terms[1]}), max(${terms[2]}, ${terms[3]}));`);
    s.emit(`${acc} = select(max(${acc}, ${q}_m), ${q}_m, ${iy} == 0i && ${ix} == 0i);`);
  } else {
    s.emit(`${acc} += ${terms.join(' + ')};`);
  }
  scope.lines.push(...s.lines);
  scope.emit('  }');
  scope.emit('}');
  return { expr: isMax ? acc : `${acc} / f32(max(${gh} * ${gw}, 1i))`, type: 'f32' } satisfies Typed;
});

generator('max_roi_pool', (b, op, coords, scope) => {
  const ctx = ctxOf(op);
  const [x, rois, batch] = op.operands as [Value, Value, Value];
  const [N, , H, W] = x.type.shape as [number, number, number, number];
  const [PH, PW] = ctx.ints('pooled_shape') as [number, number];
  const scale = ctx.float('spatial_scale');
  const [r, c, ph, pw] = coords as [string, string, string, string];
  const q = b.fresh('mp');
  const roi = (k: number) => convert(b.value(rois, [r, `${k}i`], scope), 'f32');
  // std::round (half away from zero) of each scaled coordinate; float32 bin edges as ONNX Runtime's.
  const rounded = (k: number) => `i32(sign(${roi(k)} * ${f(scale)}) * floor(abs(${roi(k)} * ${f(scale)}) + 0.5f))`;
  scope.emit(`let ${q}_b = clamp(${convert(b.value(batch, [r], scope), 'i32')}, 0i, ${N - 1}i);`);
  scope.emit(`let ${q}_x1 = ${rounded(0)};`);
  scope.emit(`let ${q}_y1 = ${rounded(1)};`);
  scope.emit(`let ${q}_bh = f32(max(${rounded(3)} - ${q}_y1 + 1i, 1i)) / ${f(PH)};`);
  scope.emit(`let ${q}_bw = f32(max(${rounded(2)} - ${q}_x1 + 1i, 1i)) / ${f(PW)};`);
  scope.emit(`let ${q}_h0 = clamp(i32(floor(f32(${ph}) * ${q}_bh)) + ${q}_y1, 0i, ${H}i);`);
  scope.emit(`let ${q}_h1 = clamp(i32(ceil(f32(${ph} + 1i) * ${q}_bh)) + ${q}_y1, 0i, ${H}i);`);
  scope.emit(`let ${q}_w0 = clamp(i32(floor(f32(${pw}) * ${q}_bw)) + ${q}_x1, 0i, ${W}i);`);
  scope.emit(`let ${q}_w1 = clamp(i32(ceil(f32(${pw} + 1i) * ${q}_bw)) + ${q}_x1, 0i, ${W}i);`);
  scope.emit(`var ${q}_m = select(-3.4028234663852886e38f, 0.0f, ${q}_h1 <= ${q}_h0 || ${q}_w1 <= ${q}_w0);`);
  scope.emit(`for (var ${q}_h = ${q}_h0; ${q}_h < ${q}_h1; ${q}_h++) {`);
  scope.emit(`  for (var ${q}_w = ${q}_w0; ${q}_w < ${q}_w1; ${q}_w++) {`);
  const s = scope.child().child();
  s.emit(`${q}_m = max(${q}_m, ${convert(b.value(x, [`${q}_b`, c, `${q}_h`, `${q}_w`], s), 'f32')});`);
  scope.lines.push(...s.lines);
  scope.emit('  }');
  scope.emit('}');
  return { expr: `${q}_m`, type: 'f32' };
});
