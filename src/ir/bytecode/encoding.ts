// MLIR bytecode primitives: the magic, section ids, op encoding masks, and byte streams with
// PrefixVarInt / zigzag encodings. The reader checks every read against the end of its buffer and
// reports errors with the absolute byte offset.
import { CgcError } from '../../core';

export const MAGIC = [0x4d, 0x4c, 0xef, 0x52]; // "MLïR"
/** The bytecode version MLIR 16 (Debian's mlir-16-tools) writes and reads; the only one we accept. */
export const BYTECODE_VERSION = 0;
export const ALIGNMENT_BYTE = 0xcb;

export const Section = {
  String: 0, Dialect: 1, AttrType: 2, AttrTypeOffset: 3, IR: 4, Resource: 5, ResourceOffset: 6,
} as const;
export const NUM_SECTIONS = 7;

export const OpMask = {
  HasAttrs: 0b1, HasResults: 0b10, HasOperands: 0b100, HasSuccessors: 0b1000, HasInlineRegions: 0b10000,
} as const;

/** Resource entry kinds in the resource offset section. */
export const ResourceKind = { Blob: 0, Bool: 1, String: 2 } as const;

/** Malformed bytecode at byte `offset`; the reader turns it into a diagnostic. */
export class BytecodeError extends CgcError {
  override name = 'BytecodeError';
  constructor(message: string, readonly offset: number) {
    super('parse', message);
  }
}

export class ByteWriter {
  private buf = new Uint8Array(256);
  length = 0;

  private reserve(n: number): void {
    if (this.length + n <= this.buf.length) return;
    let cap = this.buf.length * 2;
    while (cap < this.length + n) cap *= 2;
    const next = new Uint8Array(cap);
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
  }

  byte(b: number): void {
    this.reserve(1);
    this.buf[this.length++] = b & 0xff;
  }

  bytes(bs: Uint8Array): void {
    this.reserve(bs.length);
    this.buf.set(bs, this.length);
    this.length += bs.length;
  }

  /** PrefixVarInt: the count of trailing zero bits in the first byte is the number of extra bytes. */
  varint(value: number | bigint): void {
    let v = BigInt(value);
    if (v < 0n) throw new Error(`varint of negative value ${v}`);
    for (let extra = 0; extra < 8; extra++) {
      const bits = 7 * (extra + 1);
      if (v < 1n << BigInt(bits)) {
        v = (v << BigInt(extra + 1)) | (1n << BigInt(extra));
        for (let i = 0; i <= extra; i++) {
          this.byte(Number(v & 0xffn));
          v >>= 8n;
        }
        return;
      }
    }
    this.byte(0);
    for (let i = 0; i < 8; i++) {
      this.byte(Number(v & 0xffn));
      v >>= 8n;
    }
  }

  /** Zigzag-encoded signed varint over 64 bits. */
  signedVarint(value: bigint): void {
    const v = BigInt.asIntN(64, value);
    this.varint(BigInt.asUintN(64, (v << 1n) ^ (v >> 63n)));
  }

  varintWithFlag(value: number, flag: boolean): void {
    this.varint(BigInt(value) * 2n + (flag ? 1n : 0n));
  }

  cstring(s: string): void {
    this.bytes(new TextEncoder().encode(s));
    this.byte(0);
  }

  section(id: number, body: ByteWriter): void {
    this.byte(id);
    this.varint(body.length);
    this.bytes(body.finish());
  }

  finish(): Uint8Array {
    return this.buf.slice(0, this.length);
  }
}

export class ByteReader {
  pos: number;

  /** `base` is this buffer's offset in the whole file, so errors name absolute offsets. */
  constructor(readonly buf: Uint8Array, readonly base = 0, start = 0) {
    this.pos = start;
  }

  get offset(): number {
    return this.base + this.pos;
  }

  get atEnd(): boolean {
    return this.pos >= this.buf.length;
  }

  fail(message: string, at = this.offset): never {
    throw new BytecodeError(message, at);
  }

  byte(): number {
    if (this.pos >= this.buf.length) this.fail('unexpected end of data');
    return this.buf[this.pos++]!;
  }

  bytes(n: number): Uint8Array {
    if (n > this.buf.length - this.pos) this.fail(`${n} bytes requested, ${this.buf.length - this.pos} remain`);
    const out = this.buf.subarray(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }

  varintBig(): bigint {
    const start = this.offset;
    const first = this.byte();
    if (first === 0) {
      let v = 0n;
      const bs = this.bytes(8);
      for (let i = 7; i >= 0; i--) v = (v << 8n) | BigInt(bs[i]!);
      return v;
    }
    let extra = 0;
    while (((first >> extra) & 1) === 0) extra++;
    let v = BigInt(first);
    if (extra > this.buf.length - this.pos) this.fail('varint runs past the end of data', start);
    for (let i = 1; i <= extra; i++) v |= BigInt(this.buf[this.pos++]!) << BigInt(8 * i);
    return v >> BigInt(extra + 1);
  }

  /** A varint that must fit in a JavaScript safe integer (sizes, counts, indices). */
  varint(): number {
    const start = this.offset;
    const v = this.varintBig();
    if (v > BigInt(Number.MAX_SAFE_INTEGER)) this.fail(`varint ${v} is too large`, start);
    return Number(v);
  }

  /** A count of items that each take at least `minBytes`, checked against the bytes left. */
  count(what: string, minBytes = 1): number {
    const start = this.offset;
    const n = this.varint();
    if (n * minBytes > this.buf.length - this.pos) this.fail(`${what} count ${n} exceeds the ${this.buf.length - this.pos} bytes left`, start);
    return n;
  }

  signedVarint(): bigint {
    const u = this.varintBig();
    return BigInt.asIntN(64, (u >> 1n) ^ -(u & 1n));
  }

  varintWithFlag(): [number, boolean] {
    const v = this.varint();
    return [Math.floor(v / 2), v % 2 === 1];
  }

  cstring(): string {
    const end = this.buf.indexOf(0, this.pos);
    if (end < 0) this.fail('unterminated string');
    const s = decodeUtf8(this.buf.subarray(this.pos, end), this.offset);
    this.pos = end + 1;
    return s;
  }
}

export function decodeUtf8(bytes: Uint8Array, offset: number): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new BytecodeError('string is not valid UTF-8', offset);
  }
}
