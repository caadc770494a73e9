// Control flow that stays one op (docs/compiler.md, "Control flow"): cgc_op.loop, ONNX's Loop whose
// trip count or condition is known only at run time, and cgc_op.if, ONNX's If whose condition is
// computed at run time and whose branches are too large to run both. Their regions are isolated from
// above: the values they read from outside are operands, so the ops move through subgraphs and
// partitions like any other.
import { defineOp, type OpContext } from '../registry';
import { ELEMENT_TYPES, functionType, numElements, tensorType } from '../types';
import { result } from './helpers';

const ITERATION = tensorType([], 'int64');
const CONDITION = tensorType([], 'bool');

/** The carried operands (after trip_count and condition), checked against the `carried` attribute. */
function carriedTypes(ctx: OpContext) {
  const carried = ctx.int('carried');
  const values = ctx.operands.length - 2;
  if (carried < 1 || carried > values) ctx.fail(`attribute 'carried' = ${carried} must be in [1, ${values}] (the values after trip_count and condition: carried, then captured)`);
  return ctx.operands.slice(2, 2 + carried);
}

defineOp({
  name: 'loop',
  summary: 'runs its body while iteration < trip_count and the condition holds, each iteration\'s carried values feeding the next; results: the last carried values',
  operands: [
    { name: 'trip_count', dtypes: ['int64'] },
    { name: 'condition', dtypes: ['bool'] },
    { name: 'values', dtypes: ELEMENT_TYPES, variadic: true },
  ],
  attributes: { carried: { kind: 'int', doc: 'how many of `values` are carried from iteration to iteration; the rest are captured (read, unchanged, by every iteration)' } },
  traits: ['control_flow'],
  infer(ctx) {
    if (numElements(ctx.operand(0).shape) !== 1) ctx.fail(`operand #0 (trip_count) must hold one value, got shape [${ctx.operand(0).shape.join(', ')}]`);
    if (numElements(ctx.operand(1).shape) !== 1) ctx.fail(`operand #1 (condition) must hold one value, got shape [${ctx.operand(1).shape.join(', ')}]`);
    return carriedTypes(ctx).map((t) => result(ctx, t.shape, t.element));
  },
  regions(ctx) {
    // body(iteration, condition, carried…, captured…) → (condition, carried…)
    const carried = carriedTypes(ctx).map((t) => tensorType(t.shape, t.element));
    const captured = ctx.operands.slice(2 + carried.length).map((t) => tensorType(t.shape, t.element));
    return [functionType([ITERATION, CONDITION, ...carried, ...captured], [CONDITION, ...carried])];
  },
});

defineOp({
  name: 'if',
  summary: 'runs its then region when the condition holds and its else region otherwise, on the captured values; results: what the region that ran returns',
  operands: [
    { name: 'condition', dtypes: ['bool'] },
    { name: 'captured', dtypes: ELEMENT_TYPES, variadic: true, optional: true },
  ],
  attributes: { result_types: { kind: 'types', doc: 'the results\' types, which both regions return (static shapes: a branch cannot choose a shape)' } },
  traits: ['control_flow'],
  infer(ctx) {
    if (numElements(ctx.operand(0).shape) !== 1) ctx.fail(`operand #0 (condition) must hold one value, got shape [${ctx.operand(0).shape.join(', ')}]`);
    const types = ctx.types('result_types');
    if (!types.length) ctx.fail(`attribute 'result_types' is empty; an if gives at least one result`);
    return types.map((t) => result(ctx, t.shape, t.element));
  },
  regions(ctx) {
    // then(captured…) → (results…), else(captured…) → (results…)
    const captured = ctx.operands.slice(1).map((t) => tensorType(t.shape, t.element));
    const results = ctx.types('result_types').map((t) => tensorType(t.shape, t.element));
    const branch = functionType(captured, results);
    return [branch, branch];
  },
});
