// ONNX backend conformance on WebGPU: every test that passes on the CPU reference
// (tests/onnx-conformance/expected.json) must pass compiled and run on WebGPU (Dawn) too.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Backend, openBackend } from './backends';
import { findCases, formatResult, runCase } from './conformance';

const ROOT = '/usr/share/libonnx-testdata/data';
const EXPECTED = join(__dirname, '../../tests/onnx-conformance/expected.json');
const have = existsSync(ROOT);

let backend: Backend;
beforeAll(async () => { backend = await openBackend('webgpu', () => {}); });
afterAll(() => backend?.close());

describe.runIf(have || process.env.CI)('ONNX backend tests on WebGPU', () => {
  const expected = (JSON.parse(readFileSync(EXPECTED, 'utf8')) as { expected: Record<string, string> }).expected;
  for (const suite of ['node', 'pytorch-converted', 'pytorch-operator']) {
    test(`${suite}: every test passing on the CPU reference passes on WebGPU`, async () => {
      const failures: string[] = [];
      let passed = 0;
      for (const c of findCases([join(ROOT, suite)])) {
        if (expected[`${suite}/${c.name}`] !== 'pass') continue;
        const r = await runCase(c, undefined, backend);
        if (r.outcome === 'pass') passed++;
        else failures.push(formatResult(r));
      }
      console.log(`${suite} on WebGPU: ${passed} passed, ${failures.length} failed`);
      expect(failures).toEqual([]);
    }, 600_000);
  }
});
