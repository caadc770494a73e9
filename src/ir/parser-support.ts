// Parser helpers that need no parser state: token descriptions for messages, the "unknown op"
// message with close matches, bit-level float decoding, where UTF-8 input goes bad, and errors as
// diagnostics.
import { type Diagnostic, IRError } from './diagnostics';
import type { Token } from './lexer';
import { registeredOps } from './registry';
import { STRUCTURAL_OPS } from './structural';

export function f32FromBits(bits: number): number {
  const view = new DataView(new ArrayBuffer(4));
  view.setUint32(0, bits);
  return view.getFloat32(0);
}

export function describe(t: Token): string {
  switch (t.kind) {
    case 'eof': return 'end of input';
    case 'value': return `'%${t.text}'`;
    case 'symbol': return `'@${t.text}'`;
    case 'block': return `'^${t.text}'`;
    case 'type': return `'!${t.text}'`;
    case 'string': return `string "${t.text.length > 40 ? t.text.slice(0, 40) + '…' : t.text}"`;
    default: return `'${t.text.length > 40 ? t.text.slice(0, 40) + '…' : t.text}'`;
  }
}

export function unknownOpMessage(name: string): string {
  if (name.startsWith('cgc_op.')) {
    const base = name.slice(7);
    const close = registeredOps().map((d) => d.name).filter((n) => editDistance(n, base) <= 2);
    return `unknown op '${name}'` + (close.length ? `; did you mean ${close.map((n) => `'cgc_op.${n}'`).join(' or ')}?` : '');
  }
  if (name.startsWith('cgc.')) return `unknown op '${name}': the cgc dialect has ${[...STRUCTURAL_OPS].filter((n) => n.startsWith('cgc.')).join(', ')}`;
  return `unknown op '${name}': CGC IR holds only cgc.* and cgc_op.* ops`;
}

function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length]!;
}

/** The byte offset where `bytes` stop being valid UTF-8. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  const dec = new TextDecoder('utf-8', { fatal: true });
  let lo = 0;
  let hi = bytes.length;
  // The longest valid prefix, found by bisection (a prefix may end inside a character: allow 3 bytes of slack).
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    try {
      dec.decode(bytes.subarray(0, mid), { stream: true });
      lo = mid;
    } catch {
      hi = mid - 1;
    }
  }
  return lo;
}

/** A parse error (or a stack overflow from deep nesting) as a diagnostic; anything else is rethrown. */
export function toDiagnostic(e: unknown): Diagnostic {
  if (e instanceof IRError) return { severity: 'error', message: e.message, ...(e.loc ? { loc: e.loc } : {}) };
  if (e instanceof RangeError && /call stack/i.test(e.message)) return { severity: 'error', message: `input too deeply nested (${e.message})` };
  throw e;
}
