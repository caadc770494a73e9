// non_zero, compress, non_max_suppression and unique as WebGPU kernels: one invocation that walks
// the input in order and writes the bounded results, zeros past the count, and the count
// (docs/dynamic-shapes.md). Serial on purpose: every result's order depends on every earlier element
// (a scan), and NMS is greedy; these ops sit in post-processing on small tensors.
import { type Operation, type Value, numElements } from '../../ir';
import { KernelBuilder, KernelDecline, generator, literal, storageType } from '../wgsl/builder';
import type { GeneratedKernel } from './gemm-kernel';
import { ctxOf, normAxis } from './helpers';

const OPS = new Set(['non_zero', 'compress', 'non_max_suppression', 'unique']);

export function isDataDependent(op: Operation): boolean {
  return OPS.has(op.opName);
}

/** Where the op's results go: each result's binding, or undefined where the subgraph does not return it. */
export interface ResultBindings {
  readonly results: readonly (number | undefined)[];
  readonly workspace: number;
}

const words = (v: Value): number => (v.type.element === 'int64' ? 2 : 1);

/** Result r's declaration, zero fill and stores (int64 as two words, its high word the sign). */
class Results {
  readonly decls: string[] = [];
  readonly fill: string[] = [];
  constructor(readonly op: Operation, readonly at: ResultBindings) {
    op.results.forEach((v, r) => {
      const b = at.results[r];
      if (b === undefined) return;
      if (!['float32', 'int32', 'int64'].includes(v.type.element)) throw new KernelDecline(`'cgc_op.${op.opName}' writes 32- and 64-bit results only, not !cgc.${v.type.element}`);
      this.decls.push(`@group(0) @binding(${b}) var<storage, read_write> out${b}: array<${v.type.element === 'float32' ? 'f32' : 'i32'}>;`);
      this.fill.push(`  for (var i = 0i; i < ${numElements(v.type.shape) * words(v)}i; i++) { out${b}[i] = ${v.type.element === 'float32' ? '0.0f' : '0i'}; }`);
    });
  }

  /** Stores the i32 `value` at element `index` of int64 (or int32) result r; nothing when it is not returned. */
  int(r: number, index: string, value: string): string {
    const b = this.at.results[r];
    if (b === undefined) return '';
    if (this.op.results[r]!.type.element !== 'int64') return `out${b}[${index}] = ${value};`;
    return `{ let w = ${value}; out${b}[2 * (${index})] = w; out${b}[2 * (${index}) + 1] = w >> 31u; }`;
  }

  /** Copies element `from` of x (argument `arg`, same element type) to element `to` of result r. */
  copy(r: number, arg: number, to: string, from: string): string {
    const b = this.at.results[r];
    if (b === undefined) return '';
    if (this.op.results[r]!.type.element !== 'int64') return `out${b}[${to}] = in${arg}[${from}];`;
    return `out${b}[2 * (${to})] = in${arg}[2 * (${from})]; out${b}[2 * (${to}) + 1] = in${arg}[2 * (${from}) + 1];`;
  }
}

/** Declarations of the op's operands as the builder reads them (in0, in1 …). */
function inputs(b: KernelBuilder): string {
  return b.args.map((a, i) => `@group(0) @binding(${i}) var<storage, read_write> in${i}: array<${storageType(a.type.element)}>;`).join('\n');
}

function kernel(name: string, head: string, body: string[]): GeneratedKernel {
  return { wgsl: `// ${name}\n${head}\n\n@compute @workgroup_size(1)\nfn main() {\n${body.join('\n')}\n}\n`, workgroups: [1, 1, 1] };
}

/** The kernel writing every returned result of a subgraph that is one data-dependent op. */
export function dataDependentKernel(op: Operation, args: readonly Value[], at: ResultBindings, name: string): GeneratedKernel {
  const b = new KernelBuilder(args, new Set([op]), new Map());
  for (const v of op.operands) b.wholeBinding(v);
  const out = new Results(op, at);
  const arg = (i: number) => b.bindingOf(op.operands[i]!);
  const load = (i: number, index: string) => b.load(op.operands[i]!, index).expr;
  const count = op.results.length - 1;
  const head = [inputs(b), ...out.decls].join('\n');
  const ctx = ctxOf(op);
  const x = op.operands[0]!.type.shape;
  switch (op.opName) {
    case 'non_zero': {
      const bound = op.results[0]!.type.shape[1]!;
      const coords = x.map((_, d) => out.int(0, `${d * bound}i + n`, `(i / ${x.slice(d + 1).reduce((p, q) => p * q, 1)}i) % ${x[d]}i`));
      return kernel(`${name}: the coordinates of the non-zero elements of ${x.join('x') || 'a scalar'}`, head, [...out.fill,
        '  var n = 0i;',
        `  for (var i = 0i; i < ${numElements(x)}i; i++) {`,
        `    if (${load(0, 'i')} != ${op.operands[0]!.type.element === 'float32' || op.operands[0]!.type.element === 'float16' ? '0.0f' : '0i'}) {`,
        ...coords.map((c) => `      ${c}`),
        '      n++;',
        '    }',
        '  }',
        `  ${out.int(count, '0i', 'n')}`]);
    }
    case 'compress': {
      const axis = ctx.attributes.has('axis') ? normAxis(ctx.int('axis'), x.length) : undefined;
      const [outer, len, inner] = axis === undefined ? [1, numElements(x), 1] : [numElements(x.slice(0, axis)), x[axis]!, numElements(x.slice(axis + 1))];
      const bound = op.results[0]!.type.shape[axis ?? 0]!;
      const cond = op.operands[1]!.type.shape[0]!;
      return kernel(`${name}: the slices of ${x.join('x')} along ${axis ?? 'the flattened input'} where the condition holds`, head, [...out.fill,
        '  var n = 0i;',
        `  for (var j = 0i; j < ${Math.min(len, cond)}i; j++) {`,
        `    if (${load(1, 'j')} == 0i) { continue; }`,
        `    for (var o = 0i; o < ${outer}i; o++) { for (var i = 0i; i < ${inner}i; i++) {`,
        `      ${out.copy(0, arg(0), `(o * ${bound}i + n) * ${inner}i + i`, `(o * ${len}i + j) * ${inner}i + i`)}`,
        '    } }',
        '    n++;',
        '  }',
        `  ${out.int(count, '0i', 'n')}`]);
    }
    case 'non_max_suppression': return nmsKernel(op, b, out, head, name);
    case 'unique': return uniqueKernel(op, b, out, at, name);
    default: throw new KernelDecline(`no WebGPU kernel for 'cgc_op.${op.opName}'`);
  }
}

/**
 * Greedy NMS per batch and class, as ONNX Runtime's: candidates visited by descending score (ties:
 * lower index first) by finding each time the best one after the last visited, so no sort and no
 * flags; a candidate is kept unless it overlaps a kept box of its class by more than the threshold.
 */
function nmsKernel(op: Operation, b: KernelBuilder, out: Results, head: string, name: string): GeneratedKernel {
  const ctx = ctxOf(op);
  const [batches, classes, count] = op.operands[1]!.type.shape as [number, number, number];
  const perClass = Math.min(Math.max(0, ctx.int('max_output_boxes_per_class')), count);
  const center = ctx.int('center_point_box') === 1;
  const threshold = ctx.attributes.has('score_threshold') ? `s > ${literal(ctx.float('score_threshold'), 'f32')}` : 'true';
  const sel = out.at.results[0];
  if (sel === undefined) throw new KernelDecline('non_max_suppression reads the boxes it kept from its selected indices, which this subgraph does not return');
  const fns = `
fn nms_box(bi: i32, i: i32) -> vec4<f32> {
  let p = ${b.load(op.operands[0]!, `(bi * ${count}i + i) * 4i`).expr};
  let q = ${b.load(op.operands[0]!, `(bi * ${count}i + i) * 4i + 1i`).expr};
  let r = ${b.load(op.operands[0]!, `(bi * ${count}i + i) * 4i + 2i`).expr};
  let s = ${b.load(op.operands[0]!, `(bi * ${count}i + i) * 4i + 3i`).expr};
  ${center ? 'let w = r / 2.0f; let h = s / 2.0f; return vec4<f32>(p - w, q - h, p + w, q + h);' : 'return vec4<f32>(min(q, s), min(p, r), max(q, s), max(p, r));'}
}

fn nms_score(bi: i32, c: i32, i: i32) -> f32 {
  return ${b.load(op.operands[1]!, `(bi * ${classes}i + c) * ${count}i + i`).expr};
}

fn nms_suppresses(a: vec4<f32>, e: vec4<f32>) -> bool {
  let ix0 = max(a.x, e.x); let ix1 = min(a.z, e.z);
  let iy0 = max(a.y, e.y); let iy1 = min(a.w, e.w);
  if (ix1 <= ix0 || iy1 <= iy0) { return false; }
  let inter = (ix1 - ix0) * (iy1 - iy0);
  let area_a = (a.z - a.x) * (a.w - a.y);
  let area_e = (e.z - e.x) * (e.w - e.y);
  let uni = (area_a + area_e) - inter;
  if (inter <= 0.0f || area_a <= 0.0f || area_e <= 0.0f || uni <= 0.0f) { return false; }
  return inter / uni > ${literal(ctx.float('iou_threshold'), 'f32')};
}`;
  const selIndex = (row: string, k: number) => `2 * (3 * (${row}) + ${k})`;
  return kernel(`${name}: non-maximum suppression of ${batches}x${count} boxes in ${classes} classes`, `${head}\n${fns}`, [...out.fill,
    '  var n = 0i;',
    `  for (var bi = 0i; bi < ${batches}i; bi++) { for (var c = 0i; c < ${classes}i; c++) {`,
    '    let start = n;',
    '    var prev_s = 0.0f; var prev_i = -1i;',
    `    for (var step = 0i; step < ${count}i; step++) {`,
    `      if (n - start >= ${perClass}i) { break; }`,
    '      var best = -1i; var best_s = 0.0f;',
    `      for (var i = 0i; i < ${count}i; i++) {`,
    '        let s = nms_score(bi, c, i);',
    `        if (!(${threshold})) { continue; }`,
    '        let after = prev_i < 0i || s < prev_s || (s == prev_s && i > prev_i);',
    '        if (after && (best < 0i || s > best_s)) { best = i; best_s = s; }',
    '      }',
    '      if (best < 0i) { break; }',
    '      prev_s = best_s; prev_i = best;',
    '      let cand = nms_box(bi, best);',
    '      var kept = true;',
    `      for (var k = start; k < n; k++) { if (nms_suppresses(nms_box(bi, out${sel}[${selIndex('k', 2)}]), cand)) { kept = false; break; } }`,
    '      if (!kept) { continue; }',
    `      ${out.int(0, '3 * n', 'bi')} ${out.int(0, '3 * n + 1', 'c')} ${out.int(0, '3 * n + 2', 'best')}`,
    '      n++;',
    '    }',
    '  } }',
    `  ${out.int(1, '0i', 'n')}`]);
}

/**
 * Unique slices: each slice's first occurrence found by comparing with the ones found so far
 * (workspace: each distinct slice's first index, each slice's distinct slice, each distinct slice's
 * rank), ranked by counting the smaller ones when sorted, then every result written.
 */
function uniqueKernel(op: Operation, b: KernelBuilder, out: Results, at: ResultBindings, name: string): GeneratedKernel {
  const ctx = ctxOf(op);
  const xv = op.operands[0]!;
  const x = xv.type.shape;
  const axis = ctx.attributes.has('axis') ? normAxis(ctx.int('axis'), x.length) : undefined;
  const [outer, len, inner] = axis === undefined ? [1, numElements(x), 1] : [numElements(x.slice(0, axis)), x[axis]!, numElements(x.slice(axis + 1))];
  const bound = op.results[0]!.type.shape[axis ?? 0]!;
  const slice = outer * inner;
  const ws = at.workspace;
  const t = xv.type.element === 'float32' || xv.type.element === 'float16' ? 'f32' : 'i32';
  const fns = `@group(0) @binding(${ws}) var<storage, read_write> workspace: array<i32>;

fn uq_at(j: i32, k: i32) -> i32 { return (k / ${inner}i) * ${len * inner}i + j * ${inner}i + k % ${inner}i; }
fn uq_value(e: i32) -> ${t} { return ${b.load(xv, 'e').expr}; }
/** −1, 0 or 1 as slice a sorts before, equal to or after slice c (element by element). */
fn uq_compare(a: i32, c: i32) -> i32 {
  for (var k = 0i; k < ${slice}i; k++) {
    let va = uq_value(uq_at(a, k)); let vc = uq_value(uq_at(c, k));
    if (va < vc) { return -1i; }
    if (va > vc) { return 1i; }
  }
  return 0i;
}`;
  // workspace: [0, len) first index of distinct slice r; [len, 2len) slice j's r; [2len, 3len) r's rank.
  return {
    ...kernel(`${name}: the unique ${axis === undefined ? 'elements' : `slices along axis ${axis}`} of ${x.join('x')}`, `${[inputs(b), ...out.decls].join('\n')}\n${fns}`, [...out.fill,
      '  var n = 0i;',
      `  for (var j = 0i; j < ${len}i; j++) {`,
      '    var r = -1i;',
      '    for (var q = 0i; q < n; q++) { if (uq_compare(workspace[q], j) == 0i) { r = q; break; } }',
      '    if (r < 0i) { workspace[n] = j; r = n; n++; }',
      `    workspace[${len}i + j] = r;`,
      '  }',
      '  for (var r = 0i; r < n; r++) {',
      '    var rank = r;',
      ctx.bool('sorted') ? '    rank = 0i; for (var q = 0i; q < n; q++) { if (uq_compare(workspace[q], workspace[r]) < 0i) { rank++; } }' : '',
      `    workspace[${2 * len}i + r] = rank;`,
      `    ${out.int(1, 'rank', 'workspace[r]')}`,
      `    for (var k = 0i; k < ${slice}i; k++) { ${out.copy(0, b.bindingOf(xv), `(k / ${inner}i) * ${bound * inner}i + rank * ${inner}i + k % ${inner}i`, 'uq_at(workspace[r], k)')} }`,
      '  }',
      `  for (var j = 0i; j < ${len}i; j++) {`,
      `    let u = workspace[${2 * len}i + workspace[${len}i + j]];`,
      `    ${out.int(2, 'j', 'u')}`,
      out.at.results[3] === undefined ? '' : `    out${out.at.results[3]}[${op.results[3]!.type.element === 'int64' ? '2 * u' : 'u'}] += 1i;`,
      '  }',
      `  ${out.int(4, '0i', 'n')}`]),
    workspace: Math.max(4, 3 * len * 4),
  };
}

// The per-op target takes the ops that have a generator; these are planned whole (dataDependentKernel).
for (const op of OPS) {
  generator(op, () => {
    throw new KernelDecline(`${op} is planned as one kernel writing all its results (dataDependentKernel), not per element`);
  });
}
