// What the compiler is given to fold ops whose operands are all known at compile time: a host
// evaluator of one op. The engine passes the CPU reference's (`evaluateOp`), which implements
// every op, so folding is one general rule rather than a list of ops the compiler knows.
import type { HostTensor } from '../core';
import type { Attribute } from './attributes';

/**
 * Evaluates `cgc_op.<op>` on host tensors: checks the operands against the declaration, infers the
 * results (`resultCount` for ops whose count is not implied, such as split) and computes them.
 * A failure is a CgcError naming the op and the rule.
 */
export type OpEvaluator = (
  op: string,
  inputs: readonly HostTensor[],
  attributes: ReadonlyMap<string, Attribute>,
  resultCount?: number,
) => HostTensor[];
