// MLIR bytecode: our writer and reader against each other and against upstream mlir-opt 16,
// constants carried as resources, and diagnostics with byte offsets for malformed input.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffOperations, formatDiagnostic, type Operation, parseModule, printModule } from '..';
import { listGoldens, parseGolden } from '../testing/goldens';
import { MLIR_OPT, mlirOpt, mlirOptPresent as present } from '../testing/mlir-opt';
import { readBytecode } from './reader';
import { compile } from '../../compiler/pipeline';
import { readSafetensors } from '../safetensors';
import { defaultTargets } from '../../engine/targets';
import { writeBytecode } from './writer';


/** The generic form with SSA names dropped, so numbering alone decides names. */
function genericWithoutNames(m: Operation): string {
  for (const op of m.walk()) {
    for (const r of op.results) r.nameHint = undefined;
    for (const region of op.regions) for (const b of region.blocks) for (const a of b.arguments) a.nameHint = undefined;
  }
  return printModule(m, { form: 'generic' });
}

function mlirOptBytes(input: Uint8Array | string, ...flags: string[]): Buffer {
  return execFileSync(MLIR_OPT, ['--allow-unregistered-dialect', ...flags, '-'], { input, maxBuffer: 1 << 28 });
}

describe('bytecode round trip', () => {
  for (const g of listGoldens()) {
    it(`${g.name}: write → read gives the same module, with locations`, () => {
      const module = parseGolden(g);
      const back = readBytecode(writeBytecode(module), { file: 'x.mlirbc' });
      expect(back.diagnostics.map(formatDiagnostic)).toEqual([]);
      expect(diffOperations(module, back.module!)).toBeUndefined();
      const firstOp = back.module!.body().operations[0]!;
      expect(firstOp.loc?.file).toBe(g.options.file);
    });

    // Skipped only where mlir-opt is absent outside CI (the mlir-opt test fails CI then); apt-get install mlir-16-tools un-skips.
    it.skipIf(!present)(`${g.name}: mlir-opt reads our bytecode and prints our generic form`, () => {
      const module = parseGolden(g);
      const theirs = mlirOptBytes(writeBytecode(module), '-mlir-print-op-generic').toString('utf8');
      const parsed = parseModule(theirs, { file: `${g.name} (mlir-opt)` });
      expect(parsed.diagnostics.map(formatDiagnostic)).toEqual([]);
      expect(diffOperations(module, parsed.module!)).toBeUndefined();
      expect(genericWithoutNames(parsed.module!)).toBe(genericWithoutNames(parseGolden(g)));
    });

    it.skipIf(!present)(`${g.name}: we read the bytecode mlir-opt writes from our generic text`, () => {
      const module = parseGolden(g);
      const bc = mlirOptBytes(printModule(module, { form: 'generic' }), '--emit-bytecode');
      const back = readBytecode(new Uint8Array(bc), { file: 'mlir-opt.mlirbc' });
      expect(back.producer).toMatch(/^MLIR16/);
      expect(back.diagnostics.map(formatDiagnostic)).toEqual([]);
      expect(diffOperations(module, back.module!)).toBeUndefined();
    });
  }
});

describe('compiled models through mlir-opt', () => {
  const dir = join(__dirname, '../../../tests/compile');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.mlir'))) {
    it.skipIf(!present)(`${file}: the compiled Output IR as bytecode → mlir-opt prints our generic form`, () => {
      const text = readFileSync(join(dir, file), 'utf8');
      const weights = /^\/\/ WEIGHTS: (\S+)$/m.exec(text)?.[1];
      const types = weights ? readSafetensors(readFileSync(join(dir, weights))).tensors : undefined;
      const input = parseModule(text, { ...(types ? { constantTypes: (n: string) => types.get(n)?.type } : {}) }).module!;
      const output = compile(input, defaultTargets()).output!;
      const theirs = mlirOptBytes(writeBytecode(output), '-mlir-print-op-generic').toString('utf8');
      const parsed = parseModule(theirs, { file: `${file} (mlir-opt)` });
      expect(parsed.diagnostics.map(formatDiagnostic)).toEqual([]);
      expect(diffOperations(output, parsed.module!)).toBeUndefined();
      expect(genericWithoutNames(parsed.module!)).toBe(genericWithoutNames(output));
    });
  }
});

describe('constants as resources', () => {
  const weights = new Map([
    ['w1', new Uint8Array(new Float32Array([1.5, -2, 3e-8, Number.NaN]).buffer)],
    ['odd', new Uint8Array([1, 2, 3])],
  ]);
  const module = parseModule(`cgc.module {\n  cgc.entry_point @main(%a: !cgc.tensor<4x!cgc.float32>) -> !cgc.tensor<4x!cgc.float32> {\n    cgc.return %a\n  }\n}`).module!;

  it('round-trip bit-exact, 16-byte aligned within the file', () => {
    const bytes = writeBytecode(module, { resources: weights });
    const back = readBytecode(bytes);
    expect(back.diagnostics).toEqual([]);
    expect(back.resources).toEqual(weights);
    const w1 = back.resources.get('w1')!;
    const at = bytes.findIndex((_, i) => w1.every((b, k) => bytes[i + k] === b));
    expect(at % 16).toBe(0);
  });

  it.skipIf(!present)('survive mlir-opt reading and re-emitting the bytecode', () => {
    const bc = mlirOptBytes(writeBytecode(module, { resources: weights }), '--emit-bytecode');
    const back = readBytecode(new Uint8Array(bc));
    expect(back.diagnostics).toEqual([]);
    expect(back.resources).toEqual(weights);
    expect(mlirOpt(printModule(module, { form: 'generic' }))).toContain('cgc.entry_point');
  });
});

describe('malformed bytecode', () => {
  const good = writeBytecode(parseGolden(listGoldens().find((g) => g.name === 'spec/isolated-partition')!));
  const cases: [string, Uint8Array, RegExp][] = [
    ['empty', new Uint8Array(), /byte 0: error: not MLIR bytecode: bad magic/],
    ['bad magic', Uint8Array.from([0x4d, 0x4c, 0xef, 0x53, 1]), /byte 0: error: not MLIR bytecode: bad magic/],
    ['newer version', Uint8Array.from([0x4d, 0x4c, 0xef, 0x52, 0x05, 0x00]), /byte 4: error: unsupported bytecode version 2: this build reads version 0/],
    ['truncated', good.slice(0, good.length - 10), /byte \d+: error: /],
    ['huge varint', Uint8Array.from([0x4d, 0x4c, 0xef, 0x52, 0x01, 0x00, 0x01, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]), /byte 7: error: varint \d+ is too large/],
    ['unknown section', Uint8Array.from([0x4d, 0x4c, 0xef, 0x52, 0x01, 0x00, 0x09, 0x01]), /byte 6: error: unknown section id 9/],
    ['section past the end', Uint8Array.from([0x4d, 0x4c, 0xef, 0x52, 0x01, 0x00, 0x00, 0x7f]), /byte 8: error: 63 bytes requested, 0 remain/],
    ['missing sections', Uint8Array.from([0x4d, 0x4c, 0xef, 0x52, 0x01, 0x00]), /byte 6: error: missing the string section/],
  ];
  for (const [name, bytes, want] of cases) {
    it(name, () => {
      const r = readBytecode(bytes, { file: 'bad.mlirbc' });
      expect(r.module).toBeUndefined();
      expect(r.diagnostics.map(formatDiagnostic).join('\n')).toMatch(new RegExp(`^bad\\.mlirbc: ${want.source}`));
    });
  }
});

describe('bytecode fuzz', () => {
  const CASES = Number(process.env.FUZZ_CASES ?? 3000);
  const seeds = listGoldens().map((g) => writeBytecode(parseGolden(g), { resources: new Map([['w', new Uint8Array(40).fill(7)]]) }));

  it(`survives ${CASES} truncated, bit-flipped and varint-bombed inputs`, () => {
    let state = 0x9e3779b9;
    const rand = () => ((state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0) / 2 ** 32);
    let parsed = 0;
    for (let i = 0; i < CASES; i++) {
      const b = seeds[Math.floor(rand() * seeds.length)]!.slice();
      let bytes: Uint8Array = b;
      const kind = Math.floor(rand() * 4);
      if (kind === 0) bytes = b.slice(0, Math.floor(rand() * b.length));
      else if (kind === 1) for (let k = 0; k < 1 + rand() * 4; k++) b[Math.floor(rand() * b.length)] ^= 1 << Math.floor(rand() * 8);
      else if (kind === 2) { const at = Math.floor(rand() * b.length); b.fill(0, at, at + 1); b.fill(0xff, at + 1, at + 9); }
      else b[Math.floor(rand() * b.length)] = Math.floor(rand() * 256);
      let r;
      try {
        r = readBytecode(bytes, { file: 'f.mlirbc' });
      } catch (e) {
        const dir = mkdtempSync(join(tmpdir(), 'bcfuzz-'));
        writeFileSync(join(dir, 'case.mlirbc'), bytes);
        throw new Error(`case ${i} threw (input saved in ${dir}): ${(e as Error).stack}`, { cause: e });
      }
      if (r.module) parsed++;
      else expect(r.diagnostics.length).toBeGreaterThan(0);
    }
    console.log(`bytecode fuzz: ${CASES} cases, ${parsed} still valid, ${CASES - parsed} rejected with diagnostics, 0 crashes`);
  });
});
