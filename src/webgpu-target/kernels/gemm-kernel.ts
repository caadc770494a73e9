// Tiled kernels for subgraphs anchored on a GEMM-shaped op: matmul / gemm / convolution → elementwise
// chain  ⇒  one tiled GEMM whose store pulls the chain (the epilogue) at the product's output coordinates,
// with the anchor overridden to return the accumulator, so every elementwise generator fuses unchanged.
import { type Operation, type Value, numElements, sameShape, shapeToString } from '../../ir';
import { type KernelBuilder, type Scope, type Typed, bindingDecls, convert, elementKernel, flatOffset, outputType, vectorElementKernel } from '../wgsl/builder';
import { ELEMENTWISE_OPS } from './elementwise';
import { size } from '../wgsl/params';
import { ctxOf, normAxis } from './helpers';
import type { SplitK } from '../../core';
import { type ForcedTile, type GemmShape, type RowThreads, chooseTile, gemmMain } from './gemm-core';
import { gemvMain } from './gemv-core';

/** How one anchor op is a batch of products: operand reads, and where product element (batch, m, n) lands. */
export interface GemmProblem extends GemmShape {
  /** As GemmHooks: `hoisted` takes code that depends on m (readA) or n (readB) and batch only, `rows` sums over A's row m. */
  readA(scope: Scope, batch: string, m: string, k: string, hoisted: Scope, rows: RowThreads): string;
  readB(scope: Scope, batch: string, k: string, n: string, hoisted: Scope): string;
  /** Coordinates in the anchor's result of product element (batch, m, n). */
  outCoords(batch: string, m: string, n: string): string[];
  /** Product elements (batch, m, n … n + 3) lie at 4 consecutive offsets of the anchor's result, the first a multiple of 4, wherever n is a multiple of 4 (given N % 4 == 0). */
  readonly runsAlongN?: boolean;
  /** The anchor's value from its accumulator (adding bias, scaling, …) at result coordinates `coords`. */
  finish(acc: string, coords: readonly string[], scope: Scope): Typed;
}

/** Builds the problem for an f32 anchor, or undefined where the op is better served by its direct kernel. */
export type ProblemBuilder = (b: KernelBuilder, op: Operation) => GemmProblem | undefined;

const PROBLEMS = new Map<string, ProblemBuilder>();
const ELEMENTWISE = new Set(ELEMENTWISE_OPS);

export function gemmProblem(op: string, build: ProblemBuilder): void {
  PROBLEMS.set(op, build);
}

/** The problem `op` is, where it has a tiled form (its registered builder's answer). */
export function gemmProblemOf(b: KernelBuilder, op: Operation): GemmProblem | undefined {
  return PROBLEMS.get(op.opName)?.(b, op);
}

/** A generated kernel; `workspace` is the f32 scratch it shares with the next kernel (split-K partials). */
export interface GeneratedKernel {
  readonly wgsl: string;
  readonly workgroups: [number, number, number];
  /** Bytes of kernel workspace, bound at the binding after the kernel's results. */
  readonly workspace?: number;
}

/**
 * The tiled kernel writing `out`, or undefined when its subgraph is not one GEMM-shaped op plus
 * elementwise ops; its tiles fit `workgroupStorage` bytes of workgroup memory, or are the `forced`
 * tile (a benchmark's sweep: matrix-vector products then take the tiled kernel too); `splitK` says where K is split (core/options.ts). With split-K, two
 * kernels: the slices' partial products into a workspace, then one thread per element sums them and
 * applies the anchor's finish and the epilogue.
 */
export function tiledKernel(b: KernelBuilder, out: Value, outBinding: number, name: string, makeBuilder: () => KernelBuilder, workgroupStorage?: number, forced?: ForcedTile, splitK?: SplitK): GeneratedKernel[] | undefined {
  if (out.type.element !== 'float32' && out.type.element !== 'int32') return undefined;
  const anchor = gemmAnchor(b, out);
  const problem = anchor && PROBLEMS.get(anchor.opName)!(b, anchor);
  if (!anchor || !problem) return undefined;
  const type = outputType(out);
  const anchorShape = anchor.results[0]!.type.shape;
  const elements = numElements(anchorShape);
  const wsBinding = outBinding + 1;
  /** Product element (batch, m, n)'s coordinates in the anchor's result, each bound to a name in `scope`. */
  const boundCoords = (scope: Scope, batch: string, m: string, n: string) => problem.outCoords(batch, m, n).map((c) => {
    const v = b.fresh('v');
    scope.emit(`let ${v} = ${c};`);
    return v;
  });
  /** Stores product element (batch, m, n) through the anchor's finish and the epilogue. */
  const store = (scope: Scope, batch: string, m: string, n: string, acc: string) => {
    const coords = boundCoords(scope, batch, m, n);
    const accumulator = b.fresh('acc');
    scope.emit(`let ${accumulator} = ${acc};`);
    b.override(anchor, (_b, _op, at, s) => problem.finish(accumulator, at, s));
    const clamp = b.generic && type === 'f32' ? genericClamp(b, out) : undefined;
    const v = clamp ? clamp.apply(b.value(clamp.input, coords, scope), scope) : b.value(out, coords, scope);
    scope.emit(`out${outBinding}[${flatOffset(coords, out.type.shape)}] = ${convert(v, type)};`);
  };
  // One output column or row: matrix-vector products, one dispatch however long K is.
  const gemv = forced || (problem.N !== 1 && problem.M !== 1) ? undefined : gemvMain(problem, { readA: problem.readA, readB: problem.readB, write: store });
  if (gemv) {
    return [{ wgsl: `// ${name}: ${shapeToString(out.type.shape)} through cgc_op.${anchor.opName}\n${bindingDecls(b, out, outBinding)}\n${gemv.code}`, workgroups: gemv.workgroups }];
  }
  const tile = chooseTile(problem, workgroupStorage, forced, splitK);
  const main = gemmMain(problem, {
    readA: problem.readA,
    readB: problem.readB,
    write(scope, batch, m, n, acc) {
      if (tile.splits === 1) {
        store(scope, batch, m, n, acc);
        return;
      }
      scope.emit(`workspace[split * ${size(elements)} + ${flatOffset(boundCoords(scope, batch, m, n), anchorShape)}] = ${acc};`);
    },
    // Split-K partials land at the anchor's flat offsets; where runs of 4 columns are 4 consecutive
    // words, they are stored as one vec4.
    ...(tile.splits > 1 && problem.runsAlongN ? {
      writeRun(scope: Scope, batch: string, m: string, n: string, acc: string) {
        scope.emit(`workspace4[(split * ${size(elements)} + ${flatOffset(boundCoords(scope, batch, m, n), anchorShape)}) >> 2u] = ${acc};`);
      },
    } : {}),
  }, tile);
  if (!main) return undefined;
  const wsDecl = `@group(0) @binding(${wsBinding}) var<storage, read_write> ${main.runStores ? 'workspace4: array<vec4<f32>>' : 'workspace: array<f32>'};`;
  const gemm = `// ${name}: ${shapeToString(out.type.shape)} through cgc_op.${anchor.opName}
${tile.splits > 1 ? `${bindingDecls(b, out, outBinding)}\n${wsDecl}` : bindingDecls(b, out, outBinding)}
${main.code}`;
  if (tile.splits === 1) return [{ wgsl: gemm, workgroups: main.workgroups }];
  const bytes = tile.splits * elements * 4;
  return [{ wgsl: gemm, workgroups: main.workgroups, workspace: bytes }, { ...sumOfSlices(anchor, out, outBinding, `${name} (sum of ${tile.splits} K slices)`, tile.splits, makeBuilder), workspace: bytes }];
}

/** Clamps a generic epilogue ends in, by the code it reads from its sizes. */
const CLAMPS = { none: 0, relu: 1, relu6: 2 } as const;

/**
 * A first-tier epilogue's last step as code that reads which clamp it is from its sizes: no clamp, a
 * ReLU, or a clip to [0, 6] (ReLU6). The layers of one window and tile with either, or with none,
 * then share one pipeline (ResNet's convolutions with and without their ReLU, MobileNet's with
 * ReLU6 and its projections without). `input` is the value before the clamp (`out` itself for none).
 */
function genericClamp(b: KernelBuilder, out: Value): { input: Value; apply(v: Typed, scope: Scope): Typed } {
  const op = out.definingOp;
  const inside = op !== undefined && b.inside.has(op);
  const ctx = inside ? ctxOf(op) : undefined;
  const kind = !inside ? 'none'
    : op.opName === 'relu' ? 'relu'
      : op.opName === 'clip' && ctx!.float('min') === 0 && ctx!.float('max') === 6 ? 'relu6' : 'none';
  const input = kind === 'none' ? out : op!.operands[0]!;
  return {
    input,
    apply(v, scope) {
      const [pre, relu] = [b.fresh('pre'), b.fresh('relu')];
      const code = size(CLAMPS[kind]);
      scope.emit(`let ${pre} = ${convert(v, 'f32')};`);
      scope.emit(`let ${relu} = max(${pre}, 0.0f);`);
      return { expr: `select(${pre}, select(${relu}, min(${relu}, 6.0f), ${code} == 2i), ${code} != 0i)`, type: 'f32' };
    },
  };
}

/**
 * The kernel that sums a split-K product's slices and applies the anchor's finish and the epilogue,
 * in a fresh builder (the anchor reads its partials, the epilogue pulls as usual): 4 elements per
 * thread, the partials read as vec4, where the element kernel vectorizes; else one per thread.
 */
function sumOfSlices(anchor: Operation, out: Value, outBinding: number, name: string, splits: number, makeBuilder: () => KernelBuilder): { wgsl: string; workgroups: [number, number, number] } {
  const anchorShape = anchor.results[0]!.type.shape;
  const elements = numElements(anchorShape);
  const vb = makeBuilder();
  const vfinish = PROBLEMS.get(anchor.opName)!(vb, anchor)!;
  const vectorized = vectorElementKernel(vb, out, outBinding, name, {
    exempt: new Set([anchor, ...opsFeeding(vb, anchor.operands)]),
    decls: `@group(0) @binding(${outBinding + 1}) var<storage, read_write> workspace: array<vec4<f32>>;`,
    emit(scope, lanes) {
      scope.emit('var sum = vec4<f32>(0.0f);');
      scope.emit(`for (var s = 0i; s < ${size(splits)}; s++) { sum += workspace[s * ${size(elements / 4)} + idx]; }`);
      lanes.forEach((at, j) => {
        const v = vb.fresh('f');
        scope.emit(`let ${v} = ${vfinish.finish(`sum.${'xyzw'[j]}`, at, scope).expr};`);
        vb.preset(anchor.results[0]!, at, scope, { expr: v, type: 'f32' });
      });
    },
  });
  if (vectorized) return vectorized;
  const rb = makeBuilder();
  readSliceSums(rb, anchor, splits);
  const reduce = elementKernel(rb, out, outBinding, name);
  return { wgsl: `${reduce.wgsl}@group(0) @binding(${outBinding + 1}) var<storage, read_write> workspace: array<f32>;\n`, workgroups: reduce.workgroups };
}

/**
 * Makes `anchor` return, at any coordinates of its result, the sum of its `splits` K slices' partial
 * products (the f32 array `workspace`, one result's elements per slice), finished as its problem finishes
 * an accumulator (bias, scaling): the second kernel of a split-K product, whatever it computes from it.
 */
export function readSliceSums(b: KernelBuilder, anchor: Operation, splits: number): void {
  const shape = anchor.results[0]!.type.shape;
  const elements = numElements(shape);
  const finishing = PROBLEMS.get(anchor.opName)!(b, anchor)!;
  b.override(anchor, (_b, _op, at, scope) => {
    const acc = b.fresh('acc');
    const at0 = b.fresh('at');
    scope.emit(`let ${at0} = ${flatOffset(at, shape)};`);
    scope.emit(`var ${acc} = 0.0f;`);
    scope.emit(`for (var s = 0i; s < ${size(splits)}; s++) { ${acc} += workspace[s * ${size(elements)} + ${at0}]; }`);
    return finishing.finish(acc, at, scope);
  });
}

/** The ops inside the kernel that `values` are computed from, directly or through others. */
export function opsFeeding(b: KernelBuilder, values: readonly Value[]): Set<Operation> {
  const found = new Set<Operation>();
  const stack = [...values];
  while (stack.length) {
    const op = stack.pop()!.definingOp;
    if (!op || !b.inside.has(op) || found.has(op)) continue;
    found.add(op);
    stack.push(...op.operands);
  }
  return found;
}

/**
 * Pooling a convolution may read its input through: each pooled value is computed as the input tile
 * is loaded (the @pool_conv_epilogue pattern declares these ops).
 */
export const POOLED_INPUTS: readonly string[] = ['max_pool', 'average_pool'];

/**
 * The one non-elementwise op `out` depends on inside the subgraph (besides a pooling of a
 * convolution's input or a layer normalization of a product's A operand), when it has a tiled form over float32 of `out`'s shape.
 */
function gemmAnchor(b: KernelBuilder, out: Value): Operation | undefined {
  const all = [...heavyOps(b, out)];
  const pooledInput = (op: Operation) => POOLED_INPUTS.includes(op.opName) && all.some((c) => c.opName === 'convolution' && c.operands[0] === op.results[0]);
  // A layer normalization of a product's A operand is its prologue (kernels/norm-prologue.ts).
  const normalizedA = (op: Operation) => op.opName === 'layer_normalization' && all.some((c) => (c.opName === 'matmul' || c.opName === 'gemm') && opsFeeding(b, [c.operands[0]!]).has(op));
  const heavy = all.filter((op) => !pooledInput(op) && !normalizedA(op));
  const [anchor] = heavy;
  if (heavy.length !== 1 || !PROBLEMS.has(anchor!.opName)) return undefined;
  if (![...anchor!.operands, ...anchor!.results].every((v) => v.type.element === 'float32')) return undefined;
  // An epilogue that broadcasts the product to a larger shape would store each product element several times.
  const shape = anchor!.results[0]!.type.shape;
  if (shape.length !== out.type.shape.length || shape.some((d, i) => d !== out.type.shape[i])) return undefined;
  return anchor;
}

/** Ops a kernel reads through element by element (index remapping), as it does elementwise ops. */
const PULLED_VIEWS = new Set(['transpose', 'slice', 'reshape', 'flatten', 'squeeze', 'unsqueeze', 'gather']);

/** The ops other than elementwise ones and views that `out` depends on inside the subgraph. */
export function heavyOps(b: KernelBuilder, out: Value): Set<Operation> {
  return new Set([...opsFeeding(b, [out])].filter((op) => !ELEMENTWISE.has(op.opName) && !PULLED_VIEWS.has(op.opName)));
}

/**
 * The axis of `v` along which consecutive elements lie next to each other in the buffer a kernel reads
 * them from, following the views it reads through (transposes move the axis, slices keep it,
 * reshapes keep a row-major order, scaling by a constant keeps its operand's); undefined where that
 * is not one axis. A buffer is row-major: its last axis longer than 1.
 */
export function innermostAxis(b: KernelBuilder, v: Value): number | undefined {
  const rowMajor = (shape: readonly number[]) => {
    for (let i = shape.length - 1; i >= 0; i--) if (shape[i] !== 1) return i;
    return undefined;
  };
  const op = v.definingOp;
  if (!op || !b.inside.has(op)) return rowMajor(v.type.shape);
  const [source] = op.operands;
  switch (op.opName) {
    case 'transpose': {
      const inner = innermostAxis(b, source!);
      const i = ctxOf(op).ints('permutation').indexOf(inner ?? -1);
      return i < 0 ? undefined : i;
    }
    case 'slice': case 'layer_normalization':
      return innermostAxis(b, source!);
    case 'gather': {
      // Scalar indices drop the gathered axis; others put index dimensions in its place.
      const axis = normAxis(ctxOf(op).int('axis'), source!.type.shape.length);
      const inner = innermostAxis(b, source!);
      if (op.operands[1]!.type.shape.length !== 0 || inner === undefined || inner === axis) return undefined;
      return inner > axis ? inner - 1 : inner;
    }
    case 'reshape': case 'flatten': case 'squeeze': case 'unsqueeze':
      return innermostAxis(b, source!) === rowMajor(source!.type.shape) ? rowMajor(v.type.shape) : undefined;
    case 'mul': case 'div': {
      const same = op.operands.filter((o) => sameShape(o.type.shape, v.type.shape));
      return same.length === 1 && op.operands.every((o) => o === same[0] || numElements(o.type.shape) === 1) ? innermostAxis(b, same[0]!) : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * Coordinates of flat index `flat` in `shape` (i32 expressions); with `sized`, the divisors are size
 * parameters (for index math done once per thread, not per element of a loop); `generic` also
 * divides by extents of 1, so that the code depends on the rank only (a first-tier kernel).
 */
export function unflatten(flat: string, shape: readonly number[], sized: boolean | 'generic' = false): string[] {
  const n = (x: number) => (sized ? size(x) : `${x}i`);
  let stride = 1;
  const out: string[] = [];
  for (let i = shape.length - 1; i >= 0; i--) {
    // Generic code divides by every extent, 1 included: its text then depends on the rank only.
    const q = stride === 1 && sized !== 'generic' ? flat : `(${flat}) / ${n(stride)}`;
    out.unshift(shape[i] === 1 && sized !== 'generic' ? '0i' : i === 0 ? q : `(${q}) % ${n(shape[i]!)}`);
    stride *= shape[i]!;
  }
  return out;
}
