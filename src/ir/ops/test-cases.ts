// Table-driven tests for op declarations: a compact type notation ('1x3x4x4xf32', 'c:' for
// constant), plain-value attribute dictionaries, and a runner that checks results or error text.
import { expect, it } from 'vitest';
import { type Attribute, arrayAttr, boolAttr, floatAttr, intAttr, stringAttr, typeAttr } from '../attributes';
import { inferOp } from '../registry';
import { type ElementType, type ShapedType, tensorType } from '../types';
import './index';

const SHORT: Record<string, ElementType> = {
  f32: 'float32', f16: 'float16', i32: 'int32', i64: 'int64', i8: 'int8', u8: 'uint8', bool: 'bool',
  f64: 'float64', u64: 'uint64', bf16: 'bfloat16', i16: 'int16', u16: 'uint16', u32: 'uint32',
};
const LONG = Object.fromEntries(Object.entries(SHORT).map(([k, v]) => [v, k])) as Record<ElementType, string>;

/** `'2x3xf32'` → tensor 2x3 float32; `'f32'` is a scalar; a `c:` prefix marks it constant. */
export function ty(text: string): ShapedType {
  const constant = text.startsWith('c:');
  const parts = (constant ? text.slice(2) : text).split('x');
  const element = SHORT[parts.pop()!];
  if (!element) throw new Error(`bad test type '${text}'`);
  return tensorType(parts.map(Number), element, constant);
}

export function fmt(t: ShapedType): string {
  return [...t.shape, LONG[t.element]].join('x');
}

/** Plain values: integers → int, other numbers → float, arrays likewise, `{ type: 'i64' }` → type, `{ types: ['2xf32'] }` → tensor types. */
export type AttrInput = number | boolean | string | readonly number[] | readonly string[] | { readonly type: string } | { readonly types: readonly string[] };

function toAttr(v: AttrInput): Attribute {
  if (typeof v === 'boolean') return boolAttr(v);
  if (typeof v === 'string') return stringAttr(v);
  if (typeof v === 'number') return Number.isInteger(v) ? intAttr(v) : floatAttr(v);
  if ('type' in v) return typeAttr({ kind: 'element', element: SHORT[v.type]! });
  if ('types' in v) return arrayAttr(v.types.map((t) => typeAttr(ty(t))));
  if (v.every((x) => typeof x === 'string')) return arrayAttr(v.map((x) => stringAttr(x as string)));
  const ints = v.every((x) => Number.isInteger(x));
  return arrayAttr((v as readonly number[]).map((x) => (ints ? intAttr(x) : floatAttr(x))));
}

export function attrs(o: Readonly<Record<string, AttrInput>> = {}): Map<string, Attribute> {
  return new Map(Object.entries(o).map(([k, v]) => [k, toAttr(v)]));
}

export interface OpCase {
  readonly op: string;
  readonly in: readonly string[];
  readonly attrs?: Readonly<Record<string, AttrInput>>;
  readonly results?: number;
  /** Expected result types, in the `ty` notation. */
  readonly out?: readonly string[];
  /** Text the error message must contain. */
  readonly error?: string;
  readonly note?: string;
}

export function infer(c: OpCase): ShapedType[] {
  return inferOp(c.op, c.in.map(ty), attrs(c.attrs), c.results);
}

/** One test per case: the result types, or an error from the op naming the rule. */
export function runCases(cases: readonly OpCase[]): void {
  const title = (c: OpCase) => `${c.op}(${c.in.join(', ')}) ${JSON.stringify(c.attrs ?? {})}`
    + (c.note ? ` — ${c.note}` : '') + (c.error ? ' fails' : ` → ${(c.out ?? []).join(', ')}`);
  for (const c of cases) {
    it(title(c), () => {
      if (c.error !== undefined) {
        // Every message names the op, then the rule broken.
        expect(() => infer(c)).toThrow(c.error);
        expect(() => infer(c)).toThrow(/'cgc_op\.[a-z0-9_]+'/);
        return;
      }
      const results = infer(c);
      expect(results.map(fmt)).toEqual(c.out);
      for (const r of results) expect(r).toMatchObject({ kind: 'tensor', constant: false });
    });
  }
}
