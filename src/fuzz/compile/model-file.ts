// A compile-fuzz model file: CGC Input IR text whose header comments say how to fill its inputs and
// constants — a seed for all of them, and a range or exact values for the ones an op needs in a
// domain (divisors, log's operand, in-range indices). The file alone replays a finding.
import { type ElementType, type HostTensor, type ShapedType, allocTensor, floatToBfloat16, floatToHalf, numElements } from '../../core';
import { seededRandom } from '../../reference/random';

/** How a leaf (an entry-point argument or a constant) is filled: ~N(0, 1) floats and small integers by default. */
export type Fill =
  | { readonly kind: 'range'; readonly lo: number; readonly hi: number }
  | { readonly kind: 'values'; readonly values: readonly number[] };

export interface FuzzModelHeader {
  readonly seed: number;
  /** By leaf name (without `%`). */
  readonly fills: ReadonlyMap<string, Fill>;
}

const SEED_LINE = /^\/\/ fuzz-seed: (\d+)$/m;
const FILL_LINE = /^\/\/ fuzz-fill: %([A-Za-z0-9_]+) (range|values) ([-\d. e+]+)$/gm;

export function writeHeader(h: FuzzModelHeader): string {
  const lines = [
    '// A model made by the compile fuzzer (npm run fuzz -- --target compile): run on WebGPU and on the CPU',
    '// reference and compared. Inputs and constants are drawn from fuzz-seed; fuzz-fill lines fix some.',
    `// fuzz-seed: ${h.seed}`,
  ];
  for (const [name, f] of h.fills) {
    lines.push(`// fuzz-fill: %${name} ${f.kind} ${f.kind === 'range' ? `${f.lo} ${f.hi}` : f.values.join(' ')}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The header of a model file; a file without one is filled from seed 1. */
export function readHeader(text: string): FuzzModelHeader {
  const seed = Number(SEED_LINE.exec(text)?.[1] ?? 1);
  const fills = new Map<string, Fill>();
  for (const m of text.matchAll(FILL_LINE)) {
    const nums = m[3]!.trim().split(/\s+/).map(Number);
    fills.set(m[1]!, m[2] === 'range' ? { kind: 'range', lo: nums[0]!, hi: nums[1]! } : { kind: 'values', values: nums });
  }
  return { seed, fills };
}

/** Default integer ranges: small, so that sums and products stay far inside int32 (WGSL computes int64 as int32). */
function defaultRange(e: ElementType): [number, number] {
  return e === 'uint8' || e === 'uint16' || e === 'uint32' || e === 'uint64' ? [0, 8] : e === 'bool' ? [0, 2] : [-4, 5];
}

/**
 * Leaf `name`'s tensor: its fill's values (cycled), or drawn from a stream seeded by the file's seed
 * and the name, so that adding a leaf leaves the others' values unchanged.
 */
export function leafTensor(name: string, type: ShapedType, header: FuzzModelHeader): HostTensor {
  const t = allocTensor(type.shape, type.element);
  const n = numElements(type.shape);
  const fill = header.fills.get(name);
  let h = header.seed >>> 0;
  for (const c of name) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
  const next = seededRandom(h);
  const float = type.element === 'float32' || type.element === 'float16' || type.element === 'float64' || type.element === 'bfloat16';
  const draw = (): number => {
    if (fill?.kind === 'range') return float ? fill.lo + next() * (fill.hi - fill.lo) : fill.lo + Math.floor(next() * (fill.hi - fill.lo));
    if (float) return Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
    const [lo, hi] = defaultRange(type.element);
    return lo + Math.floor(next() * (hi - lo));
  };
  for (let i = 0; i < n; i++) {
    const v = fill?.kind === 'values' ? fill.values[i % fill.values.length]! : draw();
    if (type.element === 'float16') (t.data as Uint16Array)[i] = floatToHalf(Math.fround(v));
    else if (type.element === 'bfloat16') (t.data as Uint16Array)[i] = floatToBfloat16(Math.fround(v));
    else if (t.data instanceof BigInt64Array) t.data[i] = BigInt(v);
    else if (t.data instanceof BigUint64Array) t.data[i] = BigInt.asUintN(64, BigInt(v));
    else (t.data as Float32Array)[i] = v;
  }
  return t;
}
