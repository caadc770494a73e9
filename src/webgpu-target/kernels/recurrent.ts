// cgc_op.rnn / gru / lstm as WebGPU kernels: the input products of every step as one tiled GEMM
// (X·Wᵀ + biases for all steps and directions, into the workspace), then the recurrence — each
// step's H_t−1·Rᵀ and gates, one thread per (direction, batch entry, hidden unit) — either as one
// small dispatch per step (`per-step`) or as one workgroup looping over the steps (`persistent`),
// then one kernel writing Y_h (and Y_c) from the state. Float32 only.
import type { Operation } from '../../ir';
import { CELLS, type Cell, type RecurrentDims, recurrentDims } from '../../ir/ops/recurrent';
import { KernelDecline, generator, literal } from '../wgsl/builder';
import { chooseTile, gemmMain } from './gemm-core';
import { ctxOf } from './helpers';

/** How the recurrence runs: a dispatch per step, or one workgroup looping over every step. */
export type RecurrenceMode = 'per-step' | 'persistent';

/** Threads of the persistent kernel's one workgroup, and of each per-step workgroup. */
const PERSISTENT_THREADS = 256;
const STEP_THREADS = 64;

/**
 * Units (directions × batch × hidden) up to which the recurrence runs as one persistent workgroup:
 * while each unit has a thread of its own there. Past it the units' work spreads over per-step
 * workgroups (docs/recurrent.md has the measurements).
 */
export const PERSISTENT_MAX_UNITS = PERSISTENT_THREADS;

export interface RecurrentKernel {
  readonly name: string;
  readonly wgsl: string;
  readonly workgroups: [number, number, number];
}

/** Where the results go: the binding of each of the op's results, or undefined where the subgraph does not return it. */
export interface RecurrentBindings {
  readonly results: readonly (number | undefined)[];
  readonly workspace: number;
}

/** The activation `name` of x (a WGSL identifier) with its alpha and beta, in f32 (as elementwise.ts writes the same functions). */
function activation(name: string, alpha: number, beta: number, x: string): string {
  const a = literal(alpha, 'f32');
  const b = literal(beta, 'f32');
  switch (name) {
    case 'relu': return `max(${x}, 0.0f)`;
    case 'tanh': return `tanh(clamp(${x}, -15.0f, 15.0f))`;
    case 'sigmoid': return `(1.0f / (1.0f + exp(-${x})))`;
    case 'affine': return `(${a} * ${x} + ${b})`;
    case 'leaky_relu': return `select(${x}, ${a} * ${x}, ${x} < 0.0f)`;
    case 'thresholded_relu': return `select(0.0f, ${x}, ${x} > ${a})`;
    case 'scaled_tanh': return `(${a} * tanh(clamp(${b} * ${x}, -15.0f, 15.0f)))`;
    case 'hard_sigmoid': return `clamp(${a} * ${x} + ${b}, 0.0f, 1.0f)`;
    case 'elu': return `select(${x}, ${a} * (exp(${x}) - 1.0f), ${x} < 0.0f)`;
    case 'softsign': return `(${x} / (1.0f + abs(${x})))`;
    case 'softplus': return `select(log(1.0f + exp(${x})), ${x} + log(1.0f + exp(-${x})), ${x} > 0.0f)`;
    default: throw new KernelDecline(`no WebGPU form of the recurrent activation '${name}'`);
  }
}

/** The recurrence's sizes and attributes as the kernels read them. */
interface Plan extends RecurrentDims {
  readonly cell: Cell;
  readonly op: Operation;
  /** Gate rows per direction (gates × H) and per GEMM row (D × G). */
  readonly G: number;
  readonly N: number;
  readonly U: number;
  /** Workspace offsets, in f32 words after the counters. */
  readonly off: { readonly gates: number; readonly h: number; readonly c: number; readonly z: number; readonly rh: number; readonly end: number };
  readonly lbr: boolean;
}

const COUNTERS = 4;

function plan(op: Operation): Plan {
  const cell = CELLS[op.opName as Cell['op']];
  const ctx = ctxOf(op);
  const dims = recurrentDims(ctx);
  const G = cell.gates * dims.H;
  const N = dims.D * G;
  const U = dims.D * dims.B * dims.H;
  const gates = 0;
  const h = dims.T * dims.B * N;
  const c = h + 2 * U;
  const z = c + U;
  const rh = z + U;
  return { ...dims, cell, op, G, N, U, off: { gates, h, c, z, rh, end: rh + U }, lbr: cell.op === 'gru' && ctx.bool('linear_before_reset') };
}

const WORKSPACE_STRUCT = `struct Workspace { counter: array<atomic<u32>, ${COUNTERS}>, data: array<f32> }`;
const wsDecl = (binding: number) => `${WORKSPACE_STRUCT}\n@group(0) @binding(${binding}) var<storage, read_write> ws: Workspace;`;
const decl = (name: string, binding: number, type: string) => `@group(0) @binding(${binding}) var<storage, read_write> ${name}: array<${type}>;`;

/** Whether cgc_op `op` is a recurrence these kernels run. */
export function isRecurrent(op: Operation): boolean {
  return op.opName in CELLS;
}

/**
 * The kernels of a subgraph whose one op is a recurrence, in dispatch order, with the workspace
 * bytes they share; throws KernelDecline where they cannot run it.
 */
export function recurrentKernels(op: Operation, where: RecurrentBindings, symbol: string, limits: { workgroupStorage: number; maxBinding: number }, mode?: RecurrenceMode): { kernels: RecurrentKernel[]; workspace: number } {
  const p = plan(op);
  const workspace = 4 * (COUNTERS + p.off.end);
  if (workspace > limits.maxBinding) {
    throw new KernelDecline(`cgc_op.${op.opName}'s workspace (every step's input product and the states) is ${workspace} bytes, past maxStorageBufferBindingSize (${limits.maxBinding})`);
  }
  const bad = [...op.operands.filter((_, i) => i !== 4), ...op.results].find((v) => v.type.element !== 'float32');
  if (bad) throw new KernelDecline(`cgc_op.${op.opName} runs on the GPU in float32 only, not !cgc.${bad.type.element}`);
  if (p.T * p.B === 0 || p.U === 0) throw new KernelDecline(`cgc_op.${op.opName} over an empty sequence or batch runs on the CPU reference`);
  if (Math.ceil(p.U / STEP_THREADS) > 65535) throw new KernelDecline(`cgc_op.${op.opName}: ${p.U} units need more than 65535 workgroups of ${STEP_THREADS}`);
  const chosen = mode ?? (p.U <= PERSISTENT_MAX_UNITS ? 'persistent' : 'per-step');
  const kernels = [gemmKernel(p, where, symbol, limits.workgroupStorage)];
  if (chosen === 'persistent') {
    kernels.push(persistentKernel(p, where, symbol));
  } else {
    const phases = p.cell.op === 'gru' && !p.lbr ? ['gates', 'state'] as const : ['all'] as const;
    for (let s = 0; s < p.T; s++) phases.forEach((phase, k) => kernels.push(stepKernel(p, where, `${symbol}.step${s}${phases.length > 1 ? `.${phase}` : ''}`, phase, k)));
  }
  const last = statesKernel(p, where, symbol);
  if (last) kernels.push(last);
  return { kernels, workspace };
}

/** Every step's X·Wᵀ + Wb (+ Rb where it adds outside the reset gate), row (X's row) by column (direction, gate, unit); zeroes the step counters. */
function gemmKernel(p: Plan, where: RecurrentBindings, symbol: string, workgroupStorage: number): RecurrentKernel {
  const shape = { batch: 1, M: p.T * p.B, N: p.N, K: p.I, bAlongK: true };
  const tile = { ...chooseTile(shape, workgroupStorage), splits: 1 };
  const hasBias = p.op.operands.length > 3;
  const bias = (n: string) => {
    if (!hasBias) return '';
    // Column n is gate row r of direction d: B holds Wb then Rb per direction.
    const rb = `in3[(${n} / ${p.G}i) * ${2 * p.G}i + ${p.G}i + ${n} % ${p.G}i]`;
    const keepRb = p.lbr ? ` + select(${rb}, 0.0f, ${n} % ${p.G}i >= ${2 * p.H}i)` : ` + ${rb}`;
    return ` + in3[(${n} / ${p.G}i) * ${2 * p.G}i + ${n} % ${p.G}i]${keepRb}`;
  };
  const main = gemmMain(shape, {
    readA: (_s, _b, m, k) => `in0[(${m}) * ${p.I}i + ${k}]`,
    readB: (_s, _b, k, n) => `in1[(${n}) * ${p.I}i + ${k}]`,
    write: (scope, _b, m, n, acc) => {
      scope.emit(`if (${m} == 0i && ${n} == 0i) { for (var q = 0; q < ${COUNTERS}; q++) { atomicStore(&ws.counter[q], 0u); } }`);
      scope.emit(`ws.data[${p.off.gates}i + (${m}) * ${p.N}i + ${n}] = ${acc}${bias(n)};`);
    },
  }, tile);
  if (!main) throw new KernelDecline(`cgc_op.${p.op.opName}: the input product ${p.T * p.B}×${p.N}×${p.I} is past the dispatch limits`);
  const decls = [decl('in0', 0, 'f32'), decl('in1', 1, 'f32'), ...(hasBias ? [decl('in3', 3, 'f32')] : []), wsDecl(where.workspace)];
  return { name: `${symbol}.input_product`, wgsl: `// ${symbol}: cgc_op.${p.op.opName} X·Wᵀ + b for ${p.T} steps\n${decls.join('\n')}\n${main.code}`, workgroups: main.workgroups };
}

/** Declarations of what the recurrence reads and writes: R, B (GRU's Rb_h), sequence lengths, initial states, peepholes, Y, the workspace. */
function stepDecls(p: Plan, where: RecurrentBindings): string {
  const n = p.op.operands.length;
  const lens = n > 4 ? p.op.operands[4]!.type.element : undefined;
  return [
    decl('in2', 2, 'f32'),
    ...(p.lbr && n > 3 ? [decl('in3', 3, 'f32')] : []),
    ...(lens ? [decl('in4', 4, 'i32')] : []),
    ...(n > 5 ? [decl('in5', 5, 'f32')] : []),
    ...(n > 6 ? [decl('in6', 6, 'f32')] : []),
    ...(n > 7 ? [decl('in7', 7, 'f32')] : []),
    ...(where.results[0] !== undefined ? [decl(`out${where.results[0]}`, where.results[0], 'f32')] : []),
    wsDecl(where.workspace),
  ].join('\n');
}

/**
 * WGSL computing unit `u` (direction d, batch entry b, hidden unit j) at step `s`: reads the state at
 * parity s % 2, writes it at (s + 1) % 2, and Y at the step's time. `phase` splits a GRU step whose
 * reset gate multiplies H_t−1 before R_h (every r·h is needed before any candidate): `gates` stores z
 * and r·h, `state` the rest.
 */
function unitBody(p: Plan, where: RecurrentBindings, phase: 'all' | 'gates' | 'state', indent: string): string {
  const ctx = ctxOf(p.op);
  const n = p.op.operands.length;
  const acts = ctx.strings('activations');
  const alphas = ctx.floats('activation_alpha');
  const betas = ctx.floats('activation_beta');
  const per = p.cell.activations.length;
  const clip = ctx.has('clip') ? literal(ctx.float('clip'), 'f32') : undefined;
  const clamp = (x: string) => (clip ? `clamp(${x}, -${clip}, ${clip})` : x);
  const reverseOnly = ctx.string('direction') === 'reverse';
  const { T, B, H, D, U, G, N, off } = p;
  const layout0 = p.layout === 0;
  /** Activation k of direction d (a WGSL i32) applied to x: a select over directions where they differ. */
  const act = (k: number, x: string) => {
    const forms = Array.from({ length: D }, (_, d) => activation(acts[d * per + k]!, alphas[d * per + k]!, betas[d * per + k]!, x));
    return D === 2 && forms[0] !== forms[1] ? `select(${forms[0]}, ${forms[1]}, d == 1i)` : forms[0]!;
  };
  const lines: string[] = [];
  const e = (l: string) => lines.push(l);
  e(`let d = u / ${B * H}i;`);
  e(`let b = (u / ${H}i) % ${B}i;`);
  e(`let j = u % ${H}i;`);
  e(`let len = ${n > 4 ? `clamp(in4[${p.op.operands[4]!.type.element === 'int64' ? '2i * b' : 'b'}], 0i, ${T}i)` : `${T}i`};`);
  e(`let rev = ${reverseOnly ? 'true' : D === 2 ? 'd == 1i' : 'false'};`);
  e(`let st = ${layout0 ? `(d * ${B}i + b) * ${H}i` : `(b * ${D}i + d) * ${H}i`};`);
  // The state of unit (d, b, k) before this step: the initial state at step 0, else the workspace's copy at this parity.
  e(`let h_in = ${off.h}i + (s % 2i) * ${U}i + (d * ${B}i + b) * ${H}i;`);
  e(`let h_out = ${off.h}i + ((s + 1i) % 2i) * ${U}i + (d * ${B}i + b) * ${H}i;`);
  const hPrev = (k: string) => `select(ws.data[h_in + ${k}], ${n > 5 ? `in5[st + ${k}]` : '0.0f'}, s == 0i)`;
  e(`let h_old = ${hPrev('j')};`);
  if (phase === 'gates') {
    e(`if (s < len) {`);
  } else {
    e(`var h_new = h_old;`);
    if (p.cell.op === 'lstm') e(`var c_new = select(ws.data[${off.c}i + u], ${n > 6 ? 'in6[st + j]' : '0.0f'}, s == 0i);`);
    e(`if (s < len) {`);
  }
  e(`  let t = select(s, len - 1i - s, rev);`);
  e(`  let grow = (${layout0 ? `t * ${B}i + b` : `b * ${T}i + t`}) * ${N}i + d * ${G}i + j;`);
  /** Σ_k v(k)·R[d, gate·H + j, k] plus the gate's input product, per gate. */
  const products = (gates: readonly number[], v: (k: string) => string, withInput = true) => {
    gates.forEach((g) => e(`  var acc${g} = ${withInput ? `ws.data[grow + ${g * H}i]` : '0.0f'};`));
    e(`  for (var k = 0i; k < ${H}i; k++) {`);
    e(`    let hk = ${v('k')};`);
    gates.forEach((g) => e(`    acc${g} += hk * in2[(d * ${G}i + ${g * H}i + j) * ${H}i + k];`));
    e(`  }`);
  };
  if (p.cell.op === 'rnn') {
    products([0], hPrev);
    e(`  let x0 = ${clamp('acc0')};`);
    e(`  h_new = ${act(0, 'x0')};`);
  } else if (p.cell.op === 'lstm') {
    // Gates i, o, f, c; peepholes i, o, f.
    products([0, 1, 2, 3], hPrev);
    const peep = (k: number, c: string) => (n > 7 ? ` + in7[d * ${3 * H}i + ${k * H}i + j] * ${c}` : '');
    e(`  let xi = ${clamp(`acc0${peep(0, 'c_new')}`)};`);
    e(`  let gi = ${act(0, 'xi')};`);
    if (ctx.bool('input_forget')) {
      e(`  let gf = 1.0f - gi;`);
    } else {
      e(`  let xf = ${clamp(`acc2${peep(2, 'c_new')}`)};`);
      e(`  let gf = ${act(0, 'xf')};`);
    }
    e(`  let xc = ${clamp('acc3')};`);
    e(`  c_new = gf * c_new + gi * ${act(1, 'xc')};`);
    e(`  let xo = ${clamp(`acc1${peep(1, 'c_new')}`)};`);
    e(`  h_new = ${act(0, 'xo')} * ${act(2, 'c_new')};`);
  } else if (phase === 'gates') {
    // GRU, reset before R_h: z and r·H_t−1 for the state phase.
    products([0, 1], hPrev);
    e(`  let xz = ${clamp('acc0')};`);
    e(`  let xr = ${clamp('acc1')};`);
    e(`  ws.data[${off.z}i + u] = ${act(0, 'xz')};`);
    e(`  ws.data[${off.rh}i + u] = ${act(0, 'xr')} * h_old;`);
  } else if (phase === 'state') {
    products([2], (k) => `ws.data[${off.rh}i + (d * ${B}i + b) * ${H}i + ${k}]`);
    e(`  let xh = ${clamp('acc2')};`);
    e(`  let z = ws.data[${off.z}i + u];`);
    e(`  h_new = (1.0f - z) * ${act(1, 'xh')} + z * h_old;`);
  } else {
    // GRU, reset after R_h (linear_before_reset): gates z, r, h in one pass.
    products([0, 1], hPrev);
    products([2], hPrev, false);
    const rbh = n > 3 ? ` + in3[d * ${2 * G}i + ${G + 2 * H}i + j]` : '';
    e(`  let xz = ${clamp('acc0')};`);
    e(`  let xr = ${clamp('acc1')};`);
    e(`  let z = ${act(0, 'xz')};`);
    e(`  let xh = ${clamp(`ws.data[grow + ${2 * H}i] + ${act(0, 'xr')} * (acc2${rbh})`)};`);
    e(`  h_new = (1.0f - z) * ${act(1, 'xh')} + z * h_old;`);
  }
  if (phase !== 'gates') {
    const y = where.results[0];
    const yAt = (t: string) => (layout0 ? `((${t} * ${D}i + d) * ${B}i + b) * ${H}i + j` : `((b * ${T}i + ${t}) * ${D}i + d) * ${H}i + j`);
    if (y !== undefined) e(`  out${y}[${yAt('t')}] = h_new;`);
    e(`} else {`);
    // Past the entry's length: Y is 0, the state stays.
    if (y !== undefined) e(`  out${y}[${yAt('s')}] = 0.0f;`);
    e(`}`);
    e(`ws.data[h_out + j] = h_new;`);
    if (p.cell.op === 'lstm') e(`ws.data[${off.c}i + u] = c_new;`);
  } else {
    e(`}`);
  }
  return lines.map((l) => indent + l).join('\n');
}

/** One step's dispatch: each workgroup takes a ticket from counter `counter`; dispatch k of this WGSL gets tickets [k·groups, (k+1)·groups), so its step is ticket / groups. */
function stepKernel(p: Plan, where: RecurrentBindings, name: string, phase: 'all' | 'gates' | 'state', counter: number): RecurrentKernel {
  const groups = Math.ceil(p.U / STEP_THREADS);
  // One WGSL for every step (the step comes from the ticket), so every step shares one pipeline.
  const wgsl = `// cgc_op.${p.op.opName} step (${phase}), ${p.U} units
${stepDecls(p, where)}
var<workgroup> step: i32;

@compute @workgroup_size(${STEP_THREADS})
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_index) lidx: u32) {
  if (lidx == 0u) { step = i32(atomicAdd(&ws.counter[${counter}], 1u) / ${groups}u); }
  let s = workgroupUniformLoad(&step);
  // A dispatch repeated beyond the sequence (a profiling run's repeats) writes nothing.
  if (s >= ${p.T}i) { return; }
  let u = i32(wg.x * ${STEP_THREADS}u + lidx);
  if (u >= ${p.U}i) { return; }
${unitBody(p, where, phase, '  ')}
}
`;
  return { name, wgsl, workgroups: [groups, 1, 1] };
}

/** Every step in one workgroup: its threads stride over the units, a barrier between steps (and between a GRU step's phases). */
function persistentKernel(p: Plan, where: RecurrentBindings, symbol: string): RecurrentKernel {
  const threads = Math.min(PERSISTENT_THREADS, Math.max(32, Math.ceil(p.U / 32) * 32));
  const phases = p.cell.op === 'gru' && !p.lbr ? ['gates', 'state'] as const : ['all'] as const;
  const loops = phases.map((phase) => `    for (var u = i32(lidx); u < ${p.U}i; u += ${threads}i) {
${unitBody(p, where, phase, '      ')}
    }
    storageBarrier();
    workgroupBarrier();`).join('\n');
  const wgsl = `// ${symbol}.recurrence: cgc_op.${p.op.opName}, ${p.T} steps of ${p.U} units in one workgroup
${stepDecls(p, where)}

@compute @workgroup_size(${threads})
fn main(@builtin(local_invocation_index) lidx: u32) {
  for (var s = 0i; s < ${p.T}i; s++) {
${loops}
  }
}
`;
  return { name: `${symbol}.recurrence`, wgsl, workgroups: [1, 1, 1] };
}

/** Y_h (and Y_c) from the final state, one thread per unit, in the states' layout; undefined where neither is returned. */
function statesKernel(p: Plan, where: RecurrentBindings, symbol: string): RecurrentKernel | undefined {
  const [, yh, yc] = where.results;
  if (yh === undefined && yc === undefined) return undefined;
  const { B, H, D, U, off, T } = p;
  const at = p.layout === 0 ? 'u' : `((u / ${H}i) % ${B}i * ${D}i + u / ${B * H}i) * ${H}i + u % ${H}i`;
  const body = [
    ...(yh !== undefined ? [`  out${yh}[${at}] = ws.data[${off.h + (T % 2) * U}i + u];`] : []),
    ...(yc !== undefined ? [`  out${yc}[${at}] = ws.data[${off.c}i + u];`] : []),
  ];
  const decls = [...(yh !== undefined ? [decl(`out${yh}`, yh, 'f32')] : []), ...(yc !== undefined ? [decl(`out${yc}`, yc, 'f32')] : []), wsDecl(where.workspace)];
  const groups = Math.ceil(U / STEP_THREADS);
  const wgsl = `// ${symbol}.states: cgc_op.${p.op.opName} final states
${decls.join('\n')}

@compute @workgroup_size(${STEP_THREADS})
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_index) lidx: u32) {
  let u = i32(wg.x * ${STEP_THREADS}u + lidx);
  if (u >= ${U}i) { return; }
${body.join('\n')}
}
`;
  return { name: `${symbol}.states`, wgsl, workgroups: [groups, 1, 1] };
}

// Inside a fused kernel a recurrence cannot be pulled element by element: it runs as its own kernels.
for (const op of Object.keys(CELLS)) {
  generator(op, () => {
    throw new KernelDecline(`cgc_op.${op} runs as its own kernels (an input product and the recurrence), not inside another kernel`);
  });
}
