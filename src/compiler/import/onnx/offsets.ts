// One-element integers computed at run time, each as a base value plus a constant offset, so that a
// Slice whose starts and ends are computed (a loop body's x[i : i + 1]) still has a length known at
// compile time: ends − starts, when both have one base. Followed through Add and Sub of a constant,
// and through Identity, Cast, Reshape, Squeeze and Unsqueeze of one element.
import { numElements } from '../../../ir/types';
import type { Value } from '../../../ir/operation';
import { type NodeCtx, type Produced, isHost } from './context';
import { toNumbers } from './host';

/** A one-element run-time integer: `base` (a one-element value) plus `offset`. */
export interface Offset {
  readonly base: Value;
  readonly offset: number;
}

const INTEGERS = new Set(['int64', 'int32']);
const SAME_VALUE = new Set(['Identity', 'Cast', 'Reshape', 'Squeeze', 'Unsqueeze']);

const oneInteger = (p: Produced | undefined): boolean => p !== undefined && INTEGERS.has(p.type.element) && numElements(p.type.shape) === 1;

/** `p` as base + offset: its tracked offset, else itself as a base; undefined unless a one-element run-time integer. */
export function offsetOf(p: Produced, known: ReadonlyMap<Value, Offset>): Offset | undefined {
  if (isHost(p) || !oneInteger(p)) return undefined;
  return known.get(p) ?? { base: p, offset: 0 };
}

/** The offset of a node's first output, when the node adds a constant to (or passes on) a tracked integer. */
export function trackOffset(n: NodeCtx, produced: readonly Produced[], known: ReadonlyMap<Value, Offset>): Offset | undefined {
  const out = produced[0];
  if (!out || isHost(out) || !oneInteger(out) || !n.has(0)) return undefined;
  if (SAME_VALUE.has(n.op)) return offsetOf(n.input(0), known);
  if ((n.op !== 'Add' && n.op !== 'Sub') || !n.has(1)) return undefined;
  const [a, b] = [n.input(0), n.input(1)];
  const constant = (p: Produced): number | undefined => (isHost(p) && oneInteger(p) ? toNumbers(p)[0] : undefined);
  const [ca, cb] = [constant(a), constant(b)];
  const va = offsetOf(a, known);
  const vb = offsetOf(b, known);
  if (va && cb !== undefined) return { base: va.base, offset: va.offset + (n.op === 'Add' ? cb : -cb) };
  if (vb && ca !== undefined && n.op === 'Add') return { base: vb.base, offset: vb.offset + ca };
  return undefined;
}
