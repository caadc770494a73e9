// Names from files never index plain objects: a model whose inputs, outputs, nodes, initializers,
// tensors and attributes are named like Object.prototype's members imports, compiles and runs.
import { describe, expect, it } from 'vitest';
import { type HostTensor, tensorFromBytes } from '../core';
import { floatTensor, modelBytes, node, tensorInfo } from '../compiler/import/onnx/testing';
import { readSafetensors, writeSafetensors } from '../ir/safetensors';
import { runEntryPoint } from '../reference';
import { openModel } from './model';

const NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'] as const;
const f32 = (values: number[]): HostTensor => ({ type: { kind: 'tensor', shape: [values.length], element: 'float32', constant: false }, data: new Float32Array(values) });

describe('names that Object.prototype also has', () => {
  it('ONNX: inputs, outputs, nodes, initializers and attributes', () => {
    // y = LeakyRelu(__proto__ + constructor) * toString, nodes named after the same four (a computed
    // key: `__proto__: 1` in a literal would set the prototype, not add an attribute).
    const bytes = modelBytes({
      nodes: [
        node('Add', ['__proto__', 'constructor'], ['hasOwnProperty_sum'], {}, '__proto__'),
        node('LeakyRelu', ['hasOwnProperty_sum'], ['valueOf'], { alpha: { f: 0.5 }, ['__proto__']: 1, constructor: 'x', toString: 2, hasOwnProperty: [3] }, 'constructor'),
        node('Mul', ['valueOf', 'toString'], ['hasOwnProperty'], {}, 'toString'),
      ],
      inputs: [tensorInfo('__proto__', ['N']), tensorInfo('toString', [4])],
      outputs: [tensorInfo('hasOwnProperty', [4])],
      initializers: [floatTensor('constructor', [4], [1, -2, 3, -4])],
    });
    // Object.fromEntries makes `__proto__` an own property, as JSON.parse does.
    const model = openModel(bytes, { fileName: 'names.onnx', shapes: Object.fromEntries([['__proto__', [4]]]) });
    expect([...model.constants.keys()]).toEqual(['constructor']);
    const program = model.compile();
    expect(program.output.name).toBe('cgc.module');
    const constants = (n: string) => {
      const b = model.constants.get(n);
      return b && tensorFromBytes({ kind: 'tensor', shape: [4], element: 'float32', constant: true }, b);
    };
    const [y] = runEntryPoint(model.module, new Map([['__proto__', f32([1, 1, 1, 1])], ['toString', f32([2, 2, 2, 2])]]), constants);
    // (1 + [1, -2, 3, -4]) → [2, -1, 4, -3] → leaky (0.5) → [2, -0.5, 4, -1.5] → × 2.
    expect([...y!.data]).toEqual([4, -1, 8, -3]);
  });

  it('safetensors: tensor names, and a model in IR text that reads them', () => {
    const tensors = NAMES.map((name, i) => ({ name, type: { kind: 'tensor' as const, shape: [2], element: 'float32' as const, constant: true }, data: new Uint8Array(new Float32Array([i, -i]).buffer) }));
    const read = readSafetensors(writeSafetensors(tensors));
    expect([...read.tensors.keys()]).toEqual([...NAMES]);
    expect([...new Float32Array(new Uint8Array(read.tensors.get('hasOwnProperty')!.data).buffer)]).toEqual([3, -3]);

    const T = '!cgc.tensor<2x!cgc.float32>';
    const C = '!cgc.tensor<constant 2x!cgc.float32>';
    const text = [
      'cgc.module {',
      `  cgc.entry_point @constructor(%__proto__: ${T}) -> ${T} {`,
      ...NAMES.map((n) => `    %${n}_c = cgc.constant("${n}") : ${C}`),
      `    %constructor = cgc_op.add(%__proto__, %__proto___c) : (${T}, ${C}) -> ${T}`,
      `    %toString = cgc_op.mul(%constructor, %hasOwnProperty_c) : (${T}, ${C}) -> ${T}`,
      `    cgc.return %toString : ${T}`,
      '  }',
      '}',
    ].join('\n');
    const model = openModel(text, { fileName: 'names.mlir', constants: new Map([...read.tensors].map(([k, t]) => [k, t.data])) });
    model.compile();
    const constants = (n: string) => read.tensors.get(n) && tensorFromBytes(read.tensors.get(n)!.type, read.tensors.get(n)!.data);
    const [y] = runEntryPoint(model.module, [f32([1, 2])], constants);
    // ([1, 2] + [0, -0]) × [3, -3]
    expect([...y!.data]).toEqual([3, -6]);
  });

  it('IR text: an attribute or an op named after a prototype member is an error naming it', () => {
    const T = '!cgc.tensor<2x!cgc.float32>';
    for (const n of NAMES) {
      expect(() => openModel(`cgc.module {\n  cgc.entry_point @main(%x: ${T}) -> ${T} {\n    %y = cgc_op.relu(%x) {${n} = 1} : (${T}) -> ${T}\n    cgc.return %y : ${T}\n  }\n}`))
        .toThrow(`'cgc_op.relu' has no attribute '${n}'`);
      expect(() => openModel(`cgc.module {\n  cgc.entry_point @main(%x: ${T}) -> ${T} {\n    %y = cgc_op.${n}(%x) : (${T}) -> ${T}\n    cgc.return %y : ${T}\n  }\n}`))
        .toThrow(`cgc_op.${n}`);
    }
  });

  it('ONNX: an op type or a safetensors dtype named after a prototype member is an error naming it', () => {
    for (const n of NAMES) {
      const bytes = modelBytes({ nodes: [node(n, ['x'], ['y'])], inputs: [tensorInfo('x', [4])], outputs: [tensorInfo('y', [4])] });
      expect(() => openModel(bytes)).toThrow(`'${n}'`);
      const json = new TextEncoder().encode(JSON.stringify({ w: { dtype: n, shape: [1], data_offsets: [0, 4] } }));
      const file = new Uint8Array(8 + json.length + 4);
      new DataView(file.buffer).setBigUint64(0, BigInt(json.length), true);
      file.set(json, 8);
      expect(() => readSafetensors(file)).toThrow(`tensor "w": dtype "${n}" is not supported (supported: F32, F16, I32, I64, I8, U8, BOOL, I16, U16, U32, F64, U64, BF16)`);
    }
  });
});
