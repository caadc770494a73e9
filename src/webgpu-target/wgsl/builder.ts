// The kernel builder: a subgraph becomes WGSL by pulling each output's value at the thread's output
// coordinates through its ops. Elementwise ops become expressions; other ops (convolution, pooling,
// data movement, …) are generators that pull their operands at the coordinates they need, so any
// prologue or epilogue of elementwise ops fuses into the same kernel.
import { type ElementType, type Operation, type ShapedType, type Value, numElements, shapeToString, strides } from '../../ir';

/** How a value is computed in WGSL: floats as f32, every integer and bool type as i32. */
export type Scalar = 'f32' | 'i32';

export class KernelDecline extends Error {
  override name = 'KernelDecline';
}

export interface Typed {
  readonly expr: string;
  readonly type: Scalar;
}

/** Code being emitted at one nesting level, with the values already computed there. */
export class Scope {
  readonly lines: string[] = [];
  readonly memo = new Map<string, Typed>();
  constructor(readonly indent: string, readonly parent?: Scope) {}
  emit(line: string): void {
    this.lines.push(this.indent + line);
  }
  child(): Scope {
    return new Scope(this.indent + '  ', this);
  }
}

/** Generates the value of `op`'s result `index` at coordinates `coords` (i32 expressions, one per dim). */
export type Generator = (b: KernelBuilder, op: Operation, coords: readonly string[], scope: Scope, index: number) => Typed;

const GENERATORS = new Map<string, Generator>();

export function generator(op: string, g: Generator): void {
  GENERATORS.set(op, g);
}

export function hasGenerator(op: string): boolean {
  return GENERATORS.has(op);
}

export function computeType(e: ElementType): Scalar {
  if (e === 'float32') return 'f32';
  if (e === 'float16') throw new KernelDecline('float16 tensors need shader-f16 kernels, which this target does not generate');
  return 'i32';
}

/** The WGSL array element type a tensor is stored as (bytes and int64 are viewed as u32 words). */
function storageType(e: ElementType): string {
  return e === 'float32' ? 'f32' : e === 'int32' ? 'i32' : 'u32';
}

export function convert(v: Typed, to: Scalar): string {
  return v.type === to ? v.expr : `${to}(${v.expr})`;
}

export function literal(x: number, type: Scalar): string {
  if (type === 'i32') return `${Math.trunc(x)}i`;
  // WGSL constant expressions cannot hold NaN or infinities: helpers make them at run time.
  if (Number.isNaN(x)) return 'nan_f32()';
  const f = Math.fround(x);
  if (!Number.isFinite(f)) return f > 0 ? 'inf_f32()' : '(-inf_f32())';
  if (f !== 0 && Math.abs(f) < 1.1754943508222875e-38) {
    const view = new DataView(new ArrayBuffer(4));
    view.setFloat32(0, f);
    return `bitcast<f32>(0x${view.getUint32(0).toString(16)}u)`;
  }
  const s = String(f);
  return /[.e]/.test(s) ? `${s}f` : `${s}.0f`;
}

export { strides };

/** Coordinates in `to` (an operand shape) of the element that broadcasts to `coords` in `from`. */
export function broadcastCoords(coords: readonly string[], from: readonly number[], to: readonly number[]): string[] {
  const lead = from.length - to.length;
  if (lead < 0) throw new KernelDecline(`shape ${shapeToString(to)} does not broadcast to ${shapeToString(from)}`);
  return to.map((d, j) => (d === 1 ? '0i' : coords[j + lead]!));
}

export function flatOffset(coords: readonly string[], shape: readonly number[]): string {
  const st = strides(shape);
  const terms = coords.map((c, i) => (shape[i] === 1 ? "" : st[i] === 1 ? `(${c})` : `(${c}) * ${st[i]}i`)).filter((t) => t);
  return terms.length ? terms.join(' + ') : '0i';
}

export class KernelBuilder {
  private tmp = 0;
  private readonly overrides = new Map<Operation, Generator>();
  /** Binding index of each external value: the functional definition's arguments in order, then the output. */
  constructor(readonly args: readonly Value[], readonly inside: ReadonlySet<Operation>) {}

  /** Computes `op` with `g` in this kernel only: a tiled kernel makes its anchor op return the accumulator. */
  override(op: Operation, g: Generator): void {
    this.overrides.set(op, g);
  }

  fresh(prefix = 't'): string {
    return `${prefix}${this.tmp++}`;
  }

  bindingOf(v: Value): number {
    const i = this.args.indexOf(v);
    if (i < 0) throw new KernelDecline('a subgraph value is neither an argument nor computed inside');
    return i;
  }

  /** Loads external value `v` at flat element `offset` (an i32 expression). */
  load(v: Value, offset: string): Typed {
    const name = `in${this.bindingOf(v)}`;
    const e = v.type.element;
    switch (e) {
      case 'float32': return { expr: `${name}[${offset}]`, type: 'f32' };
      case 'int32': return { expr: `${name}[${offset}]`, type: 'i32' };
      case 'int64': return { expr: `bitcast<i32>(${name}[2 * (${offset})])`, type: 'i32' };
      case 'float16': throw new KernelDecline('float16 tensors need shader-f16 kernels, which this target does not generate');
      default: {
        const word = `${name}[(${offset}) >> 2u]`;
        const byte = `((${word} >> (u32((${offset}) & 3) * 8u)) & 0xffu)`;
        if (e === 'int8') return { expr: `((bitcast<i32>(${byte} << 24u)) >> 24u)`, type: 'i32' };
        if (e === 'bool') return { expr: `i32(${byte} != 0u)`, type: 'i32' };
        return { expr: `i32(${byte})`, type: 'i32' };
      }
    }
  }

  /** The value of `v` at `coords` (in `v`'s own shape), emitted into `scope` (memoized there). */
  value(v: Value, coords: readonly string[], scope: Scope): Typed {
    const key = `${idOf(v)}|${coords.join(',')}`;
    for (let s: Scope | undefined = scope; s; s = s.parent) {
      const hit = s.memo.get(key);
      if (hit) return hit;
    }
    let result: Typed;
    const op = v.definingOp;
    if (!op || !this.inside.has(op)) {
      const t = this.load(v, flatOffset(coords, v.type.shape));
      const name = this.fresh('v');
      scope.emit(`let ${name} = ${t.expr};`);
      result = { expr: name, type: t.type };
    } else {
      const g = this.overrides.get(op) ?? GENERATORS.get(op.opName);
      if (!g) throw new KernelDecline(`no WebGPU kernel for 'cgc_op.${op.opName}'`);
      const t = g(this, op, coords, scope, op.results.indexOf(v as never));
      const name = this.fresh('v');
      scope.emit(`let ${name} = ${t.expr};`);
      result = { expr: name, type: t.type };
    }
    scope.memo.set(key, result);
    return result;
  }

  /** `v`'s value at the coordinates of `coords` in `outShape`, broadcast to `v`'s shape. */
  valueBroadcast(v: Value, coords: readonly string[], outShape: readonly number[], scope: Scope): Typed {
    return this.value(v, broadcastCoords(coords, outShape, v.type.shape), scope);
  }
}

const ids = new WeakMap<Value, number>();
let nextId = 0;
function idOf(v: Value): number {
  let i = ids.get(v);
  if (i === undefined) ids.set(v, (i = nextId++));
  return i;
}

export const WORKGROUP_SIZE = 64;

/** A kernel writing every element of `out` (one thread each), its value pulled by `compute`. */
export function elementKernel(b: KernelBuilder, out: Value, outBinding: number, name: string): { wgsl: string; workgroups: [number, number, number] } {
  const type = outputType(out);
  const shape = out.type.shape;
  const total = numElements(shape);
  const scope = new Scope('  ');
  const st = strides(shape);
  const coords = shape.map((_, i) => `c${i}`);
  shape.forEach((d, i) => scope.emit(`let c${i} = ${st[i] === 1 ? 'idx' : `idx / ${st[i]}i`}${i === 0 ? '' : ` % ${d}i`};`));
  const v = b.value(out, coords, scope);
  scope.emit(`out${outBinding}[idx] = ${convert(v, type)};`);
  const groups = Math.max(1, Math.ceil(total / WORKGROUP_SIZE));
  const x = Math.min(groups, 65535);
  const y = Math.ceil(groups / x);
  const wgsl = `// ${name}: ${shapeToString(shape)}
${bindingDecls(b, out, outBinding)}

@compute @workgroup_size(${WORKGROUP_SIZE})
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  let idx = i32((wg.y * ${x}u + wg.x) * ${WORKGROUP_SIZE}u + lid);
  if (idx >= ${total}i) { return; }
${scope.lines.join('\n')}
}
`;
  return { wgsl, workgroups: [x, y, 1] };
}

/** The WGSL type a kernel stores `out` as; other result types are declined. */
export function outputType(out: Value): Scalar {
  if (out.type.element !== 'float32' && out.type.element !== 'int32') {
    throw new KernelDecline(`results of type !cgc.${out.type.element} are not written by WebGPU kernels (float32 and int32 are)`);
  }
  return out.type.element === 'float32' ? 'f32' : 'i32';
}

/** Declarations of every argument (in0…) and of the written result (out<binding>). */
export function bindingDecls(b: KernelBuilder, out: Value, outBinding: number): string {
  // Every binding is read_write storage: several bind points can be ranges of one buffer (scratch),
  // and WebGPU forbids one buffer as read-only and writable storage in the same dispatch.
  const decls = b.args.map((a, i) => `@group(0) @binding(${i}) var<storage, read_write> in${i}: array<${storageType(a.type.element)}>;`);
  decls.push(`@group(0) @binding(${outBinding}) var<storage, read_write> out${outBinding}: array<${outputType(out)}>;`);
  return decls.join('\n');
}

export function typeOfShaped(t: ShapedType): Scalar {
  return computeType(t.element);
}
