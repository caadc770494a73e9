// Share-link state: round trips, and every malformed or oversized hash is an error, not a throw.
import { describe, expect, it } from 'vitest';
import { MAX_HASH_CHARS, MAX_SOURCE_CHARS, formatShareHash, parseShareHash } from './share';

const DEMOS = new Set(['spec-7layer.mlir', 'tiny-cnn.onnx']);

describe('share links', () => {
  it('round-trips a state', () => {
    const state = { model: { kind: 'demo' as const, name: 'tiny-cnn.onnx' }, view: 'graph' as const, node: '%conv1', granularity: 'per-subgraph' as const, ir: 'partition0_webgpu' };
    expect(parseShareHash(formatShareHash(state), DEMOS)).toEqual({ ok: true, state });
    const url = { model: { kind: 'url' as const, url: 'https://example.com/m.onnx?x=1&y=2' } };
    expect(parseShareHash(formatShareHash(url), DEMOS)).toEqual({ ok: true, state: url });
    expect(parseShareHash('', DEMOS)).toEqual({ ok: true, state: {} });
    const options = { fusion: false, targets: ['webgpu-fallback', 'cpu-reference'] as const, name: 'my model.mlir', src: `AbC-_${'x'.repeat(MAX_HASH_CHARS)}` };
    expect(parseShareHash(formatShareHash(options), DEMOS)).toEqual({ ok: true, state: options });
  });

  it('round-trips a file model by identity, with its options and the Run settings', () => {
    const sha256 = '3f2a'.padEnd(64, '0');
    const state = {
      model: { kind: 'file' as const, name: 'blazeface (v2).onnx', size: 1_234_567, sha256 }, view: 'memory' as const, node: '%conv1',
      granularity: 'per-target' as const, targets: ['webgpu', 'my-npu'], run: { runs: 10, diff: true },
    };
    const hash = formatShareHash(state);
    expect(hash).toContain(`model=file%3A1234567%3A${sha256}%3Ablazeface+%28v2%29.onnx`);
    expect(hash).toContain('runs=10&diff=on');
    expect(parseShareHash(hash, DEMOS)).toEqual({ ok: true, state });
    const withWeights = { model: { ...state.model, name: 'm.mlir', with: ['m.safetensors', 'extra data.bin'] } };
    expect(formatShareHash(withWeights)).toContain('&with=m.safetensors%2Cextra+data.bin');
    expect(parseShareHash(formatShareHash(withWeights), DEMOS)).toEqual({ ok: true, state: withWeights });
    expect(parseShareHash('#runs=50', DEMOS)).toEqual({ ok: true, state: { run: { runs: 50, diff: false } } });
    expect(parseShareHash('#diff=on', DEMOS)).toEqual({ ok: true, state: { run: { runs: 1, diff: true } } });
  });

  it('carries a model of up to 64 KiB compressed', () => {
    const src = 'A'.repeat(MAX_SOURCE_CHARS);
    expect(MAX_SOURCE_CHARS).toBe(87382);
    expect(parseShareHash(formatShareHash({ name: 'tiny.onnx', src }), DEMOS)).toEqual({ ok: true, state: { name: 'tiny.onnx', src } });
  });

  it.each([
    ['#view=nope', /view must be/],
    ['#model=demo:evil.onnx', /unknown demo/],
    ['#model=url:javascript:alert(1)', /http\(s\)/],
    ['#model=file.onnx', /must be 'demo:/],
    ['#node=<img src=x onerror=alert(1)>', /node must be/],
    ['#bogus=1', /unknown key/],
    ['#view=graph&view=memory', /twice/],
    ['#view=%E0%A4%A', /malformed/],
    [`#node=%25${'a'.repeat(MAX_HASH_CHARS)}`, /more than/],
    ['#fusion=maybe', /fusion must be/],
    ['#targets=Web GPU', /targets must be/],
    ['#targets=webgpu,,cpu-reference', /targets must be/],
    [`#targets=${Array(17).fill('t').join(',')}`, /targets must be/],
    ['#model=file:12:abc:m.onnx', /file:SIZE:SHA256:NAME/],
    [`#model=file:12:${'0'.repeat(64)}:..%2Fm.onnx`, /plain file name/],
    ['#runs=7', /runs must be one of 1, 10, 50/],
    ['#model=demo:tiny-cnn.onnx&with=w.bin', /'with' names the files/],
    [`#model=file:1:${'0'.repeat(64)}:m.mlir&with=..%2Fw`, /plain file names/],
    ['#diff=yes', /diff must be/],
    ['#src=abc%2Bdef', /base64url/],
    [`#src=${'a'.repeat(MAX_SOURCE_CHARS + 1)}`, /IR is \d+ characters/],
    ['#name=..%2Fetc', /plain file name/],
  ])('rejects %s', (hash, error) => {
    const r = parseShareHash(hash, DEMOS);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(error);
  });
});
