// `cgc check`: our import + CPU reference against onnxruntime-web on seeded random inputs — on a small
// model written here, and on torchvision's squeezenet1_1, mobilenet_v2 and resnet18 (random weights).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INT64, floatTensor, modelBytes, node, tensorInfo } from '../compiler/import/onnx/testing';
import { ensureModels } from '../compiler/testing/models';
import { cgc as run } from './testing';
import { describeArbitration } from './check';

const maxAbsErr = (out: string): number => Number(/^(?:PASS|FAIL): max abs err (\S+)/m.exec(out)?.[1]);

describe('cgc check', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cgc-check-'));
  const small = join(dir, 'small.onnx');
  writeFileSync(small, modelBytes({
    nodes: [node('MatMul', ['x', 'w'], ['h']), node('Softmax', ['h'], ['y'], { axis: -1 }), node('ArgMax', ['h'], ['i'], { axis: 1 })],
    inputs: [tensorInfo('x', [2, 3])],
    outputs: [tensorInfo('y', [2, 2]), tensorInfo('i', [2, 1], 7)],
    initializers: [floatTensor('w', [3, 2], [0.5, -1, 2, 0.25, -0.75, 1.5])],
  }));

  it('passes a small model, reporting every output', async () => {
    const r = await run('check', small, '--backend', 'cpu', '--seed', '7');
    expect(r.err).toBe('');
    expect(r.out).toMatch(/^check .*small\.onnx: 1 random input\(s\) \(seed 7\); CPU reference \d+ ms, onnxruntime-web [\d.]+ \(wasm\) \d+ ms$/m);
    expect(r.out).toMatch(/^output 'y' \[2, 2\] float32: max abs err \S+, max rel err \S+ \(max \|expected\| \S+\)$/m);
    expect(r.out).toMatch(/^output 'i' \[2, 1\] int64: max abs err 0\.00e\+0/m);
    expect(r.out).toMatch(/^PASS: max abs err \S+ ≤ atol 1\.0e-4$/m);
    expect(r.code).toBe(0);
  });

  it('fails past an impossible tolerance', async () => {
    const r = await run('check', small, '--atol', '0', '--seed', '3');
    // Softmax's exp may round alike in both; the verdict follows the measured error either way.
    expect(r.code).toBe(maxAbsErr(r.out) > 0 ? 1 : 0);
  });

  // BERT's embeddings: token_type_ids index a 2-row table (onnxruntime refuses an index past it),
  // input_ids a larger one.
  const embed = join(dir, 'embed.onnx');
  writeFileSync(embed, modelBytes({
    nodes: [
      node('Gather', ['segments', 'token_type_ids'], ['s'], { axis: 0 }),
      node('Gather', ['words', 'input_ids'], ['w'], { axis: 0 }),
      node('Add', ['w', 's'], ['y']),
    ],
    inputs: [tensorInfo('input_ids', [1, 6], INT64), tensorInfo('token_type_ids', [1, 6], INT64)],
    outputs: [tensorInfo('y', [1, 6, 3])],
    initializers: [
      floatTensor('segments', [2, 3], [0.1, 0.2, 0.3, -1, -2, -3]),
      floatTensor('words', [9, 3], Array.from({ length: 27 }, (_, i) => i / 8)),
    ],
  }));
  const ids = (values: number[]) => {
    const file = join(dir, `ids-${values.join('-')}.bin`);
    writeFileSync(file, new Uint8Array(new BigInt64Array(values.map(BigInt)).buffer));
    return file;
  };

  it('draws integer inputs inside the table each one indexes (BERT token_type_ids: 2 rows)', async () => {
    for (const seed of ['1', '2', '3']) {
      const r = await run('check', embed, '--backend', 'cpu', '--seed', seed);
      expect(r.err).toBe('');
      expect(r.out).toMatch(/^PASS: max abs err 0\.00e\+0 ≤ atol/m);
      expect(r.code).toBe(0);
    }
  });

  it('takes --input NAME=FILE for an input, drawing the others', async () => {
    const good = await run('check', embed, '--backend', 'cpu', '--input', `token_type_ids=${ids([0, 1, 1, 0, 1, 1])}`);
    expect(good.out).toMatch(/: 1 random input\(s\) \(seed 1\), 'token_type_ids' from \S+ids-0-1-1-0-1-1\.bin;/);
    expect(good.code).toBe(0);
    // An index past the table, given on purpose, is refused by name (the CPU reference's check).
    const bad = await run('check', embed, '--backend', 'cpu', '--input', `token_type_ids=${ids([0, 1, 5, 0, 1, 1])}`);
    expect(bad.err).toContain('index 5 is out of range for dimension 0 of size 2');
    expect(bad.code).toBe(1);
    expect((await run('check', embed, '--input', `segment_ids=${ids([0, 0, 0, 0, 0, 0])}`)).err).toContain("has no input named 'segment_ids' (its inputs: 'input_ids', 'token_type_ids')");
    expect((await run('check', embed, '--input', `token_type_ids=${ids([0, 1])}`)).err).toContain('has 16 bytes; input #1 needs 48 (1x6 int64)');
    expect((await run('check', embed, '--input', 'random:3')).code).toBe(2);
  });

  it('gives onnxruntime the external data files the model names', async () => {
    const ext = join(dir, 'ext.onnx');
    writeFileSync(join(dir, 'ext.data'), new Uint8Array(new Float32Array([0.5, -1, 2, 0.25, -0.75, 1.5]).buffer));
    writeFileSync(ext, modelBytes({
      nodes: [node('MatMul', ['x', 'w'], ['y'])],
      inputs: [tensorInfo('x', [2, 3])], outputs: [tensorInfo('y', [2, 2])],
      initializers: [{ name: 'w', dims: [3, 2], data_type: 1, data_location: 1, external_data: [{ key: 'location', value: 'ext.data' }] }],
    }));
    const r = await run('check', ext, '--backend', 'cpu');
    expect(r.err).toBe('');
    expect(r.out).toMatch(/^PASS: /m);
  });

  it('refuses bad usage with exit 2', async () => {
    expect((await run('check', small, '--backend', 'tpu')).err).toContain("unknown backend 'tpu'");
    expect((await run('check', small, '--atol', 'x')).code).toBe(2);
    // An IR model's oracle is the CPU reference: checking it on the CPU reference would compare it with itself.
    const ir = await run('check', join(dir, 'model.mlir'), '--backend', 'cpu');
    expect(ir.code).toBe(2);
    expect(ir.err).toContain('is an IR model, which is checked against the CPU reference');
    expect((await run('check', join(dir, 'missing.onnx'))).code).toBe(1);
  });

  const models = ensureModels(['squeezenet1_1', 'mobilenet_v2', 'resnet18']);
  for (const name of ['squeezenet1_1', 'mobilenet_v2', 'resnet18']) {
    it.skipIf(!models)(`${name} matches onnxruntime within 1e-4 (skipped without python3-torch to export it)`, async () => {
      const r = await run('check', models!.get(name)!, '--backend', 'cpu');
      console.log(`${name}:\n${r.out}`);
      expect(r.err).toBe('');
      expect(r.out).toContain('PASS');
      expect(maxAbsErr(r.out)).toBeLessThanOrEqual(1e-4);
      expect(r.code).toBe(0);
    }, 180_000);
  }
  it('names the side that is ten times further from the CPU reference as the outlier', () => {
    const c = (maxAbs: number) => ({ ok: false, maxAbs, maxRel: 0, bad: 1, scale: 1 });
    expect(describeArbitration('y', c(1e-6), c(2e-4), 12)).toBe(
      "output 'y' against the CPU reference (double-precision sums, 12 ms): WebGPU 1.00e-6, onnxruntime-web 2.00e-4: onnxruntime-web is the outlier (WebGPU and the CPU reference agree)");
    expect(describeArbitration('y', c(3e-3), c(1e-7), 1)).toMatch(/: WebGPU is the outlier \(onnxruntime-web and the CPU reference agree\)$/);
    expect(describeArbitration('y', c(2e-4), c(1e-4), 1)).toMatch(/: no side is clearly off$/);
    expect(describeArbitration('y', { ...c(0), mismatch: 'shape [2], expected [3]' }, c(0), 1)).toMatch(/not comparable \(shape \[2\], expected \[3\]\)$/);
  });
});
