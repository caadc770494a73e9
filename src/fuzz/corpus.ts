// The seed corpus: the repo's goldens, compile fixtures, demo models and e2e fixtures, a few small
// models from ONNX's backend test data (when /usr/share/libonnx-testdata is installed), and what
// the writers make of them (bytecode, safetensors, share links).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CgcError } from '../core';
import { type ParseOptions, byteSize, parseModule, printModule, writeBytecode } from '../ir';
import { compile } from '../compiler/pipeline';
import { writeProgram } from '../engine/program';
import { defaultTargets } from '../engine/targets';
import { DEFAULT_GPU_PROFILE } from '../webgpu-target/limits';
import { constantTypesOf, readSafetensors, writeSafetensors } from '../ir/safetensors';
import { CONSTANT } from '../ir/structural';
import type { ShapedType } from '../ir/types';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');
/** Where findings are written (`<target>/…`) and replayed from. */
export const FINDINGS_DIR = join(REPO_ROOT, 'tests/fuzz-findings');
const ONNX_DATA = '/usr/share/libonnx-testdata/data';
const ONNX_CASES = [
  'node/test_conv_with_strides_padding', 'node/test_reshape_extended_dims', 'node/test_resize_upsample_sizes_cubic', 'node/test_slice',
  'node/test_gemm_default_no_bias', 'node/test_batchnorm_example', 'node/test_maxpool_2d_pads', 'node/test_concat_2d_axis_0',
  'node/test_gather_0', 'node/test_constantofshape_int_zeros', 'node/test_split_equal_parts_1d', 'node/test_expand_dim_changed',
  'pytorch-converted/test_Conv2d', 'pytorch-converted/test_BatchNorm2d_eval', 'pytorch-operator/test_operator_basic',
];

const read = (p: string) => new Uint8Array(readFileSync(p));

function filesUnder(dir: string, ext: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(ext))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

export interface TextSeed { text: string; options: ParseOptions }

/** IR text seeds: goldens (as written, and printed in both forms) and compile fixtures, with their weights' constant types. */
export function irTextSeeds(): TextSeed[] {
  const out: TextSeed[] = [];
  for (const file of [...filesUnder(join(REPO_ROOT, 'tests/golden'), '.mlir').filter((f) => !f.includes('/expected/')),
    ...filesUnder(join(REPO_ROOT, 'tests/compile'), '.mlir'), ...filesUnder(join(REPO_ROOT, 'public/models'), '.mlir')]) {
    const text = readFileSync(file, 'utf8');
    const weights = /^\/\/ WEIGHTS: (\S+)$/m.exec(text)?.[1] ?? (existsSync(file.replace(/\.mlir$/, '.safetensors')) ? file.replace(/\.mlir$/, '.safetensors').split('/').pop() : undefined);
    const options: ParseOptions = { file: file.slice(REPO_ROOT.length + 1) };
    if (weights) options.constantTypes = constantTypesOf(readSafetensors(read(join(file, '..', weights))));
    const module = parseModule(text, options).module;
    out.push({ text, options });
    if (module) for (const form of ['pretty', 'generic'] as const) out.push({ text: printModule(module, { form }), options });
  }
  return out;
}

/** The constant types of the spec example's weights, which the IR seeds that leave them out need. */
export function specConstantTypes(): NonNullable<ParseOptions['constantTypes']> {
  return constantTypesOf(readSafetensors(read(join(REPO_ROOT, 'tests/golden/spec/spec-7layer.safetensors'))));
}

/** Bytecode seeds: each IR seed written as MLIR bytecode, with its constants as resources where it has weights. */
export function bytecodeSeeds(): Uint8Array[] {
  return irTextSeeds().filter((s, i, all) => all.findIndex((t) => t.options.file === s.options.file) === i).flatMap((s) => {
    const module = parseModule(s.text, s.options).module;
    if (!module) return [];
    const resources = new Map<string, Uint8Array>();
    for (const op of module.walk()) {
      const name = op.name === CONSTANT ? op.attr('name') : undefined;
      const t = op.results[0]?.type as ShapedType | undefined;
      if (name?.kind === 'string' && t) resources.set(name.value, new Uint8Array(Math.min(4096, t.shape.reduce((a, b) => a * b, 4))));
    }
    return [writeBytecode(module), writeBytecode(module, { resources })];
  });
}

export function onnxSeeds(): Uint8Array[] {
  const repo = [...filesUnder(join(REPO_ROOT, 'tests/golden'), '.onnx'), ...filesUnder(join(REPO_ROOT, 'e2e/fixtures'), '.onnx')];
  const testdata = ONNX_CASES.map((c) => join(ONNX_DATA, c, 'model.onnx')).filter(existsSync);
  return [...repo, ...testdata].map(read);
}

export function tensorProtoSeeds(): Uint8Array[] {
  return ONNX_CASES.map((c) => join(ONNX_DATA, c, 'test_data_set_0/input_0.pb')).filter(existsSync).map(read);
}

/** The repo's .safetensors files, plus ones written with every element type and a metadata block. */
export function safetensorsSeeds(): Uint8Array[] {
  const files = [...filesUnder(join(REPO_ROOT, 'tests'), '.safetensors'), ...filesUnder(join(REPO_ROOT, 'public/models'), '.safetensors')].map(read);
  const elements = ['float32', 'float16', 'int32', 'int64', 'int8', 'uint8', 'bool'] as const;
  const written = writeSafetensors(elements.map((element, i) => {
    const type: ShapedType = { kind: 'tensor', shape: [2, i + 1], element, constant: true };
    const bytes = 2 * (i + 1) * { float32: 4, float16: 2, int32: 4, int64: 8, int8: 1, uint8: 1, bool: 1 }[element];
    return { name: `t_${element}`, type, data: new Uint8Array(bytes).fill(1) };
  }), { format: 'pt', note: 'fuzz seed' });
  return [...files, written];
}

/** Share-link hashes: view state alone (a demo, a URL, a file's identity with Run settings), and links carrying the small IR seeds (deflate-raw, base64url). */
export function shareLinkSeeds(): string[] {
  const b64url = (b: Uint8Array) => Buffer.from(b).toString('base64url');
  const small = irTextSeeds().filter((s) => s.text.length < 8000);
  return [
    '#model=demo:spec-7layer.mlir&view=graph&node=%25conv1&gran=per-target&fusion=off&targets=webgpu-fallback,cpu-reference',
    '#model=url:https://example.com/m.onnx&view=ir&ir=wgsl.sg0',
    `#model=file:42385:${'3f2a'.repeat(16)}:blazeface.onnx&with=blazeface.data&view=memory&targets=webgpu,my-npu&runs=10&diff=on`,
    ...small.map((s, i) => `#view=${['source', 'graph', 'memory', 'ir'][i % 4]}&name=model${i}.mlir&src=${b64url(deflateRawSync(s.text))}`),
  ];
}

/**
 * Compiled programs (.mlirbc with WGSL inside): the compile goldens' models compiled for WebGPU's
 * default profile, with zeroed weights carried inside (a program from elsewhere is untrusted too).
 */
export function programSeeds(): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (const file of filesUnder(join(REPO_ROOT, 'tests/compile'), '.mlir')) {
    const module = parseModule(readFileSync(file, 'utf8'), { file }).module;
    if (!module) continue;
    try {
      const output = compile(module, defaultTargets()).output!;
      const constants = new Map<string, Uint8Array>();
      for (const op of output.walk()) {
        const name = op.name === CONSTANT ? op.attr('name') : undefined;
        if (name?.kind === 'string') constants.set(name.value, new Uint8Array(byteSize(op.results[0]!.type as ShapedType)));
      }
      out.push(writeProgram(output, { profile: DEFAULT_GPU_PROFILE, constants }));
    } catch (e) {
      // A golden that needs its weights file to compile is left out.
      if (!(e instanceof CgcError)) throw e;
    }
  }
  return out;
}

/** Target files: the examples, and each example cut to one pattern (so splices mix smaller pieces). */
export function targetFileSeeds(): string[] {
  const out: string[] = [];
  for (const file of filesUnder(join(REPO_ROOT, 'examples/targets'), '.json')) {
    const text = readFileSync(file, 'utf8');
    out.push(text);
    const doc = JSON.parse(text) as { patterns: unknown[] };
    for (const p of doc.patterns) out.push(JSON.stringify({ ...doc, patterns: [p] }, null, 1));
  }
  return out;
}
