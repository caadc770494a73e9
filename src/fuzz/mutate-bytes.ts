// Format-blind mutations (AFL-style havoc): bit flips, random bytes, inserts, deletes, duplicated
// ranges, splices with another seed, interesting integers (little/big endian, and as varints), truncation.

export type Rng = () => number;

export const randInt = (r: Rng, n: number): number => Math.floor(r() * n);
export const pick = <T>(r: Rng, xs: readonly T[]): T => xs[randInt(r, xs.length)]!;

/** Boundary values that length and count fields get wrong: around 2^7, 2^8, 2^15, 2^16, 2^31, 2^32, 2^53, 2^63, 2^64. */
export const INTERESTING = [
  0n, 1n, 2n, 0x7fn, 0x80n, 0xffn, 0x100n, 0x7fffn, 0x8000n, 0xffffn, 0x10000n, 0x7fffffffn, 0x80000000n, 0xffffffffn,
  0x100000000n, 2n ** 53n - 1n, 2n ** 53n + 1n, 2n ** 63n - 1n, 2n ** 63n, 2n ** 64n - 1n,
] as const;

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** `v` as `width` bytes, little- or big-endian (truncated to the width). */
function fixedInt(v: bigint, width: number, littleEndian: boolean): Uint8Array {
  const out = new Uint8Array(width);
  for (let i = 0; i < width; i++) out[littleEndian ? i : width - 1 - i] = Number((v >> BigInt(8 * i)) & 0xffn);
  return out;
}

/** LEB128 (protobuf's varint); values ≥ 2^64 are cut to 64 bits. */
export function leb128(value: bigint): Uint8Array {
  let v = BigInt.asUintN(64, value);
  const out: number[] = [];
  do {
    const b = Number(v & 0x7fn);
    v >>= 7n;
    out.push(v ? b | 0x80 : b);
  } while (v);
  return Uint8Array.from(out);
}

/** One havoc step on `bytes`; `others` are the other seeds, for splices. */
export function mutateBytes(bytes: Uint8Array, r: Rng, others: readonly Uint8Array[]): Uint8Array {
  const n = bytes.length;
  const pos = () => randInt(r, n + 1);
  switch (randInt(r, 9)) {
    case 0: {
      const out = bytes.slice();
      for (let k = 1 + randInt(r, 4); k > 0 && n; k--) out[randInt(r, n)]! ^= 1 << randInt(r, 8);
      return out;
    }
    case 1: {
      const out = bytes.slice();
      if (n) out[randInt(r, n)] = randInt(r, 256);
      return out;
    }
    case 2: {
      const a = pos();
      const ins = Uint8Array.from({ length: 1 + randInt(r, 8) }, () => randInt(r, 256));
      return concatBytes(bytes.subarray(0, a), ins, bytes.subarray(a));
    }
    case 3: {
      const a = pos();
      return concatBytes(bytes.subarray(0, a), bytes.subarray(Math.min(n, a + 1 + randInt(r, 32))));
    }
    case 4: {
      const a = pos();
      const b = Math.min(n, a + 1 + randInt(r, 64));
      const at = pos();
      return concatBytes(bytes.subarray(0, at), bytes.subarray(a, b), bytes.subarray(at));
    }
    case 5: {
      const other = others.length ? pick(r, others) : bytes;
      return concatBytes(bytes.subarray(0, pos()), other.subarray(randInt(r, other.length + 1)));
    }
    case 6: {
      const width = pick(r, [1, 2, 4, 8]);
      const v = pick(r, INTERESTING) + BigInt(randInt(r, 3) - 1);
      const a = randInt(r, Math.max(1, n - width + 1));
      const out = bytes.slice();
      out.set(fixedInt(v, width, r() < 0.7).subarray(0, Math.max(0, n - a)), a);
      return out;
    }
    case 7: {
      const a = pos();
      return concatBytes(bytes.subarray(0, a), leb128(pick(r, INTERESTING)), bytes.subarray(Math.min(n, a + 1 + randInt(r, 2))));
    }
    default:
      return bytes.subarray(0, pos());
  }
}
