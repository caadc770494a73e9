// Seeded mutation fuzz: truncations and bit flips of real models (and of TensorProto files) may
// only ever raise OnnxImportError: no crash, hang or huge allocation.
// FUZZ_CASES=100000 FUZZ_SEED=7 npx vitest run src/compiler/import/onnx/fuzz.test.ts
import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { OnnxImportError, importOnnx, readTensorProto } from '.';
import { floatTensor, intTensor, modelBytes, node, tensorInfo } from './testing';
import { seededRandom } from '../../../reference/random';

const CASES = Number(process.env.FUZZ_CASES ?? 3000);
const SEED = Number(process.env.FUZZ_SEED ?? 1);
const NODE = '/usr/share/libonnx-testdata/data/node';

const rng = seededRandom;

/** Real models when the test data is installed, and always a built one with initializers and folding. */
function corpus(): Uint8Array[] {
  const built = modelBytes({
    nodes: [
      node('Shape', ['x'], ['s']), node('Reshape', ['x', 's'], ['r']),
      node('Conv', ['r', 'w'], ['c'], { pads: [1, 1, 1, 1] }), node('Relu', ['c'], ['y']),
    ],
    inputs: [tensorInfo('x', [1, 1, 4, 4])], outputs: [{ name: 'y' }],
    initializers: [floatTensor('w', [1, 1, 3, 3], new Array(9).fill(0.5)), intTensor('unused', [2], [1, 2])],
  });
  const real = ['test_conv_with_strides_padding', 'test_reshape_extended_dims', 'test_resize_upsample_sizes_cubic', 'test_slice']
    .map((t) => `${NODE}/${t}/model.onnx`).filter(existsSync).map((p) => new Uint8Array(readFileSync(p)));
  return [built, ...real];
}

function mutate(bytes: Uint8Array, r: () => number): Uint8Array {
  const out = bytes.slice();
  switch (Math.floor(r() * 3)) {
    case 0: return out.subarray(0, Math.floor(r() * out.length));
    case 1: {
      for (let k = 1 + Math.floor(r() * 4); k > 0; k--) out[Math.floor(r() * out.length)]! ^= 1 << Math.floor(r() * 8);
      return out;
    }
    default: {
      out[Math.floor(r() * out.length)] = Math.floor(r() * 256);
      return out;
    }
  }
}

/** Runs f; true when it succeeded, false when it raised OnnxImportError; anything else fails the test. */
function onlyImportErrors(f: () => unknown, what: string): boolean {
  try {
    f();
    return true;
  } catch (e) {
    if (!(e instanceof OnnxImportError)) throw new Error(`${what}: ${(e as Error).stack}`, { cause: e });
    return false;
  }
}

test(`${CASES} mutated models raise only OnnxImportError (seed ${SEED})`, () => {
  const r = rng(SEED);
  const models = corpus();
  let refused = 0;
  for (let i = 0; i < CASES; i++) {
    const m = mutate(models[i % models.length]!, r);
    if (!onlyImportErrors(() => importOnnx(m), `case ${i}`)) refused++;
  }
  expect(refused).toBeGreaterThan(0);
});

test('mutated TensorProto files raise only OnnxImportError', () => {
  const r = rng(SEED + 1);
  const files = [`${NODE}/test_conv_with_strides_padding/test_data_set_0/input_0.pb`].filter(existsSync).map((p) => new Uint8Array(readFileSync(p)));
  if (!files.length) return;
  for (let i = 0; i < CASES / 3; i++) onlyImportErrors(() => readTensorProto(mutate(files[0]!, r)), `tensor case ${i}`);
});
