// Each resource limit, passed in each reader that checks it: the error names the limit, the value
// seen and how to raise it, and raising the limit lets the same input through.
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, LimitError, limitMessage, resolveLimits } from './limits';
import { parseModule } from './parser';
import { readBytecode } from './bytecode/reader';
import { writeBytecode } from './bytecode/writer';
import { importOnnx } from '../compiler/import/onnx';
import { floatTensor, modelBytes, node, tensorInfo } from '../compiler/import/onnx/testing';
import { readSafetensors, writeSafetensors } from './safetensors';
import { compile } from '../compiler/pipeline';
import { defaultTargets } from '../engine/targets';
import { tensorType } from './types';
import { CgcError } from '../core';

const relu = (shape: string) => `cgc.module {
  cgc.entry_point @main(%x: !cgc.tensor<${shape}x!cgc.float32>) -> !cgc.tensor<${shape}x!cgc.float32> {
    %y = cgc_op.relu(%x)
    cgc.return %y
  }
}
`;
const errors = (r: { diagnostics: { message: string }[] }) => r.diagnostics.map((d) => d.message).join('\n');

describe('limit messages', () => {
  it('name the limit, the value seen, and the flag and setting that raise it', () => {
    expect(limitMessage('maxOps', 12, 10, 'the module')).toBe(
      'the module: 12 ops is over the op count limit of 10 ops; raise it with --max-ops (cgc) or Limits → max ops (app)');
  });
  it('defaults fill what is not given; nonsense values are refused', () => {
    expect(resolveLimits({ maxOps: 5 })).toEqual({ ...DEFAULT_LIMITS, maxOps: 5 });
    expect(() => resolveLimits({ maxOps: 0 })).toThrow('maxOps must be a positive number');
    expect(() => resolveLimits({ maxOps: 0 })).toThrow(CgcError);
    expect(() => resolveLimits({ maxOps: Number.NaN })).toThrow('positive number');
  });
});

describe('IR text', () => {
  it('a 2^31-element tensor passes the tensor element limit (2^31 − 1 by default)', () => {
    const r = parseModule(relu('2x1073741824'), { file: 'big.mlir' });
    expect(r.module).toBeUndefined();
    expect(r.diagnostics[0]!.loc).toEqual({ file: 'big.mlir', line: 2, col: 3 });
    expect(errors(r)).toContain('%x of type !cgc.tensor<2x1073741824x!cgc.float32>: 2147483648 elements is over the tensor element limit of 2147483647 elements; raise it with --max-tensor-elements');
    expect(parseModule(relu('2x1073741824'), { limits: { maxTensorElements: 2 ** 32 } }).module).toBeDefined();
  });
  it('op count', () => {
    expect(errors(parseModule(relu('4'), { limits: { maxOps: 3 } }))).toContain('4 ops is over the op count limit of 3 ops');
    expect(parseModule(relu('4'), { limits: { maxOps: 4 } }).module).toBeDefined();
  });
  it('file size', () => {
    expect(errors(parseModule(relu('4'), { limits: { maxFileBytes: 100 } }))).toMatch(/\d+ bytes is over the file size limit of 100 bytes; raise it with --max-file-mb/);
  });
  it('nesting depth', () => {
    const deep = `cgc.module attributes {a = ${'['.repeat(10)}1${']'.repeat(10)}} {\n}\n`;
    expect(errors(parseModule(deep, { limits: { maxNesting: 5 } }))).toContain('is over the nesting limit of 5 levels; raise it with --max-nesting');
    expect(errors(parseModule(deep, { limits: { maxNesting: 20 } }))).not.toContain('nesting limit');
  });
  it('total constant bytes', () => {
    const text = `cgc.module {
  cgc.entry_point @main() -> !cgc.tensor<256x!cgc.float32> {
    %a = cgc.constant("a") : !cgc.tensor<constant 256x!cgc.float32>
    %b = cgc.constant("b") : !cgc.tensor<constant 256x!cgc.float32>
    %c = cgc_op.add(%a, %b)
    cgc.return %c
  }
}
`;
    expect(errors(parseModule(text, { limits: { maxConstantBytes: 1500 } }))).toContain('constants up to cgc.constant("b"): 2048 bytes is over the constant size limit of 1500 bytes');
    expect(parseModule(text, { limits: { maxConstantBytes: 2048 } }).module).toBeDefined();
  });
});

describe('MLIR bytecode', () => {
  const bytes = writeBytecode(parseModule(relu('4')).module!);
  it('op count, tensor elements and file size', () => {
    expect(errors(readBytecode(bytes, { limits: { maxOps: 2 } }))).toContain('over the op count limit of 2 ops');
    expect(errors(readBytecode(bytes, { limits: { maxTensorElements: 3 } }))).toContain('4 elements is over the tensor element limit of 3 elements');
    expect(errors(readBytecode(bytes, { limits: { maxFileBytes: 10 } }))).toContain(`${bytes.length} bytes is over the file size limit of 10 bytes`);
    expect(readBytecode(bytes).module).toBeDefined();
  });
  it('a 2^31-element tensor written with a raised limit is refused by a reader with the default', () => {
    const big = writeBytecode(parseModule(relu('2x1073741824'), { limits: { maxTensorElements: 2 ** 32 } }).module!);
    expect(errors(readBytecode(big))).toContain('2147483648 elements is over the tensor element limit');
  });
});

describe('ONNX', () => {
  const model = (dims: number[], data: number[]) => modelBytes({
    nodes: [node('Add', ['x', 'w'], ['y'])], inputs: [tensorInfo('x', dims)], outputs: [{ name: 'y' }], initializers: [floatTensor('w', dims, data)],
  });
  it('initializer elements and constant bytes are checked before the data is copied', () => {
    const m = model([4], [1, 2, 3, 4]);
    expect(() => importOnnx(m, { limits: { maxTensorElements: 3 } })).toThrow("initializer 'w' of shape [4]: 4 elements is over the tensor element limit of 3 elements");
    expect(() => importOnnx(m, { limits: { maxConstantBytes: 15 } })).toThrow('16 bytes is over the constant size limit of 15 bytes; raise it with --max-constant-mb');
    expect(() => importOnnx(m, { limits: { maxFileBytes: 8 } })).toThrow(`${m.length} bytes is over the file size limit of 8 bytes`);
    expect(importOnnx(m).module).toBeDefined();
  });
  it('an input of 2^31 elements is refused with the limit named', () => {
    const m = modelBytes({ nodes: [node('Relu', ['x'], ['y'])], inputs: [tensorInfo('x', [2, 1073741824])], outputs: [{ name: 'y' }] });
    expect(() => importOnnx(m)).toThrow('2147483648 elements is over the tensor element limit of 2147483647 elements');
  });
  it('dims that promise more data than the file holds are refused before allocating', () => {
    // 2^28 float32 elements would be 1 GiB: the missing data is the error, not an allocation.
    const m = model([16384, 16384], [1]);
    expect(() => importOnnx(m)).toThrow('float_data has 1 values for 268435456 elements');
  });
});

describe('safetensors', () => {
  const file = writeSafetensors([{ name: 'w', type: tensorType([8], 'float32', true), data: new Uint8Array(32) }]);
  it('tensor elements, constant bytes and file size', () => {
    expect(() => readSafetensors(file, { maxTensorElements: 7 })).toThrow('tensor "w" of shape [8]: 8 elements is over the tensor element limit of 7 elements');
    expect(() => readSafetensors(file, { maxConstantBytes: 31 })).toThrow('32 bytes is over the constant size limit of 31 bytes');
    expect(() => readSafetensors(file, { maxFileBytes: 16 })).toThrow(`${file.length} bytes is over the file size limit of 16 bytes`);
    expect(readSafetensors(file).tensors.get('w')!.data.length).toBe(32);
  });
});

describe('compile time', () => {
  it('a compile past its time limit stops with an error naming the limit', () => {
    const module = parseModule(relu('4')).module!;
    expect(() => compile(module, defaultTargets(), { limits: { compileTimeoutMs: 1e-9 } })).toThrow(/the compile stopped before pass '[\w-]+': \d+ ms is over the compile time limit/);
  });
  it('LimitError carries the limit it names', () => {
    const e = new LimitError('maxOps', 3, 2, 'x');
    expect([e.limit, e.value, e.max, e.message]).toEqual(['maxOps', 3, 2, limitMessage('maxOps', 3, 2, 'x')]);
  });
});
