// ONNX Resize (opset 10: scales only; 11+: roi/scales/sizes, coordinate modes; 18: axes and
// keep_aspect_ratio_policy) and Upsample (scales an attribute in 7, an input in 9) → cgc_op.resize
// with full per-dimension sizes or scales. Upsample and Resize-10 sample asymmetrically with floor.
import type { MapperTable, NodeCtx, Produced } from './context';

const modeOf = (n: NodeCtx): string => {
  const m = n.attrString('mode', 'nearest');
  return m === 'bilinear' || m === 'trilinear' ? 'linear' : m;
};

/** The Resize-10 / Upsample semantics: out = floor(in · scale), x_in = x_out / scale, nearest rounds down. */
function asymmetric(n: NodeCtx, scales: number[]): Produced[] {
  return [n.emit('resize', [n.input(0)], {
    mode: modeOf(n), scales, coordinate_transformation_mode: 'asymmetric', nearest_mode: 'floor',
  })];
}

/** Spreads per-axis values (scales, sizes, roi halves) over every dimension; others get `fill(dim)`. */
function full(values: number[], axes: number[], rank: number, fill: (d: number) => number): number[] {
  const out = Array.from({ length: rank }, (_, d) => fill(d));
  axes.forEach((a, i) => { out[a] = values[i]!; });
  return out;
}

function resize(n: NodeCtx): Produced[] {
  if (n.opset < 11) return asymmetric(n, n.constFloats(1, 'scales'));
  const x = n.shape(0);
  const rank = x.length;
  const axes = (n.hasAttr('axes') ? n.attrInts('axes') : [...x.keys()]).map((a) => n.axis(a, rank, "an entry of attribute 'axes'"));
  const given = (i: number, what: string): number[] | undefined => {
    if (!n.has(i)) return undefined;
    const v = n.constFloats(i, what);
    if (v.length === 0) return undefined;
    if (v.length !== axes.length) n.fail(`input '${what}' has ${v.length} values for ${axes.length} axes`);
    return v;
  };
  let scales = given(2, 'scales');
  let sizes = given(3, 'sizes');
  if (!scales && !sizes) n.fail(`needs input 'scales' or 'sizes'`);
  const ctm = n.attrString('coordinate_transformation_mode', 'half_pixel');
  const policy = n.attrString('keep_aspect_ratio_policy', 'stretch');
  if (sizes && policy !== 'stretch') {
    const ratios = sizes.map((s, i) => s / x[axes[i]!]!);
    const scale = policy === 'not_larger' ? Math.min(...ratios) : Math.max(...ratios);
    sizes = axes.map((a) => Math.round(scale * x[a]!));
  }
  const roiHalves = ctm === 'tf_crop_and_resize' ? n.constFloats(1, 'roi') : undefined;
  if (roiHalves && roiHalves.length !== 2 * axes.length) n.fail(`input 'roi' has ${roiHalves.length} values; expected ${2 * axes.length}`);
  if (scales) scales = full(scales, axes, rank, () => 1);
  return [n.emit('resize', [n.input(0)], {
    mode: modeOf(n),
    coordinate_transformation_mode: ctm,
    nearest_mode: n.attrString('nearest_mode', 'round_prefer_floor'),
    cubic_coeff_a: n.attrFloat('cubic_coeff_a', -0.75),
    exclude_outside: n.attrInt('exclude_outside', 0) !== 0,
    extrapolation_value: n.attrFloat('extrapolation_value', 0),
    antialias: n.attrInt('antialias', 0) !== 0,
    sizes: sizes ? full(sizes, axes, rank, (d) => x[d]!) : undefined,
    scales: sizes ? undefined : scales,
    roi: roiHalves ? [
      ...full(roiHalves.slice(0, axes.length), axes, rank, () => 0), ...full(roiHalves.slice(axes.length), axes, rank, () => 1),
    ] : undefined,
  })];
}

export const RESIZE: MapperTable = {
  Resize: resize,
  Upsample: (n) => asymmetric(n, n.opset < 9 ? n.attrFloats('scales') : n.constFloats(1, 'scales')),
};
