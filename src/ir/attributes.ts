// CGC attributes: the values in an op's `{ … }` dictionary, mirroring MLIR's builtin attributes.
import { type Type, typesEqual, typeToString } from './types';

export type Attribute =
  | { readonly kind: 'int'; readonly value: number }
  | { readonly kind: 'float'; readonly value: number }
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'bool'; readonly value: boolean }
  | { readonly kind: 'unit' }
  | { readonly kind: 'array'; readonly elements: readonly Attribute[] }
  | { readonly kind: 'dict'; readonly entries: ReadonlyMap<string, Attribute> }
  | { readonly kind: 'symbol'; readonly name: string }
  | { readonly kind: 'type'; readonly type: Type };

export const intAttr = (value: number): Attribute => ({ kind: 'int', value });
export const floatAttr = (value: number): Attribute => ({ kind: 'float', value });
export const stringAttr = (value: string): Attribute => ({ kind: 'string', value });
export const boolAttr = (value: boolean): Attribute => ({ kind: 'bool', value });
export const unitAttr = (): Attribute => ({ kind: 'unit' });
export const arrayAttr = (elements: readonly Attribute[]): Attribute => ({ kind: 'array', elements: [...elements] });
export const intsAttr = (values: readonly number[]): Attribute => arrayAttr(values.map(intAttr));
export const floatsAttr = (values: readonly number[]): Attribute => arrayAttr(values.map(floatAttr));
export const symbolAttr = (name: string): Attribute => ({ kind: 'symbol', name });
export const typeAttr = (type: Type): Attribute => ({ kind: 'type', type });
export const dictAttr = (entries: Iterable<readonly [string, Attribute]>): Attribute =>
  ({ kind: 'dict', entries: new Map(entries) });

export function attributesEqual(a: Attribute, b: Attribute): boolean {
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case 'int': case 'float': case 'string': case 'bool':
      return Object.is(a.value, (b as typeof a).value) || a.value === (b as typeof a).value;
    case 'unit':
      return true;
    case 'symbol':
      return a.name === (b as typeof a).name;
    case 'type':
      return typesEqual(a.type, (b as typeof a).type);
    case 'array': {
      const e = (b as typeof a).elements;
      return a.elements.length === e.length && a.elements.every((x, i) => attributesEqual(x, e[i]!));
    }
    case 'dict':
      return dictsEqual(a.entries, (b as typeof a).entries);
  }
}

/** Dictionaries compare without regard to order, as MLIR's DictionaryAttr (which sorts) does. */
export function dictsEqual(a: ReadonlyMap<string, Attribute>, b: ReadonlyMap<string, Attribute>): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) {
    const w = b.get(k);
    if (w === undefined || !attributesEqual(v, w)) return false;
  }
  return true;
}

const BARE_ID = /^[A-Za-z_][A-Za-z0-9_$.]*$/;

/** A dictionary key as MLIR writes it: bare when it can be, quoted otherwise. */
export function formatAttrName(name: string): string {
  return BARE_ID.test(name) ? name : quoteString(name);
}

/** MLIR string literal: printable ASCII as is, `\"` `\\` and `\XX` hex escapes for everything else (UTF-8 bytes). */
export function quoteString(s: string): string {
  let out = '"';
  for (const byte of new TextEncoder().encode(s)) {
    if (byte === 0x22) out += '\\"';
    else if (byte === 0x5c) out += '\\\\';
    else if (byte >= 0x20 && byte < 0x7f) out += String.fromCharCode(byte);
    else out += '\\' + byte.toString(16).toUpperCase().padStart(2, '0');
  }
  return out + '"';
}

/**
 * A float literal that MLIR's parser accepts and that reads back to the same double:
 * always has a `.` (MLIR requires one); non-finite values as the f64 bit pattern in hex, typed `: f64`.
 */
export function formatFloat(v: number): string {
  if (!Number.isFinite(v)) {
    if (Number.isNaN(v)) return '0x7FF8000000000000 : f64';
    return v > 0 ? '0x7FF0000000000000 : f64' : '0xFFF0000000000000 : f64';
  }
  if (Object.is(v, -0)) return '-0.0';
  const s = String(v);
  if (s.includes('.')) return s;
  const e = s.indexOf('e');
  return e < 0 ? `${s}.0` : `${s.slice(0, e)}.0${s.slice(e)}`;
}

/**
 * An attribute's text. With `elide`, a string longer than that many characters prints as its first
 * line and a count of the characters left out (a kernel's WGSL, say): readable, but no longer the
 * same attribute when parsed back.
 */
export function formatAttribute(a: Attribute, elide?: number): string {
  switch (a.kind) {
    case 'int': return String(a.value);
    case 'float': return formatFloat(a.value);
    case 'string': return elide !== undefined && a.value.length > elide ? quoteString(elided(a.value, elide)) : quoteString(a.value);
    case 'bool': return a.value ? 'true' : 'false';
    case 'unit': return 'unit';
    case 'symbol': return `@${/^[A-Za-z_][A-Za-z0-9_$.]*$/.test(a.name) ? a.name : quoteString(a.name)}`;
    case 'type': return typeToString(a.type);
    case 'array': return `[${a.elements.map((e) => formatAttribute(e, elide)).join(', ')}]`;
    case 'dict': return formatDict(a.entries, [...a.entries.keys()], elide);
  }
}

function elided(s: string, keep: number): string {
  const head = s.slice(0, Math.min(keep, s.includes('\n') ? s.indexOf('\n') : s.length));
  return `${head} ... (${s.length - head.length} more characters elided)`;
}

/** `{a = 1, b}` — a unit attribute prints as its bare name, as MLIR does. */
export function formatDict(entries: ReadonlyMap<string, Attribute>, order: readonly string[], elide?: number): string {
  const parts = order.map((k) => {
    const v = entries.get(k)!;
    return v.kind === 'unit' ? formatAttrName(k) : `${formatAttrName(k)} = ${formatAttribute(v, elide)}`;
  });
  return `{${parts.join(', ')}}`;
}
