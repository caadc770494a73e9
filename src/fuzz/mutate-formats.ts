// Structure-aware mutations for the other readers: safetensors (header length, JSON entries: shapes,
// offsets, dtypes), MLIR bytecode (section framing and lengths, varints inside a section) and text
// (CGC IR tokens, boundary numbers, line swaps).
import { ByteWriter } from '../ir/bytecode/encoding';
import { INTERESTING, type Rng, concatBytes, mutateBytes, pick, randInt } from './mutate-bytes';

const enc = new TextEncoder();
const dec = new TextDecoder();

const NUMBERS: readonly unknown[] = [
  0, 1, -1, 3.5, 2147483647, 2147483648, 4294967296, 65536, 2 ** 53, 2 ** 53 + 2, 1e308, -2147483648, 'x', null, [], {},
];
const SHAPES: readonly unknown[] = [[], [0], [2147483648], [65536, 65536], [65536, 32768], [-1], [1.5], ['4'], [2 ** 53], new Array(17).fill(1), 'shape'];
const DTYPES: readonly unknown[] = ['F32', 'F16', 'I64', 'BOOL', 'F64', 'BF16', 'U64', 'f32', '', 7, null];

function safetensorsParts(bytes: Uint8Array): { header: Record<string, unknown>; data: Uint8Array } | undefined {
  if (bytes.length < 8) return undefined;
  const n = Number(new DataView(bytes.buffer, bytes.byteOffset, 8).getBigUint64(0, true));
  if (n > bytes.length - 8) return undefined;
  try {
    const header = JSON.parse(dec.decode(bytes.subarray(8, 8 + n))) as unknown;
    return typeof header === 'object' && header && !Array.isArray(header) ? { header: header as Record<string, unknown>, data: bytes.subarray(8 + n) } : undefined;
  } catch {
    return undefined;
  }
}

function safetensorsBytes(headerText: Uint8Array, data: Uint8Array, claimedLength = BigInt(headerText.length)): Uint8Array {
  const len = new Uint8Array(8);
  new DataView(len.buffer).setBigUint64(0, BigInt.asUintN(64, claimedLength), true);
  return concatBytes(len, headerText, data);
}

export function mutateSafetensors(bytes: Uint8Array, r: Rng, others: readonly Uint8Array[]): Uint8Array {
  const parts = safetensorsParts(bytes);
  if (!parts || r() < 0.2) return mutateBytes(bytes, r, others);
  const { header, data } = parts;
  const names = Object.keys(header).filter((k) => k !== '__metadata__');
  const chosen = names.length ? header[pick(r, names)] : undefined;
  const entry = typeof chosen === 'object' && chosen && !Array.isArray(chosen) ? (chosen as Record<string, unknown>) : undefined;
  const text = () => enc.encode(JSON.stringify(header));
  switch (randInt(r, 7)) {
    case 0: return safetensorsBytes(text(), data, pick(r, INTERESTING) + BigInt(randInt(r, 3) - 1));
    case 1: if (entry) entry.shape = pick(r, SHAPES); break;
    case 2: if (entry) entry.data_offsets = r() < 0.5 ? [pick(r, NUMBERS), pick(r, NUMBERS)] : pick(r, NUMBERS); break;
    case 3: if (entry) entry.dtype = pick(r, DTYPES); break;
    case 4: {
      const key = pick(r, ['__metadata__', '__proto__', 'constructor', 'w', '']);
      header[key] = pick(r, [{ a: 1 }, { a: 'b' }, 'x', [], null, entry ? { ...entry } : 1]);
      break;
    }
    case 5: if (entry) delete entry[pick(r, ['dtype', 'shape', 'data_offsets'])]; break;
    default: return safetensorsBytes(mutateBytes(text(), r, []), data);
  }
  return safetensorsBytes(text(), r() < 0.8 ? data : mutateBytes(data, r, []));
}

/** MLIR bytecode: magic, version, producer, then sections `id, varint length, [alignment], payload`. */
function bytecodeSections(bytes: Uint8Array): { head: Uint8Array; sections: { id: number; payload: Uint8Array }[] } | undefined {
  const varint = (at: number): [bigint, number] | undefined => {
    const first = bytes[at];
    if (first === undefined || first === 0) return undefined;
    let extra = 0;
    while (((first >> extra) & 1) === 0) extra++;
    if (at + extra >= bytes.length) return undefined;
    let v = BigInt(first);
    for (let i = 1; i <= extra; i++) v |= BigInt(bytes[at + i]!) << BigInt(8 * i);
    return [v >> BigInt(extra + 1), at + extra + 1];
  };
  const version = varint(4);
  if (!version) return undefined;
  const nul = bytes.indexOf(0, version[1]);
  if (nul < 0) return undefined;
  const sections: { id: number; payload: Uint8Array }[] = [];
  let at = nul + 1;
  while (at < bytes.length) {
    const id = bytes[at]!;
    if (id & 0x80) return undefined; // aligned sections: leave those to the byte mutations
    const len = varint(at + 1);
    if (!len || Number(len[0]) > bytes.length - len[1]) return undefined;
    sections.push({ id, payload: bytes.subarray(len[1], len[1] + Number(len[0])) });
    at = len[1] + Number(len[0]);
  }
  return { head: bytes.subarray(0, nul + 1), sections };
}

export function mutateBytecode(bytes: Uint8Array, r: Rng, others: readonly Uint8Array[]): Uint8Array {
  const parsed = bytecodeSections(bytes);
  if (!parsed || !parsed.sections.length || r() < 0.3) return mutateBytes(bytes, r, others);
  const { head, sections } = parsed;
  const target = pick(r, sections);
  let claimed: bigint | undefined;
  switch (randInt(r, 5)) {
    case 0: claimed = pick(r, INTERESTING); break;
    case 1: sections.splice(sections.indexOf(target), 1); break;
    case 2: sections.splice(randInt(r, sections.length + 1), 0, { ...target }); break;
    case 3: {
      // A varint inside the section replaced by a boundary value (counts, indices, lengths).
      const w = new ByteWriter();
      w.varint(BigInt.asUintN(63, pick(r, INTERESTING)));
      const a = randInt(r, target.payload.length + 1);
      target.payload = concatBytes(target.payload.subarray(0, a), w.finish(), target.payload.subarray(Math.min(target.payload.length, a + 1 + randInt(r, 2))));
      break;
    }
    default: target.payload = mutateBytes(target.payload, r, []);
  }
  const w = new ByteWriter();
  w.bytes(head);
  for (const s of sections) {
    w.byte(s.id);
    w.varint(s === target && claimed !== undefined ? BigInt.asUintN(63, claimed) : s.payload.length);
    w.bytes(s.payload);
  }
  return w.finish();
}

const TOKENS = [
  '{', '}', '(', ')', '[', ']', '<', '>', ',', ':', '=', '->', '%x', '%0#1', '%a:2', '@main', '^bb0', '!cgc.tensor<', '!cgc.memref<',
  'constant ', '1x', '0x', '999999999999999999999x', '2147483648x', '65536x65536x', '-1', '?x', '!cgc.float32', '!cgc.int64',
  'cgc_op.add', 'cgc_op.split', '"cgc_op.relu"', 'cgc.return', 'cgc.invoke', 'cgc.constant("w1")', 'attributes', '"', '\\',
  '"\\ZZ"', '1.0e400', '0x7FF8', '// c\n', '\n', '\u0000', '\u00e9', '\ud83d\ude00', '...', 'builtin.module', 'private',
  '{a = [[[[1]]]]}', 'true', 'unit', 'dense<', '#cgc.', '{', '[[[[[[[[[[[[[[[[[[[[', '((((((((((((((((',
];

/** One edit of CGC IR text: a token inserted, a range deleted or duplicated, a number changed, lines swapped. */
export function mutateText(text: string, r: Rng, others: readonly string[]): string {
  const pos = () => randInt(r, text.length + 1);
  switch (randInt(r, 8)) {
    case 0: { const a = pos(); return text.slice(0, a) + text.slice(a + 1 + randInt(r, 40)); }
    case 1: { const a = pos(); const b = Math.min(text.length, a + randInt(r, 80)); return text.slice(0, b) + text.slice(a, b) + text.slice(b); }
    case 2: { const a = pos(); return text.slice(0, a) + pick(r, TOKENS) + text.slice(a); }
    case 3: { const a = pos(); return text.slice(0, a) + String.fromCharCode(randInt(r, 128)) + text.slice(a + 1); }
    case 4: {
      const lines = text.split('\n');
      const i = randInt(r, lines.length);
      const j = randInt(r, lines.length);
      [lines[i], lines[j]] = [lines[j]!, lines[i]!];
      return lines.join('\n');
    }
    case 5: return text.replace(/[0-9]+/g, (m) => (r() < 0.1 ? String(r() < 0.5 ? pick(r, INTERESTING) : randInt(r, 10 ** randInt(r, 12))) : m));
    case 6: { const other = others.length ? pick(r, others) : text; return text.slice(0, pos()) + other.slice(randInt(r, other.length + 1)); }
    default: return text.slice(0, pos());
  }
}
