// Binary and ternary elementwise cgc_ops with numpy broadcasting: arithmetic, comparisons,
// logical and bitwise ops, prelu and where (ONNX Add … Where).
import { type OpContext, type OpDef, type Trait, defineOp } from '../registry';
import { type ElementType, ELEMENT_TYPES, FLOAT_TYPES, INT_TYPES, NUMERIC_TYPES } from '../types';
import {
  FLOAT_INT_TYPES, broadcastOperands, checkBroadcastsTo, result, sameElementType,
} from './helpers';

interface BinarySpec {
  summary: string;
  dtypes: readonly ElementType[];
  traits?: readonly Trait[];
  attributes?: OpDef['attributes'];
  /** The result's element type; the (shared) operand type by default. */
  resultType?: ElementType;
  /** Extra rules beyond broadcasting and equal element types. */
  check?: (ctx: OpContext) => void;
}

/** Declares `name(a, b)`: both operands of one element type, result shape their broadcast. */
function binary(name: string, spec: BinarySpec): void {
  defineOp({
    name,
    summary: spec.summary,
    operands: [{ name: 'a', dtypes: spec.dtypes }, { name: 'b', dtypes: spec.dtypes }],
    ...(spec.attributes ? { attributes: spec.attributes } : {}),
    traits: ['elementwise', 'binary', 'broadcasts', ...(spec.traits ?? [])],
    infer(ctx) {
      const e = sameElementType(ctx);
      spec.check?.(ctx);
      return [result(ctx, broadcastOperands(ctx), spec.resultType ?? e)];
    },
  });
}

binary('add', { summary: 'a + b', dtypes: NUMERIC_TYPES, traits: ['commutative'] });
binary('sub', { summary: 'a − b', dtypes: NUMERIC_TYPES });
binary('mul', { summary: 'a · b', dtypes: NUMERIC_TYPES, traits: ['commutative'] });
binary('div', { summary: 'a / b (integer division truncates)', dtypes: NUMERIC_TYPES });
binary('max', { summary: 'larger of a and b', dtypes: NUMERIC_TYPES, traits: ['commutative'] });
binary('min', { summary: 'smaller of a and b', dtypes: NUMERIC_TYPES, traits: ['commutative'] });
binary('mod', {
  summary: 'remainder of a / b: sign of b (Python %), or of a with fmod (C fmod)',
  dtypes: NUMERIC_TYPES,
  attributes: { fmod: { kind: 'bool', default: false, doc: 'C fmod semantics (sign of the dividend)' } },
  check(ctx) {
    // ONNX Mod: a floating-point remainder is only defined with fmod semantics.
    if (FLOAT_TYPES.includes(ctx.operand(0).element) && !ctx.bool('fmod')) {
      ctx.fail(`attribute 'fmod' must be true for floating-point operands (!cgc.${ctx.operand(0).element})`);
    }
  },
});

const COMPARISONS: ReadonlyArray<[string, string]> = [
  ['less', 'a < b'], ['less_or_equal', 'a ≤ b'], ['greater', 'a > b'], ['greater_or_equal', 'a ≥ b'],
];
binary('equal', { summary: 'a == b', dtypes: ELEMENT_TYPES, traits: ['comparison', 'commutative'], resultType: 'bool' });
for (const [name, summary] of COMPARISONS) {
  binary(name, { summary, dtypes: NUMERIC_TYPES, traits: ['comparison'], resultType: 'bool' });
}

for (const name of ['and', 'or', 'xor']) {
  binary(name, { summary: `logical ${name} of bools`, dtypes: ['bool'], traits: ['logical', 'commutative'] });
}
for (const name of ['and', 'or', 'xor']) {
  binary(`bitwise_${name}`, { summary: `bitwise ${name} of integers`, dtypes: INT_TYPES, traits: ['commutative'] });
}
binary('bit_shift', {
  summary: 'a shifted by b bits (unsigned integers)',
  dtypes: ['uint8', 'uint16', 'uint32', 'uint64'],
  attributes: { direction: { kind: 'string', allowed: ['LEFT', 'RIGHT'], doc: 'shift direction' } },
  check(ctx) {
    ctx.string('direction'); // required: reading an absent attribute without default fails
  },
});

// ONNX Pow lets the exponent have its own numeric type; the result has the base's type.
defineOp({
  name: 'pow',
  summary: 'a raised to the power b',
  operands: [{ name: 'a', dtypes: FLOAT_INT_TYPES }, { name: 'b', dtypes: NUMERIC_TYPES }],
  traits: ['elementwise', 'binary', 'broadcasts'],
  infer: (ctx) => [result(ctx, broadcastOperands(ctx), ctx.operand(0).element)],
});

defineOp({
  name: 'prelu',
  summary: 'x where x ≥ 0, slope · x elsewhere; slope broadcasts to x',
  operands: [{ name: 'x', dtypes: FLOAT_INT_TYPES }, { name: 'slope', dtypes: FLOAT_INT_TYPES }],
  traits: ['elementwise', 'binary', 'broadcasts', 'activation'],
  infer(ctx) {
    const e = sameElementType(ctx);
    const x = ctx.operand(0).shape;
    checkBroadcastsTo(ctx, 1, x, 'x shape');
    return [result(ctx, x, e)];
  },
});

defineOp({
  name: 'where',
  summary: 'x where condition is true, y elsewhere; all three broadcast',
  operands: [
    { name: 'condition', dtypes: ['bool'] },
    { name: 'x', dtypes: ELEMENT_TYPES },
    { name: 'y', dtypes: ELEMENT_TYPES },
  ],
  traits: ['elementwise', 'ternary', 'broadcasts'],
  infer(ctx) {
    const e = sameElementType(ctx, [1, 2]);
    return [result(ctx, broadcastOperands(ctx), e)];
  },
});
