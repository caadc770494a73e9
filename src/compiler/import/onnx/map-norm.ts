// ONNX normalizations → cgc_op (inference form): BatchNormalization (spatial, training outputs
// refused), Layer/Instance/Group (per-group scale of opsets 18–20 expanded per channel),
// MeanVarianceNormalization, LpNormalization and LRN.
import type { MapperTable, NodeCtx, Produced } from './context';
import { fromNumbers, toNumbers } from './host';

/** Normalizations produce extra statistics only in training; using them is refused. */
function onlyFirstOutput(n: NodeCtx): void {
  n.node.output.forEach((o, i) => {
    if (i > 0 && o) n.fail(`output #${i} (training statistics) is not supported; CGC imports inference graphs`);
  });
}

function batchNorm(n: NodeCtx): Produced[] {
  onlyFirstOutput(n);
  if (n.opset < 9 && n.attrInt('spatial', 1) === 0) n.fail(`attribute 'spatial' = 0 (per-activation statistics) is not supported`);
  if (n.attrInt('training_mode', 0) !== 0) n.fail(`training_mode = 1 is not supported`);
  return [n.emit('batch_normalization', [0, 1, 2, 3, 4].map((i) => n.input(i)), { epsilon: n.attrFloat('epsilon', 1e-5) })];
}

/**
 * LayerNormalization; its optional Mean and InvStdDev outputs are computed beside it:
 * mean = reduce_mean(x), inv_std_dev = 1 / √(reduce_mean((x − mean)²) + epsilon) over axis…,
 * in float32 when stash_type = 1 (the default).
 */
function layerNorm(n: NodeCtx): Produced[] {
  const axis = n.attrInt('axis', -1);
  const epsilon = n.attrFloat('epsilon', 1e-5);
  const operands = [n.input(0), n.input(1), ...(n.has(2) ? [n.input(2)] : [])];
  const y = n.emit('layer_normalization', operands, { axis, epsilon });
  if (!n.node.output[1] && !n.node.output[2]) return [y];
  const rank = n.shape(0).length;
  const axes = Array.from({ length: rank - n.axis(axis, rank) }, (_, i) => rank - 1 - i).reverse();
  let x = n.input(0);
  if (n.attrInt('stash_type', 1) === 1 && x.type.element !== 'float32') x = n.emit('cast', [x], { to: 'float32' });
  const mean = n.emit('reduce_mean', [x], { axes, keep_dims: true });
  const d = n.emit('sub', [x, mean]);
  const variance = n.emit('reduce_mean', [n.emit('mul', [d, d])], { axes, keep_dims: true });
  const eps = fromNumbers([], x.type.element, [epsilon]);
  const invStdDev = n.emit('reciprocal', [n.emit('sqrt', [n.emit('add', [variance, eps])])]);
  return [y, mean, invStdDev];
}

/**
 * GroupNormalization: opsets 18–20 take scale and bias per group; CGC (like opset 21) takes them per
 * channel, so constant per-group values are repeated for the channels of their group.
 */
function groupNorm(n: NodeCtx): Produced[] {
  const groups = n.attrInt('num_groups');
  const channels = n.shape(0)[1] ?? 0;
  const perChannel = (i: number, what: string): Produced => {
    if (n.shape(i)[0] === channels || groups === 0 || channels % groups !== 0) return n.input(i);
    const t = n.constant(i, what);
    const v = toNumbers(t);
    const per = channels / groups;
    return fromNumbers([channels], t.type.element, Array.from({ length: channels }, (_, c) => v[Math.floor(c / per)]!));
  };
  return [n.emit('group_normalization', [n.input(0), perChannel(1, 'scale'), perChannel(2, 'bias')], {
    num_groups: groups, epsilon: n.attrFloat('epsilon', 1e-5),
  })];
}

export const NORM: MapperTable = {
  BatchNormalization: batchNorm,
  LayerNormalization: layerNorm,
  InstanceNormalization: (n) => [n.emit('instance_normalization', [n.input(0), n.input(1), n.input(2)], {
    epsilon: n.attrFloat('epsilon', 1e-5),
  })],
  GroupNormalization: groupNorm,
  MeanVarianceNormalization: (n) => [n.emit('mean_variance_normalization', [n.input(0)], { axes: n.attrInts('axes', [0, 2, 3]) })],
  LpNormalization: (n) => [n.emit('lp_normalization', [n.input(0)], { axis: n.attrInt('axis', -1), p: n.attrInt('p', 2) })],
  LRN: (n) => [n.emit('lrn', [n.input(0)], {
    size: n.attrInt('size'), alpha: n.attrFloat('alpha', 1e-4), beta: n.attrFloat('beta', 0.75), bias: n.attrFloat('bias', 1),
  })],
};
