// ONNX Conv, ConvTranspose and the pooling ops → cgc_op.convolution / convolution_transpose /
// *_pool, with auto_pad (SAME_UPPER, SAME_LOWER, VALID) and output_shape resolved to explicit paddings.
import type { AttrValues, MapperTable, NodeCtx, Produced } from './context';

const ones = (r: number) => new Array<number>(r).fill(1);
const zeros = (r: number) => new Array<number>(r).fill(0);

interface Window { kernel: number[]; strides: number[]; dilations: number[]; start: number[]; end: number[] }

/** strides, dilations and start/end paddings of a sliding window; SAME pads so out = ceil(in / stride). */
function window(n: NodeCtx, spatial: readonly number[], kernel: number[]): Window {
  const r = spatial.length;
  const strides = n.attrInts('strides', ones(r));
  const dilations = n.attrInts('dilations', ones(r));
  const mode = n.attrString('auto_pad', 'NOTSET');
  let start = zeros(r);
  let end = zeros(r);
  if (mode === 'NOTSET') {
    const pads = n.attrInts('pads', zeros(2 * r));
    if (pads.length !== 2 * r) n.fail(`attribute 'pads' has ${pads.length} values; expected ${2 * r} (begin and end per spatial dimension)`);
    start = pads.slice(0, r);
    end = pads.slice(r);
  } else if (mode === 'SAME_UPPER' || mode === 'SAME_LOWER') {
    spatial.forEach((size, i) => {
      const s = strides[i] ?? 1;
      const span = ((kernel[i] ?? 1) - 1) * (dilations[i] ?? 1) + 1;
      const total = Math.max(0, (Math.ceil(size / s) - 1) * s + span - size);
      start[i] = mode === 'SAME_UPPER' ? Math.floor(total / 2) : Math.ceil(total / 2);
      end[i] = total - start[i]!;
    });
  } else if (mode !== 'VALID') {
    n.fail(`attribute 'auto_pad' is "${mode}"; expected NOTSET, SAME_UPPER, SAME_LOWER or VALID`);
  }
  return { kernel, strides, dilations, start, end };
}

/** cgc_op.convolution's attributes for a Conv-like node whose input x and filter are inputs `x` and `w` (ConvInteger's, QLinearConv's). */
export function convAttributes(n: NodeCtx, x = 0, w = 1): AttrValues {
  const win = window(n, n.shape(x).slice(2), n.shape(w).slice(2));
  return { strides: win.strides, dilations: win.dilations, start_padding: win.start, end_padding: win.end, groups: n.attrInt('group', 1) };
}

function conv(n: NodeCtx): Produced[] {
  const operands = [n.input(0), n.input(1), ...(n.has(2) ? [n.input(2)] : [])];
  return [n.emit('convolution', operands, convAttributes(n))];
}

/** ConvTranspose: output_shape (or SAME's in · stride) fixes the total padding, split as ONNX specifies. */
function convTranspose(n: NodeCtx): Produced[] {
  const x = n.shape(0);
  const spatial = x.slice(2);
  const r = spatial.length;
  const kernel = n.shape(1).slice(2);
  const strides = n.attrInts('strides', ones(r));
  const dilations = n.attrInts('dilations', ones(r));
  const outPad = n.attrInts('output_padding', zeros(r));
  const mode = n.attrString('auto_pad', 'NOTSET');
  let start = zeros(r);
  let end = zeros(r);
  const outputShape = n.hasAttr('output_shape') ? n.attrInts('output_shape').slice(-r)
    : mode === 'SAME_UPPER' || mode === 'SAME_LOWER' ? spatial.map((d, i) => d * (strides[i] ?? 1)) : undefined;
  if (outputShape) {
    spatial.forEach((size, i) => {
      const total = (strides[i] ?? 1) * (size - 1) + (outPad[i] ?? 0) + ((kernel[i] ?? 1) - 1) * (dilations[i] ?? 1) + 1 - outputShape[i]!;
      // A larger output_shape than the window reaches grows the end, as output_padding does (ONNX Runtime).
      if (total < 0) {
        outPad[i] = (outPad[i] ?? 0) - total;
        return;
      }
      const half = Math.floor(total / 2);
      start[i] = mode === 'SAME_UPPER' ? half : total - half;
      end[i] = total - start[i]!;
    });
  } else if (mode === 'NOTSET') {
    const pads = n.attrInts('pads', zeros(2 * r));
    start = pads.slice(0, r);
    end = pads.slice(r);
  }
  const operands = [n.input(0), n.input(1), ...(n.has(2) ? [n.input(2)] : [])];
  return [n.emit('convolution_transpose', operands, {
    strides, dilations, start_padding: start, end_padding: end, output_padding: outPad, groups: n.attrInt('group', 1),
  })];
}

/**
 * MaxPool / AveragePool / LpPool; extra attributes per op. MaxPool's Indices (output 1) is a
 * max_pool_indices over the same windows, with `storage_order`.
 */
const pool = (op: string, extra: (n: NodeCtx) => Record<string, number | boolean>) => (n: NodeCtx): Produced[] => {
  const w = window(n, n.shape(0).slice(2), n.attrInts('kernel_shape'));
  const windowAttrs = {
    window_size: w.kernel, strides: w.strides, dilations: w.dilations, start_padding: w.start, end_padding: w.end,
    ceil_mode: n.attrInt('ceil_mode', 0) !== 0,
  };
  const values = n.emit(op, [n.input(0)], { ...windowAttrs, ...extra(n) });
  if (!(op === 'max_pool' && n.node.output[1])) return [values];
  return [values, n.emit('max_pool_indices', [n.input(0)], { ...windowAttrs, storage_order: n.attrInt('storage_order', 0) })];
};

export const CONV_POOL: MapperTable = {
  Conv: conv,
  ConvTranspose: convTranspose,
  MaxPool: pool('max_pool', () => ({})),
  AveragePool: pool('average_pool', (n) => ({ include_padding: n.attrInt('count_include_pad', 0) !== 0 })),
  LpPool: pool('lp_pool', (n) => ({ p: n.attrInt('p', 2) })),
  GlobalAveragePool: (n) => [n.emit('global_average_pool', [n.input(0)])],
  GlobalMaxPool: (n) => [n.emit('global_max_pool', [n.input(0)])],
  GlobalLpPool: (n) => [n.emit('global_lp_pool', [n.input(0)], { p: n.attrInt('p', 2) })],
};
