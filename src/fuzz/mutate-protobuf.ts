// Protobuf-aware mutations for ONNX files: the message is parsed into a tree of wire-format fields
// (a length-delimited payload that parses as a message is descended into), one field is changed
// — a varint set to a boundary value, a field dropped, duplicated, grafted from another seed, its
// payload havocked, its wire type changed — and the tree is written back with lengths fixed up,
// or with one length prefix deliberately wrong.
import { INTERESTING, type Rng, concatBytes, leb128, mutateBytes, pick, randInt } from './mutate-bytes';

interface Field {
  num: number;
  wire: number;
  /** Varint and fixed values as bigint; payloads as bytes, or as fields when they parse as a message. */
  value: bigint | Uint8Array | Field[];
}

function readVarint(b: Uint8Array, at: { pos: number }): bigint | undefined {
  let v = 0n;
  for (let shift = 0n; shift < 70n; shift += 7n) {
    if (at.pos >= b.length) return undefined;
    const byte = b[at.pos++]!;
    v |= BigInt(byte & 0x7f) << shift;
    if (!(byte & 0x80)) return v;
  }
  return undefined;
}

/** The fields of `b`, or undefined when it is not a well-formed message (depth-limited). */
function parseMessage(b: Uint8Array, depth = 0): Field[] | undefined {
  if (depth > 12) return undefined;
  const out: Field[] = [];
  const at = { pos: 0 };
  while (at.pos < b.length) {
    const tag = readVarint(b, at);
    if (tag === undefined || tag >> 3n === 0n || tag >> 3n > 536870911n) return undefined;
    const num = Number(tag >> 3n);
    const wire = Number(tag & 7n);
    if (wire === 0) {
      const v = readVarint(b, at);
      if (v === undefined) return undefined;
      out.push({ num, wire, value: v });
    } else if (wire === 1 || wire === 5) {
      const width = wire === 1 ? 8 : 4;
      if (at.pos + width > b.length) return undefined;
      let v = 0n;
      for (let i = width - 1; i >= 0; i--) v = (v << 8n) | BigInt(b[at.pos + i]!);
      at.pos += width;
      out.push({ num, wire, value: v });
    } else if (wire === 2) {
      const len = readVarint(b, at);
      if (len === undefined || len > BigInt(b.length - at.pos)) return undefined;
      const payload = b.subarray(at.pos, at.pos + Number(len));
      at.pos += Number(len);
      const nested = payload.length >= 2 ? parseMessage(payload, depth + 1) : undefined;
      out.push({ num, wire, value: nested ?? payload });
    } else {
      return undefined;
    }
  }
  return out;
}

/** A length prefix to write wrong: on which field, and the length it claims given the true one. */
interface Lie { field: Field; claim: (trueLength: number) => bigint }

function writeMessage(fields: readonly Field[], lie?: Lie): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const f of fields) {
    parts.push(leb128(BigInt(f.num) << 3n | BigInt(f.wire)));
    if (f.wire === 0) parts.push(leb128(f.value as bigint));
    else if (f.wire === 1 || f.wire === 5) {
      const width = f.wire === 1 ? 8 : 4;
      const v = typeof f.value === 'bigint' ? f.value : 0n;
      parts.push(Uint8Array.from({ length: width }, (_, i) => Number((v >> BigInt(8 * i)) & 0xffn)));
    } else {
      const payload = f.value instanceof Uint8Array ? f.value : Array.isArray(f.value) ? writeMessage(f.value, lie) : leb128(f.value);
      parts.push(leb128(f === lie?.field ? lie.claim(payload.length) : BigInt(payload.length)), payload);
    }
  }
  return concatBytes(...parts);
}

/** Every field in the tree, with the list that holds it. */
function allFields(fields: Field[], out: { f: Field; list: Field[] }[] = []): { f: Field; list: Field[] }[] {
  for (const f of fields) {
    out.push({ f, list: fields });
    if (Array.isArray(f.value)) allFields(f.value, out);
  }
  return out;
}

export function mutateProtobuf(bytes: Uint8Array, r: Rng, others: readonly Uint8Array[]): Uint8Array {
  const tree = parseMessage(bytes);
  const fields = tree ? allFields(tree) : [];
  if (!tree || !fields.length) return mutateBytes(bytes, r, others);
  const { f, list } = pick(r, fields);
  let lie: Lie | undefined;
  switch (randInt(r, 7)) {
    case 0:
      if (f.wire === 0) f.value = pick(r, INTERESTING) + BigInt(randInt(r, 3) - 1);
      else if (f.wire === 2 && Array.isArray(f.value)) f.value = [];
      else f.value = BigInt.asUintN(f.wire === 1 ? 64 : 32, pick(r, INTERESTING));
      break;
    case 1:
      list.splice(list.indexOf(f), 1);
      break;
    case 2:
      for (let k = 1 + randInt(r, r() < 0.1 ? 200 : 3); k > 0; k--) list.splice(list.indexOf(f), 0, f);
      break;
    case 3: {
      const donor = others.length ? parseMessage(pick(r, others)) : undefined;
      const donated = donor && allFields(donor);
      if (donated?.length) list.splice(randInt(r, list.length + 1), 0, pick(r, donated).f);
      break;
    }
    case 4:
      if (f.value instanceof Uint8Array) f.value = mutateBytes(f.value, r, []);
      else if (Array.isArray(f.value)) f.value = mutateBytes(writeMessage(f.value), r, []);
      else f.value = pick(r, INTERESTING);
      break;
    case 5:
      f.wire = pick(r, [0, 1, 2, 5].filter((w) => w !== f.wire));
      if (f.wire === 2 && typeof f.value === 'bigint') f.value = leb128(f.value);
      if (f.wire !== 2 && typeof f.value !== 'bigint') f.value = 1n;
      break;
    default:
      if (f.wire === 2) {
        // A few bytes off, or a boundary value.
        const off = BigInt(pick(r, [-4, -3, -2, -1, 1, 2, 3, 4]));
        const big = pick(r, INTERESTING);
        lie = { field: f, claim: r() < 0.5 ? (n) => (BigInt(n) + off < 0n ? 0n : BigInt(n) + off) : () => big };
      }
  }
  return writeMessage(tree, lie);
}
