// ONNX loss functions → cgc_op compositions, as ONNX's own function bodies define them:
// NegativeLogLikelihoodLoss  ⇒  −gather_elements(input, target, axis 1) · weight[target], reduced;
// SoftmaxCrossEntropyLoss    ⇒  log_softmax(scores, axis 1) → the same NLL (log_prob is output 2).
import type { MapperTable, NodeCtx, Produced } from './context';
import { scalarTensor } from './host';

/**
 * loss[n, d…] = −input[n, target[n, d…], d…] · w[target[n, d…]] (0 where target = ignore_index);
 * reduction 'none' keeps it, 'sum' adds it up, 'mean' divides that sum by the sum of the weights
 * used (the element count when there are no weights and no ignore_index).
 */
function nll(n: NodeCtx, input: Produced, target: Produced, weight: Produced | undefined): Produced {
  const reduction = n.attrString('reduction', 'mean');
  if (!['none', 'sum', 'mean'].includes(reduction)) n.fail(`attribute 'reduction' is "${reduction}"; allowed: "none", "sum", "mean"`);
  const float = input.type.element;
  const index = target.type.element;
  let safe = target;
  let keep: Produced | undefined;
  if (n.hasAttr('ignore_index')) {
    // Ignored targets may be out of range (−1 is usual): gather at 0 instead and zero their weight.
    const ignored = n.emit('equal', [target, scalarTensor(index, n.attrInt('ignore_index'))]);
    safe = n.emit('where', [ignored, scalarTensor(index, 0), target]);
    keep = n.emit('where', [ignored, scalarTensor(float, 0), scalarTensor(float, 1)]);
  }
  const picked = n.emit('gather_elements', [input, n.emit('unsqueeze', [safe], { axes: [1] })], { axis: 1 });
  let loss = n.emit('neg', [n.emit('squeeze', [picked], { axes: [1] })]);
  let w = weight ? n.emit('gather', [weight, safe], { axis: 0 }) : undefined;
  if (keep) w = w ? n.emit('mul', [w, keep]) : keep;
  if (w) loss = n.emit('mul', [loss, w]);
  if (reduction === 'none') return loss;
  const sum = n.emit('reduce_sum', [loss], { keep_dims: false });
  if (reduction === 'sum') return sum;
  if (!w) return n.emit('reduce_mean', [loss], { keep_dims: false });
  return n.emit('div', [sum, n.emit('reduce_sum', [w], { keep_dims: false })]);
}

function checkRanks(n: NodeCtx): void {
  const [x, t] = [n.shape(0), n.shape(1)];
  if (x.length < 2 || t.length !== x.length - 1) n.fail(`input of rank ${x.length} needs a target of rank ${x.length - 1} (N, d1…dk), got rank ${t.length}`);
}

export const LOSS: MapperTable = {
  NegativeLogLikelihoodLoss: (n) => {
    checkRanks(n);
    return [nll(n, n.input(0), n.input(1), n.has(2) ? n.input(2) : undefined)];
  },
  SoftmaxCrossEntropyLoss: (n) => {
    checkRanks(n);
    const logProb = n.emit('log_softmax', [n.input(0)], { axis: 1 });
    return [nll(n, logProb, n.input(1), n.has(2) ? n.input(2) : undefined), logProb];
  },
};
