// Kernel test cases as data: argument types in the compact notation of src/ir/ops/test-cases.ts and
// a chain of ops, turned into a module with one entry point (result types inferred op by op), and
// seeded inputs to feed it. Shared by the kernel families' GPU tests.
import { expect } from 'vitest';
import { type Operation, type ShapedType, numElements, parseModule, typeToString } from '../../ir';
import { formatAttribute } from '../../ir/attributes';
import { inferOp } from '../../ir/registry';
import { type AttrInput, attrs, ty } from '../../ir/ops/test-cases';
import { runEntryPoint } from '../../reference';
import { type HostTensor, allocTensor, tensorBytes } from '../../core';
import { randomTensor } from '../../reference/random';
import { FUNCTIONAL_DEFINITION } from '../../ir/structural';
import { compile } from '../../compiler/pipeline';
import type { CompileState } from '../../compiler/state';
import { loadProgram } from '../../runtime/runtime';
import { defaultTargets } from '../../engine/targets';
import type { TileShape } from '../kernels/gemm-core';
import type { KernelTiers } from '../../ir/target';

/** One op of a case: its operands are arguments (`a`, `b`, …, in order) or earlier results (`%0`, …). */
export interface Step { op: string; in: string[]; attrs?: Record<string, AttrInput> }
/** `tiled`: expect a tiled GEMM kernel (default true in the GEMM tests); `split`: expect split-K; `sumAsVec4`: expect its slices summed 4 elements per thread; `runStores`: expect its partial sums stored as vec4 runs. */
/** A named constant of a case (`cgc.constant("name")`), read by ops as `name`. */
export interface CaseConstant { name: string; type: string; values: number[] }

export interface Case { name: string; args: string[]; constants?: CaseConstant[]; ops: Step[]; tiled?: boolean; split?: boolean; sumAsVec4?: boolean; runStores?: boolean; /** A GEMM tile to force (KernelOptions.tile). */ tile?: TileShape; /** Expect the matrix-vector kernel (one output column or row). */ matvec?: boolean; /** Whether the GEMM must load B along K (B's memory runs along K through the views it is read through). */ alongK?: boolean; /** Opt-in patterns of the fused target to declare (TargetOptions.enabledPatterns). */ enabledPatterns?: string[] }

/** The case as a module with one entry point returning its last op's result. */
export function moduleOf(c: Case): Operation {
  const types = new Map(c.args.map((t, i) => [String.fromCharCode(97 + i), ty(t)]));
  const constants = (c.constants ?? []).map((k) => {
    types.set(k.name, ty(`c:${k.type}`));
    return `    %${k.name} = cgc.constant("${k.name}") : ${typeToString(ty(`c:${k.type}`))}`;
  });
  const lines = c.ops.map((s, i) => {
    const dictionary = attrs(s.attrs);
    const [result] = inferOp(s.op, s.in.map((v) => types.get(v)!), dictionary);
    types.set(`%${i}`, result!);
    const dict = [...dictionary].map(([k, v]) => `${k} = ${formatAttribute(v)}`);
    const operands = s.in.map((v) => (v.startsWith('%') ? `%r${v.slice(1)}` : `%${v}`)).join(', ');
    const sig = `(${s.in.map((v) => typeToString(types.get(v)!)).join(', ')}) -> ${typeToString(result!)}`;
    return `    %r${i} = cgc_op.${s.op}(${operands})${dict.length ? ` {${dict.join(', ')}}` : ''} : ${sig}`;
  });
  const last = typeToString(types.get(`%${c.ops.length - 1}`)!);
  const args = c.args.map((t, i) => `%${String.fromCharCode(97 + i)}: ${typeToString(ty(t))}`).join(', ');
  const text = `cgc.module attributes {cgc.interface = "7FC4F23F-2474-4AE8-AE7A-2722118B350E", cgc.version = "0.1.0"} {
  cgc.entry_point @main(${args}) -> ${last} {
${[...constants, ...lines].join('\n')}
    cgc.return %r${c.ops.length - 1} : ${last}
  }
}
`;
  const r = parseModule(text);
  if (!r.module) throw new Error(`case does not parse:\n${text}\n${JSON.stringify(r.diagnostics)}`);
  return r.module;
}

/** Seeded inputs in [-2, 2). */
export function randomInput(t: { shape: readonly number[] }, seed: number): HostTensor {
  const x = allocTensor(t.shape, 'float32');
  let s = seed >>> 0;
  for (let i = 0; i < numElements(t.shape); i++) (x.data as Float32Array)[i] = ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32) * 4 - 2;
  return x;
}

/** Seeded int8 / uint8 values over the type's whole range (−128…127, 0…255). */
export function randomBytes(t: ShapedType, seed: number): HostTensor {
  const x = allocTensor(t.shape, t.element);
  let s = seed >>> 0;
  const lo = t.element === 'int8' ? -128 : 0;
  for (let i = 0; i < numElements(t.shape); i++) x.data[i] = lo + ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) >>> 24);
  return x;
}

/** A case ready to check: its module, seeded inputs, the CPU reference's result, the compile and its subgraphs' definitions. */
export function prepareCase(c: Case, seed: number) {
  const module = moduleOf(c);
  // float32 in [-2, 2), bytes over their type's whole range; other element types as the reference's seeded tensors make them (0…3).
  const inputs = c.args.map((t, i) => {
    const type = ty(t);
    return type.element === 'float32' ? randomInput(type, seed + i) : type.element === 'int8' || type.element === 'uint8' ? randomBytes(type, seed + i) : randomTensor(type, seed + i);
  });
  const constants = new Map((c.constants ?? []).map((k) => {
    const t = allocTensor(ty(k.type).shape, ty(k.type).element);
    k.values.forEach((x, i) => { t.data[i] = t.data instanceof BigInt64Array ? BigInt(x) : x; });
    return [k.name, t] as const;
  }));
  const want = runEntryPoint(module, inputs, (n) => constants.get(n))[0]!;
  const state = compile(module, defaultTargets(undefined, { tile: c.tile, ...(c.enabledPatterns ? { enabledPatterns: c.enabledPatterns } : {}) }));
  const defs = [...state.output!.walk()].filter((o) => o.name === FUNCTIONAL_DEFINITION);
  return { module, inputs, want, state, defs, constants: (n: string) => { const t = constants.get(n); return t && tensorBytes(t); } };
}

/**
 * Loads the compiled case on `device`, runs it once and returns its first output (and the program's
 * partition targets): from its final kernels, or with `tiers` 'generic' from its first tier alone
 * (docs/webgpu-target.md, "Kernel tiers").
 */
export async function runCase(device: GPUDevice, state: CompileState, inputs: readonly HostTensor[], constants: (name: string) => Uint8Array | undefined = () => undefined, tiers: KernelTiers = 'specialized'): Promise<{ got: HostTensor; targets: string[] }> {
  const program = await loadProgram(device, state.output!, constants, { targets: defaultTargets(), tiers });
  try {
    return { got: (await program.run(inputs)).outputs[0]!, targets: program.partitions.map((p) => p.target) };
  } finally {
    program.destroy();
  }
}

/** Expects `got` to have `want`'s shape and every element within `atol` + `rtol`·|reference|. */
export function expectClose(got: HostTensor, want: HostTensor, name: string, atol: number, rtol: number): void {
  expect(got.type.shape).toEqual(want.type.shape);
  for (let i = 0; i < want.data.length; i++) {
    const a = Number(got.data[i]!);
    const b = Number(want.data[i]!);
    expect(Math.abs(a - b) <= atol + rtol * Math.abs(b), `${name}[${i}]: ${a} vs reference ${b}`).toBe(true);
  }
}

/**
 * A DenseNet dense block: each of `layers` layers concatenates the block's input and every earlier
 * layer's features along channels → batch_normalization → relu → 3×3 convolution to `growth`
 * channels, and the block returns the concat of them all (concats of 2 … layers + 1 inputs). The
 * block's input is the argument, or (`computed`) its relu, as a block's input is a layer's result.
 */
export function denseBlock(layers: number, { channels = 8, growth = 4, size = 6, computed = false } = {}): Case {
  const ops: Step[] = computed ? [{ op: 'relu', in: ['a'] }] : [];
  const constants: CaseConstant[] = [];
  let s = 1;
  const values = (n: number, lo: number, span: number) => Array.from({ length: n }, () => lo + ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32) * span);
  const features = [computed ? '%0' : 'a'];
  for (let k = 0; k < layers; k++) {
    const c = channels + growth * k;
    if (features.length > 1) ops.push({ op: 'concat', in: [...features], attrs: { axis: 1 } });
    const x = features.length > 1 ? `%${ops.length - 1}` : features[0]!;
    // Batch normalization's scale, bias, mean and variance (positive), then the convolution's weight.
    for (const [p, lo] of [['s', 0.5], ['b', -0.5], ['m', -0.5], ['v', 0.5]] as const) constants.push({ name: `${p}${k}`, type: `${c}xf32`, values: values(c, lo, 1) });
    constants.push({ name: `w${k}`, type: `${growth}x${c}x3x3xf32`, values: values(growth * c * 9, -0.3, 0.6) });
    ops.push({ op: 'batch_normalization', in: [x, `s${k}`, `b${k}`, `m${k}`, `v${k}`] });
    ops.push({ op: 'relu', in: [`%${ops.length - 1}`] });
    ops.push({ op: 'convolution', in: [`%${ops.length - 1}`, `w${k}`], attrs: { start_padding: [1, 1], end_padding: [1, 1] } });
    features.push(`%${ops.length - 1}`);
  }
  ops.push({ op: 'concat', in: features, attrs: { axis: 1 } });
  return { name: `a dense block of ${layers} layers`, args: [`1x${channels}x${size}x${size}xf32`], constants, ops };
}

/** x [1, tokens, d] → q, k, v = x·W + b (W [d, d]) → heads of d / heads → softmax(q·kᵀ)·v → [1, tokens, d]. */
export function encoderAttention(tokens: number, d: number, heads: number): Case {
  const head = d / heads;
  const values = (n: number, seed: number) => Array.from({ length: n }, (_, i) => (((i * 7919 + seed * 104729) % 1000) / 1000 - 0.5) * 0.4);
  const split = (from: string, permutation: number[]): Step[] => [
    { op: 'reshape', in: [from], attrs: { shape: [1, tokens, heads, head] } },
    { op: 'transpose', in: [`%${-1}`], attrs: { permutation } },
  ];
  const ops: Step[] = [];
  const push = (step: Step) => ops.push({ ...step, in: step.in.map((v) => (v === '%-1' ? `%${ops.length - 1}` : v)) });
  for (const p of ['q', 'k', 'v']) {
    push({ op: 'matmul', in: ['a', `w${p}`] });
    push({ op: 'add', in: ['%-1', `b${p}`] });
  }
  // q, k and v are %1, %3 and %5.
  for (const s of split('%1', [0, 2, 1, 3])) push(s);
  const q = ops.length - 1;
  for (const s of split('%3', [0, 2, 3, 1])) push(s);
  const kt = ops.length - 1;
  for (const s of split('%5', [0, 2, 1, 3])) push(s);
  const v = ops.length - 1;
  push({ op: 'matmul', in: [`%${q}`, `%${kt}`] });
  push({ op: 'softmax', in: ['%-1'], attrs: { axis: -1 } });
  push({ op: 'matmul', in: ['%-1', `%${v}`] });
  push({ op: 'transpose', in: ['%-1'], attrs: { permutation: [0, 2, 1, 3] } });
  push({ op: 'reshape', in: ['%-1'], attrs: { shape: [1, tokens, d] } });
  return {
    name: `${tokens} tokens of ${d} in ${heads} heads`,
    args: [`1x${tokens}x${d}xf32`],
    constants: ['q', 'k', 'v'].flatMap((p, i) => [
      { name: `w${p}`, type: `${d}x${d}xf32`, values: values(d * d, i + 1) },
      { name: `b${p}`, type: `${d}xf32`, values: values(d, i + 11) },
    ]),
    ops,
  };
}
