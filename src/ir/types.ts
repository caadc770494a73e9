// CGC types: element types (!cgc.float32 …), shaped types (!cgc.tensor<…>, !cgc.memref<…>)
// and function types. Values carry shaped types; function and element types appear in attributes.

import { type ElementType, type ShapedType, numElements } from '../core/tensor';

// Element and shaped types are the host tensors' own (src/core); the IR names them as its types.
export {
  ELEMENT_TYPES, type ElementType, type ShapedType, byteSize, elementByteSize, isElementType, numElements, tensorType,
} from '../core/tensor';

/** Float types ops compute on (bfloat16 is storage only: cast, data movement). */
export const FLOAT_TYPES: readonly ElementType[] = ['float32', 'float16', 'float64'];
export const INT_TYPES: readonly ElementType[] = ['int32', 'int64', 'int8', 'uint8', 'int16', 'uint16', 'uint32', 'uint64'];
export const NUMERIC_TYPES: readonly ElementType[] = [...FLOAT_TYPES, ...INT_TYPES];

/** Limits that keep every size computation exact in a double and every buffer addressable. */
export const MAX_RANK = 16;
export const MAX_DIM = 2 ** 31 - 1;
export const MAX_ELEMENTS = 2 ** 53 - 1;

export interface ElementTypeRef {
  readonly kind: 'element';
  readonly element: ElementType;
}

export interface FunctionType {
  readonly kind: 'function';
  readonly inputs: readonly Type[];
  readonly results: readonly Type[];
}

export type Type = ShapedType | ElementTypeRef | FunctionType;

export function memrefType(shape: readonly number[], element: ElementType, constant = false): ShapedType {
  return { kind: 'memref', shape: [...shape], element, constant };
}

export function functionType(inputs: readonly Type[], results: readonly Type[]): FunctionType {
  return { kind: 'function', inputs: [...inputs], results: [...results] };
}

export function isShaped(t: Type): t is ShapedType {
  return t.kind === 'tensor' || t.kind === 'memref';
}

/** Returns why a shape is out of bounds, or undefined when it is fine. */
export function checkShape(shape: readonly number[]): string | undefined {
  if (shape.length > MAX_RANK) return `rank ${shape.length} exceeds the maximum rank ${MAX_RANK}`;
  for (const d of shape) {
    if (!Number.isInteger(d) || d < 0) return `dimension ${d} is not a non-negative integer`;
    if (d > MAX_DIM) return `dimension ${d} exceeds the maximum dimension ${MAX_DIM}`;
  }
  if (numElements(shape) > MAX_ELEMENTS) return `element count of ${shapeToString(shape)} exceeds ${MAX_ELEMENTS}`;
  return undefined;
}

export function shapeToString(shape: readonly number[]): string {
  return shape.length === 0 ? 'scalar' : shape.join('x');
}

export function typeToString(t: Type): string {
  switch (t.kind) {
    case 'element':
      return `!cgc.${t.element}`;
    case 'function': {
      const ins = t.inputs.map(typeToString).join(', ');
      const outs = t.results.length === 1 && t.results[0]!.kind !== 'function'
        ? typeToString(t.results[0]!)
        : `(${t.results.map(typeToString).join(', ')})`;
      return `(${ins}) -> ${outs}`;
    }
    default: {
      const dims = t.shape.map((d) => `${d}x`).join('');
      return `!cgc.${t.kind}<${t.constant ? 'constant ' : ''}${dims}!cgc.${t.element}>`;
    }
  }
}

export function sameShape(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((d, i) => d === b[i]);
}

export function typesEqual(a: Type, b: Type): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'element') return a.element === (b as ElementTypeRef).element;
  if (a.kind === 'function') {
    const f = b as FunctionType;
    return a.inputs.length === f.inputs.length && a.results.length === f.results.length
      && a.inputs.every((t, i) => typesEqual(t, f.inputs[i]!))
      && a.results.every((t, i) => typesEqual(t, f.results[i]!));
  }
  const s = b as ShapedType;
  return a.element === s.element && a.constant === s.constant && sameShape(a.shape, s.shape);
}

/**
 * Whether a value of type `actual` may be passed where `expected` is declared: same shape and
 * element type; a tensor binds to a memref of the same shape (invocations pass memory for tensors);
 * the constant qualifier must agree.
 */
export function bindsTo(actual: ShapedType, expected: ShapedType): boolean {
  return actual.element === expected.element && actual.constant === expected.constant
    && sameShape(actual.shape, expected.shape);
}

/** Row-major strides of `shape`, in elements. */
export function strides(shape: readonly number[]): number[] {
  const out = new Array<number>(shape.length);
  let acc = 1;
  for (let i = shape.length - 1; i >= 0; i--) {
    out[i] = acc;
    acc *= shape[i]!;
  }
  return out;
}
