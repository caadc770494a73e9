// safetensors: round trip, the reference layout, and clear errors for malformed files.
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from './limits';
import { tensorType } from './types';
import { SafetensorsError, readSafetensors, writeSafetensors } from './safetensors';

const f32 = (xs: number[]) => new Uint8Array(new Float32Array(xs).buffer);

function file(header: unknown, data: Uint8Array = new Uint8Array()): Uint8Array {
  const json = new TextEncoder().encode(JSON.stringify(header));
  const out = new Uint8Array(8 + json.length + data.length);
  new DataView(out.buffer).setBigUint64(0, BigInt(json.length), true);
  out.set(json, 8);
  out.set(data, 8 + json.length);
  return out;
}

describe('safetensors', () => {
  it('round-trips tensors and metadata, with an 8-byte aligned data section', () => {
    const bytes = writeSafetensors([
      { name: 'w', type: tensorType([2, 2], 'float32', true), data: f32([1, 2, 3, 4]) },
      { name: 'i', type: tensorType([3], 'int64', true), data: new Uint8Array(24).fill(7) },
      { name: 's', type: tensorType([], 'uint8', true), data: new Uint8Array([9]) },
    ], { source: 'test' });
    const headerLen = Number(new DataView(bytes.buffer).getBigUint64(0, true));
    expect((8 + headerLen) % 8).toBe(0);
    const st = readSafetensors(bytes);
    expect(st.metadata).toEqual({ source: 'test' });
    expect([...st.tensors.keys()]).toEqual(['w', 'i', 's']);
    expect(new Float32Array(st.tensors.get('w')!.data.slice().buffer)).toEqual(new Float32Array([1, 2, 3, 4]));
    expect(st.tensors.get('i')!.type).toEqual(tensorType([3], 'int64', true));
    expect(st.tensors.get('s')!.data).toEqual(new Uint8Array([9]));
  });

  it('reads a file laid out by the reference writer', () => {
    const st = readSafetensors(file({ a: { dtype: 'F16', shape: [2], data_offsets: [0, 4] } }, new Uint8Array([0, 60, 0, 64])));
    expect(st.tensors.get('a')!.type).toEqual(tensorType([2], 'float16', true));
  });

  const bad: [string, Uint8Array, RegExp][] = [
    ['too short', new Uint8Array(3), /starts with an 8-byte header length/],
    ['header past the end', (() => { const b = new Uint8Array(16); new DataView(b.buffer).setBigUint64(0, 1000n, true); return b; })(), /exceeds the file/],
    ['not JSON', file('x').map((b, i) => (i === 8 ? 0x7b : b)), /not valid UTF-8 JSON/],
    ['array header', file([]), /must be a JSON object/],
    ['unsupported dtype', file({ a: { dtype: 'F8_E4M3', shape: [1], data_offsets: [0, 1] } }, new Uint8Array(1)), /dtype "F8_E4M3" is not supported \(supported: F32, F16, I32, I64, I8, U8, BOOL, I16, U16, U32, F64, U64, BF16\)/],
    ['negative dim', file({ a: { dtype: 'F32', shape: [-1], data_offsets: [0, 4] } }, new Uint8Array(4)), /not a non-negative integer/],
    ['size mismatch', file({ a: { dtype: 'F32', shape: [2], data_offsets: [0, 4] } }, new Uint8Array(4)), /4 bytes of data for a 8-byte tensor/],
    ['offsets outside data', file({ a: { dtype: 'F32', shape: [1], data_offsets: [0, 4] } }), /lie outside the 0-byte data section/],
    ['bad metadata', file({ __metadata__: { a: 1 } }), /values must be strings/],
    ['overlapping tensors', file({ a: { dtype: 'F32', shape: [2], data_offsets: [0, 8] }, b: { dtype: 'F32', shape: [2], data_offsets: [4, 12] } }, new Uint8Array(12)),
      /tensors "a" \[0, 8\] and "b" \[4, 12\] overlap/],
    ['one tensor twice', file({ b: { dtype: 'I32', shape: [1], data_offsets: [0, 4] }, a: { dtype: 'F32', shape: [1], data_offsets: [0, 4] } }, new Uint8Array(4)), /overlap/],
    ['a dtype named __proto__', file(JSON.parse('{"a":{"dtype":"__proto__","shape":[1],"data_offsets":[0,4]}}')),
      /tensor "a": dtype "__proto__" is not supported \(supported: F32, F16, I32, I64, I8, U8, BOOL, I16, U16, U32, F64, U64, BF16\)/],
  ];
  for (const [name, bytes, want] of bad) {
    it(`rejects ${name}`, () => expect(() => readSafetensors(bytes)).toThrow(want));
  }
});

describe('safetensors header limits', () => {
  /** A header of `n` empty tensors, built as bytes (the test itself must not build a million objects). */
  const emptyTensors = (n: number): Uint8Array => {
    const parts: string[] = [];
    for (let i = 0; i < n; i++) parts.push(`"t${i}":{"dtype":"F32","shape":[0],"data_offsets":[0,0]}`);
    const json = new TextEncoder().encode(`{${parts.join(',')}}`);
    const out = new Uint8Array(8 + json.length);
    new DataView(out.buffer).setBigUint64(0, BigInt(json.length), true);
    out.set(json, 8);
    return out;
  };

  it('refuses a header of 1.75 M empty tensors (100 MB, under the size limit) before parsing it', () => {
    const bytes = emptyTensors(1_750_000);
    expect(bytes.length).toBeLessThan(DEFAULT_LIMITS.maxHeaderBytes);
    const t0 = performance.now();
    const before = process.memoryUsage().heapUsed;
    expect(() => readSafetensors(bytes)).toThrow('the header: 100002 entries is over the weights header entry limit of 100000 entries; '
      + 'raise it with --max-header-entries (cgc) or Limits → max header entries (app)');
    expect(performance.now() - t0).toBeLessThan(2_000);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(32 * 2 ** 20);
  }, 30_000);

  it('takes entries up to the limit, metadata aside, and names the header size limit', () => {
    const bytes = emptyTensors(3);
    expect(readSafetensors(bytes, { maxHeaderEntries: 3 }).tensors.size).toBe(3);
    expect(() => readSafetensors(bytes, { maxHeaderEntries: 2 })).toThrow('the header: 3 entries is over the weights header entry limit of 2 entries');
    expect(readSafetensors(file({ __metadata__: { a: 'b' }, x: { dtype: 'F32', shape: [0], data_offsets: [0, 0] } }), { maxHeaderEntries: 1 }).tensors.size).toBe(1);
    // Colons and braces inside names and strings are not entries.
    expect(readSafetensors(file({ 'a:{"b":1}': { dtype: 'F32', shape: [0], data_offsets: [0, 0] } }), { maxHeaderEntries: 1 }).tensors.size).toBe(1);
    expect(() => readSafetensors(bytes, { maxHeaderBytes: 64 })).toThrow(/the header: \d+ bytes is over the weights header size limit of 64 bytes; raise it with --max-header-mb/);
  });
});

describe('safetensors fuzz', () => {
  it('truncated, bit-flipped and rewritten-header files only raise SafetensorsError (3,000 seeded cases)', () => {
    const good = writeSafetensors([
      { name: 'w', type: tensorType([2, 3], 'float32', true), data: f32([1, 2, 3, 4, 5, 6]) },
      { name: 'i', type: tensorType([2], 'int64', true), data: new Uint8Array(16).fill(1) },
    ], { k: 'v' });
    let s = 12345;
    const rand = () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32);
    const headers = ['{"a":{"dtype":"F32","shape":[1099511627776],"data_offsets":[0,4]}}', '{"a":{"dtype":"F32","shape":[2],"data_offsets":[4,0]}}',
      '{"a":{"dtype":"F32","shape":[-3],"data_offsets":[0,4]}}', '{"a":{"dtype":"F32","shape":[1],"data_offsets":[0,9007199254740993]}}', '{"a":5}', '[[[[[[[[[[]]]]]]]]]]'];
    let accepted = 0;
    for (let i = 0; i < 3000; i++) {
      let bytes: Uint8Array = good.slice();
      const kind = i % 4;
      if (kind === 0) bytes = bytes.slice(0, Math.floor(rand() * bytes.length));
      else if (kind === 1) for (let k = 0; k < 3; k++) bytes[Math.floor(rand() * bytes.length)] ^= 1 << Math.floor(rand() * 8);
      else if (kind === 2) bytes = file(JSON.parse(headers[Math.floor(rand() * headers.length)]!), new Uint8Array(Math.floor(rand() * 16)));
      else new DataView(bytes.buffer).setBigUint64(0, BigInt(Math.floor(rand() * 2 ** 52)), true);
      try {
        readSafetensors(bytes);
        accepted++;
      } catch (e) {
        if (!(e instanceof SafetensorsError)) throw new Error(`case ${i}: ${(e as Error).stack}`, { cause: e });
      }
    }
    console.log(`safetensors fuzz: 3000 cases, ${accepted} still valid, ${3000 - accepted} rejected with SafetensorsError, 0 crashes`);
  });
});

