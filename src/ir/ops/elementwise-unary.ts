// Unary elementwise cgc_ops: activations, math functions, rounding, predicates and cast
// (ONNX Relu … Cast). The result has the operand's shape.
import { type OpContext, type OpDef, defineOp } from '../registry';
import { type ElementType, ELEMENT_TYPES, FLOAT_TYPES, INT_TYPES, NUMERIC_TYPES } from '../types';
import { SIGNED_TYPES, result } from './helpers';

interface UnarySpec {
  summary: string;
  dtypes: readonly ElementType[];
  activation?: boolean;
  attributes?: OpDef['attributes'];
  /** The result's element type; the operand's by default. */
  resultType?: (ctx: OpContext) => ElementType;
}

function unary(name: string, spec: UnarySpec): void {
  defineOp({
    name,
    summary: spec.summary,
    operands: [{ name: 'x', dtypes: spec.dtypes }],
    ...(spec.attributes ? { attributes: spec.attributes } : {}),
    traits: ['elementwise', 'unary', ...(spec.activation ? ['activation' as const] : [])],
    infer(ctx) {
      const x = ctx.operand(0);
      return [result(ctx, x.shape, spec.resultType ? spec.resultType(ctx) : x.element)];
    },
  });
}

const float = (doc: string, value: number) => ({ kind: 'float' as const, default: value, doc });

// Activations.
unary('relu', { summary: 'max(x, 0)', dtypes: SIGNED_TYPES, activation: true });
unary('leaky_relu', {
  summary: 'x where x ≥ 0, alpha · x elsewhere', dtypes: FLOAT_TYPES, activation: true,
  attributes: { alpha: float('slope for x < 0', 0.01) },
});
unary('sigmoid', { summary: '1 / (1 + e^−x)', dtypes: FLOAT_TYPES, activation: true });
unary('tanh', { summary: 'hyperbolic tangent', dtypes: FLOAT_TYPES, activation: true });
unary('hard_sigmoid', {
  summary: 'max(0, min(1, alpha · x + beta))', dtypes: FLOAT_TYPES, activation: true,
  attributes: { alpha: float('slope', 0.2), beta: float('offset', 0.5) },
});
unary('hard_swish', { summary: 'x · max(0, min(1, x / 6 + 1/2))', dtypes: FLOAT_TYPES, activation: true });
unary('gelu', {
  summary: 'x · Φ(x), exactly (erf) or by the tanh approximation', dtypes: FLOAT_TYPES, activation: true,
  attributes: { approximate: { kind: 'string', default: 'none', allowed: ['none', 'tanh'] } },
});
unary('clip', {
  summary: 'min(max(x, min), max)', dtypes: NUMERIC_TYPES, activation: true,
  // ONNX: when min > max every value becomes max, so min ≤ max is not required.
  attributes: { min: float('lower bound', -Infinity), max: float('upper bound', Infinity) },
});
unary('softplus', { summary: 'ln(1 + e^x)', dtypes: FLOAT_TYPES, activation: true });
unary('softsign', { summary: 'x / (1 + |x|)', dtypes: FLOAT_TYPES, activation: true });
unary('elu', {
  summary: 'x where x ≥ 0, alpha · (e^x − 1) elsewhere', dtypes: FLOAT_TYPES, activation: true,
  attributes: { alpha: float('scale for x < 0', 1) },
});
unary('selu', {
  summary: 'gamma · (x where x > 0, alpha · (e^x − 1) elsewhere)', dtypes: FLOAT_TYPES, activation: true,
  attributes: {
    alpha: float('scale for x ≤ 0', 1.67326319217681884765625),
    gamma: float('output scale', 1.05070102214813232421875),
  },
});
unary('celu', {
  summary: 'max(0, x) + min(0, alpha · (e^(x/alpha) − 1))', dtypes: FLOAT_TYPES, activation: true,
  attributes: { alpha: float('shape of the negative part', 1) },
});
unary('mish', { summary: 'x · tanh(softplus(x))', dtypes: FLOAT_TYPES, activation: true });
unary('silu', { summary: 'x · sigmoid(x) (swish)', dtypes: FLOAT_TYPES, activation: true });
unary('thresholded_relu', {
  summary: 'x where x > alpha, 0 elsewhere', dtypes: FLOAT_TYPES, activation: true,
  attributes: { alpha: float('threshold', 1) },
});
unary('shrink', {
  summary: 'x − bias where x > lambd, x + bias where x < −lambd, 0 elsewhere', dtypes: NUMERIC_TYPES, activation: true,
  attributes: { bias: float('added or subtracted outside the band', 0), lambd: float('half-width of the zero band', 0.5) },
});

// Math.
unary('erf', { summary: 'Gauss error function', dtypes: NUMERIC_TYPES });
unary('exp', { summary: 'e^x', dtypes: FLOAT_TYPES });
unary('log', { summary: 'natural logarithm', dtypes: FLOAT_TYPES });
unary('sqrt', { summary: 'square root', dtypes: FLOAT_TYPES });
unary('reciprocal', { summary: '1 / x', dtypes: FLOAT_TYPES });
unary('neg', { summary: '−x', dtypes: SIGNED_TYPES });
unary('abs', { summary: '|x|', dtypes: NUMERIC_TYPES });
unary('sign', { summary: '−1, 0 or 1 by the sign of x', dtypes: NUMERIC_TYPES });
for (const f of ['sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'sinh', 'cosh', 'asinh', 'acosh', 'atanh']) {
  unary(f, { summary: `${f}(x)`, dtypes: FLOAT_TYPES });
}
unary('floor', { summary: 'round toward −∞', dtypes: FLOAT_TYPES });
unary('ceil', { summary: 'round toward +∞', dtypes: FLOAT_TYPES });
unary('round', { summary: 'round half to even', dtypes: FLOAT_TYPES });

// Logic, predicates, conversions.
unary('not', { summary: 'logical not', dtypes: ['bool'] });
unary('bitwise_not', { summary: 'bitwise complement', dtypes: INT_TYPES });
unary('identity', { summary: 'x unchanged', dtypes: ELEMENT_TYPES });
unary('is_nan', { summary: 'whether x is NaN', dtypes: FLOAT_TYPES, resultType: () => 'bool' });
unary('is_inf', {
  summary: 'whether x is +∞ or −∞ (each detection can be turned off)', dtypes: FLOAT_TYPES, resultType: () => 'bool',
  attributes: {
    detect_negative: { kind: 'bool', default: true, doc: 'map −∞ to true' },
    detect_positive: { kind: 'bool', default: true, doc: 'map +∞ to true' },
  },
});
unary('cast', {
  summary: 'x converted to element type `to`', dtypes: ELEMENT_TYPES, resultType: (ctx) => ctx.type('to'),
  attributes: {
    to: { kind: 'type', doc: 'the result element type' },
    bfloat16_rounding: {
      kind: 'string', default: 'nearest_even', allowed: ['nearest_even', 'toward_zero'],
      doc: 'how a bfloat16 result rounds: to nearest-even, or by dropping the low bits (ONNX Cast before opset 19)',
    },
  },
});
