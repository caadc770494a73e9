// ONNX elementwise ops → cgc_op: unary math and activations (with their attributes), binary
// arithmetic, comparisons and logic, variadic Sum/Mean/Max/Min as chains, Clip, Cast, Where.
import { type ElementType, numElements } from '../../../ir/types';
import type { MapperTable, NodeCtx, Produced } from './context';
import { fromNumbers } from './host';
import { checkImportShape, elementOf } from './tensor-proto';

const SAME_NAME_UNARY: Readonly<Record<string, string>> = {
  Relu: 'relu', Sigmoid: 'sigmoid', Tanh: 'tanh', Exp: 'exp', Log: 'log', Sqrt: 'sqrt', Reciprocal: 'reciprocal',
  Neg: 'neg', Abs: 'abs', Sign: 'sign', Sin: 'sin', Cos: 'cos', Tan: 'tan', Asin: 'asin', Acos: 'acos', Atan: 'atan',
  Sinh: 'sinh', Cosh: 'cosh', Asinh: 'asinh', Acosh: 'acosh', Atanh: 'atanh', Floor: 'floor', Ceil: 'ceil',
  Round: 'round', Not: 'not', BitwiseNot: 'bitwise_not', IsNaN: 'is_nan', Erf: 'erf', Softplus: 'softplus',
  Softsign: 'softsign', Mish: 'mish', HardSwish: 'hard_swish',
};

const SAME_NAME_BINARY: Readonly<Record<string, string>> = {
  Add: 'add', Sub: 'sub', Mul: 'mul', Div: 'div', Pow: 'pow', Equal: 'equal', Less: 'less',
  LessOrEqual: 'less_or_equal', Greater: 'greater', GreaterOrEqual: 'greater_or_equal', And: 'and', Or: 'or',
  Xor: 'xor', BitwiseAnd: 'bitwise_and', BitwiseOr: 'bitwise_or', BitwiseXor: 'bitwise_xor',
};

const unary = (op: string) => (n: NodeCtx): Produced[] => [n.emit(op, [n.input(0)])];
const binary = (op: string) => (n: NodeCtx): Produced[] => [n.emit(op, [n.input(0), legacyBroadcast(n)])];

/**
 * Before opset 7, `broadcast = 1` with `axis` aligned B's dimensions with A's from `axis` on;
 * trailing size-1 dimensions make that numpy broadcasting.
 */
function legacyBroadcast(n: NodeCtx): Produced {
  const b = n.input(1);
  if (n.opset >= 7 || n.attrInt('broadcast', 0) === 0 || !n.hasAttr('axis')) return b;
  const rankA = n.shape(0).length;
  const axis = n.axis(n.attrInt('axis'), rankA);
  const trailing = rankA - axis - b.type.shape.length;
  if (trailing <= 0) return b;
  return n.emit('reshape', [b], { shape: [...b.type.shape, ...new Array<number>(trailing).fill(1)] });
}

/** Before opset 7 a 1-D PRelu slope held one value per channel (dimension 1). */
function prelu(n: NodeCtx): Produced[] {
  const x = n.shape(0);
  let slope = n.input(1);
  const s = slope.type.shape;
  if (n.opset < 7 && s.length === 1 && x.length > 2 && s[0] === x[1] && s[0] !== 1) {
    slope = n.emit('reshape', [slope], { shape: [s[0]!, ...new Array<number>(x.length - 2).fill(1)] });
  }
  return [n.emit('prelu', [n.input(0), slope])];
}

/** An activation whose ONNX float attributes keep their names (alpha, beta, gamma, bias, lambd). */
const withFloats = (op: string, names: Record<string, number>) => (n: NodeCtx): Produced[] => {
  const attrs: Record<string, number> = {};
  for (const [k, def] of Object.entries(names)) attrs[k] = n.attrFloat(k, def);
  return [n.emit(op, [n.input(0)], attrs)];
};

/** Sum/Max/Min of n inputs → a left-to-right chain of binary ops (one input passes through). */
function chain(n: NodeCtx, op: string): Produced {
  let acc = n.input(0);
  for (let i = 1; i < n.inputCount; i++) acc = n.emit(op, [acc, n.input(i)]);
  return acc;
}

/** Mean = (x0 + … + xn−1) · (1/n), the scale a scalar constant of the inputs' type. */
function mean(n: NodeCtx): Produced[] {
  const sum = chain(n, 'add');
  if (n.inputCount === 1) return [sum];
  return [n.emit('mul', [sum, fromNumbers([], sum.type.element, [1 / n.inputCount])])];
}

/** Clip's bounds: attributes before opset 11, optional constant inputs from 11 on. */
function clip(n: NodeCtx): Produced[] {
  const bound = (i: number, attr: string, what: string): number | undefined => {
    if (n.opset < 11) return n.hasAttr(attr) ? n.attrFloat(attr) : undefined;
    return n.has(i) ? n.constScalar(i, what) : undefined;
  };
  return [n.emit('clip', [n.input(0)], { min: bound(1, 'min', 'min'), max: bound(2, 'max', 'max') })];
}

/**
 * Before opset 19 ONNX left float → bfloat16 rounding unstated; its reference (ONNX 1.12's test data)
 * and ONNX Runtime then kept the high 16 bits. Cast-19 and CastLike-19 round to nearest-even.
 */
function castTo(n: NodeCtx, to: ElementType): Produced[] {
  const truncate = to === 'bfloat16' && n.opset < 19 && n.type(0).element !== 'bfloat16';
  return [n.emit('cast', [n.input(0)], { to, ...(truncate ? { bfloat16_rounding: 'toward_zero' } : {}) })];
}

export const ELEMENTWISE: MapperTable = {
  ...Object.fromEntries(Object.entries(SAME_NAME_UNARY).map(([k, v]) => [k, unary(v)])),
  ...Object.fromEntries(Object.entries(SAME_NAME_BINARY).map(([k, v]) => [k, binary(v)])),
  LeakyRelu: withFloats('leaky_relu', { alpha: 0.01 }),
  Elu: withFloats('elu', { alpha: 1 }),
  Celu: withFloats('celu', { alpha: 1 }),
  ThresholdedRelu: withFloats('thresholded_relu', { alpha: 1 }),
  Selu: withFloats('selu', { alpha: 1.67326319217681884765625, gamma: 1.05070102214813232421875 }),
  HardSigmoid: withFloats('hard_sigmoid', { alpha: 0.2, beta: 0.5 }),
  Shrink: withFloats('shrink', { bias: 0, lambd: 0.5 }),
  Gelu: (n) => [n.emit('gelu', [n.input(0)], { approximate: n.attrString('approximate', 'none') })],
  IsInf: (n) => [n.emit('is_inf', [n.input(0)], {
    detect_negative: n.attrInt('detect_negative', 1) !== 0, detect_positive: n.attrInt('detect_positive', 1) !== 0,
  })],
  Mod: (n) => [n.emit('mod', [n.input(0), n.input(1)], { fmod: n.attrInt('fmod', 0) !== 0 })],
  BitShift: (n) => [n.emit('bit_shift', [n.input(0), n.input(1)], { direction: n.attrString('direction') })],
  PRelu: prelu,
  Where: (n) => [n.emit('where', [n.input(0), n.input(1), n.input(2)])],
  Sum: (n) => [chain(n, 'add')],
  Max: (n) => [chain(n, 'max')],
  Min: (n) => [chain(n, 'min')],
  Mean: mean,
  Clip: clip,
  Cast: (n) => castTo(n, elementOf(n.attrInt('to'), `${n.where} attribute 'to'`)),
  CastLike: (n) => castTo(n, n.type(1).element),
  // Inference-time no-ops: the output is the input itself (Dropout's mask output is refused).
  Identity: (n) => [n.input(0)],
  // In inference Dropout keeps every element, so its mask is all true.
  // Training mode with a nonzero ratio drops at random, which no reference output can match.
  Dropout: (n) => {
    const training = n.opset >= 12 && n.has(2) && n.constScalar(2, 'training_mode') !== 0;
    if (training && (n.has(1) ? n.constScalar(1, 'ratio') : 0.5) !== 0) n.fail('training mode (random dropout) is not supported; CGC imports inference graphs');
    if (!n.node.output[1]) return [n.input(0)];
    checkImportShape(n.shape(0), `${n.where} output 'mask'`);
    return [n.input(0), fromNumbers(n.shape(0), 'bool', new Array<number>(numElements(n.shape(0))).fill(1))];
  },
};
