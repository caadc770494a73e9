// The kernel builder: a subgraph becomes WGSL by pulling each output's value at the thread's output
// coordinates through its ops. Elementwise ops become expressions; other ops (convolution, pooling,
// data movement, …) are generators that pull their operands at the coordinates they need, so any
// prologue or epilogue of elementwise ops fuses into the same kernel.
//
// Storage vs. compute: float32 and int32 are stored as themselves; float16 is stored two halves to a
// u32 word and computed in f32, every op's float16 result rounded to half (nearest-even, as the CPU
// reference rounds); int8, uint8 and bool are stored four to a word, int16 and uint16 two to a word,
// and computed in i32, every op's result wrapped to its type; uint32 is stored and computed as its 32
// bits in i32 (ring arithmetic is the same; the ops where signedness matters read the bits as u32, and
// the targets decline the others); int64 is stored as two words and computed in i32 (its low word), so
// int64 tensors must hold values in the int32 range (the runtime checks what it uploads) and only
// ops that cannot leave that range may produce them (the targets decline the others).
import { CgcError, objectIds } from '../../core';
import { type ElementType, type Operation, type Value, getOpDef, numElements, shapeToString, strides, typeToString } from '../../ir';
import { size as sizeParam } from './params';

/** How a value is computed in WGSL: floats (float32, float16) as f32, every integer and bool type as i32. */
export type Scalar = 'f32' | 'i32';

export class KernelDecline extends CgcError {
  override name = 'KernelDecline';
  constructor(message: string) {
    super('unsupported', message);
  }
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

export function scalarOf(e: ElementType): Scalar {
  return e === 'float32' || e === 'float16' ? 'f32' : 'i32';
}

/** The WGSL array element type a tensor is stored as (halves, 16-bit integers, bytes and int64 are viewed as 32-bit words; uint32 as its bits). */
export function storageType(e: ElementType): string {
  return e === 'float32' ? 'f32' : e === 'int32' || e === 'int64' || e === 'uint32' ? 'i32' : 'u32';
}

/** Elements packed into one u32 word of storage: 2 halves or 16-bit integers, 4 bytes; 1 for 32- and 64-bit types. */
export function perWord(e: ElementType): number {
  return e === 'float16' || e === 'int16' || e === 'uint16' ? 2 : e === 'int8' || e === 'uint8' || e === 'bool' ? 4 : 1;
}

/**
 * `t`, computed by an op whose result is `e`, as the stored value would read back: float16 rounded to
 * half, int8 / uint8 / int16 / uint16 wrapped, bool as 0 / 1 (float32, int32, uint32 and int64 —
 * computed in i32 — as they are).
 */
function narrowed(t: Typed, e: ElementType): Typed {
  switch (e) {
    case 'float16': return { expr: `round_half(${convert(t, 'f32')})`, type: 'f32' };
    case 'int8': return { expr: `((${convert(t, 'i32')} << 24u) >> 24u)`, type: 'i32' };
    case 'uint8': return { expr: `(${convert(t, 'i32')} & 255i)`, type: 'i32' };
    case 'int16': return { expr: `((${convert(t, 'i32')} << 16u) >> 16u)`, type: 'i32' };
    case 'uint16': return { expr: `(${convert(t, 'i32')} & 65535i)`, type: 'i32' };
    case 'bool': return { expr: t.type === 'f32' ? `i32(${t.expr} != 0.0f)` : `i32(${t.expr} != 0i)`, type: 'i32' };
    default: return t;
  }
}

export function convert(v: Typed, to: Scalar): string {
  return v.type === to ? v.expr : `${to}(${v.expr})`;
}

export function literal(x: number, type: Scalar): string {
  // A uint32 value past the int32 range is held as its bits.
  if (type === 'i32') return Math.trunc(x) > 2147483647 ? `bitcast<i32>(${Math.trunc(x)}u)` : `${Math.trunc(x)}i`;
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
  // Strides are size parameters: a multiply by a uniform costs what one by a literal does.
  const terms = coords.map((c, i) => (shape[i] === 1 ? "" : st[i] === 1 ? `(${c})` : `(${c}) * ${sizeParam(st[i]!)}`)).filter((t) => t);
  return terms.length ? terms.join(' + ') : '0i';
}

/**
 * An argument bound as several ranges of its buffer, each within maxStorageBufferBindingSize (a weight
 * larger than one binding may view): pieces of `words` 32-bit words, at `bindings` (the first the
 * argument's own binding). Kernels read it through `in<i>_at(word)`, which picks the piece.
 */
export interface Pieces {
  readonly words: number;
  readonly bindings: readonly number[];
}

/** WGSL's predeclared type names that a prefix and a counter can spell. */
const WGSL_TYPE_NAMES = /^(?:[iuf]32|f16|vec[234][iufh]?|mat[234]x[234][fh]?)$/;

export class KernelBuilder {
  private tmp = 0;
  private readonly overrides = new Map<Operation, Generator>();
  /** The pieced arguments this kernel has read: their pieces and `in<i>_at` are declared. */
  readonly piecesRead = new Set<number>();
  /**
   * Binding index of each external value: the functional definition's arguments in order, then the
   * output. `generic`: a first-tier kernel (KernelOptions.generic), whose code depends on as few
   * sizes as it can — a convolution's window read from sizes, GENERIC_WORKGROUP threads per element
   * workgroup — so that more layers share its pipeline.
   */
  constructor(readonly args: readonly Value[], readonly inside: ReadonlySet<Operation>, readonly pieces: ReadonlyMap<number, Pieces> = new Map(), readonly generic = false) {}

  /** Computes `op` with `g` in this kernel only: a tiled kernel makes its anchor op return the accumulator. */
  override(op: Operation, g: Generator): void {
    this.overrides.set(op, g);
  }

  fresh(prefix = 't'): string {
    let name = `${prefix}${this.tmp++}`;
    // `i` + 32 would shadow the type i32 (then `bitcast<i32>` no longer names a type).
    while (WGSL_TYPE_NAMES.test(name)) name = `${prefix}${this.tmp++}`;
    return name;
  }

  bindingOf(v: Value): number {
    const i = this.args.indexOf(v);
    if (i < 0) throw new KernelDecline('a subgraph value is neither an argument nor computed inside');
    return i;
  }

  /** The binding of argument `v` for a kernel that indexes its array itself (not through `load`): never a pieced one. */
  wholeBinding(v: Value): number {
    const i = this.bindingOf(v);
    if (this.pieces.has(i)) throw new KernelDecline(`${typeToString(v.type)} is bound in ${this.pieces.get(i)!.bindings.length} pieces (past maxStorageBufferBindingSize), which this kernel does not read`);
    return i;
  }

  /** Arguments a vectorized kernel declares as vec4 arrays: every element it reads is memoized from a vec4 load. */
  readonly vectorArgs = new Set<number>();

  /** Loads external value `v` at flat element `offset` (an i32 expression). */
  load(v: Value, offset: string): Typed {
    const i = this.bindingOf(v);
    if (this.vectorArgs.has(i)) throw new NotVectorizable();
    const name = `in${i}`;
    if (this.pieces.has(i)) this.piecesRead.add(i);
    /** The 32-bit word at index `w` (an i32 expression). */
    const at = (w: string) => (this.pieces.has(i) ? `${name}_at(${w})` : `${name}[${w}]`);
    const e = v.type.element;
    switch (e) {
      case 'float32': return { expr: at(offset), type: 'f32' };
      case 'int32': case 'uint32': return { expr: at(offset), type: 'i32' };
      case 'int64': return { expr: at(`2 * (${offset})`), type: 'i32' };
      case 'float16': return { expr: `half_to_f32(${at(`(${offset}) >> 1u`)} >> (u32((${offset}) & 1) * 16u))`, type: 'f32' };
      case 'int16': case 'uint16': {
        const half = `((${at(`(${offset}) >> 1u`)} >> (u32((${offset}) & 1) * 16u)) & 0xffffu)`;
        return { expr: e === 'int16' ? `((bitcast<i32>(${half} << 16u)) >> 16u)` : `i32(${half})`, type: 'i32' };
      }
      default: {
        const word = at(`(${offset}) >> 2u`);
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
      const t = narrowed(g(this, op, coords, scope, op.results.indexOf(v as never)), v.type.element);
      const name = this.fresh('v');
      scope.emit(`let ${name} = ${t.expr};`);
      result = { expr: name, type: t.type };
    }
    scope.memo.set(key, result);
    return result;
  }

  /**
   * Makes `v`'s value at `coords` the already computed `value` for reads in `scope` and its children,
   * also where a read names a size-1 dimension's coordinate as 0 (as broadcasting reads do).
   */
  preset(v: Value, coords: readonly string[], scope: Scope, value: Typed): void {
    scope.memo.set(`${idOf(v)}|${coords.join(',')}`, value);
    scope.memo.set(`${idOf(v)}|${coords.map((c, i) => (v.type.shape[i] === 1 ? '0i' : c)).join(',')}`, value);
  }

  /** `v`'s value at the coordinates of `coords` in `outShape`, broadcast to `v`'s shape. */
  valueBroadcast(v: Value, coords: readonly string[], outShape: readonly number[], scope: Scope): Typed {
    return this.value(v, broadcastCoords(coords, outShape, v.type.shape), scope);
  }
}

/** A number naming a value for as long as it lives. */
const idOf = objectIds<Value>();

/**
 * Threads per workgroup of an element kernel: 256 from LARGE_GRID threads on, 64 below. Large grids
 * of 64-thread workgroups run at half the bandwidth (H200, vec4 over 16M f32, 20 dispatches per
 * pass: copy 1638 GB/s at 64 against 3927 at 256, add 2303 against 4111); small ones spread over more
 * of the GPU's cores at 64.
 */
export function elementWorkgroup(threads: number, generic = false): number {
  return generic || threads >= LARGE_GRID ? GENERIC_WORKGROUP : 64;
}
const LARGE_GRID = 65_536;
/** Threads per workgroup of every element kernel of the first tier, whatever its size: one pipeline for all sizes. */
const GENERIC_WORKGROUP = 256;

/** A vectorized element kernel met a read it did not plan as a vec4 component: the scalar kernel is used. */
class NotVectorizable extends Error {}

/**
 * Values a vectorized kernel computes before pulling its result, 4 at a time: `emit` writes their
 * code for thread `idx` (elements 4·idx … 4·idx + 3, at the lanes' coordinates) and presets them
 * (KernelBuilder.preset), so the `exempt` ops that would compute them are never generated.
 */
export interface VectorPreset {
  readonly exempt: ReadonlySet<Operation>;
  /** Declarations the emitted code needs, after the bindings. */
  readonly decls: string;
  emit(scope: Scope, lanes: readonly (readonly string[])[]): void;
}

/**
 * A float32 or int32 result of elementwise ops only (and ops a `preset` computes), with a multiple of
 * 4 elements: each thread computes 4 adjacent elements, reading every operand that runs along the
 * result's innermost dimension as one vec4 (operands broadcast along it are read as scalars) and
 * storing one vec4. Undefined where that does not apply, and in a first-tier kernel (one element per
 * thread: whether a size is a multiple of 4 must not split a kernel's family).
 */
export function vectorElementKernel(b: KernelBuilder, out: Value, outBinding: number, name: string, preset?: VectorPreset): { wgsl: string; workgroups: [number, number, number] } | undefined {
  const element = out.type.element;
  const shape = out.type.shape;
  const total = numElements(shape);
  const rank = shape.length;
  if (b.generic || (element !== 'float32' && element !== 'int32') || total % 4 !== 0 || rank === 0) return undefined;
  if ([...b.inside].some((op) => !preset?.exempt.has(op) && !getOpDef(op.opName)?.traits.includes('elementwise'))) return undefined;
  const last = shape[rank - 1]!;
  const scope = new Scope('  ');
  // Lane j computes element 4·idx + j. With the innermost dimension a multiple of 4, the lanes share
  // their outer coordinates; otherwise each lane has its own.
  const lanes: string[][] = [];
  for (let j = 0; j < 4; j++) {
    if (last % 4 === 0 && j > 0) {
      scope.emit(`let c${j}_${rank - 1} = c0_${rank - 1} + ${j}i;`);
      lanes.push([...lanes[0]!.slice(0, -1), `c${j}_${rank - 1}`]);
      continue;
    }
    lanes.push(flatCoords(scope, shape, `(idx * 4i + ${j}i)`, `${j}_`));
  }
  const vectors: number[] = [];
  b.args.forEach((v, a) => {
    const vs = v.type.shape;
    const along = vs.length > 0 && vs[vs.length - 1] === last && last > 1;
    const same = numElements(vs) === total && vs.length <= rank && vs.every((d, i) => d === shape[rank - vs.length + i]);
    if ((v.type.element !== 'float32' && v.type.element !== 'int32') || !along || (last % 4 !== 0 && !same) || b.pieces.has(a)) return;
    const at = same ? 'idx' : `(${flatOffset(broadcastCoords(lanes[0]!, shape, vs), vs)}) / 4i`;
    scope.emit(`let q${a} = in${a}[${at}];`);
    lanes.forEach((coords, j) => scope.memo.set(`${idOf(v)}|${broadcastCoords(coords, shape, vs).join(',')}`, { expr: `q${a}.${'xyzw'[j]}`, type: scalarOf(v.type.element) }));
    vectors.push(a);
  });
  for (const a of vectors) b.vectorArgs.add(a);
  try {
    preset?.emit(scope, lanes);
    const values = lanes.map((coords) => convert(b.value(out, coords, scope), outputType(out)));
    scope.emit(`out${outBinding}[idx] = vec4<${outputType(out)}>(${values.join(', ')});`);
    // Operands planned as vec4 but never read (a split-K sum's convolution input) are neither loaded
    // nor declared as vec4: the kernel then depends only on what it reads.
    for (const a of [...vectors]) {
      const load = `  let q${a} = `;
      if (scope.lines.some((l) => !l.startsWith(load) && l.includes(`q${a}.`))) continue;
      scope.lines.splice(scope.lines.findIndex((l) => l.startsWith(load)), 1);
      vectors.splice(vectors.indexOf(a), 1);
    }
  } catch (e) {
    if (e instanceof NotVectorizable) return undefined;
    throw e;
  } finally {
    b.vectorArgs.clear();
  }
  const decls = `${bindingDecls(b, out, outBinding, new Set(vectors))}${preset ? `\n${preset.decls}` : ''}`;
  return threadKernel(`// ${name}: ${shapeToString(shape)} (4 elements per thread, as vec4)\n${decls}`, total / 4, scope, b.generic);
}

/** The slice `lo ≤ coordinate < hi` of a result along `axis`: what one of several kernels writing it covers. */
export interface Region {
  readonly axis: number;
  readonly lo: number;
  readonly hi: number;
}

/**
 * A kernel writing every element of `out` (or of its `region`), its value pulled through the
 * subgraph: one thread per element, or per u32 word where elements are packed (float16, int16, uint16:
 * 2, int8 / uint8 / bool: 4), the thread then computing each element of its word. int64 is written as two
 * words, the value sign-extended. A region's runs of elements must start on word boundaries (the
 * caller's check): a word is then written by one thread of one kernel.
 */
export function elementKernel(b: KernelBuilder, out: Value, outBinding: number, name: string, region?: Region): { wgsl: string; workgroups: [number, number, number] } {
  const vectorized = region ? undefined : vectorElementKernel(b, out, outBinding, name);
  if (vectorized) return vectorized;
  const element = out.type.element;
  const full = out.type.shape;
  const shape = region ? full.map((d, i) => (i === region.axis ? region.hi - region.lo : d)) : full;
  const total = numElements(shape);
  const pack = perWord(element);
  const threads = Math.ceil(total / pack);
  const scope = new Scope('  ');
  /** The coordinates in `out` of the covered part's flat element `idx`, emitted into `s`. */
  const coordsAt = (s: Scope, idx: string, tag: string): string[] => {
    const c = flatCoords(s, shape, idx, tag);
    return region && region.lo !== 0 ? c.map((x, i) => (i === region.axis ? `(${x} + ${region.lo}i)` : x)) : c;
  };
  const valueAt = (s: Scope, idx: string, tag: string): Typed => b.value(out, coordsAt(s, idx, tag), s);
  // Where the thread writes: its own index, or (in a region) the word of `out` holding its first element.
  let at = 'idx';
  if (region && pack > 1) {
    scope.emit(`let at = (${flatOffset(coordsAt(scope, `idx * ${pack}i`, 'a'), full)}) / ${pack}i;`);
    at = 'at';
  }
  if (pack === 1) {
    const coords = coordsAt(scope, 'idx', '');
    if (region) {
      scope.emit(`let at = ${flatOffset(coords, full)};`);
      at = 'at';
    }
    const v = b.value(out, coords, scope);
    if (element === 'int64') {
      const low = b.fresh('w');
      scope.emit(`let ${low} = ${convert(v, 'i32')};`);
      scope.emit(`out${outBinding}[2 * ${at}] = ${low};`);
      scope.emit(`out${outBinding}[2 * ${at} + 1] = ${low} >> 31u;`);
    } else {
      scope.emit(`out${outBinding}[${at}] = ${convert(v, outputType(out))};`);
    }
  } else {
    scope.emit('var word = 0u;');
    for (let j = 0; j < pack; j++) {
      const inner = scope.child();
      const v = valueAt(inner, `e${j}`, `${j}_`);
      const bits = element === 'float16' ? `f32_to_half(${convert(v, 'f32')})` : `(u32(${convert(v, 'i32')}) & ${pack === 2 ? '0xffffu' : '0xffu'})`;
      inner.emit(`word = word | (${bits} << ${(32 / pack) * j}u);`);
      scope.emit(`let e${j} = idx * ${pack}i + ${j}i;`);
      scope.emit(`if (e${j} < ${sizeParam(total)}) {`);
      scope.lines.push(...inner.lines);
      scope.emit('}');
    }
    scope.emit(`out${outBinding}[${at}] = word;`);
  }
  const covers = region ? ` [${region.lo}, ${region.hi}) along axis ${region.axis}` : '';
  return threadKernel(`// ${name}: ${shapeToString(full)}${covers}${pack > 1 ? ` (${pack} elements per thread, packed in one word)` : ''}\n${bindingDecls(b, out, outBinding)}`, threads, scope, b.generic);
}

/** Coordinates in `shape` of flat element `idx` (an i32 expression), emitted into `scope` as c<tag>0, c<tag>1, …. */
function flatCoords(scope: Scope, shape: readonly number[], idx: string, tag: string): string[] {
  const st = strides(shape);
  return shape.map((d, i) => {
    scope.emit(`let c${tag}${i} = ${st[i] === 1 ? idx : `${idx} / ${sizeParam(st[i]!)}`}${i === 0 ? '' : ` % ${sizeParam(d)}`};`);
    return `c${tag}${i}`;
  });
}

/** A kernel of `threads` threads (thread `idx`, an i32), elementWorkgroup(threads, generic) per workgroup on a 2-D grid, running `body` after `head` (comment and bindings). */
export function threadKernel(head: string, threads: number, body: Scope, generic = false): { wgsl: string; workgroups: [number, number, number] } {
  const size = elementWorkgroup(threads, generic);
  const groups = Math.max(1, Math.ceil(threads / size));
  const x = Math.min(groups, 65535);
  const y = Math.ceil(groups / x);
  const wgsl = `${head}

@compute @workgroup_size(${size})
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  let idx = (i32(wg.y) * ${sizeParam(x)} + i32(wg.x)) * ${size}i + i32(lid);
  if (idx >= ${sizeParam(threads)}) { return; }
${body.lines.join('\n')}
}
`;
  return { wgsl, workgroups: [x, y, 1] };
}

/** The WGSL type a kernel stores `out` as, one element per array entry: float32, int32 and uint32 (its bits; tiled kernels write only these). */
export function outputType(out: Value): Scalar {
  if (out.type.element !== 'float32' && out.type.element !== 'int32' && out.type.element !== 'uint32') {
    throw new KernelDecline(`results of type !cgc.${out.type.element} are written by element kernels only`);
  }
  return out.type.element === 'float32' ? 'f32' : 'i32';
}

/** Declarations of every argument (in0…) and of the written result (out<binding>); with `vectors`, those arguments and the result as vec4 arrays. */
export function bindingDecls(b: KernelBuilder, out: Value, outBinding: number, vectors?: ReadonlySet<number>): string {
  // Every binding is read_write storage: several bind points can be ranges of one buffer (scratch),
  // and WebGPU forbids one buffer as read-only and writable storage in the same dispatch.
  const decls = b.args.map((a, i) => {
    const pieces = b.pieces.get(i);
    return pieces && b.piecesRead.has(i) ? piecedDecl(i, a.type.element, pieces) : storageDecl(`in${i}`, i, a.type.element, vectors?.has(i) ?? false);
  });
  decls.push(outputDecl(out, outBinding, vectors !== undefined));
  return decls.join('\n');
}

/** A pieced argument's bindings and `in<i>_at(w)`, its word `w` from the piece holding it. */
function piecedDecl(i: number, e: ElementType, { words, bindings }: Pieces): string {
  const name = (k: number) => (k === 0 ? `in${i}` : `in${i}_${k}`);
  const reads = bindings.map((_, k) => {
    const read = `return ${name(k)}[${k === 0 ? 'w' : `w - ${k * words}i`}];`;
    return k === bindings.length - 1 ? `  ${read}` : `  if (w < ${(k + 1) * words}i) { ${read} }`;
  });
  return [...bindings.map((binding, k) => storageDecl(name(k), binding, e, false)), `fn in${i}_at(w: i32) -> ${storageType(e)} {`, ...reads, '}'].join('\n');
}

/** The declaration of a result a kernel writes (`out<binding>`): bindingDecls' first, or another after it. */
export function outputDecl(out: Value, binding: number, vec = false): string {
  return storageDecl(`out${binding}`, binding, out.type.element, vec);
}

function storageDecl(name: string, binding: number, e: ElementType, vec: boolean): string {
  return `@group(0) @binding(${binding}) var<storage, read_write> ${name}: array<${vec ? `vec4<${storageType(e)}>` : storageType(e)}>;`;
}
