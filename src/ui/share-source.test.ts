// Share-link IR: round trip through deflate-raw + base64url, and every bad payload is a ShareSourceError.
import { describe, expect, it } from 'vitest';
import { MAX_PACKED_BYTES, MAX_UNPACKED_BYTES, MAX_UNPACKED_ONNX_BYTES, ShareSourceError, packBytes, packOnnx, packSource, unpackOnnx, unpackSource } from './share-source';

const IR = 'cgc.module {\n  cgc.entry_point @main(%x: !cgc.tensor<4x!cgc.float32>) -> !cgc.tensor<4x!cgc.float32> {\n    %y = cgc_op.relu(%x)\n    cgc.return %y\n  }\n}\n';

describe('share source', () => {
  it('round-trips IR text, and refuses IR too large for a link', async () => {
    const packed = await packSource(IR);
    expect(packed).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(await unpackSource(packed!)).toBe(IR);
    expect(await packSource(`cgc.module {}\n// ${'x'.repeat(MAX_UNPACKED_BYTES)}`)).toBeUndefined();
  });

  it.each([
    ['not base64', 'a+b/c', /base64url/],
    ['not deflate', 'AAAAAAAA', /decompress/],
    ['empty', '', /decompress/],
  ])('rejects %s', async (_what, src, error) => {
    await expect(unpackSource(src)).rejects.toThrow(error);
    await expect(unpackSource(src)).rejects.toBeInstanceOf(ShareSourceError);
  });

  it('rejects text that is not CGC IR', async () => {
    await expect(unpackSource((await packSource('<script>alert(1)</script>'))!)).rejects.toThrow(/not a cgc.module/);
  });

  it('stops a zip bomb at the size cap', async () => {
    const bomb = await packSource('cgc.module {}\n'.padEnd(200_000, ' '));
    // 200 KB of spaces packs small; doubling it via a second stream would exceed the cap.
    expect(await unpackSource(bomb!)).toHaveLength(200_000);
    const bytes = new Uint8Array(MAX_UNPACKED_BYTES + 10).fill(32);
    const big = new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate-raw'))).arrayBuffer());
    let bin = '';
    for (const b of big) bin += String.fromCharCode(b);
    const src = btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    await expect(unpackSource(src)).rejects.toThrow(/larger than 256 KiB/);
  });

  it('round-trips ONNX bytes, and refuses what does not pack into 64 KiB', async () => {
    const bytes = Uint8Array.from({ length: 40_000 }, (_, i) => (i * 7) % 13);
    expect(await unpackOnnx((await packOnnx(bytes))!)).toEqual(bytes);
    // Random bytes do not compress: 70 KB of them stay over the cap.
    const noise = Uint8Array.from({ length: 70_000 }, () => Math.floor(Math.random() * 256));
    expect(await packBytes(noise)).toBeUndefined();
    expect(MAX_PACKED_BYTES).toBe(64 * 1024);
    expect(await packOnnx(new Uint8Array(MAX_UNPACKED_ONNX_BYTES + 1))).toBeUndefined();
  });
});
